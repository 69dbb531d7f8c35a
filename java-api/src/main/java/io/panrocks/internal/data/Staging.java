package io.panrocks.internal.data;

import io.panrocks.internal.BufferSegments;
import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.CallerMemory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/**
 * Where a key or value the engine reads stands, whatever buffer kind the
 * caller gave: a native segment as it is, a heap array, heap segment or
 * buffer copied into this thread's scratch (the key buffer for keys, the
 * frame's value buffer for values). Every operation stages its arguments
 * through these and is then written once, over native ranges.
 *
 * <p>Static overloads, chosen by the compiler: no dispatch, no allocation
 * (a buffer's segment, where one is needed, is made as {@link BufferSegments}
 * says). Call only inside a call entered on {@code c}.
 */
public final class Staging {
    private Staging() {
    }

    /**
     * Whether the engine may read or write {@code buffer} where it is: a
     * direct buffer not mapped from a file (a mapped one faults, SIGBUS, if
     * the file is truncated under it: such bytes are copied by Java, see
     * CallerMemory).
     */
    public static boolean inPlace(ByteBuffer buffer) {
        return buffer.isDirect() && !BufferSegments.isMapped(buffer);
    }

    /** {@code key[offset, offset + length)} in the key buffer. */
    public static MemorySegment key(CallContext c, byte[] key, int offset, int length) {
        return c.stageKey(key, offset, length);
    }

    /** A native key in place; a heap or mapped one in the key buffer. */
    public static MemorySegment key(CallContext c, MemorySegment key) {
        return CallerMemory.inPlace(key) ? key : c.stageKey(key);
    }

    /**
     * {@code key[position, limit)} copied into the key buffer, whatever the
     * buffer kind (heap, read-only, direct, mapped): keys are short, and a
     * copy needs no segment of the buffer beside the downcall.
     */
    public static MemorySegment key(CallContext c, ByteBuffer key) {
        int length = key.remaining();
        if (key.hasArray()) return c.stageKey(key.array(), key.arrayOffset() + key.position(), length);
        MemorySegment staged = c.keyBuffer(length);
        BufferSegments.copyIn(key, staged, 0, length);
        return staged;
    }

    /** {@code value[offset, offset + length)} in the frame's value buffer. */
    public static MemorySegment value(CallContext c, byte[] value, int offset, int length) {
        MemorySegment v = c.frame().buffer(length);
        MemorySegment.copy(value, offset, v, ValueLayout.JAVA_BYTE, 0, length);
        return v;
    }

    /** {@code value[position, limit)} copied into the frame's value buffer (as {@link #key(CallContext, ByteBuffer)}). */
    public static MemorySegment value(CallContext c, ByteBuffer value) {
        int length = value.remaining();
        if (value.hasArray()) return value(c, value.array(), value.arrayOffset() + value.position(), length);
        MemorySegment staged = c.frame().buffer(length);
        BufferSegments.copyIn(value, staged, 0, length);
        return staged;
    }

    // ---- bytes of any kind, for writers with scratch of their own -------------

    /**
     * How many bytes a key or value holds that is given as a byte[], a
     * ByteBuffer ([position, limit)) or a MemorySegment (the kinds
     * {@link #readInPlace(Object)} and {@link #copy(Object, MemorySegment)} take).
     */
    public static long length(Object bytes) {
        if (bytes instanceof byte[] array) return array.length;
        if (bytes instanceof ByteBuffer buffer) return buffer.remaining();
        return ((MemorySegment) bytes).byteSize();
    }

    /**
     * Whether such bytes are given to the engine where they are: only a
     * native segment not mapped from a file (the caller's own segment, so
     * passing it on allocates nothing); arrays and buffers are copied, with
     * no segment made of them (see BufferSegments).
     */
    public static boolean readInPlace(Object bytes) {
        return bytes instanceof MemorySegment segment && CallerMemory.inPlace(segment);
    }

    /** Such bytes copied into {@code to} (big enough), which is returned. */
    public static MemorySegment copy(Object bytes, MemorySegment to) {
        if (bytes instanceof byte[] array) {
            MemorySegment.copy(array, 0, to, ValueLayout.JAVA_BYTE, 0, array.length);
        } else if (bytes instanceof ByteBuffer buffer) {
            Bytes.copy(buffer, to, 0, buffer.remaining());
        } else {
            MemorySegment segment = (MemorySegment) bytes;
            CallerMemory.copy(segment, 0, to, 0, segment.byteSize());
        }
        return to;
    }

    /** A native value in place; a heap or mapped one in the frame's value buffer. */
    public static MemorySegment value(CallContext c, MemorySegment value) {
        if (CallerMemory.inPlace(value)) return value;
        long length = value.byteSize();
        MemorySegment v = c.frame().buffer(length);
        CallerMemory.copy(value, 0, v, 0, length);
        return v;
    }
}
