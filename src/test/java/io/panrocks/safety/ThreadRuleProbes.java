package io.panrocks.safety;

import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RecordCursor;
import io.panrocks.RocksDB;
import io.panrocks.internal.Leaks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Issue 11, class 7: the thread rules the guarantees page promises. A
 * pinned value belongs to its reading thread: another thread's close
 * throws {@link WrongThreadException}, every time, and changes nothing.
 * A record batch may be closed from anywhere, any number of times, also
 * by two threads at once: both closes return normally, and nothing leaks.
 */
final class ThreadRuleProbes {
    private ThreadRuleProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): the first foreign close throws WrongThreadException (from the
            // view's arena), the second returns normally and releases the pin.
            .add("pinned-value-foreign-close", dir -> foreignClose(dir, false))
            .add("adaptive-pinned-value-foreign-close", dir -> foreignClose(dir, true))
            // At b64ec9b (before the fix): in some rounds one of the two closes throws IllegalStateException
            // ("RecordBatch is being written to a channel; close it afterwards"): the
            // loser of the batch's tryLock takes the other close for a channel write.
            .add("two-threads-closing-one-batch", ThreadRuleProbes::twoClosers);

    static String foreignClose(Path dir, boolean adaptive) throws Exception {
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
             Arena arena = Arena.ofConfined()) {
            byte[] value = valueOf("big", 20_000);
            db.put(bytes("big"), value);
            db.flush();
            PinnedValue v = adaptive ? db.getAdaptive(new ReadOptions(), bytes("big"), arena.allocate(4096)) : db.getPinned(bytes("big"));
            check(v.isPinned(), () -> "a 20 KB value comes back pinned");
            MemorySegment view = v.value();
            for (int attempt = 1; attempt <= 2; attempt++) {
                AtomicReference<Throwable> thrown = new AtomicReference<>();
                Thread t = start("foreign", thrown, v::close);
                joinAll(Duration.ofSeconds(10), t);
                int at = attempt;
                check(thrown.get() instanceof WrongThreadException, () -> "foreign close #" + at + " of an open PinnedValue: "
                        + (thrown.get() == null ? "returned normally" : thrown.get().toString()) + ", expected WrongThreadException");
            }
            for (int n = 0; n < 200; n++) db.get(bytes("big"));
            checkSame(value, v.toByteArray(), "the PinnedValue after refused foreign closes");
            checkSame(value, view.toArray(ValueLayout.JAVA_BYTE), "its kept view after refused foreign closes");
            v.close();
            expect(IllegalStateException.class, "the view after the owner's close", () -> view.get(ValueLayout.JAVA_BYTE, 0));
            return "2 foreign closes threw WrongThreadException; the owner read its bytes and closed";
        }
    }

    static String twoClosers(Path dir) throws Exception {
        int rounds = rounds(3000);
        int released = Leaks.releasedByCleaner();
        Path path = dir.resolve("db");
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), path);
        for (int i = 0; i < 100; i++) db.put(bytes(String.format("k%03d", i)), valueOf("k" + i, 500));
        RecordCursor cursor = db.newRecordCursor(null, new ReadOptions());
        AtomicReference<RecordBatch> current = new AtomicReference<>();
        CyclicBarrier ready = new CyclicBarrier(3), done = new CyclicBarrier(3);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger threw = new AtomicInteger();
        List<String> first = new ArrayList<>();
        List<Thread> closers = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            closers.add(start("closer-" + t, failure, () -> {
                for (int round = 0; round < rounds; round++) {
                    ready.await();
                    try {
                        current.get().close();
                    } catch (RuntimeException e) {
                        if (threw.getAndIncrement() == 0) {
                            synchronized (first) {
                                first.add(e.toString());
                            }
                        }
                    }
                    done.await();
                }
            }));
        }
        for (int round = 0; round < rounds; round++) {
            RecordBatch batch = cursor.next(10, 1 << 20);
            if (batch.isEmpty()) {
                cursor.seekToFirst();
                batch = cursor.next(10, 1 << 20);
            }
            current.set(batch);
            ready.await(10, java.util.concurrent.TimeUnit.SECONDS);
            done.await(10, java.util.concurrent.TimeUnit.SECONDS);
            int at = round;
            RecordBatch closed = batch;
            check(!closed.isOpen(), () -> "round " + at + ": the batch is open after two closes returned");
        }
        joinAll(Duration.ofSeconds(20), closers);
        rethrow(failure);
        db.close();
        try (RocksDB again = RocksDB.open(new Options(), path)) {
            check(again.get(bytes("k007")) != null, () -> "the reopened DB reads");
        }
        int warnings = Leaks.releasedByCleaner() - released;
        check(threw.get() == 0, () -> "in " + threw.get() + " of " + rounds + " rounds a close of a batch another"
                + " thread was closing threw: " + first);
        check(warnings == 0, () -> warnings + " objects were left to the Cleaner");
        return rounds + " rounds of two threads closing one batch: every close returned, the DB closed fully";
    }
}
