package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/** Pessimistic transactions on the real engine: reads of every form, locks, conflicts, save points, snapshots, iterators. */
class TransactionTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.transactionDb(
            new Options().setCreateIfMissing(true).setMergeOperator(new MergeOperator.StringAppendOperator(',')),
            new TransactionDBOptions().setTransactionLockTimeout(200).setDefaultLockTimeout(200));
    TransactionDB db;
    @TempDir
    java.nio.file.Path otherDir;

    @BeforeEach
    void open(RocksDB db) {
        this.db = (TransactionDB) db;
    }

    private Transaction begin() {
        return db.beginTransaction(WriteOptions.DEFAULT);
    }

    private Transaction begin(TransactionOptions options) {
        return db.beginTransaction(WriteOptions.DEFAULT, options);
    }

    private static RocksDBException expectStatus(Status.Code code, Status.SubCode subCode, ThrowingRunnable r) {
        RocksDBException e = assertThrows(RocksDBException.class, r::run);
        assertEquals(code, e.getStatus().code(), e::toString);
        if (subCode != null) assertEquals(subCode, e.getStatus().subCode(), e::toString);
        return e;
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void readsItsOwnWritesInEveryFormAndCommitsThemAtomically() throws Exception {
        db.put(bytes("a"), bytes("db-a"));
        db.put(bytes("m"), bytes("x"));
        try (Transaction txn = begin()) {
            txn.put(bytes("b"), bytes("txn-b"));
            txn.merge(bytes("m"), bytes("y"));
            txn.delete(bytes("a"));
            byte[] big = randomBytes(7, 4 << 20);
            txn.put(bytes("big"), big);
            ReadOptions ro = new ReadOptions();

            assertEquals("txn-b", string(txn.get(ro, bytes("b"))));
            assertEquals("x,y", string(txn.get(ro, bytes("m"))));
            assertNull(txn.get(ro, bytes("a")));
            assertArrayEquals(big, txn.get(ro, bytes("big")));
            assertArrayEquals(big, txn.get(null, ro, bytes("big")));

            byte[] buffer = new byte[3];
            assertEquals(5, txn.get(ro, null, bytes("b"), buffer, false));
            assertEquals("txn", string(buffer));
            assertEquals(RocksDB.NOT_FOUND, txn.get(ro, null, bytes("a"), buffer, false));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(big.length);
                assertEquals(big.length, txn.get(ro, null, arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("big")), out, false));
                assertArrayEquals(big, out.toArray(ValueLayout.JAVA_BYTE));
                MemorySegment small = arena.allocate(2);
                assertEquals(5, txn.get(ro, null, MemorySegment.ofArray(bytes("b")), small, false));
                assertEquals("tx", string(small.toArray(ValueLayout.JAVA_BYTE)));
            }
            try (PinnedValue v = txn.getPinned(ro, null, bytes("big"))) {
                assertEquals(big.length, v.size());
                assertEquals(big[12345], v.value().get(ValueLayout.JAVA_BYTE, 12345));
                // the pin outlives what the transaction does next
                txn.put(bytes("big"), bytes("replaced"));
                assertEquals(big[4 << 19], v.value().get(ValueLayout.JAVA_BYTE, 4 << 19));
            }
            assertNull(txn.getPinned(ro, null, bytes("a")));
            assertEquals(8L, txn.get(ro, null, bytes("big"), MemorySegment::byteSize));
            assertNull(txn.get(ro, null, bytes("a"), MemorySegment::byteSize));

            // invisible to the DB until the commit
            assertEquals("db-a", string(db.get(bytes("a"))));
            assertNull(db.get(bytes("b")));
            assertEquals(Transaction.TransactionState.STARTED, txn.getState());
            assertEquals(2, txn.getNumPuts() - 1); // b and big twice
            assertEquals(1, txn.getNumDeletes());
            assertEquals(1, txn.getNumMerges());
            assertTrue(txn.getID() > 0);
            txn.commit();
            assertEquals(Transaction.TransactionState.COMMITTED, txn.getState());
        }
        assertNull(db.get(bytes("a")));
        assertEquals("txn-b", string(db.get(bytes("b"))));
        assertEquals("x,y", string(db.get(bytes("m"))));
        assertEquals("replaced", string(db.get(bytes("big"))));
    }

    @Test
    void afterCommitOrRollbackEveryOperationButTheGettersThrows() throws Exception {
        Transaction txn = begin();
        txn.put(bytes("k"), bytes("v"));
        txn.commit();
        assertThrows(IllegalStateException.class, () -> txn.put(bytes("k"), bytes("w")));
        assertThrows(IllegalStateException.class, () -> txn.get(ReadOptions.DEFAULT, bytes("k")));
        assertThrows(IllegalStateException.class, () -> txn.getForUpdate(ReadOptions.DEFAULT, bytes("k"), true));
        assertThrows(IllegalStateException.class, txn::getIterator);
        assertThrows(IllegalStateException.class, txn::commit);
        assertThrows(IllegalStateException.class, txn::rollback);
        assertThrows(IllegalStateException.class, txn::setSavePoint);
        assertThrows(IllegalStateException.class, txn::prepare);
        assertThrows(IllegalStateException.class, () -> txn.setName("late"));
        assertEquals(Transaction.TransactionState.COMMITTED, txn.getState());
        assertEquals("", txn.getName());
        txn.close();
        txn.close(); // idempotent
        assertTrue(txn.isClosed());
        IllegalStateException closed = assertThrows(IllegalStateException.class, txn::getState);
        assertTrue(closed.getMessage().contains("Transaction is closed"), closed.getMessage());
        assertThrows(IllegalStateException.class, () -> txn.get(ReadOptions.DEFAULT, bytes("k")));
        assertEquals("v", string(db.get(bytes("k"))));

        Transaction rolled = begin();
        rolled.put(bytes("r"), bytes("1"));
        rolled.rollback();
        assertEquals(Transaction.TransactionState.ROLLEDBACK, rolled.getState());
        assertThrows(IllegalStateException.class, () -> rolled.delete(bytes("r")));
        rolled.close();
        assertNull(db.get(bytes("r")));
    }

    @Test
    void closingAnOpenTransactionRollsItBackAndFreesItsLocks() throws Exception {
        Transaction holder = begin();
        holder.put(bytes("k"), bytes("held"));
        try (Transaction waiter = begin(new TransactionOptions().setLockTimeout(0))) {
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout, () -> waiter.put(bytes("k"), bytes("w")));
            holder.close();
            waiter.put(bytes("k"), bytes("w"));
            waiter.commit();
        }
        assertEquals("w", string(db.get(bytes("k"))));
    }

    @Test
    void lockTimeoutsAreTimedOutWithTheLockTimeoutSubcode() throws Exception {
        try (Transaction holder = begin();
             Transaction waiter = begin(new TransactionOptions().setLockTimeout(50))) {
            holder.put(bytes("k"), bytes("1"));
            holder.getForUpdate(ReadOptions.DEFAULT, bytes("r"), true);
            long start = System.nanoTime();
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout, () -> waiter.put(bytes("k"), bytes("2")));
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(40), "it waited for the lock");
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout,
                    () -> waiter.getForUpdate(ReadOptions.DEFAULT, bytes("r"), true));
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout,
                    () -> waiter.multiGetForUpdateAsList(ReadOptions.DEFAULT, List.of(bytes("x"), bytes("k"))));
            // a shared lock is compatible with another shared lock only
            waiter.setLockTimeout(0);
            holder.getForUpdate(ReadOptions.DEFAULT, (ColumnFamilyHandle) null, bytes("s"), false);
            assertNull(waiter.getForUpdate(ReadOptions.DEFAULT, (ColumnFamilyHandle) null, bytes("s"), false));
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout, () -> waiter.put(bytes("s"), bytes("x")));
            // plain reads take no lock; plain writes of the DB wait for it (default lock timeout)
            assertNull(waiter.get(ReadOptions.DEFAULT, bytes("k")));
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout, () -> db.put(bytes("k"), bytes("db")));
        }
    }

    @Test
    void aDeadlockIsBusyWithTheDeadlockSubcode() throws Exception {
        TransactionOptions options = new TransactionOptions().setDeadlockDetect(true).setLockTimeout(10_000);
        try (Transaction a = begin(options); Transaction b = begin(options)) {
            assertTrue(a.isDeadlockDetect());
            a.put(bytes("x"), bytes("a"));
            b.put(bytes("y"), bytes("b"));
            CountDownLatch started = new CountDownLatch(1);
            CompletableFuture<Throwable> aSide = CompletableFuture.supplyAsync(() -> {
                started.countDown();
                try {
                    a.put(bytes("y"), bytes("a")); // waits for b
                    return null;
                } catch (Throwable t) {
                    return t;
                }
            });
            started.await();
            Thread.sleep(200);
            Throwable bFailure = null;
            try {
                b.put(bytes("x"), bytes("b")); // closes the cycle
            } catch (RocksDBException e) {
                bFailure = e;
                b.rollback(); // frees y
            }
            Throwable aFailure = aSide.get(20, TimeUnit.SECONDS);
            RocksDBException deadlock = (RocksDBException) (bFailure != null ? bFailure : aFailure);
            assertNotNull(deadlock, "one side saw the deadlock");
            assertEquals(Status.Code.Busy, deadlock.getStatus().code(), deadlock::toString);
            assertEquals(Status.SubCode.Deadlock, deadlock.getStatus().subCode(), deadlock::toString);
            if (bFailure != null) assertNull(aFailure, "the other side got its lock");
        }
    }

    @Test
    void aSnapshotMakesLaterWritesConflictsAndIsolatesReads() throws Exception {
        db.put(bytes("k"), bytes("before"));
        try (Transaction txn = begin(new TransactionOptions().setSetSnapshot(true))) {
            Snapshot snapshot = txn.getSnapshot();
            assertNotNull(snapshot);
            assertSame(snapshot, txn.getSnapshot());
            db.put(bytes("k"), bytes("after"));
            ReadOptions atSnapshot = new ReadOptions().setSnapshot(snapshot);
            assertEquals("before", string(txn.get(atSnapshot, bytes("k"))));
            assertEquals("after", string(txn.get(ReadOptions.DEFAULT, bytes("k"))));
            try (RocksIterator it = txn.getIterator(atSnapshot)) {
                it.seekToFirst();
                assertEquals("before", string(it.valueBytes()));
            }
            // written by someone else after the snapshot: a conflict
            expectStatus(Status.Code.Busy, null, () -> txn.getForUpdate(atSnapshot, bytes("k"), true));
            expectStatus(Status.Code.Busy, null, () -> txn.put(bytes("k"), bytes("mine")));
            // without validation the read for update locks and reads the latest
            assertEquals("after", string(txn.getForUpdate(ReadOptions.DEFAULT, null, bytes("k"), true, false)));

            // the transaction's snapshot is for the transaction's reads only
            IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class, () -> db.get(atSnapshot, bytes("k")));
            assertTrue(foreign.getMessage().contains("Transaction"), foreign.getMessage());
            assertThrows(IllegalArgumentException.class, () -> db.newIterator(atSnapshot));
            try (Transaction other = begin()) {
                assertThrows(IllegalArgumentException.class, () -> other.get(atSnapshot, bytes("k")));
            }
            snapshot.close(); // belongs to the transaction: nothing happens
            assertEquals("before", string(txn.get(atSnapshot, bytes("k"))));
            assertFalse(snapshot.isReleased());

            txn.setSnapshot(); // a new one: the old view is stale
            assertTrue(snapshot.isReleased());
            assertThrows(IllegalStateException.class, () -> txn.get(atSnapshot, bytes("k")));
            Snapshot fresh = txn.getSnapshot();
            assertNotSame(snapshot, fresh);
            assertEquals("after", string(txn.get(new ReadOptions().setSnapshot(fresh), bytes("k"))));
            txn.clearSnapshot();
            assertNull(txn.getSnapshot());
            assertThrows(IllegalStateException.class, () -> txn.get(new ReadOptions().setSnapshot(fresh), bytes("k")));

            txn.setSnapshotOnNextOperation();
            db.put(bytes("n"), bytes("1"));
            txn.put(bytes("other"), bytes("x")); // takes the snapshot now
            Snapshot taken = txn.getSnapshot();
            assertNotNull(taken);
            db.put(bytes("n"), bytes("2"));
            assertEquals("1", string(txn.get(new ReadOptions().setSnapshot(taken), bytes("n"))));
        }
    }

    @Test
    void savePoints() throws Exception {
        try (Transaction txn = begin()) {
            expectStatus(Status.Code.NotFound, null, txn::rollbackToSavePoint);
            expectStatus(Status.Code.NotFound, null, txn::popSavePoint);
            txn.put(bytes("a"), bytes("1"));
            txn.setSavePoint();
            txn.put(bytes("b"), bytes("2"));
            txn.put(bytes("a"), bytes("3"));
            txn.setSavePoint();
            txn.delete(bytes("a"));
            txn.rollbackToSavePoint();
            assertEquals("3", string(txn.get(ReadOptions.DEFAULT, bytes("a"))));
            txn.rollbackToSavePoint();
            assertEquals("1", string(txn.get(ReadOptions.DEFAULT, bytes("a"))));
            assertNull(txn.get(ReadOptions.DEFAULT, bytes("b")));
            txn.setSavePoint();
            txn.popSavePoint();
            expectStatus(Status.Code.NotFound, null, txn::rollbackToSavePoint);
            txn.commit();
        }
        assertEquals("1", string(db.get(bytes("a"))));
        assertNull(db.get(bytes("b")));
    }

    @Test
    void multiGetsReadThroughTheTransactionAndLockForUpdate() throws Exception {
        ColumnFamilyHandle other = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("other")));
        db.put(bytes("a"), bytes("db-a"));
        db.put(other, bytes("a"), bytes("other-a"));
        try (Transaction txn = begin(); Transaction rival = begin(new TransactionOptions().setLockTimeout(0))) {
            txn.put(bytes("b"), bytes("txn-b"));
            txn.put(other, bytes("b"), bytes("other-b"));
            List<byte[]> values = txn.multiGetAsList(ReadOptions.DEFAULT, Arrays.asList(null, other, null, other, null),
                    List.of(bytes("a"), bytes("a"), bytes("b"), bytes("b"), bytes("c")));
            assertEquals(Arrays.asList("db-a", "other-a", "txn-b", "other-b", null), values.stream().map(TestBytes::string).toList());
            assertEquals(Arrays.asList("db-a", "txn-b"), txn.multiGetAsList(ReadOptions.DEFAULT,
                    List.of(bytes("a"), bytes("b"))).stream().map(TestBytes::string).toList());
            assertThrows(IllegalArgumentException.class, () -> txn.multiGetAsList(ReadOptions.DEFAULT, List.of(other),
                    List.of(bytes("a"), bytes("b"))));
            assertEquals(Arrays.asList("db-a", null), txn.multiGetForUpdateAsList(ReadOptions.DEFAULT,
                    List.of(bytes("a"), bytes("z"))).stream().map(TestBytes::string).toList());
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout, () -> rival.put(bytes("z"), bytes("1")));
            txn.undoGetForUpdate(bytes("z"));
            rival.put(bytes("z"), bytes("1"));
            // a key this transaction wrote stays locked whatever undo says
            txn.undoGetForUpdate(bytes("b"));
            expectStatus(Status.Code.TimedOut, Status.SubCode.LockTimeout, () -> rival.put(bytes("b"), bytes("1")));
        }
        other.close();
    }

    @Test
    void iteratorsSeeTheTransactionsWritesOnTopOfTheDbAndEndWithIt() throws Exception {
        for (String k : List.of("a", "c", "e", "g")) db.put(bytes(k), bytes("db-" + k));
        Transaction txn = begin();
        txn.put(bytes("b"), bytes("txn-b"));
        txn.put(bytes("c"), bytes("txn-c"));
        txn.delete(bytes("e"));
        txn.merge(bytes("g"), bytes("more"));
        RocksIterator it = txn.getIterator(new ReadOptions().setIterateUpperBound(bytes("z")));
        List<String> seen = new ArrayList<>();
        for (it.seekToFirst(); it.isValid(); it.next()) seen.add(string(it.keyBytes()) + "=" + string(it.valueBytes()));
        assertEquals(List.of("a=db-a", "b=txn-b", "c=txn-c", "g=db-g,more"), seen);
        List<String> backwards = new ArrayList<>();
        it.seekToLast();
        it.scanBackward((k, v) -> backwards.add(string(k.toArray(ValueLayout.JAVA_BYTE))) || true);
        assertEquals(List.of("g", "c", "b", "a"), backwards);

        // standing on the transaction's own entry while it keeps writing: the entry stays readable
        it.seek(bytes("b"));
        MemorySegment value = it.value();
        for (int i = 0; i < 3000; i++) txn.put(bytes("w" + i), randomBytes(i, 100));
        assertEquals("txn-b", string(value.toArray(ValueLayout.JAVA_BYTE)));
        it.next();
        assertEquals("c", string(it.keyBytes()));
        long walked = it.scanForward((k, v) -> true);
        assertEquals(3002, walked); // c, g and the w* keys

        // the commit ends the iterator: the entry it stands on stays readable, moves throw
        it.seek(bytes("b"));
        MemorySegment key = it.key();
        txn.commit();
        assertEquals("b", string(key.toArray(ValueLayout.JAVA_BYTE)));
        assertTrue(it.isValid());
        assertThrows(IllegalStateException.class, () -> it.scanForward((k, v) -> true));
        IllegalStateException ended = assertThrows(IllegalStateException.class, it::next);
        assertTrue(ended.getMessage().contains("committed"), ended.getMessage());
        assertThrows(IllegalStateException.class, it::seekToFirst);
        assertThrows(IllegalStateException.class, it::status);
        txn.close();
        it.close();
        assertThrows(IllegalStateException.class, it::isValid);
    }

    @Test
    void iteratorsEndAtARollbackToASavePointAndRefuseOtherThreads() throws Exception {
        try (Transaction txn = begin()) {
            txn.put(bytes("a"), bytes("1"));
            txn.setSavePoint();
            txn.put(bytes("b"), bytes("2"));
            try (RocksIterator it = txn.getIterator()) {
                it.seekToFirst();
                Throwable onOtherThread = CompletableFuture.supplyAsync(() -> {
                    try {
                        it.next();
                        return null;
                    } catch (Throwable t) {
                        return t;
                    }
                }).get();
                assertInstanceOf(WrongThreadException.class, onOtherThread);
                txn.rollbackToSavePoint();
                assertThrows(IllegalStateException.class, it::next);
            }
            try (RocksIterator it = txn.getIterator()) {
                it.seekToFirst();
                assertEquals("a", string(it.keyBytes()));
                it.next();
                assertFalse(it.isValid());
            }
        }
    }

    @Test
    void columnFamiliesInATransaction() throws Exception {
        ColumnFamilyHandle users = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("users")));
        try (Transaction txn = begin()) {
            txn.put(users, bytes("alice"), bytes("1"));
            txn.put(bytes("alice"), bytes("default"));
            assertEquals("1", string(txn.get(ReadOptions.DEFAULT, users, bytes("alice"))));
            RocksIterator it = txn.getIterator(ReadOptions.DEFAULT, users);
            it.seekToFirst();
            assertEquals("alice", string(it.keyBytes()));
            // the handle's close waits for the iterator (RocksDB's iterator keeps the handle)
            users.close();
            it.next();
            assertFalse(it.isValid());
            it.close();
            assertTrue(users.isReleased());
            assertThrows(IllegalStateException.class, () -> txn.put(users, bytes("bob"), bytes("2")));
            txn.commit();
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        db.close();
        try (TransactionDB reopened = TransactionDB.open(new DBOptions(), fixture.dir(), List.of(
                new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("users"))), handles)) {
            assertEquals("1", string(reopened.get(handles.get(1), bytes("alice"))));
            assertEquals("default", string(reopened.get(bytes("alice"))));
        }
    }

    @Test
    void reuseAfterTheEndOnly() throws Exception {
        Transaction txn = begin();
        txn.put(bytes("k"), bytes("1"));
        assertThrows(IllegalStateException.class, () -> db.beginTransaction(WriteOptions.DEFAULT, txn));
        txn.commit();
        assertSame(txn, db.beginTransaction(WriteOptions.DEFAULT, txn));
        assertEquals(Transaction.TransactionState.STARTED, txn.getState());
        assertEquals(0, txn.getNumPuts());
        txn.put(bytes("k"), bytes("2"));
        txn.rollback();
        assertSame(txn, db.beginTransaction(WriteOptions.DEFAULT, new TransactionOptions().setSetSnapshot(true), txn));
        assertNotNull(txn.getSnapshot());
        txn.put(bytes("k"), bytes("3"));
        txn.commit();
        txn.close();
        assertThrows(IllegalStateException.class, () -> db.beginTransaction(WriteOptions.DEFAULT, txn));
        assertEquals("3", string(db.get(bytes("k"))));
    }

    @Test
    void aTransactionDbIsAlsoAPlainOne() throws Exception {
        RocksDB plain = db;
        plain.put(bytes("k"), bytes("v"));
        assertEquals("v", string(plain.get(bytes("k"))));
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("b1"), bytes("1"));
            batch.delete(bytes("k"));
            plain.write(WriteOptions.DEFAULT, batch);
        }
        assertNull(plain.get(bytes("k")));
        try (Snapshot s = plain.getSnapshot(); RocksIterator it = plain.newIterator()) {
            plain.put(bytes("b2"), bytes("2"));
            assertNull(plain.get(new ReadOptions().setSnapshot(s), bytes("b2")));
            it.seekToFirst();
            assertEquals("b1", string(it.keyBytes()));
        }
        // RocksDB's TransactionDB has no range deletes
        expectStatus(Status.Code.NotSupported, null, () -> plain.deleteRange(bytes("a"), bytes("z")));
        assertTrue(plain.getLongProperty("rocksdb.estimate-num-keys") >= 0);
        assertTrue(db.toString().startsWith("TransactionDB{"));
    }

    @Test
    void namesAreUniqueAndPreparationNeedsOne() throws Exception {
        try (Transaction a = begin(); Transaction b = begin()) {
            expectStatus(Status.Code.InvalidArgument, null, a::prepare);
            a.setName("xid-ü");
            assertEquals("xid-ü", a.getName());
            assertSame(a, db.getTransactionByName("xid-ü"));
            expectStatus(Status.Code.InvalidArgument, null, () -> b.setName("xid-ü"));
            expectStatus(Status.Code.InvalidArgument, null, () -> a.setName("again"));
            assertNull(db.getTransactionByName("nobody"));
        }
        assertNull(db.getTransactionByName("xid-ü"));
    }

    @Test
    void badArgumentsFailBeforeTheEngine() throws Exception {
        try (TransactionDB otherDb = TransactionDB.open(otherDir);
             Transaction txn = begin()) {
            ColumnFamilyHandle foreign = otherDb.createColumnFamily(new ColumnFamilyDescriptor(bytes("f")));
            assertThrows(NullPointerException.class, () -> txn.put(null, bytes("v")));
            assertThrows(NullPointerException.class, () -> txn.put(bytes("k"), (byte[]) null));
            assertThrows(NullPointerException.class, () -> txn.get((ReadOptions) null, bytes("k")));
            assertThrows(IllegalArgumentException.class, () -> txn.put(foreign, bytes("k"), bytes("v")));
            assertThrows(IllegalArgumentException.class, () -> txn.get(ReadOptions.DEFAULT, foreign, bytes("k")));
            try (Transaction otherTxn = otherDb.beginTransaction(WriteOptions.DEFAULT)) {
                otherTxn.commit();
                assertThrows(IllegalArgumentException.class, () -> db.beginTransaction(WriteOptions.DEFAULT, otherTxn));
                otherDb.put(bytes("x"), bytes("y"));
                try (Snapshot s = otherDb.getSnapshot()) {
                    assertThrows(IllegalArgumentException.class, () -> txn.get(new ReadOptions().setSnapshot(s), bytes("k")));
                }
            }
            Arena arena = Arena.ofConfined();
            MemorySegment closedKey = arena.allocate(4);
            arena.close();
            assertThrows(IllegalStateException.class, () -> txn.put(null, closedKey, MemorySegment.ofArray(bytes("v"))));
            assertThrows(IllegalArgumentException.class, () -> txn.get(ReadOptions.DEFAULT, null,
                    MemorySegment.ofArray(bytes("k")), MemorySegment.ofArray(new byte[4]).asReadOnly(), false));
            // empty keys and values, binary keys, ByteBuffers
            txn.put(new byte[0], new byte[0]);
            assertArrayEquals(new byte[0], txn.get(ReadOptions.DEFAULT, new byte[0]));
            byte[] binary = {0, (byte) 0xff, 0, 1};
            txn.put(null, ByteBuffer.wrap(binary), ByteBuffer.allocateDirect(3).put(new byte[]{1, 2, 3}).flip());
            assertArrayEquals(new byte[]{1, 2, 3}, txn.get(ReadOptions.DEFAULT, binary));
            foreign.close();
        }
    }

    @Test
    void theDbsCloseClosesItsTransactionsAndRollsThemBack() throws Exception {
        Transaction open = begin();
        open.put(bytes("lost"), bytes("1"));
        Transaction done = begin();
        done.put(bytes("kept"), bytes("1"));
        done.commit();
        RocksIterator it = open.getIterator();
        it.seekToFirst();
        db.close();
        assertTrue(open.isClosed());
        assertThrows(IllegalStateException.class, () -> open.put(bytes("x"), bytes("y")));
        assertThrows(IllegalStateException.class, open::getState);
        assertThrows(IllegalStateException.class, it::next);
        open.close();
        done.close();
        it.close();
        try (RocksDB reopened = fixture.reopen()) {
            assertNull(reopened.get(bytes("lost")));
            assertEquals("1", string(reopened.get(bytes("kept"))));
        }
    }

    @Test
    void openingHidesThePlainOpensAndReadsAPlainDb() throws Exception {
        db.close();
        try (RocksDB plain = RocksDB.open(fixture.dir())) {
            plain.put(bytes("plain"), bytes("1"));
        }
        try (TransactionDB t = TransactionDB.open(fixture.dir());
             Transaction txn = t.beginTransaction(new WriteOptions().setSync(true))) {
            assertEquals("1", string(txn.get(ReadOptions.DEFAULT, bytes("plain"))));
            txn.put(bytes("txn"), bytes("2"));
            txn.commit();
        }
        try (RocksDB plain = RocksDB.open(fixture.dir())) {
            assertEquals("2", string(plain.get(bytes("txn"))));
        }
        assertThrows(IllegalArgumentException.class, () -> new TransactionDBOptions().setWritePolicy(TxnDBWritePolicy.WRITE_PREPARED));
        assertThrows(IllegalArgumentException.class, () -> new TransactionDBOptions().setNumStripes(0));
        // the engine allocates a slot per remembered deadlock at open: Integer.MAX_VALUE of them
        // failed the open with "Out of memory"; the setter refuses what it cannot honour
        IllegalArgumentException deadlocks = assertThrows(IllegalArgumentException.class,
                () -> new TransactionDBOptions().setMaxNumDeadlocks(Integer.MAX_VALUE));
        assertTrue(deadlocks.getMessage().contains("maxNumDeadlocks"), deadlocks.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new TransactionDBOptions().setMaxNumDeadlocks(TransactionDBOptions.MAX_NUM_DEADLOCKS + 1));
        assertThrows(IllegalArgumentException.class, () -> new TransactionDBOptions().setMaxNumDeadlocks(-1));
        assertThrows(IllegalArgumentException.class, () -> new TransactionOptions().setMaxWriteBatchSize(-1));
        TransactionDBOptions o = new TransactionDBOptions().setMaxNumLocks(10).setNumStripes(4).setTransactionLockTimeout(5)
                .setDefaultLockTimeout(6).setMaxNumDeadlocks(7);
        assertEquals(List.of(10L, 4L, 5L, 6L, 7L), List.of(o.getMaxNumLocks(), o.getNumStripes(), o.getTransactionLockTimeout(),
                o.getDefaultLockTimeout(), (long) o.getMaxNumDeadlocks()));
    }

    @Test
    void theMostRememberedDeadlocksPanrocksAcceptsOpen() throws Exception {
        db.close();
        try (TransactionDB most = TransactionDB.open(new Options().setCreateIfMissing(true),
                new TransactionDBOptions().setMaxNumDeadlocks(TransactionDBOptions.MAX_NUM_DEADLOCKS), fixture.dir());
             Transaction txn = most.beginTransaction(WriteOptions.DEFAULT)) {
            txn.put(bytes("k"), bytes("v"));
            txn.commit();
            assertEquals("v", string(most.get(bytes("k"))));
        }
    }

    @Test
    void theLockLimitAndTheWriteBatchLimit() throws Exception {
        db.close();
        try (TransactionDB limited = TransactionDB.open(new Options().setCreateIfMissing(true),
                new TransactionDBOptions().setMaxNumLocks(2), fixture.dir());
             Transaction txn = limited.beginTransaction(WriteOptions.DEFAULT)) {
            txn.put(bytes("1"), bytes("x"));
            txn.put(bytes("2"), bytes("x"));
            // RocksDB 11.8.1 reports the limit as Aborted (7.8.3 and 9.11.2: Busy), LockLimit on all
            expectStatus(EngineVersion.atLeast(11, 0) ? Status.Code.Aborted : Status.Code.Busy, Status.SubCode.LockLimit,
                    () -> txn.put(bytes("3"), bytes("x")));
            txn.rollback();
            try (Transaction small = limited.beginTransaction(WriteOptions.DEFAULT,
                    new TransactionOptions().setMaxWriteBatchSize(64))) {
                small.put(bytes("k"), new byte[10]);
                expectStatus(Status.Code.Aborted, Status.SubCode.MemoryLimit, () -> small.put(bytes("k"), new byte[100]));
            }
        }
    }
}
