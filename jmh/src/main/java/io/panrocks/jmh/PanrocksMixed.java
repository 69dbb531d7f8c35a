package io.panrocks.jmh;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.LRUCache;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * panrocks under {@link MixedLoad}: a read alone, and a read beside a thread
 * that updates (group {@code mixed}: one reader, one updater; group
 * {@code paced}: the updater held to a fixed rate), an update
 * alone, and two threads each reading and updating ({@code bothThreadsBoth});
 * every method but that one reports its thread's CPU time per operation
 * ({@link MixedCpu}). {@link RocksJavaMixed} is the same on RocksJava.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class PanrocksMixed {
    @State(Scope.Benchmark)
    public static class Db {
        /** flushed: in tables the block cache holds; memtable: every record in a 256 MiB memtable */
        @Param({"flushed", "memtable"})
        public String dataset;
        RocksDB db;
        byte[][] keys;
        private LRUCache cache;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws RocksDBException {
            dir = DataSpec.tempDir();
            cache = new LRUCache(MixedLoad.CACHE_BYTES);
            try (Options o = new Options().setCreateIfMissing(true)
                    .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache))
                    .setWriteBufferSize(dataset.equals("memtable") ? 256L << 20 : 64L << 20)) {
                db = PanrocksDb.loaded(RocksDB.open(o, dir.resolve("db")), MixedLoad.spec(dataset));
            }
            keys = MixedLoad.SPEC.keys();
        }

        @TearDown(Level.Trial)
        public void close() {
            db.close();
            cache.close();
            DataSpec.deleteTree(dir);
        }
    }

    @State(Scope.Thread)
    public static class Keys {
        int[] order;
        int next;

        @Setup(Level.Trial)
        public void draw() {
            order = MixedLoad.zipfian((int) Thread.currentThread().threadId());
        }

        byte[] key(Db d) {
            int i = order[next++ & (order.length - 1)];
            return d.keys[i];
        }
    }

    private static byte[] read(Db d, Keys k) throws RocksDBException {
        return d.db.get(k.key(d));
    }

    private static void update(Db d, Keys k) throws RocksDBException {
        byte[] key = k.key(d);
        byte[] v = d.db.get(key);
        MixedLoad.bump(v);
        d.db.put(key, v);
    }

    @Benchmark
    public void readAlone(Db d, Keys k, MixedCpu.ReadCpu cpu, Blackhole bh) throws RocksDBException {
        bh.consume(read(d, k));
        cpu.count();
    }

    @Benchmark
    @Group("mixed")
    @GroupThreads(1)
    public void mixedRead(Db d, Keys k, MixedCpu.ReadCpu cpu, Blackhole bh) throws RocksDBException {
        bh.consume(read(d, k));
        cpu.count();
    }

    @Benchmark
    @Group("mixed")
    @GroupThreads(1)
    public void mixedUpdate(Db d, Keys k, MixedCpu.UpdateCpu cpu) throws RocksDBException {
        update(d, k);
        cpu.count();
    }

    /** A read beside an updater held to {@link MixedCpu.Pace#RATE} updates a second. */
    @Benchmark
    @Group("paced")
    @GroupThreads(1)
    public void pacedRead(Db d, Keys k, MixedCpu.ReadCpu cpu, Blackhole bh) throws RocksDBException {
        bh.consume(read(d, k));
        cpu.count();
    }

    @Benchmark
    @Group("paced")
    @GroupThreads(1)
    public void pacedUpdate(Db d, Keys k, MixedCpu.UpdateCpu cpu, MixedCpu.Pace pace) throws RocksDBException {
        update(d, k);
        cpu.count();
        pace.paced();
    }

    @Benchmark
    public void updateAlone(Db d, Keys k, MixedCpu.UpdateCpu cpu) throws RocksDBException {
        update(d, k);
        cpu.count();
    }

    /**
     * Both threads doing both, as the harness did: two threads, each
     * making one read and one update per operation (half reads, half updates),
     * on keys drawn from its own zipfian stream.
     */
    @Benchmark
    @Threads(2)
    public void bothThreadsBoth(Db d, Keys k, Blackhole bh) throws RocksDBException {
        bh.consume(read(d, k));
        update(d, k);
    }
}
