package io.panrocks.faults;

import io.panrocks.BackupEngine;
import io.panrocks.BackupEngineOptions;
import io.panrocks.Checkpoint;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.CompactionOptions;
import io.panrocks.EnvOptions;
import io.panrocks.ExportImportFilesMetaData;
import io.panrocks.ImportColumnFamilyOptions;
import io.panrocks.IngestExternalFileOptions;
import io.panrocks.LiveFileMetaData;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RestoreOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.SstFileReader;
import io.panrocks.SstFileReaderIterator;
import io.panrocks.SstFileWriter;
import io.panrocks.TransactionLogIterator;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * An operation that touches files, as the fault matrix runs it: what it needs
 * before the fault ({@code prepare}), the operation itself ({@code run}, under
 * the fault), and, when it returned normally, the check that it did what it
 * says once the fault is gone ({@code check}): a success that left nothing
 * behind is a silent no-op. {@code covers} names the public methods
 * ("Type.method") whose engine path it is; {@link FaultMatrixTest} fails on a
 * method that touches files and is covered by none.
 */
record Operation(String name, List<String> covers, Step prepare, Step run, Step check, Recovery recovery) {
    @FunctionalInterface
    interface Step {
        void on(Cell c) throws Exception;
    }

    /**
     * What an operation with state of its own (a Kafka store beside the
     * cell's DB) checks once the fault is gone, whatever the operation's
     * outcome: it returns what it found for the cell's line, and throws on a
     * wrong answer or a lost write.
     */
    @FunctionalInterface
    interface Recovery {
        String after(Cell c, Fault fault) throws Exception;
    }

    static final Step NOTHING = c -> {
    };

    /** An operation whose state is the cell's DB (the generic recovery checks it). */
    Operation(String name, List<String> covers, Step prepare, Step run, Step check) {
        this(name, covers, prepare, run, check, (c, fault) -> "");
    }

    /** What to write into an SST file of the cell: 50 keys of the "x" range. */
    private static void writeSst(Path file) throws RocksDBException {
        try (SstFileWriter w = new SstFileWriter(new EnvOptions(), new Options())) {
            w.open(file);
            for (int i = 0; i < 50; i++) w.put(bytes(String.format("x%03d", i)), Cell.value("x" + i, 700));
            w.finish();
        }
    }

    private static void readSst(Path file) throws RocksDBException {
        try (SstFileReader r = new SstFileReader(new Options())) {
            r.open(file);
            r.verifyChecksum();
            int n = 0;
            try (ReadOptions ro = new ReadOptions(); SstFileReaderIterator it = r.newIterator(ro)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    if (!Arrays.equals(it.valueBytes(), Cell.value("x" + n, 700))) throw new AssertionError("wrong value in " + file);
                    n++;
                }
                it.status();
            }
            if (n != 50) throw new AssertionError(file + " holds " + n + " keys, not 50, and said nothing");
        }
    }

    /** Every acknowledged value of a DB opened at path (read-only), or the open's status. */
    private static void readCopy(Path path, Map<String, Map<String, byte[]>> expected) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB copy = RocksDB.openReadOnly(Cell.options(), path, Cell.descriptors(), handles)) {
            Cell.readBack(copy, handles.get(0), handles.get(1), expected, false);
        }
    }

    private static Map<String, Map<String, byte[]>> snapshot(Cell c) {
        Map<String, Map<String, byte[]>> copy = new LinkedHashMap<>();
        c.acknowledged.forEach((k, v) -> copy.put(k, new LinkedHashMap<>(v)));
        return copy;
    }

    /** A backup of the DB, and what it holds for the check. */
    private static void backUp(Cell c) throws RocksDBException {
        try (BackupEngine be = backups(c)) {
            be.createNewBackup(c.handle, true);
        }
        c.result = snapshot(c);
    }

    private static BackupEngine backups(Cell c) throws RocksDBException {
        return BackupEngine.open(new BackupEngineOptions(c.side.resolve("backups")));
    }

    static final List<Operation> ALL = List.of(
            new Operation("open", List.of("RocksDB.open", "TransactionDB.open", "OptimisticTransactionDB.open", "TtlDB.open"),
                    Cell::closeDb, Cell::open, NOTHING),
            new Operation("open-read-only", List.of("RocksDB.openReadOnly", "TtlDB.openReadOnly"),
                    Cell::closeDb,
                    c -> readCopy(c.db, c.acknowledged), NOTHING),
            new Operation("open-secondary", List.of("RocksDB.openAsSecondary", "RocksDB.tryCatchUpWithPrimary"),
                    NOTHING,
                    c -> {
                        List<ColumnFamilyHandle> handles = new ArrayList<>();
                        try (RocksDB s = RocksDB.openAsSecondary(Cell.options(), c.db, c.side.resolve("secondary"),
                                Cell.descriptors(), handles)) {
                            s.tryCatchUpWithPrimary();
                            Cell.readBack(s, handles.get(0), handles.get(1), c.acknowledged, false);
                        }
                    }, NOTHING),
            new Operation("put-sync", List.of("RocksDB.put", "RocksDB.delete", "RocksDB.merge", "RocksDB.singleDelete",
                    "RocksDB.deleteRange", "RocksDB.putEntity"),
                    NOTHING, c -> c.put("default", "op", 4096, true), NOTHING),
            new Operation("put", List.of("RocksDB.put"),
                    NOTHING, c -> {
                        for (int i = 0; i < 10; i++) c.put("cf", "op" + i, 4096, false);
                    }, NOTHING),
            new Operation("write-batch", List.of("RocksDB.write"),
                    NOTHING,
                    c -> {
                        Map<String, byte[]> batchValues = new LinkedHashMap<>();
                        try (WriteBatch batch = new WriteBatch(); WriteOptions w = new WriteOptions().setSync(true)) {
                            for (int i = 0; i < 10; i++) {
                                byte[] v = Cell.value("batch" + i, 2048);
                                batch.put(c.family, bytes("batch" + i), v);
                                batchValues.put("batch" + i, v);
                            }
                            c.handle.write(w, batch);
                        }
                        c.acknowledged.get("cf").putAll(batchValues);
                    }, NOTHING),
            new Operation("get", List.of("RocksDB.get", "RocksDB.multiGetAsList", "RocksDB.getPinned", "RocksDB.keyMayExist"),
                    NOTHING,
                    c -> Cell.readBack(c.handle, c.handle.getDefaultColumnFamily(), c.family, c.acknowledged, false),
                    NOTHING),
            new Operation("iterate", List.of("RocksDB.newIterator", "RocksDB.newIterators"),
                    NOTHING,
                    c -> {
                        Map<String, byte[]> expected = c.acknowledged.get("cf");
                        int seen = 0;
                        try (ReadOptions r = new ReadOptions().setFillCache(false); RocksIterator it = c.handle.newIterator(c.family, r)) {
                            for (it.seekToFirst(); it.isValid(); it.next()) {
                                byte[] want = expected.get(new String(it.keyBytes(), StandardCharsets.UTF_8));
                                if (want == null || !Arrays.equals(want, it.valueBytes())) throw new AssertionError("wrong entry in a scan");
                                seen++;
                            }
                            it.status(); // an ended scan says why
                        }
                        if (seen != expected.size())
                            throw new AssertionError("a scan saw " + seen + " of " + expected.size() + " entries and said nothing");
                    }, NOTHING),
            new Operation("flush", List.of("RocksDB.flush"),
                    c -> {
                        for (int i = 0; i < 30; i++) c.put("default", "f" + i, 2048, false);
                    },
                    c -> c.handle.flush(new io.panrocks.FlushOptions().setWaitForFlush(true)), NOTHING),
            new Operation("sync-wal", List.of("RocksDB.syncWal"),
                    c -> c.put("default", "unsynced", 100, false),
                    c -> c.handle.syncWal(), NOTHING),
            new Operation("compact-range", List.of("RocksDB.compactRange"),
                    c -> {
                        for (int i = 0; i < 30; i++) c.put("cf", "k" + i, 1500, false);
                        c.handle.flush(new io.panrocks.FlushOptions().setWaitForFlush(true), c.family);
                    },
                    c -> c.handle.compactRange(c.family), NOTHING),
            new Operation("compact-files", List.of("RocksDB.compactFiles"),
                    NOTHING,
                    c -> {
                        List<String> inputs = new ArrayList<>();
                        for (LiveFileMetaData f : c.handle.getLiveFilesMetaData()) {
                            if (Arrays.equals(f.columnFamilyName(), Cell.FAMILY)) inputs.add(f.fileName());
                        }
                        try (CompactionOptions o = new CompactionOptions()) {
                            c.handle.compactFiles(o, c.family, inputs, 1, -1, null);
                        }
                    }, NOTHING),
            new Operation("ingest", List.of("RocksDB.ingestExternalFile", "SstFileWriter.open"),
                    c -> writeSst(c.side.resolve("ingest.sst")),
                    c -> {
                        try (IngestExternalFileOptions o = new IngestExternalFileOptions()) {
                            c.handle.ingestExternalFile(c.family, List.of(c.side.resolve("ingest.sst").toString()), o);
                        }
                        for (int i = 0; i < 50; i++) c.acknowledged.get("cf").put(String.format("x%03d", i), Cell.value("x" + i, 700));
                    }, NOTHING),
            new Operation("checkpoint", List.of("Checkpoint.create", "Checkpoint.createCheckpoint"),
                    NOTHING,
                    c -> {
                        try (Checkpoint cp = Checkpoint.create(c.handle)) {
                            cp.createCheckpoint(c.side.resolve("checkpoint"));
                        }
                        c.result = snapshot(c);
                    },
                    c -> {
                        @SuppressWarnings("unchecked")
                        var expected = (Map<String, Map<String, byte[]>>) c.result;
                        readCopy(c.side.resolve("checkpoint"), expected);
                    }),
            new Operation("export", List.of("Checkpoint.exportColumnFamily"),
                    NOTHING,
                    c -> {
                        try (Checkpoint cp = Checkpoint.create(c.handle)) {
                            c.result = cp.exportColumnFamily(c.family, c.side.resolve("export"));
                        }
                    },
                    c -> {
                        var exported = (ExportImportFilesMetaData) c.result;
                        if (exported.files().isEmpty()) throw new AssertionError("an export of a family with data named no file");
                        for (LiveFileMetaData f : exported.files()) {
                            if (!Files.exists(Path.of(f.path(), f.fileName())))
                                throw new AssertionError("an exported file is missing: " + f.fileName());
                        }
                    }),
            new Operation("import", List.of("RocksDB.createColumnFamilyWithImport"),
                    c -> {
                        try (Checkpoint cp = Checkpoint.create(c.handle)) {
                            c.result = cp.exportColumnFamily(c.family, c.side.resolve("export"));
                        }
                    },
                    c -> {
                        try (ImportColumnFamilyOptions o = new ImportColumnFamilyOptions()) {
                            ColumnFamilyHandle imported = c.handle.createColumnFamilyWithImport(
                                    new ColumnFamilyDescriptor(bytes("imported")), o, (ExportImportFilesMetaData) c.result);
                            c.result = imported;
                        }
                    },
                    c -> {
                        ColumnFamilyHandle imported = (ColumnFamilyHandle) c.result;
                        for (var e : c.acknowledged.get("cf").entrySet()) {
                            if (!Arrays.equals(e.getValue(), c.handle.get(imported, bytes(e.getKey()))))
                                throw new AssertionError("the imported family lost " + e.getKey());
                        }
                    }),
            new Operation("backup", List.of("BackupEngine.open", "BackupEngine.createNewBackup",
                    "BackupEngine.createNewBackupWithMetadata"),
                    NOTHING,
                    Operation::backUp,
                    c -> {
                        try (BackupEngine be = backups(c)) {
                            be.verifyBackup(be.getBackupInfo().getLast().backupId(), true);
                            be.restoreDbFromLatestBackup(c.side.resolve("check"), c.side.resolve("check"), new RestoreOptions());
                        }
                        @SuppressWarnings("unchecked")
                        var expected = (Map<String, Map<String, byte[]>>) c.result;
                        readCopy(c.side.resolve("check"), expected);
                    }),
            new Operation("restore", List.of("BackupEngine.restoreDbFromLatestBackup", "BackupEngine.restoreDbFromBackup"),
                    Operation::backUp,
                    c -> {
                        try (BackupEngine be = backups(c)) {
                            be.restoreDbFromLatestBackup(c.side.resolve("restored"), c.side.resolve("restored"), new RestoreOptions());
                        }
                    },
                    c -> {
                        @SuppressWarnings("unchecked")
                        var expected = (Map<String, Map<String, byte[]>>) c.result;
                        readCopy(c.side.resolve("restored"), expected);
                    }),
            new Operation("verify-backup", List.of("BackupEngine.verifyBackup", "BackupEngine.getCorruptedBackups"),
                    c -> {
                        try (BackupEngine be = backups(c)) {
                            be.createNewBackup(c.handle, true);
                        }
                    },
                    c -> {
                        try (BackupEngine be = backups(c)) {
                            be.verifyBackup(1, true);
                        }
                    }, NOTHING),
            new Operation("delete-backups", List.of("BackupEngine.purgeOldBackups", "BackupEngine.deleteBackup",
                    "BackupEngine.garbageCollect"),
                    c -> {
                        try (BackupEngine be = backups(c)) {
                            be.createNewBackup(c.handle, true);
                            c.put("default", "between", 100, true);
                            be.createNewBackup(c.handle, true);
                        }
                    },
                    c -> {
                        try (BackupEngine be = backups(c)) {
                            be.purgeOldBackups(1);
                            be.garbageCollect();
                        }
                    },
                    c -> {
                        try (BackupEngine be = backups(c)) {
                            // (backups a destructive fault damaged are dropped at the engine's open)
                            if (be.getBackupInfo().size() > 1)
                                throw new AssertionError("a purge to 1 that returned normally kept " + be.getBackupInfo().size() + " backups");
                            if (!be.getBackupInfo().isEmpty()) be.verifyBackup(be.getBackupInfo().getLast().backupId(), true);
                        }
                    }),
            new Operation("sst-write", List.of("SstFileWriter.open", "SstFileWriter.put", "SstFileWriter.merge",
                    "SstFileWriter.delete", "SstFileWriter.deleteRange", "SstFileWriter.putEntity", "SstFileWriter.finish"),
                    NOTHING, c -> writeSst(c.side.resolve("written.sst")), c -> readSst(c.side.resolve("written.sst"))),
            new Operation("sst-read", List.of("SstFileReader.open", "SstFileReader.newIterator", "SstFileReader.verifyChecksum",
                    "SstFileReader.getTableProperties"),
                    c -> writeSst(c.side.resolve("read.sst")), c -> readSst(c.side.resolve("read.sst")), NOTHING),
            new Operation("wal-iterator", List.of("RocksDB.getUpdatesSince", "RocksDB.getSortedWalFiles"),
                    NOTHING,
                    c -> {
                        long last = c.handle.getLatestSequenceNumber(), seen = 0;
                        try (TransactionLogIterator it = c.handle.getUpdatesSince(c.walStart)) {
                            for (; it.isValid(); it.next()) seen = it.getBatch().sequenceNumber();
                            it.status();
                        }
                        if (seen == 0) throw new AssertionError("a WAL walk saw nothing of " + last + " sequence numbers and said nothing");
                    }, NOTHING),
            // Kafka Streams' shape: the WAL off, so that a full disk stops flushes, not writes; small
            // memtables fill, writes stop, and a writer that meets the stop must not wait unboundedly
            new Operation("write-stop", List.of(),
                    c -> {
                        c.closeDb();
                        List<ColumnFamilyHandle> handles = new ArrayList<>();
                        io.panrocks.ColumnFamilyOptions small = new io.panrocks.ColumnFamilyOptions()
                                .setWriteBufferSize(64 << 10).setMaxWriteBufferNumber(2);
                        c.handle = RocksDB.open(Cell.options(), c.db, List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, small),
                                new ColumnFamilyDescriptor(Cell.FAMILY, small)), handles);
                        c.family = handles.get(1);
                    },
                    c -> {
                        try (WriteOptions noWal = new WriteOptions().setDisableWAL(true)) {
                            for (int i = 0; i < 4000; i++) {
                                long start = System.nanoTime();
                                try {
                                    c.handle.put(noWal, bytes("stop" + i), Cell.value("stop" + i, 1024));
                                } finally {
                                    long ms = (System.nanoTime() - start) / 1_000_000;
                                    if (ms > 10_000) throw new AssertionError("a put under a write stop took " + ms + " ms");
                                }
                            }
                        }
                        // the WAL is off: acknowledged once flushed, as Kafka's stores commit
                        c.handle.flush(new io.panrocks.FlushOptions().setWaitForFlush(true));
                        for (int i = 0; i < 4000; i++) c.acknowledged.get("default").put("stop" + i, Cell.value("stop" + i, 1024));
                    }, NOTHING),
            new Operation("destroy", List.of("RocksDB.destroyDB"),
                    Cell::closeDb,
                    c -> {
                        RocksDB.destroyDB(c.db, new Options());
                        c.acknowledged.values().forEach(Map::clear); // what the caller asked for
                    },
                    c -> {
                        if (Files.exists(c.db.resolve("CURRENT"))) throw new AssertionError("a destroyed DB still has its CURRENT file");
                    }),
            new Operation("verify-checksum", List.of("RocksDB.verifyChecksum"),
                    NOTHING,
                    c -> c.handle.verifyChecksum(),
                    // a verification that passed: every acknowledged value reads back
                    c -> Cell.readBack(c.handle, c.handle.getDefaultColumnFamily(), c.family, c.acknowledged, false)),
            new Operation("open-and-compact", List.of("RocksDB.openAndCompact"),
                    RemoteJob::schedule, RemoteJob::runWorker, RemoteJob::check),
            new Operation("close", List.of("RocksDB.close", "RocksDB.closeE"),
                    c -> c.put("default", "before-close", 100, false),
                    c -> {
                        RocksDB h = c.handle;
                        c.handle = null;
                        c.family = null;
                        h.closeE();
                    }, NOTHING));

    /**
     * A remote compaction job of a primary DB beside the cell's, run by a
     * worker in this process under the fault: the primary's compactRange
     * waits in the service while the operation runs RocksDB.openAndCompact
     * on the job's input, then installs its result (or, if the worker
     * failed, compacts locally).
     */
    static final class RemoteJob {
        final Path primary, output;
        final RocksDB db;
        final java.util.concurrent.atomic.AtomicReference<byte[]> input = new java.util.concurrent.atomic.AtomicReference<>();
        final java.util.concurrent.BlockingQueue<io.panrocks.CompactionServiceResult> results =
                new java.util.concurrent.LinkedBlockingQueue<>();
        final java.util.concurrent.CompletableFuture<Void> compaction = new java.util.concurrent.CompletableFuture<>();

        private RemoteJob(Path primary, Path output) throws RocksDBException {
            this.primary = primary;
            this.output = output;
            io.panrocks.CompactionService service = new io.panrocks.CompactionService() {
                @Override
                public io.panrocks.CompactionServiceScheduleResponse schedule(io.panrocks.CompactionServiceJobInfo info, byte[] in) {
                    input.set(in.clone());
                    return io.panrocks.CompactionServiceScheduleResponse.scheduled("job");
                }

                @Override
                public io.panrocks.CompactionServiceResult waitForResult(String scheduledJobId) {
                    try {
                        io.panrocks.CompactionServiceResult r = results.poll(60, java.util.concurrent.TimeUnit.SECONDS);
                        return r != null ? r : io.panrocks.CompactionServiceResult.useLocal();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return io.panrocks.CompactionServiceResult.useLocal();
                    }
                }
            };
            db = RocksDB.open(new Options().setCreateIfMissing(true).setDisableAutoCompactions(true)
                    .setCompactionService(service), primary.toString());
        }

        static void schedule(Cell c) throws Exception {
            RemoteJob job = new RemoteJob(c.side.resolve("remote-primary"), c.side.resolve("remote-output"));
            c.result = job;
            for (int file = 0; file < 2; file++) {
                for (int i = 0; i < 20; i++) job.db.put(bytes("r" + i), Cell.value("r" + i + "/" + file, 1024));
                job.db.flush(new io.panrocks.FlushOptions().setWaitForFlush(true));
            }
            Thread t = new Thread(() -> {
                try {
                    job.db.compactRange();
                    job.compaction.complete(null);
                } catch (Throwable e) {
                    job.compaction.completeExceptionally(e);
                }
            }, "remote-compaction-primary");
            t.setDaemon(true);
            t.start();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
            while (job.input.get() == null && !job.compaction.isDone() && System.nanoTime() < deadline) Thread.sleep(5);
            if (job.input.get() == null) throw new AssertionError("the primary scheduled no remote job");
        }

        /** The worker's part under the fault; the primary then installs its result, and closes. */
        static void runWorker(Cell c) throws Exception {
            RemoteJob job = (RemoteJob) c.result;
            try {
                byte[] result;
                try (io.panrocks.OpenAndCompactOptions o = new io.panrocks.OpenAndCompactOptions()) {
                    result = RocksDB.openAndCompact(o, null, job.primary.toString(), job.output.toString(), job.input.get());
                } catch (RocksDBException | RuntimeException e) {
                    job.results.add(io.panrocks.CompactionServiceResult.useLocal());
                    throw e;
                }
                job.results.add(io.panrocks.CompactionServiceResult.success(result));
                try {
                    job.compaction.get(60, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof RocksDBException r) throw r; // the install said why
                    throw e;
                }
            } finally {
                try {
                    job.compaction.get(60, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException ignored) {
                    // reported above, or the worker's own failure was
                }
                job.db.close();
            }
        }

        /** Once the fault is gone: the primary reopens with every value of its last flush. */
        static void check(Cell c) throws Exception {
            RemoteJob job = (RemoteJob) c.result;
            try (RocksDB p = RocksDB.open(new Options(), job.primary.toString())) {
                for (int i = 0; i < 20; i++) {
                    if (!Arrays.equals(Cell.value("r" + i + "/1", 1024), p.get(bytes("r" + i)))) {
                        throw new AssertionError("the remotely compacted primary lost r" + i);
                    }
                }
            }
        }
    }

    /**
     * The operation of that name, among {@link #ALL} and the operations of
     * another module's matrix: the class {@code -Dpanrocks.faults.operations}
     * names, whose static {@code OPERATIONS} lists them.
     */
    static Operation named(String name) {
        for (Operation o : ALL) if (o.name.equals(name)) return o;
        for (Operation o : more()) if (o.name.equals(name)) return o;
        throw new IllegalArgumentException("no operation " + name);
    }

    @SuppressWarnings("unchecked")
    static List<Operation> more() {
        String provider = System.getProperty("panrocks.faults.operations", "");
        if (provider.isEmpty()) return List.of();
        try {
            return (List<Operation>) Class.forName(provider).getDeclaredField("OPERATIONS").get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("-Dpanrocks.faults.operations=" + provider + " names no class with a static OPERATIONS", e);
        }
    }
}
