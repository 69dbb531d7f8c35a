package io.panrocks;

/**
 * How a reader searches an index block, as RocksDB's
 * {@code BlockBasedTableOptions::BlockSearchType} (RocksDB 11; see
 * {@link BlockBasedTableConfig#setIndexSearchType}).
 */
public enum IndexSearchType {
    /** Binary search (RocksDB's default). */
    kBinary("kBinary"),
    /**
     * Interpolation search, which may suit uniformly distributed keys; only
     * with the bytewise comparator.
     */
    kInterpolation("kInterpolation"),
    /**
     * Per index block, interpolation search where the writer marked the block
     * uniform (see {@link BlockBasedTableConfig#setUniformCvThreshold}), else
     * binary search; only with the bytewise comparator.
     */
    kAuto("kAuto");

    private final String rocksName;

    IndexSearchType(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static IndexSearchType fromRocksName(String rocksName) {
        for (IndexSearchType v : values()) if (v.rocksName.equals(rocksName)) return v;
        throw new IllegalStateException("IndexSearchType: the engine reports " + rocksName + ", which panrocks does not know");
    }
}
