package io.panrocks;

/** Block compression, as RocksDB's {@code CompressionType}. */
public enum CompressionType {
    /** No compression. */
    NO_COMPRESSION("kNoCompression"),
    /** Snappy: fast, moderate ratio. */
    SNAPPY_COMPRESSION("kSnappyCompression"),
    /** zlib (deflate). */
    ZLIB_COMPRESSION("kZlibCompression"),
    /** bzip2. */
    BZLIB2_COMPRESSION("kBZip2Compression"),
    /** LZ4: fast. */
    LZ4_COMPRESSION("kLZ4Compression"),
    /** LZ4 high compression: slower to write, same read speed. */
    LZ4HC_COMPRESSION("kLZ4HCCompression"),
    /** Zstandard: good ratio at moderate cost. */
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
