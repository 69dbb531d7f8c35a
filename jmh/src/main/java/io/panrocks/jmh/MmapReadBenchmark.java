package io.panrocks.jmh;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.LRUCache;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
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
import java.util.concurrent.TimeUnit;

/**
 * What mmap reads ({@code allow_mmap_reads}) buy over the default pread
 * reads, on gets that miss the block cache (a 4 MiB cache over about 100 MiB
 * of tables, all in the OS page cache) and on gets it serves. Issue 37 item
 * 4: a protection against an SST file truncated under a DB with mmap reads
 * must keep the engine from ever holding a pointer into the mapping past a
 * check of the file's size, that is, copy each block read out of it after an
 * {@code fstat}: at least the work of the pread path. So the gap measured
 * here is what such a protection would take back from mmap reads.
 * 200,000 keys of 16 bytes, 512-byte values, compacted into one level.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class MmapReadBenchmark {
    static final DataSpec SPEC = new DataSpec(200_000, 16, 512, "flushed");

    /** allow_mmap_reads */
    @Param({"false", "true"})
    public boolean mmap;

    /** uncached: a 4 MiB block cache, most gets read a block from the file; cached: 512 MiB, every block cached */
    @Param({"uncached", "cached"})
    public String cache;

    private Path dir;
    private LRUCache blockCache;
    private RocksDB db;
    private byte[][] keys;
    private final Rng rng = new Rng();

    @Setup(Level.Trial)
    public void open() throws RocksDBException {
        dir = DataSpec.tempDir();
        blockCache = new LRUCache(cache.equals("cached") ? 512L << 20 : 4L << 20);
        try (Options o = new Options().setCreateIfMissing(true).setAllowMmapReads(mmap)
                .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(blockCache))) {
            // its load reads every key once: the OS page cache (and, when it holds them, the block cache) warm
            db = PanrocksDb.loaded(RocksDB.open(o, dir.resolve("db")), SPEC);
        }
        keys = SPEC.keys();
    }

    @TearDown(Level.Trial)
    public void close() {
        if (db != null) db.close();
        if (blockCache != null) blockCache.close();
        DataSpec.deleteTree(dir);
    }

    @Benchmark
    public void get(Blackhole bh) throws RocksDBException {
        bh.consume(db.get(keys[rng.below(keys.length)]));
    }
}
