package io.panrocks.safety;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.DBOptions;
import io.panrocks.MultiGet;
import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Probes beyond the list of misuse classes: what an attacker of this API would try
 * next. Same rules: each in its own JVM; a crash, a hang, a wrong result
 * or an unpromised exception fails it. Each says how it fares today.
 */
final class AttackerProbes {
    private AttackerProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): after the visitor throws, key() still shows the entry where the
            // scan started (its pointer may be into a block the iterator has let go of)
            // while the engine's iterator stands at the end of the batch: next() skips
            // the entries in between.
            .add("iterator-after-a-visitor-threw", AttackerProbes::visitorThrows)
            // At b64ec9b (before the fix): passes, the lenient way: the other thread's close throws
            // IllegalStateException ("RecordBatch is being written to a channel; close it
            // afterwards"), the write completes with the right bytes, a later close works.
            // (Deferring the close, as inside the channel, would be the consistent rule.)
            .add("close-batch-from-another-thread-during-a-write", AttackerProbes::closeBatchDuringWrite)
            // At b64ec9b (before the fix): the DB's close defers to the write, but nothing finishes the close when
            // the write ends: the batch stays open and the path stays locked until the user
            // closes the batch.
            .add("close-db-from-another-thread-during-a-write", AttackerProbes::closeDbDuringWrite)
            // At b64ec9b and still at c0cd4f9: a PinnedValue whose small value was copied into
            // the caller's buffer ignores close(): value() works after it (its javadoc says it
            // throws), and another thread's close returns normally.
            .add("adaptive-copied-value-after-close", AttackerProbes::adaptiveCopied)
            // At b64ec9b and still at c0cd4f9: a zero byte in a raw option value ends the C
            // string: every option after it is silently dropped (here error_if_exists, so an
            // existing DB opens).
            .add("zero-byte-in-an-option-value", AttackerProbes::zeroByteInOption)
            // At b64ec9b: once, the JVM aborted ("pure virtual method called"; an overflow in
            // a finally block can skip a frame's pin release, and the close destroyed the
            // engine before the still-pinned frame). At b64ec9b and still at c0cd4f9: a few
            // of the overflows that hit a downcall come out as AssertionError("should not
            // reach here"), the generated binding's wrapper around the StackOverflowError.
            .add(Probe.of("stack-overflow-inside-callbacks", dir -> stackOverflow(dir, true)).withJvmFlags("-Xmx256m", "-Xss512k"))
            // At b64ec9b and still at c0cd4f9: the overflow can hit the static initializer of
            // a binding's lazy holder class (panrocks_h$panrocks_pin_release ...):
            // NoClassDefFoundError "Could not initialize class", and that binding is dead for
            // the rest of the process.
            .add(Probe.of("stack-overflow-during-first-use", dir -> stackOverflow(dir, false)).withJvmFlags("-Xmx256m", "-Xss512k"))
            .add("column-family-closed-and-dropped-under-load", AttackerProbes::familyUnderLoad)
            .add("write-batch-of-a-dropped-family", AttackerProbes::batchOfDroppedFamily)
            .add("iterator-bounds-survive-read-options-churn", AttackerProbes::boundsSurviveChurn)
            .add("objects-of-a-closed-db-on-its-reopened-path", AttackerProbes::objectsOfClosedDb)
            .add("forgotten-db-while-another-thread-iterates", AttackerProbes::forgottenDbWhileIterating)
            .add("cleaner-racing-explicit-closes", AttackerProbes::cleanerRacingCloses)
            .add("interrupted-threads", AttackerProbes::interrupts)
            .add("multiget-of-100k-keys", AttackerProbes::hugeMultiGet)
            .add("snapshot-released-under-its-iterator", AttackerProbes::snapshotReleasedUnderIterator)
            .add("batch-views-read-while-another-thread-closes", AttackerProbes::batchReadersVsClose)
            .add("options-mutated-during-opens", AttackerProbes::optionsMutatedDuringOpen)
            .add("virtual-threads", AttackerProbes::virtualThreads);

    static String key(int i) {
        return String.format("key-%05d", i);
    }

    static RocksDB fill(Path dir, String name, int keys, int valueSize) throws RocksDBException {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setWriteBufferSize(8 << 20), dir.resolve(name));
        for (int i = 0; i < keys; i++) db.put(bytes(key(i)), valueOf(key(i), valueSize));
        db.flush();
        return db;
    }

    // ---- iterators -----------------------------------------------------------------------

    static String visitorThrows(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 2000, 100);
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes(key(10)));
            int[] calls = {0};
            try {
                it.scanForward((k, v) -> {
                    if (++calls[0] == 50) throw new IllegalStateException("visitor gives up");
                    return true;
                });
                throw new WrongResult("the visitor's exception did not come out of scanForward");
            } catch (IllegalStateException expected) {
                check("visitor gives up".equals(expected.getMessage()), () -> "scanForward threw " + expected);
            }
            // now the iterator must be consistent: where it stands is what next() moves from
            // (or it may refuse further use with IllegalStateException)
            try {
                for (int step = 0; step < 5 && it.isValid(); step++) {
                    String here = string(it.keyBytes());
                    checkSame(valueOf(here, 100), it.valueBytes(), "value() of " + here + " after the visitor threw");
                    it.next();
                    if (!it.isValid()) break;
                    String next = string(it.keyBytes());
                    int h = Integer.parseInt(here.substring(4)), n = Integer.parseInt(next.substring(4));
                    check(n == h + 1, () -> "after the visitor threw, the iterator showed " + here + " and next() went to "
                            + next + " (entries skipped)");
                }
            } catch (IllegalStateException refused) {
                return "after the visitor threw, the iterator refused further use: " + refused.getMessage();
            }
            String pos = it.isValid() ? string(it.keyBytes()) : "invalid";
            return "after the visitor threw, the iterator stood consistently (at " + pos + ")";
        } finally {
            db.close();
        }
    }

    static String boundsSurviveChurn(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 500, 50);
        ReadOptions ro = new ReadOptions().setIterateLowerBound(bytes(key(100))).setIterateUpperBound(bytes(key(150)));
        try (RocksIterator it = db.newIterator(ro); RocksIterator back = db.newIterator(ro)) {
            it.seekToFirst();
            back.seekToLast();
            check(string(it.keyBytes()).equals(key(100)) && string(back.keyBytes()).equals(key(149)), () -> "bounds at creation");
            // change the options the iterators were made with, and evict the thread's native copies
            ro.setIterateUpperBound(bytes(key(400))).setIterateLowerBound((byte[]) null);
            for (int round = 0; round < 50; round++) {
                for (int n = 0; n < 8; n++) {
                    ReadOptions other = new ReadOptions().setIterateUpperBound(bytes(key(n))).setFillCache(n % 2 == 0);
                    db.get(other, bytes(key(n)));
                }
                db.get(ro, bytes(key(round)));
                if (round % 10 == 0) gc();
            }
            int count = 1;
            while (true) {
                it.next();
                if (!it.isValid()) break;
                count++;
                String k = string(it.keyBytes());
                check(k.compareTo(key(150)) < 0, () -> "the upper bound no longer held: " + k);
            }
            int c = count;
            check(count == 50, () -> "the bounded walk saw " + c + " keys, not 50");
            int backwards = 1;
            while (true) {
                back.prev();
                if (!back.isValid()) break;
                backwards++;
                String k = string(back.keyBytes());
                check(k.compareTo(key(100)) >= 0, () -> "the lower bound no longer held: " + k);
            }
            int bw = backwards;
            check(backwards == 50, () -> "the backward walk saw " + bw + " keys");
        }
        db.close();
        return "bounds held after the ReadOptions changed and the thread's native copies were evicted";
    }

    static String snapshotReleasedUnderIterator(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 1000, 100);
        Snapshot s = db.getSnapshot();
        RocksIterator it = db.newIterator(new ReadOptions().setSnapshot(s));
        it.seekToFirst();
        s.close();
        for (int i = 0; i < 1000; i++) db.put(bytes(key(i)), bytes("overwritten"));
        db.flush();
        db.compactRange();
        int n = 0;
        for (; it.isValid(); it.next(), n++) {
            String k = string(it.keyBytes());
            checkSame(valueOf(k, 100), it.valueBytes(), "the snapshot's value of " + k);
        }
        int seen = n;
        check(n == 1000, () -> "the iterator saw " + seen + " of 1000 keys");
        it.close();
        db.close();
        return "an iterator kept its snapshot's view after the snapshot was released, overwritten, flushed and compacted";
    }

    // ---- channels ------------------------------------------------------------------------

    /** A channel that sends slowly, so that other threads act during the write; records what it got. */
    static final class SlowChannel implements WritableByteChannel {
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final CountDownLatch writing = new CountDownLatch(1);
        final CountDownLatch proceed = new CountDownLatch(1);

        @Override
        public int write(ByteBuffer src) {
            writing.countDown();
            try {
                if (!proceed.await(20, TimeUnit.SECONDS)) throw new IllegalStateException("never told to proceed");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            byte[] bytes = new byte[src.remaining()];
            src.get(bytes);
            received.writeBytes(bytes);
            return bytes.length;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    static byte[] values(int n, int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) out.writeBytes(valueOf(key(i), size));
        return out.toByteArray();
    }

    static String closeBatchDuringWrite(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 300, 4000);
        RecordBatch batch = db.newRecordCursor(null, new ReadOptions()).next(300, 1L << 30);
        SlowChannel channel = new SlowChannel();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong written = new AtomicLong();
        Thread writer = start("writer", failure, () -> written.set(batch.writeValuesTo(channel)));
        check(channel.writing.await(20, TimeUnit.SECONDS), () -> "the write started");
        AtomicReference<Throwable> closeFailure = new AtomicReference<>();
        Thread closer = start("closer", closeFailure, batch::close);
        closer.join(500); // a close may wait for the write, return at once (deferred), or refuse
        channel.proceed.countDown();
        joinAll(Duration.ofSeconds(30), writer, closer);
        rethrow(failure);
        checkSame(values(300, 4000), channel.received.toByteArray(), "the bytes written while another thread closed the batch");
        String how;
        if (closeFailure.get() == null) {
            check(!batch.isOpen(), () -> "the batch is open after the close and the write both returned");
            how = "the close was deferred to the end of the write";
        } else {
            check(closeFailure.get() instanceof IllegalStateException, () -> "the refused close threw " + closeFailure.get());
            check(batch.isOpen(), () -> "the close was refused, yet the batch is closed");
            batch.close(); // refused during the write, it must work afterwards
            check(!batch.isOpen(), () -> "the batch closes once the write is over");
            how = "the close during the write was refused (" + closeFailure.get().getMessage() + ") and worked afterwards";
        }
        db.close();
        return written.get() + " bytes written correctly; " + how;
    }

    static String closeDbDuringWrite(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 300, 4000);
        RecordBatch batch = db.newRecordCursor(null, new ReadOptions()).next(300, 1L << 30);
        SlowChannel channel = new SlowChannel();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = start("writer", failure, () -> batch.writeValuesTo(channel));
        check(channel.writing.await(20, TimeUnit.SECONDS), () -> "the write started");
        AtomicReference<Throwable> closeFailure = new AtomicReference<>();
        Thread closer = start("closer", closeFailure, db::close);
        joinAll(Duration.ofSeconds(20), closer);
        if (closeFailure.get() != null) throw new WrongResult("the DB's close during a channel write threw " + closeFailure.get());
        check(!db.isOpen(), () -> "the DB refuses new calls once close returned");
        channel.proceed.countDown();
        joinAll(Duration.ofSeconds(30), writer);
        rethrow(failure);
        checkSame(values(300, 4000), channel.received.toByteArray(), "the bytes written while the DB closed");
        check(!batch.isOpen(), () -> "the write ended, but its batch is still open: the DB's close never finished");
        try (RocksDB again = RocksDB.open(new Options(), dir.resolve("db"))) {
            check(again.get(bytes(key(1))) != null, () -> "reopened");
        } catch (RocksDBException e) {
            throw new WrongResult("the write ended, but the path does not reopen: " + e.getMessage());
        }
        return "the DB's close waited for the write, which sent the right bytes; then the engine closed";
    }

    // ---- pins -----------------------------------------------------------------------------

    static String adaptiveCopied(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 10, 100);
        try (Arena arena = Arena.ofConfined()) {
            PinnedValue v = db.getAdaptive(new ReadOptions(), bytes(key(3)), arena.allocate(4096));
            check(!v.isPinned(), () -> "a 100-byte value is copied");
            checkSame(valueOf(key(3), 100), v.toByteArray(), "the copied value");
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            joinAll(Duration.ofSeconds(10), start("foreign", thrown, v::close));
            check(thrown.get() instanceof WrongThreadException, () -> "another thread's close of an open PinnedValue: "
                    + (thrown.get() == null ? "returned normally" : thrown.get()));
            v.close();
            expect(IllegalStateException.class, "value() after close (the class promises it)", v::value);
        }
        db.close();
        return "a copied adaptive value follows the PinnedValue contract";
    }

    // ---- options ---------------------------------------------------------------------------

    static String zeroByteInOption(Path dir) throws Exception {
        Path path = dir.resolve("db");
        RocksDB.open(new Options().setCreateIfMissing(true), path).close();
        Options options = new Options();
        try {
            options.setRawDBOption("db_log_dir", "logs\u0000");
        } catch (IllegalArgumentException refused) {
            return "a zero byte in an option value is refused: " + refused.getMessage();
        }
        options.setErrorIfExists(true);
        try (RocksDB db = RocksDB.open(options, path)) {
            throw new WrongResult("a zero byte in one option value silently dropped the options after it: "
                    + "error_if_exists=true, yet the existing DB opened");
        } catch (RocksDBException e) {
            return "error_if_exists still applied: " + e.getMessage();
        }
    }

    // ---- stack overflow -------------------------------------------------------------------

    static int depth;

    static void recurse(RocksDB db) throws RocksDBException {
        depth++;
        db.get(bytes(key(depth % 10)), s -> {
            try {
                recurse(db);
            } catch (RocksDBException e) {
                throw new IllegalStateException(e);
            }
            return null;
        });
    }

    static String stackOverflow(Path dir, boolean warm) throws Exception {
        RocksDB db = fill(dir, "db", 10, 2000); // 2000 bytes: above the adaptive threshold, so the reads pin
        if (warm) {
            // every binding the recursion uses is initialized before the first overflow
            check(db.get(bytes(key(1)), s -> s.byteSize()) == 2000, () -> "a scoped read");
            try (PinnedValue v = db.getPinned(bytes(key(2)))) {
                check(v.size() == 2000, () -> "a pinned read");
            }
        }
        int overflows = 0, wrapped = 0;
        int rounds = 150;
        for (int round = 0; round < rounds; round++) {
            depth = 0;
            try {
                // a varying stack depth before the recursion moves the overflow point
                padStack(round % 23, () -> recurse(db));
            } catch (StackOverflowError expected) {
                overflows++;
            } catch (AssertionError e) {
                if (!(e.getCause() instanceof StackOverflowError)) throw e;
                wrapped++; // the generated binding's "should not reach here" around the overflow
            }
        }
        System.out.println("overflows: " + overflows + ", wrapped in AssertionError: " + wrapped);
        check(db.get(bytes(key(1))) != null, () -> "the DB still reads after the overflows");
        System.out.println("closing from another thread");
        // the close from another thread must not wait forever for this one
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread closer = start("closer", failure, db::close);
        joinAll(Duration.ofSeconds(20), closer);
        rethrow(failure);
        System.out.println("closed");
        check(!db.isOpen(), () -> "closed");
        try (RocksDB again = RocksDB.open(new Options(), dir.resolve("db"))) {
            check(again.get(bytes(key(1))) != null, () -> "reopened");
        }
        int w = wrapped;
        check(wrapped == 0, () -> w + " of " + rounds + " stack overflows came out as AssertionError(\"should not reach here\")"
                + " wrapped around the StackOverflowError");
        return overflows + " stack overflows inside nested scoped reads; the DB still closed from another thread";
    }

    static void padStack(int n, Action action) throws Exception {
        if (n == 0) action.run();
        else padStack(n - 1, action);
    }

    // ---- column families ----------------------------------------------------------------------

    static String familyUnderLoad(Path dir) throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir.resolve("db"), List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("cf"))), handles);
        ColumnFamilyHandle cf = handles.get(1);
        for (int i = 0; i < 2000; i++) db.put(cf, bytes(key(i)), valueOf(key(i), 200));
        db.flush(cf);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong ok = new AtomicLong(), refused = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        RocksIterator early = db.newIterator(cf);
        early.seekToFirst();
        for (int t = 0; t < 3; t++) {
            int kind = t;
            threads.add(start("user-" + t, failure, () -> {
                Random r = new Random(kind);
                while (!stop.get()) {
                    int i = r.nextInt(2000);
                    try {
                        switch (kind) {
                            case 0 -> {
                                byte[] v = db.get(cf, bytes(key(i)));
                                if (v != null) checkSame(valueOf(key(i), 200), v, "value of " + key(i));
                            }
                            case 1 -> db.put(cf, bytes(key(i)), valueOf(key(i), 200));
                            default -> {
                                try (RocksIterator it = db.newIterator(cf)) {
                                    it.seek(bytes(key(i)));
                                    for (int n = 0; n < 20 && it.isValid(); n++, it.next()) {
                                        checkSame(valueOf(string(it.keyBytes()), 200), it.valueBytes(), "iterated value");
                                    }
                                }
                            }
                        }
                        ok.incrementAndGet();
                    } catch (IllegalStateException | RocksDBException closedOrDropped) {
                        refused.incrementAndGet();
                    }
                }
            }));
        }
        Thread.sleep(300);
        db.dropColumnFamily(cf);
        Thread.sleep(300);
        cf.close();
        Thread.sleep(300);
        stop.set(true);
        joinAll(Duration.ofSeconds(20), threads);
        rethrow(failure);
        int n = 0;
        for (; early.isValid(); early.next()) {
            checkSame(valueOf(string(early.keyBytes()), 200), early.valueBytes(), "an iterator made before the drop");
            n++;
        }
        early.close();
        int walked = n;
        check(walked == 2000, () -> "an iterator made before the drop walked " + walked + " of 2000");
        db.close();
        try (RocksDB again = RocksDB.open(new Options(), dir.resolve("db"))) {
            check(again.get(bytes(key(1))) == null, () -> "nothing of the dropped family leaked into the default one");
        }
        return ok.get() + " calls worked and " + refused.get() + " were refused while the family was dropped and its"
                + " handle closed; an earlier iterator read all of it";
    }

    static String batchOfDroppedFamily(Path dir) throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir.resolve("db"), List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("a"))), handles);
        ColumnFamilyHandle a = handles.get(1);
        WriteBatch batch = new WriteBatch().put(a, bytes("x"), bytes("for a")).put(bytes("y"), bytes("for default"));
        db.dropColumnFamily(a);
        ColumnFamilyHandle b2 = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("b")));
        List<String> outcomes = new ArrayList<>();
        try {
            db.write(new WriteOptions(), batch);
            outcomes.add("written");
        } catch (RocksDBException | IllegalStateException | IllegalArgumentException e) {
            outcomes.add(e.getClass().getSimpleName());
        }
        a.close();
        try {
            db.write(new WriteOptions(), batch);
            outcomes.add("written after close");
        } catch (RocksDBException | IllegalStateException | IllegalArgumentException e) {
            outcomes.add(e.getClass().getSimpleName());
        }
        check(db.get(b2, bytes("x")) == null, () -> "the dropped family's update landed in the family created after it");
        check(db.get(bytes("x")) == null, () -> "the dropped family's update landed in the default family");
        db.close();
        return "a batch for a dropped family: " + outcomes + "; no update reached another family";
    }

    static String objectsOfClosedDb(Path dir) throws Exception {
        Path path = dir.resolve("db");
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        List<ColumnFamilyDescriptor> families = List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("cf")));
        RocksDB old = RocksDB.open(options, path, families, handles);
        ColumnFamilyHandle oldCf = handles.get(1);
        old.put(oldCf, bytes("k"), bytes("old"));
        Snapshot oldSnapshot = old.getSnapshot();
        ReadOptions atOld = new ReadOptions().setSnapshot(oldSnapshot);
        WriteBatch bound = new WriteBatch().put(oldCf, bytes("k"), bytes("through old handle"));
        MultiGet oldMultiGet = old.newMultiGet(oldCf);
        old.close();
        List<ColumnFamilyHandle> fresh = new ArrayList<>();
        try (RocksDB db = RocksDB.open(options, path, families, fresh)) {
            List<String> refused = new ArrayList<>();
            refused.add(refuse("the old handle", () -> db.get(oldCf, bytes("k"))));
            refused.add(refuse("the old handle (put)", () -> db.put(oldCf, bytes("k"), bytes("x"))));
            refused.add(refuse("the old snapshot", () -> db.get(atOld, bytes("k"))));
            refused.add(refuse("an iterator with the old snapshot", () -> db.newIterator(atOld)));
            refused.add(refuse("a batch bound to the old handle", () -> db.write(new WriteOptions(), bound)));
            refused.add(refuse("the old MultiGet", () -> {
                oldMultiGet.add(bytes("k"));
                oldMultiGet.executePinned();
            }));
            checkSame(bytes("old"), db.get(fresh.get(1), bytes("k")), "the value, untouched by the refused calls");
            return "objects of the closed DB were refused by the reopened one: " + refused;
        }
    }

    static String refuse(String what, Action action) {
        try {
            action.run();
        } catch (IllegalStateException | IllegalArgumentException e) {
            return e.getClass().getSimpleName();
        } catch (Throwable t) {
            throw new WrongResult(what + " of a closed DB, used on the reopened DB: " + t);
        }
        throw new WrongResult(what + " of a closed DB was accepted by the DB reopened at its path");
    }

    // ---- forgotten objects and the Cleaner -----------------------------------------------------

    static String forgottenDbWhileIterating(Path dir) throws Exception {
        fill(dir, "db", 500, 300).close();
        AtomicReference<RocksDB> box = new AtomicReference<>(RocksDB.open(new Options(), dir.resolve("db")));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch created = new CountDownLatch(1);
        AtomicInteger read = new AtomicInteger();
        AtomicBoolean refused = new AtomicBoolean();
        Thread reader = start("reader", failure, () -> {
            RocksDB db = box.getAndSet(null);
            PinnedValue pin = db.getPinned(bytes(key(7)));
            RocksIterator it = db.newIterator();
            db = null; // from here on, nobody holds the RocksDB
            try (it; pin) {
                it.seekToFirst();
                created.countDown();
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (System.nanoTime() < until) {
                    // the pin stays good: the engine waits for this thread's objects
                    checkSame(valueOf(key(7), 300), pin.toByteArray(), "a pin of the forgotten DB");
                    try {
                        if (!it.isValid()) it.seekToFirst();
                        String k = string(it.keyBytes());
                        checkSame(valueOf(k, 300), it.valueBytes(), "value of " + k);
                        read.incrementAndGet();
                        it.next();
                    } catch (IllegalStateException closed) {
                        refused.set(true);
                        break;
                    }
                }
            }
        });
        check(created.await(20, TimeUnit.SECONDS), () -> "the reader started");
        while (reader.isAlive()) {
            gc();
            reader.join(50);
        }
        joinAll(Duration.ofSeconds(30), reader);
        rethrow(failure);
        for (int attempt = 0;; attempt++) {
            gc();
            try (RocksDB again = RocksDB.open(new Options(), dir.resolve("db"))) {
                check(again.get(bytes(key(5))) != null, () -> "reopened");
                break;
            } catch (RocksDBException locked) {
                if (attempt == 50) throw new WrongResult("the forgotten DB never closed after its iterator did: " + locked.getMessage());
                Thread.sleep(50);
            }
        }
        return "the reader read " + read.get() + " entries, then " + (refused.get() ? "got IllegalStateException (the"
                + " Cleaner closed the forgotten DB)" : "stopped") + "; after its iterator closed, the path reopened";
    }

    static String cleanerRacingCloses(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 500, 1000);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong forgotten = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        int rounds = rounds(6_000);
        for (int t = 0; t < 2; t++) {
            int seed = t;
            threads.add(start("user-" + t, failure, () -> {
                Random r = new Random(seed);
                for (int i = 0; i < rounds; i++) {
                    String k = key(r.nextInt(500));
                    boolean forget = r.nextInt(4) == 0;
                    switch (r.nextInt(3)) {
                        case 0 -> {
                            RocksIterator it = db.newIterator();
                            it.seek(bytes(k));
                            it.value().get(ValueLayout.JAVA_BYTE, 0);
                            if (!forget) it.close();
                        }
                        case 1 -> {
                            PinnedValue v = db.getPinned(bytes(k));
                            v.value().get(ValueLayout.JAVA_BYTE, 0);
                            if (!forget) v.close();
                        }
                        default -> {
                            RecordBatch batch = db.newRecordCursor(null, new ReadOptions()).next(3, 1 << 20);
                            batch.value(0).get(ValueLayout.JAVA_BYTE, 0);
                            if (!forget) batch.close();
                        }
                    }
                    if (forget) forgotten.incrementAndGet();
                }
            }));
        }
        threads.add(start("collector", failure, () -> {
            while (!stop.get()) {
                System.gc();
                Thread.sleep(40);
            }
        }));
        joinAll(Duration.ofSeconds(50), threads.subList(0, 2));
        stop.set(true);
        joinAll(Duration.ofSeconds(10), threads);
        rethrow(failure);
        db.close();
        try (RocksDB again = RocksDB.open(new Options(), dir.resolve("db"))) {
            check(again.get(bytes(key(5))) != null, () -> "reopened");
        }
        return 2 * rounds + " iterators, pins and record batches, " + forgotten.get()
                + " of them forgotten while a thread collected garbage; the DB closed fully";
    }

    // ---- interrupts -----------------------------------------------------------------------------

    static String interrupts(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 500, 2000);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong calls = new AtomicLong(), byInterrupt = new AtomicLong(), flagLost = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            int kind = t;
            threads.add(start("worker-" + t, failure, () -> {
                Random r = new Random(kind);
                Path file = dir.resolve("sink-" + kind);
                while (!stop.get()) {
                    boolean interruptedBefore = Thread.currentThread().isInterrupted();
                    try {
                        switch (kind) {
                            case 0 -> {
                                String k = key(r.nextInt(500));
                                checkSame(valueOf(k, 2000), db.get(bytes(k)), "value of " + k);
                                db.put(bytes(k), valueOf(k, 2000));
                            }
                            case 1 -> {
                                try (RocksIterator it = db.newIterator()) {
                                    it.seekToFirst();
                                    it.scanForward((k, v) -> v.byteSize() == 2000);
                                }
                            }
                            default -> {
                                try (RecordBatch batch = db.newRecordCursor(null, new ReadOptions()).next(50, 1 << 20);
                                     FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE,
                                             StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                                    batch.writeValuesTo(out);
                                }
                            }
                        }
                        calls.incrementAndGet();
                        if (interruptedBefore && !Thread.currentThread().isInterrupted()) flagLost.incrementAndGet();
                    } catch (ClosedByInterruptException e) {
                        byInterrupt.incrementAndGet();
                    }
                    Thread.interrupted();
                }
            }));
        }
        Random r = new Random(42);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (System.nanoTime() < until) {
            threads.get(r.nextInt(threads.size())).interrupt();
            Thread.sleep(0, 200_000);
        }
        stop.set(true);
        joinAll(Duration.ofSeconds(20), threads);
        rethrow(failure);
        check(flagLost.get() == 0, () -> "panrocks cleared a thread's interrupt status " + flagLost.get() + " times");
        db.close();
        try (RocksDB again = RocksDB.open(new Options(), dir.resolve("db"))) {
            check(again.get(bytes(key(5))) != null, () -> "reopened");
        }
        return calls.get() + " calls under interrupts (" + byInterrupt.get() + " channel writes ended by them);"
                + " no interrupt status lost; the DB closed fully";
    }

    // ---- sizes ---------------------------------------------------------------------------

    static String hugeMultiGet(Path dir) throws Exception {
        int keys = rounds(100_000);
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
        try (WriteBatch batch = new WriteBatch()) {
            for (int i = 0; i < keys; i += 2) batch.put(bytes(key(i)), bytes("v" + i));
            db.write(new WriteOptions().setDisableWAL(true), batch);
        }
        long start = System.nanoTime();
        try (MultiGet m = db.newMultiGet(); Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < keys; i++) m.add(bytes(key(i)));
            m.execute(arena.allocate(8L * keys));
            for (int i = 0; i < keys; i++) {
                int at = i;
                if (i % 2 == 0) checkSame(bytes("v" + i), m.valueAsBytes(i), "MultiGet value " + i);
                else check(!m.isFound(i), () -> "key " + at + " is absent");
            }
            m.executePinned();
            for (int i = 0; i < keys; i += 1001) {
                if (i % 2 == 0) checkSame(bytes("v" + i), m.value(i).toArray(ValueLayout.JAVA_BYTE), "pinned value " + i);
            }
        }
        List<byte[]> all = new ArrayList<>();
        for (int i = 0; i < keys; i++) all.add(bytes(key(i)));
        List<byte[]> values = db.multiGetAsList(all);
        for (int i = 0; i < keys; i++) {
            int at = i;
            if (i % 2 == 0) checkSame(bytes("v" + i), values.get(i), "multiGetAsList value " + i);
            else check(values.get(i) == null, () -> "multiGetAsList key " + at + " is absent");
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        db.close();
        return "MultiGet and multiGetAsList of " + keys + " keys in " + millis + " ms";
    }

    // ---- record batches shared between threads ------------------------------------------------------

    static String batchReadersVsClose(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 400, 1500);
        int rounds = rounds(1500);
        AtomicReference<RecordBatch> current = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        // rounds are handed over by spinning, not with a barrier: see the interrupts below
        AtomicInteger published = new AtomicInteger(), taken = new AtomicInteger();
        AtomicLong closedSeen = new AtomicLong(), reads = new AtomicLong(), interrupts = new AtomicLong();
        Thread reader = ProbeSupport.start("reader", failure, () -> {
            for (int round = 1; round <= rounds; round++) {
                while (published.get() < round) Thread.onSpinWait();
                RecordBatch batch = current.get();
                taken.set(round);
                try {
                    for (int i = 0; i < batch.size(); i++) {
                        String k = string(batch.key(i).toArray(ValueLayout.JAVA_BYTE));
                        checkSame(valueOf(k, 1500), batch.value(i).toArray(ValueLayout.JAVA_BYTE), "batch value of " + k);
                        reads.incrementAndGet();
                    }
                } catch (IllegalStateException closed) {
                    closedSeen.incrementAndGet();
                }
                // JDK 25: closing a shared arena under a thread's access can leave that thread's
                // interrupt status set (a JDK effect, counted and reported, not failed)
                if (Thread.interrupted()) interrupts.incrementAndGet();
            }
        });
        io.panrocks.RecordCursor cursor = db.newRecordCursor(null, new ReadOptions());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int round = 1; round <= rounds && failure.get() == null; round++) {
            RecordBatch batch = cursor.next(20, 1 << 20);
            if (batch.isEmpty()) {
                cursor.seekToFirst();
                batch = cursor.next(20, 1 << 20);
            }
            current.set(batch);
            published.set(round);
            while (taken.get() < round && failure.get() == null && reader.isAlive()) {
                if (System.nanoTime() > deadline) throw new Hang("the reader stopped taking batches\n" + allStacks());
                Thread.onSpinWait();
            }
            for (int spin = round % 50; spin > 0; spin--) Thread.onSpinWait();
            batch.close();
        }
        joinAll(Duration.ofSeconds(20), reader);
        rethrow(failure);
        db.close();
        return rounds + " batches closed while another thread read them: " + reads.get() + " correct reads, "
                + closedSeen.get() + " IllegalStateExceptions, nothing else (the JDK set the reader's interrupt status "
                + interrupts.get() + " times)";
    }

    // ---- options shared while mutated ------------------------------------------------------------------

    static String optionsMutatedDuringOpen(Path dir) throws Exception {
        Options options = new Options().setCreateIfMissing(true);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread mutator = start("mutator", failure, () -> {
            Random r = new Random(1);
            while (!stop.get()) {
                options.setWriteBufferSize((1 + r.nextInt(8)) << 20);
                options.setMaxOpenFiles(100 + r.nextInt(100));
                options.setRawDBOption("max_file_opening_threads", Integer.toString(1 + r.nextInt(8)));
                options.setLevel0FileNumCompactionTrigger(2 + r.nextInt(4));
            }
        });
        int opened = 0, refused = 0;
        List<String> odd = new ArrayList<>();
        for (int i = 0; i < rounds(30); i++) {
            try (RocksDB db = RocksDB.open(options, dir.resolve("db"))) {
                db.put(bytes("k"), bytes("v"));
                opened++;
            } catch (RocksDBException | java.util.ConcurrentModificationException e) {
                refused++;
                if (odd.size() < 3) odd.add(e.toString());
            }
        }
        stop.set(true);
        joinAll(Duration.ofSeconds(10), mutator);
        rethrow(failure);
        return opened + " opens with options another thread kept changing" + (refused > 0 ? ", " + refused + " refused: " + odd : "");
    }

    // ---- virtual threads ----------------------------------------------------------------------------------

    static String virtualThreads(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 100, 500);
        int threads = rounds(10_000);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger done = new AtomicInteger();
        long start = System.nanoTime();
        CountDownLatch all = new CountDownLatch(threads);
        for (int i = 0; i < threads; i++) {
            int n = i;
            Thread.ofVirtual().start(() -> {
                try {
                    String k = key(n % 100);
                    checkSame(valueOf(k, 500), db.get(bytes(k)), "value of " + k);
                    try (PinnedValue v = db.getPinned(bytes(k))) {
                        v.value().get(ValueLayout.JAVA_BYTE, 0);
                    }
                    done.incrementAndGet();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                } finally {
                    all.countDown();
                }
            });
        }
        if (!all.await(40, TimeUnit.SECONDS)) {
            throw new Hang(done.get() + " of " + threads + " virtual threads finished a get and a pinned get in 40 s");
        }
        rethrow(failure);
        long millis = (System.nanoTime() - start) / 1_000_000;
        long closeStart = System.nanoTime();
        db.close();
        long closeMillis = (System.nanoTime() - closeStart) / 1_000_000;
        check(millis < 30_000, () -> threads + " virtual threads took " + millis + " ms for one read each");
        return threads + " virtual threads read once each in " + millis + " ms; the DB closed in " + closeMillis + " ms";
    }
}
