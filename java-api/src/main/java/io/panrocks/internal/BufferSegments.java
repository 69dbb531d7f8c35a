package io.panrocks.internal;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * The segments panrocks makes of a caller's ByteBuffer (a direct one, or a
 * read-only heap one, which has no array to copy from): each is made in a
 * method of its own, on every call of that method, and handed to nothing but
 * the JDK's always-inlined code (the segment's accessors, {@code
 * MemorySegment.copy}, a downcall handle's {@code invokeExact}), so C2
 * removes it and the call allocates nothing. Three rules of C2's make this
 * the shape that holds whatever the JIT did before (each seen in
 * {@code -XX:+LogCompilation}):
 * <ul>
 * <li>a segment that reaches a method C2 did not inline escapes, and C2 keeps
 * a method out of line once it compiled it on its own and found it too big
 * (the generated downcall wrappers are);</li>
 * <li>{@code MemorySegment.ofBuffer} is itself such a method: where its call
 * site is not hot relative to its caller (say, a direct buffer's branch in a
 * method that mostly sees heap buffers), C2 does not inline it once it is
 * compiled, and every segment it makes is allocated. Made on every call of a
 * method of their own, the segments here are always on a hot site;</li>
 * <li>C2 inlines at most 15 calls deep from the method it compiles, and the
 * session {@code ofBuffer} makes is constructed 9 calls below it: an
 * {@code ofBuffer} deep in panrocks' layers lost its session (32 B) to a
 * constructor left out of line ("inlining too deep"). The public buffer
 * methods reach {@code ofBuffer} in 4 to 6 calls, which is why they call
 * these methods directly and not through further helpers.</li>
 * </ul>
 * A segment, not the buffer's address, goes to native code, so the linker
 * keeps a buffer of a shared arena alive for the call. The paths that make
 * such segments next to a downcall follow the same rule (Reads, Writes,
 * Transaction); {@code BufferCallAllocationTest} runs them with none of
 * panrocks' methods inlined.
 */
public final class BufferSegments {
    private BufferSegments() {
    }

    /**
     * Checks that a direct buffer's memory may be used by this thread now:
     * its arena (for a buffer of a segment) is open and not another thread's.
     */
    public static void checkAccessible(ByteBuffer direct, String what) {
        MemorySegment s = MemorySegment.ofBuffer(direct);
        if (!s.scope().isAlive()) throw Bytes.closedArena(what);
        if (!s.isAccessibleBy(Thread.currentThread())) throw Bytes.otherThread(what);
    }

    /** Whether a direct buffer is mapped from a file. */
    public static boolean isMapped(ByteBuffer direct) {
        return MemorySegment.ofBuffer(direct).isMapped();
    }

    /** {@code from[position, position + length)} into {@code to[at, at + length)}, for a buffer without an array. */
    public static void copyIn(ByteBuffer from, MemorySegment to, long at, int length) {
        MemorySegment source = MemorySegment.ofBuffer(from);
        if (source.isMapped()) {
            copyInMapped(from, to, at, length);
        } else {
            MemorySegment.copy(source, 0, to, at, length);
        }
    }

    /** As {@link #copyIn}, where a fault of a truncated file is an exception (CallerMemory). */
    private static void copyInMapped(ByteBuffer from, MemorySegment to, long at, int length) {
        CallerMemory.copy(MemorySegment.ofBuffer(from), 0, to, at, length);
    }

    /** n bytes at a raw address into {@code to[position, position + n)}, for a buffer without an array. */
    public static void copyOut(long address, ByteBuffer to, int n) {
        MemorySegment target = MemorySegment.ofBuffer(to);
        if (target.isMapped()) {
            copyOutMapped(address, to, n);
        } else {
            MemorySegment.copy(Bytes.EVERYTHING, address, target, 0, n);
        }
    }

    /** As {@link #copyOut}, where a fault of a truncated file is an exception (CallerMemory). */
    private static void copyOutMapped(long address, ByteBuffer to, int n) {
        CallerMemory.copy(Bytes.EVERYTHING, address, MemorySegment.ofBuffer(to), 0, n);
    }
}
