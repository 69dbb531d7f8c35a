package io.panrocks.fork;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.Checkpoint;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompactionOptions;
import io.panrocks.ConcurrentTaskLimiterImpl;
import io.panrocks.ExportImportFilesMetaData;
import io.panrocks.ImportColumnFamilyOptions;
import io.panrocks.LiveFileMetaData;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child JVM of {@code CompactFilesTest}: the compaction and column-family
 * operations whose misuse could crash a careless binding (an output path
 * RocksDB indexes unchecked, a family dropped or closed under a compaction,
 * a DB closed under one, a Java filter that throws on the caller's thread,
 * a closed export, a limiter closed while DBs use it). Prints "OK <what
 * happened>" when panrocks answered as promised; anything else exits non-zero.
 */
public final class OpsMisuse {
    /** What a compaction of a dropped family's files answers (RocksDB's status for it). */
    public static final String DROPPED_FAMILY_OUTCOME = "RocksDBException ColumnFamilyDropped None";

    public interface Scenario {
        String run(Path dir) throws Exception;
    }

    public static final Map<String, Scenario> SCENARIOS = Map.ofEntries(
            Map.entry("compact-files-output-path-out-of-range", OpsMisuse::outputPathOutOfRange),
            Map.entry("compact-files-dropped-family", OpsMisuse::droppedFamily),
            Map.entry("compact-files-handle-closed-meanwhile", OpsMisuse::handleClosedMeanwhile),
            Map.entry("compact-files-db-closed-meanwhile", OpsMisuse::dbClosedMeanwhile),
            Map.entry("compact-files-throwing-filter", OpsMisuse::throwingFilter),
            Map.entry("import-closed-export", OpsMisuse::importClosedExport),
            Map.entry("limiter-closed-while-compacting", OpsMisuse::limiterClosedWhileCompacting));

    public static void main(String[] args) throws Exception {
        Scenario s = SCENARIOS.get(args[0]);
        if (s == null) throw new IllegalArgumentException("unknown scenario " + args[0]);
        Path dir = Files.createTempDirectory("panrocks-ops-misuse");
        System.out.println("OK " + s.run(dir));
    }

    /** What an action ended in: "ok", or the exception's class, and for a RocksDBException its code and subcode. */
    public static String describe(ThrowingRunnable action) {
        try {
            action.run();
            return "ok";
        } catch (RocksDBException e) {
            return "RocksDBException " + e.getStatus().getCode() + " " + e.getStatus().getSubCode();
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    public interface ThrowingRunnable {
        void run() throws Exception;
    }

    static Options manualOnly() {
        return new Options().setCreateIfMissing(true).setDisableAutoCompactions(true);
    }

    static void level0Files(RocksDB db, ColumnFamilyHandle family, int files) throws RocksDBException {
        for (int f = 0; f < files; f++) {
            for (int i = 0; i < 2000; i++) db.put(family, bytes(String.format("key-%05d", i)), new byte[100 + f]);
            db.flush(family);
        }
    }

    static List<String> files(RocksDB db, String family, int level) {
        List<String> names = new ArrayList<>();
        for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
            if (new String(f.columnFamilyName(), StandardCharsets.UTF_8).equals(family) && f.level() == level) {
                names.add(f.fileName());
            }
        }
        return names;
    }

    static void require(boolean condition, String what) {
        if (!condition) throw new AssertionError(what);
    }

    static String outputPathOutOfRange(Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(manualOnly(), dir.resolve("db"))) {
            level0Files(db, null, 2);
            List<String> inputs = files(db, "default", 0);
            String[] outcomes = new String[3];
            int i = 0;
            for (int pathId : new int[]{1, 1000, Integer.MAX_VALUE}) {
                outcomes[i++] = describe(() -> db.compactFiles(new CompactionOptions(), inputs, 1, pathId, null));
            }
            for (String o : outcomes) require(o.equals("RocksDBException InvalidArgument None"), o);
            require(files(db, "default", 0).size() == 2, "nothing compacted");
            return String.join(", ", outcomes);
        }
    }

    static String droppedFamily(Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(manualOnly(), dir.resolve("db"))) {
            ColumnFamilyHandle family = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("doomed"),
                    new ColumnFamilyOptions().setDisableAutoCompactions(true)));
            level0Files(db, family, 3);
            List<String> inputs = files(db, "doomed", 0);
            db.dropColumnFamily(family);
            String outcome = describe(() -> db.compactFiles(new CompactionOptions(), family, inputs, 1, -1, null));
            require(outcome.equals(DROPPED_FAMILY_OUTCOME), outcome);
            family.close();
            return outcome;
        }
    }

    /** A handle closed by another thread while compactFiles runs with it: the close waits for the call. */
    static String handleClosedMeanwhile(Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(manualOnly(), dir.resolve("db"))) {
            ColumnFamilyHandle family = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("family"),
                    new ColumnFamilyOptions().setDisableAutoCompactions(true)));
            level0Files(db, family, 6);
            List<String> inputs = files(db, "family", 0);
            CountDownLatch started = new CountDownLatch(1);
            AtomicReference<String> outcome = new AtomicReference<>();
            Thread compactor = new Thread(() -> {
                started.countDown();
                outcome.set(describe(() -> db.compactFiles(new CompactionOptions(), family, inputs, 1, -1, null)));
            });
            compactor.start();
            started.await();
            family.close();
            compactor.join();
            require(outcome.get().equals("ok") || outcome.get().equals("IllegalStateException"), outcome.get());
            return "compactFiles: " + outcome.get() + "; the handle: "
                    + describe(() -> db.compactFiles(new CompactionOptions(), family, inputs, 1, -1, null));
        }
    }

    /** The DB closed while compactFiles runs on another thread: the close waits, the call ends normally. */
    static String dbClosedMeanwhile(Path dir) throws Exception {
        RocksDB db = RocksDB.open(manualOnly(), dir.resolve("db"));
        level0Files(db, null, 6);
        List<String> inputs = files(db, "default", 0);
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<String> outcome = new AtomicReference<>();
        Thread compactor = new Thread(() -> {
            started.countDown();
            outcome.set(describe(() -> db.compactFiles(new CompactionOptions(), inputs, 1, -1, null)));
        });
        compactor.start();
        started.await();
        db.close();
        compactor.join();
        require(outcome.get().equals("ok") || outcome.get().equals("IllegalStateException"), outcome.get());
        String after = describe(() -> db.compactFiles(new CompactionOptions(), inputs, 1, -1, null));
        require(after.equals("IllegalStateException"), after);
        try (RocksDB reopened = RocksDB.open(manualOnly(), dir.resolve("db"))) {
            require(reopened.get(bytes("key-01999")).length == 105, "the newest value survived");
        }
        return "compactFiles: " + outcome.get() + "; after the close: " + after;
    }

    /** A Java compaction filter that throws on every key, run by compactFiles on the caller's thread. */
    static String throwingFilter(Path dir) throws Exception {
        class Throwing extends AbstractCompactionFilter {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType valueType, MemorySegment value,
                                   NewValue newValue) {
                throw new IllegalStateException("filter fails");
            }
        }
        try (RocksDB db = RocksDB.open(manualOnly().setCompactionFilter(new Throwing()), dir.resolve("db"))) {
            level0Files(db, null, 2);
            List<String> outputs = db.compactFiles(new CompactionOptions(), files(db, "default", 0), 1, -1, null);
            require(outputs.size() == 1, outputs.toString());
            require(db.get(bytes("key-00000")).length == 101, "a failed filter keeps the key");
            require(db.callbackFailureCount() > 0, "the failures are counted");
            return outputs.size() + " file, " + db.callbackFailureCount() + " filter failures, keys kept";
        }
    }

    static String importClosedExport(Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
             Checkpoint checkpoint = Checkpoint.create(db)) {
            db.put(bytes("k"), bytes("v"));
            ExportImportFilesMetaData exported = checkpoint.exportColumnFamily(db.getDefaultColumnFamily(),
                    dir.resolve("export"));
            exported.close();
            String outcome = describe(() -> db.createColumnFamilyWithImport(new ColumnFamilyDescriptor(bytes("imported")),
                    new ImportColumnFamilyOptions(), exported));
            require(outcome.equals("IllegalStateException"), outcome);
            return outcome;
        }
    }

    /** A limiter closed while two DBs' families compact under it: they keep it, nothing crashes. */
    static String limiterClosedWhileCompacting(Path dir) throws Exception {
        ConcurrentTaskLimiterImpl limiter = new ConcurrentTaskLimiterImpl("shared", 1);
        Options options = new Options().setCreateIfMissing(true).setLevel0FileNumCompactionTrigger(2)
                .setCompactionThreadLimiter(limiter);
        try (RocksDB a = RocksDB.open(options, dir.resolve("a")); RocksDB b = RocksDB.open(options, dir.resolve("b"))) {
            limiter.close();
            String closed = describe(limiter::outstandingTask);
            require(closed.equals("IllegalStateException"), closed);
            for (int round = 0; round < 6; round++) {
                level0Files(a, null, 1);
                level0Files(b, null, 1);
            }
            a.compactRange();
            b.compactRange();
            require(a.get(bytes("key-01999")).length == 100, "a's data");
            require(b.get(bytes("key-01999")).length == 100, "b's data");
            return "closed limiter: " + closed + "; both DBs compacted";
        }
    }
}
