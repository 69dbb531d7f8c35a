package io.panrocks;

import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_result;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * Where a merge operator writes its result, or a compaction filter the
 * value it changes to: a buffer RocksDB provides for the one call, so
 * producing a value allocates nothing in Java. Valid only during that call:
 * afterwards every method throws {@link IllegalStateException}, and so
 * does every segment it returned.
 *
 * <p>The value is what the last of {@link #allocate}, {@link #set},
 * {@link #setToExistingValue} or {@link #setToOperand} said when the call
 * returns; an untouched {@code NewValue} is the empty value.
 */
public final class NewValue {
    private static final long BUFFER = panrocks_result.buffer$offset();
    private static final long CAPACITY = panrocks_result.capacity$offset();
    private static final long SIZE = panrocks_result.size$offset();
    private static final long SOURCE = panrocks_result.source$offset();
    private static final int SOURCE_BUFFER = -1;
    private static final int SOURCE_EXISTING = -2;

    private final MemorySegment struct;
    private final Arena scope;
    /** how many operands a merge may name as its result; -1 for a filter (no inputs to name) */
    private final int operands;
    private final boolean hasExisting;

    NewValue(long struct, Arena scope, int operands, boolean hasExisting) {
        this.struct = MemorySegment.ofAddress(struct).reinterpret(panrocks_result.sizeof(), scope, null);
        this.scope = scope;
        this.operands = operands;
        this.hasExisting = hasExisting;
    }

    /**
     * A writable buffer of exactly {@code size} bytes whose contents are
     * the value when the call returns. Growing past what RocksDB provided
     * (64 bytes to start with) costs one native call; a segment returned by
     * an earlier call stays writable but is no longer the value.
     *
     * @param size the value's length
     * @return the buffer, valid during the call only
     * @throws IllegalArgumentException if size is negative
     * @throws IllegalStateException after the call returned
     * @throws OutOfMemoryError if the native buffer cannot grow
     */
    public MemorySegment allocate(long size) {
        checkLive();
        if (size < 0) throw new IllegalArgumentException("size must not be negative, was " + size);
        if (size > struct.get(ValueLayout.JAVA_LONG, CAPACITY)) reserve(size);
        struct.set(ValueLayout.JAVA_LONG, SIZE, size);
        struct.set(ValueLayout.JAVA_INT, SOURCE, SOURCE_BUFFER);
        return MemorySegment.ofAddress(struct.get(ValueLayout.JAVA_LONG, BUFFER)).reinterpret(size, scope, null);
    }

    private void reserve(long size) {
        MemorySegment error = scope.allocate(panrocks_error.layout());
        int rc = panrocks_h.panrocks_result_reserve(struct, size, error);
        if (rc != 0) throw new OutOfMemoryError("panrocks: cannot grow a callback's value to " + size + " bytes");
    }

    /**
     * Copies value in as the new value.
     *
     * @param value the bytes (any segment, heap or native)
     * @throws IllegalStateException after the call returned
     */
    public void set(MemorySegment value) {
        Objects.requireNonNull(value, "value");
        checkLive();
        MemorySegment.copy(value, 0, allocate(value.byteSize()), 0, value.byteSize());
    }

    /**
     * Copies value in as the new value.
     *
     * @param value the bytes
     * @throws IllegalStateException after the call returned
     */
    public void set(byte[] value) {
        Objects.requireNonNull(value, "value");
        checkLive();
        MemorySegment.copy(value, 0, allocate(value.length), ValueLayout.JAVA_BYTE, 0, value.length);
    }

    /**
     * The result of a merge is its existing value, unchanged (no copy).
     *
     * @throws IllegalStateException if the merge has no existing value
     *         (partial merges never have one), in a compaction filter, or
     *         after the call returned
     */
    public void setToExistingValue() {
        checkLive();
        if (!hasExisting) throw new IllegalStateException("this call has no existing value to keep");
        struct.set(ValueLayout.JAVA_INT, SOURCE, SOURCE_EXISTING);
    }

    /**
     * The result of a merge is one of its operands, unchanged (no copy).
     *
     * @param index the operand's index in the {@link MergeOperands}
     * @throws IndexOutOfBoundsException if there is no such operand
     * @throws IllegalStateException in a compaction filter, or after the
     *         call returned
     */
    public void setToOperand(int index) {
        checkLive();
        if (operands < 0) throw new IllegalStateException("a compaction filter has no operands to name");
        Objects.checkIndex(index, operands);
        struct.set(ValueLayout.JAVA_INT, SOURCE, index);
    }

    private void checkLive() {
        if (!scope.scope().isAlive()) {
            throw new IllegalStateException("NewValue is only valid during the callback that received it");
        }
    }

    @Override
    public String toString() {
        return "NewValue";
    }
}
