package io.panrocks.internal;

import java.lang.foreign.MemorySegment;

/**
 * Memory a caller hands in, and whether the engine may read it in place.
 *
 * <p>A segment mapped from a file ({@link MemorySegment#isMapped()}) is not
 * read in place: if the file is truncated under the mapping, touching the
 * pages past its end raises SIGBUS, which inside the engine ends the JVM.
 * The same bytes copied by Java first fault in Java's copy, which the JVM
 * turns into an {@code InternalError}; here that becomes an
 * {@link IllegalArgumentException} naming the cause. The price is one copy of
 * mapped keys and values (the checks cost a type test on the other
 * segments: {@code isMapped()} is final per implementation class).
 */
public final class CallerMemory {
    private CallerMemory() {
    }

    /** Whether the engine may read s where it is: native memory that is not a mapping of a file. */
    public static boolean inPlace(MemorySegment s) {
        return s.isNative() && !s.isMapped();
    }

    /** MemorySegment.copy, where a fault in a mapped segment is an IllegalArgumentException instead of an InternalError. */
    public static void copy(MemorySegment from, long fromOffset, MemorySegment to, long toOffset, long length) {
        try {
            MemorySegment.copy(from, fromOffset, to, toOffset, length);
        } catch (InternalError e) {
            if (!from.isMapped() && !to.isMapped()) throw e;
            throw new IllegalArgumentException("a segment mapped from a file faulted when its bytes were copied: "
                    + "the file no longer covers the mapping (truncated under it?)", e);
        }
    }
}
