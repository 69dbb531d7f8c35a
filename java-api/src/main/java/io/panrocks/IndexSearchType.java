package io.panrocks;

/**
 * How a reader searches an index block, as RocksDB's
 * {@code BlockBasedTableOptions::BlockSearchType} (RocksDB 11; see
 * {@link BlockBasedTableConfig#setIndexSearchType}).
 */
public enum IndexSearchType {
    /** Binary search (RocksDB's default). */
    kBinary,
    /**
     * Interpolation search, which may suit uniformly distributed keys; only
     * with the bytewise comparator.
     */
    kInterpolation,
    /**
     * Per index block, interpolation search where the writer marked the block
     * uniform (see {@link BlockBasedTableConfig#setUniformCvThreshold}), else
     * binary search; only with the bytewise comparator.
     */
    kAuto;
}
