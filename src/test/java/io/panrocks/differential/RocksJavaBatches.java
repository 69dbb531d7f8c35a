package io.panrocks.differential;

import io.panrocks.testkit.TestBytes;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.StringAppendOperator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The handler script over RocksJava: the reference; runs only in its own JVM. */
final class RocksJavaBatches implements HandlerDifferentialMain.Batches {
    private final DBOptions options;
    private final ColumnFamilyOptions merging;
    private final RocksDB db;
    private final List<ColumnFamilyHandle> families = new ArrayList<>();

    RocksJavaBatches(Path path) throws RocksDBException {
        RocksDB.loadLibrary();
        options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        merging = new ColumnFamilyOptions().setMergeOperator(new StringAppendOperator(','));
        db = RocksDB.open(options, path.toString(), List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, merging),
                new ColumnFamilyDescriptor("a".getBytes(), merging), new ColumnFamilyDescriptor("b".getBytes(), merging)),
                families);
    }

    @Override
    public byte[] build(List<HandlerDifferentialMain.Op> ops, List<String> transcript) throws Exception {
        try (WriteBatch b = new WriteBatch(); WriteOptions wo = new WriteOptions()) {
            for (HandlerDifferentialMain.Op op : ops) {
                ColumnFamilyHandle cf = families.get(op.family());
                switch (op.kind()) {
                    case HandlerDifferentialMain.Op.PUT -> b.put(cf, op.key(), op.value());
                    case HandlerDifferentialMain.Op.MERGE -> b.merge(cf, op.key(), op.value());
                    case HandlerDifferentialMain.Op.DELETE -> b.delete(cf, op.key());
                    case HandlerDifferentialMain.Op.SINGLE_DELETE -> b.singleDelete(cf, op.key());
                    case HandlerDifferentialMain.Op.DELETE_RANGE -> b.deleteRange(cf, op.key(), op.value());
                    case HandlerDifferentialMain.Op.LOG_DATA -> b.putLogData(op.value());
                    case HandlerDifferentialMain.Op.SAVE_POINT -> b.setSavePoint();
                    case HandlerDifferentialMain.Op.ROLLBACK -> {
                        try {
                            b.rollbackToSavePoint();
                        } catch (RocksDBException e) {
                            transcript.add("no save point");
                        }
                    }
                    default -> {
                        try {
                            b.popSavePoint();
                        } catch (RocksDBException e) {
                            transcript.add("no save point");
                        }
                    }
                }
            }
            byte[] data = b.data(); // before the write, which stamps a sequence number
            transcript.add("count " + b.count() + " has " + b.hasPut() + b.hasMerge() + b.hasDelete() + b.hasSingleDelete()
                    + b.hasDeleteRange());
            Transcript handler = new Transcript();
            b.iterate(handler);
            transcript.addAll(handler.lines);
            db.write(wo, b);
            return data;
        }
    }

    /** Each callback as a line, in the format of the panrocks side. */
    static final class Transcript extends WriteBatch.Handler {
        final List<String> lines = new ArrayList<>();

        @Override
        public void put(int cf, byte[] key, byte[] value) {
            lines.add("put " + cf + " " + TestBytes.hex(key) + " " + TestBytes.hex(value));
        }

        @Override
        public void put(byte[] key, byte[] value) {
            lines.add("put without family");
        }

        @Override
        public void merge(int cf, byte[] key, byte[] value) {
            lines.add("merge " + cf + " " + TestBytes.hex(key) + " " + TestBytes.hex(value));
        }

        @Override
        public void merge(byte[] key, byte[] value) {
            lines.add("merge without family");
        }

        @Override
        public void delete(int cf, byte[] key) {
            lines.add("delete " + cf + " " + TestBytes.hex(key));
        }

        @Override
        public void delete(byte[] key) {
            lines.add("delete without family");
        }

        @Override
        public void singleDelete(int cf, byte[] key) {
            lines.add("singleDelete " + cf + " " + TestBytes.hex(key));
        }

        @Override
        public void singleDelete(byte[] key) {
            lines.add("singleDelete without family");
        }

        @Override
        public void deleteRange(int cf, byte[] begin, byte[] end) {
            lines.add("deleteRange " + cf + " " + TestBytes.hex(begin) + " "
                    + TestBytes.hex(end));
        }

        @Override
        public void deleteRange(byte[] begin, byte[] end) {
            lines.add("deleteRange without family");
        }

        @Override
        public void logData(byte[] blob) {
            lines.add("logData " + TestBytes.hex(blob));
        }

        @Override
        public void putBlobIndex(int cf, byte[] key, byte[] value) {
            lines.add("putBlobIndex");
        }

        @Override
        public void markBeginPrepare() {
            lines.add("markBeginPrepare");
        }

        @Override
        public void markEndPrepare(byte[] xid) {
            lines.add("markEndPrepare");
        }

        @Override
        public void markNoop(boolean emptyBatch) {
            lines.add("markNoop");
        }

        @Override
        public void markRollback(byte[] xid) {
            lines.add("markRollback");
        }

        @Override
        public void markCommit(byte[] xid) {
            lines.add("markCommit");
        }

        @Override
        public void markCommitWithTimestamp(byte[] xid, byte[] ts) {
            lines.add("markCommitWithTimestamp");
        }
    }

    @Override
    public void close() {
        for (ColumnFamilyHandle h : families) h.close();
        db.close();
        merging.close();
        options.close();
    }
}
