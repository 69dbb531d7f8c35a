package io.panrocks;

import io.panrocks.internal.EnumCodes;

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

    /** The name RocksDB gives the constant in its options: the constant's own. */
    String rocksName() {
        return name();
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static IndexType fromRocksName(String rocksName) {
        return EnumCodes.ofRocksName(values(), IndexType::rocksName, rocksName);
    }
}
