package io.panrocks;

import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_compaction_options;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

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
public final class CompactionOptions extends CompactionOptionsFields implements AutoCloseable {
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
