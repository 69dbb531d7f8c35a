package io.panrocks.jmh;

import io.panrocks.Options;
import io.panrocks.RocksDBException;
import jdk.jfr.Recording;
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

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the JFR event {@code io.panrocks.SlowRead} costs a get:
 * {@code byte[] get(key)} and {@code int get(key, byte[])} of a random
 * present key (1000 keys of 16 bytes, 16-byte values, flushed: the blocks in
 * the block cache after the warmup, the data set of {@link GuardBenchmark}),
 * in forks with:
 * <ul>
 * <li>{@code none}: no recording (the JVM's JFR never started): the promise
 * is that this costs nothing, against the same benchmark run on the classes
 * before the events (scripts: docs/benchmarks.md, "JFR events");</li>
 * <li>{@code otherEvents}: a recording on, with JDK events, and
 * {@code io.panrocks.SlowRead} turned off (a recording that does not name
 * it has it on, JFR's rule for an application's events): every read still
 * asks JFR, and is told no;</li>
 * <li>{@code slowReads}: a recording with {@code io.panrocks.SlowRead} on at
 * its default threshold (10 ms: nothing committed) and the default sampling
 * (one read in 16 timed);</li>
 * <li>{@code everyRead}: the same, every read timed ({@code -Dpanrocks.jfr.slowReadSampling=1}).</li>
 * </ul>
 * The recording is started in the fork before the DB opens (the sampling is
 * read at the open), and never dumped.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class JfrGetBenchmark {
    static final DataSpec SPEC = new DataSpec(1000, 16, 16, "flushed");

    /** The DB, and the recording of the fork's mode. */
    @State(Scope.Benchmark)
    public static class Db {
        @Param({"none", "otherEvents", "slowReads", "everyRead"})
        public String recording;
        io.panrocks.RocksDB db;
        byte[][] keys;
        private LoadedDb loaded;
        private Recording jfr;
        int sampling;

        @Setup(Level.Trial)
        public void open() throws Exception {
            switch (recording) {
                case "none" -> {}
                case "otherEvents" -> jfr = start(null);
                case "slowReads" -> jfr = start("io.panrocks.SlowRead");
                case "everyRead" -> {
                    System.setProperty("panrocks.jfr.slowReadSampling", "1");
                    jfr = start("io.panrocks.SlowRead");
                }
                default -> throw new IllegalArgumentException(recording);
            }
            sampling = Integer.getInteger("panrocks.jfr.slowReadSampling", 16);
            keys = SPEC.keys();
            loaded = LoadedDb.open(SPEC, Options.DEFAULT_ADAPTIVE_READ_THRESHOLD);
            db = loaded.db;
        }

        private static Recording start(String event) {
            Recording r = new Recording();
            r.enable("jdk.GarbageCollection");
            r.enable("jdk.ThreadSleep");
            // JFR turns an application's event a recording does not name on at its defaults: off, say so
            if (event != null) r.enable(event).withThreshold(Duration.ofMillis(10));
            else r.disable("io.panrocks.SlowRead");
            r.setToDisk(false);
            r.start();
            return r;
        }

        @TearDown(Level.Trial)
        public void close() throws RocksDBException {
            try {
                if (loaded != null) loaded.close();
            } finally {
                if (jfr != null) jfr.close();
            }
        }
    }

    /** The benchmark thread's key generator and value array. */
    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[] value;

        @Setup(Level.Trial)
        public void setUp() {
            rng = new Rng();
            value = new byte[SPEC.valueSize()];
        }
    }

    /** {@code byte[] get(key)}: a new array per read. */
    @Benchmark
    public void get(Db s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(s.keys[t.rng.below(s.keys.length)]));
    }

    /**
     * The check alone that every timed get form makes before its read
     * ({@code Jfr.beginRead}, null unless sampled): what a get pays for the
     * events, in nanoseconds, apart from the read's own noise. (Not in the
     * runs on the classes before the events, which have no such check.)
     */
    @Benchmark
    public void slowReadCheck(Db s, Blackhole bh) {
        bh.consume(io.panrocks.internal.jfr.Jfr.beginRead(s.sampling));
    }

    /** {@code int get(key, byte[] value)} into a reused array: nothing allocated, so any cost shows. */
    @Benchmark
    public void getPreallocated(Db s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(s.keys[t.rng.below(s.keys.length)], t.value));
    }
}
