package io.panrocks.jmh;

import io.panrocks.PinnedEntities;
import io.panrocks.PinnedEntity;
import io.panrocks.ReadOptions;
import io.panrocks.WideColumn;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Wide-column reads of 100 keys: one multiGetEntity (RocksDB's
 * MultiGetEntity, one crossing, every entity pinned in one result) against
 * 100 getEntity calls (a crossing and a PinnedEntity each), and the batch
 * with one column selected (filtered in the native call). 10,000 entities of
 * 4 columns (16-byte names, 64-byte values), flushed and compacted, a block
 * cache large enough to hold them; each operation reads every returned
 * column's size (panrocks only: RocksJava has no wide columns). Scores are
 * per key. Not part of scripts/bench.sh (panrocks only, no RocksJava row):
 * {@code java -jar jmh/target/benchmarks.jar EntityBenchmark}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
public class EntityBenchmark {
    static final int ENTITIES = 10_000, BATCH = 100;

    @State(Scope.Benchmark)
    public static class Db {
        io.panrocks.RocksDB db;
        private Path dir;
        final List<List<byte[]>> batches = new ArrayList<>();
        final List<byte[]> selected = List.of(name(2));
        int next;

        static byte[] key(int i) {
            return String.format("entity-%08d", i).getBytes(StandardCharsets.US_ASCII);
        }

        static byte[] name(int c) {
            return String.format("column-%09d", c).getBytes(StandardCharsets.US_ASCII);
        }

        @Setup(Level.Trial)
        public void open() throws Exception {
            dir = DataSpec.tempDir();
            db = io.panrocks.RocksDB.open(new io.panrocks.Options().setCreateIfMissing(true), dir.resolve("db"));
            byte[] value = new byte[64];
            for (int i = 0; i < ENTITIES; i++) {
                List<WideColumn> columns = new ArrayList<>();
                for (int c = 0; c < 4; c++) {
                    value[0] = (byte) i;
                    value[1] = (byte) c;
                    columns.add(WideColumn.of(name(c), value.clone()));
                }
                db.putEntity(key(i), columns);
            }
            db.flush();
            db.compactRange();
            Rng rng = new Rng(42);
            for (int b = 0; b < 64; b++) {
                List<byte[]> keys = new ArrayList<>(BATCH);
                for (int k = 0; k < BATCH; k++) keys.add(key(rng.below(ENTITIES)));
                batches.add(keys);
            }
        }

        List<byte[]> nextBatch() {
            List<byte[]> keys = batches.get(next);
            next = (next + 1) & 63;
            return keys;
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            db.close();
            DataSpec.deleteTree(dir);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long multiGetEntity(Db s) throws Exception {
        long bytes = 0;
        try (PinnedEntities r = s.db.multiGetEntity(null, ReadOptions.DEFAULT, s.nextBatch())) {
            for (int i = 0; i < BATCH; i++) {
                for (WideColumn c : r.columns(i)) bytes += c.value().byteSize();
            }
        }
        return bytes;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long multiGetEntityOneColumn(Db s) throws Exception {
        long bytes = 0;
        try (PinnedEntities r = s.db.multiGetEntity(null, ReadOptions.DEFAULT, s.nextBatch(), s.selected)) {
            for (int i = 0; i < BATCH; i++) {
                for (WideColumn c : r.columns(i)) bytes += c.value().byteSize();
            }
        }
        return bytes;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long getEntityEach(Db s) throws Exception {
        long bytes = 0;
        for (byte[] key : s.nextBatch()) {
            try (PinnedEntity e = s.db.getEntity(key)) {
                for (WideColumn c : e.columns()) bytes += c.value().byteSize();
            }
        }
        return bytes;
    }
}
