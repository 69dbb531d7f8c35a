package io.panrocks;

/** The checksum of each block, as RocksDB's {@code ChecksumType}. */
public enum ChecksumType {
    /** No checksum. */
    kNoChecksum("kNoChecksum"),
    /** CRC32c. */
    kCRC32c("kCRC32c"),
    /** xxHash (32 bits). */
    kxxHash("kxxHash"),
    /** xxHash64. */
    kxxHash64("kxxHash64"),
    /** XXH3 (RocksDB's default). */
    kXXH3("kXXH3");

    private final String rocksName;

    ChecksumType(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static ChecksumType fromRocksName(String rocksName) {
        for (ChecksumType v : values()) if (v.rocksName.equals(rocksName)) return v;
        throw new IllegalStateException("ChecksumType: the engine reports " + rocksName + ", which panrocks does not know");
    }
}
