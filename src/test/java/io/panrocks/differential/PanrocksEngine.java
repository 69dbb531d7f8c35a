package io.panrocks.differential;

import io.panrocks.OptimisticTransactionDB;
import io.panrocks.OptimisticTransactionOptions;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.TransactionOptions;
import io.panrocks.WriteBatch;
import io.panrocks.WriteBatchWithIndex;
import io.panrocks.WriteOptions;

import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.differential.Script.hex;

/** The script's engine over panrocks. */
final class PanrocksEngine implements Engine {
    private final RocksDB db;
    private final List<Snapshot> snapshots = new ArrayList<>();

    PanrocksEngine(Path path, String mode) throws RocksDBException {
        Options options = new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend")
                .setWriteBufferSize(256 * 1024);
        db = switch (mode) {
            case "pessimistic" -> TransactionDB.open(options,
                    new TransactionDBOptions().setDefaultLockTimeout(5).setTransactionLockTimeout(5), path);
            case "optimistic" -> OptimisticTransactionDB.open(options, path);
            default -> RocksDB.open(options, path);
        };
    }

    @Override
    public String statusOf(Exception e) throws Exception {
        if (e instanceof RocksDBException r) return r.getStatus().code() + "/" + r.getStatus().subCode();
        throw e;
    }

    @Override
    public List<String> transaction(List<TxnOp> ops, boolean setSnapshot, boolean commit) throws Exception {
        List<String> out = new ArrayList<>();
        try (Transaction txn = db instanceof TransactionDB t
                ? t.beginTransaction(WriteOptions.DEFAULT, new TransactionOptions().setSetSnapshot(setSnapshot))
                : ((OptimisticTransactionDB) db).beginTransaction(WriteOptions.DEFAULT,
                        new OptimisticTransactionOptions().setSetSnapshot(setSnapshot))) {
            for (TxnOp op : ops) {
                try {
                    switch (op.kind()) {
                        case PUT -> txn.put(op.key(), op.value());
                        case DELETE -> txn.delete(op.key());
                        case MERGE -> txn.merge(op.key(), op.value());
                        case GET -> out.add("get " + hex(txn.get(ReadOptions.DEFAULT, op.key())));
                        case GET_FOR_UPDATE -> out.add("getForUpdate " + hex(txn.getForUpdate(ReadOptions.DEFAULT,
                                op.key(), true)));
                        case MULTI_GET -> {
                            StringBuilder sb = new StringBuilder("multiGet");
                            for (byte[] v : txn.multiGetAsList(ReadOptions.DEFAULT, op.keys())) sb.append(' ').append(hex(v));
                            out.add(sb.toString());
                        }
                        case WALK -> {
                            ReadOptions ro = new ReadOptions().setIterateLowerBound(op.lower()).setIterateUpperBound(op.upper());
                            try (RocksIterator it = txn.getIterator(ro)) {
                                out.add("walk" + walk(it, op.forward(), op.seekTo(), op.seekTo() != null));
                            }
                        }
                        case SAVE_POINT -> txn.setSavePoint();
                        case ROLLBACK_TO_SAVE_POINT -> txn.rollbackToSavePoint();
                        case DB_PUT -> db.put(op.key(), op.value());
                        case GET_AT_SNAPSHOT -> out.add("getAtSnapshot " + hex(txn.get(
                                new ReadOptions().setSnapshot(txn.getSnapshot()), op.key())));
                        case SET_SNAPSHOT -> txn.setSnapshot();
                        default -> throw new IllegalArgumentException(op.kind().toString());
                    }
                } catch (RocksDBException failure) {
                    out.add(op.kind() + " error " + statusOf(failure));
                }
            }
            try {
                if (commit) txn.commit();
                else txn.rollback();
                out.add(commit ? "commit ok" : "rollback ok");
            } catch (RocksDBException failure) {
                out.add((commit ? "commit" : "rollback") + " error " + statusOf(failure));
            }
        }
        return out;
    }

    @Override
    public List<String> indexedBatch(List<TxnOp> ops, boolean overwriteKey, boolean write) throws Exception {
        List<String> out = new ArrayList<>();
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex(overwriteKey)) {
            for (TxnOp op : ops) {
                try {
                    switch (op.kind()) {
                        case PUT -> batch.put(op.key(), op.value());
                        case DELETE -> batch.delete(op.key());
                        case MERGE -> batch.merge(op.key(), op.value());
                        case GET_FROM_BATCH -> out.add("getFromBatch " + hex(batch.getFromBatch(op.key())));
                        case GET_FROM_BATCH_AND_DB -> out.add("getFromBatchAndDB "
                                + hex(batch.getFromBatchAndDB(db, ReadOptions.DEFAULT, op.key())));
                        case WALK -> {
                            ReadOptions ro = new ReadOptions().setIterateLowerBound(op.lower()).setIterateUpperBound(op.upper());
                            try (RocksIterator it = batch.newIteratorWithBase(null, db.newIterator(ro), ro)) {
                                out.add("walk" + walk(it, op.forward(), op.seekTo(), op.seekTo() == null));
                            }
                        }
                        case SAVE_POINT -> batch.setSavePoint();
                        case ROLLBACK_TO_SAVE_POINT -> batch.rollbackToSavePoint();
                        default -> throw new IllegalArgumentException(op.kind().toString());
                    }
                } catch (RocksDBException failure) {
                    out.add(op.kind() + " error " + statusOf(failure));
                }
            }
            out.add("count " + batch.count() + " data " + hex(batch.data()));
            if (write) {
                db.write(WriteOptions.DEFAULT, batch);
                out.add("written");
            }
        }
        return out;
    }

    /** Walks it from the first/last entry or a seek target, entry by entry or in bulk: " key value ..." */
    private static String walk(RocksIterator it, boolean forward, byte[] seekTo, boolean bulk) throws RocksDBException {
        if (seekTo == null) {
            if (forward) it.seekToFirst();
            else it.seekToLast();
        } else if (forward) {
            it.seek(seekTo);
        } else {
            it.seekForPrev(seekTo);
        }
        StringBuilder sb = new StringBuilder();
        if (bulk) {
            RocksIterator.EntryVisitor collect = (k, v) -> {
                sb.append(' ').append(hex(k.toArray(ValueLayout.JAVA_BYTE))).append(' ').append(hex(v.toArray(ValueLayout.JAVA_BYTE)));
                return true;
            };
            if (forward) it.scanForward(collect);
            else it.scanBackward(collect);
        } else {
            for (; it.isValid();) {
                sb.append(' ').append(hex(it.keyBytes())).append(' ').append(hex(it.valueBytes()));
                if (forward) it.next();
                else it.prev();
            }
        }
        it.status();
        return sb.toString();
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
                for (; it.isValid();) {
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
