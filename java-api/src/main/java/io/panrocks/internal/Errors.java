package io.panrocks.internal;

import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.internal.ffi.panrocks_error;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/** Turns a status and the error record a call filled into an exception. */
public final class Errors {
    private Errors() {
    }

    public static RocksDBException toException(int rc, MemorySegment error) {
        if (panrocks_error.code(error) != rc) {
            // a status returned without filling the record (a miss, say)
            return new RocksDBException(new Status(Status.Code.of(rc), Status.SubCode.None,
                    Status.Severity.NoError, ""));
        }
        RocksDBException e = new RocksDBException(new Status(Status.Code.of(rc),
                Status.SubCode.of(panrocks_error.subcode(error)),
                Status.Severity.of(panrocks_error.severity(error)),
                message(error)));
        panrocks_error.code(error, 0); // never mistaken for the next call's record
        return e;
    }

    /**
     * What a downcall threw, as it was meant: the generated bindings wrap
     * anything a downcall throws in {@code AssertionError("should not reach
     * here")}, whether the linker refused a segment (closed since it was
     * checked: IllegalStateException, WrongThreadException) or the call ran
     * out of stack (StackOverflowError). Unwrapped, or rethrown as is.
     */
    public static RuntimeException fromBinding(AssertionError e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException re) return re;
        if (cause instanceof Error er && !(cause instanceof AssertionError)) throw er;
        throw e;
    }

    /**
     * What a downcall handle invoked directly threw ({@code invokeExact}
     * declares Throwable): the linker's refusal of a segment closed since it
     * was checked, or an Error such as StackOverflowError, rethrown as is.
     * Such a call is made where a segment of the caller's buffer must not
     * leave the method that made it (see BufferSegments), so it cannot go through
     * the generated wrapper.
     */
    public static RuntimeException fromDowncall(Throwable t) {
        if (t instanceof RuntimeException re) return re;
        if (t instanceof Error er) throw er;
        throw new AssertionError("a downcall threw a checked exception", t);
    }

    static String message(MemorySegment error) {
        MemorySegment message = panrocks_error.message(error);
        long full = Integer.toUnsignedLong(panrocks_error.message_length(error));
        int length = (int) Math.min(full, message.byteSize() - 1);
        byte[] bytes = new byte[Math.max(length, 0)];
        MemorySegment.copy(message, ValueLayout.JAVA_BYTE, 0, bytes, 0, bytes.length);
        String text = new String(bytes, StandardCharsets.UTF_8);
        return full > length ? text + "..." : text;
    }
}
