package io.panrocks;

/** The index inside each data block, as RocksDB's {@code BlockBasedTableOptions::DataBlockIndexType}. */
public enum DataBlockIndexType {
    /** Binary search over restart points (RocksDB's default). */
    kDataBlockBinarySearch("kDataBlockBinarySearch"),
    /** An additional hash index for point lookups. */
    kDataBlockBinaryAndHash("kDataBlockBinaryAndHash");

    private final String rocksName;

    DataBlockIndexType(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static DataBlockIndexType fromRocksName(String rocksName) {
        for (DataBlockIndexType v : values()) if (v.rocksName.equals(rocksName)) return v;
        throw new IllegalStateException("DataBlockIndexType: the engine reports " + rocksName + ", which panrocks does not know");
    }
}
