package io.panrocks.jmh;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompressionType;
import io.panrocks.DBOptions;
import io.panrocks.LRUCache;
import io.panrocks.LogConsumer;
import io.panrocks.RecordBatch;
import io.panrocks.RecordLog;
import io.panrocks.RocksDB;
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
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Batch and forward, panrocks side: a {@link RecordLog} (its two column families) read
 * by a {@link LogConsumer}; one operation seeks the consumer to a random
 * offset and forwards 1000 records to the channel: polls of at most 500
 * records / 4 MiB, each batch written with {@link RecordBatch#writeRecordsTo}
 * (values not copied on the Java side, gathering writes) and closed.
 * One op = 1000 records; records/s = ops/s x 1000.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class PanrocksForward {
    static final int POLL_RECORDS = 500;
    static final long POLL_BYTES = 4L << 20;

    @State(Scope.Benchmark)
    public static class Log extends ForwardParams {
        RocksDB db;
        RecordLog log;
        LogConsumer consumer;
        private ColumnFamilyHandle records;
        private LRUCache cache;
        private Path dir;

        @Setup(Level.Trial)
        public void open() throws Exception {
            int n = recordCount();
            dir = DataSpec.tempDir();
            cache = new LRUCache(DataSpec.CACHE_BYTES);
            ColumnFamilyOptions cf = new ColumnFamilyOptions()
                    .setCompressionType(CompressionType.NO_COMPRESSION)
                    .setBottommostCompressionType(CompressionType.NO_COMPRESSION)
                    .setCompressionPerLevel(Collections.nCopies(7, CompressionType.NO_COMPRESSION))
                    .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
            List<ColumnFamilyDescriptor> families = new ArrayList<>();
            families.add(new ColumnFamilyDescriptor("default".getBytes(), cf));
            for (ColumnFamilyDescriptor d : RecordLog.columnFamilies(LOG_NAME)) {
                families.add(new ColumnFamilyDescriptor(d.getName(), cf));
            }
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                    dir.resolve("db"), families, handles);
            records = handles.get(1);
            log = new RecordLog(db, records, handles.get(2));
            // appended on a thread of its own, like the other panrocks data sets (per-thread scratch)
            Throwable[] failure = new Throwable[1];
            Thread loader = new Thread(() -> {
                try {
                    byte[][] values = distinctValues();
                    for (int first = 0; first < n; first += RECORDS_PER_OP) {
                        List<byte[]> chunk = new ArrayList<>(RECORDS_PER_OP);
                        for (int i = first; i < Math.min(n, first + RECORDS_PER_OP); i++) chunk.add(values[(i * 31) & 0xff]);
                        DataSpec.check(log.appendAll(chunk) == first, "appended at an unexpected offset");
                    }
                } catch (Throwable t) {
                    failure[0] = t;
                }
            }, "panrocks-jmh-loader");
            loader.start();
            loader.join();
            if (failure[0] != null) throw new IllegalStateException("loading the log failed", failure[0]);
            db.flush(records);
            db.compactRange(records);
            DataSpec.check(db.getLongProperty(records, "rocksdb.num-entries-active-mem-table") == 0
                    && db.getLongProperty(records, "rocksdb.num-immutable-mem-table") == 0,
                    "the log still has records in a memtable");
            EngineCheck.verify();
            consumer = log.consumer("jmh");
            // every record read once (blocks cached), counted
            consumer.seek(0);
            long seen = 0;
            while (true) {
                try (RecordBatch b = consumer.poll(POLL_RECORDS, POLL_BYTES)) {
                    if (b.isEmpty()) break;
                    DataSpec.check(b.keyAsLong(0) == seen, "record " + seen + " missing");
                    seen += b.size();
                }
            }
            DataSpec.check(seen == n, "the log holds " + seen + " records, expected " + n);
            openChannel();
            for (long start : new long[]{0, n - RECORDS_PER_OP}) {
                long written = forward(start);
                report("panrocks RecordBatch.writeRecordsTo", start, verifyOutput(start, written));
            }
            useSink();
        }

        /** One operation: records start .. start+999 to the channel. */
        long forward(long start) throws IOException, RocksDBException {
            channel.position(0);
            consumer.seek(start);
            long written = 0;
            int done = 0;
            while (done < RECORDS_PER_OP) {
                try (RecordBatch b = consumer.poll(Math.min(POLL_RECORDS, RECORDS_PER_OP - done), POLL_BYTES)) {
                    if (b.isEmpty()) throw new IllegalStateException("log ends at " + (start + done));
                    written += b.writeRecordsTo(channel);
                    done += b.size();
                }
            }
            return written;
        }

        @TearDown(Level.Trial)
        public void close() throws RocksDBException {
            closeChannel();
            if (consumer != null) consumer.close();
            if (db != null) db.close();
            if (cache != null) cache.close();
            DataSpec.deleteTree(dir);
        }
    }

    @Benchmark
    public long forward(Log s, ForwardParams.Starts t) throws IOException, RocksDBException {
        return s.forward(s.randomStart(t.rng));
    }
}
