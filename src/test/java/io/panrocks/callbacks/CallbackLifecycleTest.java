package io.panrocks.callbacks;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractEventListener;
import io.panrocks.AbstractMergeOperator;
import io.panrocks.FlushJobInfo;
import io.panrocks.MergeOperands;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.UncheckedRocksDBException;
import io.panrocks.WriteOptions;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.callbacks.Fixtures.u64;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Callbacks against the DB's life: closes during slow callbacks, closes
 * from inside them, callbacks running during the close itself, callback
 * objects released with their DB.
 */
class CallbackLifecycleTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    /** Sleeps on every entry: a compaction of n entries takes n times that. */
    static final class SlowFilter extends AbstractCompactionFilter {
        final CountDownLatch started = new CountDownLatch(1);
        final AtomicInteger calls = new AtomicInteger();
        final long sleepMillis;

        SlowFilter(long sleepMillis) {
            this.sleepMillis = sleepMillis;
        }

        @Override
        public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
            calls.incrementAndGet();
            started.countDown();
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Decision.KEEP;
        }
    }

    @Test
    void aCloseDuringACompactionThroughASlowFilterWaitsForOneCallNotTheCompaction() throws Exception {
        SlowFilter filter = new SlowFilter(20);  // 5,000 entries: 100 s to compact them all
        RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setCompactionFilter(filter));
        for (int i = 0; i < 5_000; i++) db.put(bytes("k" + i), bytes("v"));
        db.flush();
        CompletableFuture<Throwable> compaction = CompletableFuture.supplyAsync(() -> {
            try {
                db.compactRange();
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        assertTrue(filter.started.await(60, TimeUnit.SECONDS));
        long start = System.nanoTime();
        try {
            db.close();
        } catch (UncheckedRocksDBException ignored) {
            // the engine may report the aborted compaction
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds < 20, "close took " + seconds + " s");
        Throwable t = compaction.get(60, TimeUnit.SECONDS);
        assertTrue(t == null || t instanceof RocksDBException || t instanceof IllegalStateException, "" + t);
        assertTrue(filter.calls.get() < 5_000, "the compaction stopped early: " + filter.calls.get());
        try (RocksDB again = fixture.db()) {
            assertEquals("v", string(again.get(bytes("k4999"))));  // nothing lost
        }
    }

    @Test
    void aCloseFromInsideAFilterOnRocksDbsThreadIsRefusedAndDoesNotDeadlock() throws Exception {
        AtomicReference<RocksDB> self = new AtomicReference<>();
        AtomicReference<Throwable> refused = new AtomicReference<>();
        AbstractCompactionFilter closer = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                try {
                    self.get().close();
                } catch (Throwable t) {
                    refused.compareAndSet(null, t);
                }
                return Decision.KEEP;
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setCompactionFilter(closer))) {
            self.set(db);
            db.put(bytes("k"), bytes("v"));
            db.flush();
            db.compactRange();
            assertTrue(refused.get() instanceof IllegalStateException, "" + refused.get());
            assertEquals("v", string(db.get(bytes("k"))));  // still open
        }
    }

    @Test
    void aCloseFromInsideAMergeOnTheReadingThreadIsRefused() throws Exception {
        AtomicReference<RocksDB> self = new AtomicReference<>();
        AtomicReference<Throwable> refused = new AtomicReference<>();
        AbstractMergeOperator closer = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Closer";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                try {
                    self.get().close();
                } catch (Throwable t) {
                    refused.compareAndSet(null, t);
                }
                result.set(operands.get(0));
                return true;
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setMergeOperator(closer))) {
            self.set(db);
            db.merge(bytes("k"), bytes("v"));
            assertEquals("v", string(db.get(bytes("k"))));
            assertTrue(refused.get() instanceof IllegalStateException, "" + refused.get());
        }
    }

    @Test
    void aSlowMergeOrListenerDelaysACloseFromAnotherThreadWithoutBlockingIt() throws Exception {
        CountDownLatch inMerge = new CountDownLatch(1);
        AbstractMergeOperator slow = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Slow";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                inMerge.countDown();
                try {
                    Thread.sleep(1_500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                result.set(operands.get(0));
                return true;
            }
        };
        CountDownLatch inListener = new CountDownLatch(1);
        AbstractEventListener slowListener = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                inListener.countDown();
                try {
                    Thread.sleep(1_500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Options o = new Options().setCreateIfMissing(true).setMergeOperator(slow).setListeners(List.of(slowListener));
        RocksDB db = fixture.open(o);
        db.merge(bytes("k"), bytes("v"));
        CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
            try {
                return db.get(bytes("k"));
            } catch (RocksDBException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(inMerge.await(30, TimeUnit.SECONDS));
        db.close();  // waits for the read in progress
        assertEquals("v", string(read.get(30, TimeUnit.SECONDS)));
        RocksDB again = fixture.open(o);
        again.put(bytes("x"), bytes("y"));
        CompletableFuture<Void> flush = CompletableFuture.runAsync(() -> {
            try {
                again.flush();
            } catch (RocksDBException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(inListener.await(30, TimeUnit.SECONDS));
        again.close();  // waits for the flush and its listener
        try {
            flush.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            // the close stops background work first: a flush call still waiting for its job
            // may end with RocksDB's ShutdownInProgress (seen on 9.11.2), never otherwise
            RocksDBException engine = (RocksDBException) e.getCause().getCause();
            assertEquals(Status.Code.ShutdownInProgress, engine.getStatus().getCode(), engine.toString());
        }
    }

    @Test
    void callbacksStillRunDuringTheCloseItself() throws Exception {
        Fixtures.Add add = new Fixtures.Add();
        Fixtures.Recorder events = new Fixtures.Recorder();
        Options o = new Options().setCreateIfMissing(true).setMergeOperator(add).setListeners(List.of(events))
                .setAvoidFlushDuringShutdown(false);
        RocksDB db = fixture.open(o);
        WriteOptions noWal = new WriteOptions().setDisableWAL(true);
        db.merge(noWal, bytes("k"), u64(1));  // without a WAL: the close flushes it, merging
        db.merge(noWal, bytes("k"), u64(2));
        int before = events.flushes.size();
        db.close();
        assertEquals(before + 1, events.flushes.size(), "the close's flush was heard");
        try (RocksDB again = fixture.open(o)) {
            assertEquals(3, u64(again.get(bytes("k"))));
        }
    }

    @Test
    void oneCallbackObjectServesTwoDbsIndependently(@TempDir Path dir) throws Exception {
        Fixtures.Reverse shared = new Fixtures.Reverse();
        Options o = new Options().setCreateIfMissing(true).setComparator(shared);
        RocksDB a = RocksDB.open(o, dir.resolve("a"));
        try (RocksDB b = RocksDB.open(o, dir.resolve("b"))) {
            for (String k : List.of("x", "y")) {
                a.put(bytes(k), bytes(k));
                b.put(bytes(k), bytes(k));
            }
            a.close();
            b.put(bytes("z"), bytes("z"));  // a's close released a's binding only
            assertEquals(List.of("z", "y", "x"), Fixtures.keys(b));
        }
    }

    @Test
    void closingCallbackObjectsWhileTheirDbUsesThemChangesNothing() throws Exception {
        Fixtures.Reverse comparator = new Fixtures.Reverse();
        Fixtures.Add add = new Fixtures.Add();
        Fixtures.Recorder events = new Fixtures.Recorder();
        Options o = new Options().setCreateIfMissing(true).setComparator(comparator).setMergeOperator(add)
                .setListeners(List.of(events));
        try (RocksDB db = fixture.open(o)) {
            // RocksJava code closes them in try-with-resources, often before the DB
            comparator.close();
            add.close();
            events.close();
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("b"), bytes("2"));
            db.merge(bytes("n"), u64(2));
            db.merge(bytes("n"), u64(3));
            db.flush();
            assertEquals(List.of("n", "b", "a"), Fixtures.keys(db));  // still ordered by the comparator
            assertEquals(5, u64(db.get(bytes("n"))));  // still merged
            assertEquals(1, events.flushes.size());  // still heard
            assertNull(db.callbackFailure());
        }
        try (RocksDB again = fixture.open(o)) {  // the closed objects serve a new DB too
            assertEquals(5, u64(again.get(bytes("n"))));
        }
    }

    static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 100 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        return ref.get() == null;
    }

    /** Opens with a fresh comparator and merge operator; refs receives weak references to them. */
    static RocksDB openWithCallbacks(Path dir, List<WeakReference<?>> refs) throws RocksDBException {
        Fixtures.Reverse c = new Fixtures.Reverse();
        Fixtures.Add m = new Fixtures.Add();
        refs.add(new WeakReference<>(c));
        refs.add(new WeakReference<>(m));
        return RocksDB.open(new Options().setCreateIfMissing(true).setComparator(c).setMergeOperator(m), dir);
    }

    @Test
    void callbackObjectsAreReachableWhileTheDbIsOpenAndReleasedByItsClose(@TempDir Path dir) throws Exception {
        List<WeakReference<?>> refs = new java.util.ArrayList<>();
        RocksDB db = openWithCallbacks(dir, refs);
        WeakReference<?> comparator = refs.get(0), merge = refs.get(1);
        System.gc();
        db.merge(bytes("k"), u64(1));
        db.put(bytes("a"), bytes("1"));
        assertEquals(1, u64(db.get(bytes("k"))));  // both still called
        assertTrue(comparator.get() != null && merge.get() != null);
        db.close();
        assertTrue(collected(comparator), "the comparator is released with the DB");
        assertTrue(collected(merge), "the merge operator is released with the DB");
    }

    @Test
    void aFailedOpenReleasesItsCallbacks() throws Exception {
        try (RocksDB db = fixture.db()) {
            db.put(bytes("k"), bytes("v"));
        }
        WeakReference<?> comparator = failToOpen(fixture.dir());
        assertTrue(collected(comparator));
        try (RocksDB db = fixture.open(new Options())) {
            assertEquals("v", string(db.get(bytes("k"))));  // the path was not left claimed
        }
    }

    static WeakReference<?> failToOpen(Path dir) {
        Fixtures.Reverse c = new Fixtures.Reverse();
        assertThrows(RocksDBException.class, () -> RocksDB.open(new Options().setComparator(c), dir));
        return new WeakReference<>(c);
    }

    @Test
    void callbacksAreSilentOnceTheDbIsClosed() throws Exception {
        Fixtures.Reverse c = new Fixtures.Reverse();
        RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setComparator(c));
        db.put(bytes("a"), bytes("1"));
        db.put(bytes("b"), bytes("2"));
        db.close();
        int after = c.compares.get();
        System.gc();
        Thread.sleep(100);
        assertEquals(after, c.compares.get());
        assertThrows(IllegalStateException.class, () -> db.get(bytes("a")));
        assertFalse(c.compares.get() > after);
        assertNull(db.callbackFailure());
    }
}
