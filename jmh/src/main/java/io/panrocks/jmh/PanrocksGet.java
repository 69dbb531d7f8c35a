package io.panrocks.jmh;

import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * panrocks point gets of a random present key, one variant per read API.
 * Native comparators: get -> get_string; the reads into a caller's buffer ->
 * get_buffer; the zero-copy reads -> get_pinned.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class PanrocksGet {

    /** Per-thread buffers and key generator (stream 0 for the first thread, as the native floor). */
    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        int keySize;
        byte[] value;
        ByteBuffer keyBuffer;
        ByteBuffer valueBuffer;
        MemorySegment keySegment;
        MemorySegment valueSegment;
        MemorySegment adaptiveBuffer;
        Digest reader;
        private Arena arena;

        @Setup(Level.Trial)
        public void setUp(PanrocksDb s) {
            rng = new Rng();
            keys = s.keys;
            keySize = s.keySize;
            value = new byte[s.valueSize];
            keyBuffer = ByteBuffer.allocateDirect(s.keySize);
            valueBuffer = ByteBuffer.allocateDirect(s.valueSize);
            arena = Arena.ofShared();
            keySegment = arena.allocate(s.keySize);
            valueSegment = arena.allocate(s.valueSize);
            adaptiveBuffer = arena.allocate(s.valueSize);
            reader = new Digest();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            arena.close();
        }

        byte[] key() {
            return keys[rng.below(keys.length)];
        }
    }

    /** The scoped reader: reads size, first and last byte, keeps the digest; allocation-free. */
    static final class Digest implements Function<MemorySegment, Object> {
        long last;

        @Override
        public Object apply(MemorySegment value) {
            last = Consume.digest(value);
            return this;
        }
    }

    // ---- copies -------------------------------------------------------------

    /** {@code byte[] get(key)}: a new array per read. */
    @Benchmark
    public void get(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key()));
    }

    /** {@code int get(key, byte[] value)} into a reused array (normal downcall unless -Dpanrocks.critical=true). */
    @Benchmark
    public void getPreallocated(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key(), t.value));
    }

    /** RocksJava's direct ByteBuffer form: key staged in a direct buffer, value copied into one. */
    @Benchmark
    public void getDirectBuffer(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        ByteBuffer k = t.keyBuffer;
        k.clear();
        k.put(t.key());
        k.flip();
        ByteBuffer v = t.valueBuffer;
        v.clear();
        bh.consume(s.db.get(ReadOptions.DEFAULT, k, v));
    }

    /**
     * {@code long get(MemorySegment key, MemorySegment value)}: the key copied into a native key
     * segment (as the ByteBuffer variant puts it into a direct buffer), the engine copies the value
     * into a native value segment.
     */
    @Benchmark
    public void getSegment(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        MemorySegment k = t.keySegment;
        MemorySegment.copy(t.key(), 0, k, ValueLayout.JAVA_BYTE, 0, t.keySize);
        bh.consume(s.db.get(k, t.valueSegment));
    }

    // ---- zero-copy ---------------------------------------------------------

    /** {@code getPinned}: the value read in place (size, first and last byte), then released. */
    @Benchmark
    public void getPinned(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        try (PinnedValue v = s.db.getPinned(t.key())) {
            bh.consume(Consume.digest(v.value()));
        }
    }

    /** The scoped reader {@code get(key, reader)}: copied below the adaptive threshold, pinned above. */
    @Benchmark
    public void getScoped(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key(), t.reader));
        bh.consume(t.reader.last);
    }

    /** {@code getAdaptive(ReadOptions, key, buffer)}: copied into a native buffer below the threshold, else pinned. */
    @Benchmark
    public void getAdaptive(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        try (PinnedValue v = s.db.getAdaptive(ReadOptions.DEFAULT, t.key(), t.adaptiveBuffer)) {
            bh.consume(Consume.digest(v.value()));
        }
    }

    // ---- two threads on the same DB (ops/s summed over both) -----------------

    @Benchmark
    @Threads(2)
    public void getThreads2(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key()));
    }

    @Benchmark
    @Threads(2)
    public void getPreallocatedThreads2(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(s.db.get(t.key(), t.value));
    }

    @Benchmark
    @Threads(2)
    public void getPinnedThreads2(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        try (PinnedValue v = s.db.getPinned(t.key())) {
            bh.consume(Consume.digest(v.value()));
        }
    }
}
