package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** The index inside each data block, as RocksDB's {@code BlockBasedTableOptions::DataBlockIndexType}. */
public enum DataBlockIndexType {
    /** Binary search over restart points (RocksDB's default). */
    kDataBlockBinarySearch,
    /** An additional hash index for point lookups. */
    kDataBlockBinaryAndHash;

    /** The name RocksDB gives the constant in its options: the constant's own. */
    String rocksName() {
        return name();
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static DataBlockIndexType fromRocksName(String rocksName) {
        return EnumCodes.ofRocksName(values(), DataBlockIndexType::rocksName, rocksName);
    }
}
