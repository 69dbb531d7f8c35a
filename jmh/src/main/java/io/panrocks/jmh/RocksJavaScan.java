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
import org.rocksdb.RocksIterator;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/** RocksJava scans: new iterator, seek a random key, 1000 entries (wrapping), close. */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class RocksJavaScan {
    static final int ENTRIES = 1000;

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        byte[][] keys;
        ByteBuffer keyBuffer;
        ByteBuffer valueBuffer;

        @Setup(Level.Trial)
        public void setUp(RocksJavaDb s) {
            rng = new Rng();
            keys = s.keys;
            keyBuffer = ByteBuffer.allocateDirect(s.keySize);
            valueBuffer = ByteBuffer.allocateDirect(s.valueSize);
        }

        byte[] key() {
            return keys[rng.below(keys.length)];
        }
    }

    /** {@code key()}/{@code value()}: a new array for each (RocksJava has no zero-copy entry). */
    @Benchmark
    public void scan(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        try (RocksIterator it = s.db.newIterator()) {
            it.seek(t.key());
            for (int n = 0; n < ENTRIES; n++) {
                if (!it.isValid()) {
                    it.status();
                    it.seekToFirst();
                }
                bh.consume(it.key());
                bh.consume(it.value());
                it.next();
            }
            it.status();
        }
    }

    /** {@code key(ByteBuffer)}/{@code value(ByteBuffer)} into reused direct buffers. */
    @Benchmark
    public void scanByteBuffer(RocksJavaDb s, ThreadState t, Blackhole bh) throws RocksDBException {
        ByteBuffer kb = t.keyBuffer;
        ByteBuffer vb = t.valueBuffer;
        try (RocksIterator it = s.db.newIterator()) {
            it.seek(t.key());
            for (int n = 0; n < ENTRIES; n++) {
                if (!it.isValid()) {
                    it.status();
                    it.seekToFirst();
                }
                kb.clear();
                bh.consume(it.key(kb));
                vb.clear();
                bh.consume(it.value(vb));
                it.next();
            }
            it.status();
        }
    }
}
