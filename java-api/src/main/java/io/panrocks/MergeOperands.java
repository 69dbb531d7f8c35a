package io.panrocks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * The operands of one merge, oldest first, as read-only views of RocksDB's
 * memory. Valid only during the merge call that received them: afterwards
 * every method throws {@link IllegalStateException}, and so does every
 * segment they returned.
 */
public final class MergeOperands {
    private static final long SLICE = 16; // panrocks_slice: data pointer, size
    private final MemorySegment slices;
    private final int count;
    private final Arena scope;

    MergeOperands(long slices, long count, Arena scope) {
        this.slices = MemorySegment.ofAddress(slices).reinterpret(count * SLICE, scope, null);
        this.count = (int) count;
        this.scope = scope;
    }

    /**
     * How many operands there are (at least one in a full merge, two in a
     * partial one).
     *
     * @return the count
     * @throws IllegalStateException after the merge call returned
     */
    public int size() {
        checkLive();
        return count;
    }

    /**
     * One operand.
     *
     * @param index 0 for the oldest
     * @return a read-only view, valid during the merge call only
     * @throws IndexOutOfBoundsException if index is not in [0, size())
     * @throws IllegalStateException after the merge call returned
     */
    public MemorySegment get(int index) {
        checkLive();
        Objects.checkIndex(index, count);
        long at = index * SLICE;
        long data = slices.get(ValueLayout.JAVA_LONG, at);
        long size = slices.get(ValueLayout.JAVA_LONG, at + 8);
        return MemorySegment.ofAddress(data).reinterpret(size, scope, null).asReadOnly();
    }

    private void checkLive() {
        if (!scope.scope().isAlive()) throw new IllegalStateException("MergeOperands are only valid during the merge");
    }

    @Override
    public String toString() {
        return "MergeOperands[" + count + "]";
    }
}
