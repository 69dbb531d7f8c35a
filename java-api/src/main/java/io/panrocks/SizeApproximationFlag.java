package io.panrocks;

/** What {@link RocksDB#getApproximateSizes} counts, as RocksJava's flag. */
public enum SizeApproximationFlag {
    NONE, INCLUDE_MEMTABLES, INCLUDE_FILES
}
