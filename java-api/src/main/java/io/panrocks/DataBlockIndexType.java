package io.panrocks;

/** The index inside each data block, as RocksDB's {@code BlockBasedTableOptions::DataBlockIndexType}. */
public enum DataBlockIndexType {
    /** Binary search over restart points (RocksDB's default). */
    kDataBlockBinarySearch,
    /** An additional hash index for point lookups. */
    kDataBlockBinaryAndHash;
}
