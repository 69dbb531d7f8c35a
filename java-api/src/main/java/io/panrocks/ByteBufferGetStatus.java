package io.panrocks;

import java.nio.ByteBuffer;

/**
 * One key's outcome of {@link RocksDB#multiGetByteBuffers}, as RocksJava's
 * {@code ByteBufferGetStatus}: its status, the value's full size, and the
 * buffer holding (the start of) the value.
 */
public final class ByteBufferGetStatus {
    /** {@link Status.Code#Ok}, {@link Status.Code#NotFound}, or the key's failure. */
    public final Status status;
    /** The value's full size when found (it may exceed the buffer's capacity), else 0. */
    public final int requiredSize;
    /** The caller's buffer, flipped over the bytes written (from index 0), when found; else null. */
    public final ByteBuffer value;

    ByteBufferGetStatus(Status status, int requiredSize, ByteBuffer value) {
        this.status = status;
        this.requiredSize = requiredSize;
        this.value = value;
    }

    @Override
    public String toString() {
        return "ByteBufferGetStatus{" + status + ", requiredSize=" + requiredSize + ", value=" + value + "}";
    }
}
