package io.panrocks.internal.open;

import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.callbacks.Callbacks;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_open_and_compact_request;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** The worker's side of remote compaction: {@code RocksDB.openAndCompact}. */
public final class RemoteCompaction {
    private RemoteCompaction() {
    }

    /**
     * The worker's run of one job: the DB at dbPath opened and compacted as the
     * job says, its output written to outputDirectory (the facade checked the
     * arguments and holds the run's cancellation flag).
     *
     * @param family the job's family (its options object, table config ...)
     * @param statistics the native side of the run's statistics (an object of one's own), or null
     * @param allowResumption whether a run may resume an earlier one's progress
     * @param flag the run's cancellation flag
     * @param dbPath the DB's directory
     * @param outputDirectory where the output goes
     * @param input what the service's schedule received
     * @return the serialized result
     * @throws RocksDBException as the engine says
     */
    public static byte[] openAndCompact(FamilySpec family, SharedNative statistics, boolean allowResumption,
                                        MemorySegment flag, String dbPath, String outputDirectory, byte[] input)
            throws RocksDBException {
        TableSpec table = family.table();
        SharedNative cache = table == null ? null : table.blockCache();
        NativeLibrary.ensureLoaded();
        try {
            // RocksDB makes the last folder only; the documented promise is the whole path
            java.nio.file.Files.createDirectories(java.nio.file.Path.of(outputDirectory));
        } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
            throw new RocksDBException(new Status(Status.Code.IOError, Status.SubCode.None, Status.Severity.NoError,
                    "cannot create the output directory " + outputDirectory + ": " + e));
        }
        Run run = new Run(family, allowResumption, flag, dbPath, outputDirectory, input);
        if (cache == null) return withStatistics(run, statistics, MemorySegment.NULL);
        return cache.withHandle(c -> withStatistics(run, statistics, c));
    }

    /** One run's arguments. */
    private record Run(FamilySpec family, boolean allowResumption, MemorySegment flag, String dbPath,
                       String outputDirectory, byte[] input) {
    }

    private static byte[] withStatistics(Run run, SharedNative statistics, MemorySegment cache) throws RocksDBException {
        if (statistics == null) return run(run, MemorySegment.NULL, cache);
        return statistics.withHandle(s -> run(run, s, cache));
    }

    private static byte[] run(Run run, MemorySegment statistics, MemorySegment cache) throws RocksDBException {
        FamilySpec f = run.family();
        String dbPath = run.dbPath(), outputDirectory = run.outputDirectory();
        byte[] input = run.input();
        MemorySegment flag = run.flag();
        // the family's Java callbacks (merge operator, filter, comparator) bound for this call only
        Callbacks.Bound bound = new Callbacks.Bound();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = panrocks_cf_descriptor.allocate(arena);
            panrocks_cf_descriptor.name(d, arena.allocateFrom("default"));
            panrocks_cf_descriptor.options(d, arena.allocateFrom(Callbacks.familyOptionString(f.callbacks(), f.values(), bound)));
            TableSpec table = f.table();
            if (table != null) panrocks_cf_descriptor.table_options(d, arena.allocateFrom(table.options()));
            panrocks_cf_descriptor.block_cache(d, cache);
            MemorySegment r = panrocks_open_and_compact_request.allocate(arena);
            panrocks_open_and_compact_request.db_path(r, arena.allocateFrom(dbPath));
            panrocks_open_and_compact_request.output_directory(r, arena.allocateFrom(outputDirectory));
            panrocks_open_and_compact_request.input(r, arena.allocateFrom(ValueLayout.JAVA_BYTE, input));
            panrocks_open_and_compact_request.input_length(r, input.length);
            panrocks_open_and_compact_request.allow_resumption(r, run.allowResumption() ? 1 : 0);
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
