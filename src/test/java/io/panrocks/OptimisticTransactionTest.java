package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/** Optimistic transactions on the real engine: conflicts at commit, snapshots, the same reads and iterators. */
class OptimisticTransactionTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.optimisticTransactionDb(
            new Options().setCreateIfMissing(true).setMergeOperator(new MergeOperator.StringAppendOperator(',')));
    OptimisticTransactionDB db;

    @BeforeEach
    void open(RocksDB db) {
        this.db = (OptimisticTransactionDB) db;
    }

    private static void expectBusy(Transaction txn) {
        RocksDBException e = assertThrows(RocksDBException.class, txn::commit);
        assertEquals(Status.Code.Busy, e.getStatus().code(), e::toString);
    }

    @Test
    void aKeyWrittenByOthersAfterTheTransactionTouchedItFailsTheCommitWithBusy() throws Exception {
        try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            txn.put(bytes("k"), bytes("txn"));
            db.put(bytes("k"), bytes("db")); // no lock stops it
            expectBusy(txn);
            assertEquals(Transaction.TransactionState.STARTED, txn.getState());
            assertThrows(IllegalStateException.class, () -> db.beginTransaction(WriteOptions.DEFAULT, txn));
            txn.rollback();
            assertEquals(Transaction.TransactionState.ROLLEDBACK, txn.getState());
        }
        assertEquals("db", string(db.get(bytes("k"))));

        // a read for update is checked the same way
        try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            assertEquals("db", string(txn.getForUpdate(ReadOptions.DEFAULT, bytes("k"), true)));
            txn.put(bytes("other"), bytes("1"));
            db.put(bytes("k"), bytes("db2"));
            expectBusy(txn);
        }
        assertNull(db.get(bytes("other")));

        // no conflict: commits, and the commit is what others see
        try (Transaction a = db.beginTransaction(WriteOptions.DEFAULT);
             Transaction b = db.beginTransaction(WriteOptions.DEFAULT)) {
            a.put(bytes("a"), bytes("1"));
            b.put(bytes("b"), bytes("2"));
            a.commit();
            b.commit();
        }
        assertEquals("1", string(db.get(bytes("a"))));
        assertEquals("2", string(db.get(bytes("b"))));
    }

    @Test
    void withASnapshotTheCheckStartsAtTheSnapshot() throws Exception {
        try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT, new OptimisticTransactionOptions().setSetSnapshot(true))) {
            db.put(bytes("k"), bytes("before the touch, after the snapshot"));
            txn.put(bytes("k"), bytes("txn"));
            expectBusy(txn);
        }
        try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            db.put(bytes("k"), bytes("before the touch, no snapshot"));
            txn.put(bytes("k"), bytes("txn"));
            txn.commit();
        }
        assertEquals("txn", string(db.get(bytes("k"))));
    }

    @Test
    void twoTransactionsWritingOneKeyTheSecondCommitFails() throws Exception {
        try (Transaction a = db.beginTransaction(WriteOptions.DEFAULT);
             Transaction b = db.beginTransaction(WriteOptions.DEFAULT)) {
            a.put(bytes("k"), bytes("a"));
            b.put(bytes("k"), bytes("b"));
            a.commit();
            expectBusy(b);
        }
        assertEquals("a", string(db.get(bytes("k"))));
    }

    @Test
    void noNamesNoTwoPhaseCommit() throws Exception {
        try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            RocksDBException named = assertThrows(RocksDBException.class, () -> txn.setName("x"));
            assertEquals(Status.Code.InvalidArgument, named.getStatus().code());
            RocksDBException prepared = assertThrows(RocksDBException.class, txn::prepare);
            assertEquals(Status.Code.InvalidArgument, prepared.getStatus().code());
            assertEquals(0, txn.getID());
            txn.setLockTimeout(5); // nothing to lock: accepted, no effect
        }
    }

    @Test
    void readsIteratorsSavePointsAndReuse() throws Exception {
        db.put(bytes("a"), bytes("db"));
        db.merge(bytes("m"), bytes("x"));
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        txn.put(bytes("b"), bytes("txn"));
        txn.merge(bytes("m"), bytes("y"));
        txn.setSavePoint();
        txn.delete(bytes("a"));
        assertNull(txn.get(ReadOptions.DEFAULT, bytes("a")));
        txn.rollbackToSavePoint();
        assertEquals("db", string(txn.get(ReadOptions.DEFAULT, bytes("a"))));
        assertEquals("x,y", string(txn.get(ReadOptions.DEFAULT, bytes("m"))));
        assertEquals(List.of("db", "txn"), txn.multiGetAsList(ReadOptions.DEFAULT, List.of(bytes("a"), bytes("b")))
                .stream().map(TestBytes::string).toList());
        List<String> seen = new ArrayList<>();
        try (RocksIterator it = txn.getIterator()) {
            it.seekToFirst();
            it.scanForward((k, v) -> seen.add(string(k.toArray(ValueLayout.JAVA_BYTE)) + "="
                    + string(v.toArray(ValueLayout.JAVA_BYTE))));
        }
        assertEquals(List.of("a=db", "b=txn", "m=x,y"), seen);
        txn.commit();
        assertSame(txn, db.beginTransaction(WriteOptions.DEFAULT, new OptimisticTransactionOptions().setSetSnapshot(true), txn));
        assertNotNull(txn.getSnapshot());
        txn.delete(bytes("b"));
        txn.commit();
        txn.close();
        assertNull(db.get(bytes("b")));
        assertEquals("x,y", string(db.get(bytes("m"))));
    }

    @Test
    void serialValidationAndTheOptions() throws Exception {
        db.close();
        OptimisticTransactionDBOptions options = new OptimisticTransactionDBOptions()
                .setValidationPolicy(OccValidationPolicy.VALIDATE_SERIAL).setLockBuckets(64);
        assertEquals(OccValidationPolicy.VALIDATE_SERIAL, options.getValidationPolicy());
        assertEquals(64, options.getLockBuckets());
        assertThrows(IllegalArgumentException.class, () -> options.setLockBuckets(0));
        try (OptimisticTransactionDB serial = OptimisticTransactionDB.open(new Options().setCreateIfMissing(true), options,
                fixture.dir());
             Transaction a = serial.beginTransaction(WriteOptions.DEFAULT);
             Transaction b = serial.beginTransaction(WriteOptions.DEFAULT)) {
            a.put(bytes("k"), bytes("a"));
            b.put(bytes("k"), bytes("b"));
            b.commit();
            expectBusy(a);
            // a plain DB's range delete is refused by RocksDB's optimistic DB too
            RocksDBException e = assertThrows(RocksDBException.class, () -> serial.deleteRange(bytes("a"), bytes("z")));
            assertEquals(Status.Code.NotSupported, e.getStatus().code());
            assertTrue(serial.toString().startsWith("OptimisticTransactionDB{"));
        }
    }
}
