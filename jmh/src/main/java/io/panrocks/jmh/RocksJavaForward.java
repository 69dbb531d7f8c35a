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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Batch and forward, RocksJava side: the same log (same column families, keys, values
 * and options) read the way a RocksJava user forwards records: an iterator
 * seeks to the start offset; for each of 1000 entries {@code key()} and
 * {@code value()} as new arrays, the 8-byte frame header built in a reused
 * heap ByteBuffer, key and value wrapped ({@code ByteBuffer.wrap}) and the
 * three buffers written to the channel (one gathering write per record).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class RocksJavaForward {

    @State(Scope.Benchmark)
    public static class Log extends ForwardParams {
        RocksDB db;
        ColumnFamilyHandle records;
        private final List<ColumnFamilyHandle> handles = new ArrayList<>();
        private DBOptions dbOptions;
        private ColumnFamilyOptions cfOptions;
        private LRUCache cache;
        private Path dir;
        private final ByteBuffer header = ByteBuffer.allocate(FRAME_HEADER);
        private final ByteBuffer[] frame = new ByteBuffer[3];
        private final byte[] seekKey = new byte[KEY_BYTES];
        private final ByteBuffer seekKeyBuffer = ByteBuffer.wrap(seekKey);

        @Setup(Level.Trial)
        public void open() throws Exception {
            RocksDB.loadLibrary();
            EngineCheck.verifyRocksJava();
            int n = recordCount();
            dir = DataSpec.tempDir();
            cache = new LRUCache(DataSpec.CACHE_BYTES);
            cfOptions = new ColumnFamilyOptions()
                    .setCompressionType(CompressionType.NO_COMPRESSION)
                    .setBottommostCompressionType(CompressionType.NO_COMPRESSION)
                    .setCompressionPerLevel(Collections.nCopies(7, CompressionType.NO_COMPRESSION))
                    .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
            dbOptions = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
            List<ColumnFamilyDescriptor> families = List.of(
                    new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cfOptions),
                    new ColumnFamilyDescriptor(LOG_NAME.getBytes(StandardCharsets.UTF_8), cfOptions),
                    new ColumnFamilyDescriptor((LOG_NAME + ".commits").getBytes(StandardCharsets.UTF_8), cfOptions));
            db = RocksDB.open(dbOptions, dir.resolve("db").toString(), families, handles);
            records = handles.get(1);
            byte[][] values = distinctValues();
            try (WriteOptions wo = new WriteOptions(); WriteBatch batch = new WriteBatch()) {
                for (int first = 0; first < n; first += RECORDS_PER_OP) {
                    batch.clear();
                    for (int i = first; i < Math.min(n, first + RECORDS_PER_OP); i++) {
                        batch.put(records, key(i), values[(i * 31) & 0xff]);
                    }
                    db.write(wo, batch);
                }
            }
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.flush(flush, records);
            }
            db.compactRange(records);
            DataSpec.check(db.getLongProperty(records, "rocksdb.num-entries-active-mem-table") == 0
                    && db.getLongProperty(records, "rocksdb.num-immutable-mem-table") == 0,
                    "the log still has records in a memtable");
            // every record read once (blocks cached), counted
            long seen = 0;
            try (RocksIterator it = db.newIterator(records)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    DataSpec.check(ByteBuffer.wrap(it.key()).getLong() == seen, "record " + seen + " missing");
                    seen++;
                }
                it.status();
            }
            DataSpec.check(seen == n, "the log holds " + seen + " records, expected " + n);
            openChannel();
            for (long start : new long[]{0, n - RECORDS_PER_OP}) {
                long written = forward(start);
                report("RocksJava key()/value() + ByteBuffer.wrap", start, verifyOutput(start, written));
            }
            useSink();
        }

        /** One operation: records start .. start+999 to the channel. */
        long forward(long start) throws IOException, RocksDBException {
            channel.position(0);
            seekKeyBuffer.putLong(0, start);
            long written = 0;
            ByteBuffer[] f = frame;
            try (RocksIterator it = db.newIterator(records)) {
                it.seek(seekKey);
                for (int n = 0; n < RECORDS_PER_OP; n++) {
                    if (!it.isValid()) {
                        it.status();
                        throw new IllegalStateException("log ends at " + (start + n));
                    }
                    byte[] k = it.key();
                    byte[] v = it.value();
                    header.clear();
                    header.putInt(k.length).putInt(v.length).flip();
                    f[0] = header;
                    f[1] = ByteBuffer.wrap(k);
                    f[2] = ByteBuffer.wrap(v);
                    long remaining = FRAME_HEADER + k.length + v.length;
                    while (remaining > 0) {
                        long w = channel.write(f);
                        if (w <= 0) throw new IOException("channel accepted no bytes");
                        remaining -= w;
                    }
                    written += FRAME_HEADER + k.length + v.length;
                    it.next();
                }
                it.status();
            }
            return written;
        }

        @TearDown(Level.Trial)
        public void close() {
            closeChannel();
            for (ColumnFamilyHandle h : handles) h.close();
            if (db != null) db.close();
            if (dbOptions != null) dbOptions.close();
            if (cfOptions != null) cfOptions.close();
            if (cache != null) cache.close();
            DataSpec.deleteTree(dir);
        }
    }

    @Benchmark
    public long forward(Log s, ForwardParams.Starts t) throws IOException, RocksDBException {
        return s.forward(s.randomStart(t.rng));
    }
}
