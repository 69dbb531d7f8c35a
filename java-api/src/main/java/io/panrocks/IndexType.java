package io.panrocks;

/** The index of a block-based table, as RocksDB's {@code BlockBasedTableOptions::IndexType}. */
public enum IndexType {
    /** A space-efficient index searched by binary search (RocksDB's default). */
    kBinarySearch("kBinarySearch"),
    /** A hash index over key prefixes; needs a prefix extractor. */
    kHashSearch("kHashSearch"),
    /** A partitioned index: a small top level over index partitions. */
    kTwoLevelIndexSearch("kTwoLevelIndexSearch"),
    /** As kBinarySearch, with each block's first key kept in the index. */
    kBinarySearchWithFirstKey("kBinarySearchWithFirstKey");

    private final String rocksName;

    IndexType(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static IndexType fromRocksName(String rocksName) {
        for (IndexType v : values()) if (v.rocksName.equals(rocksName)) return v;
        throw new IllegalStateException("IndexType: the engine reports " + rocksName + ", which panrocks does not know");
    }
}
