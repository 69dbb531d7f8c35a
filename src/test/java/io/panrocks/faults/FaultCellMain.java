package io.panrocks.faults;

import io.panrocks.ColumnFamilyHandle;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.testkit.TestBytes;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM of the fault matrix: {@code FaultCellMain <root> <fault> <operation>...}
 * runs the cells of one fault in order, each in a fresh folder under root,
 * and prints for each {@code BEGIN fault op}, then one verdict line
 * {@code CELL fault op | outcome | after | PASS} (or {@code FAIL reason}).
 * A cell that does not end within {@code panrocks.faults.cell.seconds} (60)
 * prints {@code HANG} with every thread's stack and halts the JVM (exit 3).
 */
public final class FaultCellMain {
    static final int EXIT_HUNG = 3;

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Fault fault = Fault.valueOf(args[1]);
        long limit = Long.getLong("panrocks.faults.cell.seconds", 60);
        // no class may need a file once the descriptors are gone: load them all first
        preloadClasses(RocksDB.class);
        preloadClasses(Class.forName("io.panrocks.internal.ffi.panrocks_h", false, FaultCellMain.class.getClassLoader()));
        preloadClasses(FaultCellMain.class);
        preloadClasses(TestBytes.class); // the operations' byte helpers
        Operation.more(); // another module's operations: their class preloads what they need as it initializes
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fault-watchdog");
            t.setDaemon(true);
            return t;
        });
        for (int i = 2; i < args.length; i++) {
            Operation op = Operation.named(args[i]);
            String id = fault.id() + " " + op.name();
            System.out.println("BEGIN " + id);
            ScheduledFuture<?> hang = watchdog.schedule(() -> {
                System.out.println("HANG " + id + " after " + limit + " s\n" + threadDump());
                System.out.flush();
                Runtime.getRuntime().halt(EXIT_HUNG);
            }, limit, TimeUnit.SECONDS);
            String verdict;
            try {
                verdict = runCell(root.resolve(fault.id() + "-" + op.name()), fault, op);
            } catch (Throwable t) {
                verdict = "- | - | FAIL the cell's own setup or cleanup failed: " + t;
            }
            hang.cancel(false);
            System.out.println("CELL " + id + " | " + verdict);
        }
        System.out.flush();
        Runtime.getRuntime().halt(0); // a thread RocksDB left running must not keep the child alive
    }

    /** The outcome, the state after the fault, and the verdict: "outcome | after | PASS" or "... | FAIL why". */
    static String runCell(Path base, Fault fault, Operation op) throws Exception {
        Files.createDirectories(base);
        Cell c = new Cell(base, fault.id(), op.name());
        fault.before(c);
        boolean applied = false;
        try {
            c.load();
            op.prepare().on(c);
            fault.apply(c);
            applied = true;
            Outcome outcome;
            try {
                op.run().on(c);
                outcome = Outcome.OK;
            } catch (Throwable t) {
                outcome = Outcome.of(t);
            }
            fault.clear(c);
            applied = false;
            return judge(c, fault, op, outcome);
        } finally {
            if (applied) fault.clear(c);
            c.closeQuietly();
            fault.after(c);
            Cell.deleteTree(base);
        }
    }

    static String judge(Cell c, Fault fault, Operation op, Outcome outcome) {
        String after;
        // 1. the operation ended as documented: success, or RocksDB's status with one of the fault's codes
        if (outcome.other() != null) {
            return outcome + " | - | FAIL not a RocksDBException: " + stack(outcome.other());
        }
        if (outcome.failure() != null) {
            RocksDBException e = outcome.failure();
            if (!fault.codes.contains(e.code())) return outcome + " | - | FAIL code " + e.code() + " is not one of " + fault.codes;
            if (e.getMessage() == null || e.getMessage().isBlank()) return outcome + " | - | FAIL no message";
        } else {
            // 2. a success did what it says (no silent no-op); what a destructive
            // fault damaged may say so with RocksDB's status
            try {
                op.check().on(c);
            } catch (RocksDBException e) {
                if (fault.recoverable || !fault.codes.contains(e.code())) return outcome + " | - | FAIL returned normally, but " + e;
            } catch (Throwable t) {
                return outcome + " | - | FAIL returned normally, but " + t;
            }
        }
        // 3. the DB recovers once the fault is gone, or says why it cannot; no acknowledged write is lost
        StringBuilder steps = new StringBuilder();
        try {
            steps.append(op.recovery().after(c, fault));
            after = recover(c, fault, steps);
        } catch (Throwable t) {
            return outcome + " | " + steps + t + " | FAIL " + (t instanceof AssertionError ? "" : "did not recover: ") + t.getMessage();
        }
        return outcome + " | " + after + " | PASS";
    }

    /**
     * The fault is gone: a recoverable one leaves a DB that writes again (a full
     * disk by itself within 10 s, any other after resume()), closes, reopens
     * and reads back every acknowledged write. After a destructive one, the
     * reopen may refuse with RocksDB's status, and a read may throw; neither
     * may answer "absent" or a wrong value.
     */
    static String recover(Cell c, Fault fault, StringBuilder after) throws Exception {
        if (c.handle != null) {
            if (fault == Fault.DISK_FULL) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (true) {
                    try {
                        c.put("default", "after", 100, true);
                        after.append("wrote again by itself; ");
                        break;
                    } catch (RocksDBException e) {
                        if (System.nanoTime() > deadline)
                            throw new AssertionError("no write succeeded 10 s after the disk had space again: " + Outcome.describe(e));
                        Thread.sleep(100);
                    }
                }
            } else {
                try {
                    resume(c.handle);
                    after.append("resumed; ");
                    c.put("default", "after", 100, true);
                    after.append("wrote; ");
                } catch (RocksDBException e) {
                    // a fatal error says that only a reopen clears it: then the reopen must
                    if (fault.recoverable && !String.valueOf(e.getMessage()).contains("close the DB and open it again")) throw e;
                    after.append("resume: ").append(Outcome.describe(e)).append("; ");
                }
            }
            try {
                c.handle.closeE();
            } catch (RocksDBException e) {
                // closed either way; a WAL writer that kept its error reports it here once more
                after.append("close: ").append(Outcome.describe(e)).append("; ");
            } finally {
                c.handle = null;
            }
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB reopened;
        try {
            // every family there is, as a service reopening its DB asks (a family an operation left is the cell's to judge)
            List<io.panrocks.ColumnFamilyDescriptor> descriptors = new ArrayList<>(Cell.descriptors());
            if (Files.exists(c.db.resolve("CURRENT"))) {
                for (byte[] name : RocksDB.listColumnFamilies(new io.panrocks.Options(), c.db)) {
                    String n = new String(name, java.nio.charset.StandardCharsets.UTF_8);
                    if (!n.equals("default") && !n.equals("cf")) {
                        if (!n.equals("imported")) throw new AssertionError("an operation left a family " + n);
                        descriptors.add(new io.panrocks.ColumnFamilyDescriptor(name));
                        after.append("family ").append(n).append(" there; ");
                    }
                }
            }
            reopened = RocksDB.open(Cell.options(), c.db, descriptors, handles);
        } catch (RocksDBException e) {
            if (fault.recoverable) throw e;
            if (!fault.codes.contains(e.code()) && e.code() != io.panrocks.Status.Code.NotFound) throw e;
            return after.append("reopen refused: ").append(Outcome.describe(e)).toString();
        }
        try (reopened) {
            String read = Cell.readBack(reopened, handles.get(0), handles.get(1), c.acknowledged, !fault.recoverable);
            return after.append("reopened, ").append(c.acknowledgedCount()).append(" acknowledged writes: ").append(read).toString();
        }
    }

    /** resume(), again while RocksDB's own recovery of a retryable error is in progress (Busy), for up to 10 s */
    static void resume(RocksDB db) throws RocksDBException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                db.resume();
                return;
            } catch (RocksDBException e) {
                if (e.code() != io.panrocks.Status.Code.Busy || System.nanoTime() > deadline) throw e;
                Thread.sleep(50);
            }
        }
    }

    static String stack(Throwable t) {
        StringBuilder s = new StringBuilder(t.toString());
        StackTraceElement[] st = t.getStackTrace();
        for (int i = 0; i < Math.min(6, st.length); i++) s.append(" at ").append(st[i]);
        return s.toString();
    }

    static String threadDump() {
        StringBuilder s = new StringBuilder();
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
            s.append('"').append(info.getThreadName()).append("\" ").append(info.getThreadState()).append('\n');
            for (StackTraceElement e : info.getStackTrace()) s.append("    at ").append(e).append('\n');
        }
        return s.toString();
    }

    /** Loads every class beside anchor (its folder or jar), so that none is read from disk later. */
    static void preloadClasses(Class<?> anchor) throws IOException, URISyntaxException {
        Path where = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(where)) {
            try (var walk = Files.walk(where)) {
                walk.filter(p -> p.toString().endsWith(".class")).forEach(p -> names.add(where.relativize(p).toString().replace('/', '.').replaceAll(
                        "\\.class$", "")));
            }
        } else {
            try (var jar = new java.util.jar.JarFile(where.toFile())) {
                jar.stream().map(java.util.jar.JarEntry::getName).filter(n -> n.endsWith(".class"))
                        .forEach(n -> names.add(n.replace('/', '.').replaceAll("\\.class$", "")));
            }
        }
        String pkg = anchor.getPackageName();
        for (String n : names) {
            if (!n.startsWith(pkg) || n.endsWith("module-info") || n.endsWith("package-info")) continue;
            try {
                Class.forName(n, false, anchor.getClassLoader());
            } catch (Throwable ignored) {
                // a class that cannot load now cannot load later either: not this cell's business
            }
        }
    }
}
