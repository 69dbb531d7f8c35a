package io.panrocks.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.CompressionType;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;

/**
 * A RocksJava database with the same options and data as
 * {@link PanrocksDb} and the native floor. Only RocksJava is touched here:
 * a fork that uses this state never loads panrocks.
 */
@State(Scope.Benchmark)
public class RocksJavaDb extends BenchParams {
    public RocksDB db;
    public byte[][] keys;
    public DataSpec spec;
    private LRUCache cache;
    private Options options;
    private Path dir;

    @Setup(Level.Trial)
    public void open() throws RocksDBException {
        RocksDB.loadLibrary();
        EngineCheck.verifyRocksJava();
        spec = spec();
        keys = spec.keys();
        dir = DataSpec.tempDir();
        cache = new LRUCache(DataSpec.CACHE_BYTES);
        options = options(spec, cache);
        db = RocksDB.open(options, dir.resolve("db").toString());
        load(db, spec);
    }

    /** Options of the native floor, in RocksJava (the caller closes them). */
    static Options options(DataSpec spec, LRUCache cache) {
        Options options = new Options()
                .setCreateIfMissing(true)
                .setCompressionType(CompressionType.NO_COMPRESSION)
                .setBottommostCompressionType(CompressionType.NO_COMPRESSION)
                .setCompressionPerLevel(Collections.nCopies(7, CompressionType.NO_COMPRESSION))
                .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
        if (!spec.flushed()) options.setWriteBufferSize(spec.memtableBudget());
        return options;
    }

    /** Writes the data set into db, brings it to its state and reads every key back (checked). */
    static void load(RocksDB db, DataSpec spec) throws RocksDBException {
        byte[] value = new byte[spec.valueSize()];
        for (int i = 0; i < spec.keyCount(); i++) {
            spec.fillValue(i, value);
            db.put(spec.key(i), value);
        }
        if (spec.flushed()) {
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.flush(flush);
            }
            db.compactRange();
            DataSpec.check(db.getLongProperty("rocksdb.num-entries-active-mem-table") == 0
                    && db.getLongProperty("rocksdb.num-immutable-mem-table") == 0,
                    "flushed data set still has data in a memtable");
        } else {
            DataSpec.check(db.getLongProperty("rocksdb.total-sst-files-size") == 0
                    && db.getLongProperty("rocksdb.num-immutable-mem-table") == 0,
                    "memtable data set was flushed");
        }
        for (int i = 0; i < spec.keyCount(); i++) {
            spec.fillValue(i, value);
            DataSpec.check(Arrays.equals(db.get(spec.key(i)), value), "value of key " + i + " reads back wrong");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (db != null) db.close();
        if (options != null) options.close();
        if (cache != null) cache.close();
        DataSpec.deleteTree(dir);
    }
}
