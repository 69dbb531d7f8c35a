package io.panrocks;

/** Where a read may look, as RocksDB's {@code ReadTier}. */
public enum ReadTier {
    /** Memtables, block cache, OS cache and storage. */
    READ_ALL_TIER,
    /**
     * Memtables and block cache only: the read never does I/O and answers
     * {@link Status.Code#Incomplete} when the data is not in memory.
     */
    BLOCK_CACHE_TIER
}
