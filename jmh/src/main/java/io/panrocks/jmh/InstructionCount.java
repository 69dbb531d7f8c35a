package io.panrocks.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * A fixed number of operations of one binding between two marks, for
 * callgrind to count the instructions a JVM executes per operation: the Java
 * side, the crossing and the engine together, numbers that do not depend on
 * the machine's noise (scripts/bench.sh instructions --jvm).
 *
 * <pre>
 *   java -cp benchmarks.jar io.panrocks.jmh.InstructionCount BINDING SHAPE VALUE_SIZE COUNT
 *     BINDING     panrocks | rocksjava
 *     SHAPE       get (a new byte[] per value) | getPreallocated (into a reused array) | getPinned (panrocks:
 *                 the value read in place, then released) | put | batch100 (a reused WriteBatch of 100 puts,
 *                 built and written) | scan (1,000 entries) | txnGet (a read in a transaction that wrote
 *                 nothing) | txnUpdate (begin reusing the thread's transaction, getForUpdate, put, commit)
 * </pre>
 *
 * <p>It loads the standard run's data set (1,000 keys of 16 B, flushed, in the
 * block cache; {@link PanrocksDb} / {@link RocksJavaDb}), runs the shape
 * {@value #WARMUP_ROUNDS} times COUNT operations to warm the JIT, collects the heap, prints
 * {@code READY}, waits for a line on standard input (the caller turns
 * callgrind's instrumentation on), runs COUNT operations, prints {@code DONE},
 * waits for a line again (instrumentation off) and closes.
 */
public final class InstructionCount {
    static final int WARMUP_ROUNDS = 20;
    /** puts in a batch of the batch100 shape, as PanrocksWrite/RocksJavaWrite */
    static final int BATCH = 100;

    /** One operation on the i-th key; returns something the loop folds, so nothing is dead code. */
    @FunctionalInterface
    interface Operation {
        long run(int i) throws Exception;
    }

    private static volatile long sink;

    private InstructionCount() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println(
                    "usage: InstructionCount panrocks|rocksjava get|getPreallocated|getPinned|put|batch100|scan|txnGet|txnUpdate VALUE_SIZE COUNT");
            System.exit(2);
        }
        String binding = args[0].toLowerCase(Locale.ROOT), shape = args[1];
        int valueSize = Integer.parseInt(args[2]), count = Integer.parseInt(args[3]);
        if (shape.startsWith("txn")) {
            transactions(binding, shape, valueSize, count);
            return;
        }
        switch (binding) {
            case "panrocks" -> {
                PanrocksDb db = new PanrocksDb();
                configure(db, valueSize);
                db.open();
                try {
                    measure(panrocks(db, shape), count);
                } finally {
                    db.close();
                }
            }
            case "rocksjava" -> {
                RocksJavaDb db = new RocksJavaDb();
                configure(db, valueSize);
                db.open();
                try {
                    measure(rocksJava(db, shape), count);
                } finally {
                    db.close();
                }
            }
            default -> throw new IllegalArgumentException("no binding " + binding);
        }
    }

    /** The transaction shapes, on the TransactionDB of PanrocksTransaction / RocksJavaTransaction. */
    private static void transactions(String binding, String shape, int valueSize, int count) throws Exception {
        switch (binding) {
            case "panrocks" -> {
                PanrocksTransaction.Db db = new PanrocksTransaction.Db();
                configure(db, valueSize);
                db.open();
                try (io.panrocks.ReadOptions ro = new io.panrocks.ReadOptions();
                     io.panrocks.WriteOptions wo = new io.panrocks.WriteOptions();
                     io.panrocks.Transaction reader = db.db.beginTransaction(wo)) {
                    byte[][] keys = db.keys;
                    int n = keys.length;
                    byte[] value = new byte[valueSize];
                    io.panrocks.Transaction[] writer = {null}; // the thread's, reused from its first begin on
                    Operation op = switch (shape) {
                        case "txnGet" -> i -> reader.get(ro, keys[i % n]).length;
                        case "txnUpdate" -> i -> {
                            io.panrocks.Transaction txn = writer[0] == null ? db.db.beginTransaction(wo)
                                    : db.db.beginTransaction(wo, writer[0]);
                            writer[0] = txn;
                            long got = txn.getForUpdate(ro, keys[i % n], true).length;
                            txn.put(keys[i % n], value);
                            txn.commit();
                            return got;
                        };
                        default -> throw new IllegalArgumentException("no shape " + shape);
                    };
                    measure(op, count);
                    if (writer[0] != null) writer[0].close();
                    reader.rollback();
                } finally {
                    db.close();
                }
            }
            case "rocksjava" -> {
                RocksJavaTransaction.Db db = new RocksJavaTransaction.Db();
                configure(db, valueSize);
                db.open();
                try (org.rocksdb.ReadOptions ro = new org.rocksdb.ReadOptions();
                     org.rocksdb.WriteOptions wo = new org.rocksdb.WriteOptions();
                     org.rocksdb.Transaction reader = db.db.beginTransaction(wo)) {
                    byte[][] keys = db.keys;
                    int n = keys.length;
                    byte[] value = new byte[valueSize];
                    org.rocksdb.Transaction[] writer = {null}; // the thread's, reused from its first begin on
                    Operation op = switch (shape) {
                        case "txnGet" -> i -> reader.get(ro, keys[i % n]).length;
                        case "txnUpdate" -> i -> {
                            org.rocksdb.Transaction txn = writer[0] == null ? db.db.beginTransaction(wo)
                                    : db.db.beginTransaction(wo, writer[0]);
                            writer[0] = txn;
                            long got = txn.getForUpdate(ro, keys[i % n], true).length;
                            txn.put(keys[i % n], value);
                            txn.commit();
                            return got;
                        };
                        default -> throw new IllegalArgumentException("no shape " + shape);
                    };
                    measure(op, count);
                    if (writer[0] != null) writer[0].close();
                    reader.rollback();
                } finally {
                    db.close();
                }
            }
            default -> throw new IllegalArgumentException("no binding " + binding);
        }
    }

    private static void configure(BenchParams params, int valueSize) {
        params.keyCount = 1000;
        params.keySize = 16;
        params.valueSize = valueSize;
        params.dataset = "flushed";
    }

    private static void measure(Operation op, int count) throws Exception {
        long folded = 0;
        for (int round = 0; round < WARMUP_ROUNDS; round++) folded += loop(op, count);
        sink = folded;
        // an empty young generation: whether a collection lands in the window then depends on the
        // window's own allocation, not on where the warm-up left Eden (getPinned's 224 B per call
        // put one in some runs and not others, a 10x swing of the Java side's count)
        System.gc();
        mark("READY");
        sink = loop(op, count);
        mark("DONE");
    }

    private static long loop(Operation op, int count) throws Exception {
        long folded = 0;
        for (int i = 0; i < count; i++) folded += op.run(i);
        return folded;
    }

    static void mark(String what) throws IOException {
        System.out.println(what);
        System.out.flush();
        InputStream in = System.in;
        for (int c = in.read(); c != '\n' && c != -1; c = in.read()) {
            // the line is the signal; its text does not matter
        }
    }

    private static Operation panrocks(PanrocksDb s, String shape) {
        io.panrocks.RocksDB db = s.db;
        byte[][] keys = s.keys;
        int n = keys.length;
        byte[] buffer = new byte[s.spec.valueSize()];
        io.panrocks.WriteBatch batch = new io.panrocks.WriteBatch();
        return switch (shape) {
            case "get" -> i -> db.get(keys[i % n]).length;
            case "getPreallocated" -> i -> db.get(keys[i % n], buffer);
            case "getPinned" -> i -> {
                try (io.panrocks.PinnedValue v = db.getPinned(keys[i % n])) {
                    return v.value().byteSize();
                }
            };
            case "put" -> i -> {
                db.put(keys[i % n], buffer);
                return 1;
            };
            case "batch100" -> i -> {
                batch.clear();
                for (int k = 0; k < BATCH; k++) batch.put(keys[(i * BATCH + k) % n], buffer);
                db.write(io.panrocks.WriteOptions.DEFAULT, batch);
                return BATCH;
            };
            case "scan" -> i -> {
                long entries = 0;
                try (io.panrocks.RocksIterator it = db.newIterator()) {
                    for (it.seekToFirst(); it.isValid(); it.next()) entries += it.value().byteSize();
                }
                return entries;
            };
            default -> throw new IllegalArgumentException("no shape " + shape);
        };
    }

    private static Operation rocksJava(RocksJavaDb s, String shape) {
        org.rocksdb.RocksDB db = s.db;
        byte[][] keys = s.keys;
        int n = keys.length;
        byte[] buffer = new byte[s.spec.valueSize()];
        org.rocksdb.WriteBatch batch = new org.rocksdb.WriteBatch();
        org.rocksdb.WriteOptions writeOptions = new org.rocksdb.WriteOptions();
        return switch (shape) {
            case "get" -> i -> db.get(keys[i % n]).length;
            case "getPreallocated" -> i -> db.get(keys[i % n], buffer);
            case "put" -> i -> {
                db.put(keys[i % n], buffer);
                return 1;
            };
            case "batch100" -> i -> {
                batch.clear();
                for (int k = 0; k < BATCH; k++) batch.put(keys[(i * BATCH + k) % n], buffer);
                db.write(writeOptions, batch);
                return BATCH;
            };
            case "scan" -> i -> {
                long entries = 0;
                try (org.rocksdb.RocksIterator it = db.newIterator()) {
                    for (it.seekToFirst(); it.isValid(); it.next()) entries += it.value().length;
                }
                return entries;
            };
            default -> throw new IllegalArgumentException("no shape " + shape);
        };
    }
}
