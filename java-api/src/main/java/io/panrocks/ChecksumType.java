package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** The checksum of each block, as RocksDB's {@code ChecksumType}. */
public enum ChecksumType {
    /** No checksum. */
    kNoChecksum,
    /** CRC32c. */
    kCRC32c,
    /** xxHash (32 bits). */
    kxxHash,
    /** xxHash64. */
    kxxHash64,
    /** XXH3 (RocksDB's default). */
    kXXH3;

    /** The name RocksDB gives the constant in its options: the constant's own. */
    String rocksName() {
        return name();
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static ChecksumType fromRocksName(String rocksName) {
        return EnumCodes.ofRocksName(values(), ChecksumType::rocksName, rocksName);
    }
}
