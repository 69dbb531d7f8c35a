package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.hex;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Wide-column entity records (tags 0x16 / 0x17) in a WriteBatch: walked by
 * a Handler and by the zero-copy visitor, accepted by
 * {@code new WriteBatch(byte[])} when they decode as RocksDB decodes them
 * (refused otherwise), and read from the WAL. Before the fix, each of these
 * failed with Corruption "unknown WriteBatch tag 0x16".
 */
class WriteBatchEntityRecordsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    private static List<WideColumn> columns(String... nameValue) {
        List<WideColumn> c = new ArrayList<>();
        for (int i = 0; i < nameValue.length; i += 2) c.add(WideColumn.of(bytes(nameValue[i]), bytes(nameValue[i + 1])));
        return c;
    }

    private static String text(List<WideColumn> columns) {
        StringBuilder s = new StringBuilder();
        for (WideColumn c : columns) s.append(string(c.nameBytes())).append('=').append(string(c.valueBytes())).append(';');
        return s.toString();
    }

    /** A handler that receives entities (and records the rest as RocksJava's shape would). */
    static final class EntityRecorder extends WriteBatchHandlerTest.Recorder {
        @Override
        public void putEntity(int cf, byte[] key, List<WideColumn> columns) {
            calls.add("putEntity " + cf + " " + hex(key) + " " + text(columns));
        }
    }

    private static RocksDB openWithFamily(Path dir, List<ColumnFamilyHandle> handles) throws RocksDBException {
        return RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true), dir,
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                        new ColumnFamilyDescriptor(bytes("wide"))), handles);
    }

    @Test
    void aHandlerReceivesEntitiesOfBothFamiliesSortedAndCopied(@TempDir Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = openWithFamily(dir, handles); WriteBatch batch = new WriteBatch()) {
            ColumnFamilyHandle wide = handles.get(1);
            batch.put(bytes("p"), bytes("v"));
            batch.putEntity(bytes("e1"), columns("b", "2", "a", "1", "", "default"));
            batch.putEntity(wide, bytes("e2"), columns("x", "9"));
            batch.putEntity(bytes("e3"), List.of());
            batch.delete(bytes("d"));
            EntityRecorder r = new EntityRecorder();
            batch.iterate(r);
            assertEquals(List.of("put 0 70 76", "putEntity 0 6531 =default;a=1;b=2;",
                    "putEntity " + wide.getID() + " 6532 x=9;", "putEntity 0 6533 ", "delete 0 64"), r.calls);
            assertTrue(batch.hasPutEntity());
            assertEquals(5, batch.count());
            // the batch is intact and writes what it says
            db.write(WriteOptions.DEFAULT, batch);
            assertEquals("=default;a=1;b=2;", text(db.getEntityColumns(bytes("e1"))));
            assertEquals("x=9;", text(db.getEntityColumns(wide, ReadOptions.DEFAULT, bytes("e2"))));
        }
    }

    @Test
    void aRocksJavaHandlerFailsWithNotSupportedAsInRocksJavaNeverSkipping() throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("before"), bytes("v"));
            batch.putEntity(bytes("e"), columns("a", "1"));
            batch.put(bytes("after"), bytes("v"));
            WriteBatchHandlerTest.Recorder plain = new WriteBatchHandlerTest.Recorder();
            RocksDBException e = assertThrows(RocksDBException.class, () -> batch.iterate(plain));
            assertEquals(Status.Code.NotSupported, e.code());
            assertEquals("PutEntityCF not implemented", e.getStatus().state());
            assertEquals(List.of("put 0 6265666f7265 76"), plain.calls, "stopped at the entity, nothing skipped");
        }
    }

    @Test
    void theVisitorSeesTheSerializedEntityAndDecodesItIntoViews() throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            batch.putEntity(bytes("e"), columns("name", "alice", "age", "31"));
            List<String> seen = new ArrayList<>();
            List<WideColumn> kept = new ArrayList<>();
            long visited = batch.iterate((type, cf, key, value) -> {
                assertEquals(WriteBatch.RecordType.PUT_ENTITY, type);
                assertTrue(value.isReadOnly());
                List<WideColumn> decoded = WriteBatch.columns(value);
                seen.add(type + " " + cf + " " + string(key.toArray(ValueLayout.JAVA_BYTE)) + " " + text(decoded));
                kept.addAll(decoded);
                return true;
            });
            assertEquals(1, visited);
            assertEquals(List.of("PUT_ENTITY 0 e age=31;name=alice;"), seen);
            assertThrows(IllegalStateException.class, () -> kept.get(0).valueBytes(), "views die with the walk");
            assertThrows(NullPointerException.class, () -> WriteBatch.columns(null));
        }
    }

    @Test
    void aBatchFromBytesWithEntitiesIsAcceptedAndWritesThem(@TempDir Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = openWithFamily(dir, handles)) {
            byte[] data;
            try (WriteBatch original = new WriteBatch()) {
                original.putEntity(bytes("e"), columns("a", "1", "b", "2"));
                original.putEntity(handles.get(1), bytes("f"), columns("c", "3"));
                data = original.data();
            }
            try (WriteBatch copy = new WriteBatch(data)) {
                assertArrayEquals(data, copy.data());
                assertEquals(2, copy.count());
                assertTrue(copy.hasPutEntity());
                db.write(WriteOptions.DEFAULT, copy);
            }
            assertEquals("a=1;b=2;", text(db.getEntityColumns(bytes("e"))));
            assertEquals("c=3;", text(db.getEntityColumns(handles.get(1), ReadOptions.DEFAULT, bytes("f"))));
        }
    }

    /** A batch of one default-family entity record whose serialized entity is {@code entity}. */
    private static byte[] batchWithEntity(byte[] entity) {
        byte[] b = new byte[12 + 1 + 1 + 1 + 1 + entity.length];
        b[8] = 1; // count
        int p = 12;
        b[p++] = 0x16;
        b[p++] = 1;
        b[p++] = 'k';
        b[p++] = (byte) entity.length;
        System.arraycopy(entity, 0, b, p, entity.length);
        return b;
    }

    @Test
    void malformedEntitiesAreRefusedWithRocksDbsReasons() throws RocksDBException {
        HexFormat hex = HexFormat.of();
        // version 1, 2 columns "b" (size 1) then "a" (size 1): out of order
        String outOfOrder = "0102" + "0162" + "01" + "0161" + "01" + "7879";
        // version 1, 1 column "a" of 5 bytes, only 2 present
        String truncatedValue = "0101" + "0161" + "05" + "7879";
        // version 2: newer than RocksDB 9.11.2 knows
        String newerVersion = "0200";
        // a column count with nothing after it
        String missingName = "0103";
        // an unterminated varint for the version
        String badVarint = "ff";
        // version 1, 1 column "a" of 1 byte, then a byte more (RocksDB 11 refuses it on every read)
        String trailing = "0101" + "0161" + "01" + "78" + "7a";
        for (String[] c : new String[][]{{outOfOrder, "Wide columns out of order"},
                {truncatedValue, "Error decoding wide column value payload"},
                {newerVersion, "Unsupported wide column version"},
                {missingName, "Error decoding wide column name"},
                {badVarint, "Error decoding wide column version"},
                {trailing, "Unexpected trailing data after wide column entity"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new WriteBatch(batchWithEntity(hex.parseHex(c[0]))), c[0]);
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            RocksDBException cause = assertInstanceOf(RocksDBException.class, e.getCause());
            assertEquals(c[1].startsWith("Unsupported") ? Status.Code.NotSupported : Status.Code.Corruption,
                    cause.code());
        }
        // the same bytes well-formed: "a" then "b", values "x" and "y"
        try (WriteBatch ok = new WriteBatch(batchWithEntity(hex.parseHex("0102" + "0161" + "01" + "0162" + "01" + "7879")))) {
            assertEquals(1, ok.count());
            List<String> seen = new ArrayList<>();
            ok.iterate((type, cf, key, value) -> seen.add(text(WriteBatch.columns(value))));
            assertEquals(List.of("a=x;b=y;"), seen);
        }
        // an empty entity (no columns) is RocksDB's too
        try (WriteBatch empty = new WriteBatch(batchWithEntity(hex.parseHex("0100")))) {
            assertEquals(1, empty.count());
        }
    }

    @Test
    void entitiesReadFromTheWalWalkLikeAnyRecord() throws RocksDBException {
        try (RocksDB db = fixture.db()) {
            db.put(bytes("plain"), bytes("v"));
            db.putEntity(bytes("e"), columns("a", "1"));
            try (WriteBatch b = new WriteBatch()) {
                b.putEntity(bytes("f"), columns("z", "26", "y", "25"));
                b.delete(bytes("plain"));
                db.write(WriteOptions.DEFAULT, b);
            }
            List<String> calls = new ArrayList<>();
            try (TransactionLogIterator it = db.getUpdatesSince(0)) {
                for (; it.isValid(); it.next()) {
                    EntityRecorder r = new EntityRecorder();
                    it.getBatch().iterate(r);
                    calls.addAll(r.calls);
                }
                it.status();
            }
            assertEquals(List.of("put 0 706c61696e 76", "putEntity 0 65 a=1;", "putEntity 0 66 y=25;z=26;",
                    "delete 0 706c61696e"), calls);
        }
    }

    @Test
    void anEntityBatchIsRefusedOnceClosedLikeAnyOther() {
        WriteBatch batch = new WriteBatch();
        batch.putEntity(bytes("e"), columns("a", "1"));
        batch.close();
        assertThrows(IllegalStateException.class, batch::hasPutEntity);
        assertThrows(IllegalStateException.class, () -> batch.iterate(new EntityRecorder()));
    }
}
