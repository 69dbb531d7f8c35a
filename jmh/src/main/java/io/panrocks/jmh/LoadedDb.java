package io.panrocks.jmh;

import io.panrocks.LRUCache;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;

import java.nio.file.Path;

/**
 * A panrocks DB loaded with a data set ({@link PanrocksDb#openLoaded}), in a
 * temporary folder of its own and with a block cache of its own: what a
 * benchmark state opens at setup and closes at teardown, folder and cache
 * included.
 */
final class LoadedDb implements AutoCloseable {
    final RocksDB db;
    private final LRUCache cache;
    private final Path dir;

    private LoadedDb(RocksDB db, LRUCache cache, Path dir) {
        this.db = db;
        this.cache = cache;
        this.dir = dir;
    }

    static LoadedDb open(DataSpec spec, long adaptiveThreshold) throws RocksDBException {
        Path dir = DataSpec.tempDir();
        LRUCache cache = new LRUCache(DataSpec.CACHE_BYTES);
        try {
            return new LoadedDb(PanrocksDb.openLoaded(spec, dir, cache, adaptiveThreshold), cache, dir);
        } catch (RocksDBException | RuntimeException e) {
            cache.close();
            DataSpec.deleteTree(dir);
            throw e;
        }
    }

    @Override
    public void close() throws RocksDBException {
        try {
            db.close();
        } finally {
            cache.close();
            DataSpec.deleteTree(dir);
        }
    }
}
