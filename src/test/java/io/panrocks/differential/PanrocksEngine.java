package io.panrocks.differential;

import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The script's engine over panrocks. */
final class PanrocksEngine implements Engine {
    private final RocksDB db;
    private final List<Snapshot> snapshots = new ArrayList<>();

    PanrocksEngine(Path path) throws RocksDBException {
        db = RocksDB.open(new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend")
                .setWriteBufferSize(256 * 1024), path);
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
        try (WriteBatch b = new WriteBatch()) {
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
            db.write(WriteOptions.DEFAULT, b);
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
    public void takeSnapshot() throws Exception {
        snapshots.add(db.getSnapshot());
    }

    @Override
    public void releaseSnapshot(int index) {
        snapshots.remove(index).close();
    }

    @Override
    public byte[] getAt(int snapshot, byte[] key) throws Exception {
        return db.get(new ReadOptions().setSnapshot(snapshots.get(snapshot)), key);
    }

    @Override
    public List<byte[]> walk(int snapshot, byte[] lower, byte[] upper, boolean forward, byte[] seekTo, boolean bulk)
            throws Exception {
        ReadOptions ro = new ReadOptions().setIterateLowerBound(lower).setIterateUpperBound(upper);
        if (snapshot >= 0) ro.setSnapshot(snapshots.get(snapshot));
        List<byte[]> out = new ArrayList<>();
        try (RocksIterator it = db.newIterator(ro)) {
            if (seekTo == null) {
                if (forward) it.seekToFirst();
                else it.seekToLast();
            } else if (forward) {
                it.seek(seekTo);
            } else {
                it.seekForPrev(seekTo);
            }
            if (bulk) {
                RocksIterator.EntryVisitor collect = (k, v) -> {
                    out.add(k.toArray(ValueLayout.JAVA_BYTE));
                    out.add(v.toArray(ValueLayout.JAVA_BYTE));
                    return true;
                };
                if (forward) it.scanForward(collect);
                else it.scanBackward(collect);
            } else {
                for (; it.isValid(); ) {
                    out.add(it.keyBytes());
                    out.add(it.valueBytes());
                    if (forward) it.next();
                    else it.prev();
                }
            }
            it.status();
        }
        return out;
    }

    @Override
    public void flush() throws Exception {
        db.flush();
    }

    @Override
    public void compact() throws Exception {
        db.compactRange();
    }

    @Override
    public void close() throws Exception {
        for (Snapshot s : snapshots) s.close();
        db.close();
    }
}
