package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.*;

class ZeroCopyReadTest {
    static final int[] SIZES = {0, 1, 1023, 1024, 4096, 65536, 4 << 20};

    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    RocksDB db;

    @BeforeEach
    void open(RocksDB db) {
        this.db = db;
    }

    static Stream<Arguments> sizesAndPlaces() {
        List<Arguments> a = new ArrayList<>();
        for (int size : SIZES) {
            a.add(Arguments.of(size, false));
            a.add(Arguments.of(size, true));
        }
        return a.stream();
    }

    /** Every read path returns the same bytes, from the memtable and from SST files (block cache). */
    @ParameterizedTest(name = "{0} bytes, flushed={1}")
    @MethodSource("sizesAndPlaces")
    void everyPathReturnsIdenticalBytes(int size, boolean flushed) throws RocksDBException {
        byte[] key = bytes("k" + size);
        byte[] expected = randomBytes(size * 31L + 1, size);
        db.put(key, expected);
        if (flushed) {
            db.flush();
            db.compactRange();
        }

        assertArrayEquals(expected, db.get(key), "get -> byte[]");

        byte[] exact = new byte[size + 3];
        assertEquals(size, db.get(ReadOptions.DEFAULT, key, 0, key.length, exact, 3, size));
        assertArrayEquals(expected, Arrays.copyOfRange(exact, 3, size + 3), "get into byte[] range");

        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nativeOut = arena.allocate(Math.max(size, 1));
            assertEquals(size, db.get(MemorySegment.ofArray(key), nativeOut));
            assertArrayEquals(expected, nativeOut.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE), "native segment");

            MemorySegment heapOut = MemorySegment.ofArray(new byte[size]);
            assertEquals(size, db.get(arena.allocateFrom(ValueLayout.JAVA_BYTE, key), heapOut));
            assertArrayEquals(expected, heapOut.toArray(ValueLayout.JAVA_BYTE), "heap segment");

            for (boolean direct : new boolean[]{false, true}) {
                ByteBuffer k = direct ? ByteBuffer.allocateDirect(key.length).put(key).flip() : ByteBuffer.wrap(key);
                ByteBuffer v = direct ? ByteBuffer.allocateDirect(size + 8) : ByteBuffer.allocate(size + 8);
                v.position(4);
                assertEquals(size, db.get(k, v));
                assertEquals(k.limit(), k.position(), "key consumed");
                assertEquals(4, v.position());
                assertEquals(4 + size, v.limit());
                byte[] got = new byte[size];
                v.get(got);
                assertArrayEquals(expected, got, direct ? "direct ByteBuffer" : "heap ByteBuffer");
            }

            try (PinnedValue pinned = db.getPinned(key)) {
                assertEquals(size, pinned.size());
                assertArrayEquals(expected, pinned.toByteArray(), "pinned");
            }

            MemorySegment buffer = arena.allocate(8192);
            try (PinnedValue adaptive = db.getAdaptive(ReadOptions.DEFAULT, key, buffer)) {
                assertArrayEquals(expected, adaptive.toByteArray(), "adaptive");
                assertEquals(size > db.adaptiveReadThreshold(), adaptive.isPinned(), "copied iff small");
            }

            byte[] viaReader = db.get(key, s -> s.toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(expected, viaReader, "reader");

            try (MultiGet batch = db.newMultiGet()) {
                batch.add(key).add(bytes("absent"));
                MemorySegment big = arena.allocate(size + 16);
                batch.execute(big);
                assertArrayEquals(expected, batch.valueAsBytes(0), "multiGet copied");
                assertFalse(batch.isFound(1));
                batch.executePinned();
                assertArrayEquals(expected, batch.valueAsBytes(0), "multiGet pinned");
            }
            assertArrayEquals(expected, db.multiGetAsList(List.of(key)).get(0), "multiGetAsList");
        }
        assertTrue(db.exists(key));
    }

    @Test
    void pinnedValueSurvivesOverwritesFlushesAndCompactions() throws RocksDBException {
        byte[] key = bytes("stable");
        byte[] original = randomBytes(1, 64 * 1024);
        db.put(key, original);
        db.flush();
        try (PinnedValue pinned = db.getPinned(key)) {
            assertTrue(pinned.isPinned());
            for (int round = 0; round < 5; round++) {
                db.put(key, randomBytes(100 + round, 64 * 1024));
                for (int i = 0; i < 200; i++) db.put(bytes("filler" + round + "-" + i), randomBytes(i, 4096));
                db.flush();
                db.compactRange();
                assertArrayEquals(original, pinned.toByteArray(), "round " + round);
            }
            assertArrayEquals(randomBytes(104, 64 * 1024), db.get(key), "readers see the new value");
        }
    }

    @Test
    void useAfterReleaseThrows() throws RocksDBException {
        db.put(bytes("k"), randomBytes(3, 10_000));
        db.flush();
        PinnedValue pinned = db.getPinned(bytes("k"));
        MemorySegment view = pinned.value();
        assertEquals(randomBytes(3, 10_000)[5], view.get(ValueLayout.JAVA_BYTE, 5));
        pinned.close();
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 5));
        assertThrows(IllegalStateException.class, pinned::value);
        pinned.close(); // idempotent

        AtomicReference<MemorySegment> leaked = new AtomicReference<>();
        db.get(bytes("k"), s -> {
            leaked.set(s);
            return null;
        });
        assertThrows(IllegalStateException.class, () -> leaked.get().get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void pinnedSegmentsAreReadOnly() throws RocksDBException {
        db.put(bytes("k"), bytes("value"));
        try (PinnedValue pinned = db.getPinned(bytes("k"))) {
            assertTrue(pinned.value().isReadOnly());
            assertThrows(IllegalArgumentException.class, () -> pinned.value().set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
        }
        db.get(bytes("k"), s -> {
            assertThrows(IllegalArgumentException.class, () -> s.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
            return null;
        });
    }

    @Test
    void pinnedValueBelongsToItsThread() throws Exception {
        db.put(bytes("k"), randomBytes(4, 5000));
        try (PinnedValue pinned = db.getPinned(bytes("k"))) {
            AtomicReference<Throwable> seen = new AtomicReference<>();
            Thread other = new Thread(() -> {
                try {
                    pinned.value().get(ValueLayout.JAVA_BYTE, 0);
                } catch (Throwable t) {
                    seen.set(t);
                }
            });
            other.start();
            other.join();
            assertInstanceOf(WrongThreadException.class, seen.get());
        }
    }

    @Test
    void missingKeysOnEveryPath() throws RocksDBException {
        byte[] key = bytes("missing");
        assertNull(db.getPinned(key));
        try (Arena arena = Arena.ofConfined()) {
            assertNull(db.getAdaptive(ReadOptions.DEFAULT, key, arena.allocate(64)));
        }
        assertNull(db.get(key, s -> {
            throw new AssertionError("reader must not run for a missing key");
        }));
        assertEquals(RocksDB.NOT_FOUND, db.get(ByteBuffer.wrap(key), ByteBuffer.allocate(8)));
        assertFalse(db.exists(key));
        assertFalse(db.keyMayExist(key));
        List<byte[]> values = db.multiGetAsList(List.of(key, key));
        assertEquals(2, values.size());
        assertNull(values.get(0));
    }

    @Test
    void keyMayExistNeverSaysNoWrongly() throws RocksDBException {
        for (int i = 0; i < 100; i++) db.put(bytes("present" + i), bytes("v" + i));
        db.flush();
        for (int i = 0; i < 100; i++) {
            assertTrue(db.keyMayExist(bytes("present" + i)));
            assertTrue(db.exists(bytes("present" + i)));
        }
        db.put(bytes("in-memtable"), bytes("hello"));
        Holder<byte[]> holder = new Holder<>();
        assertTrue(db.keyMayExist(ReadOptions.DEFAULT, bytes("in-memtable"), holder));
        assertArrayEquals(bytes("hello"), holder.getValue());
    }

    @Test
    void byteBufferTooSmallReportsFullSizeAndFillsOnlyWhatFits() throws RocksDBException {
        byte[] value = randomBytes(9, 300);
        db.put(bytes("k"), value);
        for (boolean direct : new boolean[]{false, true}) {
            ByteBuffer out = direct ? ByteBuffer.allocateDirect(64) : ByteBuffer.allocate(64);
            for (int i = 0; i < 64; i++) out.put(i, (byte) 0x77);
            out.position(10).limit(50);
            assertEquals(300, db.get(ByteBuffer.wrap(bytes("k")), out));
            assertEquals(10, out.position());
            assertEquals(50, out.limit());
            out.limit(64);
            for (int i = 0; i < 40; i++) assertEquals(value[i], out.get(10 + i));
            for (int i = 0; i < 10; i++) assertEquals(0x77, out.get(i));
            for (int i = 50; i < 64; i++) assertEquals(0x77, out.get(i));
        }
    }

    @Test
    void readsInsideAReaderDoNotDisturbIt() throws RocksDBException {
        byte[] small = randomBytes(1, 100), large = randomBytes(2, 100_000);
        db.put(bytes("small"), small);
        db.put(bytes("large"), large);
        db.flush();
        for (String outer : new String[]{"small", "large"}) {
            byte[] expected = outer.equals("small") ? small : large;
            byte[] seen = db.get(bytes(outer), s -> {
                try {
                    // every kind of read from inside the reader
                    assertArrayEquals(large, db.get(bytes("large")));
                    assertArrayEquals(small, db.get(bytes("small")));
                    assertArrayEquals(large, db.get(bytes("large"), (MemorySegment t) -> t.toArray(ValueLayout.JAVA_BYTE)));
                    db.put(bytes("written-inside"), randomBytes(3, 50_000));
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
                return s.toArray(ValueLayout.JAVA_BYTE);
            });
            assertArrayEquals(expected, seen, outer);
        }
        assertThrows(IllegalStateException.class, () -> db.get(bytes("small"), s -> {
            db.close();
            return null;
        }));
        assertTrue(db.isOpen());
    }

    @Test
    void multiGetBatchesReportPerKeyAndReuse() throws RocksDBException {
        for (int i = 0; i < 50; i++) db.put(bytes("key" + i), randomBytes(i, i * 10));
        db.flush();
        try (Arena arena = Arena.ofConfined(); MultiGet batch = db.newMultiGet()) {
            MemorySegment buffer = arena.allocate(1000);
            for (int round = 0; round < 3; round++) {
                batch.clear();
                for (int i = 0; i < 60; i++) batch.add(bytes("key" + i));
                batch.execute(buffer);
                long packed = 0;
                for (int i = 0; i < 60; i++) {
                    if (i >= 50) {
                        assertEquals(Status.Code.NotFound, batch.status(i));
                        assertEquals(RocksDB.NOT_FOUND, batch.valueSize(i));
                        assertNull(batch.value(i));
                        continue;
                    }
                    assertEquals(i * 10L, batch.valueSize(i));
                    MemorySegment v = batch.value(i);
                    if (packed + i * 10L <= 1000) {
                        assertNotNull(v, "key" + i + " fits");
                        assertArrayEquals(randomBytes(i, i * 10), v.toArray(ValueLayout.JAVA_BYTE));
                        packed += i * 10L;
                    } else {
                        assertNull(v, "key" + i + " does not fit: size only");
                    }
                }
            }
            batch.executePinned();
            MemorySegment pinned = batch.value(49);
            assertArrayEquals(randomBytes(49, 490), pinned.toArray(ValueLayout.JAVA_BYTE));
            batch.clear();
            assertThrows(IllegalStateException.class, () -> pinned.get(ValueLayout.JAVA_BYTE, 0));
            assertThrows(IllegalStateException.class, () -> batch.value(0));
        }
    }

    @Test
    void closingTheDbInvalidatesThisThreadsPins() throws RocksDBException {
        db.put(bytes("k"), randomBytes(5, 20_000));
        db.flush();
        PinnedValue pinned = db.getPinned(bytes("k"));
        MemorySegment view = pinned.value();
        db.close();
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        pinned.close();
        db = fixture.reopen(); // the lock was released
    }

    @Test
    void pinsHeldByAnotherThreadDeferTheEngineCloseUntilReleased() throws Exception {
        byte[] value = randomBytes(6, 30_000);
        db.put(bytes("k"), value);
        db.flush();
        java.util.concurrent.CountDownLatch pinnedLatch = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch closedLatch = new java.util.concurrent.CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try (PinnedValue pinned = db.getPinned(bytes("k"))) {
                pinnedLatch.countDown();
                closedLatch.await();
                // the DB is closed for new calls, but this pin is still good
                assertArrayEquals(value, pinned.toByteArray());
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        reader.start();
        pinnedLatch.await();
        db.close();
        assertFalse(db.isOpen());
        assertThrows(IllegalStateException.class, () -> db.get(bytes("k")));
        RocksDBException locked = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options().setCreateIfMissing(true), fixture.dir()));
        assertEquals(Status.Code.IOError, locked.code(), "engine still open while the pin is held");
        closedLatch.countDown();
        reader.join();
        assertNull(failure.get());
        db = fixture.reopen(); // last pin released -> engine closed -> lock free
        assertArrayEquals(value, db.get(bytes("k")));
    }

    /**
     * A million pinned gets leave no block pinned in the cache. (Whether they
     * leave memory behind is LeakTest's pinned-get kind, measured in a child
     * JVM with a fixed, pre-touched heap: resident memory of this shared JVM
     * also moves with its heap, 38 MiB once on a loaded machine.)
     */
    @Test
    void millionPinnedGetsLeaveNoBlockPinned() throws RocksDBException {
        for (int i = 0; i < 100; i++) db.put(bytes("key" + i), randomBytes(i, 8192));
        db.flush();
        long pinnedBefore = db.getLongProperty("rocksdb.block-cache-pinned-usage");
        for (int i = 0; i < 1_000_000; i++) {
            try (PinnedValue v = db.getPinned(bytes("key" + (i % 100)))) {
                if (v.size() != 8192) fail("size");
            }
        }
        assertEquals(pinnedBefore, db.getLongProperty("rocksdb.block-cache-pinned-usage"), "no block left pinned");
    }

    @Test
    void adaptiveThresholdIsExactAtEverySize() throws RocksDBException {
        for (long threshold : new long[]{0, 1024, Long.MAX_VALUE}) {
            Path d = fixture.dir().resolve("threshold-" + threshold);
            try (RocksDB t = RocksDB.open(new Options().setCreateIfMissing(true).setAdaptiveReadThreshold(threshold), d);
                 Arena arena = Arena.ofConfined()) {
                assertEquals(threshold, t.adaptiveReadThreshold());
                for (int size : new int[]{0, 16, 1024, 1025, 200_000}) {
                    byte[] value = randomBytes(size, size);
                    t.put(bytes("k" + size), value);
                    assertArrayEquals(value, t.get(bytes("k" + size), s -> s.toArray(ValueLayout.JAVA_BYTE)));
                    try (PinnedValue v = t.getAdaptive(ReadOptions.DEFAULT, bytes("k" + size), arena.allocate(300_000))) {
                        assertArrayEquals(value, v.toByteArray());
                        assertEquals(size > threshold, v.isPinned(), "threshold " + threshold + ", size " + size);
                    }
                }
            }
        }
    }

    @Test
    void forgottenPinsAreReleasedAsTheThreadKeepsReading() throws Exception {
        for (int i = 0; i < 100; i++) db.put(bytes("key" + i), randomBytes(i, 8192));
        db.flush();
        long idle = db.getLongProperty("rocksdb.block-cache-pinned-usage");
        for (int i = 0; i < 300; i++) db.getPinned(bytes("key" + (i % 100))); // never closed
        assertTrue(db.getLongProperty("rocksdb.block-cache-pinned-usage") > idle, "the forgotten pins hold blocks");
        System.gc();
        Thread.sleep(200);
        for (int i = 0; i < 5000; i++) {
            try (PinnedValue v = db.getPinned(bytes("key" + (i % 100)))) {
                assertEquals(8192, v.size());
            }
        }
        assertEquals(idle, db.getLongProperty("rocksdb.block-cache-pinned-usage"), "swept and released");
    }

    @Test
    void concurrentReadersSeeTheirValues() throws Exception {
        int keys = 500;
        for (int i = 0; i < keys; i++) db.put(bytes("key" + i), randomBytes(i, 100 + i * 37));
        db.flush();
        int threads = 4;
        List<Thread> workers = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int t = 0; t < threads; t++) {
            final int seed = t;
            workers.add(new Thread(() -> {
                try (Arena arena = Arena.ofConfined()) {
                    java.util.Random r = new java.util.Random(seed);
                    MemorySegment buffer = arena.allocate(64 * 1024);
                    byte[] reuse = new byte[64 * 1024];
                    for (int n = 0; n < 20_000 && failure.get() == null; n++) {
                        int i = r.nextInt(keys);
                        byte[] key = bytes("key" + i);
                        byte[] expected = randomBytes(i, 100 + i * 37);
                        switch (n % 5) {
                            case 0 -> assertArrayEquals(expected, db.get(key));
                            case 1 -> {
                                try (PinnedValue v = db.getPinned(key)) {
                                    assertArrayEquals(expected, v.toByteArray());
                                }
                            }
                            case 2 -> assertArrayEquals(expected, db.get(key, s -> s.toArray(ValueLayout.JAVA_BYTE)));
                            case 3 -> {
                                int size = db.get(key, reuse);
                                assertArrayEquals(expected, Arrays.copyOf(reuse, size));
                            }
                            default -> {
                                try (PinnedValue v = db.getAdaptive(ReadOptions.DEFAULT, key, buffer)) {
                                    assertArrayEquals(expected, v.toByteArray());
                                }
                            }
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        workers.forEach(Thread::start);
        for (Thread w : workers) w.join();
        if (failure.get() != null) throw new AssertionError(failure.get());
    }
}
