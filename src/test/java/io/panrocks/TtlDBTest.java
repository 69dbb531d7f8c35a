package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * TtlDB: entries expire at the compaction after their time to live, per
 * column family; otherwise it behaves as any RocksDB (values come back
 * without the timestamp DBWithTTL appends, through every read path).
 */
class TtlDBTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.ttlDb(new Options().setCreateIfMissing(true), 3600);
    @TempDir
    Path dir;

    /** RocksDB's TTL clock counts whole seconds: wait until a TTL of 1 has surely passed. */
    private static void waitPastOneSecondTtl() throws InterruptedException {
        Thread.sleep(2200);
    }

    @Test
    void behavesAsARocksDbThroughEveryReadPath(TtlDB db) throws Exception {
        assertInstanceOf(RocksDB.class, db);
        assertFalse(db.isReadOnly());
        db.put(bytes("a"), bytes("alpha"));
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("b"), bytes("beta")).put(bytes("c"), bytes("gamma")).delete(bytes("a"));
            db.write(WriteOptions.DEFAULT, batch);
        }
        db.put(bytes("a"), bytes("alpha2"));
        for (int round = 0; round < 2; round++) { // from the memtable, then from SST files
            assertEquals("alpha2", string(db.get(bytes("a"))));
            byte[] buffer = new byte[64];
            assertEquals(4, db.get(bytes("b"), buffer));
            assertEquals("beta", new String(buffer, 0, 4));
            try (PinnedValue v = db.getPinned(bytes("c"))) {
                assertEquals("gamma", new String(v.value().toArray(ValueLayout.JAVA_BYTE)));
            }
            assertEquals(List.of("alpha2", "beta", "gamma"),
                    db.multiGetAsList(List.of(bytes("a"), bytes("b"), bytes("c"))).stream().map(TestBytes::string).toList());
            try (MultiGet m = db.newMultiGet()) {
                m.add(bytes("b"));
                m.add(bytes("missing"));
                m.executePinned();
                assertEquals("beta", new String(m.value(0).toArray(ValueLayout.JAVA_BYTE)));
                assertNull(m.value(1));
            }
            List<String> seen = new ArrayList<>();
            try (RocksIterator it = db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.next()) seen.add(string(it.keyBytes()) + "=" + string(it.valueBytes()));
                it.seekToFirst();
                List<String> scanned = new ArrayList<>();
                it.scanForward((k, v) -> scanned.add(new String(v.toArray(ValueLayout.JAVA_BYTE))) || true);
                assertEquals(List.of("alpha2", "beta", "gamma"), scanned);
            }
            assertEquals(List.of("a=alpha2", "b=beta", "c=gamma"), seen);
            Holder<byte[]> holder = new Holder<>();
            if (db.keyMayExist(ReadOptions.DEFAULT, bytes("b"), holder) && holder.getValue() != null) {
                assertEquals("beta", string(holder.getValue()));
            }
            db.flush();
            db.compactRange();
        }
        // a TTL of an hour: nothing expired
        assertEquals("gamma", string(db.get(bytes("c"))));
    }

    @Test
    void entriesExpireAtTheCompactionAfterTheirTtl() throws Exception {
        try (TtlDB db = TtlDB.open(new Options().setCreateIfMissing(true), dir, 1, false)) {
            db.put(bytes("old"), bytes("1"));
            waitPastOneSecondTtl();
            db.put(bytes("new"), bytes("2"));
            assertEquals("1", string(db.get(bytes("old"))), "expired, but not hidden before a compaction");
            db.flush();
            db.compactRange();
            assertNull(db.get(bytes("old")), "dropped by the compaction");
            assertEquals("2", string(db.get(bytes("new"))), "younger than its TTL: kept");
        }
        // TTLs are per open: reopened with no TTL, nothing more expires
        try (TtlDB db = TtlDB.open(new Options(), dir.toString(), 0, false)) {
            waitPastOneSecondTtl();
            db.compactRange();
            assertEquals("2", string(db.get(bytes("new"))));
        }
    }

    @Test
    void eachColumnFamilyHasItsOwnTtl() throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (TtlDB db = TtlDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true), dir,
                List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("sessions"))),
                handles, List.of(0, 1), false)) {
            ColumnFamilyHandle sessions = handles.get(1);
            ColumnFamilyHandle shortLived = db.createColumnFamilyWithTtl(new ColumnFamilyDescriptor(bytes("short")), 1);
            ColumnFamilyHandle forever = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("plain")));
            for (ColumnFamilyHandle h : List.of(db.getDefaultColumnFamily(), sessions, shortLived, forever)) {
                db.put(h, bytes("k"), bytes("v"));
            }
            waitPastOneSecondTtl();
            for (ColumnFamilyHandle h : List.of(db.getDefaultColumnFamily(), sessions, shortLived, forever)) {
                db.flush(h);
                db.compactRange(h);
            }
            assertEquals("v", string(db.get(bytes("k"))), "default: TTL 0 keeps forever");
            assertNull(db.get(sessions, bytes("k")));
            assertNull(db.get(shortLived, bytes("k")));
            assertEquals("v", string(db.get(forever, bytes("k"))), "createColumnFamily on a TTL DB: no expiry");
        }
    }

    @Test
    void readOnlyOpensSitBesideTheWriterAndCannotWrite() throws Exception {
        try (TtlDB writer = TtlDB.open(new Options().setCreateIfMissing(true), dir, 100, false)) {
            writer.put(bytes("a"), bytes("1"));
            writer.flush();
            try (TtlDB reader = TtlDB.open(new Options(), dir, 100, true)) {
                assertTrue(reader.isReadOnly());
                assertEquals("1", string(reader.get(bytes("a"))));
                assertEquals(Status.Code.NotSupported,
                        assertThrows(RocksDBException.class, () -> reader.put(bytes("b"), bytes("2"))).code());
                assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class,
                        () -> reader.createColumnFamilyWithTtl(new ColumnFamilyDescriptor(bytes("x")), 1)).code());
            }
            // a second writable open of the directory is refused, as for any DB
            assertEquals(Status.Code.IOError, assertThrows(RocksDBException.class,
                    () -> TtlDB.open(new Options(), dir, 1, false)).code());
            assertEquals(Status.Code.IOError, assertThrows(RocksDBException.class,
                    () -> RocksDB.open(new Options(), dir)).code());
        }
    }

    @Test
    void misuse() throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        DBOptions options = new DBOptions().setCreateIfMissing(true);
        List<ColumnFamilyDescriptor> one = List.of(new ColumnFamilyDescriptor(bytes("default")));
        assertThrows(IllegalArgumentException.class, () -> TtlDB.open(options, dir, one, handles, List.of(1, 2), false));
        assertThrows(NullPointerException.class, () -> TtlDB.open(options, dir, one, handles, null, false));
        List<Integer> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> TtlDB.open(options, dir, one, handles, withNull, false));
        try (TtlDB db = TtlDB.open(options, dir, one, handles, List.of(10), false)) {
            // wide columns are refused: DBWithTTL does not stamp entities
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.putEntity(bytes("k"), List.of()));
            assertEquals(Status.Code.NotSupported, e.code(), e.getMessage());
            db.put(bytes("k"), bytes("v"));
            assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class, () -> db.getEntity(bytes("k"))).code());
            try (RocksIterator it = db.newIterator()) {
                it.seekToFirst();
                assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class, it::columns).code());
            }
            db.close();
            assertThrows(IllegalStateException.class, () -> db.createColumnFamilyWithTtl(new ColumnFamilyDescriptor(bytes("x")), 1));
        }
        // a plain DB's families have no TTL
        RocksDB plain = fixture.other();
        assertFalse(plain instanceof TtlDB);
    }
}
