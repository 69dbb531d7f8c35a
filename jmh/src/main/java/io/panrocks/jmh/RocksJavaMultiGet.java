package io.panrocks.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.rocksdb.RocksDBException;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** RocksJava's MultiGetBenchmarks shape: multiGetAsList of 100 random keys. */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class RocksJavaMultiGet {
    static final int KEYS = 100;

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        final byte[][] batchKeys = new byte[KEYS][];
        final List<byte[]> batchList = Arrays.asList(batchKeys);

        @Setup(Level.Trial)
        public void setUp(RocksJavaDb s) {
            rng = new Rng();
            keys = s.keys;
        }

        List<byte[]> randomKeys() {
            for (int k = 0; k < KEYS; k++) batchKeys[k] = keys[rng.below(keys.length)];
            return batchList;
        }
    }

    @Benchmark
    public void multiGetAsList(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.multiGetAsList(t.randomKeys()));
    }
}
