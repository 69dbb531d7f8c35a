package io.panrocks.callbacks;

import io.panrocks.AbstractComparator;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.DBOptions;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Status;
import io.panrocks.UncheckedRocksDBException;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.callbacks.Fixtures.keys;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Java comparators on the real engine: order, persistence of the name, shortening, failure, threads. */
class ComparatorTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    static Options options(AbstractComparator c) {
        return new Options().setCreateIfMissing(true).setComparator(c);
    }

    @Test
    void ordersPutsIteratorsSeeksFlushesAndCompactions() throws Exception {
        Fixtures.Reverse reverse = new Fixtures.Reverse();
        try (RocksDB db = fixture.open(options(reverse))) {
            for (String k : List.of("b", "a", "c", "ab", "")) db.put(bytes(k), bytes("v" + k));
            List<String> expected = List.of("c", "b", "ab", "a", "");
            assertEquals(expected, keys(db));
            db.flush();
            db.put(bytes("bb"), bytes("vbb"));
            db.flush();
            assertEquals(List.of("c", "bb", "b", "ab", "a", ""), keys(db));
            db.compactRange();
            assertEquals(List.of("c", "bb", "b", "ab", "a", ""), keys(db));
            assertEquals("vab", string(db.get(bytes("ab"))));
            try (RocksIterator it = db.newIterator()) {
                it.seek(bytes("b"));  // the first key >= "b" in reverse order: "b"
                assertEquals("b", string(it.keyBytes()));
                it.seek(bytes("bz"));  // between "c" and "bb" in reverse order
                assertEquals("bb", string(it.keyBytes()));
                it.seekForPrev(bytes("aa"));  // the last key <= "aa": "ab"
                assertEquals("ab", string(it.keyBytes()));
            }
            assertTrue(reverse.compares.get() > 0);
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void aComparatorWithBytewiseSemanticsMatchesTheBuiltIn(@TempDir Path dir) throws Exception {
        Random random = new Random(42);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            byte[] k = new byte[random.nextInt(20)];
            random.nextBytes(k);  // binary keys, bytes above 0x7f included
            keys.add(k);
        }
        List<List<String>> orders = new ArrayList<>();
        for (AbstractComparator c : Arrays.asList(new Fixtures.Bytewise(), null)) {
            Path d = dir.resolve(c == null ? "builtin" : "java");
            Options o = new Options().setCreateIfMissing(true);
            if (c != null) o.setComparator(c);
            try (RocksDB db = RocksDB.open(o, d)) {
                for (byte[] k : keys) db.put(k, k);
                db.flush();
                List<String> order = new ArrayList<>();
                try (RocksIterator it = db.newIterator()) {
                    for (it.seekToFirst(); it.isValid(); it.next()) order.add(Arrays.toString(it.keyBytes()));
                }
                orders.add(order);
            }
        }
        assertEquals(orders.get(1), orders.get(0));
        assertEquals(new TreeSet<>(keys.stream().map(Arrays::toString).toList()).size(), orders.get(0).size());
    }

    @Test
    void reopeningWithAnotherComparatorNameFailsWithRocksDbsError() throws Exception {
        try (RocksDB db = fixture.open(options(new Fixtures.Reverse("test.First")))) {
            db.put(bytes("k"), bytes("v"));
        }
        RocksDBException e = assertThrows(RocksDBException.class,
                () -> RocksDB.open(options(new Fixtures.Reverse("test.Second")), fixture.dir()));
        assertEquals(Status.Code.InvalidArgument, e.code());
        assertTrue(e.getMessage().contains("test.Second") && e.getMessage().contains("test.First"), e.getMessage());
        RocksDBException builtin = assertThrows(RocksDBException.class,
                () -> RocksDB.open(new Options().setCreateIfMissing(true), fixture.dir()));
        assertEquals(Status.Code.InvalidArgument, builtin.code());
        try (RocksDB db = fixture.open(options(new Fixtures.Reverse("test.First")))) {
            assertEquals("v", string(db.get(bytes("k"))));
        }
    }

    @Test
    void eachColumnFamilyHasItsOwnComparator(@TempDir Path dir) throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        List<ColumnFamilyDescriptor> families = List.of(new ColumnFamilyDescriptor(bytes("default")),
                new ColumnFamilyDescriptor(bytes("reverse"), new ColumnFamilyOptions().setComparator(new Fixtures.Reverse())));
        DBOptions o = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        try (RocksDB db = RocksDB.open(o, dir, families, handles)) {
            ColumnFamilyHandle later = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("later"),
                    new ColumnFamilyOptions().setComparator(new Fixtures.Reverse("test.Later"))));
            for (ColumnFamilyHandle h : List.of(handles.get(0), handles.get(1), later)) {
                for (String k : List.of("a", "c", "b")) db.put(h, bytes(k), bytes(k));
            }
            assertEquals(List.of("a", "b", "c"), familyKeys(db, handles.get(0)));
            assertEquals(List.of("c", "b", "a"), familyKeys(db, handles.get(1)));
            assertEquals(List.of("c", "b", "a"), familyKeys(db, later));
            for (ColumnFamilyHandle h : handles) h.close();
            later.close();
        }
    }

    static List<String> familyKeys(RocksDB db, ColumnFamilyHandle family) {
        List<String> keys = new ArrayList<>();
        try (RocksIterator it = db.newIterator(family)) {
            for (it.seekToFirst(); it.isValid(); it.next()) keys.add(string(it.keyBytes()));
        }
        return keys;
    }

    /** Shortens to the first byte that differs; counts, and checks the ranges the engine asks about. */
    static final class Shortening extends Fixtures.Reverse {
        final AtomicInteger separators = new AtomicInteger(), successors = new AtomicInteger();
        final boolean lie;

        Shortening(boolean lie) {
            super("test.Shortening");
            this.lie = lie;
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            return compareBytewise(a, b);
        }

        @Override
        public long findShortestSeparator(MemorySegment start, MemorySegment limit, MemorySegment out) {
            separators.incrementAndGet();
            assertTrue(compareBytewise(start, limit) < 0);
            assertEquals(start.byteSize(), out.byteSize());
            if (lie) {  // a "separator" past the limit: must be ignored
                out.fill((byte) 0xff);
                return out.byteSize();
            }
            long at = MemorySegment.mismatch(start, 0, start.byteSize(), limit, 0, limit.byteSize());
            if (at < 0 || at >= start.byteSize() - 1 || at >= limit.byteSize()) return -1;
            int b = Byte.toUnsignedInt(start.get(ValueLayout.JAVA_BYTE, at));
            if (b == 0xff || b + 1 >= Byte.toUnsignedInt(limit.get(ValueLayout.JAVA_BYTE, at))) return -1;
            MemorySegment.copy(start, 0, out, 0, at);
            out.set(ValueLayout.JAVA_BYTE, at, (byte) (b + 1));
            return at + 1;
        }

        @Override
        public long findShortSuccessor(MemorySegment key, MemorySegment out) {
            successors.incrementAndGet();
            return lie ? 0 : -1;  // the empty key is smaller: must be ignored
        }
    }

    @Test
    void shorteningIsUsedWhenInRangeAndIgnoredWhenNot(@TempDir Path dir) throws Exception {
        for (boolean lie : List.of(false, true)) {
            Shortening c = new Shortening(lie);
            Path d = dir.resolve("lie-" + lie);
            Options o = options(c);
            o.setTableFormatConfig(new io.panrocks.BlockBasedTableConfig().setBlockSize(256)); // many separators
            try (RocksDB db = RocksDB.open(o, d)) {
                for (int i = 0; i < 3_000; i++) db.put(bytes(String.format("key%06d-padding", i * 7)), bytes("v" + i));
                db.flush();
                db.compactRange();
                for (int i = 0; i < 3_000; i += 97) {
                    assertEquals("v" + i, string(db.get(bytes(String.format("key%06d-padding", i * 7)))), "lie=" + lie);
                    assertNull(db.get(bytes(String.format("key%06d-padding", i * 7 + 1))));
                }
                assertEquals(3_000, keys(db).size());
                assertTrue(c.separators.get() > 0, "separators asked for");
                assertNull(db.callbackFailure());
            }
        }
    }

    @Test
    void keysSeenByACompareAreDeadAfterItReturns() throws Exception {
        Fixtures.Reverse c = new Fixtures.Reverse();
        try (RocksDB db = fixture.open(options(c))) {
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("b"), bytes("2"));
            MemorySegment kept = c.kept;
            assertNotNull(kept);
            assertFalse(kept.scope().isAlive());
            assertThrows(IllegalStateException.class, () -> kept.get(ValueLayout.JAVA_BYTE, 0));
            assertTrue(kept.isReadOnly());
        }
    }

    @Test
    void largeEmptyAndBinaryKeys() throws Exception {
        try (RocksDB db = fixture.open(options(new Fixtures.Reverse()))) {
            byte[] big = new byte[4 << 20];
            new Random(1).nextBytes(big);
            byte[] bigger = big.clone();
            bigger[bigger.length - 1]++;
            db.put(big, bytes("big"));
            db.put(bigger, bytes("bigger"));
            db.put(new byte[0], bytes("empty"));
            db.put(new byte[]{(byte) 0xff, 0}, bytes("ff00"));
            db.flush();
            assertEquals("big", string(db.get(big)));
            assertEquals("bigger", string(db.get(bigger)));
            assertEquals("empty", string(db.get(new byte[0])));
            assertEquals("ff00", string(db.get(new byte[]{(byte) 0xff, 0})));
            try (RocksIterator it = db.newIterator()) {
                it.seekToLast();
                assertEquals(0, it.keyBytes().length);  // the empty key sorts last in reverse order
            }
        }
    }

    @Test
    void manyThreadsAtOnce() throws Exception {
        Fixtures.Reverse c = new Fixtures.Reverse();
        Options o = options(c).setWriteBufferSize(256 << 10);  // flushes while the threads run
        try (RocksDB db = fixture.open(o); ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int id = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 5_000; i++) {
                        byte[] k = bytes("t" + id + "-" + i);
                        db.put(k, k);
                        assertArrayEquals(k, db.get(k));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
            List<String> all = keys(db);
            assertEquals(20_000, all.size());
            List<String> sorted = new ArrayList<>(all);
            sorted.sort((a, b) -> -Arrays.compareUnsigned(bytes(a), bytes(b)));
            assertEquals(sorted, all);
            assertNull(db.callbackFailure());
        }
    }

    /** Bytewise and so consistent with the fallback; throws on one key. */
    static final class PoisonedBytewise extends Fixtures.Reverse {
        PoisonedBytewise() {
            super("test.PoisonedBytewise");
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            String p = poison;
            if (p != null && (is(a, p) || is(b, p))) throw new IllegalStateException("poisoned key " + p);
            return compareBytewise(a, b);
        }
    }

    @Test
    void aThrowingComparatorFailsTheDbAndNothingItOrderedReachesDisk() throws Exception {
        PoisonedBytewise c = new PoisonedBytewise();
        Fixtures.Recorder events = new Fixtures.Recorder();
        Options o = options(c).setListeners(List.of(events));
        try (RocksDB db = fixture.open(o)) {
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("c"), bytes("3"));
            c.poison = "boom";
            db.put(bytes("boom"), bytes("x"));  // compared in the memtable insert: the DB fails
            Throwable first = db.callbackFailure();
            assertTrue(first instanceof IllegalStateException && first.getMessage().contains("poisoned"), "" + first);
            RocksDBException refused = assertThrows(RocksDBException.class, () -> db.put(bytes("d"), bytes("4")));
            assertEquals(Status.Code.IOError, refused.code());
            assertTrue(refused.getMessage().contains("test.PoisonedBytewise"), refused.getMessage());
            assertTrue(refused.getMessage().contains("poisoned key boom"), refused.getMessage());
            assertThrows(RocksDBException.class, db::flush);
            assertTrue(events.errorReasons.contains(BackgroundErrorReason.WRITE_CALLBACK), events.errorReasons::toString);
            assertEquals(Status.Code.IOError, events.errors.get(0).code());
            assertEquals("1", string(db.get(bytes("a"))));  // reads go on
            assertTrue(db.callbackFailureCount() >= 1);
        } catch (UncheckedRocksDBException closing) {
            // the close may report the background error; the DB is closed regardless
        }
        c.poison = null;
        try (RocksDB db = fixture.open(options(c))) {
            assertEquals("1", string(db.get(bytes("a"))));
            assertEquals("3", string(db.get(bytes("c"))));
            assertEquals("x", string(db.get(bytes("boom"))));  // acknowledged before the failure: in the WAL
            assertNull(db.get(bytes("d")));
            db.put(bytes("d"), bytes("4"));
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void aComparatorCallingItsOwnDbIsRefused() throws Exception {
        AtomicReference<RocksDB> self = new AtomicReference<>();
        AtomicReference<Throwable> seen = new AtomicReference<>();
        AbstractComparator nosy = new AbstractComparator() {
            @Override
            public String name() {
                return "test.Nosy";
            }

            @Override
            public int compare(MemorySegment a, MemorySegment b) {
                RocksDB db = self.get();
                if (db != null && (Fixtures.Reverse.is(a, "call") || Fixtures.Reverse.is(b, "call"))) { // either side: engines differ
                    try {
                        db.get(bytes("x"));
                    } catch (Throwable t) {
                        seen.compareAndSet(null, t);
                    }
                }
                return compareBytewise(a, b);
            }
        };
        try (RocksDB db = fixture.open(options(nosy))) {
            db.put(bytes("a"), bytes("1"));
            self.set(db);
            db.put(bytes("call"), bytes("2"));
            assertTrue(seen.get() instanceof IllegalStateException, "" + seen.get());
            assertTrue(seen.get().getMessage().contains("own callbacks"), seen.get().getMessage());
            self.set(null);
            db.put(bytes("after"), bytes("3"));  // caught by the comparator: not a failure
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void badNamesAreRefusedBeforeTheOpen(@TempDir Path dir) {
        for (String bad : Arrays.asList("", "a\0b", "panrocks.callback.3", null)) {
            Options o = options(new Fixtures.Reverse(bad));
            assertThrows(IllegalArgumentException.class, () -> RocksDB.open(o, dir), "name " + bad);
        }
        assertThrows(IllegalArgumentException.class, () -> new Options().setComparator((AbstractComparator) null));
        assertThrows(IllegalArgumentException.class,
                () -> new Options().setRawColumnFamilyOption("comparator", "panrocks.callback.1"));
    }

    @Test
    void optionsKeepTheComparatorAndARawValueReplacesIt() {
        Fixtures.Reverse c = new Fixtures.Reverse();
        Options o = new Options().setComparator(c);
        assertSame(c, o.comparator());
        assertSame(c, new ColumnFamilyOptions(o).comparator());
        o.setRawColumnFamilyOption("comparator", "rocksdb.ReverseBytewiseComparator");
        assertNull(o.comparator());
        o.setComparator(c);
        assertNull(o.rawColumnFamilyOption("comparator"));
    }
}
