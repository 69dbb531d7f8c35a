package io.panrocks.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A counter kept with merges, the merge operator's cost per operand: 1000
 * counters (16-byte keys), each written as a base value and then
 * {@value #OPERANDS} merges of +1, one flushed L0 file per round with
 * automatic compaction off, so a read finds the base and every operand in
 * eleven files (in the block cache) and merges them at each read.
 *
 * <p>{@code operator=java} is panrocks' Java {@code AssociativeMergeOperator}
 * (one FFM upcall per operand, the values as read-only segments and the
 * result written through {@code NewValue}); {@code operator=builtin} is
 * RocksDB's own {@code uint64add} (no upcall). RocksJava has no Java merge
 * operator: its row is the built-in {@code UInt64AddOperator}. So
 * (java - builtin) / {@value #OPERANDS} is the upcall's price per operand,
 * and builtin against RocksJava is the binding's price on a merged read.
 *
 * <p>Shapes: {@code get} (one counter read back, all its operands merged),
 * {@code scan} (an iterator over all 1000 counters), {@code merge} (one
 * operand written; the operator does not run at write time) and
 * {@code compact} (a full compaction of the 11,000 entries into 1000
 * values; single shot, the data rewritten before each).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
public class MergeBenchmark {
    static final int KEYS = 1000;
    static final int OPERANDS = 10;
    static final DataSpec SPEC = new DataSpec(KEYS, 16, 8, "flushed");

    static byte[] u64(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) (v >>> (8 * i));
        return b;
    }

    static final byte[] BASE = u64(1000);
    static final byte[] ONE = u64(1);
    static final long EXPECTED = 1000 + OPERANDS;

    /** The Java operator: the same little-endian uint64 addition as RocksDB's uint64add. */
    static io.panrocks.AssociativeMergeOperator javaUInt64Add() {
        return io.panrocks.AssociativeMergeOperator.of("bench.JavaUInt64Add", (key, left, right, result) -> {
            long sum = right.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            if (left != null) sum += left.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            result.allocate(8).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, sum);
            return true;
        });
    }

    /** panrocks with the Java operator or the built-in one. */
    @State(Scope.Benchmark)
    public static class Panrocks {
        @Param({"java", "builtin"})
        public String operator;
        io.panrocks.RocksDB db;
        byte[][] keys;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws Exception {
            keys = SPEC.keys();
            dir = DataSpec.tempDir();
            io.panrocks.Options options = new io.panrocks.Options().setCreateIfMissing(true)
                    .setDisableAutoCompactions(true)
                    .setMergeOperator(operator.equals("java") ? javaUInt64Add() : io.panrocks.MergeOperator.named("uint64add"));
            db = io.panrocks.RocksDB.open(options, dir.resolve("db"));
            write();
            check();
        }

        /** The base values and the merge rounds, one flushed file each. */
        void write() throws io.panrocks.RocksDBException {
            for (byte[] k : keys) db.put(k, BASE);
            db.flush();
            for (int round = 0; round < OPERANDS; round++) {
                for (byte[] k : keys) db.merge(k, ONE);
                db.flush();
            }
        }

        void check() throws io.panrocks.RocksDBException {
            for (byte[] k : keys) {
                long v = MemorySegment.ofArray(db.get(k)).get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                if (v != EXPECTED) throw new IllegalStateException("merged to " + v + ", expected " + EXPECTED);
            }
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            if (db != null) db.close();
            DataSpec.deleteTree(dir);
        }
    }

    /** RocksJava with its built-in UInt64AddOperator. */
    @State(Scope.Benchmark)
    public static class RocksJava {
        org.rocksdb.RocksDB db;
        byte[][] keys;
        private org.rocksdb.Options options;
        private org.rocksdb.UInt64AddOperator operator;
        private org.rocksdb.FlushOptions flush;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws Exception {
            org.rocksdb.RocksDB.loadLibrary();
            keys = SPEC.keys();
            dir = DataSpec.tempDir();
            operator = new org.rocksdb.UInt64AddOperator();
            options = new org.rocksdb.Options().setCreateIfMissing(true).setDisableAutoCompactions(true)
                    .setMergeOperator(operator);
            flush = new org.rocksdb.FlushOptions().setWaitForFlush(true);
            db = org.rocksdb.RocksDB.open(options, dir.resolve("db").toString());
            write();
            for (byte[] k : keys) {
                long v = MemorySegment.ofArray(db.get(k)).get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                if (v != EXPECTED) throw new IllegalStateException("merged to " + v + ", expected " + EXPECTED);
            }
        }

        void write() throws org.rocksdb.RocksDBException {
            for (byte[] k : keys) db.put(k, BASE);
            db.flush(flush);
            for (int round = 0; round < OPERANDS; round++) {
                for (byte[] k : keys) db.merge(k, ONE);
                db.flush(flush);
            }
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            if (db != null) db.close();
            if (options != null) options.close();
            if (operator != null) operator.close();
            if (flush != null) flush.close();
            DataSpec.deleteTree(dir);
        }
    }

    /** The reading thread's key sequence and buffer. */
    @State(Scope.Thread)
    public static class Reader {
        Rng rng;
        final byte[] value = new byte[8];

        @Setup(Level.Trial)
        public void seed() {
            rng = new Rng();
        }
    }

    // ---- reads: every operand merged at each read ---------------------------------

    @Benchmark
    public int panrocksGet(Panrocks p, Reader r) throws Exception {
        return p.db.get(p.keys[r.rng.below(KEYS)], r.value);
    }

    @Benchmark
    public int rocksJavaGet(RocksJava j, Reader r) throws Exception {
        return j.db.get(j.keys[r.rng.below(KEYS)], r.value);
    }

    /** All 1000 counters through an iterator (zero-copy value views), summed. */
    @Benchmark
    public long panrocksScan(Panrocks p) {
        long sum = 0;
        try (io.panrocks.RocksIterator it = p.db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                sum += it.value().get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            }
        }
        return sum;
    }

    /** The same scan in RocksJava (its value() copies into a new array, its usual form). */
    @Benchmark
    public long rocksJavaScan(RocksJava j) {
        long sum = 0;
        try (org.rocksdb.RocksIterator it = j.db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                byte[] v = it.value();
                sum += MemorySegment.ofArray(v).get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            }
        }
        return sum;
    }

    // ---- writes: the operator does not run ------------------------------------------

    @Benchmark
    public void panrocksMerge(Panrocks p, Reader r) throws Exception {
        p.db.merge(p.keys[r.rng.below(KEYS)], ONE);
    }

    @Benchmark
    public void rocksJavaMerge(RocksJava j, Reader r) throws Exception {
        j.db.merge(j.keys[r.rng.below(KEYS)], ONE);
    }

    // ---- compaction: partial and full merges of every counter -----------------------

    /** Fresh data for each compaction: the base and the merge rounds written again, in files. */
    @State(Scope.Benchmark)
    public static class PanrocksCompaction extends Panrocks {
        @Setup(Level.Invocation)
        public void rewrite() throws Exception {
            write();
        }
    }

    @State(Scope.Benchmark)
    public static class RocksJavaCompaction extends RocksJava {
        @Setup(Level.Invocation)
        public void rewrite() throws Exception {
            write();
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 5, batchSize = 1)
    @Measurement(iterations = 20, batchSize = 1)
    public void panrocksCompact(PanrocksCompaction p, Blackhole bh) throws Exception {
        p.db.compactRange();
        bh.consume(p.db);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 5, batchSize = 1)
    @Measurement(iterations = 20, batchSize = 1)
    public void rocksJavaCompact(RocksJavaCompaction j, Blackhole bh) throws Exception {
        j.db.compactRange();
        bh.consume(j.db);
    }
}
