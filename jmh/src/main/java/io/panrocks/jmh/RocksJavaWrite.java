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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

import java.util.concurrent.TimeUnit;

/** RocksJava's PutBenchmarks shapes: put, and a WriteBatch of 100 puts. */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class RocksJavaWrite {
    static final int BATCH = 100;

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        DataSpec.Values values;
        WriteBatch batch;
        WriteOptions writeOptions;

        @Setup(Level.Trial)
        public void setUp(RocksJavaDb s) {
            rng = new Rng();
            keys = s.keys;
            values = s.spec.values();
            batch = new WriteBatch();
            writeOptions = new WriteOptions();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            batch.close();
            writeOptions.close();
        }
    }

    @Benchmark
    public void put(RocksJavaDb s, ThreadState t) throws RocksDBException {
        int i = t.rng.below(t.keys.length);
        s.db.put(t.writeOptions, t.keys[i], t.values.of(i));
    }

    @Benchmark
    public void batch100(RocksJavaDb s, ThreadState t) throws RocksDBException {
        WriteBatch b = t.batch;
        b.clear();
        for (int k = 0; k < BATCH; k++) {
            int i = t.rng.below(t.keys.length);
            b.put(t.keys[i], t.values.of(i));
        }
        s.db.write(t.writeOptions, b);
    }
}
