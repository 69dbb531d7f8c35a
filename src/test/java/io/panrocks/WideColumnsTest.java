package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Wide columns: entities written with PutEntity (directly and in write
 * batches, whose record must be RocksDB's byte for byte), read zero-copy
 * through PinnedEntity and iterators, copied, and their default column as
 * the plain value. Needs RocksDB 8.0+ (skipped, saying so, before).
 */
class WideColumnsTest {
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();

    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.opening(dir -> RocksDB.open(
            new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true), dir,
            List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("wide"))), handles));
    private RocksDB db;

    static void assumeWideColumns() {
        assumeTrue(EngineVersion.atLeast(8, 0), "wide columns need RocksDB 8.0 or later; this engine is " + RocksDB.engineVersion());
    }

    @BeforeEach
    void open() {
        db = fixture.db();
    }

    private static WideColumn col(String name, String value) {
        return WideColumn.of(name, bytes(value));
    }

    private static List<String> text(List<WideColumn> columns) {
        List<String> out = new ArrayList<>();
        for (WideColumn c : columns) out.add(new String(c.nameBytes()) + "=" + new String(c.valueBytes()));
        return out;
    }

    @Test
    void olderEnginesSayNotSupported() throws Exception {
        assumeTrue(!EngineVersion.atLeast(8, 0), "this engine (" + RocksDB.engineVersion() + ") supports wide columns");
        RocksDBException e = assertThrows(RocksDBException.class, () -> db.putEntity(bytes("k"), List.of(col("a", "1"))));
        assertEquals(Status.Code.NotSupported, e.code());
        assertTrue(e.getMessage().contains("8.0"), e.getMessage());
        assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class, () -> db.getEntity(bytes("k"))).code());
        try (WriteBatch batch = new WriteBatch()) {
            assertThrows(UnsupportedOperationException.class, () -> batch.putEntity(bytes("k"), List.of(col("a", "1"))));
            assertEquals(0, batch.count());
        }
    }

    @Test
    void putAndGetAnEntitySortedWithTheDefaultColumnAsThePlainValue() throws Exception {
        assumeWideColumns();
        db.putEntity(bytes("user:1"), List.of(col("name", "alice"), col("", "summary"), col("age", "31")));
        try (PinnedEntity e = db.getEntity(bytes("user:1"))) {
            assertEquals(List.of("=summary", "age=31", "name=alice"), text(e.columns()));
            assertEquals(3, e.size());
            assertEquals("alice", new String(e.value(bytes("name")).toArray(ValueLayout.JAVA_BYTE)));
            assertEquals("summary", new String(e.defaultValue().toArray(ValueLayout.JAVA_BYTE)));
            assertNull(e.value(bytes("nope")));
            assertTrue(e.columns().get(0).isDefault());
            assertTrue(e.columns().get(1).value().isReadOnly());
        }
        assertArrayEquals(bytes("summary"), db.get(bytes("user:1")));
        assertEquals(List.of("=summary", "age=31", "name=alice"), text(db.getEntityColumns(bytes("user:1"))));

        // a plain value is an entity with the default column only
        db.put(bytes("plain"), bytes("v"));
        assertEquals(List.of("=v"), text(db.getEntityColumns(bytes("plain"))));
        // no default column: a plain get reads an empty value
        db.putEntity(bytes("nodefault"), List.of(col("x", "1")));
        assertArrayEquals(new byte[0], db.get(bytes("nodefault")));
        // an empty entity
        db.putEntity(bytes("empty"), List.of());
        assertEquals(List.of(), db.getEntityColumns(bytes("empty")));
        // absent
        assertNull(db.getEntity(bytes("missing")));
        assertNull(db.getEntityColumns(bytes("missing")));

        // the same after a flush and a compaction
        db.flush();
        db.compactRange();
        assertEquals(List.of("=summary", "age=31", "name=alice"), text(db.getEntityColumns(bytes("user:1"))));
        assertArrayEquals(bytes("summary"), db.get(bytes("user:1")));
        // an entity overwritten by a plain put is a plain value again
        db.put(bytes("user:1"), bytes("flat"));
        assertEquals(List.of("=flat"), text(db.getEntityColumns(bytes("user:1"))));
    }

    @Test
    void binaryNamesHugeValuesSegmentsAndFamilies() throws Exception {
        assumeWideColumns();
        byte[] big = randomBytes(7, 4 << 20);
        byte[] binaryName = {0, (byte) 0xff, 0, 1};
        ColumnFamilyHandle wide = handles.get(1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment key = arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("seg"));
            MemorySegment value = arena.allocateFrom(ValueLayout.JAVA_BYTE, big);
            db.putEntity(wide, WriteOptions.DEFAULT, key,
                    List.of(new WideColumn(MemorySegment.ofArray(binaryName), value), WideColumn.of(new byte[]{(byte) 0x80}, new byte[0])));
            try (PinnedEntity e = db.getEntity(wide, ReadOptions.DEFAULT, key)) {
                List<WideColumn> columns = e.columns();
                assertEquals(2, columns.size());
                assertArrayEquals(binaryName, columns.get(0).nameBytes()); // 0x00... sorts before 0x80
                assertEquals(-1L, columns.get(0).value().mismatch(value));
                assertArrayEquals(new byte[0], columns.get(1).valueBytes());
            }
        }
        assertNull(db.getEntity(bytes("seg")), "in the wide family only");
        assertEquals(2, db.getEntityColumns(wide, bytes("seg")).size());
    }

    @Test
    void badInputIsRefusedBeforeTheEngine() throws Exception {
        assumeWideColumns();
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class,
                () -> db.putEntity(bytes("k"), List.of(col("a", "1"), col("b", "2"), col("a", "3"))));
        assertTrue(dup.getMessage().contains("distinct"), dup.getMessage());
        assertNull(db.getEntity(bytes("k")));
        assertThrows(NullPointerException.class, () -> db.putEntity(bytes("k"), null));
        List<WideColumn> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> db.putEntity(bytes("k"), withNull));
        assertThrows(NullPointerException.class, () -> db.putEntity(null, List.of()));
        assertThrows(NullPointerException.class, () -> WideColumn.of((byte[]) null, new byte[0]));
        MemorySegment closed;
        try (Arena arena = Arena.ofConfined()) {
            closed = arena.allocate(4);
        }
        assertThrows(IllegalStateException.class, () -> db.putEntity(bytes("k"), List.of(new WideColumn(closed, closed))));
        RocksDB other = fixture.other();
        assertThrows(IllegalArgumentException.class, () -> other.putEntity(handles.get(1), bytes("k"), List.of()));
    }

    @Test
    void pinnedEntitiesAreConfinedAndDieWithClose() throws Exception {
        assumeWideColumns();
        byte[] value = randomBytes(3, 20_000);
        db.putEntity(bytes("k"), List.of(WideColumn.of(bytes("v"), value)));
        db.flush();
        PinnedEntity e = db.getEntity(bytes("k"));
        MemorySegment view = e.value(bytes("v"));
        // overwrites, flushes and compactions do not change what it shows
        db.put(bytes("k"), bytes("other"));
        db.flush();
        db.compactRange();
        assertArrayEquals(value, view.toArray(ValueLayout.JAVA_BYTE));
        AtomicReference<Throwable> foreign = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                e.columns();
            } catch (Throwable x) {
                foreign.set(x);
            }
            try {
                e.close();
            } catch (Throwable x) {
                foreign.compareAndSet(null, x);
            }
        });
        t.start();
        t.join();
        assertInstanceOf(WrongThreadException.class, foreign.get());
        assertArrayEquals(value, view.toArray(ValueLayout.JAVA_BYTE), "another thread's close changed nothing");
        e.close();
        e.close();
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, e::columns);
    }

    @Test
    void entitiesHeldByAnotherThreadDeferTheEngineClose() throws Exception {
        assumeWideColumns();
        byte[] value = randomBytes(6, 30_000);
        db.putEntity(bytes("k"), List.of(WideColumn.of(bytes("c"), value)));
        db.flush();
        CountDownLatch read = new CountDownLatch(1), closed = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try (PinnedEntity e = db.getEntity(bytes("k"))) {
                read.countDown();
                closed.await();
                assertArrayEquals(value, e.value(bytes("c")).toArray(ValueLayout.JAVA_BYTE));
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        reader.start();
        read.await();
        db.close();
        assertThrows(IllegalStateException.class, () -> db.getEntity(bytes("k")));
        assertEquals(Status.Code.IOError,
                assertThrows(RocksDBException.class, () -> RocksDB.open(new Options().setCreateIfMissing(true), fixture.dir())).code(),
                "the engine stays open while the entity is held");
        closed.countDown();
        reader.join();
        assertNull(failure.get());
        db = fixture.reopen();
        assertArrayEquals(value, db.getEntityColumns(bytes("k")).get(0).valueBytes());
    }

    @Test
    void iteratorColumnsAreViewsUntilTheIteratorMoves() throws Exception {
        assumeWideColumns();
        db.putEntity(bytes("a"), List.of(col("y", "2"), col("x", "1")));
        db.put(bytes("b"), bytes("plain"));
        db.putEntity(bytes("c"), List.of(col("", "dflt"), col("z", "3")));
        try (RocksIterator it = db.newIterator()) {
            assertThrows(IllegalStateException.class, it::columns);
            it.seekToFirst();
            List<WideColumn> first = it.columns();
            assertEquals(List.of("x=1", "y=2"), text(first));
            assertEquals(0, it.value().byteSize(), "value() is the (absent) default column");
            it.next();
            assertThrows(IllegalStateException.class, () -> first.get(0).valueBytes(), "views die with the move");
            assertEquals(List.of("=plain"), text(it.columns()));
            it.next();
            assertEquals(List.of("=dflt", "z=3"), text(it.columns()));
            assertArrayEquals(bytes("dflt"), it.valueBytes());
            it.next();
            assertFalse(it.isValid());
            assertThrows(IllegalStateException.class, it::columns);
        }
        RocksIterator closed = db.newIterator();
        closed.close();
        assertThrows(IllegalStateException.class, closed::columns);
    }

    /**
     * The batch record panrocks serializes in Java is the one RocksDB's own
     * PutEntity writes: compared with the record RocksDB put in the WAL.
     */
    @Test
    void writeBatchEntityRecordsAreRocksDbsByteForByte() throws Exception {
        assumeWideColumns();
        ColumnFamilyHandle wide = handles.get(1);
        List<WideColumn> columns = List.of(col("zeta", "26"), WideColumn.of(new byte[]{(byte) 0xc3}, randomBytes(1, 300)),
                col("", "d"), col("alpha", ""));
        byte[] key = randomBytes(2, 200);
        List<byte[]> walRecords = new ArrayList<>();
        db.putEntity(key, columns);
        db.putEntity(wide, key, columns);
        walRecords.addAll(walBatches(fixture.dir()));
        assertEquals(2, walRecords.size(), "two writes, two WAL records");
        try (WriteBatch plain = new WriteBatch(); WriteBatch family = new WriteBatch()) {
            plain.putEntity(key, columns);
            family.putEntity(wide, key, columns);
            assertBatchBody(walRecords.get(0), plain.data());
            assertBatchBody(walRecords.get(1), family.data());
            // and they apply
            db.delete(key);
            db.write(WriteOptions.DEFAULT, plain);
            db.write(WriteOptions.DEFAULT, family);
        }
        assertEquals(text(columns.stream().sorted((a, b) -> Arrays.compareUnsigned(a.name().toArray(ValueLayout.JAVA_BYTE),
                b.name().toArray(ValueLayout.JAVA_BYTE))).toList()),
                text(db.getEntityColumns(key)));
        assertEquals(4, db.getEntityColumns(wide, key).size());
    }

    /** Equal apart from the sequence number (the WAL's is assigned, data()'s is 0). */
    private static void assertBatchBody(byte[] wal, byte[] data) {
        assertEquals(wal.length, data.length);
        assertArrayEquals(java.util.Arrays.copyOfRange(wal, 8, wal.length), java.util.Arrays.copyOfRange(data, 8, data.length));
    }

    /** The write batches in the DB's WAL files, in order (RocksDB's log format: 32 KiB blocks of 7-byte-header records). */
    static List<byte[]> walBatches(Path dir) throws Exception {
        List<Path> logs;
        try (Stream<Path> s = Files.list(dir)) {
            logs = s.filter(p -> p.toString().endsWith(".log")).sorted().toList();
        }
        List<byte[]> out = new ArrayList<>();
        for (Path log : logs) {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(log)).order(ByteOrder.LITTLE_ENDIAN);
            java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();
            while (b.remaining() >= 7) {
                int inBlock = 32768 - b.position() % 32768;
                if (inBlock < 7) {
                    b.position(b.position() + inBlock); // trailer
                    continue;
                }
                b.getInt(); // checksum
                int length = Short.toUnsignedInt(b.getShort());
                int type = Byte.toUnsignedInt(b.get());
                if (type == 0 && length == 0) break; // preallocated zeros
                byte[] payload = new byte[length];
                b.get(payload);
                switch (type) {
                    case 1 -> out.add(payload);                 // full
                    case 2 -> { pending.reset(); pending.write(payload); } // first
                    case 3 -> pending.write(payload);           // middle
                    case 4 -> { pending.write(payload); out.add(pending.toByteArray()); } // last
                    default -> {} // metadata records of newer formats
                }
            }
        }
        return out;
    }

    @Test
    void writeBatchEntitiesAreCheckedAndKeepTheBatchIntact() throws Exception {
        assumeWideColumns();
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("p"), bytes("1"));
            long size = batch.getDataSize();
            assertThrows(IllegalArgumentException.class, () -> batch.putEntity(bytes("k"), List.of(col("a", "1"), col("a", "2"))));
            assertThrows(NullPointerException.class, () -> batch.putEntity(bytes("k"), null));
            assertEquals(1, batch.count());
            assertEquals(size, batch.getDataSize());
            batch.setSavePoint();
            batch.putEntity(bytes("k"), List.of(col("a", "1")));
            batch.rollbackToSavePoint();
            batch.putEntity(bytes("e"), List.of(col("b", "2"), col("", "d")));
            assertEquals(2, batch.count());
            db.write(WriteOptions.DEFAULT, batch);
        }
        assertNull(db.get(bytes("k")));
        assertArrayEquals(bytes("d"), db.get(bytes("e")));
        assertEquals(List.of("=d", "b=2"), text(db.getEntityColumns(bytes("e"))));
        WriteBatch closed = new WriteBatch();
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.putEntity(bytes("k"), List.of()));
    }

    @Test
    void closedDbRefusesEntities() throws Exception {
        assumeWideColumns();
        db.close();
        assertThrows(IllegalStateException.class, () -> db.putEntity(bytes("k"), List.of()));
        assertThrows(IllegalStateException.class, () -> db.getEntity(bytes("k")));
        assertThrows(IllegalStateException.class, () -> db.getEntityColumns(bytes("k")));
    }

    @Test
    void entitiesInSstFilesFromRocksDb86() throws Exception {
        assumeWideColumns();
        assumeTrue(EngineVersion.atLeast(8, 6), "entities in SST files need RocksDB 8.6+");
        Path file = fixture.dir().resolveSibling(fixture.dir().getFileName() + "-entities.sst");
        try (SstFileWriter writer = new SstFileWriter(new Options())) {
            writer.open(file);
            writer.putEntity(bytes("e1"), List.of(col("b", "2"), col("", "one")));
            writer.put(bytes("e2"), bytes("plain"));
            assertEquals(2, writer.finish().numEntries());
            db.ingestExternalFile(List.of(file.toString()), new IngestExternalFileOptions());
        } finally {
            Files.deleteIfExists(file);
        }
        assertEquals(List.of("=one", "b=2"), text(db.getEntityColumns(bytes("e1"))));
        assertArrayEquals(bytes("one"), db.get(bytes("e1")));
    }

    /**
     * Reading an entity zero-copy takes a native entity from the thread's
     * pool and gives it back: in steady state the engine allocates nothing
     * native per read, and the Java side only the holder and the views.
     */
    @Test
    void steadyStateReadsReuseTheirNativeEntity() throws Exception {
        assumeWideColumns();
        List<WideColumn> columns = new ArrayList<>();
        for (int i = 0; i < 8; i++) columns.add(col("c" + i, "v".repeat(100)));
        db.putEntity(bytes("k"), columns);
        db.flush();
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 20_000; i++) {
            try (PinnedEntity e = db.getEntity(bytes("k"))) {
                if (e.size() != 8) fail();
            }
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            try (PinnedEntity e = db.getEntity(bytes("k"))) {
                if (e.size() != 8) fail();
            }
        }
        long perRead = (threads.getCurrentThreadAllocatedBytes() - before) / n;
        System.out.println("WideColumnsTest: getEntity of 8 columns allocates " + perRead + " B/op on the heap");
        assertTrue(perRead < 4096, perRead + " B per zero-copy entity read");
    }

    @Test
    void theDbsCloseOnTheSameThreadReleasesTheEntity() throws Exception {
        assumeWideColumns();
        db.putEntity(bytes("k"), List.of(col("a", "1")));
        PinnedEntity e = db.getEntity(bytes("k"));
        MemorySegment view = e.value(bytes("a"));
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            List<WideColumn> columns = it.columns();
            db.close();
            assertThrows(IllegalStateException.class, () -> columns.get(0).valueBytes());
        }
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, e::columns);
        e.close();
    }
}
