package io.panrocks;

import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_compaction_options;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Options of a compaction of chosen files,
 * {@link RocksDB#compactFiles(CompactionOptions, ColumnFamilyHandle, java.util.List, int, int, CompactionJobInfo)},
 * as RocksJava's {@code CompactionOptions} (RocksDB's
 * {@code CompactionOptions}). Defaults are the engine's, read from it when
 * the object is made: the family's compression, no limit on the output
 * file size (one file), the DB's {@code max_subcompactions}.
 * <p>
 * A plain Java value: it owns no native memory ({@code close()} releases
 * nothing, and a closed one keeps working), and its setters check their
 * argument at once (RocksJava's accept anything).
 */
public final class CompactionOptions implements AutoCloseable {
    private CompressionType compression;
    private long outputFileSizeLimit;
    private int maxSubcompactions;

    /** The engine's defaults. */
    public CompactionOptions() {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_compaction_options.allocate(arena);
            panrocks_h.panrocks_compaction_options_init(o);
            compression = CompactionJobInfo.compressionOf(panrocks_compaction_options.compression(o));
            outputFileSizeLimit = panrocks_compaction_options.output_file_size_limit(o);
            maxSubcompactions = panrocks_compaction_options.max_subcompactions(o);
        }
    }

    /**
     * The compression of the output files.
     *
     * @return the compression; {@link CompressionType#DISABLE_COMPRESSION_OPTION}
     *         (the default): the family's compression for the output level
     */
    public CompressionType compression() {
        return compression;
    }

    /**
     * Sets the compression of the output files. RocksDB deprecates any value
     * but {@link CompressionType#DISABLE_COMPRESSION_OPTION} (the family's
     * compression options still apply to it) and logs a warning when one is
     * used.
     *
     * @param compression the compression
     * @return this
     * @throws NullPointerException if compression is null
     */
    public CompactionOptions setCompression(CompressionType compression) {
        this.compression = Objects.requireNonNull(compression, "compression");
        return this;
    }

    /**
     * The size at which the compaction starts a new output file.
     *
     * @return the size in bytes, unsigned; -1 (2<sup>64</sup>-1, the default): no limit,
     *         one output file
     */
    public long outputFileSizeLimit() {
        return outputFileSizeLimit;
    }

    /**
     * Sets the size at which the compaction starts a new output file (read
     * as unsigned: -1 is no limit).
     *
     * @param outputFileSizeLimit the size in bytes; not 0
     * @return this
     * @throws IllegalArgumentException if 0
     */
    public CompactionOptions setOutputFileSizeLimit(long outputFileSizeLimit) {
        if (outputFileSizeLimit == 0) {
            throw new IllegalArgumentException("outputFileSizeLimit must not be 0 (-1: no limit)");
        }
        this.outputFileSizeLimit = outputFileSizeLimit;
        return this;
    }

    /**
     * How many threads may run parts of the compaction at once.
     *
     * @return the count; 0 (the default): the DB's {@code max_subcompactions}
     */
    public int maxSubcompactions() {
        return maxSubcompactions;
    }

    /**
     * Sets how many threads may run parts of the compaction at once,
     * replacing the DB's {@code max_subcompactions} for this compaction.
     *
     * @param maxSubcompactions the count, {@code >= 0}; 0: the DB's setting
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public CompactionOptions setMaxSubcompactions(int maxSubcompactions) {
        if (maxSubcompactions < 0) {
            throw new IllegalArgumentException("maxSubcompactions must be >= 0, was " + maxSubcompactions);
        }
        this.maxSubcompactions = maxSubcompactions;
        return this;
    }

    /** Writes these options into a {@code panrocks_compaction_options}. */
    void fill(MemorySegment o) {
        panrocks_compaction_options.compression(o, rocksValue(compression));
        panrocks_compaction_options.output_file_size_limit(o, outputFileSizeLimit);
        panrocks_compaction_options.max_subcompactions(o, maxSubcompactions);
    }

    /** RocksDB's {@code CompressionType} value of a constant (the inverse of {@code CompactionJobInfo.compressionOf}). */
    static int rocksValue(CompressionType type) {
        return switch (type) {
            case NO_COMPRESSION -> 0;
            case SNAPPY_COMPRESSION -> 1;
            case ZLIB_COMPRESSION -> 2;
            case BZLIB2_COMPRESSION -> 3;
            case LZ4_COMPRESSION -> 4;
            case LZ4HC_COMPRESSION -> 5;
            case ZSTD_COMPRESSION -> 7;
            case DISABLE_COMPRESSION_OPTION -> 0xff;
        };
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "CompactionOptions{compression=" + compression + ", outputFileSizeLimit="
                + Long.toUnsignedString(outputFileSizeLimit) + ", maxSubcompactions=" + maxSubcompactions + "}";
    }
}
