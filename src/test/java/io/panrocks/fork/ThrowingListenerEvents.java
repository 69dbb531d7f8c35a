package io.panrocks.fork;

import io.panrocks.AbstractEventListener;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.CompactionJobInfo;
import io.panrocks.Env;
import io.panrocks.ExternalFileIngestionInfo;
import io.panrocks.FileOperationInfo;
import io.panrocks.FlushJobInfo;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child JVM of ThrowingListenerEventsTest: a listener whose every event
 * method of RocksJava's later events throws (exceptions, an
 * AssertionError, a real StackOverflowError on the reading thread), while
 * the engine flushes, compacts, deletes files, ingests, deletes a handle,
 * does file I/O and recovers from a background error. Prints "OK <events
 * that threw>" when the DB still reads, writes, flushes and closes.
 */
public final class ThrowingListenerEvents {
    static final Set<String> THREW = ConcurrentHashMap.newKeySet();

    static int recurse(int n) {
        return n == Integer.MIN_VALUE ? 0 : recurse(n + 1) + 1;
    }

    static RuntimeException boom(String event) {
        THREW.add(event);
        return new IllegalStateException(event + " boom");
    }

    static final class Thrower extends AbstractEventListener {
        @Override
        public void onFlushBegin(RocksDB db, FlushJobInfo flushJobInfo) {
            throw boom("onFlushBegin");
        }

        @Override
        public void onTableFileDeleted(TableFileDeletionInfo info) {
            throw boom("onTableFileDeleted");
        }

        @Override
        public void onCompactionBegin(RocksDB db, CompactionJobInfo info) {
            throw boom("onCompactionBegin");
        }

        @Override
        public void onMemTableSealed(MemTableInfo info) {
            THREW.add("onMemTableSealed");
            throw new AssertionError("onMemTableSealed boom");
        }

        @Override
        public void onColumnFamilyHandleDeletionStarted(ColumnFamilyHandle handle) {
            throw boom("onColumnFamilyHandleDeletionStarted");
        }

        @Override
        public void onExternalFileIngested(RocksDB db, ExternalFileIngestionInfo info) {
            throw boom("onExternalFileIngested");
        }

        @Override
        public void onFileReadFinish(FileOperationInfo info) {
            THREW.add("onFileReadFinish");
            recurse(0);  // a StackOverflowError on the thread that reads
        }

        @Override
        public void onFileWriteFinish(FileOperationInfo info) {
            throw boom("onFileWriteFinish");
        }

        @Override
        public void onFileFlushFinish(FileOperationInfo info) {
            throw boom("onFileFlushFinish");
        }

        @Override
        public void onFileSyncFinish(FileOperationInfo info) {
            throw boom("onFileSyncFinish");
        }

        @Override
        public void onFileRangeSyncFinish(FileOperationInfo info) {
            throw boom("onFileRangeSyncFinish");
        }

        @Override
        public void onFileCloseFinish(FileOperationInfo info) {
            throw boom("onFileCloseFinish");
        }

        @Override
        public boolean shouldBeNotifiedOnFileIO() {
            return true;
        }

        @Override
        public boolean onErrorRecoveryBegin(BackgroundErrorReason reason, Status error) {
            throw boom("onErrorRecoveryBegin");
        }

        @Override
        public void onErrorRecoveryCompleted(Status oldError) {
            throw boom("onErrorRecoveryCompleted");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("panrocks-throwing-listener");
        try {
            System.out.println("OK " + run(dir));
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    static String run(Path dir) throws Exception {
        Path external = dir.resolve("external.sst");
        try (SstFileWriter writer = new SstFileWriter(new Options())) {
            writer.open(external.toString());
            writer.put(bytes("e"), bytes("ingested"));
            writer.finish();
        }
        byte[] big = new byte[3 << 20];
        new java.util.Random(7).nextBytes(big);  // incompressible: the table passes RocksDB's unsynced MiB
        try (SstFileManager files = new SstFileManager(Env.getDefault());
             RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setDisableAutoCompactions(true)
                     .setBytesPerSync(64 << 10).setSstFileManager(files).setListeners(List.of(new Thrower())),
                     dir.resolve("db"))) {
            for (int f = 0; f < 2; f++) {
                db.put(new WriteOptions().setSync(true), bytes("k"), bytes("v" + f));
                db.put(bytes("big"), big);
                db.flush();
            }
            db.compactRange();
            db.ingestExternalFile(List.of(external.toString()), new IngestExternalFileOptions());
            ColumnFamilyHandle other = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("other")));
            other.close();
            require(Arrays.equals(bytes("v1"), db.get(bytes("k"))), "the value written last");
            require(Arrays.equals(bytes("ingested"), db.get(bytes("e"))), "the ingested value");
            // a background error RocksDB recovers from by itself, though the listener throws around it
            files.setMaxAllowedSpaceUsage(1);
            db.put(bytes("x"), bytes("y"));
            try {
                db.flush();
                throw new IllegalStateException("the flush over the space limit succeeded");
            } catch (RocksDBException expected) {
                // the space limit
            }
            files.setMaxAllowedSpaceUsage(0);  // room again: RocksDB recovers
            for (int i = 0; i < 300 && !THREW.contains("onErrorRecoveryCompleted"); i++) Thread.sleep(50);
            for (int i = 0; i < 300 && !THREW.contains("onTableFileDeleted"); i++) Thread.sleep(50);
            db.put(bytes("after"), bytes("v"));
            db.flush();
            require(Arrays.equals(bytes("v"), db.get(bytes("after"))), "a write after it all");
            require(db.callbackFailure() != null, "a failure recorded");
        }
        Set<String> expected = Set.of("onFlushBegin", "onTableFileDeleted", "onCompactionBegin", "onMemTableSealed",
                "onColumnFamilyHandleDeletionStarted", "onExternalFileIngested", "onFileReadFinish",
                "onFileWriteFinish", "onFileFlushFinish", "onFileSyncFinish", "onFileRangeSyncFinish",
                "onFileCloseFinish", "onErrorRecoveryBegin", "onErrorRecoveryCompleted");
        TreeSet<String> missing = new TreeSet<>(expected);
        missing.removeAll(THREW);
        require(missing.isEmpty(), "every event threw at least once; never called: " + missing);
        return new TreeSet<>(THREW).toString();
    }

    static void require(boolean condition, String what) {
        if (!condition) throw new IllegalStateException("not as promised: " + what);
    }
}
