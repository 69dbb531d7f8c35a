package io.panrocks;

import io.panrocks.fork.WalTerminationChild;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava members of WriteBatch and Transaction: the WAL termination
 * point (bookkeeping, and what a crash keeps), {@code rebuildFromWriteBatch}
 * and {@code getWaitingTxns}, and {@code AbstractComparator.usingDirectBuffers}.
 */
class BatchAndTransactionMembersTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    @Test
    void theWalTerminationPointIsRocksJavasSavePoint() throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            WriteBatch.SavePoint none = batch.getWalTerminationPoint();
            assertTrue(none.isCleared());
            batch.put(bytes("k1"), bytes("v1"));
            batch.markWalTerminationPoint();
            WriteBatch.SavePoint p = batch.getWalTerminationPoint();
            assertEquals(19, p.getSize(), "12-byte header + tag, 2 lengths, 2 + 2 bytes (RocksJava's test value)");
            assertEquals(1, p.getCount());
            assertEquals(2, p.getContentFlags(), "RocksDB's HAS_PUT");
            batch.delete(bytes("k2")).merge(bytes("m"), bytes("x"));
            assertEquals(19, batch.getWalTerminationPoint().getSize(), "later updates do not move it");
            batch.markWalTerminationPoint();
            assertEquals(2 | 4 | 16, batch.getWalTerminationPoint().getContentFlags(), "put, delete, merge");
            assertEquals(3, batch.getWalTerminationPoint().getCount());
            p.clear();
            assertTrue(p.isCleared());
            assertFalse(batch.getWalTerminationPoint().isCleared(), "a copy");

            batch.setSavePoint();
            batch.put(bytes("k3"), bytes("v3"));
            batch.markWalTerminationPoint();
            batch.rollbackToSavePoint();
            assertTrue(batch.getWalTerminationPoint().isCleared(), "rolled back past it: gone");
            batch.markWalTerminationPoint();
            batch.clear();
            assertTrue(batch.getWalTerminationPoint().isCleared(), "clear removes it");
        }
        WriteBatch closed = new WriteBatch();
        closed.close();
        assertThrows(IllegalStateException.class, closed::markWalTerminationPoint);
        assertThrows(IllegalStateException.class, closed::getWalTerminationPoint);
    }

    @Test
    void aBatchWithATerminationPointWritesEverythingToTheMemtable(@TempDir Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir, List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY,
                        new ColumnFamilyOptions().setMergeOperatorName("stringappend")),
                        new ColumnFamilyDescriptor(bytes("other"))), handles);
             WriteBatch batch = new WriteBatch()) {
            db.put(bytes("gone"), bytes("x"));
            db.put(bytes("m"), bytes("a"));
            batch.put(bytes("logged"), bytes("1"));
            batch.markWalTerminationPoint();
            batch.put(handles.get(1), bytes("memtable-only"), bytes("2"));
            batch.merge(bytes("m"), bytes("b"));
            batch.delete(bytes("gone"));
            batch.singleDelete(bytes("never"));
            batch.deleteRange(bytes("r0"), bytes("r9"));
            batch.putLogData(bytes("blob"));
            db.write(WriteOptions.DEFAULT, batch);
            assertEquals("1", string(db.get(bytes("logged"))));
            assertEquals("2", string(db.get(handles.get(1), bytes("memtable-only"))));
            assertEquals("a,b", string(db.get(bytes("m"))));
            assertNull(db.get(bytes("gone")));

            // an entity after the point is refused, nothing written
            try (WriteBatch entity = new WriteBatch()) {
                entity.put(bytes("e0"), bytes("x"));
                entity.markWalTerminationPoint();
                entity.putEntity(bytes("e1"), List.of(WideColumn.of(bytes("c"), bytes("v"))));
                RocksDBException e = assertThrows(RocksDBException.class, () -> db.write(WriteOptions.DEFAULT, entity));
                assertEquals(Status.Code.NotSupported, e.code());
                assertNull(db.get(bytes("e0")), "nothing written");
                entity.markWalTerminationPoint(); // at the end: the whole batch is logged
                db.write(WriteOptions.DEFAULT, entity);
                assertEquals("x", string(db.get(bytes("e0"))));
            }
        }
    }

    @Test
    void aCrashKeepsWhatTheWalGotAndLosesTheRest() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(WalTerminationChild.class, fixture.dir().toString()).heap("128m").run();
        assertTrue(r.stdout().lines().anyMatch(l -> l.equals("WRITTEN")), r::toString);
        try (RocksDB db = fixture.open(new Options())) {
            assertEquals("1", string(db.get(bytes("logged"))), "before the point: in the WAL, recovered");
            assertNull(db.get(bytes("unlogged")), "after the point: in the memtable only, lost with the process");
            assertEquals("3", string(db.get(bytes("next"))), "a later write is recovered");
        }
    }

    private static TransactionDB transactionDb(Path dir, List<ColumnFamilyHandle> handles) throws RocksDBException {
        return TransactionDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                new TransactionDBOptions().setTransactionLockTimeout(100).setDefaultLockTimeout(100), dir,
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY,
                        new ColumnFamilyOptions().setMergeOperatorName("stringappend")),
                        new ColumnFamilyDescriptor(bytes("other"))), handles);
    }

    @Test
    void rebuildFromWriteBatchAddsTheBatchThroughTheTransaction(@TempDir Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (TransactionDB db = transactionDb(dir, handles)) {
            db.put(bytes("deleted"), bytes("x"));
            db.put(bytes("m"), bytes("a"));
            try (Transaction txn = db.beginTransaction(WriteOptions.DEFAULT); WriteBatch batch = new WriteBatch()) {
                batch.put(bytes("k"), bytes("v"));
                batch.put(handles.get(1), bytes("k2"), bytes("v2"));
                batch.merge(bytes("m"), bytes("b"));
                batch.delete(bytes("deleted"));
                batch.putLogData(bytes("skipped"));
                byte[] before = batch.data();
                txn.rebuildFromWriteBatch(batch);
                assertArrayEquals(before, batch.data(), "the batch is not changed");
                assertEquals("v", string(txn.get(new ReadOptions(), bytes("k"))));
                assertEquals("v2", string(txn.get(handles.get(1), new ReadOptions(), bytes("k2"))));
                assertNull(db.get(bytes("k")), "not committed yet");
                // a pessimistic transaction locked the keys, as its own puts would
                try (Transaction other = db.beginTransaction(WriteOptions.DEFAULT)) {
                    RocksDBException e = assertThrows(RocksDBException.class,
                            () -> other.put(bytes("k"), bytes("other")));
                    assertEquals(Status.Code.TimedOut, e.code());
                }
                txn.commit();
            }
            assertEquals("v", string(db.get(bytes("k"))));
            assertEquals("v2", string(db.get(handles.get(1), bytes("k2"))));
            assertEquals("a,b", string(db.get(bytes("m"))));
            assertNull(db.get(bytes("deleted")));
        }
    }

    @Test
    void rebuildFromWriteBatchRefusesWhatATransactionCannotTakeBeforeAddingAnything(@TempDir Path dir)
            throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (TransactionDB db = transactionDb(dir, handles); Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            try (WriteBatch range = new WriteBatch()) {
                range.put(bytes("first"), bytes("x"));
                range.deleteRange(bytes("a"), bytes("b"));
                RocksDBException e = assertThrows(RocksDBException.class, () -> txn.rebuildFromWriteBatch(range));
                assertEquals(Status.Code.NotSupported, e.code());
            }
            // family 9 does not exist: a batch from bytes names it by ID only
            byte[] data = {0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 1, 'a', 1, 'x', 5, 9, 1, 'b', 1, 'y'};
            try (WriteBatch unknownFamily = new WriteBatch(data)) {
                RocksDBException e = assertThrows(RocksDBException.class,
                        () -> txn.rebuildFromWriteBatch(unknownFamily));
                assertEquals(Status.Code.InvalidArgument, e.code());
                assertTrue(e.getMessage().contains("Invalid column family specified in write batch"), e.getMessage());
            }
            assertNull(txn.get(new ReadOptions(), bytes("first")), "nothing was added");
            assertNull(txn.get(new ReadOptions(), bytes("a")), "nothing was added");
            assertEquals(0, txn.getNumPuts());
            assertThrows(NullPointerException.class, () -> txn.rebuildFromWriteBatch(null));
            WriteBatch closed = new WriteBatch();
            closed.close();
            assertThrows(IllegalStateException.class, () -> txn.rebuildFromWriteBatch(closed));
            txn.rollback();
            try (WriteBatch b = new WriteBatch()) {
                b.put(bytes("late"), bytes("x"));
                assertThrows(IllegalStateException.class, () -> txn.rebuildFromWriteBatch(b), "rolled back");
            }
        }
        // a batch bound to another DB's family is refused
        Path otherDir = dir.resolve("other");
        List<ColumnFamilyHandle> mine = new ArrayList<>(), theirs = new ArrayList<>();
        try (TransactionDB db = transactionDb(dir.resolve("mine"), mine);
             TransactionDB other = transactionDb(otherDir, theirs);
             Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
             WriteBatch foreign = new WriteBatch()) {
            foreign.put(theirs.get(1), bytes("k"), bytes("v"));
            assertThrows(IllegalArgumentException.class, () -> txn.rebuildFromWriteBatch(foreign));
        }
    }

    @Test
    void getWaitingTxnsAnswersNotWaitingAndRefusesAClosedTransaction(@TempDir Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (TransactionDB db = transactionDb(dir, handles)) {
            Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
            txn.put(bytes("k"), bytes("v"));
            Transaction.WaitingTransactions w = txn.getWaitingTxns();
            assertEquals(0, w.getColumnFamilyId());
            assertEquals("", w.getKey());
            assertEquals(0, w.getTransactionIds().length);
            txn.close();
            assertThrows(IllegalStateException.class, txn::getWaitingTxns);
        }
        try (OptimisticTransactionDB db = OptimisticTransactionDB.open(new Options().setCreateIfMissing(true),
                dir.resolve("optimistic")); Transaction txn = db.beginTransaction(WriteOptions.DEFAULT)) {
            assertEquals(0, txn.getWaitingTxns().getTransactionIds().length, "never waits (and RocksDB would assert)");
        }
    }

    @Test
    void aJavaComparatorUsesDirectMemory() {
        assertTrue(new BytewiseComparator(new ComparatorOptions()).usingDirectBuffers());
        assertTrue(new ReverseBytewiseComparator(new ComparatorOptions().setUseDirectBuffer(false)).usingDirectBuffers(),
                "always segments of the engine's memory");
    }
}
