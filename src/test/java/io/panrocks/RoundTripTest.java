package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

@ExtendWith(OpenDbExtension.class)
class RoundTripTest {
    RocksDB db;

    @BeforeEach
    void open(RocksDB db) {
        this.db = db;
    }

    @Test
    void putGetDelete() throws RocksDBException {
        db.put(bytes("alpha"), bytes("one"));
        assertEquals("one", string(db.get(bytes("alpha"))));
        db.put(bytes("alpha"), bytes("two"));
        assertEquals("two", string(db.get(bytes("alpha"))));
        db.delete(bytes("alpha"));
        assertNull(db.get(bytes("alpha")));
    }

    @Test
    void missingKeyIsNullNotAnException() throws RocksDBException {
        assertNull(db.get(bytes("never written")));
        assertEquals(RocksDB.NOT_FOUND, db.get(bytes("never written"), new byte[8]));
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(RocksDB.NOT_FOUND, db.get(arena.allocateFrom("nope"), arena.allocate(8)));
        }
        db.delete(bytes("never written")); // deleting a missing key is fine too
    }

    @Test
    void emptyValueIsNotMissing() throws RocksDBException {
        db.put(bytes("k"), new byte[0]);
        assertArrayEquals(new byte[0], db.get(bytes("k")));
        assertEquals(0, db.get(bytes("k"), new byte[4]));
    }

    @Test
    void emptyKeyIsAValidKey() throws RocksDBException {
        db.put(new byte[0], bytes("empty key"));
        assertEquals("empty key", string(db.get(new byte[0])));
    }

    @Test
    void binaryKeysWithZeroBytesAreDistinct() throws RocksDBException {
        byte[] a = {0, 0, 1};
        byte[] b = {0, 0, 1, 0};
        byte[] c = {0};
        db.put(a, bytes("a"));
        db.put(b, bytes("b"));
        db.put(c, new byte[]{0, 0, 0});
        assertEquals("a", string(db.get(a)));
        assertEquals("b", string(db.get(b)));
        assertArrayEquals(new byte[]{0, 0, 0}, db.get(c));
        assertNull(db.get(new byte[]{0, 0}));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 15, 16, 1023, 1024, 4096, 16 * 1024, 16 * 1024 + 1, 65536, 1 << 20, 4 << 20})
    void valuesOfEverySizeComeBackIdentical(int size) throws RocksDBException {
        byte[] key = bytes("size-" + size);
        byte[] value = randomBytes(size, size);
        db.put(key, value);
        assertArrayEquals(value, db.get(key));

        byte[] exact = new byte[size];
        assertEquals(size, db.get(key, exact));
        assertArrayEquals(value, exact);

        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(Math.max(size, 1));
            assertEquals(size, db.get(arena.allocateFrom(ValueLayout.JAVA_BYTE, key), out));
            assertArrayEquals(value, Arrays.copyOf(out.toArray(ValueLayout.JAVA_BYTE), size));
        }
    }

    @Test
    void tooSmallBufferReportsFullSizeAndWritesNothingPastItsEnd() throws RocksDBException {
        byte[] value = randomBytes(7, 10_000);
        db.put(bytes("big"), value);
        byte[] buffer = new byte[64];
        Arrays.fill(buffer, (byte) 0x5A);
        int size = db.get(ReadOptions.DEFAULT, bytes("big"), 0, 3, buffer, 8, 16);
        assertEquals(10_000, size);
        assertArrayEquals(Arrays.copyOf(value, 16), Arrays.copyOfRange(buffer, 8, 24));
        for (int i = 0; i < 8; i++) assertEquals(0x5A, buffer[i], "byte before the window");
        for (int i = 24; i < 64; i++) assertEquals(0x5A, buffer[i], "byte after the window");

        // grow and retry, as a caller does
        byte[] grown = new byte[size];
        assertEquals(10_000, db.get(bytes("big"), grown));
        assertArrayEquals(value, grown);
    }

    @Test
    void tooSmallSegmentReportsFullSize() throws RocksDBException {
        byte[] value = randomBytes(3, 5000);
        db.put(bytes("k"), value);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment whole = arena.allocate(200);
            whole.fill((byte) 0x11);
            MemorySegment window = whole.asSlice(50, 100);
            assertEquals(5000, db.get(arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("k")), window));
            assertArrayEquals(Arrays.copyOf(value, 100), window.toArray(ValueLayout.JAVA_BYTE));
            for (int i = 0; i < 50; i++) assertEquals(0x11, whole.get(ValueLayout.JAVA_BYTE, i));
            for (int i = 150; i < 200; i++) assertEquals(0x11, whole.get(ValueLayout.JAVA_BYTE, i));
        }
    }

    @Test
    void segmentKeysAndValuesNativeAndHeap() throws RocksDBException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nativeKey = arena.allocateFrom(ValueLayout.JAVA_BYTE, new byte[]{1, 0, 2});
            MemorySegment nativeValue = arena.allocateFrom(ValueLayout.JAVA_BYTE, randomBytes(1, 3000));
            db.put(nativeKey, nativeValue);
            assertArrayEquals(randomBytes(1, 3000), db.get(new byte[]{1, 0, 2}));

            MemorySegment heapKey = MemorySegment.ofArray(new byte[]{9, 0, 9});
            MemorySegment heapValue = MemorySegment.ofArray(randomBytes(2, 70_000));
            db.put(heapKey, heapValue);
            MemorySegment heapOut = MemorySegment.ofArray(new byte[70_000]);
            assertEquals(70_000, db.get(heapKey, heapOut));
            assertArrayEquals(randomBytes(2, 70_000), heapOut.toArray(ValueLayout.JAVA_BYTE));

            db.delete(heapKey);
            assertNull(db.get(new byte[]{9, 0, 9}));
            db.delete(nativeKey);
            assertNull(db.get(new byte[]{1, 0, 2}));
        }
    }

    @Test
    void byteArrayRangesAreHonoured() throws RocksDBException {
        byte[] keyBuf = bytes("xxKEYxx");
        byte[] valueBuf = bytes("--value--");
        db.put(WriteOptions.DEFAULT, keyBuf, 2, 3, valueBuf, 2, 5);
        assertEquals("value", string(db.get(bytes("KEY"))));
    }

    @Test
    void writeOptionsAreApplied() throws RocksDBException {
        db.put(new WriteOptions().setSync(true), bytes("synced"), bytes("1"));
        db.put(new WriteOptions().setDisableWAL(true), bytes("nowal"), bytes("2"));
        assertEquals("1", string(db.get(bytes("synced"))));
        assertEquals("2", string(db.get(bytes("nowal"))));
    }

    @Test
    void engineVersionIsTheLinkedRocksDB() {
        String v = RocksDB.engineVersion();
        assertTrue(v.matches("\\d+\\.\\d+\\.\\d+"), v);
        String[] parts = v.split("\\.");
        int major = Integer.parseInt(parts[0]), minor = Integer.parseInt(parts[1]);
        assertTrue(major > 7 || (major == 7 && minor >= 8), "panrocks needs RocksDB >= 7.8, runs on " + v);
    }

    /**
     * Reads into heap arrays copy small values through the thread's scratch and
     * large ones straight from their pin (Reads.HEAP_COPY_LIMIT): both sides of
     * the limit, a value larger than the scratch, from the memtable and from a
     * flushed table, whole, into a short array and into a window of a larger one.
     * Copies of 32 KiB and more go through memcpy (LargeCopy.THRESHOLD): both
     * sides of that size too, whole and as the window of a longer array.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 511, 512, 513, 4096, 16 * 1024, 16 * 1024 + 1, 32 * 1024 - 1, 32 * 1024,
            32 * 1024 + 1, 64 * 1024 + 3, 4 * 1024 * 1024})
    void heapReadsAreExactOnBothSidesOfTheCopyLimit(int size) throws RocksDBException {
        byte[] key = bytes("size " + size);
        byte[] value = randomBytes(size, size);
        db.put(key, value);
        for (int pass = 0; pass < 2; pass++) {
            assertArrayEquals(value, db.get(key));
            byte[] exact = new byte[size];
            assertEquals(size, db.get(key, exact));
            assertArrayEquals(value, exact);
            byte[] shorter = new byte[size / 2];
            assertEquals(size, db.get(key, shorter), "the full size, whatever fits");
            assertArrayEquals(Arrays.copyOf(value, size / 2), shorter);
            byte[] window = new byte[size + 16];
            Arrays.fill(window, (byte) 0x5a);
            assertEquals(size, db.get(null, ReadOptions.DEFAULT, key, 0, key.length, window, 8, size));
            assertArrayEquals(value, Arrays.copyOfRange(window, 8, 8 + size));
            for (int i : new int[]{0, 7, size + 8, size + 15}) {
                if (i < 8 || i >= 8 + size) assertEquals((byte) 0x5a, window[i], "byte " + i + " outside the window");
            }
            MemorySegment heap = MemorySegment.ofArray(new byte[size]);
            assertEquals(size, db.get(MemorySegment.ofArray(key), heap));
            assertArrayEquals(value, heap.toArray(ValueLayout.JAVA_BYTE));
            db.flush(); // the second pass reads a pinned block of a table file
        }
    }
}
