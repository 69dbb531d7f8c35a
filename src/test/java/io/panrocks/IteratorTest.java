package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

class IteratorTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withOptions(
            new Options().setCreateIfMissing(true).useFixedLengthPrefixExtractor(3));
    RocksDB db;

    @BeforeEach
    void open(RocksDB db) throws RocksDBException {
        this.db = db;
        for (int i = 0; i < 100; i++) db.put(bytes(key(i)), bytes("value" + i));
    }

    static String key(int i) {
        return String.format("k%02d", i / 10) + String.format("-%03d", i);
    }

    @Test
    void walksForwardAndBackward() {
        try (RocksIterator it = db.newIterator()) {
            List<String> forward = new ArrayList<>();
            for (it.seekToFirst(); it.isValid(); it.next()) forward.add(string(it.key()));
            assertEquals(100, forward.size());
            assertEquals(key(0), forward.get(0));
            List<String> backward = new ArrayList<>();
            for (it.seekToLast(); it.isValid(); it.prev()) backward.add(string(it.keyBytes()));
            assertEquals(forward, backward.reversed());
            it.next(); // moving an invalid iterator does nothing
            assertFalse(it.isValid());
        }
    }

    /**
     * An entry's value copied into a caller's array: below and from the size
     * where copies go through memcpy (LargeCopy.THRESHOLD, 32 KiB), from the
     * memtable and from a table file, whole, cut short, and into a window whose
     * neighbouring bytes stay as they were.
     */
    @ParameterizedTest
    @ValueSource(ints = {32 * 1024 - 1, 32 * 1024, 32 * 1024 + 1, 256 * 1024 + 5})
    void valuesCopiedIntoArraysAreExactOnBothSidesOfTheMemcpySize(int size) throws RocksDBException {
        byte[] value = TestBytes.randomBytes(size, size);
        byte[] key = bytes("large");
        db.put(key, value);
        for (int pass = 0; pass < 2; pass++) {
            try (RocksIterator it = db.newIterator(new ReadOptions().setTotalOrderSeek(true))) {
                it.seek(key);
                assertArrayEquals(key, it.keyBytes());
                byte[] window = new byte[size + 16];
                Arrays.fill(window, (byte) 0x5a);
                assertEquals(size, it.value(window, 8, size));
                assertArrayEquals(value, Arrays.copyOfRange(window, 8, 8 + size));
                for (int i : new int[]{0, 7, size + 8, size + 15}) assertEquals((byte) 0x5a, window[i], "byte " + i);
                byte[] shorter = new byte[size - 3];
                assertEquals(size, it.value(shorter), "the full size, whatever fits");
                assertArrayEquals(Arrays.copyOf(value, size - 3), shorter);
                assertArrayEquals(value, it.valueBytes());
            }
            db.flush(); // the second pass reads the value from a table file
        }
    }

    @Test
    void seeks() throws RocksDBException {
        try (RocksIterator it = db.newIterator(new ReadOptions().setTotalOrderSeek(true))) {
            it.seek(bytes("k05"));
            assertEquals(key(50), string(it.keyBytes()));
            assertEquals("value50", string(it.valueBytes()));
            it.seekForPrev(bytes("k05"));
            assertEquals(key(49), string(it.keyBytes()));
            it.seek(bytes("zzz"));
            assertFalse(it.isValid());
            it.seekForPrev(bytes("a"));
            assertFalse(it.isValid());
            it.seek(ByteBuffer.wrap(bytes(key(7))));
            ByteBuffer k = ByteBuffer.allocate(3);
            assertEquals(key(7).length(), it.key(k));
            assertEquals(3, k.limit(), "copies what fits");
            it.status();
        }
    }

    @Test
    void boundsLimitTheWalk() {
        ReadOptions ro = new ReadOptions().setIterateLowerBound(bytes(key(20))).setIterateUpperBound(bytes(key(30)));
        try (RocksIterator it = db.newIterator(ro)) {
            int n = 0;
            for (it.seekToFirst(); it.isValid(); it.next()) n++;
            assertEquals(10, n);
            it.seekToLast();
            assertEquals(key(29), string(it.keyBytes()));
        }
        ro.setIterateUpperBound((byte[]) null); // changing the options does not affect an existing iterator
    }

    @Test
    void prefixSeekStaysInPrefix() {
        try (RocksIterator it = db.newIterator(new ReadOptions().setPrefixSameAsStart(true))) {
            int n = 0;
            for (it.seek(bytes("k03")); it.isValid(); it.next()) {
                assertTrue(string(it.keyBytes()).startsWith("k03"));
                n++;
            }
            assertEquals(10, n);
        }
    }

    @Test
    void entryViewsDieWhenTheIteratorMoves() {
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            MemorySegment k = it.key(), v = it.value();
            assertEquals(key(0), string(k));
            assertTrue(k.isReadOnly());
            it.next();
            assertThrows(IllegalStateException.class, () -> k.get(ValueLayout.JAVA_BYTE, 0));
            assertThrows(IllegalStateException.class, () -> v.get(ValueLayout.JAVA_BYTE, 0));
            MemorySegment k2 = it.key();
            it.close();
            assertThrows(IllegalStateException.class, () -> k2.get(ValueLayout.JAVA_BYTE, 0));
            assertThrows(IllegalStateException.class, it::next);
            assertThrows(IllegalStateException.class, it::key);
            it.close();
        }
    }

    @Test
    void iteratorBelongsToItsThread() throws Exception {
        try (RocksIterator it = db.newIterator()) {
            AtomicReference<Throwable> t = new AtomicReference<>();
            Thread other = new Thread(() -> {
                try {
                    it.seekToFirst();
                } catch (Throwable e) {
                    t.set(e);
                }
            });
            other.start();
            other.join();
            assertInstanceOf(WrongThreadException.class, t.get());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 16, 1000, 50_000, 300_000})
    void bulkScansVisitEveryEntryInOrder(int valueSize) throws RocksDBException {
        try (ColumnFamilyHandle cf = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("scan")))) {
            int n = 700;
            for (int i = 0; i < n; i++) db.put(cf, bytes(String.format("%05d", i)), TestBytes.randomBytes(i, valueSize));
            if (valueSize == 1000) db.flush(cf);
            try (RocksIterator it = db.newIterator(cf)) {
                it.seekToFirst();
                List<Integer> seen = new ArrayList<>();
                long visited = it.scanForward((k, v) -> {
                    int i = Integer.parseInt(string(k));
                    assertArrayEquals(TestBytes.randomBytes(i, valueSize), v.toArray(ValueLayout.JAVA_BYTE));
                    seen.add(i);
                    return true;
                });
                assertEquals(n, visited);
                for (int i = 0; i < n; i++) assertEquals(i, seen.get(i));
                assertFalse(it.isValid());

                it.seekToLast();
                List<Integer> back = new ArrayList<>();
                it.scanBackward((k, v) -> back.add(Integer.parseInt(string(k))));
                assertEquals(n, back.size());
                assertEquals(n - 1, back.get(0));

                // stop in the middle: the iterator stands on the stopping entry
                it.seekToFirst();
                long stopped = it.scanForward((k, v) -> Integer.parseInt(string(k)) < 333);
                assertEquals(334, stopped);
                assertTrue(it.isValid());
                assertEquals("00333", string(it.keyBytes()));
                it.next();
                assertEquals("00334", string(it.keyBytes()));
            }
        }
    }

    @Test
    void bulkScanViewsDieAfterTheVisit() throws RocksDBException {
        List<MemorySegment> kept = new ArrayList<>();
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            it.scanForward((k, v) -> kept.add(v));
        }
        assertEquals(100, kept.size());
        for (MemorySegment v : kept) assertThrows(IllegalStateException.class, () -> v.get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void iteratorAtASnapshot() throws RocksDBException {
        try (Snapshot s = db.getSnapshot()) {
            db.put(bytes("k00-000"), bytes("changed"));
            db.put(bytes("a-new"), bytes("x"));
            try (RocksIterator it = db.newIterator(new ReadOptions().setSnapshot(s))) {
                it.seekToFirst();
                assertEquals(key(0), string(it.keyBytes()));
                assertEquals("value0", string(it.valueBytes()));
            }
            try (RocksIterator it = db.newIterator()) {
                it.seekToFirst();
                assertEquals("a-new", string(it.keyBytes()));
            }
        }
    }

    @Test
    void closingTheDbClosesThisThreadsIterators() throws RocksDBException {
        RocksIterator it = db.newIterator();
        it.seekToFirst();
        MemorySegment k = it.key();
        db.close();
        assertThrows(IllegalStateException.class, () -> k.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, it::next);
        it.close();
        db = fixture.reopen(); // the iterator's close did not keep the engine open
    }
}
