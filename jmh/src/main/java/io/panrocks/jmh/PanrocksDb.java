package io.panrocks.jmh;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.CompressionType;
import io.panrocks.LRUCache;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;

/**
 * A panrocks database loaded with the data set of the parameters; one per
 * fork (a trial), shared by the benchmark's threads. Only panrocks is
 * touched here: a fork that uses this state never loads RocksJava.
 */
@State(Scope.Benchmark)
public class PanrocksDb extends BenchParams {
    public RocksDB db;
    public byte[][] keys;
    public DataSpec spec;
    private LoadedDb loaded;

    @Setup(Level.Trial)
    public void open() throws RocksDBException {
        spec = spec();
        keys = spec.keys();
        loaded = LoadedDb.open(spec, Options.DEFAULT_ADAPTIVE_READ_THRESHOLD);
        db = loaded.db;
    }

    @TearDown(Level.Trial)
    public void close() throws RocksDBException {
        if (loaded != null) loaded.close();
    }

    /**
     * The guard object behind a DB (the private field {@code db} of io.panrocks.RocksDB), for the
     * benchmarks that take the read path apart.
     */
    static io.panrocks.internal.NativeDb nativeDb(RocksDB db) {
        try {
            java.lang.reflect.Field f = RocksDB.class.getDeclaredField("db");
            f.setAccessible(true);
            return (io.panrocks.internal.NativeDb) f.get(db);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("io.panrocks.RocksDB has no field db", e);
        }
    }

    /** The options of the native floor, in panrocks. */
    static Options options(DataSpec spec, LRUCache cache, long adaptiveThreshold) {
        Options o = new Options()
                .setCreateIfMissing(true)
                .setCompressionType(CompressionType.NO_COMPRESSION)
                .setBottommostCompressionType(CompressionType.NO_COMPRESSION)
                .setCompressionPerLevel(Collections.nCopies(7, CompressionType.NO_COMPRESSION))
                .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache))
                .setAdaptiveReadThreshold(adaptiveThreshold);
        if (!spec.flushed()) o.setWriteBufferSize(spec.memtableBudget());
        return o;
    }

    /**
     * Opens a fresh DB at dir, writes the data set and brings it to its state (checked). The
     * loading runs on a thread of its own: panrocks stages values in a per-thread scratch buffer
     * that grows with the largest value a thread has written, and that buffer decides whether
     * some reads copy or pin. Loading elsewhere leaves every measuring thread (one or two) in the
     * same state, that of a thread that only reads.
     */
    static RocksDB openLoaded(DataSpec spec, Path dir, LRUCache cache, long adaptiveThreshold)
            throws RocksDBException {
        return loaded(RocksDB.open(options(spec, cache, adaptiveThreshold), dir.resolve("db")), spec);
    }

    /** Loads db (a fresh DB, or a TransactionDB) with the data set, as {@link #openLoaded} does; closes it on failure. */
    static <D extends RocksDB> D loaded(D db, DataSpec spec) throws RocksDBException {
        Throwable[] failure = new Throwable[1];
        Thread loader = new Thread(() -> {
            try {
                load(db, spec);
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "panrocks-jmh-loader");
        loader.start();
        try {
            loader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading", e);
        }
        if (failure[0] != null) {
            db.close();
            if (failure[0] instanceof RocksDBException e) throw e;
            if (failure[0] instanceof RuntimeException e) throw e;
            throw new IllegalStateException("loading failed", failure[0]);
        }
        try {
            EngineCheck.verify();
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        return db;
    }

    private static void load(RocksDB db, DataSpec spec) throws RocksDBException {
        byte[] value = new byte[spec.valueSize()];
        for (int i = 0; i < spec.keyCount(); i++) {
            spec.fillValue(i, value);
            db.put(spec.key(i), value);
        }
        if (spec.flushed()) {
            db.flush();
            db.compactRange();
            DataSpec.check(db.getLongProperty("rocksdb.num-entries-active-mem-table") == 0
                    && db.getLongProperty("rocksdb.num-immutable-mem-table") == 0,
                    "flushed data set still has data in a memtable");
        } else {
            DataSpec.check(db.getLongProperty("rocksdb.total-sst-files-size") == 0
                    && db.getLongProperty("rocksdb.num-immutable-mem-table") == 0,
                    "memtable data set was flushed");
        }
        // every key read once: blocks cached, and the data checked
        for (int i = 0; i < spec.keyCount(); i++) {
            spec.fillValue(i, value);
            DataSpec.check(Arrays.equals(db.get(spec.key(i)), value), "value of key " + i + " reads back wrong");
        }
    }
}
