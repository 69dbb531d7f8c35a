package io.panrocks;

import io.panrocks.fork.PreparedThenKilled;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Two-phase commit: a prepared transaction survives a close and a SIGKILL and
 * is found again (once, as one object) after the DB reopens; an unprepared
 * one is gone.
 */
class TwoPhaseCommitTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.transactionDb(new Options().setCreateIfMissing(true),
            new TransactionDBOptions().setDefaultLockTimeout(100).setTransactionLockTimeout(100));

    private TransactionDB db() {
        return (TransactionDB) fixture.db();
    }

    private TransactionDB reopen() throws RocksDBException {
        return (TransactionDB) fixture.reopen();
    }

    @Test
    void aPreparedTransactionSurvivesTheDbsCloseAndIsCommittedAfterTheReopen() throws Exception {
        TransactionDB db = db();
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        txn.setName("xid-1");
        txn.put(bytes("k"), bytes("prepared"));
        txn.prepare();
        assertEquals(Transaction.TransactionState.PREPARED, txn.getState());
        assertThrows(IllegalStateException.class, () -> txn.put(bytes("k2"), bytes("late")));
        assertThrows(IllegalStateException.class, txn::setSavePoint);
        assertEquals("prepared", string(txn.get(ReadOptions.DEFAULT, bytes("k"))), "a prepared transaction still reads");
        assertEquals(List.of(txn), db.getAllPreparedTransactions());
        assertNull(db.get(bytes("k")));

        TransactionDB reopened = reopen(); // closing the DB leaves a prepared transaction prepared
        assertTrue(txn.isClosed());
        assertNull(reopened.get(bytes("k")), "not visible before the commit");
        List<Transaction> prepared = reopened.getAllPreparedTransactions();
        assertEquals(1, prepared.size());
        Transaction recovered = prepared.get(0);
        assertSame(recovered, reopened.getTransactionByName("xid-1"), "one object per transaction");
        assertSame(recovered, reopened.getAllPreparedTransactions().get(0));
        assertEquals("xid-1", recovered.getName());
        assertEquals(Transaction.TransactionState.PREPARED, recovered.getState());
        recovered.commit();
        assertEquals("prepared", string(reopened.get(bytes("k"))));
        recovered.close();
        assertNull(reopened.getTransactionByName("xid-1"));
        assertTrue(reopen().getAllPreparedTransactions().isEmpty());
        assertEquals("prepared", string(fixture.db().get(bytes("k"))));
    }

    @Test
    void aRecoveredTransactionCanBeRolledBackAndClosingItUndecidedKeepsItPrepared() throws Exception {
        TransactionDB db = db();
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        txn.setName("xid-2");
        txn.put(bytes("k"), bytes("v"));
        txn.prepare();
        txn.close(); // the decision is the coordinator's: still prepared
        assertNull(db.getTransactionByName("xid-2"), "a closed handle is gone from this session");

        TransactionDB reopened = reopen();
        Transaction found = reopened.getTransactionByName("xid-2");
        assertNotNull(found);
        found.close(); // undecided again
        TransactionDB again = reopen();
        Transaction last = again.getTransactionByName("xid-2");
        assertNotNull(last);
        last.rollback();
        assertThrows(IllegalStateException.class, last::commit);
        last.close();
        assertNull(again.get(bytes("k")));
        assertTrue(reopen().getAllPreparedTransactions().isEmpty());
    }

    @Test
    void unpreparedNamedTransactionsDoNotSurvive() throws Exception {
        TransactionDB db = db();
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        txn.setName("xid-3");
        txn.put(bytes("k"), bytes("v"));
        TransactionDB reopened = reopen();
        assertNull(reopened.getTransactionByName("xid-3"));
        assertTrue(reopened.getAllPreparedTransactions().isEmpty());
        assertNull(reopened.get(bytes("k")));
    }

    @Test
    void preparedSurvivesSigkillAndUnpreparedIsGone() throws Exception {
        db().close();
        ForkedJvm.Result result;
        try (ForkedJvm.Running child = ForkedJvm.main(PreparedThenKilled.class, fixture.dir().toString())
                .onStderr(System.err::println)
                .start()) {
            assertNotNull(child.awaitLine("READY"::equals, Duration.ofSeconds(60)), "the child got ready");
            child.kill(); // SIGKILL: no close, no rollback, no flush
            result = child.await();
        }
        assertEquals(137, result.exitCode(), () -> "killed by SIGKILL\n" + result);

        TransactionDB db = reopen();
        assertEquals("committed-0", string(db.get(bytes("c0"))));
        assertEquals("committed-1", string(db.get(bytes("c1"))));
        assertNull(db.get(bytes("p1")));
        assertNull(db.getTransactionByName("xid-open"), "the unprepared transaction is gone");
        assertNull(db.get(bytes("o1")));
        List<Transaction> prepared = db.getAllPreparedTransactions();
        assertEquals(1, prepared.size());
        Transaction recovered = prepared.get(0);
        assertEquals("xid-prepared", recovered.getName());
        assertEquals("prepared-1", string(recovered.get(ReadOptions.DEFAULT, bytes("p1"))));
        assertNull(recovered.get(ReadOptions.DEFAULT, bytes("c0")), "its delete applies on top");
        recovered.commit();
        recovered.close();
        assertEquals("prepared-1", string(db.get(bytes("p1"))));
        assertEquals("prepared-2", string(db.get(bytes("p2"))));
        assertNull(db.get(bytes("c0")));
    }
}
