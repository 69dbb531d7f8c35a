package io.panrocks.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * malloc/free for panrocks' own native scratch.
 *
 * <p>Why not an {@code Arena}: scratch is handed to a downcall on every
 * read, and a segment of a shared arena is acquired and released (an atomic
 * update of the arena's counter) on each such call. Segments made here have
 * the global scope, which costs nothing to pass; their lifetime is managed
 * by their single owner ({@link CallContext}, {@link NativeDb}), which frees
 * them only after no call can be using them.
 */
public final class NativeMemory {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle MALLOC = LINKER.downcallHandle(
            LINKER.defaultLookup().find("malloc").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    private static final MethodHandle FREE = LINKER.downcallHandle(
            LINKER.defaultLookup().find("free").orElseThrow(),
            FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));

    private NativeMemory() {
    }

    /** Allocates {@code size} bytes, 16-byte aligned (malloc's guarantee); contents undefined. */
    public static MemorySegment allocate(long size) {
        MemorySegment p;
        try {
            p = (MemorySegment) MALLOC.invokeExact(Math.max(size, 1L));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (p.address() == 0) throw new OutOfMemoryError("panrocks: malloc(" + size + ") failed");
        return p.reinterpret(size);
    }

    /** As {@link #allocate}, zeroed: for records whose fields are read before written. */
    public static MemorySegment allocateZeroed(long size) {
        MemorySegment s = allocate(size);
        s.fill((byte) 0);
        return s;
    }

    public static void free(MemorySegment segment) {
        if (segment == null || segment.address() == 0) return;
        try {
            FREE.invokeExact(segment);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** A NUL-terminated copy of {@code s}; free with {@link #free}. */
    public static MemorySegment cString(String s) {
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        MemorySegment m = allocateZeroed(utf8.length + 1L);
        MemorySegment.copy(utf8, 0, m, ValueLayout.JAVA_BYTE, 0, utf8.length);
        return m;
    }
}
