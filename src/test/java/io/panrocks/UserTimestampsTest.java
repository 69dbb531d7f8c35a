package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * User-defined timestamps: column families with a U64Ts comparator, writes at
 * a timestamp, reads as of one (get, getWithTimestamp, iterators, history
 * iterators), checked against a model of every version; the full-history
 * bound and compaction; and every misuse answered with an exception.
 */
class UserTimestampsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    private final List<ColumnFamilyHandle> handles = new ArrayList<>();

    /** A DB with "default" (no timestamps) and "ts" (timestamps, in comparator's order, with a string-append merge). */
    private RocksDB open(Path path, BuiltinComparator comparator) throws RocksDBException {
        handles.clear();
        ColumnFamilyOptions ts = new ColumnFamilyOptions().setComparator(comparator)
                .setMergeOperator(new MergeOperator.StringAppendOperator());
        return RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true), path,
                List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("ts"), ts)), handles);
    }

    private static ReadOptions at(long timestamp) {
        return new ReadOptions().setTimestamp(timestamp);
    }

    // ---- the model -------------------------------------------------------------------------

    /** A key's versions: timestamp → value, null for a deletion. */
    private static final class Model {
        final TreeMap<byte[], NavigableMap<Long, byte[]>> keys;

        Model(Comparator<byte[]> order) {
            keys = new TreeMap<>(order);
        }

        void write(byte[] key, long ts, byte[] valueOrNull) {
            keys.computeIfAbsent(key, k -> new TreeMap<>()).put(ts, valueOrNull);
        }

        /** The newest version at or below ts, or null if none. */
        Map.Entry<Long, byte[]> at(byte[] key, long ts) {
            NavigableMap<Long, byte[]> versions = keys.get(key);
            return versions == null ? null : versions.floorEntry(ts);
        }
    }

    private static Comparator<byte[]> order(BuiltinComparator comparator) {
        Comparator<byte[]> bytewise = Arrays::compareUnsigned;
        return comparator == BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR_WITH_U64_TS ? bytewise.reversed() : bytewise;
    }

    @ParameterizedTest
    @EnumSource(value = BuiltinComparator.class, names = {"BYTEWISE_COMPARATOR_WITH_U64_TS", "REVERSE_BYTEWISE_COMPARATOR_WITH_U64_TS"})
    void randomVersionsReadAtRandomTimestampsAgreeWithTheModel(BuiltinComparator comparator) throws Exception {
        Model model = new Model(order(comparator));
        Random random = new Random(20261127L + comparator.ordinal());
        // binary keys: zero bytes, 0xFF, prefixes of one another, the empty key
        List<byte[]> keys = new ArrayList<>();
        keys.add(new byte[0]);
        keys.add(new byte[]{0});
        keys.add(new byte[]{0, 0});
        keys.add(new byte[]{(byte) 0xFF});
        keys.add(new byte[]{(byte) 0xFF, 0});
        for (int i = 0; i < 35; i++) keys.add(randomBytes(random.nextLong(), 1 + random.nextInt(12)));
        try (RocksDB db = open(dir, comparator)) {
            ColumnFamilyHandle cf = handles.get(1);
            assertEquals(0, db.getFullHistoryTsLow(cf));
            long now = 0;
            for (int round = 0; round < 6; round++) {
                for (int op = 0; op < 250; op++) {
                    now += 1 + random.nextInt(3);
                    byte[] key = keys.get(random.nextInt(keys.size()));
                    if (random.nextInt(4) == 0) {
                        db.delete(cf, key, now);
                        model.write(key, now, null);
                    } else {
                        byte[] value = randomBytes(random.nextLong(), random.nextInt(40));
                        db.put(cf, key, now, value);
                        model.write(key, now, value);
                    }
                }
                // history must survive flushes and compactions while the full-history bound is unset
                if (round == 2) db.flush(new FlushOptions().setWaitForFlush(true), cf);
                if (round == 4) {
                    db.flush(new FlushOptions().setWaitForFlush(true), cf);
                    db.compactRange(cf, null, null, new CompactRangeOptions()
                            .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce));
                }
                for (int read = 0; read < 12; read++) {
                    long ts = random.nextLong(now + 2);
                    compareReads(db, cf, model, keys, ts);
                    long from = random.nextLong(ts + 1);
                    compareHistory(db, cf, model, from, ts);
                }
                compareReads(db, cf, model, keys, Long.MAX_VALUE);
            }
        }
    }

    private static void compareReads(RocksDB db, ColumnFamilyHandle cf, Model model, List<byte[]> keys, long ts)
            throws RocksDBException {
        ReadOptions ro = at(ts);
        for (byte[] key : keys) {
            Map.Entry<Long, byte[]> expected = model.at(key, ts);
            byte[] expectedValue = expected == null ? null : expected.getValue();
            String where = "key " + Arrays.toString(key) + " at " + ts;
            assertArrayEquals(expectedValue, db.get(cf, ro, key), where);
            TimestampedValue got = db.getWithTimestamp(cf, ro, key);
            if (expectedValue == null) {
                assertNull(got, where);
            } else {
                assertNotNull(got, where);
                assertArrayEquals(expectedValue, got.value(), where);
                assertEquals(expected.getKey(), got.timestamp(), where);
            }
        }
        // the iterator, both ways: the newest live version of each key, in the family's order
        List<byte[]> liveKeys = new ArrayList<>();
        for (byte[] key : model.keys.keySet()) {
            Map.Entry<Long, byte[]> e = model.at(key, ts);
            if (e != null && e.getValue() != null) liveKeys.add(key);
        }
        try (RocksIterator it = db.newIterator(cf, ro)) {
            int i = 0;
            for (it.seekToFirst(); it.isValid(); it.next(), i++) {
                assertTrue(i < liveKeys.size(), "more entries than the model at " + ts);
                byte[] key = liveKeys.get(i);
                Map.Entry<Long, byte[]> e = model.at(key, ts);
                assertArrayEquals(key, it.keyBytes(), "entry " + i + " at " + ts);
                assertArrayEquals(e.getValue(), it.valueBytes());
                assertEquals(e.getKey(), it.timestamp());
                assertFalse(it.isTombstone());
            }
            it.status();
            assertEquals(liveKeys.size(), i, "entries at " + ts);
            i = liveKeys.size() - 1;
            for (it.seekToLast(); it.isValid(); it.prev(), i--) {
                assertArrayEquals(liveKeys.get(i), it.keyBytes(), "backwards, entry " + i + " at " + ts);
                assertEquals(model.at(liveKeys.get(i), ts).getKey(), it.timestamp());
            }
            it.status();
            assertEquals(-1, i);
        }
    }

    /** Every version in [from, to], tombstones included, keys in order, newest version first. */
    private static void compareHistory(RocksDB db, ColumnFamilyHandle cf, Model model, long from, long to)
            throws RocksDBException {
        List<String> expected = new ArrayList<>();
        for (Map.Entry<byte[], NavigableMap<Long, byte[]>> k : model.keys.entrySet()) {
            for (Map.Entry<Long, byte[]> v : k.getValue().subMap(from, true, to, true).descendingMap().entrySet()) {
                expected.add(Arrays.toString(k.getKey()) + "@" + v.getKey() + "="
                        + (v.getValue() == null ? "deleted" : Arrays.toString(v.getValue())));
            }
        }
        List<String> actual = new ArrayList<>();
        try (RocksIterator it = db.newIterator(cf, at(to).setIterStartTs(from))) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                boolean deleted = it.isTombstone();
                if (deleted) assertEquals(0, it.valueBytes().length);
                actual.add(Arrays.toString(it.keyBytes()) + "@" + it.timestamp() + "="
                        + (deleted ? "deleted" : Arrays.toString(it.valueBytes())));
            }
            it.status();
        }
        assertEquals(expected, actual, "history in [" + from + ", " + to + "]");
    }

    @Test
    void readsAtAFixedTimestampNeverChangeWhileAnotherThreadWritesNewerVersions() throws Exception {
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            ColumnFamilyHandle cf = handles.get(1);
            int keys = 50;
            for (int i = 0; i < keys; i++) db.put(cf, bytes("key" + i), 100, bytes("at100-" + i));
            java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    for (int round = 0; round < 40; round++) {
                        for (int i = 0; i < keys; i++) {
                            long ts = 200 + round * keys + i;
                            if (i % 3 == 0) db.delete(cf, bytes("key" + i), ts);
                            else db.put(cf, bytes("key" + i), ts, bytes("later-" + ts));
                        }
                        if (round == 20) db.flush(new FlushOptions().setWaitForFlush(true), cf);
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            writer.start();
            ReadOptions at150 = at(150);
            int passes = 0;
            do {
                passes++;
                for (int i = 0; i < keys; i++) {
                    TimestampedValue v = db.getWithTimestamp(cf, at150, bytes("key" + i));
                    assertEquals(new TimestampedValue(bytes("at100-" + i), 100), v);
                }
                try (RocksIterator it = db.newIterator(cf, at150)) {
                    int n = 0;
                    for (it.seekToFirst(); it.isValid(); it.next(), n++) {
                        assertEquals(100, it.timestamp());
                        assertTrue(string(it.valueBytes()).startsWith("at100-"));
                    }
                    it.status();
                    assertEquals(keys, n);
                }
            } while (writer.isAlive() || passes < 2);
            writer.join();
            assertNull(failure.get());
            assertNull(db.get(cf, at(Long.MAX_VALUE), bytes("key0")));
            assertEquals("later-" + (200 + 39 * keys + 1), string(db.get(cf, at(Long.MAX_VALUE), bytes("key1"))));
        }
    }

    // ---- the full-history bound ------------------------------------------------------------

    @Test
    void historyBelowTheFullHistoryBoundIsDroppedByCompactionAndHistoryAboveItKept() throws Exception {
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            ColumnFamilyHandle cf = handles.get(1);
            byte[] k = bytes("k");
            byte[] gone = bytes("gone");
            db.put(cf, k, 10, bytes("v10"));
            db.put(cf, k, 20, bytes("v20"));
            db.put(cf, k, 30, bytes("v30"));
            db.put(cf, gone, 12, bytes("g12"));
            db.delete(cf, gone, 22);
            db.flush(new FlushOptions().setWaitForFlush(true), cf);

            db.increaseFullHistoryTsLow(cf, 25);
            assertEquals(25, db.getFullHistoryTsLow(cf));
            // not lowered
            RocksDBException lower = assertThrows(RocksDBException.class, () -> db.increaseFullHistoryTsLow(cf, 24));
            assertEquals(Status.Code.InvalidArgument, lower.code());
            assertEquals(25, db.getFullHistoryTsLow(cf));
            // reads at and above the bound see what they saw
            assertEquals(new TimestampedValue(bytes("v20"), 20), db.getWithTimestamp(cf, at(25), k));
            assertEquals("v30", string(db.get(cf, at(31), k)));
            assertNull(db.get(cf, at(25), gone));
            // before compaction, all of it is still there
            assertEquals(List.of("gone@22=deleted", "gone@12=g12", "k@30=v30", "k@20=v20", "k@10=v10"), history(db, cf, 0));

            // rewritten, not merely moved down: a trivial move keeps every version
            db.compactRange(cf, null, null, new CompactRangeOptions()
                    .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce));
            // the versions the bound hides are gone (v10 under v20; g12 and its deletion at 22); the newest
            // version at or below the bound and everything above it are kept; in the last level RocksDB
            // collapses the timestamp of a version below the bound to 0, as it zeroes its sequence number
            assertEquals(List.of("k@30=v30", "k@0=v20"), history(db, cf, 0));
            assertEquals(new TimestampedValue(bytes("v20"), 0), db.getWithTimestamp(cf, at(25), k));
            assertEquals("v20", string(db.get(cf, at(29), k)));
            assertEquals(new TimestampedValue(bytes("v30"), 30), db.getWithTimestamp(cf, at(Long.MAX_VALUE), k));
            assertNull(db.getWithTimestamp(cf, at(40), gone));
            // reads below the bound are refused once a flush or compaction installed it (RocksDB checks
            // the bound its read view carries)
            RocksDBException below = assertThrows(RocksDBException.class, () -> db.get(cf, at(15), k));
            assertEquals(Status.Code.InvalidArgument, below.code());
            assertTrue(below.getMessage().startsWith("Invalid argument: Read timestamp: 15 is smaller than "
                    + "full_history_ts_low: 25"), below.getMessage());
            assertEquals(Status.Code.InvalidArgument,
                    assertThrows(RocksDBException.class, () -> db.getWithTimestamp(cf, at(24), k)).code());
            try (RocksIterator it = db.newIterator(cf, at(24))) {
                it.seekToFirst();
                assertFalse(it.isValid());
                assertEquals(Status.Code.InvalidArgument, assertThrows(RocksDBException.class, it::status).code());
            }
        }
    }

    private static List<String> history(RocksDB db, ColumnFamilyHandle cf, long from) throws RocksDBException {
        List<String> out = new ArrayList<>();
        try (RocksIterator it = db.newIterator(cf, at(Long.MAX_VALUE).setIterStartTs(from))) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                out.add(string(it.keyBytes()) + "@" + it.timestamp() + "=" + (it.isTombstone() ? "deleted" : string(it.valueBytes())));
            }
            it.status();
        }
        return out;
    }

    // ---- the other writes at a timestamp --------------------------------------------------

    @Test
    void mergeSingleDeleteAndDeleteRangeAtATimestamp() throws Exception {
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            ColumnFamilyHandle cf = handles.get(1);
            WriteOptions wo = new WriteOptions();
            db.merge(cf, wo, bytes("m"), 10, bytes("a"));
            db.merge(cf, wo, bytes("m"), 20, bytes("b"));
            assertEquals("a", string(db.get(cf, at(15), bytes("m"))));
            assertEquals("a,b", string(db.get(cf, at(20), bytes("m"))));

            db.put(cf, bytes("s"), 10, bytes("once"));
            db.singleDelete(cf, wo, bytes("s"), 20);
            assertEquals("once", string(db.get(cf, at(19), bytes("s"))));
            assertNull(db.get(cf, at(20), bytes("s")));

            for (String k : List.of("r1", "r2", "r3")) db.put(cf, bytes(k), 30, bytes(k));
            db.deleteRange(cf, wo, bytes("r1"), bytes("r3"), 40);
            assertEquals("r1", string(db.get(cf, at(39), bytes("r1"))));
            assertNull(db.get(cf, at(40), bytes("r1")));
            assertNull(db.get(cf, at(40), bytes("r2")));
            assertEquals("r3", string(db.get(cf, at(40), bytes("r3"))));
            db.put(cf, bytes("r2"), 50, bytes("again"));
            assertEquals("again", string(db.get(cf, at(50), bytes("r2"))));
        }
    }

    @Test
    void fourMebibyteValuesAtTimestampsInMemtableAndFiles() throws Exception {
        byte[] first = randomBytes(1, 4 << 20);
        byte[] second = randomBytes(2, (4 << 20) + 1);
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            ColumnFamilyHandle cf = handles.get(1);
            db.put(cf, bytes("big"), 100, first);
            db.put(cf, bytes("big"), 200, second);
            for (int pass = 0; pass < 2; pass++) {
                TimestampedValue a = db.getWithTimestamp(cf, at(150), bytes("big"));
                assertArrayEquals(first, a.value());
                assertEquals(100, a.timestamp());
                TimestampedValue b = db.getWithTimestamp(cf, at(Long.MAX_VALUE), bytes("big"));
                assertArrayEquals(second, b.value());
                assertEquals(200, b.timestamp());
                assertArrayEquals(first, db.get(cf, at(199), bytes("big")));
                try (RocksIterator it = db.newIterator(cf, at(199))) {
                    it.seekToFirst();
                    assertArrayEquals(first, it.valueBytes());
                    assertEquals(100, it.timestamp());
                }
                db.flush(new FlushOptions().setWaitForFlush(true), cf);
            }
        }
    }

    @Test
    void timestampsPersistAcrossReopenAndTheComparatorCannotChange() throws Exception {
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            db.put(handles.get(1), bytes("k"), 7, bytes("seven"));
            db.put(handles.get(1), bytes("k"), 9, bytes("nine"));
        }
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            assertEquals(new TimestampedValue(bytes("seven"), 7), db.getWithTimestamp(handles.get(1), at(8), bytes("k")));
            assertEquals(new TimestampedValue(bytes("nine"), 9), db.getWithTimestamp(handles.get(1), at(9), bytes("k")));
        }
        RocksDBException e = assertThrows(RocksDBException.class, () -> open(dir, BuiltinComparator.BYTEWISE_COMPARATOR));
        assertEquals(Status.Code.InvalidArgument, e.code());
        assertTrue(e.getMessage().contains("user-defined timestamps"), e.getMessage());
    }

    @Test
    void optionsNameTheComparatorAndPersistFlag() {
        ColumnFamilyOptions o = new ColumnFamilyOptions();
        assertNull(o.builtinComparator());
        assertTrue(o.persistUserDefinedTimestamps());
        o.setComparator(BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR_WITH_U64_TS).setPersistUserDefinedTimestamps(false);
        assertEquals(BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR_WITH_U64_TS, o.builtinComparator());
        assertEquals("rocksdb.ReverseBytewiseComparator.u64ts", o.rawColumnFamilyOption("comparator"));
        assertFalse(o.persistUserDefinedTimestamps());
        assertThrows(IllegalArgumentException.class, () -> o.setComparator((BuiltinComparator) null));

        ReadOptions ro = new ReadOptions();
        assertTrue(ro.timestamp().isEmpty());
        assertEquals(5, ro.setTimestamp(5).timestamp().getAsLong());
        assertEquals(3, new ReadOptions(ro.setIterStartTs(3)).iterStartTs().getAsLong());
        assertTrue(ro.clearTimestamp().timestamp().isEmpty());
        assertTrue(ro.clearIterStartTs().iterStartTs().isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ro.setTimestamp(-1));
        assertEquals("timestamp must not be negative (timestamps are 0 to Long.MAX_VALUE), was -1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ro.setIterStartTs(Long.MIN_VALUE));
        assertThrows(UnsupportedOperationException.class, () -> ReadOptions.DEFAULT.setTimestamp(1));
    }

    // ---- misuse ------------------------------------------------------------------------------

    @Test
    void familiesWithAndWithoutTimestampsRefuseTheOtherKindOfCallWithInvalidArgument() throws Exception {
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            ColumnFamilyHandle plain = handles.get(0);
            ColumnFamilyHandle ts = handles.get(1);
            byte[] k = bytes("k");
            db.put(plain, k, bytes("plain"));
            db.put(ts, k, 1, bytes("one"));

            // a timestamp where the family has none
            invalid(() -> db.put(plain, k, 5, bytes("v")));
            invalid(() -> db.delete(plain, k, 5));
            invalid(() -> db.singleDelete(plain, new WriteOptions(), k, 5));
            invalid(() -> db.merge(plain, new WriteOptions(), k, 5, bytes("v")));
            invalid(() -> db.deleteRange(plain, new WriteOptions(), k, bytes("z"), 5));
            invalid(() -> db.get(plain, at(5), k));
            invalid(() -> db.getWithTimestamp(plain, at(5), k));
            invalid(() -> db.getWithTimestamp(null, at(5), k));
            invalid(() -> db.increaseFullHistoryTsLow(plain, 5));
            invalid(() -> db.getFullHistoryTsLow(plain));
            try (RocksIterator it = db.newIterator(plain)) {
                it.seekToFirst();
                assertTrue(it.isValid());
                invalid(it::timestamp);
                invalid(it::isTombstone);
            }
            // no timestamp where the family has them
            invalid(() -> db.put(ts, k, bytes("v")));
            invalid(() -> db.delete(ts, k));
            invalid(() -> db.merge(ts, k, bytes("v")));
            invalid(() -> db.get(ts, k));
            invalid(() -> db.getWithTimestamp(ts, new ReadOptions(), k));
            try (RocksIterator it = db.newIterator(ts)) {
                it.seekToFirst();
                assertFalse(it.isValid());
                invalid(it::status);
            }
            // a write batch carries no timestamps: refused whole, the plain family's update with it
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(plain, bytes("batched"), bytes("x"));
                batch.put(ts, bytes("longer-than-eight-bytes"), bytes("x"));
                RocksDBException e = invalid(() -> db.write(new WriteOptions(), batch));
                assertTrue(e.getMessage().contains("user-defined timestamps"), e.getMessage());
            }
            try (WriteBatch batch = new WriteBatch()) {
                batch.delete(ts, bytes("s")); // shorter than a timestamp
                invalid(() -> db.write(new WriteOptions(), batch));
            }
            assertNull(db.get(plain, bytes("batched")));
            // nothing was harmed
            assertEquals("plain", string(db.get(plain, k)));
            assertEquals(new TimestampedValue(bytes("one"), 1), db.getWithTimestamp(ts, at(1), k));
            // a batch without the family still writes
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(plain, bytes("batched"), bytes("y"));
                db.write(new WriteOptions(), batch);
            }
            assertEquals("y", string(db.get(plain, bytes("batched"))));
        }
    }

    private static RocksDBException invalid(org.junit.jupiter.api.function.Executable call) {
        RocksDBException e = assertThrows(RocksDBException.class, call);
        assertEquals(Status.Code.InvalidArgument, e.code(), e.getMessage());
        return e;
    }

    @Test
    void badArgumentsAreRefusedBeforeAnyNativeCall() throws Exception {
        try (RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
            ColumnFamilyHandle ts = handles.get(1);
            IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                    () -> db.put(ts, bytes("k"), -5, bytes("v")));
            assertEquals("timestamp must not be negative (timestamps are 0 to Long.MAX_VALUE), was -5", negative.getMessage());
            assertThrows(IllegalArgumentException.class, () -> db.delete(ts, bytes("k"), -1));
            assertThrows(IllegalArgumentException.class, () -> db.deleteRange(ts, new WriteOptions(), bytes("a"), bytes("b"), -1));
            assertThrows(IllegalArgumentException.class, () -> db.increaseFullHistoryTsLow(ts, Long.MIN_VALUE));
            assertThrows(NullPointerException.class, () -> db.put(ts, null, 1, bytes("v")));
            assertThrows(NullPointerException.class, () -> db.put(ts, bytes("k"), 1, null));
            assertThrows(NullPointerException.class, () -> db.put(ts, null, bytes("k"), 1, bytes("v")));
            assertThrows(NullPointerException.class, () -> db.getWithTimestamp(ts, null, bytes("k")));
            assertThrows(NullPointerException.class, () -> db.getWithTimestamp(ts, at(1), null));
            db.put(ts, bytes("k"), 1, bytes("v"));
            try (RocksIterator it = db.newIterator(ts, at(0))) {
                it.seekToFirst();
                assertFalse(it.isValid());
                assertThrows(IllegalStateException.class, it::timestamp);
            }
            // another DB's handle
            try (RocksDB other = open(dir.resolve("other"), BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS)) {
                ColumnFamilyHandle foreign = handles.get(1);
                assertThrows(IllegalArgumentException.class, () -> db.put(foreign, bytes("k"), 1, bytes("v")));
                assertThrows(IllegalArgumentException.class, () -> db.getWithTimestamp(foreign, at(1), bytes("k")));
                assertThrows(IllegalArgumentException.class, () -> db.increaseFullHistoryTsLow(foreign, 1));
                assertThrows(IllegalArgumentException.class, () -> db.getFullHistoryTsLow(foreign));
            }
        }
    }

    @Test
    void theDefaultFamilyWithTimestampsThroughOptions() throws Exception {
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true)
                .setComparator(BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR_WITH_U64_TS))) {
            db.put(null, bytes("a"), 3, bytes("a3"));
            db.put(null, bytes("b"), 4, bytes("b4"));
            assertEquals(new TimestampedValue(bytes("a3"), 3), db.getWithTimestamp(null, at(3), bytes("a")));
            assertNull(db.getWithTimestamp(null, at(3), bytes("b")));
            try (RocksIterator it = db.newIterator(at(9))) {
                it.seekToFirst();
                assertEquals("b", string(it.keyBytes()));  // reverse order
                assertEquals(4, it.timestamp());
            }
            assertEquals(Status.Code.InvalidArgument,
                    assertThrows(RocksDBException.class, () -> db.put(bytes("c"), bytes("v"))).code());
        }
    }

    @Test
    void aTransactionsIteratorRefusesToShowHistory() throws Exception {
        try (TransactionDB db = TransactionDB.open(new Options().setCreateIfMissing(true), new TransactionDBOptions(),
                dir.resolve("txn"));
             Transaction txn = db.beginTransaction(new WriteOptions())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> txn.getIterator(new ReadOptions().setTimestamp(5).setIterStartTs(1)));
            assertEquals("cannot create an iterator: Not implemented: panrocks: a transaction's iterator cannot show "
                    + "history (iter_start_ts)", e.getMessage());
            txn.put(bytes("k"), bytes("v"));
            txn.commit();
        }
    }

    @Test
    void aClosedDbRefusesEveryTimestampCall() throws Exception {
        RocksDB db = open(dir, BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS);
        ColumnFamilyHandle ts = handles.get(1);
        db.put(ts, bytes("k"), 1, bytes("v"));
        RocksIterator it = db.newIterator(ts, at(1));
        it.seekToFirst();
        assertEquals(1, it.timestamp());
        db.close();
        assertThrows(IllegalStateException.class, () -> db.put(ts, bytes("k"), 2, bytes("v")));
        assertThrows(IllegalStateException.class, () -> db.delete(ts, bytes("k"), 2));
        assertThrows(IllegalStateException.class, () -> db.getWithTimestamp(ts, at(2), bytes("k")));
        assertThrows(IllegalStateException.class, () -> db.increaseFullHistoryTsLow(ts, 2));
        assertThrows(IllegalStateException.class, () -> db.getFullHistoryTsLow(ts));
        assertThrows(IllegalStateException.class, it::timestamp);
    }
}
