package io.panrocks.jmh;

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

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A key order written in Java, the one callback kind both bindings offer
 * (RocksJava has no Java merge operator or compaction filter): gets on a DB
 * whose comparator is a Java bytewise comparator, in panrocks (an FFM upcall
 * per comparison, the keys as read-only MemorySegments) and in RocksJava
 * (a JNI callback per comparison, the keys as direct ByteBuffers, its
 * fastest mode), beside the same gets with RocksDB's built-in comparator for
 * scale ({@code comparator=builtin}). Both Java comparators do the same work:
 * one mismatch, then an unsigned byte compare. 1000 keys of 16 bytes, 16-byte
 * values, flushed and compacted: a get compares in the index and data blocks.
 * Each side runs in forks of its own (only its binding loaded).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
public class ComparatorBenchmark {
    static final DataSpec SPEC = new DataSpec(1000, 16, 16, "flushed");

    /** panrocks: a DB with a Java bytewise comparator, or RocksDB's own. */
    @State(Scope.Benchmark)
    public static class Panrocks {
        @Param({"java", "builtin"})
        public String comparator;
        io.panrocks.RocksDB db;
        byte[][] keys;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws Exception {
            keys = SPEC.keys();
            dir = DataSpec.tempDir();
            io.panrocks.Options options = new io.panrocks.Options().setCreateIfMissing(true);
            if (comparator.equals("java")) {
                options.setComparator(new io.panrocks.AbstractComparator() {
                    @Override
                    public String name() {
                        return "bench.JavaBytewise";
                    }

                    @Override
                    public int compare(MemorySegment a, MemorySegment b) {
                        return compareBytewise(a, b);
                    }
                });
            }
            db = io.panrocks.RocksDB.open(options, dir.resolve("db"));
            byte[] value = new byte[SPEC.valueSize()];
            for (int i = 0; i < SPEC.keyCount(); i++) {
                SPEC.fillValue(i, value);
                db.put(SPEC.key(i), value);
            }
            db.flush();
            db.compactRange();
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            if (db != null) db.close();
            DataSpec.deleteTree(dir);
        }
    }

    /** RocksJava: the same DB through JNI. */
    @State(Scope.Benchmark)
    public static class RocksJava {
        @Param({"java", "builtin"})
        public String comparator;
        org.rocksdb.RocksDB db;
        byte[][] keys;
        private org.rocksdb.Options options;
        private org.rocksdb.AbstractComparator javaComparator;
        private org.rocksdb.ComparatorOptions comparatorOptions;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws Exception {
            org.rocksdb.RocksDB.loadLibrary();
            keys = SPEC.keys();
            dir = DataSpec.tempDir();
            options = new org.rocksdb.Options().setCreateIfMissing(true);
            if (comparator.equals("java")) {
                comparatorOptions = new org.rocksdb.ComparatorOptions().setUseDirectBuffer(true);
                javaComparator = new org.rocksdb.AbstractComparator(comparatorOptions) {
                    @Override
                    public String name() {
                        return "bench.JavaBytewise";
                    }

                    @Override
                    public int compare(ByteBuffer a, ByteBuffer b) {
                        int aSize = a.remaining(), bSize = b.remaining();
                        int at = a.mismatch(b);
                        if (at < 0) return 0;
                        if (at == aSize) return -1;
                        if (at == bSize) return 1;
                        return Integer.compare(Byte.toUnsignedInt(a.get(a.position() + at)),
                                Byte.toUnsignedInt(b.get(b.position() + at)));
                    }
                };
                options.setComparator(javaComparator);
            }
            db = org.rocksdb.RocksDB.open(options, dir.resolve("db").toString());
            byte[] value = new byte[SPEC.valueSize()];
            for (int i = 0; i < SPEC.keyCount(); i++) {
                SPEC.fillValue(i, value);
                db.put(SPEC.key(i), value);
            }
            try (org.rocksdb.FlushOptions flush = new org.rocksdb.FlushOptions().setWaitForFlush(true)) {
                db.flush(flush);
            }
            db.compactRange();
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            if (db != null) db.close();
            if (options != null) options.close();
            if (javaComparator != null) javaComparator.close();
            if (comparatorOptions != null) comparatorOptions.close();
            DataSpec.deleteTree(dir);
        }
    }

    /** The reading thread's key sequence and value buffer. */
    @State(Scope.Thread)
    public static class Reader {
        Rng rng;
        final byte[] value = new byte[SPEC.valueSize()];

        @Setup(Level.Trial)
        public void seed() {
            rng = new Rng();
        }
    }

    /** One get into a buffer: the comparisons of a point lookup, through panrocks. */
    @Benchmark
    public int panrocksGet(Panrocks p, Reader r) throws Exception {
        return p.db.get(p.keys[r.rng.below(p.keys.length)], r.value);
    }

    /** The same get through RocksJava. */
    @Benchmark
    public int rocksJavaGet(RocksJava j, Reader r) throws Exception {
        return j.db.get(j.keys[r.rng.below(j.keys.length)], r.value);
    }
}
