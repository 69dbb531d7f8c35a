package io.panrocks;

/** What {@link RocksDB#getApproximateSizes} counts, as RocksJava's flag. */
public enum SizeApproximationFlag {
    /** No flag: SST files only, as when none is given. */
    NONE,
    /** Counts the range's data in memtables too. */
    INCLUDE_MEMTABLES,
    /** Counts the range's data in SST files (panrocks always counts them). */
    INCLUDE_FILES,
    /**
     * Counts the range's share of the blob files too, prorated by its share
     * of the SST data (RocksDB 11, RocksJava 11.8; on an older engine
     * {@link RocksDB#getApproximateSizes} throws {@link UnsupportedOperationException}).
     */
    INCLUDE_BLOB_FILES
}
