package io.panrocks.differential;

import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.OptimisticTransactionDB;
import org.rocksdb.OptimisticTransactionOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;
import org.rocksdb.StringAppendOperator;
import org.rocksdb.Transaction;
import org.rocksdb.TransactionDB;
import org.rocksdb.TransactionDBOptions;
import org.rocksdb.TransactionOptions;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;
import org.rocksdb.WriteOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.differential.Script.hex;

/** The script's engine over RocksJava (the build's rocksdbjni version): runs only in its own JVM. */
final class RocksJavaEngine implements Engine {
    private final Options options;
    private final RocksDB db;
    private final List<Snapshot> snapshots = new ArrayList<>();

    RocksJavaEngine(Path path, String mode) throws RocksDBException {
        RocksDB.loadLibrary();
        options = new Options().setCreateIfMissing(true).setMergeOperator(new StringAppendOperator(','))
                .setWriteBufferSize(256 * 1024);
        db = switch (mode) {
            case "pessimistic" -> TransactionDB.open(options,
                    new TransactionDBOptions().setDefaultLockTimeout(5).setTransactionLockTimeout(5), path.toString());
            case "optimistic" -> OptimisticTransactionDB.open(options, path.toString());
            default -> RocksDB.open(options, path.toString());
        };
    }

    @Override
    public String statusOf(Exception e) throws Exception {
        if (e instanceof RocksDBException r && r.getStatus() != null) {
            return r.getStatus().getCode() + "/" + r.getStatus().getSubCode();
        }
        throw e;
    }

    @Override
    public List<String> transaction(List<TxnOp> ops, boolean setSnapshot, boolean commit) throws Exception {
        List<String> out = new ArrayList<>();
        try (WriteOptions wo = new WriteOptions();
             TransactionOptions to = new TransactionOptions().setSetSnapshot(setSnapshot);
             OptimisticTransactionOptions oo = new OptimisticTransactionOptions().setSetSnapshot(setSnapshot);
             Transaction txn = db instanceof TransactionDB t ? t.beginTransaction(wo, to)
                     : ((OptimisticTransactionDB) db).beginTransaction(wo, oo);
             ReadOptions plain = new ReadOptions()) {
            for (TxnOp op : ops) {
                try {
                    switch (op.kind()) {
                        case PUT -> txn.put(op.key(), op.value());
                        case DELETE -> txn.delete(op.key());
                        case MERGE -> txn.merge(op.key(), op.value());
                        case GET -> out.add("get " + hex(txn.get(plain, op.key())));
                        case GET_FOR_UPDATE -> out.add("getForUpdate " + hex(txn.getForUpdate(plain, op.key(), true)));
                        case MULTI_GET -> {
                            StringBuilder sb = new StringBuilder("multiGet");
                            for (byte[] v : txn.multiGetAsList(plain, op.keys())) sb.append(' ').append(hex(v));
                            out.add(sb.toString());
                        }
                        case WALK -> {
                            try (ReadOptions ro = new ReadOptions();
                                 Slice lo = op.lower() == null ? null : new Slice(op.lower());
                                 Slice hi = op.upper() == null ? null : new Slice(op.upper())) {
                                if (lo != null) ro.setIterateLowerBound(lo);
                                if (hi != null) ro.setIterateUpperBound(hi);
                                try (RocksIterator it = txn.getIterator(ro)) {
                                    out.add("walk" + walk(it, op.forward(), op.seekTo()));
                                }
                            }
                        }
                        case SAVE_POINT -> txn.setSavePoint();
                        case ROLLBACK_TO_SAVE_POINT -> txn.rollbackToSavePoint();
                        case DB_PUT -> db.put(op.key(), op.value());
                        case GET_AT_SNAPSHOT -> {
                            try (ReadOptions ro = new ReadOptions().setSnapshot(txn.getSnapshot())) {
                                out.add("getAtSnapshot " + hex(txn.get(ro, op.key())));
                            }
                        }
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
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex(overwriteKey);
             DBOptions dbOptions = new DBOptions();
             ReadOptions plain = new ReadOptions()) {
            for (TxnOp op : ops) {
                try {
                    switch (op.kind()) {
                        case PUT -> batch.put(op.key(), op.value());
                        case DELETE -> batch.delete(op.key());
                        case MERGE -> batch.merge(op.key(), op.value());
                        case GET_FROM_BATCH -> out.add("getFromBatch " + hex(batch.getFromBatch(dbOptions, op.key())));
                        case GET_FROM_BATCH_AND_DB -> out.add("getFromBatchAndDB "
                                + hex(batch.getFromBatchAndDB(db, plain, op.key())));
                        case WALK -> {
                            try (ReadOptions ro = new ReadOptions();
                                 Slice lo = op.lower() == null ? null : new Slice(op.lower());
                                 Slice hi = op.upper() == null ? null : new Slice(op.upper())) {
                                if (lo != null) ro.setIterateLowerBound(lo);
                                if (hi != null) ro.setIterateUpperBound(hi);
                                try (RocksIterator base = db.newIterator(ro);
                                     RocksIterator it = batch.newIteratorWithBase(db.getDefaultColumnFamily(), base, ro)) {
                                    out.add("walk" + walk(it, op.forward(), op.seekTo()));
                                }
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
            out.add("count " + batch.count() + " data " + hex(batch.getWriteBatch().data()));
            if (write) {
                try (WriteOptions wo = new WriteOptions()) {
                    db.write(wo, batch);
                }
                out.add("written");
            }
        }
        return out;
    }

    private static String walk(RocksIterator it, boolean forward, byte[] seekTo) throws RocksDBException {
        if (seekTo == null) {
            if (forward) it.seekToFirst();
            else it.seekToLast();
        } else if (forward) {
            it.seek(seekTo);
        } else {
            it.seekForPrev(seekTo);
        }
        StringBuilder sb = new StringBuilder();
        for (; it.isValid();) {
            sb.append(' ').append(hex(it.key())).append(' ').append(hex(it.value()));
            if (forward) it.next();
            else it.prev();
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
                for (; it.isValid();) {
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
