package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * RocksJava 11's {@link RocksDB#abortAllCompactions()} and
 * {@link RocksDB#resumeAllCompactions()}, and {@link FlushOptions#setListenerWait}
 * (RocksDB 11.8): on the real engine, with their error paths, and refused
 * with {@link UnsupportedOperationException} on an older engine.
 */
class AbortAllCompactionsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    static int level0Files(RocksDB db) throws RocksDBException {
        return Integer.parseInt(db.getProperty("rocksdb.num-files-at-level0"));
    }

    /** Writes files level-0 files, each rewriting the same 200 keys. */
    static void level0(RocksDB db, int files, String tag) throws RocksDBException {
        for (int f = 0; f < files; f++) {
            for (int i = 0; i < 200; i++) db.put(bytes("k" + i), bytes(tag + f + "-" + i));
            db.flush(new FlushOptions().setAllowWriteStall(true));
        }
    }

    @Test
    void aManualCompactionFailsWithCompactionAbortedUntilAsManyResumes() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        try (Options options = new Options().setCreateIfMissing(true).setDisableAutoCompactions(true);
             RocksDB db = fixture.open(options)) {
            level0(db, 3, "v");
            db.abortAllCompactions();
            db.abortAllCompactions();
            for (int resumes = 0; resumes < 2; resumes++) {
                RocksDBException e = assertThrows(RocksDBException.class, () -> db.compactRange());
                assertEquals(Status.Code.Incomplete, e.getStatus().getCode(), e::toString);
                assertEquals(Status.SubCode.CompactionAborted, e.getStatus().getSubCode(), e::toString);
                assertEquals(3, level0Files(db), "nothing compacted, no partial output installed");
                // reads are untouched
                assertArrayEquals(bytes("v2-7"), db.get(bytes("k7")));
                db.resumeAllCompactions();
            }
            db.compactRange();
            assertEquals(0, level0Files(db));
            assertArrayEquals(bytes("v2-7"), db.get(bytes("k7")));
            // a resume without an abort before it is a no-op: compactions keep running
            db.resumeAllCompactions();
            level0(db, 2, "w");
            db.compactRange();
            assertEquals(0, level0Files(db));
            assertArrayEquals(bytes("w1-199"), db.get(bytes("k199")));
        }
    }

    @Test
    void automaticCompactionsWaitWhileAbortedAndRunAfterTheResume() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        try (Options options = new Options().setCreateIfMissing(true).setLevel0FileNumCompactionTrigger(2)
                .setLevel0SlowdownWritesTrigger(100).setLevel0StopWritesTrigger(200);
             RocksDB db = fixture.open(options)) {
            db.abortAllCompactions();
            level0(db, 6, "a");
            Thread.sleep(300);
            assertEquals(6, level0Files(db), "flushes go on, no compaction runs while aborted");
            db.resumeAllCompactions();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (level0Files(db) >= 2 && System.nanoTime() < deadline) Thread.sleep(20);
            assertTrue(level0Files(db) < 2, "the automatic compaction ran after the resume: " + level0Files(db));
            assertArrayEquals(bytes("a5-3"), db.get(bytes("k3")));
        }
    }

    @Test
    void anAbortWaitsForARunningCompactionAndLeavesTheDataIntact() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        try (Options options = new Options().setCreateIfMissing(true).setDisableAutoCompactions(true);
             RocksDB db = fixture.open(options)) {
            byte[] value = new byte[1000];
            for (int f = 0; f < 4; f++) {
                for (int i = 0; i < 20_000; i++) db.put(bytes(String.format("key%06d", i)), value);
                db.flush(new FlushOptions().setAllowWriteStall(true));
            }
            java.util.concurrent.atomic.AtomicReference<String> outcome = new java.util.concurrent.atomic.AtomicReference<>();
            Thread compaction = new Thread(() -> {
                try {
                    db.compactRange();
                    outcome.set("finished");
                } catch (RocksDBException e) {
                    outcome.set(e.getStatus().getCode() + "/" + e.getStatus().getSubCode() + ": " + e.getMessage());
                }
            });
            compaction.start();
            Thread.sleep(20);
            db.abortAllCompactions();
            // the abort returned: no compaction runs any more, so the manual one has ended, either way
            compaction.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(compaction.isAlive());
            System.out.println("[abort] the manual compaction under an abort: " + outcome.get());
            // one in flight is cancelled as a manual one (ManualCompactionPaused); one that starts after the
            // abort fails with CompactionAborted (the test above)
            assertTrue(outcome.get().equals("finished") || outcome.get().startsWith("Incomplete/CompactionAborted")
                    || outcome.get().startsWith("Incomplete/ManualCompactionPaused"), "finished or aborted, nothing else: " + outcome);
            db.resumeAllCompactions();
            for (int i = 0; i < 20_000; i += 997) assertEquals(1000, db.get(bytes(String.format("key%06d", i))).length);
            db.compactRange();
            assertEquals(0, level0Files(db));
        }
    }

    @Test
    void refusedOnAClosedDbAndOnAnOlderEngine() throws Exception {
        RocksDB db;
        try (Options options = new Options().setCreateIfMissing(true)) {
            db = RocksDB.open(options, dir);
            if (!EngineVersion.atLeast(11, 0)) {
                assertThrows(UnsupportedOperationException.class, db::abortAllCompactions);
                assertThrows(UnsupportedOperationException.class, db::resumeAllCompactions);
            }
            db.close();
        }
        assertThrows(IllegalStateException.class, db::abortAllCompactions);
        assertThrows(IllegalStateException.class, db::resumeAllCompactions);
    }

    @Test
    void anAbortInsideACallbackIsRefusedInsteadOfWaitingForItself() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        AtomicBoolean refused = new AtomicBoolean();
        RocksDB[] holder = new RocksDB[1];
        AbstractEventListener listener = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                try {
                    holder[0].abortAllCompactions();
                } catch (IllegalStateException e) {
                    refused.set(true);
                }
            }
        };
        try (Options options = new Options().setCreateIfMissing(true).setListeners(java.util.List.of(listener));
             RocksDB db = fixture.open(options)) {
            holder[0] = db;
            db.put(bytes("k"), bytes("v"));
            db.flush(new FlushOptions().setListenerWait(EngineVersion.atLeast(11, 8)));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!refused.get() && System.nanoTime() < deadline) Thread.sleep(10);
            assertTrue(refused.get(), "abortAllCompactions from a listener: IllegalStateException");
            db.compactRange();  // not left aborted
        }
    }

    @Test
    void aFlushWithListenerWaitReturnsAfterTheListenerHasReturned() throws Exception {
        AtomicInteger completed = new AtomicInteger();
        AbstractEventListener slow = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                completed.incrementAndGet();
            }
        };
        try (Options options = new Options().setCreateIfMissing(true).setListeners(java.util.List.of(slow));
             RocksDB db = fixture.open(options)) {
            FlushOptions listenerWait = new FlushOptions().setListenerWait(true);
            assertTrue(listenerWait.listenerWait());
            assertFalse(new FlushOptions().listenerWait(), "RocksJava's default: false");
            if (!EngineVersion.atLeast(11, 8)) {
                db.put(bytes("k"), bytes("v"));
                assertThrows(UnsupportedOperationException.class, () -> db.flush(listenerWait));
                assertEquals("0", db.getProperty("rocksdb.num-files-at-level0"), "nothing flushed");
                return;
            }
            for (int round = 1; round <= 3; round++) {
                db.put(bytes("k" + round), bytes("v"));
                db.flush(listenerWait);
                assertEquals(round, completed.get(), "the listener of flush " + round + " has returned");
            }
            // without waitForFlush, listenerWait has no effect: the call returns at once
            db.put(bytes("late"), bytes("v"));
            db.flush(new FlushOptions().setWaitForFlush(false).setListenerWait(true));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (completed.get() < 4 && System.nanoTime() < deadline) Thread.sleep(10);
            assertEquals(4, completed.get());
        }
    }
}
