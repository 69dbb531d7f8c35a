package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

class LifecycleTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    @Test
    void closeDeclaresNoCheckedExceptionAsRocksJavasDoes() {
        RocksDB db = assertDoesNotThrow(() -> RocksDB.open(new Options().setCreateIfMissing(true), dir));
        try (db) { // compiles in a method that declares nothing: close() throws no checked exception
            assertTrue(db.isOpen());
        }
        assertFalse(db.isOpen());
        assertDoesNotThrow(db::closeE, "closeE after close is a no-op too");
    }

    @Test
    void closeIsIdempotentAndUseAfterCloseThrows() throws RocksDBException {
        RocksDB db = fixture.db();
        db.put(bytes("k"), bytes("v"));
        db.close();
        db.close();
        assertFalse(db.isOpen());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> db.get(bytes("k")));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertTrue(e.getMessage().contains(fixture.dir().toAbsolutePath().toString()), "names the DB: " + e.getMessage());
        assertThrows(IllegalStateException.class, () -> db.put(bytes("k"), bytes("v")));
        assertThrows(IllegalStateException.class, () -> db.delete(bytes("k")));
        assertThrows(IllegalStateException.class, () -> db.get(bytes("k"), new byte[1]));
        assertThrows(IllegalStateException.class, db::getSnapshot);
    }

    @Test
    void reopenAfterCloseReleasesTheLock() throws RocksDBException {
        for (int round = 0; round < 5; round++) {
            try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir)) {
                db.put(bytes("round"), bytes(Integer.toString(round)));
            }
        }
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir)) {
            assertEquals("4", string(db.get(bytes("round"))));
        }
    }

    @Test
    void snapshotSeesTheStateWhenTaken(RocksDB db) throws RocksDBException {
        db.put(bytes("k"), bytes("before"));
        try (Snapshot snapshot = db.getSnapshot()) {
            db.put(bytes("k"), bytes("after"));
            db.put(bytes("new"), bytes("x"));
            ReadOptions atSnapshot = new ReadOptions().setSnapshot(snapshot);
            assertEquals("before", string(db.get(atSnapshot, bytes("k"))));
            assertNull(db.get(atSnapshot, bytes("new")));
            assertEquals("after", string(db.get(bytes("k"))));
            assertTrue(snapshot.getSequenceNumber() > 0);
            snapshot.close();
            assertThrows(IllegalStateException.class, () -> db.get(atSnapshot, bytes("k")));
        }
    }

    @Test
    void closingTheDbReleasesOpenSnapshots() throws RocksDBException {
        RocksDB db = fixture.db();
        db.put(bytes("k"), bytes("v"));
        Snapshot s1 = db.getSnapshot();
        Snapshot s2 = db.getSnapshot();
        s1.close();
        db.close(); // RocksDB refuses to close with unreleased snapshots: panrocks releases them first
        assertTrue(s2.isReleased());
        s2.close(); // no-op
        assertThrows(IllegalStateException.class, () -> db.get(new ReadOptions().setSnapshot(s2), bytes("k")));
    }

    @Test
    void readOptionsChangesAreSeenByLaterReads(RocksDB db) throws RocksDBException {
        db.put(bytes("k"), bytes("v1"));
        ReadOptions ro = new ReadOptions();
        assertEquals("v1", string(db.get(ro, bytes("k"))));
        Snapshot s = db.getSnapshot();
        ro.setSnapshot(s);
        db.put(bytes("k"), bytes("v2"));
        assertEquals("v1", string(db.get(ro, bytes("k"))));
        ro.setSnapshot(null);
        assertEquals("v2", string(db.get(ro, bytes("k"))));
        s.close();
    }

    @Test
    void invalidOptionValuesNameTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ReadOptions().setReadaheadSize(-1));
        assertTrue(e.getMessage().contains("readaheadSize"), e.getMessage());
        assertThrows(UnsupportedOperationException.class, () -> ReadOptions.DEFAULT.setFillCache(false));
        assertThrows(UnsupportedOperationException.class, () -> WriteOptions.DEFAULT.setSync(true));
    }
    @Test
    void objectsOfOneDbAreRefusedByAnother() throws RocksDBException {
        RocksDB a = fixture.db(), b = fixture.other();
        try (Snapshot ofA = a.getSnapshot()) {
            a.put(bytes("k"), bytes("a"));
            b.put(bytes("k"), bytes("b"));
            ReadOptions atA = new ReadOptions().setSnapshot(ofA);
            assertNull(a.get(atA, bytes("k")), "the snapshot predates the put");

            // a snapshot is a sequence number of its own DB: refused before any native call
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.get(atA, bytes("k")));
            assertTrue(e.getMessage().contains("Snapshot belongs to another DB"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> b.get(atA, bytes("k"), new byte[8]));
            assertThrows(IllegalArgumentException.class, () -> b.getPinned(atA, bytes("k")));
            assertThrows(IllegalArgumentException.class, () -> b.newIterator(atA));
            assertThrows(IllegalArgumentException.class,
                    () -> b.multiGetAsList(atA, java.util.List.of(bytes("k"))));
            assertThrows(IllegalArgumentException.class, () -> b.newRecordCursor(null, atA));
            assertEquals("b", string(b.get(bytes("k"))), "B is untouched and still usable");
            assertNull(a.get(atA, bytes("k")), "A still reads at its snapshot");

            // families: the batch binds to the family's DB
            try (ColumnFamilyHandle cfA = a.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf")));
                 ColumnFamilyHandle cfB = b.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf")));
                 WriteBatch batch = new WriteBatch()) {
                batch.put(bytes("plain"), bytes("1")).put(cfA, bytes("x"), bytes("2"));
                IllegalArgumentException wrongDb = assertThrows(IllegalArgumentException.class,
                        () -> b.write(new WriteOptions(), batch));
                assertTrue(wrongDb.getMessage().contains("another DB"), wrongDb.getMessage());
                assertNull(b.get(bytes("plain")), "nothing of the refused batch reached B");
                assertNull(b.get(cfB, bytes("x")));

                long sizeBefore = batch.getDataSize();
                assertThrows(IllegalArgumentException.class, () -> batch.put(cfB, bytes("y"), bytes("3")));
                assertEquals(sizeBefore, batch.getDataSize(), "a refused update leaves the batch as it was");
                assertEquals(2, batch.count());

                a.write(new WriteOptions(), batch);
                assertEquals("2", string(a.get(cfA, bytes("x"))));

                // clear() unbinds: a default-family batch goes anywhere
                batch.clear();
                batch.put(bytes("both"), bytes("4"));
                a.write(new WriteOptions(), batch);
                b.write(new WriteOptions(), batch);
                assertEquals("4", string(a.get(bytes("both"))));
                assertEquals("4", string(b.get(bytes("both"))));

                batch.clear();
                batch.put(cfB, bytes("y"), bytes("5"));
                b.write(new WriteOptions(), batch);
                assertEquals("5", string(b.get(cfB, bytes("y"))));
                assertThrows(IllegalArgumentException.class, () -> a.get(cfB, bytes("y")));

                cfB.close();
                assertThrows(IllegalStateException.class, () -> batch.put(cfB, bytes("z"), bytes("6")));
            }
        }
    }
}
