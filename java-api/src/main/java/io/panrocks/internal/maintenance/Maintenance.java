package io.panrocks.internal.maintenance;

import io.panrocks.RocksDBException;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.EngineText;
import io.panrocks.internal.FamilyHandle;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.data.Reads;
import io.panrocks.internal.ffi.panrocks_compact_range_options;
import io.panrocks.internal.ffi.panrocks_compaction_info;
import io.panrocks.internal.ffi.panrocks_compaction_options;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The cold paths behind {@code RocksDB}: flush, compaction, properties and
 * size estimates. Each runs inside a call (so the DB's close waits for it)
 * and allocates freely: none of them is on a hot path. Options arrive as
 * what fills their native struct, results leave as numbers and strings: the
 * facade makes the public types of both.
 */
public final class Maintenance {
    private final NativeDb db;

    public Maintenance(NativeDb db) {
        this.db = db;
    }

    public void flush(FamilyHandle columnFamily) throws RocksDBException {
        CallContext c = db.enterToWaitForBackgroundWork("a flush");
        try {
            int rc = panrocks_h.panrocks_flush(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), 1, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    public void compactRange(FamilyHandle columnFamily, byte[] begin, byte[] end) throws RocksDBException {
        CallContext c = db.enterToWaitForBackgroundWork("a compaction");
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_compact_range(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), slice(arena, begin),
                    slice(arena, end), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksJava's flush with options: the families together (atomically with
     * {@code atomicFlush}); the flags are FlushOptions'.
     */
    public void flush(List<FamilyHandle> families, boolean waitForFlush, boolean allowWriteStall,
                      boolean listenerWait) throws RocksDBException {
        List<FamilyHandle> copy = families;
        CallContext c = waitForFlush ? db.enterToWaitForBackgroundWork("a flush") : db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment array = arena.allocate(ValueLayout.ADDRESS, Math.max(1, copy.size()));
            for (int i = 0; i < copy.size(); i++) array.setAtIndex(ValueLayout.ADDRESS, i, FamilyHandle.nativeHandle(copy.get(i), db));
            int rc = panrocks_h.panrocks_flush_families(db.handle(), array, copy.size(), waitForFlush ? 1 : 0,
                    allowWriteStall ? 1 : 0, listenerWait ? 1 : 0, c.error);
            if (rc == panrocks_h.PANROCKS_NOT_SUPPORTED() && listenerWait) {
                throw new UnsupportedOperationException("FlushOptions.listenerWait needs RocksDB 11.8 or later; "
                        + "panrocks runs on " + NativeLibrary.engineVersion());
            }
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** RocksJava 11's abortAllCompactions (abort) and resumeAllCompactions. */
    public void abortOrResumeAllCompactions(boolean abort) {
        // an abort waits for the running compactions, which may be waiting for a callback on this thread
        CallContext c = abort ? db.enterToWaitForBackgroundWork("aborting compactions") : db.enter();
        try {
            int rc = abort ? panrocks_h.panrocks_abort_all_compactions(db.handle(), c.error)
                    : panrocks_h.panrocks_resume_all_compactions(db.handle(), c.error);
            if (rc == panrocks_h.PANROCKS_NOT_SUPPORTED()) {
                throw new UnsupportedOperationException((abort ? "abortAllCompactions" : "resumeAllCompactions")
                        + " needs RocksDB 11 or later; panrocks runs on " + NativeLibrary.engineVersion());
            }
            // the stub fails only on a null handle, which enter() rules out
            if (rc != 0) throw new IllegalStateException("AbortAllCompactions/ResumeAllCompactions failed", c.failure(rc));
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksJava's compactRange with options (target level, last level,
     * exclusive, subcompactions), which {@code options} writes into a
     * {@code panrocks_compact_range_options}.
     */
    public void compactRange(FamilyHandle columnFamily, byte[] begin, byte[] end, Consumer<MemorySegment> options)
            throws RocksDBException {
        CallContext c = db.enterToWaitForBackgroundWork("a compaction");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_compact_range_options.allocate(arena);
            options.accept(o);
            int rc = panrocks_h.panrocks_compact_range_with(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), slice(arena, begin),
                    slice(arena, end), o, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksJava's compactFiles: the chosen files, compacted on this thread.
     * {@code options} writes the options into a {@code panrocks_compaction_options};
     * {@code jobInfo} (null: not wanted) is given the job's
     * {@code panrocks_compaction_info}, valid in the arena it comes with.
     *
     * @return the files written
     */
    public List<String> compactFiles(Consumer<MemorySegment> options, FamilyHandle columnFamily,
                                     List<String> inputFileNames, int outputLevel, int outputPathId,
                                     BiConsumer<MemorySegment, Arena> jobInfo) throws RocksDBException {
        List<String> names = List.copyOf(Objects.requireNonNull(inputFileNames, "inputFileNames")); // NPE on a null name
        for (String name : names) {
            // a C string: a zero character would cut the name short (and name another file)
            if (name.indexOf('\0') >= 0) throw new IllegalArgumentException("a file name must not contain a zero character");
        }
        CallContext c = db.enterToWaitForBackgroundWork("a compaction");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_compaction_options.allocate(arena);
            options.accept(o);
            MemorySegment array = arena.allocate(ValueLayout.ADDRESS, Math.max(1, names.size()));
            for (int i = 0; i < names.size(); i++) array.setAtIndex(ValueLayout.ADDRESS, i, arena.allocateFrom(names.get(i)));
            MemorySegment resultOut = arena.allocate(ValueLayout.ADDRESS);
            int rc = panrocks_h.panrocks_compact_files(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), o, array, names.size(),
                    outputLevel, outputPathId, resultOut, c.error);
            if (rc != 0) throw c.failure(rc);
            MemorySegment result = resultOut.get(ValueLayout.ADDRESS, 0);
            try {
                long count = panrocks_h.panrocks_compaction_result_output_count(result);
                List<String> written = new ArrayList<>((int) count);
                MemorySegment path = panrocks_slice.allocate(arena);
                for (long i = 0; i < count; i++) {
                    panrocks_h.panrocks_compaction_result_output(result, i, path);
                    written.add(text(path));
                }
                if (jobInfo != null) {
                    MemorySegment infoOut = arena.allocate(ValueLayout.ADDRESS);
                    panrocks_h.panrocks_compaction_result_info(result, infoOut);
                    MemorySegment info = infoOut.get(ValueLayout.ADDRESS, 0)
                            .reinterpret(panrocks_compaction_info.sizeof(), arena, null);
                    jobInfo.accept(info, arena);
                }
                return written;
            } finally {
                panrocks_h.panrocks_compaction_result_destroy(result);
            }
        } finally {
            db.exit(c);
        }
    }

    /** A copy of a slice's bytes as UTF-8 text. */
    private static String text(MemorySegment slice) {
        long size = panrocks_slice.size(slice);
        if (size == 0) return "";
        return new String(panrocks_slice.data(slice).reinterpret(size).toArray(ValueLayout.JAVA_BYTE),
                StandardCharsets.UTF_8);
    }

    /** A slice over a copy of bytes, or an empty (NULL) slice for null: an open bound. */
    private static MemorySegment slice(Arena arena, byte[] bytes) {
        MemorySegment s = panrocks_slice.allocate(arena);
        if (bytes != null) {
            panrocks_slice.data(s, arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes));
            panrocks_slice.size(s, bytes.length);
        }
        return s;
    }

    /** A property name crosses as a C string: a zero character would cut it short (and read another property). */
    private static String propertyName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.indexOf('\0') >= 0) throw new IllegalArgumentException("a property name must not contain a zero character");
        return name;
    }

    /** The property's text, or null if the family has no such property. */
    public String property(FamilyHandle columnFamily, String name) throws RocksDBException {
        propertyName(name);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocateFrom(name);
            MemorySegment cf = FamilyHandle.nativeHandle(columnFamily, db);
            return EngineText.read(c, Reads.NOT_FOUND, (buffer, capacity) -> panrocks_h.panrocks_get_property(db.handle(),
                    cf, n, buffer, capacity, c.size, c.error));
        } finally {
            c.trimScratch();
            db.exit(c);
        }
    }

    public long longProperty(FamilyHandle columnFamily, String name) throws RocksDBException {
        propertyName(name);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_get_int_property(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), arena.allocateFrom(name),
                    c.size, c.error);
            if (rc == Reads.NOT_FOUND) return -1;
            if (rc != 0) throw c.failure(rc);
            return c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            db.exit(c);
        }
    }

    public long aggregatedLongProperty(String name) throws RocksDBException {
        propertyName(name);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment known = arena.allocate(ValueLayout.JAVA_INT);
            int rc = panrocks_h.panrocks_aggregated_int_property(db.handle(), arena.allocateFrom(name), c.size, known,
                    c.error);
            if (rc != 0) throw c.failure(rc);
            return known.get(ValueLayout.JAVA_INT, 0) == 0 ? -1 : c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            db.exit(c);
        }
    }

    /**
     * The approximate sizes of the ranges {@code [starts[i], limits[i])}
     * (null: an open bound), counting memtables and blob files if asked.
     */
    public long[] approximateSizes(FamilyHandle columnFamily, byte[][] starts, byte[][] limits, boolean memtables,
                                   boolean blobFiles) throws RocksDBException {
        int include = (memtables ? panrocks_h.PANROCKS_SIZES_INCLUDE_MEMTABLES() : 0)
                | (blobFiles ? panrocks_h.PANROCKS_SIZES_INCLUDE_BLOB_FILES() : 0);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int n = starts.length;
            long slice = panrocks_slice.sizeof();
            MemorySegment startSlices = panrocks_slice.allocateArray(Math.max(n, 1), arena);
            MemorySegment limitSlices = panrocks_slice.allocateArray(Math.max(n, 1), arena);
            for (int i = 0; i < n; i++) {
                MemorySegment.copy(slice(arena, starts[i]), 0, startSlices, slice * i, slice);
                MemorySegment.copy(slice(arena, limits[i]), 0, limitSlices, slice * i, slice);
            }
            MemorySegment sizes = arena.allocate(ValueLayout.JAVA_LONG, Math.max(n, 1));
            int rc = panrocks_h.panrocks_approximate_sizes(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), n, startSlices, limitSlices,
                    include, sizes, c.error);
            if (rc == panrocks_h.PANROCKS_NOT_SUPPORTED()) {
                throw new UnsupportedOperationException("SizeApproximationFlag.INCLUDE_BLOB_FILES needs RocksDB 11 or later; "
                        + "panrocks runs on " + NativeLibrary.engineVersion());
            }
            if (rc != 0) throw c.failure(rc);
            return n == 0 ? new long[0] : sizes.toArray(ValueLayout.JAVA_LONG);
        } finally {
            db.exit(c);
        }
    }

    /** How many entries and bytes the memtables hold in {@code [start, limit)}: {count, size}. */
    public long[] memTableStats(FamilyHandle columnFamily, byte[] start, byte[] limit) {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = panrocks_h.panrocks_approximate_memtable_stats(db.handle(), FamilyHandle.nativeHandle(columnFamily, db),
                    slice(arena, start), slice(arena, limit), count, c.size, c.error);
            // the stub fails only on arguments checked above or on running out of native memory
            if (rc != 0) throw new IllegalStateException("GetApproximateMemTableStats failed", c.failure(rc));
            return new long[]{count.get(ValueLayout.JAVA_LONG, 0), c.size.get(ValueLayout.JAVA_LONG, 0)};
        } finally {
            db.exit(c);
        }
    }

    public void verifyChecksum() throws RocksDBException {
        db.run(panrocks_h::panrocks_verify_checksum);
    }

    /** The I/O activity counters, activity by activity (IOActivityStats' layout). */
    public long[] ioActivity() throws RocksDBException {
        int n = panrocks_h.PANROCKS_IO_ACTIVITIES() * panrocks_h.PANROCKS_IO_COUNTERS();
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment counters = arena.allocate(ValueLayout.JAVA_LONG, n);
            int rc = panrocks_h.panrocks_io_activity_counters(db.handle(), counters, n, c.error);
            if (rc != 0) throw c.failure(rc);
            return counters.toArray(ValueLayout.JAVA_LONG);
        } finally {
            db.exit(c);
        }
    }

    public String identity() throws RocksDBException {
        return db.text(panrocks_h::panrocks_get_db_identity);
    }

    /** RocksDB's GetDbSessionId: the ID of this opening of the DB. */
    public String sessionId() throws RocksDBException {
        return db.text(panrocks_h::panrocks_get_db_session_id);
    }

    /** RocksDB's Resume: writing again after a background error whose cause is gone. */
    public void resume() throws RocksDBException {
        db.run(panrocks_h::panrocks_resume);
    }

    /** A WAL file as RocksDB describes it: its name relative to the WAL directory, number, state, first sequence number and size. */
    public record WalFile(String path, long number, boolean alive, long startSequence, long size) {
    }

    /** RocksDB's GetCurrentWalFile: the WAL file being written. */
    public WalFile currentWalFile() throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment longs = arena.allocate(ValueLayout.JAVA_LONG, 4); // name size, number, start, size
            MemorySegment type = arena.allocate(ValueLayout.JAVA_INT);
            long capacity = 256;
            while (true) {
                MemorySegment name = arena.allocate(capacity);
                int rc = panrocks_h.panrocks_get_current_wal_file(db.handle(), name, capacity, longs,
                        longs.asSlice(8), longs.asSlice(16), longs.asSlice(24), type, c.error);
                if (rc != 0) throw c.failure(rc);
                long nameSize = longs.get(ValueLayout.JAVA_LONG, 0);
                if (nameSize > capacity) { // a longer name than expected: ask again with room for it
                    capacity = nameSize;
                    continue;
                }
                String path = new String(name.asSlice(0, nameSize).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
                return new WalFile(path, longs.get(ValueLayout.JAVA_LONG, 8),
                        type.get(ValueLayout.JAVA_INT, 0) == panrocks_h.PANROCKS_WAL_ALIVE(),
                        longs.get(ValueLayout.JAVA_LONG, 16), longs.get(ValueLayout.JAVA_LONG, 24));
            }
        } finally {
            db.exit(c);
        }
    }

    /** RocksDB's SyncWAL: the WAL written so far made durable. */
    public void syncWal() throws RocksDBException {
        db.run(panrocks_h::panrocks_sync_wal);
    }
}
