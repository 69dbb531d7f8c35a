package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

class WritesAndBatchesTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withOptions(
            new Options().setCreateIfMissing(true).setMergeOperator(new MergeOperator.StringAppendOperator(',')));
    RocksDB db;

    @BeforeEach
    void open(RocksDB db) {
        this.db = db;
    }

    static byte[] u64(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    static long u64(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    @Test
    void builtInMergeOperators() throws RocksDBException {
        db.merge(bytes("list"), bytes("a"));
        db.merge(bytes("list"), bytes("b"));
        db.put(bytes("list2"), bytes("x"));
        db.merge(bytes("list2"), bytes("y"));
        assertEquals("a,b", string(db.get(bytes("list"))));
        assertEquals("x,y", string(db.get(bytes("list2"))));

        try (ColumnFamilyHandle counters = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("counters"),
                new ColumnFamilyOptions().setMergeOperatorName("uint64add")));
             ColumnFamilyHandle maxima = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("maxima"),
                     new ColumnFamilyOptions().setMergeOperator(new MergeOperator.MaxOperator())))) {
            for (int i = 1; i <= 100; i++) db.merge(counters, bytes("n"), u64(i));
            assertEquals(5050, u64(db.get(counters, bytes("n"))));
            db.flush(counters);
            db.merge(counters, bytes("n"), u64(10));
            assertEquals(5060, u64(db.get(counters, bytes("n"))));

            for (String s : new String[]{"m", "zz", "b", "za"}) db.merge(maxima, bytes("k"), bytes(s));
            assertEquals("zz", string(db.get(maxima, bytes("k"))));
        }
        assertThrows(IllegalArgumentException.class, () -> new ColumnFamilyOptions().setMergeOperatorName("nope"));
    }

    @Test
    void singleDeleteAndDeleteRange() throws RocksDBException {
        db.put(bytes("once"), bytes("1"));
        db.singleDelete(bytes("once"));
        assertNull(db.get(bytes("once")));
        for (int i = 0; i < 20; i++) db.put(bytes(String.format("r%02d", i)), bytes("v" + i));
        db.deleteRange(bytes("r05"), bytes("r15"));
        for (int i = 0; i < 20; i++) {
            assertEquals(i >= 5 && i < 15 ? null : "v" + i, string(db.get(bytes(String.format("r%02d", i)))), "r" + i);
        }
        db.flush();
        db.compactRange();
        assertNull(db.get(bytes("r10")));
        assertEquals("v15", string(db.get(bytes("r15"))));
    }

    @Test
    void writesInEveryArgumentForm() throws RocksDBException {
        try (Arena arena = Arena.ofConfined()) {
            db.put(arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("seg")), arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("native")));
            db.put(null, WriteOptions.DEFAULT, MemorySegment.ofArray(bytes("heapseg")), MemorySegment.ofArray(bytes("heap")));
            ByteBuffer dk = ByteBuffer.allocateDirect(8).put(bytes("direct")).flip();
            ByteBuffer dv = ByteBuffer.allocateDirect(8).put(bytes("dv")).flip();
            db.put(WriteOptions.DEFAULT, dk, dv);
            assertEquals(dk.limit(), dk.position());
            db.put(WriteOptions.DEFAULT, ByteBuffer.wrap(bytes("heapbb")), ByteBuffer.wrap(bytes("hv")));
        }
        assertEquals("native", string(db.get(bytes("seg"))));
        assertEquals("heap", string(db.get(bytes("heapseg"))));
        assertEquals("dv", string(db.get(bytes("direct"))));
        assertEquals("hv", string(db.get(bytes("heapbb"))));
        db.delete(null, WriteOptions.DEFAULT, ByteBuffer.wrap(bytes("direct")));
        assertNull(db.get(bytes("direct")));
    }

    @Test
    void batchIsAtomicAndReusable() throws RocksDBException {
        db.put(bytes("gone"), bytes("x"));
        try (WriteBatch batch = new WriteBatch()) {
            for (int i = 0; i < 100; i++) batch.put(bytes("k" + i), bytes("v" + i));
            batch.delete(bytes("gone"));
            batch.merge(bytes("k1"), bytes("m"));
            batch.deleteRange(bytes("k5"), bytes("k6"));
            assertEquals(103, batch.count());
            assertTrue(batch.getDataSize() > 12);
            db.write(WriteOptions.DEFAULT, batch);
            assertNull(db.get(bytes("gone")));
            assertEquals("v1,m", string(db.get(bytes("k1"))));
            assertNull(db.get(bytes("k5")), "range-deleted after being put in the same batch");
            assertEquals("v7", string(db.get(bytes("k7"))));

            batch.clear();
            assertEquals(0, batch.count());
            batch.put(bytes("again"), bytes("1"));
            db.write(new WriteOptions().setSync(true), batch);
            assertEquals("1", string(db.get(bytes("again"))));
        }
    }

    @Test
    void batchNamingADroppedFamilyFailsWithRocksDbsError() throws RocksDBException {
        ColumnFamilyHandle cf = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("doomed")));
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("a"), bytes("1"));
            batch.put(cf, bytes("b"), bytes("2"));
            db.dropColumnFamily(cf);
            cf.close();
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.write(WriteOptions.DEFAULT, batch));
            assertEquals(Status.Code.InvalidArgument, e.code());
            assertTrue(e.getMessage().contains("column family"), e.getMessage());
            // RocksDB 7.8 rejects the record of the dropped family, not the
            // batch: records before it may be applied (RocksJava behaves the same)
        }
    }

    @Test
    void savePoints() throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("a"), bytes("1"));
            batch.setSavePoint();
            batch.put(bytes("b"), bytes("2"));
            batch.setSavePoint();
            batch.put(bytes("c"), bytes("3"));
            batch.rollbackToSavePoint();
            assertEquals(2, batch.count());
            batch.popSavePoint();
            assertEquals(2, batch.count());
            RocksDBException none = assertThrows(RocksDBException.class, batch::rollbackToSavePoint);
            assertEquals(Status.Code.NotFound, none.code());
            db.write(WriteOptions.DEFAULT, batch);
        }
        assertEquals("1", string(db.get(bytes("a"))));
        assertEquals("2", string(db.get(bytes("b"))));
        assertNull(db.get(bytes("c")));
    }

    @Test
    void closedBatchThrows() {
        WriteBatch batch = new WriteBatch();
        batch.close();
        batch.close();
        assertThrows(IllegalStateException.class, () -> batch.put(bytes("k"), bytes("v")));
        assertThrows(IllegalStateException.class, () -> db.write(WriteOptions.DEFAULT, batch));
    }

    @Test
    void largeBatchGrows() throws RocksDBException {
        try (WriteBatch batch = new WriteBatch(16)) {
            List<byte[]> values = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                byte[] v = TestBytes.randomBytes(i, 1000 + i);
                values.add(v);
                batch.put(bytes("big" + i), v);
            }
            batch.put(bytes("huge"), TestBytes.randomBytes(7, 4 << 20));
            db.write(WriteOptions.DEFAULT, batch);
        }
        for (int i = 0; i < 1000; i++) assertArrayEquals(TestBytes.randomBytes(i, 1000 + i), db.get(bytes("big" + i)));
        assertArrayEquals(TestBytes.randomBytes(7, 4 << 20), db.get(bytes("huge")));
    }
}
