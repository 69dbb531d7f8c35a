package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

class OpenAndErrorsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    @Test
    void persistsAcrossReopen() throws RocksDBException {
        Path path = fixture.dir();
        RocksDB first = fixture.db();
        for (int i = 0; i < 1000; i++) first.put(bytes("key" + i), bytes("value" + i));
        first.delete(bytes("key7"));
        fixture.close();
        try (RocksDB db = RocksDB.open(new Options(), path)) {
            for (int i = 0; i < 1000; i++) {
                assertEquals(i == 7 ? null : "value" + i, string(db.get(bytes("key" + i))), "key" + i);
            }
        }
    }

    @Test
    void openingAMissingDbWithoutCreateFails() {
        Path path = dir.resolve("absent");
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options(), path));
        assertEquals(Status.Code.InvalidArgument, e.code());
        assertTrue(e.getStatus().state().contains("does not exist"), e.getMessage());
        assertTrue(e.getMessage().startsWith("Invalid argument: "), e.getMessage());
        assertFalse(Files.exists(path.resolve("CURRENT")));
    }

    @Test
    void errorIfExists() throws RocksDBException {
        Path path = fixture.dir();
        fixture.db();
        fixture.close();
        RocksDBException e = assertThrows(RocksDBException.class,
                () -> RocksDB.open(new Options().setCreateIfMissing(true).setErrorIfExists(true), path));
        assertEquals(Status.Code.InvalidArgument, e.code());
        assertTrue(e.getStatus().state().contains("exists"), e.getMessage());
    }

    @Test
    void openingADbThatIsAlreadyOpenFailsOnItsLock() throws RocksDBException {
        Path path = fixture.dir();
        RocksDB first = fixture.db();
        RocksDBException e = assertThrows(RocksDBException.class,
                () -> RocksDB.open(new Options().setCreateIfMissing(true), path));
        assertEquals(Status.Code.IOError, e.code());
        // refused by panrocks' own claim on the folder (any spelling of the path), before RocksDB's LOCK
        assertTrue(e.getStatus().state().contains("is the directory of DB " + path + ", open in this process"),
                e.getMessage());
        first.put(bytes("still"), bytes("works"));
        assertEquals("works", string(first.get(bytes("still"))));
    }

    @Test
    void writingToAReadOnlyDbFails() throws RocksDBException {
        Path path = fixture.dir();
        fixture.db().put(bytes("k"), bytes("v"));
        fixture.close();
        try (RocksDB ro = RocksDB.openReadOnly(path)) {
            assertTrue(ro.isReadOnly());
            assertEquals("v", string(ro.get(bytes("k"))));
            RocksDBException e = assertThrows(RocksDBException.class, () -> ro.put(bytes("k"), bytes("w")));
            assertEquals(Status.Code.NotSupported, e.code());
            assertTrue(e.getMessage().contains("read only") || e.getMessage().contains("read-only"), e.getMessage());
            RocksDBException d = assertThrows(RocksDBException.class, () -> ro.delete(bytes("k")));
            assertEquals(Status.Code.NotSupported, d.code());
        }
    }

    @Test
    void readOnlyOpenOfAMissingDbFails() {
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.openReadOnly(dir.resolve("none")));
        assertNotEquals(Status.Code.Ok, e.code());
        assertFalse(e.getStatus().state().isEmpty());
    }

    @Test
    void aPathThatIsAFileFails() throws Exception {
        Path file = Files.writeString(dir.resolve("plain-file"), "not a database");
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options().setCreateIfMissing(true), file));
        assertEquals(Status.Code.IOError, e.code());
        assertTrue(e.getStatus().state().contains(file.toString()), e.getMessage());
        assertEquals("not a database", Files.readString(file), "the file is left alone");
    }

    @Test
    void invalidArgumentsFailBeforeAnyNativeCall(RocksDB db) throws RocksDBException {
        assertThrows(NullPointerException.class, () -> db.put(null, bytes("v")));
        assertThrows(NullPointerException.class, () -> db.put(bytes("k"), (byte[]) null));
        assertThrows(NullPointerException.class, () -> db.get((byte[]) null));
        assertThrows(NullPointerException.class, () -> db.get((ReadOptions) null, bytes("k")));
        assertThrows(IndexOutOfBoundsException.class,
                () -> db.put(WriteOptions.DEFAULT, bytes("k"), 0, 5, bytes("v"), 0, 1));
        assertThrows(IndexOutOfBoundsException.class,
                () -> db.get(ReadOptions.DEFAULT, bytes("k"), 0, 1, new byte[4], 3, 2));
        assertThrows(IndexOutOfBoundsException.class,
                () -> db.put(WriteOptions.DEFAULT, bytes("k"), -1, 1, bytes("v"), 0, 1));
    }

    @Test
    void statusKeepsRocksDbsCodeAndMessage() {
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options(), dir.resolve("x")));
        Status s = e.getStatus();
        assertEquals(4, s.code().value());
        assertEquals(Status.SubCode.None, s.subCode());
        assertEquals("Invalid argument: " + s.state(), e.getMessage());
    }
}
