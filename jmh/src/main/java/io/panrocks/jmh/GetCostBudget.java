package io.panrocks.jmh;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_value;
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

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

/**
 * The per-call cost budget of {@code int get(key, byte[] value)}: the same read
 * taken apart into a ladder of steps, each measured alone, so the time the
 * binding adds to the engine's own {@code Get} can be assigned to its parts
 * (docs/benchmarks.md, "Per-call cost budget").
 *
 * <ul>
 *   <li>{@link #downcall}: an empty FFM downcall, the crossing alone;</li>
 *   <li>{@link #guard}: the close guard, {@code enter()} + {@code exit()} (thread-context lookup, volatile
 *       store, state load, release store);</li>
 *   <li>{@link #guardAndStageKey}: the guard plus copying the key into the thread's native scratch;</li>
 *   <li>{@link #copyOut}: the copy of the value into the caller's array alone (from a native buffer);</li>
 *   <li>{@link #rawGet}: the C ABI's {@code panrocks_get_adaptive} called straight through the generated
 *       binding with everything prepared (keys staged once in native memory, default read options, the
 *       engine's result left where it is): the engine, the C stub and the crossing, nothing of the Java API.
 *       Against the native floor's {@code get_buffer} of the same size it gives what the crossing and the
 *       engine's loading as a shared library cost;</li>
 *   <li>{@link #rawGetCopyOut}: {@code rawGet} plus the copy into the caller's array (and the pin release
 *       when the value came pinned), which is all the work the API call does besides its bookkeeping;</li>
 *   <li>{@link #api}: {@code db.get(key, value)} itself.</li>
 * </ul>
 *
 * Its own data set: 1000 keys of 16 bytes, flushed, values of {@code valueSize} bytes.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class GetCostBudget {
    /**
     * The API's limit for reads into a heap array (io.panrocks.internal.data.Reads.HEAP_COPY_LIMIT, read from there so the
     * raw steps cannot drift from it): values up to it come through scratch, larger ones pinned.
     */
    static final long HEAP_COPY_LIMIT = apiHeapCopyLimit();

    private static long apiHeapCopyLimit() {
        // Reads binds its downcalls when it is initialized, which needs the library loaded first
        RocksDB.loadLibrary();
        try {
            java.lang.reflect.Field f = Class.forName("io.panrocks.internal.data.Reads").getDeclaredField("HEAP_COPY_LIMIT");
            f.setAccessible(true);
            return f.getLong(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("io.panrocks.internal.data.Reads has no HEAP_COPY_LIMIT", e);
        }
    }

    @State(Scope.Benchmark)
    public static class Db {
        @Param({"16", "16384"})
        public int valueSize;

        RocksDB db;
        NativeDb nativeDb;
        MemorySegment handle;
        byte[][] keys;
        private LoadedDb loaded;

        @Setup(Level.Trial)
        public void open() throws Exception {
            DataSpec spec = new DataSpec(1000, 16, valueSize, "flushed");
            keys = spec.keys();
            loaded = LoadedDb.open(spec, Options.DEFAULT_ADAPTIVE_READ_THRESHOLD);
            db = loaded.db;
            nativeDb = PanrocksDb.nativeDb(db);
            handle = nativeDb.handle();
        }

        @TearDown(Level.Trial)
        public void close() throws RocksDBException {
            if (loaded != null) loaded.close();
        }
    }

    /** Per-thread: the key stream, the caller's array, and for the raw calls the C ABI's arguments. */
    @State(Scope.Thread)
    public static class Caller {
        Rng rng;
        byte[] value;
        MemorySegment nativeKeys;
        MemorySegment scratch;
        MemorySegment pin;
        MemorySegment out;
        MemorySegment error;
        private Arena arena;

        @Setup(Level.Trial)
        public void setUp(Db d) {
            rng = new Rng();
            value = new byte[d.valueSize];
            arena = Arena.ofConfined();
            nativeKeys = arena.allocate((long) d.keys.length * 16);
            for (int i = 0; i < d.keys.length; i++) {
                MemorySegment.copy(d.keys[i], 0, nativeKeys, ValueLayout.JAVA_BYTE, i * 16L, 16);
            }
            scratch = arena.allocate(16 * 1024); // the size of a reading thread's scratch in the API
            out = arena.allocate(panrocks_value.layout());
            error = arena.allocate(panrocks_error.layout());
            MemorySegment pinOut = arena.allocate(ValueLayout.ADDRESS);
            if (panrocks_h.panrocks_pin_create(pinOut, error) != panrocks_h.PANROCKS_OK()) {
                throw new IllegalStateException("panrocks_pin_create failed");
            }
            pin = pinOut.get(ValueLayout.ADDRESS, 0);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            panrocks_h.panrocks_pin_destroy(pin);
            arena.close();
        }

        int next(int keyCount) {
            return rng.below(keyCount);
        }
    }

    @Benchmark
    public int downcall(Db d) { // d: the library is loaded with the DB
        return panrocks_h.panrocks_abi_version();
    }

    @Benchmark
    public CallContext guard(Db d) {
        CallContext c = d.nativeDb.enter();
        d.nativeDb.exit(c);
        return c;
    }

    @Benchmark
    public MemorySegment guardAndStageKey(Db d, Caller t) {
        byte[] key = d.keys[t.next(d.keys.length)];
        CallContext c = d.nativeDb.enter();
        try {
            return c.stageKey(key, 0, key.length);
        } finally {
            d.nativeDb.exit(c);
        }
    }

    @Benchmark
    public byte[] copyOut(Db d, Caller t) {
        MemorySegment.copy(t.scratch, ValueLayout.JAVA_BYTE, 0, t.value, 0, d.valueSize);
        return t.value;
    }

    /** The C ABI's read of a random key, as the API makes it: the result is left in t.out. */
    private static void readRaw(Db d, Caller t) {
        MemorySegment key = t.nativeKeys.asSlice(t.next(d.keys.length) * 16L, 16);
        int rc = panrocks_h.panrocks_get_adaptive(d.handle, MemorySegment.NULL, MemorySegment.NULL, t.pin, key, 16,
                t.scratch, t.scratch.byteSize(), HEAP_COPY_LIMIT, t.out, t.error);
        if (rc != panrocks_h.PANROCKS_OK()) throw new IllegalStateException("rc " + rc);
    }

    @Benchmark
    public void rawGet(Db d, Caller t, Blackhole bh) {
        readRaw(d, t);
        if (panrocks_value.pinned(t.out) != 0) panrocks_h.panrocks_pin_release(t.pin);
        bh.consume(panrocks_value.size(t.out));
    }

    @Benchmark
    @SuppressWarnings("restricted") // the engine's pointer sized by hand: what the binding does inside
    public void rawGetCopyOut(Db d, Caller t, Blackhole bh) {
        readRaw(d, t);
        int n = (int) Math.min(panrocks_value.size(t.out), t.value.length);
        if (panrocks_value.pinned(t.out) != 0) {
            MemorySegment.copy(panrocks_value.data(t.out).reinterpret(n), ValueLayout.JAVA_BYTE, 0, t.value, 0, n);
            panrocks_h.panrocks_pin_release(t.pin);
        } else {
            MemorySegment.copy(t.scratch, ValueLayout.JAVA_BYTE, 0, t.value, 0, n);
        }
        bh.consume(t.value);
    }

    @Benchmark
    public int api(Db d, Caller t) throws RocksDBException {
        return d.db.get(d.keys[t.next(d.keys.length)], t.value);
    }
}
