package io.panrocks.jmh;

import io.panrocks.RocksDBException;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Overwrites of random existing keys with their own value (the data set
 * keeps its shape), on a DB of the fork's own (native: put, batch100).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class PanrocksWrite {
    static final int BATCH = 100;

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        DataSpec.Values values;
        WriteBatch batch;

        @Setup(Level.Trial)
        public void setUp(PanrocksDb s) {
            rng = new Rng();
            keys = s.keys;
            values = s.spec.values();
            batch = new WriteBatch();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            batch.close();
        }
    }

    @Benchmark
    public void put(PanrocksDb s, ThreadState t) throws RocksDBException {
        int i = t.rng.below(t.keys.length);
        s.db.put(t.keys[i], t.values.of(i));
    }

    /** One write of a reused batch of 100 puts; building the batch is part of the operation. */
    @Benchmark
    public void batch100(PanrocksDb s, ThreadState t) throws RocksDBException {
        WriteBatch b = t.batch;
        b.clear();
        for (int k = 0; k < BATCH; k++) {
            int i = t.rng.below(t.keys.length);
            b.put(t.keys[i], t.values.of(i));
        }
        s.db.write(WriteOptions.DEFAULT, b);
    }
}
