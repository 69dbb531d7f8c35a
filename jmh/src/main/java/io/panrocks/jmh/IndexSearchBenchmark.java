package io.panrocks.jmh;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.CompressionType;
import io.panrocks.IndexSearchType;
import io.panrocks.LRUCache;
import io.panrocks.Options;
import io.panrocks.RocksDB;
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

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.TimeUnit;

/**
 * Point gets from one compacted SST file under each index search
 * ({@link BlockBasedTableConfig#setIndexSearchType}, RocksDB's
 * {@code index_block_search_type}): binary search, against {@code kAuto}
 * with RocksJava's {@code uniform_cv_threshold} 0.2 (interpolation search in
 * the index blocks the writer marked uniform, binary search in the others),
 * and forced {@code kInterpolation} to show what the fallback saves on
 * skewed keys. Keys are 8-byte big-endian longs from {@link IndexSearchKeys}:
 * {@code uniform} (uniformly random, so the index separators are evenly
 * spaced) or {@code skewed} (log-uniform, so they are not and the writer
 * leaves the blocks unmarked). {@code get(key, byte[] value)} of a random
 * present key into a reused buffer; the DB is flushed, compacted into one
 * file and every key read once before measuring, so the blocks are in the
 * block cache. The native floor is {@code native/bench/panrocks_index_search_bench},
 * the same data and options straight on the engine; run both with
 * {@code scripts/bench-index-search.sh}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 6, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
public class IndexSearchBenchmark {
    @State(Scope.Benchmark)
    public static class Db {
        @Param({"uniform", "skewed"})
        public String keys;
        @Param({"kBinary", "kAuto", "kInterpolation"})
        public String search;
        @Param({"1000000"})
        public int keyCount;

        RocksDB db;
        byte[][] keyBytes;
        private LRUCache cache;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws Exception {
            long[] sorted = IndexSearchKeys.generate(keys, keyCount);
            keyBytes = new byte[sorted.length][];
            for (int i = 0; i < sorted.length; i++) keyBytes[i] = IndexSearchKeys.key(sorted[i]);
            dir = DataSpec.tempDir();
            cache = new LRUCache(1L << 30);
            // the native floor's options (panrocks_index_search_bench.cc): no compression, one big file,
            // RocksJava's uniform_cv_threshold 0.2 written on both sides
            Options options = new Options().setCreateIfMissing(true)
                    .setCompressionType(CompressionType.NO_COMPRESSION)
                    .setBottommostCompressionType(CompressionType.NO_COMPRESSION)
                    .setCompressionPerLevel(Collections.nCopies(7, CompressionType.NO_COMPRESSION))
                    .setTargetFileSizeBase(1L << 30)
                    .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache).setUniformCvThreshold(0.2)
                            .setIndexSearchType(IndexSearchType.valueOf(search)));
            db = RocksDB.open(options, dir.resolve("db"));
            // loaded on a thread of its own, as PanrocksDb does, so the measuring thread only reads
            Throwable[] failure = new Throwable[1];
            Thread loader = new Thread(() -> {
                try {
                    byte[] value = new byte[IndexSearchKeys.VALUE_SIZE];
                    for (int i = 0; i < keyBytes.length; i++) {
                        IndexSearchKeys.fillValue(keyBytes[i], value);
                        db.put(keyBytes[i], value);
                    }
                    db.flush();
                    db.compactRange();
                } catch (Throwable t) {
                    failure[0] = t;
                }
            }, "panrocks-jmh-loader");
            loader.start();
            loader.join();
            if (failure[0] != null) throw new IllegalStateException("loading failed", failure[0]);
            if (db.getLiveFilesMetaData().size() != 1) {
                throw new IllegalStateException("expected one SST file, got " + db.getLiveFilesMetaData().size());
            }
            // every key once: the blocks in the cache, and every answer checked
            byte[] value = new byte[IndexSearchKeys.VALUE_SIZE];
            byte[] expected = new byte[IndexSearchKeys.VALUE_SIZE];
            for (byte[] k : keyBytes) {
                IndexSearchKeys.fillValue(k, expected);
                if (db.get(k, value) != IndexSearchKeys.VALUE_SIZE || !Arrays.equals(value, expected)) {
                    throw new IllegalStateException("wrong value for a key under " + search);
                }
            }
            EngineCheck.verify();
        }

        @TearDown(Level.Trial)
        public void close() {
            if (db != null) db.close();
            if (cache != null) cache.close();
            DataSpec.deleteTree(dir);
        }
    }

    @State(Scope.Thread)
    public static class Reader {
        final Rng rng = new Rng();
        final byte[] value = new byte[IndexSearchKeys.VALUE_SIZE];
    }

    @Benchmark
    public void get(Db d, Reader r, Blackhole bh) throws Exception {
        bh.consume(d.db.get(d.keyBytes[r.rng.below(d.keyBytes.length)], r.value));
        bh.consume(r.value[0]);
    }
}
