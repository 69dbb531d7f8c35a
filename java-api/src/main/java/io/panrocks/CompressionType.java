package io.panrocks;

import java.util.Objects;
import java.util.stream.Stream;

/** Block compression, as RocksDB's {@code CompressionType}. */
public enum CompressionType {
    /** No compression. */
    NO_COMPRESSION((byte) 0x0, null, "kNoCompression"),
    /** Snappy: fast, moderate ratio. */
    SNAPPY_COMPRESSION((byte) 0x1, "snappy", "kSnappyCompression"),
    /** zlib (deflate). */
    ZLIB_COMPRESSION((byte) 0x2, "z", "kZlibCompression"),
    /** bzip2. */
    BZLIB2_COMPRESSION((byte) 0x3, "bzip2", "kBZip2Compression"),
    /** LZ4: fast. */
    LZ4_COMPRESSION((byte) 0x4, "lz4", "kLZ4Compression"),
    /** LZ4 high compression: slower to write, same read speed. */
    LZ4HC_COMPRESSION((byte) 0x5, "lz4hc", "kLZ4HCCompression"),
    /** Zstandard: good ratio at moderate cost. */
    ZSTD_COMPRESSION((byte) 0x7, "zstd", "kZSTD"),
    /** Only for {@code bottommostCompression}: use the per-level setting. */
    DISABLE_COMPRESSION_OPTION((byte) 0x7F, null, "kDisableCompressionOption");

    private final byte value;
    private final String libraryName;
    private final String rocksName;

    CompressionType(byte value, String libraryName, String rocksName) {
        this.value = value;
        this.libraryName = libraryName;
        this.rocksName = rocksName;
    }

    /**
     * The type's number, as RocksJava's: RocksDB's {@code CompressionType} value, except
     * {@link #DISABLE_COMPRESSION_OPTION}, which is 0x7F (RocksDB's 0xFF does not fit a Java byte).
     *
     * @return the number
     */
    public byte getValue() {
        return value;
    }

    /**
     * The name of the compression library, as RocksJava's.
     *
     * @return {@code "snappy"}, {@code "z"}, {@code "bzip2"}, {@code "lz4"}, {@code "lz4hc"} or {@code "zstd"};
     *     {@code null} for {@link #NO_COMPRESSION} and {@link #DISABLE_COMPRESSION_OPTION}
     */
    public String getLibraryName() {
        return libraryName;
    }

    /**
     * The type of a compression library's name, as RocksJava's.
     *
     * @param libraryName a name {@link #getLibraryName()} returns, or anything else
     * @return its type; {@link #NO_COMPRESSION} for a name no type has
     * @throws NullPointerException if {@code libraryName} is null (RocksJava answers
     *     {@link #NO_COMPRESSION}; panrocks refuses null arguments everywhere)
     */
    public static CompressionType getCompressionType(String libraryName) {
        Objects.requireNonNull(libraryName, "libraryName");
        for (CompressionType t : values()) {
            if (libraryName.equals(t.libraryName)) return t;
        }
        return NO_COMPRESSION;
    }

    /**
     * The type of a number {@link #getValue()} returns.
     *
     * @param value the number
     * @return its type
     * @throws IllegalArgumentException if no type has that number
     */
    public static CompressionType getCompressionType(byte value) {
        return Stream.of(values()).filter(t -> t.value == value).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no CompressionType has the value " + value));
    }

    String rocksName() {
        return rocksName;
    }

    /** The type RocksDB names {@code rocksName} (as its options text writes it). */
    static CompressionType ofRocksName(String rocksName) {
        return Stream.of(values()).filter(t -> t.rocksName.equals(rocksName)).findFirst().orElseThrow(() -> new IllegalStateException(
                "the engine reports compression " + rocksName + ", which panrocks does not know"));
    }
}
