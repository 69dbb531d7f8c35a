package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.WideColumnsTest.assumeWideColumns;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Batched and selective entity reads: multiGetEntity (RocksDB's
 * MultiGetEntity in one crossing, every key's columns pinned in one
 * PinnedEntities) and column selection filtered in the native call, for
 * getEntity and multiGetEntity. Each result is checked against getEntity
 * of the same key, filtered in Java.
 */
class MultiGetEntityTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withColumnFamilies("wide");
    private RocksDB db;
    @TempDir
    Path scratch;

    private static final byte[] BINARY_NAME = {0, (byte) 0xff, 0, 1};

    @BeforeEach
    void open() {
        db = fixture.db();
    }

    private static WideColumn col(String name, String value) {
        return WideColumn.of(name, bytes(value));
    }

    /** Columns as "name=value" text, names in hex when binary, for readable failures. */
    private static List<String> text(List<WideColumn> columns) {
        if (columns == null) return null;
        List<String> out = new ArrayList<>();
        for (WideColumn c : columns) {
            byte[] name = c.nameBytes();
            boolean printable = true;
            for (byte b : name) printable &= b >= 0x20 && b < 0x7f;
            out.add((printable ? new String(name) : "0x" + java.util.HexFormat.of().formatHex(name)) + "="
                    + (c.value().byteSize() > 64 ? c.value().byteSize() + " bytes" : new String(c.valueBytes())));
        }
        return out;
    }

    /** What a selective read must return: getEntity's columns whose names are selected (null: all). */
    private List<String> expected(ColumnFamilyHandle cf, ReadOptions ro, byte[] key, List<byte[]> names) throws RocksDBException {
        try (PinnedEntity e = db.getEntity(cf, ro, key)) {
            if (e == null) return null;
            List<WideColumn> kept = new ArrayList<>();
            for (WideColumn c : e.columns()) {
                if (names == null || names.stream().anyMatch(n -> Arrays.equals(n, c.nameBytes()))) kept.add(c);
            }
            return text(kept);
        }
    }

    /** A mix: entities with and without a default column, binary and empty names/values, a plain value, an empty entity. */
    private List<byte[]> writeMix(ColumnFamilyHandle cf) throws RocksDBException {
        db.putEntity(cf, bytes("e1"), List.of(col("name", "alice"), col("", "summary"), col("age", "31")));
        db.putEntity(cf, bytes("e2"), List.of(col("name", "bob"), WideColumn.of(BINARY_NAME, new byte[0])));
        db.putEntity(cf, bytes("e3"), List.of());
        db.put(cf, bytes("plain"), bytes("flat"));
        db.putEntity(cf, new byte[0], List.of(col("", ""), col("x", "empty key")));
        return List.of(bytes("e1"), bytes("missing"), bytes("e2"), bytes("e3"), bytes("plain"), new byte[0], bytes("e1"));
    }

    private void assertSameAsGetEntity(ColumnFamilyHandle cf, ReadOptions ro, List<byte[]> keys, List<byte[]> names,
                                       PinnedEntities result) throws RocksDBException {
        assertEquals(keys.size(), result.size());
        for (int i = 0; i < keys.size(); i++) {
            List<String> want = expected(cf, ro, keys.get(i), names);
            assertEquals(want, text(result.columns(i)), "key " + i);
            assertEquals(want != null, result.isFound(i));
            assertEquals(want != null ? Status.Code.Ok : Status.Code.NotFound, result.status(i).code());
        }
    }

    @Test
    void multiGetEntityMatchesGetEntityPerKeyInMemtableAndFiles() throws Exception {
        assumeWideColumns();
        ColumnFamilyHandle wide = fixture.family("wide");
        List<byte[]> keys = writeMix(null);
        writeMix(wide);
        db.putEntity(wide, bytes("e1"), List.of(col("only", "in wide")));
        for (int round = 0; round < 2; round++) {
            try (PinnedEntities r = db.multiGetEntity(keys)) {
                assertSameAsGetEntity(null, ReadOptions.DEFAULT, keys, null, r);
                // duplicates each get theirs; views are read-only
                assertEquals(text(r.columns(0)), text(r.columns(6)));
                assertTrue(r.columns(0).get(0).value().isReadOnly());
                assertNull(r.columns(1));
                assertNull(r.value(1, bytes("name")));
                assertEquals("alice", new String(r.value(0, bytes("name")).toArray(ValueLayout.JAVA_BYTE)));
                assertEquals("summary", new String(r.value(0, WideColumn.DEFAULT_NAME).toArray(ValueLayout.JAVA_BYTE)));
                assertEquals(List.of(), r.columns(3), "an empty entity is found with no columns");
                assertEquals(List.of("=flat"), text(r.columns(4)), "a plain value is its default column");
            }
            try (PinnedEntities r = db.multiGetEntity(wide, new ReadOptions(), keys)) {
                assertSameAsGetEntity(wide, ReadOptions.DEFAULT, keys, null, r);
                assertEquals(List.of("only=in wide"), text(r.columns(0)));
            }
            // per-key families: the same key read in both
            List<ColumnFamilyHandle> families = Arrays.asList(null, wide, fixture.family("default"), wide);
            List<byte[]> perKey = List.of(bytes("e1"), bytes("e1"), bytes("plain"), bytes("missing"));
            try (PinnedEntities r = db.multiGetEntity(new ReadOptions(), families, perKey)) {
                for (int i = 0; i < perKey.size(); i++) {
                    assertEquals(expected(families.get(i), ReadOptions.DEFAULT, perKey.get(i), null), text(r.columns(i)), "key " + i);
                }
                assertEquals(List.of("only=in wide"), text(r.columns(1)));
                assertEquals(Status.Code.NotFound, r.status(3).code());
            }
            db.flush();
            db.flush(new FlushOptions(), wide);
            db.compactRange();
        }
        try (PinnedEntities r = db.multiGetEntity(List.of())) {
            assertEquals(0, r.size());
            assertThrows(IndexOutOfBoundsException.class, () -> r.status(0));
        }
    }

    @Test
    void columnSelectionIsFilteredNativelyWithTheDefaultColumnSelectable() throws Exception {
        assumeWideColumns();
        List<byte[]> keys = writeMix(null);
        List<List<byte[]>> selections = List.of(
                List.of(bytes("name")),
                List.of(WideColumn.DEFAULT_NAME),
                List.of(bytes("name"), WideColumn.DEFAULT_NAME, bytes("name")),      // listed twice: once
                List.of(BINARY_NAME, bytes("age"), bytes("absent")),                // any order, absent skipped
                List.of(bytes("nam"), bytes("names"), bytes("x")),                  // prefixes are other names
                List.of());                                                         // none
        for (int round = 0; round < 2; round++) {
            for (List<byte[]> names : selections) {
                for (byte[] key : keys) {
                    try (PinnedEntity e = db.getEntity(null, ReadOptions.DEFAULT, key, names)) {
                        assertEquals(expected(null, ReadOptions.DEFAULT, key, names), e == null ? null : text(e.columns()));
                    }
                }
                try (PinnedEntities r = db.multiGetEntity(null, ReadOptions.DEFAULT, keys, names)) {
                    assertSameAsGetEntity(null, ReadOptions.DEFAULT, keys, names, r);
                }
                try (PinnedEntities r = db.multiGetEntity(ReadOptions.DEFAULT, Collections.nCopies(keys.size(), null), keys, names)) {
                    assertSameAsGetEntity(null, ReadOptions.DEFAULT, keys, names, r);
                }
            }
            db.flush();
        }
        try (PinnedEntity e = db.getEntity(null, ReadOptions.DEFAULT, bytes("e1"), List.of(bytes("age"), bytes("name")))) {
            assertEquals(List.of("age=31", "name=alice"), text(e.columns()));
            assertNull(e.defaultValue(), "the default column was not selected");
        }
        try (PinnedEntities r = db.multiGetEntity(null, ReadOptions.DEFAULT, List.of(bytes("e2")), List.of(BINARY_NAME))) {
            assertEquals(1, r.columns(0).size());
            assertArrayEquals(BINARY_NAME, r.columns(0).get(0).nameBytes());
            assertEquals(0, r.value(0, BINARY_NAME).byteSize());
        }
        // the selection list is copied: changing it afterwards changes nothing
        List<byte[]> mutable = new ArrayList<>(List.of(bytes("name")));
        try (PinnedEntities r = db.multiGetEntity(null, ReadOptions.DEFAULT, keys, mutable)) {
            mutable.set(0, bytes("age"));
            assertEquals(List.of("name=alice"), text(r.columns(0)));
        }
    }

    @Test
    void fourMebibyteColumnsComeBackWhole() throws Exception {
        assumeWideColumns();
        byte[] big1 = randomBytes(11, 4 << 20), big2 = randomBytes(12, 4 << 20);
        db.putEntity(bytes("big"), List.of(WideColumn.of(bytes("a"), big1), WideColumn.of(bytes("b"), big2), col("c", "small")));
        db.put(bytes("bigplain"), big2);
        for (int round = 0; round < 2; round++) {
            try (PinnedEntities r = db.multiGetEntity(List.of(bytes("big"), bytes("bigplain"), bytes("big")))) {
                assertArrayEquals(big1, r.value(0, bytes("a")).toArray(ValueLayout.JAVA_BYTE));
                assertArrayEquals(big2, r.value(0, bytes("b")).toArray(ValueLayout.JAVA_BYTE));
                assertArrayEquals(big2, r.value(1, WideColumn.DEFAULT_NAME).toArray(ValueLayout.JAVA_BYTE));
                assertArrayEquals(big1, r.value(2, bytes("a")).toArray(ValueLayout.JAVA_BYTE));
            }
            try (PinnedEntities r = db.multiGetEntity(null, ReadOptions.DEFAULT, List.of(bytes("big")), List.of(bytes("b")))) {
                assertEquals(1, r.columns(0).size());
                assertArrayEquals(big2, r.columns(0).get(0).valueBytes());
            }
            try (PinnedEntity e = db.getEntity(null, ReadOptions.DEFAULT, bytes("big"), List.of(bytes("a"), bytes("c")))) {
                assertEquals(List.of("a=" + (4 << 20) + " bytes", "c=small"), text(e.columns()));
                assertArrayEquals(big1, e.value(bytes("a")).toArray(ValueLayout.JAVA_BYTE));
            }
            db.flush();
        }
    }

    @Test
    void tenThousandKeysInOneCall() throws Exception {
        assumeWideColumns();
        int n = 10_000;
        List<byte[]> keys = new ArrayList<>(n);
        try (WriteBatch batch = new WriteBatch()) {
            for (int i = 0; i < n; i++) {
                byte[] key = bytes(String.format("k%06d", i));
                keys.add(key);
                if (i % 3 == 2) continue; // every third key absent
                batch.putEntity(key, List.of(col("id", Integer.toString(i)), col("", "d" + i)));
            }
            db.write(new WriteOptions(), batch);
        }
        db.flush();
        List<byte[]> idOnly = List.of(bytes("id"));
        try (PinnedEntities r = db.multiGetEntity(null, ReadOptions.DEFAULT, keys, idOnly)) {
            assertEquals(n, r.size());
            for (int i = 0; i < n; i++) {
                if (i % 3 == 2) {
                    assertEquals(Status.Code.NotFound, r.status(i).code(), "key " + i);
                } else {
                    assertEquals(List.of("id=" + i), text(r.columns(i)), "key " + i);
                }
            }
        }
    }

    @Test
    void snapshotsAndPerKeyErrorsKeepRocksDbsStatus() throws Exception {
        assumeWideColumns();
        db.putEntity(bytes("a"), List.of(col("v", "old")));
        Snapshot snapshot = db.getSnapshot();
        db.putEntity(bytes("a"), List.of(col("v", "new")));
        try (PinnedEntities r = db.multiGetEntity(null, new ReadOptions().setSnapshot(snapshot), List.of(bytes("a")))) {
            assertEquals(List.of("v=old"), text(r.columns(0)));
        }
        db.releaseSnapshot(snapshot);

        // a merge operator that refuses: the merged key fails with RocksDB's status, the others do not
        // (RocksDB's MultiGet does I/O even for a memory-only read tier, so that is no way to fail one key)
        AssociativeMergeOperator refusing = AssociativeMergeOperator.of("test.Refusing", (k, left, right, result) -> false);
        try (RocksDB merging = RocksDB.open(new Options().setCreateIfMissing(true).setMergeOperator(refusing),
                scratch.resolve("merging"))) {
            merging.put(bytes("bad"), bytes("x"));
            merging.merge(bytes("bad"), bytes("y"));
            merging.putEntity(bytes("good"), List.of(col("v", "fine")));
            try (PinnedEntities r = merging.multiGetEntity(List.of(bytes("good"), bytes("bad"), bytes("absent")))) {
                Status s = r.status(1);
                assertEquals(Status.Code.Corruption, s.code(), s.toString());
                assertFalse(r.isFound(1));
                RocksDBException e = assertThrows(RocksDBException.class, () -> r.columns(1),
                        "a failed key is never mistaken for an absent one");
                assertEquals(s, e.getStatus());
                assertThrows(RocksDBException.class, () -> r.value(1, bytes("v")));
                // the status a single GetEntity of the key gets: code, subcode and message
                RocksDBException single = assertThrows(RocksDBException.class, () -> merging.getEntity(bytes("bad")));
                assertEquals(single.getStatus().code(), s.code());
                assertEquals(single.getStatus().subCode(), s.subCode());
                assertEquals(single.getStatus().state(), s.state());
                assertEquals(List.of("v=fine"), text(r.columns(0)), "one key's failure fails no other");
                assertEquals(Status.Code.NotFound, r.status(2).code());
            }
        }
    }

    @Test
    void aTtlDbRefusesBatchedAndSelectiveEntityReads() throws Exception {
        assumeWideColumns();
        try (TtlDB ttl = TtlDB.open(new Options().setCreateIfMissing(true), scratch.resolve("ttl"), 3600, false)) {
            ttl.put(bytes("k"), bytes("v"));
            RocksDBException batch = assertThrows(RocksDBException.class, () -> ttl.multiGetEntity(List.of(bytes("k"))));
            assertEquals(Status.Code.NotSupported, batch.code());
            assertTrue(batch.getMessage().contains("TTL"), batch.getMessage());
            assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class,
                    () -> ttl.getEntity(null, ReadOptions.DEFAULT, bytes("k"), List.of(WideColumn.DEFAULT_NAME))).code());
            assertArrayEquals(bytes("v"), ttl.get(bytes("k")), "the refused reads left the DB usable");
        }
    }

    @Test
    void badInputIsRefusedBeforeTheEngine() throws Exception {
        assumeWideColumns();
        List<byte[]> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> db.multiGetEntity(null));
        assertThrows(NullPointerException.class, () -> db.multiGetEntity(withNull));
        assertThrows(NullPointerException.class, () -> db.multiGetEntity((ColumnFamilyHandle) null, null, List.of(bytes("k"))));
        assertThrows(NullPointerException.class, () -> db.multiGetEntity(ReadOptions.DEFAULT, null, List.of(bytes("k"))));
        assertThrows(NullPointerException.class, () -> db.multiGetEntity(null, ReadOptions.DEFAULT, List.of(bytes("k")), withNull));
        assertThrows(NullPointerException.class, () -> db.getEntity(null, ReadOptions.DEFAULT, bytes("k"), null));
        assertThrows(NullPointerException.class, () -> db.getEntity(null, ReadOptions.DEFAULT, bytes("k"), withNull));
        assertThrows(NullPointerException.class, () -> db.getEntity(null, ReadOptions.DEFAULT, null, List.of()));
        IllegalArgumentException sizes = assertThrows(IllegalArgumentException.class,
                () -> db.multiGetEntity(ReadOptions.DEFAULT, List.of(fixture.family("wide")), List.of(bytes("a"), bytes("b"))));
        assertEquals("columnFamilies and keys differ in size: 1 and 2", sizes.getMessage());
        // another DB's family handle
        RocksDB other = fixture.other();
        assertThrows(IllegalArgumentException.class, () -> other.multiGetEntity(fixture.family("wide"), ReadOptions.DEFAULT, List.of(bytes("k"))));
        assertThrows(IllegalArgumentException.class,
                () -> other.multiGetEntity(ReadOptions.DEFAULT, List.of(fixture.family("wide")), List.of(bytes("k"))));
        assertThrows(IllegalArgumentException.class,
                () -> other.getEntity(fixture.family("wide"), ReadOptions.DEFAULT, bytes("k"), List.of()));
        // a closed family handle
        ColumnFamilyHandle extra = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("extra")));
        extra.close();
        assertThrows(IllegalStateException.class, () -> db.multiGetEntity(extra, ReadOptions.DEFAULT, List.of(bytes("k"))));
        assertThrows(IllegalStateException.class,
                () -> db.multiGetEntity(ReadOptions.DEFAULT, Arrays.asList(null, extra), List.of(bytes("k"), bytes("k"))));
    }

    @Test
    void closedDbRefusesAndReleasesTheResult() throws Exception {
        assumeWideColumns();
        db.putEntity(bytes("k"), List.of(col("a", "1")));
        PinnedEntities r = db.multiGetEntity(List.of(bytes("k")));
        MemorySegment view = r.value(0, bytes("a"));
        db.close();
        assertThrows(IllegalStateException.class, () -> db.multiGetEntity(List.of(bytes("k"))));
        assertThrows(IllegalStateException.class, () -> db.getEntity(null, ReadOptions.DEFAULT, bytes("k"), List.of()));
        // the DB's close on the owner's thread released it, views included
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, r::size);
        assertThrows(IllegalStateException.class, () -> r.columns(0));
        r.close();
    }

    @Test
    void resultsAreConfinedAndDieWithClose() throws Exception {
        assumeWideColumns();
        byte[] value = randomBytes(5, 30_000);
        db.putEntity(bytes("k"), List.of(WideColumn.of(bytes("v"), value)));
        db.flush();
        PinnedEntities r = db.multiGetEntity(List.of(bytes("k"), bytes("k")));
        List<WideColumn> columns = r.columns(0);
        MemorySegment view = r.value(1, bytes("v"));
        db.put(bytes("k"), bytes("overwritten"));
        db.flush();
        db.compactRange();
        assertArrayEquals(value, view.toArray(ValueLayout.JAVA_BYTE), "the result is the entity as it was read");
        AtomicReference<Throwable> read = new AtomicReference<>(), closed = new AtomicReference<>(), viewRead = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                r.columns(0);
            } catch (Throwable x) {
                read.set(x);
            }
            try {
                view.get(ValueLayout.JAVA_BYTE, 0);
            } catch (Throwable x) {
                viewRead.set(x);
            }
            try {
                r.close();
            } catch (Throwable x) {
                closed.set(x);
            }
        });
        t.start();
        t.join();
        assertInstanceOf(WrongThreadException.class, read.get());
        assertInstanceOf(WrongThreadException.class, viewRead.get());
        assertInstanceOf(WrongThreadException.class, closed.get());
        assertArrayEquals(value, columns.get(0).valueBytes(), "another thread's close changed nothing");
        r.close();
        r.close();
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> columns.get(0).valueBytes());
        assertThrows(IllegalStateException.class, r::size);
        assertThrows(IllegalStateException.class, () -> r.status(0));
        assertThrows(IllegalStateException.class, () -> r.isFound(0));
        assertThrows(IllegalStateException.class, () -> r.columns(0));
        assertThrows(IllegalStateException.class, () -> r.value(0, bytes("v")));
        assertEquals("PinnedEntities{closed}", r.toString());
    }

    @Test
    void aResultHeldByAnotherThreadDefersTheEngineClose() throws Exception {
        assumeWideColumns();
        byte[] value = randomBytes(6, 30_000);
        db.putEntity(bytes("k"), List.of(WideColumn.of(bytes("c"), value)));
        db.flush();
        CountDownLatch read = new CountDownLatch(1), closed = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try (PinnedEntities r = db.multiGetEntity(List.of(bytes("k")))) {
                read.countDown();
                closed.await();
                assertArrayEquals(value, r.value(0, bytes("c")).toArray(ValueLayout.JAVA_BYTE));
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        reader.start();
        read.await();
        db.close();
        assertThrows(IllegalStateException.class, () -> db.multiGetEntity(List.of(bytes("k"))));
        assertEquals(Status.Code.IOError,
                assertThrows(RocksDBException.class, () -> RocksDB.open(new Options().setCreateIfMissing(true), fixture.dir())).code(),
                "the engine stays open while the result is held");
        closed.countDown();
        reader.join();
        assertNull(failure.get());
    }
}
