package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Who may use and close a transaction and when: closes from other threads,
 * during a call that waits for a lock, during an iterator or a scan over it;
 * the DB's close with transactions open on other threads (infinite lock
 * timeouts included); forgotten transactions; many threads on one.
 */
class TransactionLifecycleTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.transactionDb(new Options().setCreateIfMissing(true),
            new TransactionDBOptions().setTransactionLockTimeout(-1).setDefaultLockTimeout(-1));

    private TransactionDB db() {
        return (TransactionDB) fixture.db();
    }

    interface Task<T> {
        T run() throws Exception;
    }

    /** Runs task on a thread of its own (the common pool may have one thread on a small machine). */
    static <T> CompletableFuture<T> onThread(Task<T> task) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                f.complete(task.run());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f;
    }

    @Test
    void aCloseFromAnotherThreadWaitsForTheCallInProgressAndItsReleaseUnblocksOthers() throws Exception {
        TransactionDB db = db();
        Transaction holder = db.beginTransaction(WriteOptions.DEFAULT);
        holder.put(bytes("k"), bytes("holder"));
        Transaction waiter = db.beginTransaction(WriteOptions.DEFAULT); // infinite lock timeout
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Object> blocked = onThread(() -> {
            started.countDown();
            waiter.put(bytes("k"), bytes("waiter")); // blocks until holder lets go
            return null;
        });
        started.await();
        Thread.sleep(200);
        assertFalse(blocked.isDone(), "the put waits for the lock");
        // closing waiter from here waits for its call; closing holder (idle) is immediate and frees the lock
        CompletableFuture<Long> closingWaiter = onThread(() -> {
            waiter.close();
            return System.nanoTime();
        });
        Thread.sleep(200);
        assertFalse(closingWaiter.isDone(), "the close waits for the call in progress");
        long holderClosed = System.nanoTime();
        holder.close();
        blocked.get(10, TimeUnit.SECONDS);
        assertTrue(closingWaiter.get(10, TimeUnit.SECONDS) >= holderClosed);
        assertThrows(IllegalStateException.class, () -> waiter.put(bytes("x"), bytes("y")));
        assertNull(db.get(bytes("k")), "both rolled back");
    }

    @Test
    void aCloseDuringAnIteratorLeavesItsEntryReadableAndEndsItsMoves() throws Exception {
        TransactionDB db = db();
        db.put(bytes("a"), bytes("db-a"));
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        txn.put(bytes("b"), bytes("txn-b"));
        try (RocksIterator it = txn.getIterator()) {
            it.seek(bytes("b"));
            MemorySegment value = it.value();
            onThread(() -> {
                txn.close();
                return null;
            }).get(10, TimeUnit.SECONDS);
            assertEquals("txn-b", string(value.toArray(ValueLayout.JAVA_BYTE)), "the current entry was copied out");
            assertThrows(IllegalStateException.class, it::next);
            assertThrows(IllegalStateException.class, it::seekToFirst);
        }
        assertNull(db.get(bytes("b")));
    }

    @Test
    void aCloseFromAnotherThreadWaitsForAScanToFinish() throws Exception {
        TransactionDB db = db();
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        for (int i = 0; i < 2000; i++) txn.put(bytes(String.format("k%05d", i)), bytes("v" + i));
        AtomicLong closedAt = new AtomicLong();
        AtomicBoolean triggered = new AtomicBoolean();
        CompletableFuture<Object> closing = new CompletableFuture<>();
        AtomicLong lastVisit = new AtomicLong();
        try (RocksIterator it = txn.getIterator()) {
            it.seekToFirst();
            long visited = it.scanForward((k, v) -> {
                lastVisit.set(System.nanoTime());
                if (triggered.compareAndSet(false, true)) {
                    closing.completeAsync(() -> {
                        txn.close();
                        closedAt.set(System.nanoTime());
                        return null;
                    }, r -> Thread.ofPlatform().daemon().start(r));
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                    assertEquals(0, closedAt.get(), "the close waits for the scan");
                }
                return true;
            });
            assertEquals(2000, visited);
        }
        closing.get(10, TimeUnit.SECONDS);
        assertTrue(closedAt.get() > lastVisit.get(), "closed after the scan's last visit");
        assertTrue(txn.isClosed());
    }

    @Test
    void theDbsCloseRollsBackIdleTransactionsFirstSoCallsWaitingForTheirLocksFinish() throws Exception {
        TransactionDB db = db();
        // a transaction idle on another thread holds k; one busy on a third thread waits for it, forever
        Transaction idle = onThread(() -> {
            Transaction t = db.beginTransaction(WriteOptions.DEFAULT);
            t.put(bytes("k"), bytes("idle"));
            return t;
        }).get();
        Transaction busy = db.beginTransaction(WriteOptions.DEFAULT);
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Object> waiting = onThread(() -> {
            started.countDown();
            try {
                busy.put(bytes("k"), bytes("busy"));
                return "got the lock";
            } catch (Throwable t) {
                return t;
            }
        });
        started.await();
        Thread.sleep(200);
        assertFalse(waiting.isDone());
        assertTimeoutPreemptively(Duration.ofSeconds(30), db::close,
                "the close would wait forever for the busy call if it released the idle transaction after the wait");
        assertEquals("got the lock", waiting.get(10, TimeUnit.SECONDS));
        assertTrue(idle.isClosed());
        assertTrue(busy.isClosed());
        assertThrows(IllegalStateException.class, () -> busy.put(bytes("x"), bytes("y")));
        assertThrows(IllegalStateException.class, idle::getName);
        try (RocksDB reopened = fixture.reopen()) {
            assertNull(reopened.get(bytes("k")), "both rolled back");
        }
    }

    @Test
    void theDbsCloseDuringAScanOnAnotherThreadWaitsThenDefersToTheIterator() throws Exception {
        TransactionDB db = db();
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        for (int i = 0; i < 1000; i++) txn.put(bytes(String.format("k%05d", i)), bytes("v"));
        CountDownLatch scanning = new CountDownLatch(1);
        CountDownLatch closeStarted = new CountDownLatch(1);
        AtomicBoolean iteratorClosed = new AtomicBoolean();
        CompletableFuture<Long> scan = onThread(() -> {
            RocksIterator it = txn.getIterator();
            try {
                it.seekToFirst();
                long n = it.scanForward((k, v) -> {
                    scanning.countDown();
                    try {
                        closeStarted.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                    return true;
                });
                Thread.sleep(200); // the DB is closed to new calls but waits for this iterator
                assertThrows(IllegalStateException.class, it::next);
                return n;
            } finally {
                it.close();
                iteratorClosed.set(true);
            }
        });
        scanning.await();
        CompletableFuture<Object> closing = onThread(() -> {
            db.close();
            return null;
        });
        Thread.sleep(100);
        closeStarted.countDown();
        assertEquals(1000, scan.get(30, TimeUnit.SECONDS));
        closing.get(30, TimeUnit.SECONDS);
        assertTrue(iteratorClosed.get());
        assertFalse(db.isOpen());
        assertTrue(txn.isClosed());
    }

    @Test
    void aForgottenTransactionIsRolledBackAndReleasedByTheCleaner() throws Exception {
        TransactionDB db = db();
        beginAndForget(db, "k");
        try (Transaction probe = db.beginTransaction(WriteOptions.DEFAULT, new TransactionOptions().setLockTimeout(0))) {
            boolean locked = false;
            for (int i = 0; i < 200 && !locked; i++) {
                System.gc();
                try {
                    probe.put(bytes("k"), bytes("probe"));
                    locked = true;
                } catch (RocksDBException busy) {
                    assertEquals(Status.Code.TimedOut, busy.getStatus().code());
                    Thread.sleep(50);
                }
            }
            assertTrue(locked, "the forgotten transaction's lock was released");
        }
        assertNull(db.get(bytes("k")), "and its write rolled back");
    }

    @Test
    void aForgottenNamedTransactionStaysFindableByName() throws Exception {
        TransactionDB db = db();
        String name = beginNameAndForget(db);
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
        }
        Transaction found = db.getTransactionByName(name);
        assertNotNull(found);
        assertEquals(name, found.getName());
        assertEquals("forgotten", string(found.get(ReadOptions.DEFAULT, bytes("named"))));
        found.rollback();
        found.close();
        assertNull(db.getTransactionByName(name));
    }

    private static void beginAndForget(TransactionDB db, String key) throws RocksDBException {
        Transaction t = db.beginTransaction(WriteOptions.DEFAULT);
        t.put(bytes(key), bytes("forgotten"));
    }

    private static String beginNameAndForget(TransactionDB db) throws RocksDBException {
        Transaction t = db.beginTransaction(WriteOptions.DEFAULT);
        t.setName("forgotten-but-named");
        t.put(bytes("named"), bytes("forgotten"));
        return t.getName();
    }

    @Test
    void manyThreadsUseOneTransactionOneCallAtATime() throws Exception {
        TransactionDB db = db();
        Transaction txn = db.beginTransaction(WriteOptions.DEFAULT);
        int threads = 6, perThread = 400;
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        try {
            AtomicBoolean writing = new AtomicBoolean(true);
            // a reader thread walks the transaction while the others write into it
            Future<Long> walker = pool.submit(() -> {
                long walks = 0;
                while (writing.get()) {
                    try (RocksIterator it = txn.getIterator()) {
                        it.seekToFirst();
                        long[] previous = {-1};
                        it.scanForward((k, v) -> {
                            long n = Long.parseLong(new String(k.toArray(ValueLayout.JAVA_BYTE)).substring(1));
                            assertTrue(n > previous[0], "keys in order");
                            previous[0] = n;
                            return true;
                        });
                        walks++;
                    }
                }
                return walks;
            });
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * perThread;
                writers.add(pool.submit(() -> {
                    for (int i = base; i < base + perThread; i++) {
                        txn.put(bytes(String.format("k%08d", i)), bytes("v" + i));
                        assertEquals("v" + i, string(txn.get(ReadOptions.DEFAULT, bytes(String.format("k%08d", i)))));
                    }
                    return null;
                }));
            }
            for (Future<?> f : writers) f.get(60, TimeUnit.SECONDS);
            writing.set(false);
            assertTrue(walker.get(60, TimeUnit.SECONDS) > 0);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(threads * perThread, txn.getNumPuts());
        txn.commit();
        txn.close();
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            assertEquals(threads * perThread, it.scanForward((k, v) -> true));
        }
    }
}
