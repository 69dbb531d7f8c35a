package io.panrocks.safety;

import io.panrocks.MultiGet;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RecordCursor;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Snapshot;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Issue 11, class 5: closes that must finish. Closing snapshots (and
 * MultiGets) on several threads at once, or while the Cleaner releases
 * forgotten ones, must not deadlock; closing a DB while another thread
 * closes its record batches must leave the DB fully closed (its path
 * reopens in the same process) every time. Rounds scale with
 * {@code -Dpanrocks.test.scale}.
 */
final class CloseHangProbes {
    private CloseHangProbes() {
    }

    /** Generous: the healthy runs take a few seconds. */
    static final Duration LIMIT = Duration.ofSeconds(30);

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): deadlock within milliseconds: each close enters the DB and then
            // waits (awaitQuiescence) for every other thread inside a call, and the
            // other closers are inside theirs (DbChild.Token.releaseByUser).
            .add("four-threads-closing-snapshots", CloseHangProbes::fourThreadsClosingSnapshots)
            // At b64ec9b (before the fix): deadlock between the thread's close and the Cleaner's release
            // of a forgotten snapshot or MultiGet, each waiting for the other to leave its call.
            .add("forgotten-snapshots-and-multigets-with-gc", dir -> forgetful(dir, 0))
            .add("forgotten-snapshots-beside-two-closers", dir -> forgetful(dir, 2))
            // At b64ec9b (before the fix): in some rounds the DB never finishes closing (a batch released by
            // its own close is also counted as deferred), so the path cannot be reopened;
            // and a batch's close sometimes throws IllegalStateException ("being written
            // to a channel") because the DB's close holds the batch's lock.
            .add("db-close-racing-batch-closes", CloseHangProbes::dbCloseRacingBatchCloses);

    static RocksDB small(Path dir) throws RocksDBException {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
        for (int i = 0; i < 100; i++) db.put(bytes("k" + i), valueOf("k" + i, 200));
        return db;
    }

    static String fourThreadsClosingSnapshots(Path dir) throws Exception {
        RocksDB db = small(dir);
        int perThread = rounds(3000);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        CyclicBarrier gate = new CyclicBarrier(4);
        for (int t = 0; t < 4; t++) {
            threads.add(start("closer-" + t, failure, () -> {
                gate.await();
                for (int i = 0; i < perThread; i++) db.getSnapshot().close();
            }));
        }
        joinAll(LIMIT, threads);
        rethrow(failure);
        db.close();
        return "4 threads took and closed " + perThread + " snapshots each";
    }

    /** One thread forgets every tenth snapshot and MultiGet and collects garbage now and then; closers close theirs. */
    static String forgetful(Path dir, int closers) throws Exception {
        RocksDB db = small(dir);
        int n = rounds(10_000);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        threads.add(start("forgetful", failure, () -> {
            for (int i = 0; i < n; i++) {
                Snapshot s = db.getSnapshot();
                if (i % 10 != 0) s.close();
                if (i % 10 == 5) {
                    MultiGet m = db.newMultiGet();
                    m.add(bytes("k1"));
                    m.executePinned();
                    if (i % 20 != 5) m.close();
                }
                if (i % 500 == 0) System.gc();
            }
            stop.set(true);
        }));
        for (int c = 0; c < closers; c++) {
            threads.add(start("closer-" + c, failure, () -> {
                while (!stop.get()) db.getSnapshot().close();
            }));
        }
        joinAll(LIMIT, threads);
        rethrow(failure);
        gc();
        db.close();
        return n + " snapshots, a tenth forgotten, with garbage collections" + (closers > 0 ? ", beside " + closers
                + " threads closing theirs" : "");
    }

    static String dbCloseRacingBatchCloses(Path dir) throws Exception {
        int rounds = rounds(100);
        Random random = random("db-close-racing-batch-closes");
        int threw = 0, neverClosed = 0, leftOpen = 0;
        String firstThrow = null, firstLock = null;
        for (int round = 0; round < rounds; round++) {
            // a path per round, so that a DB that never closes does not stop the probe
            Path path = dir.resolve("db-" + round);
            // a small write buffer: RocksDB preallocates 1.1 times it for each WAL
            RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setWriteBufferSize(1 << 20), path);
            for (int i = 0; i < 40; i++) db.put(bytes(String.format("r%04d-%03d", round, i)), valueOf("v" + i, 300));
            RecordCursor cursor = db.newRecordCursor(null, new ReadOptions());
            List<RecordBatch> batches = new ArrayList<>();
            for (int i = 0; i < 8; i++) batches.add(cursor.next(5, 1 << 20));
            Collections.shuffle(batches, random);
            CyclicBarrier gate = new CyclicBarrier(2);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            int spin = random.nextInt(2000);
            Thread closer = start("batch-closer", failure, () -> {
                gate.await();
                for (RecordBatch b : batches) b.close();
            });
            gate.await();
            for (int i = 0; i < spin; i++) Thread.onSpinWait();
            db.close();
            joinAll(Duration.ofSeconds(20), closer);
            if (failure.get() != null) {
                threw++;
                if (firstThrow == null) firstThrow = failure.get().toString();
            }
            for (RecordBatch b : batches) if (b.isOpen()) leftOpen++;
            try (RocksDB again = RocksDB.open(new Options(), path)) {
                int at = round;
                check(again.get(bytes(String.format("r%04d-%03d", round, 7))) != null, () -> "round " + at + ": data lost");
            } catch (RocksDBException e) {
                neverClosed++;
                if (firstLock == null) firstLock = e.getMessage();
            }
        }
        if (threw + neverClosed + leftOpen > 0) {
            throw new WrongResult("of " + rounds + " rounds of a DB close racing its batches' closes: in " + neverClosed
                    + " the DB never finished closing (its path did not reopen" + (firstLock == null ? "" : ": " + firstLock)
                    + "); in " + threw + " a batch's close threw" + (firstThrow == null ? "" : " (" + firstThrow + ")")
                    + "; " + leftOpen + " batches stayed open");
        }
        return rounds + " rounds of a DB close racing its batches' closes: every batch closed, every DB closed fully";
    }
}
