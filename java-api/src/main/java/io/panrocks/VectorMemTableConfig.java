package io.panrocks;

import io.panrocks.internal.options.OptionValues;

/**
 * A memtable that is a vector, sorted when flushed ({@code VectorRepFactory}),
 * as RocksJava's {@code VectorMemTableConfig}: fast bulk inserts, slow
 * reads. RocksDB 10 and later (the bundled 11.8.1) take concurrent writes
 * into it; an older engine (9.11.2) refuses the open with
 * {@code InvalidArgument} unless {@code setAllowConcurrentMemtableWrite(false)}.
 */
public final class VectorMemTableConfig extends MemTableConfig {
    private int reservedSize;

    /** A vector memtable with RocksDB's default reservation (0). */
    public VectorMemTableConfig() {
    }

    /**
     * Entries reserved up front.
     *
     * @param size entries, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public VectorMemTableConfig setReservedSize(int size) {
        this.reservedSize = (int) OptionValues.requireAtLeast(size, 0, "reservedSize");
        return this;
    }

    /**
     * The value set with {@link #setReservedSize}.
     *
     * @return entries (0 unless set)
     */
    public int reservedSize() {
        return reservedSize;
    }

    @Override
    String optionValue() {
        return "{id=VectorRepFactory;count=" + reservedSize + "}";
    }
}
