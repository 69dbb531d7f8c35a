package io.panrocks.differential;

import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;
import org.rocksdb.StringAppendOperator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The script's engine over RocksJava 7.8.3: runs only in its own JVM. */
final class RocksJavaEngine implements Engine {
    private final Options options;
    private final RocksDB db;
    private final List<Snapshot> snapshots = new ArrayList<>();

    RocksJavaEngine(Path path) throws RocksDBException {
        RocksDB.loadLibrary();
        options = new Options().setCreateIfMissing(true).setMergeOperator(new StringAppendOperator(','))
                .setWriteBufferSize(256 * 1024);
        db = RocksDB.open(options, path.toString());
    }

    @Override
    public void put(byte[] key, byte[] value) throws Exception {
        db.put(key, value);
    }

    @Override
    public void delete(byte[] key) throws Exception {
        db.delete(key);
    }

    @Override
    public void merge(byte[] key, byte[] value) throws Exception {
        db.merge(key, value);
    }

    @Override
    public void deleteRange(byte[] begin, byte[] end) throws Exception {
        db.deleteRange(begin, end);
    }

    @Override
    public byte[] batch(List<BatchOp> ops, List<Boolean> rollbackResults) throws Exception {
        try (WriteBatch b = new WriteBatch(); WriteOptions wo = new WriteOptions()) {
            for (BatchOp op : ops) {
                switch (op.kind()) {
                    case PUT -> b.put(op.key(), op.value());
                    case DELETE -> b.delete(op.key());
                    case MERGE -> b.merge(op.key(), op.value());
                    case SAVE_POINT -> b.setSavePoint();
                    case ROLLBACK -> {
                        try {
                            b.rollbackToSavePoint();
                            rollbackResults.add(true);
                        } catch (RocksDBException e) {
                            rollbackResults.add(false);
                        }
                    }
                }
            }
            byte[] serialized = b.data(); // before the write, which stamps a sequence number
            db.write(wo, b);
            return serialized;
        }
    }

    @Override
    public byte[] get(byte[] key) throws Exception {
        return db.get(key);
    }

    @Override
    public List<byte[]> multiGet(List<byte[]> keys) throws Exception {
        return db.multiGetAsList(keys);
    }

    @Override
    public void takeSnapshot() {
        snapshots.add(db.getSnapshot());
    }

    @Override
    public void releaseSnapshot(int index) {
        db.releaseSnapshot(snapshots.remove(index));
    }

    @Override
    public byte[] getAt(int snapshot, byte[] key) throws Exception {
        try (ReadOptions ro = new ReadOptions().setSnapshot(snapshots.get(snapshot))) {
            return db.get(ro, key);
        }
    }

    @Override
    public List<byte[]> walk(int snapshot, byte[] lower, byte[] upper, boolean forward, byte[] seekTo, boolean bulk)
            throws Exception {
        // RocksJava has no bulk walk: the entry-by-entry walk is the reference for both forms
        List<byte[]> out = new ArrayList<>();
        try (ReadOptions ro = new ReadOptions();
             Slice lo = lower == null ? null : new Slice(lower);
             Slice hi = upper == null ? null : new Slice(upper)) {
            if (lo != null) ro.setIterateLowerBound(lo);
            if (hi != null) ro.setIterateUpperBound(hi);
            if (snapshot >= 0) ro.setSnapshot(snapshots.get(snapshot));
            try (RocksIterator it = db.newIterator(ro)) {
                if (seekTo == null) {
                    if (forward) it.seekToFirst();
                    else it.seekToLast();
                } else if (forward) {
                    it.seek(seekTo);
                } else {
                    it.seekForPrev(seekTo);
                }
                for (; it.isValid(); ) {
                    out.add(it.key());
                    out.add(it.value());
                    if (forward) it.next();
                    else it.prev();
                }
                it.status();
            }
        }
        return out;
    }

    @Override
    public void flush() throws Exception {
        try (FlushOptions f = new FlushOptions().setWaitForFlush(true)) {
            db.flush(f);
        }
    }

    @Override
    public void compact() throws Exception {
        db.compactRange();
    }

    @Override
    public void close() {
        for (Snapshot s : snapshots) db.releaseSnapshot(s);
        db.close();
        options.close();
    }
}
