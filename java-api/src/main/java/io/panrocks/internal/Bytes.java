package io.panrocks.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/** Argument checks and raw copies shared by the read and write paths. */
public final class Bytes {
    /** RocksDB encodes key and value lengths as 32-bit varints. */
    public static final long MAX_ENGINE_LENGTH = 0xFFFF_FFFFL;

    /**
     * The whole address space as one segment, so that a copy from a raw
     * pointer the engine returned needs no segment object per call.
     */
    public static final MemorySegment EVERYTHING = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private Bytes() {
    }

    public static byte[] key(byte[] key) {
        return Objects.requireNonNull(key, "key");
    }

    public static byte[] value(byte[] value) {
        return Objects.requireNonNull(value, "value");
    }

    public static java.nio.ByteBuffer key(java.nio.ByteBuffer key) {
        return Objects.requireNonNull(key, "key");
    }

    /**
     * The bytes of {@code buffer[position, limit)} as a segment that may be
     * passed to a native call by this thread (read-only buffers included:
     * an input is only read); see {@link #segment}.
     */
    public static MemorySegment keyBuffer(java.nio.ByteBuffer buffer, String what) {
        Objects.requireNonNull(buffer, what);
        return segment(MemorySegment.ofBuffer(buffer), what);
    }

    /**
     * An input buffer that a native call may read on this thread now: a
     * direct buffer's arena (for a buffer of a segment) open and not another
     * thread's; a heap buffer always is (its segment's scope is global), so
     * it is not looked at through a segment (see {@link BufferSegments}).
     */
    public static java.nio.ByteBuffer input(java.nio.ByteBuffer buffer, String what) {
        Objects.requireNonNull(buffer, what);
        if (buffer.isDirect()) BufferSegments.checkAccessible(buffer, what);
        return buffer;
    }

    /** An output buffer: writable, and usable by this thread now (as {@link #input}). */
    public static java.nio.ByteBuffer output(java.nio.ByteBuffer buffer, String what) {
        if (Objects.requireNonNull(buffer, what).isReadOnly()) {
            throw new IllegalArgumentException(what + " buffer is read-only");
        }
        if (buffer.isDirect()) BufferSegments.checkAccessible(buffer, what);
        return buffer;
    }

    /** An output segment: writable, usable by this thread, and within the engine's limits. */
    public static MemorySegment output(MemorySegment segment, String what) {
        segment(segment, what);
        if (segment.isReadOnly()) throw new IllegalArgumentException(what + " segment is read-only");
        return segment;
    }

    public static void checkRange(byte[] array, int offset, int length, String what) {
        Objects.requireNonNull(array, what);
        Objects.checkFromIndexSize(offset, length, array.length);
    }

    /**
     * Checks that a segment may be passed to a native call by this thread:
     * its arena is open and it is accessible here, and the engine can store
     * its length.
     */
    public static MemorySegment segment(MemorySegment segment, String what) {
        Objects.requireNonNull(segment, what);
        accessible(segment, what);
        if (segment.byteSize() > MAX_ENGINE_LENGTH) {
            throw new IllegalArgumentException(what + " of " + segment.byteSize()
                    + " bytes is larger than RocksDB's limit of " + MAX_ENGINE_LENGTH);
        }
        return segment;
    }

    /** Checks that this thread may access the segment now (its arena is open and not another thread's). */
    public static MemorySegment accessible(MemorySegment segment, String what) {
        if (!segment.scope().isAlive()) throw closedArena(what);
        if (!segment.isAccessibleBy(Thread.currentThread())) throw otherThread(what);
        return segment;
    }

    static IllegalStateException closedArena(String what) {
        return new IllegalStateException(what + " segment's arena is already closed");
    }

    static WrongThreadException otherThread(String what) {
        return new WrongThreadException(what + " segment is confined to another thread");
    }

    /**
     * What a downcall with caller segments threw: the linker checks each
     * segment argument when the call starts (an arena closed since our own
     * check, by another thread), and the generated bindings wrap what it
     * throws in an {@link AssertionError}. Rethrow the linker's exception
     * as it was meant.
     */
    public static RuntimeException linkerFailure(AssertionError e) {
        return Errors.fromBinding(e);
    }

    /** Largest array the JVM allocates. */
    public static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /** @throws IllegalStateException if a value of {@code size} bytes cannot be a byte[] */
    public static int checkFitsArray(long size) {
        if (size > MAX_ARRAY) {
            throw new IllegalStateException("a value of " + size
                    + " bytes does not fit in a byte[]; read it as a MemorySegment");
        }
        return (int) size;
    }

    /** Copies n bytes from a raw engine pointer into a heap array. */
    public static void copyFromAddress(long address, byte[] dst, int dstOffset, int n) {
        if (n >= LargeCopy.THRESHOLD && LargeCopy.AVAILABLE) {
            LargeCopy.toArray(address, dst, dstOffset, n);
        } else {
            MemorySegment.copy(EVERYTHING, ValueLayout.JAVA_BYTE, address, dst, dstOffset, n);
        }
    }

    /**
     * n bytes at a raw engine pointer into {@code dst[position, position + n)};
     * nothing moves. A heap buffer's array is written as an array (large
     * copies by memcpy); any other buffer through a segment ({@link BufferSegments}).
     */
    public static void copyFromAddress(long address, java.nio.ByteBuffer dst, int n) {
        if (dst.hasArray()) {
            copyFromAddress(address, dst.array(), dst.arrayOffset() + dst.position(), n);
        } else {
            BufferSegments.copyOut(address, dst, n);
        }
    }

    /**
     * {@code from[position, position + length)} into {@code to[at, at + length)};
     * nothing moves. A heap buffer's array is copied as an array; any other
     * buffer through a segment ({@link BufferSegments}).
     */
    public static void copy(java.nio.ByteBuffer from, MemorySegment to, long at, int length) {
        if (from.hasArray()) {
            MemorySegment.copy(from.array(), from.arrayOffset() + from.position(), to, ValueLayout.JAVA_BYTE, at, length);
        } else {
            BufferSegments.copyIn(from, to, at, length);
        }
    }

    public static void copyFromAddress(long address, MemorySegment dst, long dstOffset, long n) {
        CallerMemory.copy(EVERYTHING, address, dst, dstOffset, n);
    }

    /**
     * The {@code size} bytes at a raw engine pointer, copied into a new array.
     *
     * @throws IllegalStateException if they do not fit in a byte[]
     */
    public static byte[] copyOut(long address, long size) {
        byte[] out = new byte[checkFitsArray(size)];
        copyFromAddress(address, out, 0, out.length);
        return out;
    }

    /**
     * RocksJava's copy into a caller's buffer: as much of the {@code size}
     * bytes at a raw engine pointer as fits in {@code buffer[position, limit)},
     * whose limit then becomes position + what was copied.
     *
     * @return the full size (at most {@link Integer#MAX_VALUE}), for the caller to see what did not fit
     */
    public static int copyOut(long address, long size, java.nio.ByteBuffer buffer) {
        int position = buffer.position();
        int n = (int) Math.min(size, buffer.remaining());
        copyFromAddress(address, buffer, n);
        buffer.limit(position + n);
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    /**
     * Bytewise, as RocksDB orders column names: unsigned, a prefix first.
     *
     * @param a a name
     * @param b another
     * @return their order
     */
    public static int compareNames(MemorySegment a, MemorySegment b) {
        long at = a.mismatch(b);
        if (at < 0) return 0;
        if (at == a.byteSize()) return -1;
        if (at == b.byteSize()) return 1;
        return Integer.compare(Byte.toUnsignedInt(a.get(ValueLayout.JAVA_BYTE, at)),
                Byte.toUnsignedInt(b.get(ValueLayout.JAVA_BYTE, at)));
    }
}
