package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The other forms of the operations, as RocksJava code calls them:
 * {@code multiGetByteBuffers} into the caller's buffers, opens by a
 * {@code String} path, the overloads with offsets into arrays, and
 * RocksJava's smaller integer types.
 */
class OverloadsTest {
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();

    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.opening(dir -> RocksDB.open(
            new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true), dir.toString(),
            List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY), new ColumnFamilyDescriptor(bytes("second"))),
            handles));
    @TempDir
    Path dir; // the DB opened by its String path

    static long files(RocksDB db, ColumnFamilyHandle cf, int level) throws RocksDBException {
        return Long.parseLong(db.getProperty(cf, "rocksdb.num-files-at-level" + level));
    }

    static ByteBuffer direct(String s) {
        byte[] b = bytes(s);
        ByteBuffer buffer = ByteBuffer.allocateDirect(b.length + 4);
        buffer.position(2);
        buffer.put(b);
        buffer.flip();
        buffer.position(2);
        return buffer; // the key is [2, 2 + length)
    }

    @Test
    void multiGetByteBuffersFillsTheCallersBuffers(RocksDB db, @OpenDbExtension.Other RocksDB other) throws RocksDBException {
        ColumnFamilyHandle second = handles.get(1);
        db.put(bytes("k1"), bytes("value-one"));
        db.put(second, bytes("k2"), bytes("v2"));
        db.put(bytes("empty"), new byte[0]);
        List<ByteBuffer> keys = List.of(direct("k1"), direct("missing"), direct("k1"), direct("empty"));
        List<ByteBuffer> values = new ArrayList<>();
        for (int capacity : new int[]{20, 20, 4, 8}) {
            ByteBuffer v = ByteBuffer.allocateDirect(capacity);
            v.position(3); // ignored: written from index 0, as RocksJava does
            values.add(v);
        }
        List<ByteBufferGetStatus> results = db.multiGetByteBuffers(keys, values);
        assertEquals(4, results.size());
        assertEquals(Status.Code.Ok, results.get(0).status.getCode());
        assertEquals(9, results.get(0).requiredSize);
        assertSame(values.get(0), results.get(0).value);
        assertEquals(0, values.get(0).position());
        assertEquals(9, values.get(0).limit());
        byte[] got = new byte[9];
        values.get(0).duplicate().get(got);
        assertEquals("value-one", string(got));
        assertEquals(Status.Code.NotFound, results.get(1).status.getCode());
        assertNull(results.get(1).value);
        assertEquals(0, results.get(1).requiredSize);
        assertEquals(3, values.get(1).position(), "a missing key leaves its buffer alone");
        // too small: what fits, and the full size
        assertEquals(9, results.get(2).requiredSize);
        assertEquals(4, values.get(2).limit());
        byte[] part = new byte[4];
        values.get(2).duplicate().get(part);
        assertEquals("valu", string(part));
        assertEquals(Status.Code.Ok, results.get(3).status.getCode());
        assertEquals(0, results.get(3).requiredSize);
        assertEquals(0, values.get(3).limit());
        for (ByteBuffer k : keys) assertEquals(2, k.position(), "keys are not moved");

        // one family for every key, one per key; heap buffers work too
        List<ByteBuffer> heap = List.of(ByteBuffer.allocate(8), ByteBuffer.allocate(8));
        List<ByteBufferGetStatus> one = db.multiGetByteBuffers(List.of(second),
                List.of(ByteBuffer.wrap(bytes("k2")), ByteBuffer.wrap(bytes("k1"))), heap);
        assertEquals(Status.Code.Ok, one.get(0).status.getCode());
        assertEquals(Status.Code.NotFound, one.get(1).status.getCode());
        List<ByteBufferGetStatus> each = db.multiGetByteBuffers(new ReadOptions(), Arrays.asList(second, null),
                List.of(ByteBuffer.wrap(bytes("k2")), ByteBuffer.wrap(bytes("k1"))),
                List.of(ByteBuffer.allocate(8), ByteBuffer.allocate(16)));
        assertEquals(2, each.get(0).requiredSize);
        assertEquals(9, each.get(1).requiredSize);
        assertEquals(0, db.multiGetByteBuffers(List.of(), List.of()).size());
        assertEquals(1, db.multiGetByteBuffers(ReadOptions.DEFAULT, List.of(direct("k1")),
                List.of(ByteBuffer.allocateDirect(16))).size());

        // refusals before any native call
        assertThrows(IllegalArgumentException.class, () -> db.multiGetByteBuffers(List.of(direct("k1")), List.of()));
        assertThrows(IllegalArgumentException.class, () -> db.multiGetByteBuffers(List.of(second, second),
                List.of(direct("a"), direct("b"), direct("c")), List.of(ByteBuffer.allocate(1),
                        ByteBuffer.allocate(1), ByteBuffer.allocate(1))));
        assertThrows(IllegalArgumentException.class, () -> db.multiGetByteBuffers(List.of(direct("k1")),
                List.of(ByteBuffer.allocateDirect(8).asReadOnlyBuffer())));
        assertThrows(NullPointerException.class, () -> db.multiGetByteBuffers(Arrays.asList(direct("k1"), null),
                List.of(ByteBuffer.allocate(1), ByteBuffer.allocate(1))));
        assertThrows(IllegalArgumentException.class, () -> other.multiGetByteBuffers(List.of(second),
                List.of(direct("k2")), List.of(ByteBuffer.allocate(8))));
    }

    // ---- opens by string, and RocksJava's other overloads --------------------------------------------

    @Test
    void stringPathsAndRocksJavasOverloads() throws RocksDBException {
        String path = dir.resolve("db").toString();
        assertArrayEquals(bytes("default"), RocksDB.DEFAULT_COLUMN_FAMILY);
        RocksDB.loadLibrary();
        try (RocksDB db = RocksDB.open(path)) {
            assertEquals(Path.of(path).toAbsolutePath().toString(), db.getName());
            byte[] buffer = bytes("xxKEYxxVALUExx");
            db.put(buffer, 2, 3, buffer, 7, 5);
            assertEquals("VALUE", string(db.get(bytes("KEY"))));
            assertEquals("VALUE", string(db.get(buffer, 2, 3)));
            assertEquals("VALUE", string(db.get(db.getDefaultColumnFamily(), buffer, 2, 3)));
            assertEquals("VALUE", string(db.get(ReadOptions.DEFAULT, buffer, 2, 3)));
            byte[] out = new byte[8];
            assertEquals(5, db.get(buffer, 2, 3, out, 1, 7));
            assertEquals("VALUE", new String(out, 1, 5));
            assertEquals(RocksDB.NOT_FOUND, db.get(db.getDefaultColumnFamily(), buffer, 0, 2, out, 0, 8));
            Holder<byte[]> holder = new Holder<>();
            assertTrue(db.keyMayExist(buffer, 2, 3, holder));
            assertEquals("VALUE", string(holder.getValue()));
            assertTrue(db.keyMayExist(bytes("KEY"), null));
            assertTrue(db.keyMayExist(db.getDefaultColumnFamily(), bytes("KEY"), new Holder<>()));
            assertTrue(db.keyMayExist(ReadOptions.DEFAULT, buffer, 2, 3, null));
            assertThrows(IndexOutOfBoundsException.class, () -> db.get(buffer, 12, 3));
            assertThrows(IndexOutOfBoundsException.class, () -> db.keyMayExist(buffer, -1, 3, null));
            assertThrows(IndexOutOfBoundsException.class, () -> db.delete(buffer, 13, 3));
            db.delete(buffer, 2, 3);
            assertNull(db.get(bytes("KEY")));
            db.put(bytes("m"), bytes("x"));
            db.delete(WriteOptions.DEFAULT, ByteBuffer.wrap(bytes("m")));
            assertNull(db.get(bytes("m")));
            assertEquals(1, db.getApproximateSizes(List.of(new Range(bytes("a"), bytes("z")))).length);
            List<ColumnFamilyHandle> made = db.createColumnFamilies(new ColumnFamilyOptions(),
                    List.of(bytes("one"), bytes("two")));
            assertEquals("two", string(made.get(1).getName()));
            db.dropColumnFamilies(made);
            for (ColumnFamilyHandle h : made) db.destroyColumnFamilyHandle(h);
            assertTrue(made.get(0).isReleased());
        }
        try (RocksDB ro = RocksDB.openReadOnly(path)) {
            assertTrue(ro.isReadOnly());
        }
        // the flag reaches the engine: the DB's WAL holds unflushed writes
        RocksDBException wal = assertThrows(RocksDBException.class, () -> RocksDB.openReadOnly(new Options(), path, true));
        assertEquals(Status.Code.Corruption, wal.getStatus().getCode());
        assertEquals(List.of("default"), RocksDB.listColumnFamilies(new Options(), path).stream()
                .map(TestBytes::string).toList());
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(path, List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), handles)) {
            assertTrue(handles.get(0).isDefaultColumnFamily());
            // unflushed writes again, for the errorIfWalFileExists open below: after a session that
            // wrote nothing, RocksDB 11.8.1 left no WAL file to refuse
            db.put(bytes("wal"), bytes("data"));
        }
        try (RocksDB ro = RocksDB.openReadOnly(path, List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)),
                handles)) {
            assertEquals(1, handles.size());
        }
        try (RocksDB ro = RocksDB.openReadOnly(new DBOptions(), path,
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), handles, false)) {
            assertTrue(ro.isReadOnly());
        }
        assertThrows(RocksDBException.class, () -> RocksDB.openReadOnly(new DBOptions(), path,
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), new ArrayList<>(), true));
        // RocksJava's open(String, List, List) does not create a missing DB
        assertThrows(RocksDBException.class, () -> RocksDB.open(dir.resolve("none").toString(),
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), new ArrayList<>()));
        assertThrows(NullPointerException.class, () -> RocksDB.open(new DBOptions(), (String) null, List.of(), handles));
        RocksDB closing = RocksDB.open(path);
        closing.closeE();
        assertFalse(closing.isOpen());
    }

    @Test
    void rocksJavasSmallerTypes() throws Exception {
        HistogramData h = new HistogramData(1, 2, 3, 4, 5, 6, 0.5, 7, 8);
        assertEquals(1, h.getMedian());
        assertEquals(2, h.getPercentile95());
        assertEquals(3, h.getPercentile99());
        assertEquals(4, h.getAverage());
        assertEquals(5, h.getStandardDeviation());
        assertEquals(6, h.getMax());
        assertEquals(0.5, h.getMin());
        assertEquals(7, h.getCount());
        assertEquals(8, h.getSum());
        try (Filter f = new BloomFilter(10)) {
            assertEquals(f, new BlockBasedTableConfig().setFilter(f).filterPolicy());
        }
        ReadOptions ro = new ReadOptions(false, false);
        assertFalse(ro.verifyChecksums());
        assertFalse(ro.fillCache());
        assertEquals(java.time.Duration.ofMillis(5), ro.setDeadline(5000L).deadline());
        assertEquals(java.time.Duration.ofMillis(7), ro.setIoTimeout(7000L).ioTimeout());
        assertThrows(IllegalArgumentException.class, () -> ro.setDeadline(-1L));
        WriteOptions wo = new WriteOptions().setSync(true).setDisableWAL(false).setLowPri(true);
        WriteOptions copy = new WriteOptions(wo);
        assertTrue(copy.sync() && copy.lowPri());
        copy.setSync(false);
        assertTrue(wo.sync(), "the copy changes on its own");
        assertEquals("Env{default}", Env.getDefault().toString());
    }
}
