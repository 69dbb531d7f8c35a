package io.panrocks.callbacks;

import io.panrocks.AbstractEventListener;
import io.panrocks.CompactionJobInfo;
import io.panrocks.CompactionReason;
import io.panrocks.FlushJobInfo;
import io.panrocks.FlushReason;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.Status;
import io.panrocks.WriteStallCondition;
import io.panrocks.WriteStallInfo;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Java event listeners on the real engine: which events, on which threads, with what, and their rules. */
class EventListenerTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    @Test
    void flushesAndCompactionsArriveOnRocksDbsThreads() throws Exception {
        Fixtures.Recorder events = new Fixtures.Recorder();
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(events)).setDisableAutoCompactions(true);
        try (RocksDB db = fixture.open(o)) {
            for (int i = 0; i < 100; i++) db.put(bytes("k" + i), bytes("v"));
            db.flush();
            // keys among the first file's: the two level-0 files overlap, so the compaction
            // rewrites them (files that do not overlap would just be moved down)
            for (int i = 0; i < 50; i++) db.put(bytes("k" + i + "x"), bytes("v"));
            db.flush();
            db.compactRange();
            assertEquals(2, events.flushes.size());
            FlushJobInfo f = events.flushes.get(0);
            assertEquals("default", f.getColumnFamilyName());
            assertEquals(0, f.getColumnFamilyId());
            assertEquals(100, f.getNumEntries());
            assertEquals(FlushReason.MANUAL_FLUSH, f.getFlushReason());
            assertTrue(f.getFilePath().endsWith(".sst"), f.getFilePath());
            assertTrue(f.getLargestSeqno() >= f.getSmallestSeqno());
            assertFalse(events.compactions.isEmpty());  // L0 to L1, and maybe on to the last level
            CompactionJobInfo c = events.compactions.get(0);
            assertEquals(Status.Code.Ok, c.getStatus().code());
            assertEquals(CompactionReason.MANUAL_COMPACTION, c.getCompactionReason());
            assertEquals(2, c.getInputFileCount());
            assertEquals(0, c.getBaseInputLevel());
            assertEquals(1, c.getOutputFileCount());
            assertEquals(150, events.compactions.get(events.compactions.size() - 1).getOutputRecords());
            assertFalse(events.threads.contains(Thread.currentThread().getName()), events.threads::toString);
            assertSame(db, events.dbs.get(0));
            assertTrue(events.errors.isEmpty());
        }
    }

    @Test
    void stallConditionsChangeAsLevelZeroFilesPileUpAndGo() throws Exception {
        Fixtures.Recorder events = new Fixtures.Recorder();
        // two level-0 files delay writes and start a compaction, which makes them normal again
        // (RocksDB ignores the level-0 triggers when automatic compactions are off)
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(events))
                .setLevel0FileNumCompactionTrigger(2).setLevel0SlowdownWritesTrigger(2).setLevel0StopWritesTrigger(100);
        try (RocksDB db = fixture.open(o)) {
            for (int i = 0; i < 2; i++) {
                db.put(bytes("k" + i), bytes("v"));
                db.flush();
            }
            // the flush's thread reports the delay, the compaction's thread the return to normal:
            // the two deliveries may arrive in either order
            List<WriteStallInfo> stalls = events.stalls;
            for (int i = 0; i < 300 && !(hasChange(stalls, WriteStallCondition.NORMAL, WriteStallCondition.DELAYED)
                    && hasChange(stalls, WriteStallCondition.DELAYED, WriteStallCondition.NORMAL)); i++) {
                Thread.sleep(100);
            }
            assertTrue(hasChange(stalls, WriteStallCondition.NORMAL, WriteStallCondition.DELAYED), stalls::toString);
            assertTrue(hasChange(stalls, WriteStallCondition.DELAYED, WriteStallCondition.NORMAL), stalls::toString);
            for (WriteStallInfo s : stalls) assertEquals("default", s.getColumnFamilyName());
        }
    }

    static boolean hasChange(List<WriteStallInfo> stalls, WriteStallCondition from, WriteStallCondition to) {
        return stalls.stream().anyMatch(s -> s.getPreviousCondition() == from && s.getCurrentCondition() == to);
    }

    @Test
    void aThrowingListenerIsIgnoredAndTheNextOneStillHears() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        AbstractEventListener quiet = new AbstractEventListener() {};
        AbstractEventListener thrower = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                calls.incrementAndGet();
                throw new IllegalStateException("listener boom");
            }
        };
        Fixtures.Recorder after = new Fixtures.Recorder();
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(quiet, thrower, after));
        try (RocksDB db = fixture.open(o)) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
            db.put(bytes("j"), bytes("v"));
            db.flush();
            assertEquals(2, calls.get());
            assertEquals(2, after.flushes.size());  // the next listener still hears it
            assertEquals("listener boom", db.callbackFailure().getMessage());
            db.put(bytes("x"), bytes("v"));
        }
    }

    @Test
    void aListenerCallingItsOwnDbIsRefusedButMayHandTheWorkOff() throws Exception {
        AtomicReference<Throwable> direct = new AtomicReference<>();
        CompletableFuture<Long> handedOff = new CompletableFuture<>();
        ExecutorService executor = Executors.newSingleThreadExecutor();
        AbstractEventListener listener = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                try {
                    db.getLongProperty("rocksdb.estimate-num-keys");
                } catch (Throwable t) {
                    direct.set(t);
                }
                executor.submit(() -> {
                    try {
                        handedOff.complete(db.getLongProperty("rocksdb.estimate-num-keys"));
                    } catch (Throwable t) {
                        handedOff.completeExceptionally(t);
                    }
                });
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setListeners(List.of(listener)))) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
            assertEquals(1L, handedOff.get(30, TimeUnit.SECONDS));
            assertTrue(direct.get() instanceof IllegalStateException, "" + direct.get());
            assertNull(db.callbackFailure());  // caught inside the listener
        } finally {
            executor.shutdown();
        }
    }

    @Test
    void listenersOfTwoDbsHearTheirOwnDb(@TempDir Path dir) throws Exception {
        Fixtures.Recorder shared = new Fixtures.Recorder();
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(shared));
        try (RocksDB a = RocksDB.open(o, dir.resolve("a")); RocksDB b = RocksDB.open(o, dir.resolve("b"))) {
            a.put(bytes("k"), bytes("v"));
            a.flush();
            b.put(bytes("k"), bytes("v"));
            b.flush();
            assertEquals(List.of(a, b), shared.dbs);
            assertNotEquals(shared.flushes.get(0).getFilePath(), shared.flushes.get(1).getFilePath());
        }
    }
}
