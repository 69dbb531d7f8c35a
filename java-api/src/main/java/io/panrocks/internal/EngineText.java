package io.panrocks.internal;

import io.panrocks.RocksDBException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * Text the engine writes into a caller's buffer and reports the full size
 * of (a property, the running options, the DB's identity): read into the
 * thread's frame buffer, and once more into a buffer of that size if it was
 * larger. Inside a call entered on {@code c}.
 */
public final class EngineText {
    private EngineText() {
    }

    /** A call that writes text into {@code buffer} (up to capacity bytes) and its full size into {@code c.size}. */
    public interface Call {
        int call(MemorySegment buffer, long capacity);
    }

    /**
     * The text, as UTF-8.
     *
     * @param c the call's context; its {@code size} receives the text's size
     * @param absent the status that means "no such text" ({@code null} comes back), or 0 for none
     */
    public static String read(CallContext c, int absent, Call call) throws RocksDBException {
        CallContext.Frame f = c.frame();
        MemorySegment buffer = f.buffer();
        int rc = call.call(buffer, buffer.byteSize());
        if (absent != 0 && rc == absent) return null;
        if (rc != 0) throw c.failure(rc);
        long size = c.size.get(ValueLayout.JAVA_LONG, 0);
        if (size > buffer.byteSize()) {
            buffer = f.buffer(size);
            rc = call.call(buffer, buffer.byteSize());
            if (rc != 0) throw c.failure(rc);
            size = Math.min(c.size.get(ValueLayout.JAVA_LONG, 0), buffer.byteSize());
        }
        return new String(buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }
}
