package io.panrocks.jmh;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
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

import java.util.concurrent.TimeUnit;

/**
 * Where should adaptive reads switch from copying to pinning? The
 * scoped reader {@code get(key, reader)} on DBs opened with three
 * thresholds: {@code copy} (Long.MAX_VALUE: copy whatever fits the thread's
 * scratch buffer), {@code pin} (0: always pin) and {@code default}
 * ({@link Options#DEFAULT_ADAPTIVE_READ_THRESHOLD}). The best threshold is
 * where pin starts to beat copy; adaptive should be within 5% of the better
 * of the two at every size.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class AdaptiveThresholdBenchmark {

    @State(Scope.Benchmark)
    public static class Db {
        @Param({"1000"})
        public int keyCount;

        @Param({"16"})
        public int keySize;

        @Param({"16", "64", "256", "512", "1024", "2048", "4096", "8192", "16384", "65536", "1048576"})
        public int valueSize;

        @Param({"flushed"})
        public String dataset;

        /** copy | pin | default */
        @Param({"copy", "pin", "default"})
        public String threshold;

        RocksDB db;
        byte[][] keys;
        private LoadedDb loaded;

        @Setup(Level.Trial)
        public void open() throws RocksDBException {
            long bytes = switch (threshold) {
                case "copy" -> Long.MAX_VALUE;
                case "pin" -> 0;
                case "default" -> Options.DEFAULT_ADAPTIVE_READ_THRESHOLD;
                default -> throw new IllegalArgumentException("threshold must be copy, pin or default: " + threshold);
            };
            DataSpec spec = new DataSpec(keyCount, keySize, valueSize, dataset);
            keys = spec.keys();
            loaded = LoadedDb.open(spec, bytes);
            db = loaded.db;
            DataSpec.check(db.adaptiveReadThreshold() == bytes, "threshold not applied");
        }

        @TearDown(Level.Trial)
        public void close() throws RocksDBException {
            if (loaded != null) loaded.close();
        }
    }

    @State(Scope.Thread)
    public static class ThreadState {
        final Rng rng = new Rng();
        final PanrocksGet.Digest reader = new PanrocksGet.Digest();
    }

    @Benchmark
    public void scopedGet(Db s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(s.keys[t.rng.below(s.keys.length)], t.reader));
        bh.consume(t.reader.last);
    }
}
