package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Writers, readers (get, pinned, scoped, MultiGet, iterators, bulk scans)
 * and batch writers hammer one DB while another thread keeps closing and
 * reopening it. Every call either works or fails with
 * IllegalStateException (closed); nothing crashes; and at the end the DB
 * holds exactly the last acknowledged value of every key.
 */
class StressTest {
    static final long SECONDS = Long.getLong("panrocks.stress.seconds", 25);
    static final int KEYS_PER_WRITER = 200;

    @TempDir
    Path dir;

    /** A value names its key and a version, so readers can check any value they see. */
    static byte[] value(byte[] key, long version) {
        return ByteBuffer.allocate(key.length + 8 + (int) (version % 300)).put(key).putLong(version).array();
    }

    static void checkValue(byte[] key, MemorySegment value) {
        if (value.byteSize() < key.length + 8) throw new AssertionError("short value for " + new String(key));
        byte[] prefix = value.asSlice(0, key.length).toArray(ValueLayout.JAVA_BYTE);
        if (!java.util.Arrays.equals(prefix, key)) throw new AssertionError("value of another key under " + new String(key));
    }

    static byte[] key(int writer, int k) {
        return String.format("w%d-%04d", writer, k).getBytes();
    }

    @Test
    void mixedLoadWhileTheDbClosesAndReopens() throws Exception {
        Options options = new Options().setCreateIfMissing(true).setWriteBufferSize(1 << 20);
        AtomicReference<RocksDB> current = new AtomicReference<>(RocksDB.open(options, dir));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong operations = new AtomicLong(), rejected = new AtomicLong(), reopens = new AtomicLong();
        int writers = 2;
        List<ConcurrentHashMap<Integer, Long>> acknowledged = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();

        for (int w = 0; w < writers; w++) {
            ConcurrentHashMap<Integer, Long> acks = new ConcurrentHashMap<>();
            acknowledged.add(acks);
            final int writer = w;
            threads.add(worker("writer-" + w, stop, failure, rejected, () -> {
                Random r = new Random(writer);
                long version = 0;
                while (!stop.get()) {
                    RocksDB db = current.get();
                    int k = r.nextInt(KEYS_PER_WRITER);
                    version++;
                    try {
                        if (version % 4 == 0) {
                            int k2 = (k + 1) % KEYS_PER_WRITER;
                            try (WriteBatch batch = new WriteBatch()) {
                                batch.put(key(writer, k), value(key(writer, k), version))
                                        .put(key(writer, k2), value(key(writer, k2), version));
                                db.write(WriteOptions.DEFAULT, batch);
                            }
                            acks.put(k, version);
                            acks.put(k2, version);
                        } else {
                            db.put(key(writer, k), value(key(writer, k), version));
                            acks.put(k, version);
                        }
                        operations.incrementAndGet();
                    } catch (IllegalStateException closed) {
                        rejected.incrementAndGet();
                    } catch (RocksDBException e) {
                        // a write stalled (its memtables full) when the close began: the close
                        // cancels background work first, and RocksDB ends the stall with
                        // ShutdownInProgress ("stalled writes"); the write did not happen
                        if (e.getStatus().code() != Status.Code.ShutdownInProgress) throw e;
                        rejected.incrementAndGet();
                    }
                }
            }));
        }
        for (int t = 0; t < 3; t++) {
            final int kind = t;
            threads.add(worker("reader-" + t, stop, failure, rejected, () -> {
                Random r = new Random(100 + kind);
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment buffer = arena.allocate(4096);
                    while (!stop.get()) {
                        RocksDB db = current.get();
                        byte[] key = key(r.nextInt(writers), r.nextInt(KEYS_PER_WRITER));
                        try {
                            switch ((kind + (int) (operations.get() % 7)) % 7) {
                                case 0 -> {
                                    byte[] v = db.get(key);
                                    if (v != null) checkValue(key, MemorySegment.ofArray(v));
                                }
                                case 1 -> {
                                    try (PinnedValue v = db.getPinned(key)) {
                                        if (v != null) checkValue(key, v.value());
                                    }
                                }
                                case 2 -> db.get(key, s -> {
                                    checkValue(key, s);
                                    return null;
                                });
                                case 3 -> {
                                    List<byte[]> keys = List.of(key, key(0, 1), key(1, 2));
                                    List<byte[]> values = db.multiGetAsList(keys);
                                    for (int i = 0; i < keys.size(); i++) {
                                        if (values.get(i) != null) checkValue(keys.get(i), MemorySegment.ofArray(values.get(i)));
                                    }
                                }
                                case 4 -> {
                                    try (RocksIterator it = db.newIterator()) {
                                        int n = 0;
                                        for (it.seek(key); it.isValid() && n < 50; it.next(), n++) {
                                            checkValue(it.keyBytes(), it.value());
                                        }
                                    }
                                }
                                case 5 -> {
                                    try (RocksIterator it = db.newIterator()) {
                                        it.seekToFirst();
                                        it.scanForward((k, v) -> {
                                            checkValue(k.toArray(ValueLayout.JAVA_BYTE), v);
                                            return true;
                                        });
                                    }
                                }
                                default -> {
                                    try (PinnedValue v = db.getAdaptive(ReadOptions.DEFAULT, key, buffer)) {
                                        if (v != null) checkValue(key, v.value());
                                    }
                                }
                            }
                            operations.incrementAndGet();
                        } catch (IllegalStateException closed) {
                            rejected.incrementAndGet();
                        }
                    }
                }
            }));
        }
        threads.add(worker("closer", stop, failure, rejected, () -> {
            Random r = new Random(7);
            while (!stop.get()) {
                Thread.sleep(200 + r.nextInt(400));
                current.get().close();
                RocksDB reopened = null;
                // the engine may stay open a moment for pins other threads still hold
                for (int attempt = 0; reopened == null; attempt++) {
                    try {
                        reopened = RocksDB.open(options, dir);
                    } catch (RocksDBException locked) {
                        if (attempt > 2000) throw locked;
                        Thread.sleep(5);
                    }
                }
                current.set(reopened);
                reopens.incrementAndGet();
            }
        }));

        threads.forEach(Thread::start);
        Thread.sleep(SECONDS * 1000);
        stop.set(true);
        for (Thread t : threads) {
            t.join(60_000);
            assertFalse(t.isAlive(), t.getName() + " is stuck");
        }
        current.get().close();
        if (failure.get() != null) throw new AssertionError("a worker failed", failure.get());
        System.out.printf("stress: %,d operations, %,d rejected while closed, %d reopens in %d s%n",
                operations.get(), rejected.get(), reopens.get(), SECONDS);
        assertTrue(reopens.get() > 5, "the DB was closed and reopened under load");

        try (RocksDB db = RocksDB.open(new Options(), dir)) {
            for (int w = 0; w < writers; w++) {
                for (var e : acknowledged.get(w).entrySet()) {
                    byte[] k = key(w, e.getKey());
                    assertArrayEquals(value(k, e.getValue()), db.get(k), "last acknowledged value of " + new String(k));
                }
            }
        }
    }

    interface Body {
        void run() throws Exception;
    }

    private static Thread worker(String name, AtomicBoolean stop, AtomicReference<Throwable> failure,
                                 AtomicLong rejected, Body body) {
        return new Thread(() -> {
            try {
                body.run();
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                stop.set(true);
            }
        }, name);
    }
}
