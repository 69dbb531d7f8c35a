package io.panrocks.safety;

import io.panrocks.FlushOptions;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.TransactionLogIterator;
import io.panrocks.WriteOptions;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 23, the WAL walk ({@link RocksDB#getUpdatesSince},
 * {@link TransactionLogIterator}): RocksDB's iterator reads the DB's
 * version set and WAL files and, over an empty list of WAL files, has no log
 * reader, which its {@code Next()} dereferences. A walk used after its DB
 * closed must throw {@link IllegalStateException}; a batch's view after the
 * walk moved or closed must throw it too; purged or unlogged updates must be
 * a {@code NotFound}, never a walk that starts later silently; a walk read
 * while other threads write and flush must show contiguous batches with the
 * bytes written.
 */
final class WalProbes {
    private WalProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // RocksDB's own iterator over no WAL file has no log reader and its Next() dereferences it:
            // with the stub's guard removed (next() always calling Next()), the native test
            // Wal.AnEmptyWalkMovesWithoutTouchingAMissingReader dies with SIGSEGV (checked on 62ba678).
            .add("next-on-a-walk-over-no-wal-file", WalProbes::nextOverNoWalFile)
            .add("used-after-the-db-closed", WalProbes::usedAfterDbClose)
            .add("db-closed-by-another-thread-mid-walk", WalProbes::dbClosedByAnotherThread)
            .add("db-closed-from-inside-iterate", WalProbes::dbClosedInsideIterate)
            .add("batch-view-after-next-and-close", WalProbes::viewAfterNextAndClose)
            .add("purged-wal-is-not-found-never-stale", WalProbes::purgedWal)
            .add("walk-while-other-threads-write-and-flush", WalProbes::walkWhileWriting);

    private static Options keeping() {
        return new Options().setCreateIfMissing(true).setWalTtlSeconds(1000).setWalSizeLimitMB(64);
    }

    private static long headerSequence(MemorySegment data) {
        return data.get(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0);
    }

    static String nextOverNoWalFile(Path dir) throws Exception {
        int moves = 0;
        // every write without the WAL: the only WAL file is empty, RocksDB lists none
        try (RocksDB db = RocksDB.open(keeping(), dir.resolve("unlogged"));
             WriteOptions noWal = new WriteOptions().setDisableWAL(true)) {
            try (TransactionLogIterator it = db.getUpdatesSince(0)) {
                for (int i = 0; i < 5; i++, moves++) it.next();
                check(!it.isValid(), () -> "an empty walk became valid");
                db.put(noWal, bytes("a"), bytes("1"));
                it.next();
                moves++;
                check(!it.isValid(), () -> "an unlogged update was handed out");
                String e = expect(RocksDBException.class, "status after an unlogged update", it::status);
                check(e.contains("NotFound") || e.contains("holds none"), () -> "status: " + e);
                it.next(); // stopped: does nothing
                moves++;
            }
            String e = expect(RocksDBException.class, "getUpdatesSince(1) of an unlogged update",
                    () -> db.getUpdatesSince(1).close());
            check(e.contains("holds none of the updates from sequence 1 to 1"), () -> e);
        }
        // a fresh DB and a flushed one without WAL retention: no WAL file with records either
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("flushed"))) {
            try (TransactionLogIterator it = db.getUpdatesSince(0)) {
                it.next();
                moves++;
                db.put(bytes("k"), bytes("v"));
                db.flush(new FlushOptions().setWaitForFlush(true));
                it.next(); // the update's WAL is gone: NotFound, not a crash and not a later batch
                moves++;
                check(!it.isValid(), () -> "a purged update was handed out");
                expect(RocksDBException.class, "status after the purge", it::status);
            }
        }
        return "OK " + moves + " moves over walks without a log reader";
    }

    static String usedAfterDbClose(Path dir) throws Exception {
        RocksDB db = RocksDB.open(keeping(), dir);
        for (int i = 0; i < 10; i++) db.put(bytes("k" + i), valueOf("k" + i, 100));
        TransactionLogIterator it = db.getUpdatesSince(1);
        TransactionLogIterator.BatchResult batch = it.getBatch();
        MemorySegment view = batch.data();
        db.close();
        List<String> seen = new ArrayList<>();
        seen.add(expect(IllegalStateException.class, "isValid", it::isValid));
        seen.add(expect(IllegalStateException.class, "next", it::next));
        seen.add(expect(IllegalStateException.class, "status", it::status));
        seen.add(expect(IllegalStateException.class, "getBatch", it::getBatch));
        seen.add(expect(IllegalStateException.class, "data", batch::data));
        seen.add(expect(IllegalStateException.class, "iterate", () -> batch.iterate((t, c, k, v) -> true)));
        seen.add(expect(IllegalStateException.class, "writeBatch", batch::writeBatch));
        seen.add(expect(IllegalStateException.class, "the kept view", () -> view.get(ValueLayout.JAVA_BYTE, 0)));
        seen.add(expect(IllegalStateException.class, "getUpdatesSince", () -> db.getUpdatesSince(1)));
        it.close();
        it.close();
        check(batch.sequenceNumber() == 1, () -> "sequence " + batch.sequenceNumber());
        return "OK " + seen.size() + " uses refused";
    }

    /** A walk on one thread, the DB closed on another: the engine waits for the walk's close. */
    static String dbClosedByAnotherThread(Path dir) throws Exception {
        int rounds = rounds(20);
        int refused = 0;
        for (int round = 0; round < rounds; round++) {
            RocksDB db = RocksDB.open(keeping(), dir.resolve("db" + round));
            for (int i = 0; i < 200; i++) db.put(bytes("k" + i), valueOf("k" + i, 64));
            CountDownLatch walking = new CountDownLatch(1);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicInteger refusals = new AtomicInteger();
            Thread walker = start("walker", failure, () -> {
                try (TransactionLogIterator it = db.getUpdatesSince(1)) {
                    long expected = 1;
                    walking.countDown();
                    while (true) {
                        try {
                            if (!it.isValid()) break;
                            TransactionLogIterator.BatchResult r = it.getBatch();
                            MemorySegment data = r.data();
                            check(r.sequenceNumber() == expected && headerSequence(data) == expected,
                                    () -> "batch " + r.sequenceNumber() + " where " + " another was expected");
                            expected++;
                            it.next();
                        } catch (IllegalStateException closed) {
                            refusals.incrementAndGet();
                            break;
                        }
                    }
                }
            });
            walking.await();
            Thread closer = start("closer", failure, db::close);
            joinAll(Duration.ofSeconds(60), walker, closer);
            rethrow(failure);
            refused += refusals.get();
            expect(IllegalStateException.class, "the closed DB", () -> db.getUpdatesSince(1));
        }
        return "OK " + rounds + " rounds, " + refused + " walks refused by the close";
    }

    static String dbClosedInsideIterate(Path dir) throws Exception {
        RocksDB db = RocksDB.open(keeping(), dir);
        try (io.panrocks.WriteBatch batch = new io.panrocks.WriteBatch()) {
            for (int i = 0; i < 50; i++) batch.put(bytes("k" + i), valueOf("k" + i, 500));
            db.write(new WriteOptions(), batch);
        }
        TransactionLogIterator it = db.getUpdatesSince(1);
        List<byte[]> values = new ArrayList<>();
        it.getBatch().iterate((type, cf, key, value) -> {
            if (values.isEmpty()) {
                db.close();  // waits for nothing: the walk's close is deferred to the end of iterate
                it.close();
            }
            values.add(value.toArray(ValueLayout.JAVA_BYTE)); // still the batch's bytes
            return true;
        });
        check(values.size() == 50, () -> values.size() + " records");
        for (int i = 0; i < 50; i++) {
            int n = i;
            checkSame(valueOf("k" + i, 500), values.get(i), "record " + n);
        }
        expect(IllegalStateException.class, "the walk after iterate", it::isValid);
        return "OK 50 records read while the DB closed";
    }

    static String viewAfterNextAndClose(Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(keeping(), dir)) {
            for (int i = 0; i < 100; i++) db.put(bytes("k" + i), valueOf("k" + i, 1000));
            TransactionLogIterator it = db.getUpdatesSince(1);
            List<MemorySegment> kept = new ArrayList<>();
            List<TransactionLogIterator.BatchResult> results = new ArrayList<>();
            while (it.isValid()) {
                TransactionLogIterator.BatchResult r = it.getBatch();
                results.add(r);
                kept.add(r.data());
                it.next();
                // churn: the freed batch's memory is reused
                byte[][] churn = new byte[16][];
                for (int j = 0; j < churn.length; j++) churn[j] = valueOf("churn" + j, 1000);
            }
            it.status();
            check(kept.size() == 100, () -> kept.size() + " batches");
            int closed = 0;
            for (MemorySegment view : kept) {
                if ("closed".equals(readKept(view, new byte[0], "a batch view after next()"))) closed++;
            }
            for (TransactionLogIterator.BatchResult r : results) {
                expect(IllegalStateException.class, "an old BatchResult's data", r::data);
            }
            it.close();
            expect(IllegalStateException.class, "getBatch after close", it::getBatch);
            int c = closed;
            check(c == kept.size(), () -> (kept.size() - c) + " views stayed open after next()");
            return "OK " + closed + " views closed by next()";
        }
    }

    static String purgedWal(Path dir) throws Exception {
        Random random = random("purged-wal-is-not-found-never-stale");
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setWalTtlSeconds(0)
                .setWalSizeLimitMB(0), dir)) {
            int found = 0, notFound = 0;
            for (int round = 0; round < rounds(20); round++) {
                long before = db.getLatestSequenceNumber();
                for (int i = random.nextInt(20) + 1; i > 0; i--) db.put(bytes("k" + i), valueOf("k" + i, 50));
                if (random.nextBoolean()) db.flush(new FlushOptions().setWaitForFlush(true));
                long latest = db.getLatestSequenceNumber();
                long from = before + 1 + random.nextInt((int) (latest - before));
                try (TransactionLogIterator it = db.getUpdatesSince(from)) {
                    // present: it must start at the batch holding `from` and run to the latest, contiguous
                    long expected = from;
                    while (it.isValid()) {
                        long s = it.getBatch().sequenceNumber();
                        long e = expected;
                        check(s == e, () -> "batch " + s + " where " + e + " was expected (from " + from + ")");
                        expected++;
                        it.next();
                    }
                    it.status();
                    long reached = expected - 1;
                    check(reached == latest, () -> "the walk ended at " + reached + ", the DB is at " + latest);
                    found++;
                } catch (RocksDBException e) {
                    check(e.getStatus().getCode() == Status.Code.NotFound, () -> "status " + e.getStatus());
                    notFound++;
                }
            }
            return "OK " + found + " walks complete, " + notFound + " purged ones NotFound";
        }
    }

    /** Writers and a flusher run while a walk follows them: batches contiguous, bytes as written. */
    static String walkWhileWriting(Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(keeping(), dir)) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                threads.add(start("writer" + w, failure, () -> {
                    for (int i = 0; !stop.get() && i < 3000; i++) {
                        String k = "w" + writer + "-" + i;
                        db.put(bytes(k), valueOf(k, 40));
                    }
                }));
            }
            threads.add(start("flusher", failure, () -> {
                while (!stop.get()) {
                    db.flush(new FlushOptions().setWaitForFlush(true));
                    Thread.sleep(20);
                }
            }));
            long next = 1, batches = 0, restarts = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (System.nanoTime() < deadline && next <= 6000) {
                try (TransactionLogIterator it = db.getUpdatesSince(Math.min(next, db.getLatestSequenceNumber()))) {
                    while (it.isValid()) {
                        TransactionLogIterator.BatchResult r = it.getBatch();
                        long s = r.sequenceNumber();
                        if (s < next) { // the batch holding next started before it: only at a restart
                            it.next();
                            continue;
                        }
                        long e = next;
                        check(s == e, () -> "batch " + s + " after " + (e - 1));
                        // a write group may log several writers' updates as one batch
                        long updates = r.iterate((type, cf, key, value) -> {
                            String k = string(key.toArray(ValueLayout.JAVA_BYTE));
                            checkSame(valueOf(k, 40), value.toArray(ValueLayout.JAVA_BYTE), "the value of " + k);
                            return true;
                        });
                        check(updates > 0 && headerSequence(r.data()) == s, () -> "an empty or mislabelled batch at " + s);
                        next += updates;
                        batches++;
                        it.next();
                    }
                    try {
                        it.status();
                    } catch (RocksDBException e) {
                        check(e.getStatus().getCode() == Status.Code.TryAgain, () -> "status " + e.getStatus());
                    }
                }
                restarts++;
            }
            stop.set(true);
            joinAll(Duration.ofSeconds(60), threads);
            rethrow(failure);
            long b = batches;
            check(b > 0, () -> "no batch read");
            return "OK " + batches + " batches in " + restarts + " walks";
        }
    }
}
