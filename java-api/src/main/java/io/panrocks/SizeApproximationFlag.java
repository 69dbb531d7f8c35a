package io.panrocks;

/** What {@link RocksDB#getApproximateSizes} counts, as RocksJava's flag. */
public enum SizeApproximationFlag {
    /** No flag: SST files only, as when none is given. */
    NONE,
    /** Counts the range's data in memtables too. */
    INCLUDE_MEMTABLES,
    /** Counts the range's data in SST files (panrocks always counts them). */
    INCLUDE_FILES
}
