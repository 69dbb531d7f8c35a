package io.panrocks.internal.open;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.Cache;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.OpenAndCompactOptions;
import io.panrocks.RocksDBException;
import io.panrocks.Statistics;
import io.panrocks.Status;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.callbacks.Callbacks;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_open_and_compact_request;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/** The worker's side of remote compaction: {@link RocksDB#openAndCompact}. */
public final class RemoteCompaction {
    /** what the public types keep package-private */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private RemoteCompaction() {
    }

    public static byte[] openAndCompact(OpenAndCompactOptions options, ColumnFamilyOptions family, String dbPath,
                                        String outputDirectory, byte[] input) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(dbPath, "dbPath");
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        Objects.requireNonNull(input, "input");
        if (dbPath.indexOf('\0') >= 0) throw new IllegalArgumentException("dbPath must not contain a zero character");
        if (outputDirectory.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("outputDirectory must not contain a zero character");
        }
        if (input.length == 0) throw new IllegalArgumentException("input must not be empty: it is what schedule received");
        ColumnFamilyOptions f = family != null ? family : new ColumnFamilyOptions();
        BlockBasedTableConfig table = f.tableFormatConfig();
        Cache cache = table == null ? null : table.blockCache();
        NativeLibrary.ensureLoaded();
        MemorySegment flag = PUBLIC.acquire(options);
        try {
            // RocksDB makes the last folder only; the documented promise is the whole path
            java.nio.file.Files.createDirectories(java.nio.file.Path.of(outputDirectory));
        } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
            PUBLIC.release(options);
            throw new RocksDBException(new Status(Status.Code.IOError, Status.SubCode.None, Status.Severity.NoError,
                    "cannot create the output directory " + outputDirectory + ": " + e));
        }
        try {
            Statistics statistics = options.statistics();
            if (cache == null)
                return withStatistics(options, statistics, f, flag, MemorySegment.NULL, dbPath,
                        outputDirectory, input);
            return PUBLIC.shared(cache).withHandle(c -> withStatistics(options, statistics, f, flag, c, dbPath, outputDirectory,
                    input));
        } finally {
            PUBLIC.release(options);
        }
    }

    private static byte[] withStatistics(OpenAndCompactOptions options, Statistics statistics, ColumnFamilyOptions f,
                                         MemorySegment flag, MemorySegment cache, String dbPath, String outputDirectory,
                                         byte[] input) throws RocksDBException {
        if (statistics == null) return run(options, MemorySegment.NULL, f, flag, cache, dbPath, outputDirectory, input);
        return PUBLIC.shared(statistics).withHandle(s -> run(options, s, f, flag, cache, dbPath, outputDirectory, input));
    }

    private static byte[] run(OpenAndCompactOptions options, MemorySegment statistics, ColumnFamilyOptions f,
                              MemorySegment flag, MemorySegment cache, String dbPath, String outputDirectory,
                              byte[] input) throws RocksDBException {
        // the family's Java callbacks (merge operator, filter, comparator) bound for this call only
        Callbacks.Bound bound = new Callbacks.Bound();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = panrocks_cf_descriptor.allocate(arena);
            panrocks_cf_descriptor.name(d, arena.allocateFrom("default"));
            panrocks_cf_descriptor.options(d, arena.allocateFrom(Callbacks.familyOptionString(f, bound)));
            BlockBasedTableConfig table = f.tableFormatConfig();
            if (table != null) panrocks_cf_descriptor.table_options(d, arena.allocateFrom(PUBLIC.tableOptionString(table)));
            panrocks_cf_descriptor.block_cache(d, cache);
            MemorySegment r = panrocks_open_and_compact_request.allocate(arena);
            panrocks_open_and_compact_request.db_path(r, arena.allocateFrom(dbPath));
            panrocks_open_and_compact_request.output_directory(r, arena.allocateFrom(outputDirectory));
            panrocks_open_and_compact_request.input(r, arena.allocateFrom(ValueLayout.JAVA_BYTE, input));
            panrocks_open_and_compact_request.input_length(r, input.length);
            panrocks_open_and_compact_request.allow_resumption(r, options.allowResumption() ? 1 : 0);
            panrocks_open_and_compact_request.cancel(r, flag);
            panrocks_open_and_compact_request.family(r, d);
            panrocks_open_and_compact_request.statistics(r, statistics);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_open_and_compact(r, out, error);
            if (rc != 0) throw Errors.toException(rc, error);
            MemorySegment blob = out.get(ValueLayout.ADDRESS, 0);
            try {
                long size = panrocks_h.panrocks_blob_size(blob);
                return size == 0 ? new byte[0]
                        : panrocks_h.panrocks_blob_data(blob).reinterpret(size).toArray(ValueLayout.JAVA_BYTE);
            } finally {
                panrocks_h.panrocks_blob_destroy(blob);
            }
        } finally {
            bound.release();
        }
    }
}
