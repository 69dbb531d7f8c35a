package io.panrocks.jmh;

import io.panrocks.MultiGet;
import io.panrocks.RocksDBException;
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
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One operation = one MultiGet of 100 random keys (native: multiget100). */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class PanrocksMultiGet {
    static final int KEYS = 100;

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        final byte[][] batchKeys = new byte[KEYS][];
        final List<byte[]> batchList = Arrays.asList(batchKeys);
        MemorySegment buffer;
        MultiGet multiGet;
        private Arena arena;

        @Setup(Level.Trial)
        public void setUp(PanrocksDb s) {
            rng = new Rng();
            keys = s.keys;
            arena = Arena.ofShared();
            buffer = arena.allocate((long) KEYS * s.valueSize);
        }

        /** A MultiGet belongs to its thread: made on the measuring thread, per iteration. */
        @Setup(Level.Iteration)
        public void newBatch(PanrocksDb s) {
            multiGet = s.db.newMultiGet();
        }

        @TearDown(Level.Iteration)
        public void closeBatch() {
            multiGet.close();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            arena.close();
        }

        List<byte[]> randomKeys() {
            for (int k = 0; k < KEYS; k++) batchKeys[k] = keys[rng.below(keys.length)];
            return batchList;
        }

        MultiGet fill() {
            MultiGet m = multiGet;
            m.clear();
            for (int k = 0; k < KEYS; k++) m.add(keys[rng.below(keys.length)]);
            return m;
        }
    }

    /** RocksJava's shape: a list of keys in, a list of new arrays out. */
    @Benchmark
    public void multiGetAsList(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.multiGetAsList(t.randomKeys()));
    }

    /** A reused MultiGet, values copied back to back into one native buffer; each value's digest consumed. */
    @Benchmark
    public void multiGetCopy(ThreadState t, Blackhole bh) throws RocksDBException {
        MultiGet m = t.fill();
        m.execute(t.buffer);
        for (int k = 0; k < KEYS; k++) bh.consume(Consume.digest(m.value(k)));
    }

    /** A reused MultiGet, values left pinned and read in place. */
    @Benchmark
    public void multiGetPinned(ThreadState t, Blackhole bh) throws RocksDBException {
        MultiGet m = t.fill();
        m.executePinned();
        for (int k = 0; k < KEYS; k++) bh.consume(Consume.digest(m.value(k)));
    }
}
