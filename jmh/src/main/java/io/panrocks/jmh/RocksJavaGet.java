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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/** RocksJava point gets, the shapes of its own GetBenchmarks. */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class RocksJavaGet {

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        byte[] value;
        ByteBuffer keyBuffer;
        ByteBuffer valueBuffer;
        ReadOptions readOptions;

        @Setup(Level.Trial)
        public void setUp(RocksJavaDb s) {
            rng = new Rng();
            keys = s.keys;
            value = new byte[s.valueSize];
            keyBuffer = ByteBuffer.allocateDirect(s.keySize);
            valueBuffer = ByteBuffer.allocateDirect(s.valueSize);
            readOptions = new ReadOptions();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            readOptions.close();
        }

        byte[] key() {
            return keys[rng.below(keys.length)];
        }
    }

    /** {@code byte[] get(key)}. */
    @Benchmark
    public void get(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key()));
    }

    /** {@code int get(key, byte[] value)} into a reused array. */
    @Benchmark
    public void getPreallocated(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key(), t.value));
    }

    /** {@code int get(ReadOptions, ByteBuffer key, ByteBuffer value)} with direct buffers (its GetBenchmarks' preallocatedByteBufferGet). */
    @Benchmark
    public void getDirectBuffer(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        ByteBuffer k = t.keyBuffer;
        k.clear();
        k.put(t.key());
        k.flip();
        ByteBuffer v = t.valueBuffer;
        v.clear();
        bh.consume(s.db.get(t.readOptions, k, v));
    }

    @Benchmark
    @Threads(2)
    public void getThreads2(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key()));
    }

    @Benchmark
    @Threads(2)
    public void getPreallocatedThreads2(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key(), t.value));
    }
}
