package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/** {@link RocksDB#scanRange}: a short range in one crossing, a long one handed over as an iterator. */
class ScanRangeTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    RocksDB db;

    @BeforeEach
    void open(RocksDB db) throws RocksDBException {
        this.db = db;
        for (int i = 0; i < 1000; i++) db.put(bytes(key(i)), bytes("value" + i));
    }

    static String key(int i) {
        return String.format("k%04d", i);
    }

    /** Every key of a walk: the first call's, then the handed-over iterator's, which is closed. */
    List<String> walk(byte[] lower, byte[] upper, boolean forward, int limit) throws RocksDBException {
        List<String> keys = new ArrayList<>();
        RocksIterator.EntryVisitor collect = (k, v) -> {
            String key = string(k);
            assertEquals("value" + Integer.parseInt(key.substring(1)), string(v));
            keys.add(key);
            return true;
        };
        try (RocksIterator rest = db.scanRange(null, ReadOptions.DEFAULT, lower, upper, forward, limit, collect)) {
            if (rest != null) {
                assertTrue(rest.isValid(), "a handed-over iterator stands on an entry");
                assertEquals(Math.min(limit, 256), keys.size(), "one crossing's worth first");
                if (forward) rest.scanForward(collect);
                else rest.scanBackward(collect);
                rest.status();
            }
        }
        return keys;
    }

    static List<String> keys(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < to; i++) out.add(key(i));
        return out;
    }

    @Test
    void readsAShortRangeWhole() throws RocksDBException {
        List<String> seen = new ArrayList<>();
        RocksIterator rest = db.scanRange(null, ReadOptions.DEFAULT, bytes(key(10)), bytes(key(13)), true, 128,
                (k, v) -> seen.add(string(k)));
        assertNull(rest, "a range that ends in the first crossing leaves nothing to close");
        assertEquals(keys(10, 13), seen);
        assertEquals(keys(10, 13).reversed(), walk(bytes(key(10)), bytes(key(13)), false, 128));
    }

    @Test
    void handsALongRangeOverOnTheFirstEntryNotVisited() throws RocksDBException {
        assertEquals(keys(0, 1000), walk(null, null, true, 128));
        assertEquals(keys(0, 1000).reversed(), walk(null, null, false, 128));
        assertEquals(keys(100, 900), walk(bytes(key(100)), bytes(key(900)), true, 1));
        assertEquals(keys(100, 900), walk(bytes(key(100)), bytes(key(900)), true, 10_000));
        // exactly the limit: read whole, nothing handed over
        List<String> seen = new ArrayList<>();
        assertNull(db.scanRange(null, ReadOptions.DEFAULT, bytes(key(0)), bytes(key(5)), true, 5,
                (k, v) -> seen.add(string(k))));
        assertEquals(keys(0, 5), seen);
    }

    @Test
    void boundsAreTheCallsNotTheOptions() throws RocksDBException {
        ReadOptions elsewhere = new ReadOptions().setIterateLowerBound(bytes(key(500))).setIterateUpperBound(bytes(key(501)));
        List<String> seen = new ArrayList<>();
        assertNull(db.scanRange(null, elsewhere, bytes(key(7)), bytes(key(9)), true, 10, (k, v) -> seen.add(string(k))));
        assertEquals(keys(7, 9), seen);
        // an empty range, reversed bounds, an empty lower bound
        assertEquals(List.of(), walk(bytes("x"), bytes("y"), true, 10));
        assertEquals(List.of(), walk(bytes(key(9)), bytes(key(7)), true, 10));
        assertEquals(keys(0, 2), walk(new byte[0], bytes(key(2)), true, 10));
        // 2 MiB bounds (staged in scratch that is given back afterwards)
        byte[] high = new byte[2 << 20];
        Arrays.fill(high, (byte) 'k');
        assertEquals(List.of(), walk(high, null, true, 10));
        assertEquals(keys(0, 1000), walk(null, high, true, 1000));
    }

    @Test
    void theVisitorStopsTheWalk() throws RocksDBException {
        List<String> seen = new ArrayList<>();
        assertNull(db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 100, (k, v) -> {
            seen.add(string(k));
            return seen.size() < 3;
        }));
        assertEquals(keys(0, 3), seen);
    }

    @Test
    void readsASnapshotAndSeesItsOwnView() throws RocksDBException {
        try (Snapshot s = db.getSnapshot()) {
            db.put(bytes(key(5) + "x"), bytes("value5"));
            List<String> seen = new ArrayList<>();
            assertNull(db.scanRange(null, new ReadOptions().setSnapshot(s), bytes(key(5)), bytes(key(6)), true, 10,
                    (k, v) -> seen.add(string(k))));
            assertEquals(List.of(key(5)), seen);
        }
        // a handed-over iterator keeps the view of its first crossing
        try (RocksIterator rest = db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 1, (k, v) -> true)) {
            db.put(bytes(key(999) + "z"), bytes("late"));
            List<String> after = new ArrayList<>();
            rest.scanForward((k, v) -> after.add(string(k)));
            assertEquals(1000, after.size(), "k0001 to k0999, and k0005x written before the walk");
            assertFalse(after.contains(key(999) + "z"), "a write after the first crossing is not seen");
        }
    }

    @Test
    void viewsDieWithTheCallAndAreReadOnly() throws RocksDBException {
        AtomicReference<MemorySegment> kept = new AtomicReference<>();
        assertNull(db.scanRange(null, ReadOptions.DEFAULT, bytes(key(1)), bytes(key(2)), true, 10, (k, v) -> {
            assertTrue(k.isReadOnly() && v.isReadOnly());
            assertThrows(IllegalArgumentException.class, () -> v.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
            kept.set(v);
            return true;
        }));
        assertThrows(IllegalStateException.class, () -> kept.get().get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void aWalkInsideAVisitorHasMemoryOfItsOwn() throws RocksDBException {
        List<String> outer = new ArrayList<>();
        List<String> inner = new ArrayList<>();
        assertNull(db.scanRange(null, ReadOptions.DEFAULT, bytes(key(0)), bytes(key(3)), true, 10, (k, v) -> {
            String before = string(k);
            try {
                assertNull(db.scanRange(null, ReadOptions.DEFAULT, bytes(key(500)), bytes(key(502)), true, 10,
                        (k2, v2) -> inner.add(string(k2))));
                assertArrayEquals(bytes("value500"), db.get(bytes(key(500))));
            } catch (RocksDBException e) {
                throw new AssertionError(e);
            }
            assertEquals(before, string(k), "the outer entry is intact after the inner walk");
            outer.add(before);
            return true;
        }));
        assertEquals(keys(0, 3), outer);
        assertEquals(6, inner.size());
    }

    @Test
    void familiesLargeValuesAndBinaryKeys() throws RocksDBException {
        try (ColumnFamilyHandle cf = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("other")))) {
            byte[] big = new byte[4 << 20];
            Arrays.fill(big, (byte) 7);
            byte[] binary = {0, (byte) 0xFF, 0, 1};
            db.put(cf, binary, big);
            db.put(cf, new byte[]{0, (byte) 0xFF, 0, 2}, new byte[0]);
            List<Long> sizes = new ArrayList<>();
            RocksIterator.EntryVisitor collect = (k, v) -> {
                sizes.add(v.byteSize());
                if (v.byteSize() > 0) assertEquals(7, v.get(ValueLayout.JAVA_BYTE, (4 << 20) - 1));
                return true;
            };
            // a value over the copy limit is not copied into the call's buffer: the walk hands over on it
            try (RocksIterator rest = db.scanRange(cf, ReadOptions.DEFAULT, binary, null, true, 10, collect)) {
                assertNotNull(rest);
                assertEquals(List.of(), sizes);
                assertArrayEquals(binary, rest.keyBytes());
                rest.scanForward(collect);
            }
            assertEquals(List.of(4L << 20, 0L), sizes, "a 4 MiB value and an empty one");
        }
    }

    @Test
    void refusesBadArgumentsAndAClosedDb() throws RocksDBException {
        assertThrows(IllegalArgumentException.class,
                () -> db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 0, (k, v) -> true));
        assertThrows(NullPointerException.class, () -> db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 1, null));
        assertThrows(NullPointerException.class, () -> db.scanRange(null, null, null, null, true, 1, (k, v) -> true));
        RocksIterator rest = db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 1, (k, v) -> true);
        assertNotNull(rest);
        rest.close();
        assertThrows(IllegalStateException.class, rest::isValid);
        db.close();
        assertThrows(IllegalStateException.class,
                () -> db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 1, (k, v) -> true));
    }

    @Test
    void aVisitorThatThrowsLeavesNothingOpen() throws RocksDBException {
        RuntimeException boom = new RuntimeException("boom");
        assertSame(boom, assertThrows(RuntimeException.class,
                () -> db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 10, (k, v) -> {
                    throw boom;
                })));
        // the thread's scratch is free again, and the DB closes (no iterator left behind)
        assertEquals(keys(0, 3), walk(bytes(key(0)), bytes(key(3)), true, 10));
        db.close();
    }

    @Test
    void aVisitorCannotCloseTheDb() throws RocksDBException {
        assertThrows(IllegalStateException.class,
                () -> db.scanRange(null, ReadOptions.DEFAULT, null, null, true, 10, (k, v) -> {
                    db.close();
                    return true;
                }));
        assertEquals(keys(0, 3), walk(bytes(key(0)), bytes(key(3)), true, 10), "still open, scratch free");
    }

    @Test
    void aTableFilterTakesTheIteratorPath() throws RocksDBException {
        db.flush(new FlushOptions().setWaitForFlush(true));
        ReadOptions filtered = new ReadOptions().setTableFilter(filter(true));
        List<String> seen = new ArrayList<>();
        RocksIterator rest = db.scanRange(null, filtered, bytes(key(20)), bytes(key(25)), true, 2,
                (k, v) -> seen.add(string(k)));
        assertNotNull(rest);
        try (rest) {
            assertEquals(key(22), string(rest.keyBytes()), "stands on the first entry not visited");
            rest.scanForward((k, v) -> seen.add(string(k)));
        }
        assertEquals(keys(20, 25), seen);
        ReadOptions none = new ReadOptions().setTableFilter(filter(false));
        assertNull(db.scanRange(null, none, null, null, true, 10, (k, v) -> fail("filtered out")));
    }

    static AbstractTableFilter filter(boolean read) {
        return new AbstractTableFilter() {
            @Override
            public boolean filter(TableProperties tableProperties) {
                return read;
            }
        };
    }
}
