package io.panrocks.jmh;

import io.panrocks.ReadOptions;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
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

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

/**
 * One operation = one scan, as the native floor's scan1000: a new iterator,
 * a seek to a random key, 1000 entries read (wrapping to the first key at
 * the end), the iterator closed.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class PanrocksScan {
    static final int ENTRIES = 1000;

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        final Visitor visitor = new Visitor();
        final ReadOptions pinData = new ReadOptions().setPinData(true);

        @Setup(Level.Trial)
        public void setUp(PanrocksDb s) {
            rng = new Rng();
            keys = s.keys;
        }

        byte[] key() {
            return keys[rng.below(keys.length)];
        }
    }

    /** Blackholes each entry's key and value digest; stops after the wanted count. */
    static final class Visitor implements RocksIterator.EntryVisitor {
        Blackhole bh;
        int remaining;

        @Override
        public boolean visit(MemorySegment key, MemorySegment value) {
            bh.consume(Consume.digest(key));
            bh.consume(Consume.digest(value));
            return --remaining > 0;
        }
    }

    /**
     * {@code key()}/{@code value()}: zero-copy segments, step by step; from
     * the third step the iterator reads ahead (a crossing per batch, the
     * entries' views over its copy of them).
     */
    @Benchmark
    public void scanZeroCopy(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        try (RocksIterator it = s.db.newIterator()) {
            readViews(it, t, bh);
        }
    }

    /**
     * As {@link #scanZeroCopy}, with {@code pinData}: reading ahead copies
     * only keys, each value is shown where the engine keeps it pinned.
     */
    @Benchmark
    public void scanZeroCopyPinned(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        try (RocksIterator it = s.db.newIterator(t.pinData)) {
            readViews(it, t, bh);
        }
    }

    /** Seeks a random key and reads {@link #ENTRIES} entries' views step by step, wrapping at the end. */
    private static void readViews(RocksIterator it, ThreadState t, Blackhole bh) throws RocksDBException {
        it.seek(t.key());
        for (int n = 0; n < ENTRIES; n++) {
            if (!it.isValid()) {
                it.status();
                it.seekToFirst();
            }
            bh.consume(Consume.digest(it.key()));
            bh.consume(Consume.digest(it.value()));
            it.next();
        }
        it.status();
    }

    /** {@code keyBytes()}/{@code valueBytes()}: a new array for each key and value. */
    @Benchmark
    public void scanBytes(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        try (RocksIterator it = s.db.newIterator()) {
            it.seek(t.key());
            for (int n = 0; n < ENTRIES; n++) {
                if (!it.isValid()) {
                    it.status();
                    it.seekToFirst();
                }
                bh.consume(it.keyBytes());
                bh.consume(it.valueBytes());
                it.next();
            }
            it.status();
        }
    }

    /** The bulk walk {@code scanForward(visitor)}: many entries per crossing. */
    @Benchmark
    public void scanForward(PanrocksDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        Visitor v = t.visitor;
        v.bh = bh;
        v.remaining = ENTRIES;
        try (RocksIterator it = s.db.newIterator()) {
            it.seek(t.key());
            while (true) {
                it.scanForward(v);
                if (v.remaining == 0) break;
                it.status();   // reached the end: wrap
                it.seekToFirst();
            }
        }
    }
}
