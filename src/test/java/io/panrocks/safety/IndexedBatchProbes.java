package io.panrocks.safety;

import io.panrocks.AbstractComparator;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.WideColumn;
import io.panrocks.WriteBatchWithIndex;
import io.panrocks.WriteOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 21: indexed batches (and transactions, whose writes are one) over
 * what their DB owns. RocksDB's {@code WriteBatchWithIndex} keeps a raw
 * pointer to the comparator of each family handle an update names, and
 * an iterator's {@code columns()} over it used to show the batch's buffer.
 * A batch used after the DB that owns its comparator closed must throw
 * {@link IllegalStateException}; a batch never orders a family otherwise
 * than the DB it is read or walked with ({@link IllegalArgumentException});
 * columns stay readable while the batch grows and closes, and an ended
 * iterator refuses them.
 */
final class IndexedBatchProbes {
    private IndexedBatchProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At 5377ce7 (before the fix): SIGSEGV in WriteBatchEntryComparator (the Java comparator,
            // freed by the DB's close, is called by the index's insert).
            .add("comparator-gone-put", dir -> afterTheComparatorsDbClosed(dir, "put"))
            // At 5377ce7 (before the fix): SIGSEGV in the lookup's compare.
            .add("comparator-gone-get-from-batch", dir -> afterTheComparatorsDbClosed(dir, "getFromBatch"))
            // At 5377ce7 (before the fix): SIGSEGV when the iterator over another DB seeks the index.
            .add("comparator-gone-iterator", dir -> afterTheComparatorsDbClosed(dir, "iterator"))
            // At 5377ce7 (before the fix): SIGSEGV in the rebuilt index's compares (a freed vtable).
            .add("comparator-gone-rollback", dir -> afterTheComparatorsDbClosed(dir, "rollbackToSavePoint"))
            // At 5377ce7 (before the fix): SIGSEGV (the updates after the close call the freed comparator).
            .add("db-close-racing-batch-updates", IndexedBatchProbes::closeRacingUpdates)
            // At 5377ce7 (before the fix): the walk over a reverse-ordered DB returns (in a wrong order:
            // the issue saw [e, c, b, d, a]) where IllegalArgumentException is promised.
            .add("unnamed-default-family-over-a-reverse-db", IndexedBatchProbes::unnamedDefaultOverReverseDb)
            // At 5377ce7 (before the fix): columns() of the ended iterator returns (it reads the index
            // the rollback rebuilt); the kept column points into the freed buffer (the bytes were
            // still there in that run; the native test sees the use after free under ASan).
            .add("transaction-iterator-columns-outlive-batch-growth", IndexedBatchProbes::transactionColumns)
            // At 5377ce7 (before the fix): the kept column reads other bytes once the batch grew.
            .add("indexed-batch-iterator-columns-outlive-growth-and-close", IndexedBatchProbes::indexedBatchColumns);

    /** Reverse bytewise order, as a Java comparator (an FFM upcall owned by its DB). */
    static final class Reverse extends AbstractComparator {
        @Override
        public String name() {
            return "probe.Reverse";
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            long at = MemorySegment.mismatch(a, 0, a.byteSize(), b, 0, b.byteSize());
            if (at < 0) return 0;
            if (at == a.byteSize()) return 1;  // a is a prefix of b: after it, in reverse
            if (at == b.byteSize()) return -1;
            return -Integer.compare(Byte.toUnsignedInt(a.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at)),
                    Byte.toUnsignedInt(b.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at)));
        }
    }

    static RocksDB openReverse(Path dir) throws RocksDBException {
        return RocksDB.open(new Options().setCreateIfMissing(true).setComparator(new Reverse()), dir);
    }

    /**
     * Mallocs and fills blocks of many sizes, so that freed native memory
     * (a batch's old buffer) is handed out again and overwritten: a view
     * still showing it would read these bytes.
     */
    static void churnNative(Arena keep) {
        for (int size = 64; size <= 256 * 1024; size *= 2) {
            for (int i = 0; i < 8; i++) keep.allocate(size).fill((byte) 0x5A);
        }
    }

    static List<String> walk(RocksIterator it) {
        List<String> keys = new ArrayList<>();
        for (it.seekToFirst(); it.isValid(); it.next()) keys.add(string(it.keyBytes()));
        return keys;
    }

    // ---- a comparator whose DB closed ---------------------------------------------------

    /**
     * Fills a batch through the default family's handle of a DB ordered by
     * a Java comparator, closes the DB (which frees the comparator's upcall
     * stubs), churns so that the memory is reused, then uses the batch.
     */
    static String afterTheComparatorsDbClosed(Path dir, String use) throws Exception {
        RocksDB db = openReverse(dir.resolve("reverse"));
        ColumnFamilyHandle dflt = db.getDefaultColumnFamily();
        WriteBatchWithIndex batch = new WriteBatchWithIndex();
        for (int i = 0; i < 200; i++) batch.put(dflt, bytes(String.format("k%04d", i)), bytes("v" + i));
        batch.setSavePoint();
        batch.put(dflt, bytes("after-save-point"), bytes("x"));
        check(batch.getFromBatch(bytes("k0007")) != null, () -> "the batch reads its own update while the DB is open");
        db.close();
        for (int round = 0; round < 20; round++) { // reuse what the close freed
            try (RocksDB other = open(dir.resolve("churn" + round))) {
                other.put(bytes("x"), new byte[4096]);
            }
        }
        gc();
        String refused;
        try (RocksDB other = open(dir.resolve("other"))) {
            other.put(bytes("x"), bytes("other's"));
            refused = switch (use) {
                case "put" -> expect(IllegalStateException.class, "put after the comparator's DB closed",
                        () -> batch.put(bytes("k9999"), bytes("v")));
                case "getFromBatch" -> expect(IllegalStateException.class, "getFromBatch after the comparator's DB closed",
                        () -> batch.getFromBatch(bytes("k0007")));
                case "iterator" -> expect(IllegalStateException.class, "an iterator after the comparator's DB closed",
                        () -> {
                            try (RocksIterator it = batch.newIteratorWithBase(other.newIterator())) {
                                it.seek(bytes("k0100"));
                            }
                        });
                case "rollbackToSavePoint" -> expect(IllegalStateException.class,
                        "a rollback after the comparator's DB closed", batch::rollbackToSavePoint);
                default -> throw new IllegalArgumentException(use);
            };
            check(refused.contains("is closed"), () -> "the refusal says why: " + refused);
            // the rest of the batch's other uses are refused the same way
            expect(IllegalStateException.class, "put in a named family", () -> batch.put(dflt, bytes("k"), bytes("v")));
            expect(IllegalStateException.class, "getFromBatch", () -> batch.getFromBatch(bytes("k0001")));
            expect(IllegalStateException.class, "write to another DB", () -> other.write(WriteOptions.DEFAULT, batch));
            expect(IllegalStateException.class, "getFromBatchAndDB",
                    () -> batch.getFromBatchAndDB(other, ReadOptions.DEFAULT, bytes("k0001")));
            // what does not touch the index still works
            check(batch.count() == 201, () -> "count " + batch.count());
            check(batch.data().length > 0, () -> "data");
            // clear() unbinds it: a fresh, bytewise batch
            batch.clear();
            batch.put(bytes("b"), bytes("2"));
            batch.put(bytes("a"), bytes("1"));
            check("1".equals(string(batch.getFromBatch(bytes("a")))), () -> "reads after clear()");
            try (RocksIterator it = batch.newIteratorWithBase(other.newIterator())) {
                List<String> keys = walk(it);
                check(keys.equals(List.of("a", "b", "x")), () -> "bytewise after clear(): " + keys);
            }
            other.write(WriteOptions.DEFAULT, batch);
        }
        batch.close();
        return use + " refused (" + refused + "); clear() made it usable again";
    }

    /**
     * One thread keeps updating and reading a batch bound to a DB ordered by
     * a Java comparator while another closes that DB: every call either
     * works or throws IllegalStateException, and none runs the comparator
     * after the close.
     */
    static String closeRacingUpdates(Path dir) throws Exception {
        int rounds = rounds(30);
        AtomicInteger refusedCalls = new AtomicInteger(), doneCalls = new AtomicInteger();
        for (int round = 0; round < rounds; round++) {
            RocksDB db = openReverse(dir.resolve("db" + round));
            WriteBatchWithIndex batch = new WriteBatchWithIndex();
            batch.put(db.getDefaultColumnFamily(), bytes("first"), bytes("1"));
            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread user = start("batch-user", failure, () -> {
                for (int i = 0; !stop.get(); i++) {
                    try {
                        batch.put(bytes("k" + i), bytes("v" + i));
                        batch.getFromBatch(bytes("k" + (i / 2)));
                        doneCalls.incrementAndGet();
                    } catch (IllegalStateException closed) {
                        refusedCalls.incrementAndGet();
                        if (!closed.getMessage().contains("closed")) throw closed;
                        return;
                    }
                }
            });
            Thread.sleep(round % 5);
            db.close();
            stop.set(true);
            joinAll(Duration.ofSeconds(30), user);
            rethrow(failure);
            expect(IllegalStateException.class, "after the close", () -> batch.put(bytes("late"), bytes("x")));
            batch.close();
        }
        return rounds + " closes raced the batch's calls: " + doneCalls.get() + " calls done, "
                + refusedCalls.get() + " refused after the close";
    }

    // ---- key orders -----------------------------------------------------------------------

    static String unnamedDefaultOverReverseDb(Path dir) throws Exception {
        try (RocksDB db = openReverse(dir.resolve("reverse"))) {
            for (String k : List.of("a", "d", "e")) db.put(bytes(k), bytes("db-" + k));
            List<String> plain;
            try (RocksIterator it = db.newIterator()) {
                plain = walk(it);
            }
            check(plain.equals(List.of("e", "d", "a")), () -> "the DB's own order: " + plain);

            // updates naming no family are indexed bytewise: walked or read over this DB, refused
            try (WriteBatchWithIndex unnamed = new WriteBatchWithIndex()) {
                unnamed.put(bytes("b"), bytes("batch-b"));
                unnamed.put(bytes("c"), bytes("batch-c"));
                String walked = expect(IllegalArgumentException.class, "walk of bytewise updates over a reverse DB",
                        () -> unnamed.newIteratorWithBase(db.newIterator()).close());
                check(walked.contains("probe.Reverse") && walked.contains("default family's handle"),
                        () -> "the refusal names the orders and the way out: " + walked);
                expect(IllegalArgumentException.class, "read of bytewise updates over a reverse DB",
                        () -> unnamed.getFromBatchAndDB(db, ReadOptions.DEFAULT, bytes("b")));
                expect(IllegalArgumentException.class, "an update naming the family after bytewise ones",
                        () -> unnamed.put(db.getDefaultColumnFamily(), bytes("x"), bytes("x")));
                check("batch-b".equals(string(unnamed.getFromBatch(bytes("b")))), () -> "the batch alone still reads");
                // its writes are fine: the DB orders them itself
                db.write(WriteOptions.DEFAULT, unnamed);
            }
            // naming the default family's handle indexes in the DB's order, and later unnamed updates follow it
            try (WriteBatchWithIndex named = new WriteBatchWithIndex()) {
                named.put(db.getDefaultColumnFamily(), bytes("bb"), bytes("batch-bb"));
                named.put(bytes("cc"), bytes("batch-cc"));
                named.delete(bytes("d"));
                try (RocksIterator it = named.newIteratorWithBase(db.newIterator())) {
                    List<String> keys = walk(it);
                    check(keys.equals(List.of("e", "cc", "c", "bb", "b", "a")), () -> "reverse order with the batch: " + keys);
                }
                check("batch-cc".equals(string(named.getFromBatchAndDB(db, ReadOptions.DEFAULT, bytes("cc")))),
                        () -> "read over the DB");
                check(named.getFromBatchAndDB(db, ReadOptions.DEFAULT, bytes("d")) == null, () -> "deleted in the batch");
            }
            // an iterator over the reverse DB fixes the batch's order while it lives
            try (WriteBatchWithIndex empty = new WriteBatchWithIndex();
                 RocksIterator it = empty.newIteratorWithBase(db.newIterator())) {
                expect(IllegalArgumentException.class, "an unnamed (bytewise) update under a reverse iterator",
                        () -> empty.put(bytes("z"), bytes("z")));
                empty.put(db.getDefaultColumnFamily(), bytes("z"), bytes("z"));
                empty.put(bytes("y"), bytes("y"));
                List<String> keys = walk(it);
                check(keys.equals(List.of("z", "y", "e", "d", "c", "b", "a")), () -> "the live iterator: " + keys);
            }
        }
        return "bytewise updates over a reverse DB refused; the default family's handle orders them as the DB does";
    }

    // ---- columns over a batch ---------------------------------------------------------------

    static String transactionColumns(Path dir) throws Exception {
        try (TransactionDB db = TransactionDB.open(new Options().setCreateIfMissing(true), dir.resolve("txn"));
             Arena churn = Arena.ofConfined()) {
            db.put(bytes("base"), bytes("from-the-db"));
            Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
            byte[] value = valueOf("in-the-batch", 300);
            txn.put(bytes("in-the-batch"), value);
            RocksIterator it = txn.getIterator();
            it.seek(bytes("in-the-batch"));
            List<WideColumn> columns = it.columns();
            check(columns.size() == 1 && columns.get(0).isDefault(), () -> "one default column: " + columns);
            // the batch's buffer moves many times over
            for (int i = 0; i < 3000; i++) txn.put(bytes("grow" + i), valueOf("grow" + i, 100));
            churnNative(churn);
            checkSame(value, columns.get(0).valueBytes(), "the kept column after the transaction grew");
            List<WideColumn> again = it.columns();
            checkSame(value, again.get(0).valueBytes(), "columns() after the transaction grew");
            txn.rollback(); // ends the iterator: the entry and its columns stay readable, columns() refuses
            checkSame(value, columns.get(0).valueBytes(), "the kept column after the rollback");
            checkSame(value, it.valueBytes(), "the value after the rollback");
            String refused = expect(IllegalStateException.class, "columns() of an ended iterator", it::columns);
            it.close();
            expect(IllegalStateException.class, "a kept column after the iterator closed", () -> columns.get(0).valueBytes());
            txn.close();
            return "columns copied out of the transaction; ended iterator: " + refused;
        }
    }

    static String indexedBatchColumns(Path dir) throws Exception {
        try (RocksDB db = open(dir.resolve("db")); Arena churn = Arena.ofConfined()) {
            db.put(bytes("a"), bytes("from-the-db"));
            WriteBatchWithIndex batch = new WriteBatchWithIndex();
            byte[] value = valueOf("b", 500);
            batch.put(bytes("b"), value);
            RocksIterator it = batch.newIteratorWithBase(db.newIterator());
            it.seek(bytes("b"));
            List<WideColumn> columns = it.columns();
            for (int i = 0; i < 3000; i++) batch.put(bytes("grow" + i), valueOf("grow" + i, 100));
            churnNative(churn);
            checkSame(value, columns.get(0).valueBytes(), "the kept column after the batch grew");
            it.seek(bytes("a"));
            expect(IllegalStateException.class, "a kept column after the iterator moved", () -> columns.get(0).valueBytes());
            List<WideColumn> fromDb = it.columns();
            checkSame(bytes("from-the-db"), fromDb.get(0).valueBytes(), "a column from the DB");
            it.seek(bytes("b"));
            List<WideColumn> fromBatch = it.columns();
            batch.close(); // frees the batch, ends the iterator
            churnNative(churn);
            checkSame(value, fromBatch.get(0).valueBytes(), "the kept column after the batch closed");
            String refused = expect(IllegalStateException.class, "columns() after the batch closed", it::columns);
            it.close();
            return "columns copied out of the batch; after its close: " + refused;
        }
    }
}
