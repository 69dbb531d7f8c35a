package io.panrocks.callbacks;

import io.panrocks.AbstractEventListener;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.CompactionJobInfo;
import io.panrocks.CompactionReason;
import io.panrocks.DBOptions;
import io.panrocks.Env;
import io.panrocks.ExternalFileIngestionInfo;
import io.panrocks.FileOperationInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.FlushReason;
import io.panrocks.IngestExternalFileOptions;
import io.panrocks.MemTableInfo;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.SstFileManager;
import io.panrocks.SstFileWriter;
import io.panrocks.Status;
import io.panrocks.TableFileDeletionInfo;
import io.panrocks.WriteOptions;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The listener events beyond flush and compaction completion, the stall and
 * the background error (RocksJava's AbstractEventListener): each made to
 * fire by the real engine, every field checked.
 */
class MoreListenerEventsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    /** One event heard: its info, the DB passed (null for events without one) and the thread. */
    record Heard(Object info, RocksDB db, String thread) {
    }

    /** Records every event it overrides, in order. */
    static class Recorder extends AbstractEventListener {
        final List<Heard> heard = new CopyOnWriteArrayList<>();

        private void heard(RocksDB db, Object info) {
            heard.add(new Heard(info, db, Thread.currentThread().getName()));
        }

        <T> List<T> of(Class<T> type) {
            List<T> out = new ArrayList<>();
            for (Heard h : heard) if (type.isInstance(h.info())) out.add(type.cast(h.info()));
            return out;
        }

        /** The events' infos, in order. */
        List<Object> infos() {
            return heard.stream().map(Heard::info).toList();
        }

        Heard of(Object info) {
            return heard.stream().filter(h -> h.info() == info).findFirst().orElseThrow();
        }

        @Override
        public void onFlushBegin(RocksDB db, FlushJobInfo flushJobInfo) {
            heard(db, new Begin<>(flushJobInfo));
        }

        @Override
        public void onFlushCompleted(RocksDB db, FlushJobInfo flushJobInfo) {
            heard(db, flushJobInfo);
        }

        @Override
        public void onCompactionBegin(RocksDB db, CompactionJobInfo compactionJobInfo) {
            heard(db, new Begin<>(compactionJobInfo));
        }

        @Override
        public void onCompactionCompleted(RocksDB db, CompactionJobInfo compactionJobInfo) {
            heard(db, compactionJobInfo);
        }

        @Override
        public void onTableFileDeleted(TableFileDeletionInfo tableFileDeletionInfo) {
            heard(null, tableFileDeletionInfo);
        }

        @Override
        public void onMemTableSealed(MemTableInfo memTableInfo) {
            heard(null, memTableInfo);
        }

        @Override
        public void onColumnFamilyHandleDeletionStarted(ColumnFamilyHandle columnFamilyHandle) {
            heard(null, columnFamilyHandle);
        }

        @Override
        public void onExternalFileIngested(RocksDB db, ExternalFileIngestionInfo externalFileIngestionInfo) {
            heard(db, externalFileIngestionInfo);
        }
    }

    /** A begin event's info (the same types as the completion's). */
    record Begin<T>(T info) {
    }

    static void await(BooleanSupplier condition, Object what) throws InterruptedException {
        for (int i = 0; i < 300 && !condition.getAsBoolean(); i++) Thread.sleep(50);
        assertTrue(condition.getAsBoolean(), () -> "not seen in 15 s: " + what);
    }

    @Test
    void aFlushBeginsWithTheInfoOfItsEndBeforeAnythingIsWritten() throws Exception {
        Recorder r = new Recorder();
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setListeners(List.of(r)))) {
            for (int i = 0; i < 5; i++) db.put(bytes("k" + i), bytes("v"));
            db.flush();
            List<Object> flushEvents = r.infos().stream()
                    .filter(e -> e instanceof FlushJobInfo || e instanceof Begin<?> b && b.info() instanceof FlushJobInfo)
                    .toList();
            assertEquals(2, flushEvents.size(), flushEvents::toString);
            FlushJobInfo begin = (FlushJobInfo) ((Begin<?>) flushEvents.get(0)).info();
            FlushJobInfo end = (FlushJobInfo) flushEvents.get(1);
            assertEquals("default", begin.getColumnFamilyName());
            assertEquals(0, begin.getColumnFamilyId());
            // the table has no number yet: RocksDB names file 0 in the DB's folder
            assertEquals(Path.of(end.getFilePath()).resolveSibling("000000.sst").toString(), begin.getFilePath());
            assertEquals(end.getJobId(), begin.getJobId());
            assertEquals(end.getThreadId(), begin.getThreadId());
            assertEquals(FlushReason.MANUAL_FLUSH, begin.getFlushReason());
            // nor sequence numbers: RocksDB's "none yet" (its largest sequence number, then 0)
            assertEquals((1L << 56) - 1, begin.getSmallestSeqno());
            assertEquals(0, begin.getLargestSeqno());
            assertEquals(1, end.getSmallestSeqno());
            assertEquals(5, end.getLargestSeqno());
            assertEquals(0, begin.getNumEntries());  // nothing written yet
            assertEquals(0, begin.getDataSize());
            assertFalse(begin.isTriggeredWritesSlowdown());
            assertFalse(begin.isTriggeredWritesStop());
            assertEquals(5, end.getNumEntries());
            assertSame(db, r.of(flushEvents.get(0)).db());
            assertFalse(r.of(flushEvents.get(0)).thread().equals(Thread.currentThread().getName()));
        }
    }

    @Test
    void aCompactionBeginsWithItsInputsAndNoOutputs() throws Exception {
        Recorder r = new Recorder();
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(r)).setDisableAutoCompactions(true);
        try (RocksDB db = fixture.open(o)) {
            for (int f = 0; f < 2; f++) {
                for (int i = 0; i < 10; i++) db.put(bytes("k" + i), bytes("v" + f));
                db.flush();
            }
            db.compactRange();
            List<CompactionJobInfo> ends = r.of(CompactionJobInfo.class);
            assertFalse(ends.isEmpty());
            CompactionJobInfo end = ends.get(0);
            @SuppressWarnings("unchecked")
            Begin<CompactionJobInfo> began = r.infos().stream().filter(e -> e instanceof Begin<?> b
                    && b.info() instanceof CompactionJobInfo c && c.getJobId() == end.getJobId())
                    .map(e -> (Begin<CompactionJobInfo>) e).findFirst().orElseThrow();
            CompactionJobInfo begin = began.info();
            assertTrue(r.infos().indexOf(began) < r.infos().indexOf(end));
            assertEquals("default", new String(begin.columnFamilyName()));
            assertEquals(Status.Code.Ok, begin.status().code());
            assertEquals(CompactionReason.MANUAL_COMPACTION, begin.compactionReason());
            assertEquals(end.inputFiles(), begin.inputFiles());
            assertEquals(2, begin.inputFiles().size());
            assertEquals(List.of(), begin.outputFiles());
            assertEquals(0, begin.getBaseInputLevel());
            assertEquals(end.outputLevel(), begin.outputLevel());
            assertEquals(end.threadId(), begin.threadId());
            assertEquals(0, begin.getOutputRecords());
            assertSame(db, r.of(began).db());
        }
    }

    @Test
    void theInputsOfACompactionAreReportedDeleted() throws Exception {
        Recorder r = new Recorder();
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(r)).setDisableAutoCompactions(true);
        try (RocksDB db = fixture.open(o)) {
            for (int f = 0; f < 2; f++) {
                for (int i = 0; i < 10; i++) db.put(bytes("k" + i), bytes("v" + f));
                db.flush();
            }
            db.compactRange();
            CompactionJobInfo c = r.of(CompactionJobInfo.class).get(0);
            await(() -> r.of(TableFileDeletionInfo.class).size() >= 2, "two deletions");
            List<TableFileDeletionInfo> deleted = r.of(TableFileDeletionInfo.class);
            assertEquals(2, deleted.size(), deleted::toString);
            assertEquals(c.inputFiles().stream().sorted().toList(),
                    deleted.stream().map(TableFileDeletionInfo::getFilePath).sorted().toList());
            for (TableFileDeletionInfo d : deleted) {
                assertEquals(db.getName(), d.getDbName());
                assertEquals(Status.Code.Ok, d.getStatus().code());
                assertEquals(c.getJobId(), d.getJobId());
                assertFalse(Files.exists(Path.of(d.getFilePath())), d.getFilePath());
            }
        }
    }

    @Test
    void aSealedMemtableCountsItsEntriesAndDeletions() throws Exception {
        Recorder r = new Recorder();
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setListeners(List.of(r)))) {
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("b"), bytes("2"));
            db.delete(bytes("a"));
            db.flush();
            db.put(bytes("c"), bytes("3"));
            db.flush();
            List<MemTableInfo> sealed = r.of(MemTableInfo.class);
            assertEquals(2, sealed.size(), sealed::toString);
            MemTableInfo first = sealed.get(0), second = sealed.get(1);
            assertEquals("default", first.getColumnFamilyName());
            assertEquals(3, first.getNumEntries());
            assertEquals(1, first.getNumDeletes());
            assertEquals(1, first.getFirstSeqno());
            assertEquals(0, first.getEarliestSeqno());
            assertEquals(1, second.getNumEntries());
            assertEquals(0, second.getNumDeletes());
            assertEquals(4, second.getFirstSeqno());
            assertEquals(3, second.getEarliestSeqno());  // the last sequence number when it was created
            assertEquals(new MemTableInfo_(first).toString(), first.toString());
        }
    }

    /** toString's expected form, built from the getters. */
    record MemTableInfo_(MemTableInfo m) {
        @Override
        public String toString() {
            return "MemTableInfo{columnFamilyName='" + m.getColumnFamilyName() + "', firstSeqno=" + m.getFirstSeqno()
                    + ", earliestSeqno=" + m.getEarliestSeqno() + ", numEntries=" + m.getNumEntries()
                    + ", numDeletes=" + m.getNumDeletes() + "}";
        }
    }

    @Test
    void aClosedHandleIsReportedAsItIsDeletedAndSoAreTheDbsOnItsClose(@TempDir Path dir) throws Exception {
        Recorder r = new Recorder();
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        DBOptions o = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true).setListeners(List.of(r));
        RocksDB db = RocksDB.open(o, dir, List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                new ColumnFamilyDescriptor(bytes("other"))), handles);
        try {
            ColumnFamilyHandle other = handles.get(1);
            db.put(other, bytes("k"), bytes("v"));
            assertTrue(r.of(ColumnFamilyHandle.class).isEmpty());
            other.close();
            await(() -> !r.of(ColumnFamilyHandle.class).isEmpty(), "the handle's deletion");
            ColumnFamilyHandle reported = r.of(ColumnFamilyHandle.class).get(0);
            assertArrayEquals(bytes("other"), reported.getName());
            assertEquals(other.getID(), reported.getID());
            assertEquals(other, reported);
            assertFalse(reported.isDefaultColumnFamily());
            assertFalse(reported.isOwningHandle());
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> db.put(reported, bytes("k"), bytes("v")));
            assertEquals("ColumnFamilyHandle is closed", e.getMessage());
            ColumnFamilyHandle again = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("third")));
            db.dropColumnFamily(again);
            again.close();
            await(() -> r.of(ColumnFamilyHandle.class).size() == 2, "the dropped handle's deletion");
            assertArrayEquals(bytes("third"), r.of(ColumnFamilyHandle.class).get(1).getName());
        } finally {
            db.close();
        }
        // the DB's close deletes the handles left: RocksDB's own of the default family among them
        List<String> names = r.of(ColumnFamilyHandle.class).stream().map(h -> new String(h.getName())).toList();
        assertTrue(names.subList(2, names.size()).contains("default"), names::toString);
        for (ColumnFamilyHandle h : r.of(ColumnFamilyHandle.class)) assertTrue(h.isReleased());
    }

    @Test
    void anIngestedFileIsReportedWithWhereItWentAndItsSequenceNumber(@TempDir Path dir) throws Exception {
        Recorder r = new Recorder();
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(r));
        Path external = dir.resolve("external.sst");
        try (SstFileWriter writer = new SstFileWriter(o)) {
            writer.open(external.toString());
            writer.put(bytes("a"), bytes("from the file"));
            writer.put(bytes("b"), bytes("from the file"));
            writer.finish();
        }
        try (RocksDB db = fixture.open(o)) {
            db.put(bytes("a"), bytes("older"));  // overlaps: the file's keys get a new sequence number
            db.ingestExternalFile(List.of(external.toString()), new IngestExternalFileOptions());
            List<ExternalFileIngestionInfo> ingested = r.of(ExternalFileIngestionInfo.class);
            assertEquals(1, ingested.size());
            ExternalFileIngestionInfo i = ingested.get(0);
            assertEquals("default", i.getColumnFamilyName());
            assertEquals(external.toRealPath().toString(), Path.of(i.getExternalFilePath()).toRealPath().toString());
            Path internal = Path.of(i.getInternalFilePath());
            assertEquals(Path.of(db.getName()).toRealPath(), internal.getParent().toRealPath());
            assertTrue(internal.getFileName().toString().endsWith(".sst"), internal.toString());
            assertTrue(Files.exists(internal));
            assertEquals(2, i.getGlobalSeqno());
            assertEquals(db.getLatestSequenceNumber(), i.getGlobalSeqno());
            assertSame(db, r.of(i).db());
            assertEquals(Thread.currentThread().getName(), r.of(i).thread());
            assertArrayEquals(bytes("from the file"), db.get(bytes("a")));
        }
    }

    // ---- file I/O -------------------------------------------------------------------------------

    /** Records every file I/O event, and says yes to shouldBeNotifiedOnFileIO when told to. */
    static class FileRecorder extends AbstractEventListener {
        final boolean notify;
        final List<Op> ops = new CopyOnWriteArrayList<>();

        /** One file event: which, and its info. */
        record Op(String kind, FileOperationInfo info) {
        }

        FileRecorder(boolean notify) {
            this.notify = notify;
        }

        private void heard(String kind, FileOperationInfo f) {
            ops.add(new Op(kind, f));
        }

        List<FileOperationInfo> of(String kind) {
            return ops.stream().filter(o -> o.kind().equals(kind)).map(Op::info).toList();
        }

        String kinds() {
            return ops.stream().map(o -> o.kind() + " " + o.info().getPath()).toList().toString();
        }

        @Override
        public boolean shouldBeNotifiedOnFileIO() {
            return notify;
        }

        @Override
        public void onFileReadFinish(FileOperationInfo f) {
            heard("read", f);
        }

        @Override
        public void onFileWriteFinish(FileOperationInfo f) {
            heard("write", f);
        }

        @Override
        public void onFileFlushFinish(FileOperationInfo f) {
            heard("flush", f);
        }

        @Override
        public void onFileSyncFinish(FileOperationInfo f) {
            heard("sync", f);
        }

        @Override
        public void onFileRangeSyncFinish(FileOperationInfo f) {
            heard("range-sync", f);
        }

        @Override
        public void onFileTruncateFinish(FileOperationInfo f) {
            heard("truncate", f);
        }

        @Override
        public void onFileCloseFinish(FileOperationInfo f) {
            heard("close", f);
        }
    }

    @Test
    void fileOperationsAreReportedWithTheirRangeTimeAndStatus() throws Exception {
        FileRecorder r = new FileRecorder(true);
        // a range sync needs more than a megabyte written past the last one: RocksDB leaves the last MiB unsynced
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(r)).setBytesPerSync(64 << 10);
        long before = System.currentTimeMillis() * 1_000_000L;
        byte[] big = new byte[3 << 20];
        new java.util.Random(7).nextBytes(big);
        try (RocksDB db = fixture.open(o)) {
            db.put(new WriteOptions().setSync(true), bytes("k"), bytes("v"));
            db.put(bytes("big"), big);
            db.flush();
            r.ops.clear();
            assertArrayEquals(bytes("v"), db.get(bytes("k")));
            assertFalse(r.of("read").isEmpty(), "a get that missed the block cache read the table");
            FileOperationInfo read = r.of("read").get(0);
            assertTrue(read.getPath().endsWith(".sst"), read::toString);
            assertTrue(read.getLength() > 0, read::toString);
        }
        long after = System.currentTimeMillis() * 1_000_000L + 1_000_000L;
        try (RocksDB db = fixture.open(o)) {
            db.put(new WriteOptions().setSync(true), bytes("k2"), bytes("v"));
            db.put(bytes("big"), big);
            db.flush();
        }
        long end = System.currentTimeMillis() * 1_000_000L + 1_000_000L;
        for (FileRecorder.Op op : r.ops) {
            FileOperationInfo f = op.info();
            assertEquals(Status.Code.Ok, f.getStatus().code(), f::toString);
            assertTrue(f.getDuration() >= 0, f::toString);
            assertTrue(f.getStartTimestamp() >= before && f.getStartTimestamp() <= end, f::toString);
            assertTrue(Path.of(f.getPath()).isAbsolute(), f::toString);
        }
        assertTrue(r.of("read").get(0).getStartTimestamp() <= after);
        // the synced put: a write of its record to the WAL, then a sync of the WAL
        assertTrue(r.of("write").stream().anyMatch(f -> f.getPath().endsWith(".log") && f.getLength() > 0), r::kinds);
        assertTrue(r.of("sync").stream().anyMatch(f -> f.getPath().endsWith(".log")), r::kinds);
        // the flushed table: written, synced, range-synced as it grew, closed
        List<FileOperationInfo> tableWrites = r.of("write").stream().filter(f -> f.getPath().endsWith(".sst")).toList();
        assertFalse(tableWrites.isEmpty());
        long written = tableWrites.stream().mapToLong(FileOperationInfo::getLength).sum();
        assertTrue(written >= big.length, "table bytes written " + written);
        assertTrue(r.of("sync").stream().anyMatch(f -> f.getPath().endsWith(".sst")), r::kinds);
        assertTrue(r.of("range-sync").stream().anyMatch(f -> f.getPath().endsWith(".sst") && f.getLength() > 0),
                r::kinds);
        assertTrue(r.of("close").stream().anyMatch(f -> f.getPath().endsWith(".sst")), r::kinds);
        assertTrue(r.of("flush").stream().anyMatch(f -> f.getPath().endsWith(".log")), r::kinds);
    }

    @Test
    void aTruncationIsReportedWithDirectIo(@TempDir Path dir) throws Exception {
        FileRecorder r = new FileRecorder(true);
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(r))
                .setUseDirectIoForFlushAndCompaction(true);
        RocksDB db;
        try {
            db = RocksDB.open(o, dir);
        } catch (RocksDBException noDirectIo) {
            org.junit.jupiter.api.Assumptions.abort("no direct I/O on this file system: " + noDirectIo.getMessage());
            return;
        }
        try (db) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
        }
        // with direct I/O a table is written in whole pages, then cut to its size
        List<FileOperationInfo> truncated = r.of("truncate");
        assertFalse(truncated.isEmpty(), r::kinds);
        FileOperationInfo t = truncated.get(0);
        assertTrue(t.getPath().endsWith(".sst"), t::toString);
        assertEquals(Status.Code.Ok, t.getStatus().code());
        assertEquals(0, t.getOffset(), t::toString);  // RocksDB gives no size with a truncation
        assertEquals(0, t.getLength(), t::toString);
    }

    @Test
    void fileEventsNeedTheListenersYesAndOnlyTheOverriddenOnesArrive() throws Exception {
        FileRecorder silent = new FileRecorder(false);  // overrides them all, but says no (RocksJava's default)
        List<String> syncs = new CopyOnWriteArrayList<>();
        AbstractEventListener syncsOnly = new AbstractEventListener() {
            @Override
            public boolean shouldBeNotifiedOnFileIO() {
                return true;
            }

            @Override
            public void onFileSyncFinish(FileOperationInfo f) {
                syncs.add(f.getPath());
            }
        };
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(silent, syncsOnly));
        try (RocksDB db = fixture.open(o)) {
            db.put(new WriteOptions().setSync(true), bytes("k"), bytes("v"));
            db.flush();
            db.get(bytes("k"));
        }
        assertEquals(List.of(), silent.ops);
        assertFalse(syncs.isEmpty());
    }

    @Test
    void aListenerThatThrowsFromShouldBeNotifiedOnFileIoFailsTheOpen(@TempDir Path dir) {
        AbstractEventListener broken = new AbstractEventListener() {
            @Override
            public boolean shouldBeNotifiedOnFileIO() {
                throw new IllegalStateException("asked and failed");
            }

            @Override
            public void onFileReadFinish(FileOperationInfo f) {
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(broken)), dir));
        assertEquals("asked and failed", e.getMessage());
        assertFalse(Files.exists(dir.resolve("CURRENT")));
    }

    // ---- error recovery -------------------------------------------------------------------------

    /** Hears a background error and the recovery around it; answers onErrorRecoveryBegin with {@code recover}. */
    static class RecoveryRecorder extends AbstractEventListener {
        final boolean recover;
        final List<Object> heard = new CopyOnWriteArrayList<>();

        RecoveryRecorder(boolean recover) {
            this.recover = recover;
        }

        @Override
        public void onBackgroundError(BackgroundErrorReason reason, Status backgroundError) {
            heard.add("error " + reason);
            heard.add(backgroundError);
        }

        @Override
        public boolean onErrorRecoveryBegin(BackgroundErrorReason reason, Status backgroundError) {
            heard.add("begin " + reason);
            heard.add(backgroundError);
            return recover;
        }

        @Override
        public void onErrorRecoveryCompleted(Status oldBackgroundError) {
            heard.add("completed");
            heard.add(oldBackgroundError);
        }
    }

    /**
     * Fills the SST file manager's allowance with one flush: a background
     * error RocksDB recovers from by itself once the manager sees room again
     * (the limit lifted here; it looks at once, then every 5 seconds).
     */
    static RocksDBException overTheSpaceLimit(RocksDB db, SstFileManager files) {
        files.setMaxAllowedSpaceUsage(1);
        try {
            db.put(bytes("k"), bytes("v"));
        } catch (RocksDBException e) {
            throw new AssertionError(e);
        }
        RocksDBException full = assertThrows(RocksDBException.class, db::flush);
        files.setMaxAllowedSpaceUsage(0);
        return full;
    }

    @Test
    void rocksDbRecoversFromASpaceLimitAndTellsTheListenerBeforeAndAfter() throws Exception {
        RecoveryRecorder r = new RecoveryRecorder(true);
        try (SstFileManager files = new SstFileManager(Env.getDefault());
             RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setSstFileManager(files)
                     .setListeners(List.of(r)))) {
            RocksDBException full = overTheSpaceLimit(db, files);
            assertEquals(Status.Code.IOError, full.getStatus().getCode(), full.getMessage());
            await(() -> r.heard.contains("completed"), "the recovery's end: " + r.heard);
            assertEquals(6, r.heard.size(), r.heard::toString);
            assertEquals("error FLUSH", r.heard.get(0));
            assertEquals("begin FLUSH", r.heard.get(2));
            assertEquals("completed", r.heard.get(4));
            Status error = (Status) r.heard.get(1);
            assertEquals(Status.Code.IOError, error.code());
            assertEquals(Status.SubCode.SpaceLimit, error.subCode());
            assertEquals(Status.Severity.HardError, error.severity());
            assertEquals("Max allowed space was reached", error.state());
            assertEquals(error, r.heard.get(3));
            assertEquals(error, r.heard.get(5));
            db.put(bytes("after"), bytes("v"));  // writes work again
            db.flush();
            assertArrayEquals(bytes("v"), db.get(bytes("after")));
        }
    }

    @Test
    void aListenerThatRefusesTheRecoveryLeavesTheDbStopped() throws Exception {
        RecoveryRecorder r = new RecoveryRecorder(false);
        try (SstFileManager files = new SstFileManager(Env.getDefault());
             RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setSstFileManager(files)
                     .setListeners(List.of(r)))) {
            overTheSpaceLimit(db, files);
            await(() -> r.heard.contains("begin FLUSH"), "the recovery's begin");
            Thread.sleep(6000);  // longer than the manager's 5 seconds between looks
            assertFalse(r.heard.contains("completed"), r.heard::toString);
            RocksDBException stopped = assertThrows(RocksDBException.class, () -> db.put(bytes("after"), bytes("v")));
            assertEquals(Status.Code.IOError, stopped.getStatus().getCode(), stopped.getMessage());
            assertArrayEquals(bytes("v"), db.get(bytes("k")));  // reads go on
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void aRecoveryBeginThatThrowsLetsRocksDbRecover() throws Exception {
        List<String> heard = new CopyOnWriteArrayList<>();
        AbstractEventListener thrower = new AbstractEventListener() {
            @Override
            public boolean onErrorRecoveryBegin(BackgroundErrorReason reason, Status backgroundError) {
                heard.add("begin");
                throw new IllegalStateException("recovery listener boom");
            }

            @Override
            public void onErrorRecoveryCompleted(Status oldBackgroundError) {
                heard.add("completed");
            }
        };
        try (SstFileManager files = new SstFileManager(Env.getDefault());
             RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setSstFileManager(files)
                     .setListeners(List.of(thrower)))) {
            overTheSpaceLimit(db, files);
            await(() -> heard.contains("completed"), "the recovery's end: " + heard);
            assertEquals(List.of("begin", "completed"), heard);
            assertNotNull(db.callbackFailure());
            assertEquals("recovery listener boom", db.callbackFailure().getMessage());
            db.put(bytes("after"), bytes("v"));
        }
    }
}
