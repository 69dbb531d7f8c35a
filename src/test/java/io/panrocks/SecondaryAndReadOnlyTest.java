package io.panrocks;

import io.panrocks.fork.PrimaryWriter;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Secondary instances following a primary (in this process and in a child
 * JVM), and read-only opens with column families (errorIfWalFileExists
 * included). Neither claims the directory: a primary may be open beside them.
 */
class SecondaryAndReadOnlyTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    private Path primaryPath() {
        return dir.resolve("primary");
    }

    private static Options secondaryOptions() {
        return new Options().setMaxOpenFiles(-1);
    }

    private static String key(int i) {
        return String.format("k%06d", i);
    }

    @Test
    void aSecondaryFollowsAPrimaryInThisProcess() throws Exception {
        try (RocksDB primary = fixture.db()) {
            primary.put(bytes("a"), bytes("1"));
            try (RocksDB secondary = RocksDB.openAsSecondary(secondaryOptions(), fixture.dir(), dir.resolve("sec"))) {
                assertTrue(secondary.isReadOnly());
                assertEquals("1", string(secondary.get(bytes("a"))), "replayed the WAL when it opened");
                primary.put(bytes("b"), bytes("2"));
                primary.flush(); // into an SST: the catch-up reads the MANIFEST
                primary.put(bytes("c"), bytes("3")); // only in the WAL
                assertNull(secondary.get(bytes("b")), "not before a catch-up");
                try (RocksIterator before = secondary.newIterator()) {
                    secondary.tryCatchUpWithPrimary();
                    assertEquals("2", string(secondary.get(bytes("b"))));
                    assertEquals("3", string(secondary.get(bytes("c"))));
                    before.seekToFirst();
                    int n = 0;
                    for (; before.isValid(); before.next()) n++;
                    assertEquals(1, n, "an iterator keeps the view it was created with");
                }
                // writes, flushes and compactions are refused
                assertEquals(Status.Code.NotSupported,
                        assertThrows(RocksDBException.class, () -> secondary.put(bytes("x"), bytes("y"))).code());
                assertThrows(RocksDBException.class, secondary::flush);
                assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class,
                        () -> secondary.createColumnFamily(new ColumnFamilyDescriptor(bytes("z")))).code());
                assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class,
                        () -> secondary.dropColumnFamily(secondary.getDefaultColumnFamily())).code());
                // a primary is not a secondary
                assertEquals(Status.Code.NotSupported,
                        assertThrows(RocksDBException.class, primary::tryCatchUpWithPrimary).code());
                // the primary compacts and deletes files; the secondary keeps reading
                for (int i = 0; i < 1000; i++) primary.put(bytes(key(i)), bytes("v" + i));
                primary.flush();
                primary.compactRange();
                secondary.tryCatchUpWithPrimary();
                assertEquals("v999", string(secondary.get(bytes(key(999)))));
            }
        }
    }

    @Test
    void aSecondaryWithColumnFamilies() throws Exception {
        List<ColumnFamilyHandle> primaryHandles = new ArrayList<>();
        try (RocksDB primary = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                primaryPath(), List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("a")),
                        new ColumnFamilyDescriptor(bytes("b"))), primaryHandles)) {
            primary.put(primaryHandles.get(1), bytes("k"), bytes("in a"));
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            try (RocksDB secondary = RocksDB.openAsSecondary(new DBOptions().setMaxOpenFiles(-1), primaryPath().toString(),
                    dir.resolve("sec").toString(),
                    List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("a"))), handles)) {
                assertEquals(2, handles.size());
                assertEquals("in a", string(secondary.get(handles.get(1), bytes("k"))));
                primary.put(primaryHandles.get(1), bytes("k2"), bytes("later"));
                secondary.tryCatchUpWithPrimary();
                assertEquals("later", string(secondary.get(handles.get(1), bytes("k2"))));
            }
            RocksDBException missing = assertThrows(RocksDBException.class, () -> RocksDB.openAsSecondary(
                    new DBOptions(), primaryPath(), dir.resolve("sec"),
                    List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("nope"))),
                    new ArrayList<>()));
            assertNotEquals(Status.Code.Ok, missing.code());
        }
    }

    @Test
    void theSecondarysOwnDirectoryIsClaimed() throws Exception {
        try (RocksDB primary = fixture.db();
             RocksDB secondary = RocksDB.openAsSecondary(secondaryOptions(), fixture.dir(), dir.resolve("sec"))) {
            // two secondaries cannot share their own directory (their info logs would)
            assertEquals(Status.Code.IOError, assertThrows(RocksDBException.class,
                    () -> RocksDB.openAsSecondary(secondaryOptions(), fixture.dir(), dir.resolve("sec/."))).code());
            // nor use the primary's
            assertEquals(Status.Code.IOError, assertThrows(RocksDBException.class,
                    () -> RocksDB.openAsSecondary(secondaryOptions(), fixture.dir(), fixture.dir())).code());
            // two secondaries with their own directories are fine
            try (RocksDB other = RocksDB.openAsSecondary(secondaryOptions(), fixture.dir(), dir.resolve("sec2"))) {
                assertNull(other.get(bytes("nothing")));
            }
            assertThrows(NullPointerException.class, () -> RocksDB.openAsSecondary(secondaryOptions(), fixture.dir(), (Path) null));
            assertNull(secondary.get(bytes("x")));
        }
        // after the close the directory is free again
        try (RocksDB again = RocksDB.openAsSecondary(secondaryOptions(), fixture.dir(), dir.resolve("sec"))) {
            assertNull(again.get(bytes("x")));
        }
    }

    /** The primary in a child JVM writes in rounds; the secondary here catches up to each acknowledged round. */
    @Test
    void aSecondaryFollowsAPrimaryInAnotherProcess() throws Exception {
        try (ForkedJvm.Running child = ForkedJvm.main(PrimaryWriter.class, primaryPath().toString())
                .onStderr(System.err::println).start()) {
            assertEquals("OPEN", child.awaitLine(l -> true, Duration.ofSeconds(60)), () -> child.stdoutLines().toString());
            OutputStream commands = child.stdin();
            try (RocksDB secondary = RocksDB.openAsSecondary(secondaryOptions(), primaryPath(), dir.resolve("sec"))) {
                int written = 0;
                for (int round = 0; round < 6; round++) {
                    int to = written + 500;
                    String command = (round % 2 == 1 ? "flush\n" : "") + "put " + written + " " + to + "\n";
                    commands.write(command.getBytes(StandardCharsets.UTF_8));
                    commands.flush();
                    String ack = "ACK " + to;
                    assertEquals(ack, child.awaitLine(ack::equals, Duration.ofSeconds(60)), () -> child.stdoutLines().toString());
                    secondary.tryCatchUpWithPrimary();
                    for (int i = 0; i < to; i += 37) assertEquals("v" + i, string(secondary.get(bytes(key(i)))), "key " + i);
                    assertEquals("v" + (to - 1), string(secondary.get(bytes(key(to - 1)))));
                    assertNull(secondary.get(bytes(key(to))));
                    written = to;
                }
            }
            child.closeStdin();
            child.await().assertSuccess();
        }
    }

    @Test
    void readOnlyWithColumnFamilies() throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        List<ColumnFamilyDescriptor> all = List.of(new ColumnFamilyDescriptor(bytes("default")),
                new ColumnFamilyDescriptor(bytes("x")), new ColumnFamilyDescriptor(bytes("y")));
        try (RocksDB primary = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                primaryPath(), all, handles)) {
            primary.put(handles.get(1), bytes("k"), bytes("x1"));
            primary.put(handles.get(2), bytes("k"), bytes("y1"));
            primary.flush(handles.get(1));
            primary.flush(handles.get(2));
            primary.put(handles.get(1), bytes("k"), bytes("x2")); // in the WAL only

            // beside the writer: the read-only DB claims nothing, takes no lock
            List<ColumnFamilyHandle> ro = new ArrayList<>();
            try (RocksDB reader = RocksDB.openReadOnly(new DBOptions(), primaryPath(),
                    List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("x"))), ro)) {
                assertTrue(reader.isReadOnly());
                assertEquals(2, ro.size());
                assertEquals("x2", string(reader.get(ro.get(1), bytes("k"))), "the WAL was replayed into its memtable");
                assertEquals(Status.Code.NotSupported,
                        assertThrows(RocksDBException.class, () -> reader.put(ro.get(1), bytes("k"), bytes("z"))).code());
                // RocksDB's read-only DB would write the MANIFEST the writer is writing: refused
                assertEquals(Status.Code.NotSupported, assertThrows(RocksDBException.class,
                        () -> reader.createColumnFamily(new ColumnFamilyDescriptor(bytes("z")))).code());
                assertEquals(Status.Code.NotSupported,
                        assertThrows(RocksDBException.class, () -> reader.dropColumnFamily(ro.get(1))).code());
                primary.put(handles.get(1), bytes("k"), bytes("x3"));
                assertEquals("x2", string(reader.get(ro.get(1), bytes("k"))), "a read-only DB does not follow");
            }
            // errorIfWalFileExists: RocksDB refuses any WAL file in the directory (Corruption)
            RocksDBException wal = assertThrows(RocksDBException.class, () -> RocksDB.openReadOnly(
                    new DBOptions(), primaryPath(), all, new ArrayList<>(), true));
            assertEquals(Status.Code.Corruption, wal.code(), wal.getMessage());
            assertTrue(wal.getMessage().contains("WAL"), wal.getMessage());
            // a family that does not exist
            assertThrows(RocksDBException.class, () -> RocksDB.openReadOnly(new DBOptions(), primaryPath(),
                    List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("nope"))),
                    new ArrayList<>()));
            for (ColumnFamilyHandle h : handles) primary.flush(h);
        }
        // closed with everything flushed, the remaining (empty) WAL files removed: no WAL, so it opens
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(primaryPath())) {
            for (Path log : files.filter(p -> p.toString().endsWith(".log")).toList()) java.nio.file.Files.delete(log);
        }
        List<ColumnFamilyHandle> ro = new ArrayList<>();
        try (RocksDB reader = RocksDB.openReadOnly(new DBOptions(), primaryPath(), all, ro, true)) {
            assertEquals("x3", string(reader.get(ro.get(1), bytes("k"))));
            assertEquals("y1", string(reader.get(ro.get(2), bytes("k"))));
        }
        try (RocksDB reader = RocksDB.openReadOnly(new Options(), primaryPath(), true)) {
            assertNull(reader.get(bytes("k")));
        }
        assertEquals(List.of("default", "x", "y"), RocksDB.listColumnFamilies(new Options(), primaryPath()).stream()
                .map(TestBytes::string).toList(), "the read-only DB changed no family");
    }
}
