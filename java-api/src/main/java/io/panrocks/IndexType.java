package io.panrocks;

/** The index of a block-based table, as RocksDB's {@code BlockBasedTableOptions::IndexType}. */
public enum IndexType {
    /** A space-efficient index searched by binary search (RocksDB's default). */
    kBinarySearch,
    /** A hash index over key prefixes; needs a prefix extractor. */
    kHashSearch,
    /** A partitioned index: a small top level over index partitions. */
    kTwoLevelIndexSearch,
    /** As kBinarySearch, with each block's first key kept in the index. */
    kBinarySearchWithFirstKey;
}
