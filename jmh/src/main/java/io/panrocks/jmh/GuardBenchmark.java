package io.panrocks.jmh;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;
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

import java.util.concurrent.TimeUnit;

/**
 * The cost of the guard panrocks puts around every native call.
 * {@code NativeDb.enter()}/{@code exit()} is a ThreadLocal lookup of the
 * thread's CallContext, one volatile store (call counter), one volatile load
 * of the DB state and one release store; there is no shared lock or counter,
 * so two threads should not serialize on it. Measured here alone (one and two
 * threads on the same DB), beside an empty downcall (the FFM crossing with no
 * work, for scale) and a 16-byte {@code get(key, byte[])} (a whole small read,
 * for the guard's share of it). Its own data set: 1000 keys of 16 bytes,
 * 16-byte values, flushed (no parameters).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class GuardBenchmark {
    static final DataSpec SPEC = new DataSpec(1000, 16, 16, "flushed");

    /** The DB and its guard object (the private field {@code db} of io.panrocks.RocksDB). */
    @State(Scope.Benchmark)
    public static class GuardDb {
        RocksDB db;
        NativeDb nativeDb;
        byte[][] keys;
        private LoadedDb loaded;

        @Setup(Level.Trial)
        public void open() throws Exception {
            keys = SPEC.keys();
            loaded = LoadedDb.open(SPEC, Options.DEFAULT_ADAPTIVE_READ_THRESHOLD);
            db = loaded.db;
            nativeDb = PanrocksDb.nativeDb(db);
            CallContext c = nativeDb.enter();   // the guard works as the API uses it
            nativeDb.exit(c);
        }

        @TearDown(Level.Trial)
        public void close() throws RocksDBException {
            if (loaded != null) loaded.close();
        }
    }

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        final byte[] value = new byte[SPEC.valueSize()];

        @Setup(Level.Trial)
        public void setUp() {
            rng = new Rng();
        }
    }

    /** enter + exit, nothing in between: the guard alone. */
    @Benchmark
    public CallContext enterExit(GuardDb g) {
        NativeDb d = g.nativeDb;
        CallContext c = d.enter();
        d.exit(c);
        return c;
    }

    /** The same on two threads sharing the DB (ops/s summed): about 2x if nothing is shared. */
    @Benchmark
    @Threads(2)
    public CallContext enterExitThreads2(GuardDb g) {
        NativeDb d = g.nativeDb;
        CallContext c = d.enter();
        d.exit(c);
        return c;
    }

    /** An empty downcall ({@code panrocks_abi_version()}): the FFM crossing alone, for scale. */
    @Benchmark
    public int emptyDowncall(GuardDb g) {
        return panrocks_h.panrocks_abi_version();
    }

    /**
     * The empty downcall on two threads: nothing shared at all, so its 2-thread / 1-thread ratio is what
     * this machine gives two threads of pure thread-local work (the control for enterExitThreads2).
     */
    @Benchmark
    @Threads(2)
    public int emptyDowncallThreads2(GuardDb g) {
        return panrocks_h.panrocks_abi_version();
    }

    /** A whole 16-byte {@code get(key, byte[])} into a reused array, guard included. */
    @Benchmark
    public int get16(GuardDb g, ThreadState t) throws RocksDBException {
        return g.db.get(g.keys[t.rng.below(g.keys.length)], t.value);
    }

    @Benchmark
    @Threads(2)
    public int get16Threads2(GuardDb g, ThreadState t) throws RocksDBException {
        return g.db.get(g.keys[t.rng.below(g.keys.length)], t.value);
    }
}
