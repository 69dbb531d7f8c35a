package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's {@code Checkpoint.exportColumnFamily} and
 * {@code RocksDB.createColumnFamilyWithImport} on the real engine: data
 * round-trips between DBs byte for byte, and every misuse (a missing or
 * existing directory, a closed export, a TTL DB, overlapping exports) gets
 * RocksDB's error or a Java exception.
 */
class ColumnFamilyExportImportTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    /** A binary key: every byte value, zeros included, and i spread over it. */
    private static byte[] key(int i) {
        byte[] k = new byte[12];
        k[0] = 0;
        k[1] = (byte) 0xff;
        k[2] = (byte) (i >>> 8);
        k[3] = (byte) i;
        for (int j = 4; j < k.length; j++) k[j] = (byte) (i * 31 + j * 7);
        return k;
    }

    @Test
    void aFamilyRoundTripsIntoAnotherDbWithBinaryKeysAndLargeValues() throws Exception {
        int values = 6;
        try (RocksDB source = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("source"));
             RocksDB target = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("target"));
             Checkpoint checkpoint = Checkpoint.create(source)) {
            ColumnFamilyHandle family = source.createColumnFamily(new ColumnFamilyDescriptor(bytes("exported")));
            for (int i = 0; i < values; i++) source.put(family, key(i), TestBytes.randomBytes(i, 4 << 20));
            source.flush(family);
            for (int i = 0; i < 1000; i++) source.put(family, key(1000 + i), bytes("small" + i)); // left in the memtable
            source.delete(family, key(0));
            ExportImportFilesMetaData exported = checkpoint.exportColumnFamily(family, dir.resolve("export").toString());
            assertEquals("leveldb.BytewiseComparator", exported.dbComparatorName());
            assertFalse(exported.files().isEmpty());
            for (LiveFileMetaData f : exported.files()) {
                assertEquals(dir.resolve("export").toString(), f.path());
                assertTrue(Files.exists(Path.of(f.path(), f.fileName())), f::toString);
            }
            ColumnFamilyHandle imported;
            try (ImportColumnFamilyOptions options = new ImportColumnFamilyOptions()) {
                assertFalse(options.moveFiles());
                imported = target.createColumnFamilyWithImport(new ColumnFamilyDescriptor(bytes("imported")), options,
                        exported);
            }
            assertEquals("imported", new String(imported.getName()));
            assertNull(target.get(imported, key(0)), "the delete came along");
            for (int i = 1; i < values; i++) {
                assertArrayEquals(TestBytes.randomBytes(i, 4 << 20), target.get(imported, key(i)), "value " + i);
            }
            for (int i = 0; i < 1000; i++) assertArrayEquals(bytes("small" + i), target.get(imported, key(1000 + i)));
            // copied, not moved: the export can be imported again, here into the source DB
            ColumnFamilyHandle again = source.createColumnFamilyWithImport(new ColumnFamilyDescriptor(bytes("again")),
                    new ImportColumnFamilyOptions(), List.of(exported));
            assertArrayEquals(bytes("small999"), source.get(again, key(1999)));
            exported.close();
            assertTrue(exported.isReleased());
            assertEquals(exported.files().size(), exported.files().size(), "the copy stays readable");
            // the imported family is a family like any other: written, compacted, reopened
            target.put(imported, key(5000), bytes("later"));
            target.compactRange(imported);
        }
        try (RocksDB reopened = RocksDB.open(new DBOptions(), dir.resolve("target"),
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                        new ColumnFamilyDescriptor(bytes("imported"))), new java.util.ArrayList<>())) {
            assertNotNull(reopened);
        }
    }

    @Test
    void severalExportsMakeOneFamilyAndMovedFilesLeaveTheExport() throws Exception {
        try (RocksDB one = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("one"));
             RocksDB two = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("two"))) {
            one.put(bytes("a1"), bytes("1"));
            two.put(bytes("b2"), bytes("2"));
            ExportImportFilesMetaData fromOne = Checkpoint.create(one).exportColumnFamily(one.getDefaultColumnFamily(),
                    dir.resolve("e1"));
            ExportImportFilesMetaData fromTwo = Checkpoint.create(two).exportColumnFamily(two.getDefaultColumnFamily(),
                    dir.resolve("e2"));
            ColumnFamilyHandle both = one.createColumnFamilyWithImport(new ColumnFamilyDescriptor(bytes("both")),
                    new ImportColumnFamilyOptions().setMoveFiles(true), List.of(fromOne, fromTwo));
            assertArrayEquals(bytes("1"), one.get(both, bytes("a1")));
            assertArrayEquals(bytes("2"), one.get(both, bytes("b2")));
            for (LiveFileMetaData f : fromTwo.files()) {
                assertFalse(Files.exists(Path.of(f.path(), f.fileName())), "moved: " + f);
            }
            // a move out of a folder an open DB uses is refused before RocksDB (a DB opened there deletes the
            // export's files as obsolete anyway: RocksDB's own rule)
            ExportImportFilesMetaData inADb = Checkpoint.create(two).exportColumnFamily(two.getDefaultColumnFamily(),
                    dir.resolve("e5"));
            try (RocksDB squatter = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("e5"))) {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                        () -> one.createColumnFamilyWithImport(new ColumnFamilyDescriptor(bytes("moved")),
                                new ImportColumnFamilyOptions().setMoveFiles(true), inADb));
                assertTrue(refused.getMessage().contains("in use"), refused.getMessage());
                assertNotNull(squatter.getDefaultColumnFamily());
            }
            // overlapping exports are refused by RocksDB
            ExportImportFilesMetaData a = Checkpoint.create(one).exportColumnFamily(both, dir.resolve("e3"));
            ExportImportFilesMetaData b = Checkpoint.create(one).exportColumnFamily(both, dir.resolve("e4"));
            RocksDBException e = assertThrows(RocksDBException.class, () -> two.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("overlap")), new ImportColumnFamilyOptions(), List.of(a, b)));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            // a family of that name exists
            e = assertThrows(RocksDBException.class, () -> one.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("both")), new ImportColumnFamilyOptions(), a));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            // another comparator
            e = assertThrows(RocksDBException.class, () -> two.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("reversed"),
                            new ColumnFamilyOptions().setComparator(BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR)),
                    new ImportColumnFamilyOptions(), a));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
        }
    }

    @Test
    void misuseGetsRocksDBsErrorOrAJavaException() throws Exception {
        try (RocksDB db = fixture.db()) {
            db.put(bytes("k"), bytes("v"));
            Checkpoint checkpoint = Checkpoint.create(db);
            ColumnFamilyHandle family = db.getDefaultColumnFamily();
            // a directory that exists
            Files.createDirectories(dir.resolve("exists"));
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> checkpoint.exportColumnFamily(family, dir.resolve("exists")));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            // a missing parent
            e = assertThrows(RocksDBException.class,
                    () -> checkpoint.exportColumnFamily(family, dir.resolve("missing/parent/export")));
            assertEquals(Status.Code.IOError, e.getStatus().getCode(), e.getMessage());
            // the DB's own directory, or its staging twin, is claimed
            e = assertThrows(RocksDBException.class, () -> checkpoint.exportColumnFamily(family, fixture.dir()));
            assertEquals(Status.Code.Busy, e.getStatus().getCode(), e.getMessage());
            // caught in Java
            assertThrows(NullPointerException.class, () -> checkpoint.exportColumnFamily(null, dir.resolve("x")));
            assertThrows(NullPointerException.class, () -> checkpoint.exportColumnFamily(family, (Path) null));
            ExportImportFilesMetaData exported = checkpoint.exportColumnFamily(family, dir.resolve("export"));
            assertThrows(NullPointerException.class, () -> db.createColumnFamilyWithImport(null,
                    new ImportColumnFamilyOptions(), exported));
            assertThrows(NullPointerException.class, () -> db.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("x")), null, exported));
            assertThrows(IllegalArgumentException.class, () -> db.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("x")), new ImportColumnFamilyOptions(), List.of()));
            // a closed export, a closed checkpoint, a closed handle
            exported.close();
            assertThrows(IllegalStateException.class, () -> db.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("x")), new ImportColumnFamilyOptions(), exported));
            assertEquals(1, RocksDB.listColumnFamilies(new Options(), fixture.dir()).size(), "nothing created");
            ColumnFamilyHandle closedFamily = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("closed")));
            closedFamily.close();
            assertThrows(IllegalStateException.class, () -> checkpoint.exportColumnFamily(closedFamily, dir.resolve("y")));
            checkpoint.close();
            assertThrows(IllegalStateException.class, () -> checkpoint.exportColumnFamily(family, dir.resolve("z")));
        }
    }

    @Test
    void aTtlDbOrAReadOnlyDbDoesNotImport() throws Exception {
        ExportImportFilesMetaData exported;
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"))) {
            db.put(bytes("k"), bytes("value"));
            exported = Checkpoint.create(db).exportColumnFamily(db.getDefaultColumnFamily(), dir.resolve("export"));
        }
        try (TtlDB ttl = TtlDB.open(new Options().setCreateIfMissing(true), dir.resolve("ttl"), 1000, false)) {
            RocksDBException e = assertThrows(RocksDBException.class, () -> ttl.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("x")), new ImportColumnFamilyOptions(), exported));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode(), e.getMessage());
        }
        try (RocksDB readOnly = RocksDB.openReadOnly(dir.resolve("db"))) {
            RocksDBException e = assertThrows(RocksDBException.class, () -> readOnly.createColumnFamilyWithImport(
                    new ColumnFamilyDescriptor(bytes("x")), new ImportColumnFamilyOptions(), exported));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode(), e.getMessage());
        }
        // the export outlives its DB
        try (RocksDB other = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("other"))) {
            ColumnFamilyHandle h = other.createColumnFamilyWithImport(new ColumnFamilyDescriptor(bytes("x")),
                    new ImportColumnFamilyOptions(), exported);
            assertArrayEquals(bytes("value"), other.get(h, bytes("k")));
        }
        exported.close();
    }
}
