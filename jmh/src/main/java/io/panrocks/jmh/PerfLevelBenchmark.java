package io.panrocks.jmh;

import io.panrocks.Options;
import io.panrocks.PerfContext;
import io.panrocks.PerfLevel;
import io.panrocks.RocksDB;
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

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What each perf level costs a get: {@code byte[] get(key)} of a random
 * present key (1000 keys of 16 bytes, 16-byte values, flushed: the blocks in
 * the block cache after the warmup), with the benchmark thread's perf level
 * set to each of RocksJava's five levels. {@code ENABLE_COUNT} is the
 * engine's default, so it is what every get pays unless one lowers it.
 * The level is per thread in RocksDB: the thread state sets it on the
 * benchmark thread, and checks after every iteration that the counters moved
 * (or did not, at DISABLE) on that thread. Each fork is a JVM of its own, so
 * the level set here ends with it.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 8, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
public class PerfLevelBenchmark {
    static final DataSpec SPEC = new DataSpec(1000, 16, 16, "flushed");

    /** The DB, shared by the benchmark's threads. */
    @State(Scope.Benchmark)
    public static class Db {
        RocksDB db;
        byte[][] keys;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws Exception {
            keys = SPEC.keys();
            dir = DataSpec.tempDir();
            db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
            byte[] value = new byte[SPEC.valueSize()];
            for (int i = 0; i < SPEC.keyCount(); i++) {
                SPEC.fillValue(i, value);
                db.put(SPEC.key(i), value);
            }
            db.flush();
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            if (db != null) db.close();
            DataSpec.deleteTree(dir);
        }
    }

    /** The benchmark thread's perf level (set on that thread: RocksDB keeps it per thread) and key generator. */
    @State(Scope.Thread)
    public static class ThreadLevel {
        @Param({"DISABLE", "ENABLE_COUNT", "ENABLE_TIME_EXCEPT_FOR_MUTEX", "ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX",
                "ENABLE_TIME"})
        public String perfLevel;
        Rng rng;
        private PerfContext context;

        @Setup(Level.Trial)
        public void setLevel(Db s) {
            rng = new Rng();
            PerfLevel level = PerfLevel.valueOf(perfLevel);
            s.db.setPerfLevel(level);
            DataSpec.check(s.db.getPerfLevel() == level, "perf level not set: " + s.db.getPerfLevel());
            context = s.db.getPerfContext();
            context.reset();
        }

        /** After each iteration (the DB is still open then: the trial's teardown closes it first). */
        @TearDown(Level.Iteration)
        public void checkTheCountersOfThisThread(Db s) {
            boolean counted = context.getUserKeyComparisonCount() > 0 && context.getReadBytes() > 0;
            boolean timed = context.getFromOutputFilesTime() > 0 || context.getSnapshotTime() > 0;
            PerfLevel level = PerfLevel.valueOf(perfLevel);
            DataSpec.check(counted == (level != PerfLevel.DISABLE), perfLevel + ": the gets counted " + counted + ": " + context);
            DataSpec.check(timed == (level.getValue() >= PerfLevel.ENABLE_TIME_EXCEPT_FOR_MUTEX.getValue()),
                    perfLevel + ": the gets were timed " + timed + ": " + context);
        }

        byte[] key(Db s) {
            return s.keys[rng.below(s.keys.length)];
        }
    }

    /** {@code byte[] get(key)} at the thread's perf level. */
    @Benchmark
    public void get(Db s, ThreadLevel t, Blackhole bh) throws Exception {
        bh.consume(s.db.get(t.key(s)));
    }
}
