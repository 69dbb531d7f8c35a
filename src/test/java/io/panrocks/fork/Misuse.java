package io.panrocks.fork;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.MultiGet;
import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child JVM of the misuse suite: runs one misuse (args[0]) that crashes or
 * corrupts memory under a careless binding, and prints "OK <what happened>"
 * when panrocks turned it into the expected Java exception. Any other
 * outcome exits non-zero; a crash leaves an hs_err file, which the parent
 * also checks for.
 */
public final class Misuse {
    public interface Scenario {
        String run(Path dir) throws Exception;
    }

    public static final Map<String, Scenario> SCENARIOS = Map.ofEntries(
            Map.entry("db-used-after-close", Misuse::dbUsedAfterClose),
            Map.entry("iterator-outlives-db", Misuse::iteratorOutlivesDb),
            Map.entry("snapshot-outlives-db", Misuse::snapshotOutlivesDb),
            Map.entry("pinned-value-outlives-db", Misuse::pinnedOutlivesDb),
            Map.entry("pinned-segment-after-close", Misuse::pinnedSegmentAfterClose),
            Map.entry("closed-in-reverse-order", Misuse::closedInReverseOrder),
            Map.entry("close-under-concurrent-calls", Misuse::closeUnderConcurrentCalls),
            Map.entry("closed-batch", Misuse::closedBatch),
            Map.entry("closed-column-family-handle", Misuse::closedColumnFamilyHandle),
            Map.entry("key-from-closed-arena", Misuse::keyFromClosedArena),
            Map.entry("pinned-value-on-another-thread", Misuse::pinnedOnAnotherThread),
            Map.entry("close-inside-reader", Misuse::closeInsideReader),
            Map.entry("handle-of-another-db", Misuse::handleOfAnotherDb),
            Map.entry("key-larger-than-engine-limit", Misuse::keyTooLarge),
            Map.entry("forgotten-objects", Misuse::forgottenObjects),
            Map.entry("released-snapshot-under-readers", Misuse::releasedSnapshotUnderReaders),
            Map.entry("double-close-everything", Misuse::doubleCloseEverything));

    public static void main(String[] args) throws Exception {
        Scenario s = SCENARIOS.get(args[0]);
        if (s == null) throw new IllegalArgumentException("unknown scenario " + args[0]);
        Path dir = Files.createTempDirectory("panrocks-misuse");
        System.out.println("OK " + s.run(dir));
    }

    static RocksDB open(Path dir) throws RocksDBException {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir);
        for (int i = 0; i < 100; i++) db.put(bytes("key" + i), new byte[5000 + i]);
        db.flush();
        return db;
    }

    /** Runs action and returns the simple name of what it threw, or fails if it threw nothing or something else. */
    static String expect(Class<? extends Throwable> type, ThrowingRunnable action) {
        try {
            action.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) return type.getSimpleName() + ": " + t.getMessage();
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + t, t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + " but nothing was thrown");
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    static String dbUsedAfterClose(Path dir) throws Exception {
        RocksDB db = open(dir);
        db.close();
        expect(IllegalStateException.class, () -> db.put(bytes("k"), bytes("v")));
        expect(IllegalStateException.class, db::newIterator);
        expect(IllegalStateException.class, () -> db.getPinned(bytes("key1")));
        expect(IllegalStateException.class, () -> db.multiGetAsList(List.of(bytes("key1"))));
        return expect(IllegalStateException.class, () -> db.get(bytes("key1")));
    }

    static String iteratorOutlivesDb(Path dir) throws Exception {
        RocksDB db = open(dir);
        RocksIterator it = db.newIterator();
        it.seekToFirst();
        MemorySegment key = it.key();
        db.close();
        expect(IllegalStateException.class, () -> key.get(ValueLayout.JAVA_BYTE, 0));
        expect(IllegalStateException.class, it::isValid);
        return expect(IllegalStateException.class, it::next);
    }

    static String snapshotOutlivesDb(Path dir) throws Exception {
        RocksDB db = open(dir);
        Snapshot s = db.getSnapshot();
        ReadOptions at = new ReadOptions().setSnapshot(s);
        db.close();
        s.close();
        return expect(IllegalStateException.class, () -> db.get(at, bytes("key1")));
    }

    static String pinnedOutlivesDb(Path dir) throws Exception {
        RocksDB db = open(dir);
        PinnedValue v = db.getPinned(bytes("key3"));
        MemorySegment bytes = v.value();
        db.close();
        return expect(IllegalStateException.class, () -> bytes.get(ValueLayout.JAVA_BYTE, 100));
    }

    static String pinnedSegmentAfterClose(Path dir) throws Exception {
        try (RocksDB db = open(dir)) {
            PinnedValue v = db.getPinned(bytes("key3"));
            MemorySegment bytes = v.value();
            v.close();
            expect(IllegalStateException.class, v::value);
            return expect(IllegalStateException.class, () -> bytes.get(ValueLayout.JAVA_BYTE, 100));
        }
    }

    static String closedInReverseOrder(Path dir) throws Exception {
        RocksDB db = open(dir);
        ColumnFamilyHandle cf = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf")));
        Snapshot s = db.getSnapshot();
        RocksIterator it = db.newIterator(cf);
        PinnedValue v = db.getPinned(bytes("key1"));
        MultiGet m = db.newMultiGet();
        m.add(bytes("key2"));
        m.executePinned();
        WriteBatch batch = new WriteBatch().put(bytes("a"), bytes("b"));
        db.close(); // the DB first: it releases its children itself
        it.close();
        s.close();
        v.close();
        m.close();
        cf.close();
        batch.close();
        expect(IllegalStateException.class, it::seekToFirst);
        expect(IllegalStateException.class, () -> m.value(0));
        if (!cf.isReleased()) throw new AssertionError("the handle outlived its DB");
        return expect(IllegalStateException.class, () -> batch.put(bytes("a"), bytes("b")));
    }

    static String closeUnderConcurrentCalls(Path dir) throws Exception {
        RocksDB db = open(dir);
        int threads = 4;
        CountDownLatch started = new CountDownLatch(threads);
        AtomicReference<Throwable> unexpected = new AtomicReference<>();
        AtomicLong calls = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int kind = t;
            workers.add(new Thread(() -> {
                started.countDown();
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment buffer = arena.allocate(8192);
                    while (true) {
                        switch (kind) {
                            case 0 -> db.get(bytes("key" + calls.get() % 100));
                            case 1 -> {
                                try (RocksIterator it = db.newIterator()) {
                                    for (it.seekToFirst(); it.isValid(); it.next()) it.value().get(ValueLayout.JAVA_BYTE, 0);
                                }
                            }
                            case 2 -> db.multiGetAsList(List.of(bytes("key1"), bytes("key2"), bytes("key3")));
                            default -> {
                                try (PinnedValue v = db.getPinned(bytes("key7"))) {
                                    v.value().get(ValueLayout.JAVA_BYTE, 4999);
                                }
                                db.get(bytes("key8"), new byte[16]);
                                db.get(MemorySegment.ofArray(bytes("key9")), buffer);
                                db.put(bytes("w" + calls.get()), bytes("v"));
                            }
                        }
                        calls.incrementAndGet();
                    }
                } catch (IllegalStateException closed) {
                    // the only acceptable way out
                } catch (Throwable e) {
                    unexpected.compareAndSet(null, e);
                }
            }));
        }
        workers.forEach(Thread::start);
        started.await();
        Thread.sleep(300);
        db.close();
        for (Thread w : workers) w.join(10_000);
        if (unexpected.get() != null) throw new AssertionError(unexpected.get());
        for (Thread w : workers) if (w.isAlive()) throw new AssertionError("a worker did not stop");
        return "IllegalStateException in every worker after " + calls.get() + " calls";
    }

    static String closedBatch(Path dir) throws Exception {
        try (RocksDB db = open(dir)) {
            WriteBatch batch = new WriteBatch();
            batch.put(bytes("k"), bytes("v"));
            batch.close();
            expect(IllegalStateException.class, () -> batch.put(bytes("k"), bytes("v")));
            return expect(IllegalStateException.class, () -> db.write(WriteOptions.DEFAULT, batch));
        }
    }

    static String closedColumnFamilyHandle(Path dir) throws Exception {
        try (RocksDB db = open(dir)) {
            ColumnFamilyHandle cf = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf")));
            db.put(cf, bytes("k"), bytes("v"));
            db.dropColumnFamily(cf);
            cf.close();
            expect(IllegalStateException.class, () -> db.put(cf, bytes("k"), bytes("v")));
            return expect(IllegalStateException.class, () -> db.get(cf, bytes("k")));
        }
    }

    static String keyFromClosedArena(Path dir) throws Exception {
        try (RocksDB db = open(dir)) {
            MemorySegment key;
            try (Arena arena = Arena.ofConfined()) {
                key = arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("key1"));
            }
            expect(IllegalStateException.class, () -> db.put(key, key));
            return expect(IllegalStateException.class, () -> db.get(key, MemorySegment.ofArray(new byte[8])));
        }
    }

    static String pinnedOnAnotherThread(Path dir) throws Exception {
        try (RocksDB db = open(dir); PinnedValue v = db.getPinned(bytes("key5"))) {
            AtomicReference<String> seen = new AtomicReference<>();
            Thread other = new Thread(() -> {
                seen.set(expect(WrongThreadException.class, () -> v.value().get(ValueLayout.JAVA_BYTE, 0)));
                expect(WrongThreadException.class, v::close);
            });
            other.start();
            other.join();
            return seen.get();
        }
    }

    static String closeInsideReader(Path dir) throws Exception {
        try (RocksDB db = open(dir)) {
            String r = expect(IllegalStateException.class, () -> db.get(bytes("key1"), s -> {
                db.close();
                return null;
            }));
            if (db.get(bytes("key1")) == null) throw new AssertionError("the DB must still work");
            return r;
        }
    }

    static String handleOfAnotherDb(Path dir) throws Exception {
        try (RocksDB a = open(dir.resolve("a")); RocksDB other = open(dir.resolve("b"))) {
            ColumnFamilyHandle cf = a.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf")));
            return expect(IllegalArgumentException.class, () -> other.get(cf, bytes("key1")));
        }
    }

    static String keyTooLarge(Path dir) throws Exception {
        try (RocksDB db = open(dir); Arena arena = Arena.ofConfined()) {
            MemorySegment small = arena.allocate(16);
            // a view claiming 5 GiB: must be refused before the engine sees it
            MemorySegment huge = MemorySegment.ofAddress(small.address()).reinterpret(5L << 30);
            return expect(IllegalArgumentException.class, () -> db.put(huge, small));
        }
    }

    static String forgottenObjects(Path dir) throws Exception {
        makeGarbage(dir);
        // whatever order the Cleaner takes them in, every forgotten object ends
        // up released, and with the last one the engine closes and frees its lock
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        for (int attempt = 0;; attempt++) {
            System.gc();
            Thread.sleep(100);
            try (RocksDB again = RocksDB.open(new io.panrocks.DBOptions(), dir, List.of(
                    new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("forgotten"))), handles)) {
                if (again.get(bytes("key1")) == null) throw new AssertionError("data lost");
                break;
            } catch (RocksDBException locked) {
                if (attempt == 100) throw new AssertionError("the forgotten DB never closed", locked);
            }
        }
        int released = io.panrocks.internal.Leaks.releasedByCleaner();
        if (released < 1) throw new AssertionError("no warning about the forgotten objects");
        return "the forgotten DB and its objects were released (" + released + " warnings), its lock is free";
    }

    private static void makeGarbage(Path dir) throws Exception {
        RocksDB db = open(dir);
        db.getSnapshot();
        db.createColumnFamily(new ColumnFamilyDescriptor(bytes("forgotten")));
        db.newIterator().seekToFirst();
        db.getPinned(bytes("key1"));
        new WriteBatch().put(bytes("x"), bytes("y"));
        db.newMultiGet().add(bytes("key1"));
    }

    static String releasedSnapshotUnderReaders(Path dir) throws Exception {
        try (RocksDB db = open(dir)) {
            AtomicReference<Throwable> unexpected = new AtomicReference<>();
            AtomicLong rejected = new AtomicLong();
            for (int round = 0; round < 200; round++) {
                Snapshot s = db.getSnapshot();
                ReadOptions at = new ReadOptions().setSnapshot(s);
                Thread reader = new Thread(() -> {
                    try {
                        for (int i = 0; i < 1000; i++) db.get(at, bytes("key" + i % 100));
                    } catch (IllegalStateException released) {
                        rejected.incrementAndGet();
                    } catch (Throwable t) {
                        unexpected.compareAndSet(null, t);
                    }
                });
                reader.start();
                s.close();
                reader.join();
            }
            if (unexpected.get() != null) throw new AssertionError(unexpected.get());
            return "IllegalStateException in " + rejected.get() + " of 200 readers racing a snapshot release";
        }
    }

    static String doubleCloseEverything(Path dir) throws Exception {
        RocksDB db = open(dir);
        Snapshot s = db.getSnapshot();
        RocksIterator it = db.newIterator();
        PinnedValue v = db.getPinned(bytes("key1"));
        WriteBatch batch = new WriteBatch();
        for (int i = 0; i < 2; i++) {
            s.close();
            it.close();
            v.close();
            batch.close();
            db.close();
        }
        return expect(IllegalStateException.class, it::seekToFirst);
    }
}
