package io.panrocks;

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
}
