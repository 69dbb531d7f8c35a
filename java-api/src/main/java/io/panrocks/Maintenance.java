package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
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

/**
 * The cold paths behind {@link RocksDB}: flush, compaction, properties and
 * size estimates. Each runs inside a call (so the DB's close waits for it)
 * and allocates freely: none of them is on a hot path.
 */
final class Maintenance {
    private final NativeDb db;

    Maintenance(NativeDb db) {
        this.db = db;
    }


    void flush(ColumnFamilyHandle columnFamily) throws RocksDBException {
        CallContext c = db.enterToWaitForBackgroundWork("a flush");
        try {
            int rc = panrocks_h.panrocks_flush(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), 1, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    void compactRange(ColumnFamilyHandle columnFamily, byte[] begin, byte[] end) throws RocksDBException {
        CallContext c = db.enterToWaitForBackgroundWork("a compaction");
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_compact_range(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), slice(arena, begin),
                    slice(arena, end), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** RocksJava's flush with options: the families together (atomically with {@code atomicFlush}). */
    void flush(FlushOptions options, List<ColumnFamilyHandle> families) throws RocksDBException {
        Objects.requireNonNull(options, "flushOptions");
        List<ColumnFamilyHandle> copy = new ArrayList<>(Objects.requireNonNull(families, "columnFamilies"));
        CallContext c = options.waitForFlush() ? db.enterToWaitForBackgroundWork("a flush") : db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment array = arena.allocate(ValueLayout.ADDRESS, Math.max(1, copy.size()));
            for (int i = 0; i < copy.size(); i++) array.setAtIndex(ValueLayout.ADDRESS, i, ColumnFamilyHandle.nativeHandle(copy.get(i), db));
            int rc = panrocks_h.panrocks_flush_families(db.handle(), array, copy.size(), options.waitForFlush() ? 1 : 0,
                    options.allowWriteStall() ? 1 : 0, options.listenerWait() ? 1 : 0, c.error);
            if (rc == panrocks_h.PANROCKS_NOT_SUPPORTED() && options.listenerWait()) {
                throw new UnsupportedOperationException("FlushOptions.listenerWait needs RocksDB 11.8 or later; "
                        + "panrocks runs on " + RocksDB.engineVersion());
            }
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** RocksJava 11's abortAllCompactions (abort) and resumeAllCompactions. */
    void abortOrResumeAllCompactions(boolean abort) {
        // an abort waits for the running compactions, which may be waiting for a callback on this thread
        CallContext c = abort ? db.enterToWaitForBackgroundWork("aborting compactions") : db.enter();
        try {
            int rc = abort ? panrocks_h.panrocks_abort_all_compactions(db.handle(), c.error)
                    : panrocks_h.panrocks_resume_all_compactions(db.handle(), c.error);
            if (rc == panrocks_h.PANROCKS_NOT_SUPPORTED()) {
                throw new UnsupportedOperationException((abort ? "abortAllCompactions" : "resumeAllCompactions")
                        + " needs RocksDB 11 or later; panrocks runs on " + RocksDB.engineVersion());
            }
            // the stub fails only on a null handle, which enter() rules out
            if (rc != 0) throw new IllegalStateException("AbortAllCompactions/ResumeAllCompactions failed", c.failure(rc));
        } finally {
            db.exit(c);
        }
    }

    /** RocksJava's compactRange with options (target level, last level, exclusive, subcompactions). */
    void compactRange(ColumnFamilyHandle columnFamily, byte[] begin, byte[] end, CompactRangeOptions options)
            throws RocksDBException {
        Objects.requireNonNull(options, "compactRangeOptions");
        CallContext c = db.enterToWaitForBackgroundWork("a compaction");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_compact_range_options.allocate(arena);
            options.fill(o);
            int rc = panrocks_h.panrocks_compact_range_with(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), slice(arena, begin),
                    slice(arena, end), o, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** RocksJava's compactFiles: the chosen files, compacted on this thread. */
    List<String> compactFiles(CompactionOptions options, ColumnFamilyHandle columnFamily, List<String> inputFileNames,
                              int outputLevel, int outputPathId, CompactionJobInfo jobInfo) throws RocksDBException {
        Objects.requireNonNull(options, "compactionOptions");
        List<String> names = List.copyOf(Objects.requireNonNull(inputFileNames, "inputFileNames")); // NPE on a null name
        for (String name : names) {
            // a C string: a zero character would cut the name short (and name another file)
            if (name.indexOf('\0') >= 0) throw new IllegalArgumentException("a file name must not contain a zero character");
        }
        CallContext c = db.enterToWaitForBackgroundWork("a compaction");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_compaction_options.allocate(arena);
            options.fill(o);
            MemorySegment array = arena.allocate(ValueLayout.ADDRESS, Math.max(1, names.size()));
            for (int i = 0; i < names.size(); i++) array.setAtIndex(ValueLayout.ADDRESS, i, arena.allocateFrom(names.get(i)));
            MemorySegment resultOut = arena.allocate(ValueLayout.ADDRESS);
            int rc = panrocks_h.panrocks_compact_files(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), o, array, names.size(),
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
                    jobInfo.assign(ListenerBinding.compactionJobInfo(info, arena));
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

    String property(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        propertyName(name);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocateFrom(name);
            MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, db);
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            int rc = panrocks_h.panrocks_get_property(db.handle(), cf, n, buffer, buffer.byteSize(), c.size, c.error);
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw c.failure(rc);
            long size = c.size.get(ValueLayout.JAVA_LONG, 0);
            if (size > buffer.byteSize()) {
                buffer = f.buffer(size);
                rc = panrocks_h.panrocks_get_property(db.handle(), cf, n, buffer, buffer.byteSize(), c.size, c.error);
                if (rc != 0) throw c.failure(rc);
                size = Math.min(c.size.get(ValueLayout.JAVA_LONG, 0), buffer.byteSize());
            }
            return new String(buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        } finally {
            c.trimScratch();
            db.exit(c);
        }
    }

    long longProperty(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        propertyName(name);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_get_int_property(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), arena.allocateFrom(name),
                    c.size, c.error);
            if (rc == Reads.NOT_FOUND) return -1;
            if (rc != 0) throw c.failure(rc);
            return c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            db.exit(c);
        }
    }

    long aggregatedLongProperty(String name) throws RocksDBException {
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

    long[] approximateSizes(ColumnFamilyHandle columnFamily, List<Range> ranges, SizeApproximationFlag... flags)
            throws RocksDBException {
        Objects.requireNonNull(ranges, "ranges");
        Objects.requireNonNull(flags, "flags");
        List<Range> copy = new ArrayList<>(ranges); // the caller's list may change under us
        for (Range r : copy) Objects.requireNonNull(r, "ranges must not contain null");
        int include = 0;
        for (SizeApproximationFlag f : flags) {
            if (f == SizeApproximationFlag.INCLUDE_MEMTABLES) include |= panrocks_h.PANROCKS_SIZES_INCLUDE_MEMTABLES();
            if (f == SizeApproximationFlag.INCLUDE_BLOB_FILES) include |= panrocks_h.PANROCKS_SIZES_INCLUDE_BLOB_FILES();
        }
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int n = copy.size();
            long slice = panrocks_slice.sizeof();
            MemorySegment starts = panrocks_slice.allocateArray(Math.max(n, 1), arena);
            MemorySegment limits = panrocks_slice.allocateArray(Math.max(n, 1), arena);
            for (int i = 0; i < n; i++) {
                MemorySegment.copy(slice(arena, copy.get(i).start()), 0, starts, slice * i, slice);
                MemorySegment.copy(slice(arena, copy.get(i).limit()), 0, limits, slice * i, slice);
            }
            MemorySegment sizes = arena.allocate(ValueLayout.JAVA_LONG, Math.max(n, 1));
            int rc = panrocks_h.panrocks_approximate_sizes(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), n, starts, limits,
                    include, sizes, c.error);
            if (rc == panrocks_h.PANROCKS_NOT_SUPPORTED()) {
                throw new UnsupportedOperationException("SizeApproximationFlag.INCLUDE_BLOB_FILES needs RocksDB 11 or later; "
                        + "panrocks runs on " + RocksDB.engineVersion());
            }
            if (rc != 0) throw c.failure(rc);
            return n == 0 ? new long[0] : sizes.toArray(ValueLayout.JAVA_LONG);
        } finally {
            db.exit(c);
        }
    }

    RocksDB.CountAndSize memTableStats(ColumnFamilyHandle columnFamily, Range range) {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = panrocks_h.panrocks_approximate_memtable_stats(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db),
                    slice(arena, range.start()), slice(arena, range.limit()), count, c.size, c.error);
            // the stub fails only on arguments checked above or on running out of native memory
            if (rc != 0) throw new IllegalStateException("GetApproximateMemTableStats failed", c.failure(rc));
            return new RocksDB.CountAndSize(count.get(ValueLayout.JAVA_LONG, 0), c.size.get(ValueLayout.JAVA_LONG, 0));
        } finally {
            db.exit(c);
        }
    }

    void verifyChecksum() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_verify_checksum(db.handle(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    IOActivityStats ioActivity() throws RocksDBException {
        int n = panrocks_h.PANROCKS_IO_ACTIVITIES() * panrocks_h.PANROCKS_IO_COUNTERS();
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment counters = arena.allocate(ValueLayout.JAVA_LONG, n);
            int rc = panrocks_h.panrocks_io_activity_counters(db.handle(), counters, n, c.error);
            if (rc != 0) throw c.failure(rc);
            return new IOActivityStats(counters.toArray(ValueLayout.JAVA_LONG));
        } finally {
            db.exit(c);
        }
    }

    String identity() throws RocksDBException {
        CallContext c = db.enter();
        try {
            MemorySegment buffer = c.frame().buffer();
            int rc = panrocks_h.panrocks_get_db_identity(db.handle(), buffer, buffer.byteSize(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            long size = c.size.get(ValueLayout.JAVA_LONG, 0);
            if (size > buffer.byteSize()) {
                buffer = c.frame().buffer(size);
                rc = panrocks_h.panrocks_get_db_identity(db.handle(), buffer, buffer.byteSize(), c.size, c.error);
                if (rc != 0) throw c.failure(rc);
            }
            return new String(buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        } finally {
            db.exit(c);
        }
    }

    /** RocksDB's GetDbSessionId: the ID of this opening of the DB. */
    String sessionId() throws RocksDBException {
        CallContext c = db.enter();
        try {
            MemorySegment buffer = c.frame().buffer();
            int rc = panrocks_h.panrocks_get_db_session_id(db.handle(), buffer, buffer.byteSize(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            long size = c.size.get(ValueLayout.JAVA_LONG, 0);
            if (size > buffer.byteSize()) {
                buffer = c.frame().buffer(size);
                rc = panrocks_h.panrocks_get_db_session_id(db.handle(), buffer, buffer.byteSize(), c.size, c.error);
                if (rc != 0) throw c.failure(rc);
            }
            return new String(buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII);
        } finally {
            db.exit(c);
        }
    }

    /** RocksDB's Resume: writing again after a background error whose cause is gone. */
    void resume() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_resume(db.handle(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** RocksDB's SyncWAL: the WAL written so far made durable. */
    void syncWal() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_sync_wal(db.handle(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }
}
