package io.panrocks;

/** Block compression, as RocksDB's {@code CompressionType}. */
public enum CompressionType {
    NO_COMPRESSION("kNoCompression"),
    SNAPPY_COMPRESSION("kSnappyCompression"),
    ZLIB_COMPRESSION("kZlibCompression"),
    BZLIB2_COMPRESSION("kBZip2Compression"),
    LZ4_COMPRESSION("kLZ4Compression"),
    LZ4HC_COMPRESSION("kLZ4HCCompression"),
    ZSTD_COMPRESSION("kZSTD"),
    /** Only for {@code bottommostCompression}: use the per-level setting. */
    DISABLE_COMPRESSION_OPTION("kDisableCompressionOption");

    private final String rocksName;

    CompressionType(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }
}
