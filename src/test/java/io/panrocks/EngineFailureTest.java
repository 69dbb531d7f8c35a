package io.panrocks;

import io.panrocks.fork.HoldOpen;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/** Failures that come from the engine keep RocksDB's code, subcode and message. */
class EngineFailureTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    @Test
    void noPermission() throws Exception {
        Path target;
        if ("root".equals(System.getProperty("user.name"))) {
            target = Path.of("/sys/panrocks-test-db"); // even root may not create folders in sysfs
        } else {
            Path locked = Files.createDirectory(dir.resolve("locked"));
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-x------"));
            target = locked.resolve("db");
        }
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options().setCreateIfMissing(true), target));
        assertEquals(Status.Code.IOError, e.code());
        assertTrue(e.getMessage().contains("not permitted") || e.getMessage().contains("Permission denied"), e.getMessage());
        assertTrue(e.getMessage().contains(target.toString()), e.getMessage());
    }

    @Test
    void dbLockedByAnotherProcess() throws Exception {
        Path path = dir.resolve("db");
        try (ForkedJvm.Running holder = ForkedJvm.main(HoldOpen.class, path.toString())
                .onStderr(System.err::println).start()) {
            assertEquals("OPEN", holder.awaitLine(line -> true, Duration.ofSeconds(60)), () -> holder.stdoutLines().toString());
            RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options().setCreateIfMissing(true), path));
            assertEquals(Status.Code.IOError, e.code());
            assertTrue(e.getMessage().contains("lock"), e.getMessage());
            assertTrue(e.getMessage().contains(path.resolve("LOCK").toString()), e.getMessage());
            holder.closeStdin();
            assertEquals(0, holder.await().assertNoCrashOrHang().exitCode());
        }
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), path)) {
            assertArrayEquals(new byte[]{2}, db.get(new byte[]{1}));
        }
    }

    @Test
    void corruptedManifest() throws Exception {
        Path path = fixture.dir();
        RocksDB db = fixture.db();
        for (int i = 0; i < 100; i++) db.put(bytes("k" + i), bytes("v" + i));
        db.flush();
        fixture.close();
        Path manifest = only(path, "MANIFEST-");
        byte[] m = Files.readAllBytes(manifest);
        for (int i = 7; i < m.length; i += 3) m[i] ^= (byte) 0x5A;
        Files.write(manifest, m);
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options(), path));
        assertEquals(Status.Code.Corruption, e.code(), e.getMessage());
        assertFalse(e.getStatus().state().isEmpty());
    }

    @Test
    void corruptedSstIsAChecksumMismatchOnRead() throws Exception {
        Path path = fixture.dir();
        RocksDB written = fixture.db();
        for (int i = 0; i < 50; i++) written.put(bytes(String.format("k%03d", i)), TestBytes.randomBytes(i, 1000));
        written.flush();
        fixture.close();
        Path sst = only(path, ".sst");
        try (var channel = Files.newByteChannel(sst, StandardOpenOption.WRITE)) {
            channel.position(100); // inside the first data block
            channel.write(java.nio.ByteBuffer.wrap(new byte[]{1, 2, 3, 4, 5, 6, 7, 8}));
        }
        try (RocksDB db = RocksDB.open(new Options(), path)) {
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.get(bytes("k000")));
            assertEquals(Status.Code.Corruption, e.code());
            assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
            try (RocksIterator it = db.newIterator()) {
                it.seekToFirst();
                assertFalse(it.isValid());
                RocksDBException s = assertThrows(RocksDBException.class, it::status);
                assertEquals(Status.Code.Corruption, s.code());
            }
        }
    }

    @Test
    void missingColumnFamily() throws Exception {
        Path path = fixture.dir();
        fixture.db();
        fixture.close();
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new DBOptions(), path,
                List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("nope"))),
                new ArrayList<>()));
        assertEquals(Status.Code.InvalidArgument, e.code());
        assertTrue(e.getMessage().contains("nope") || e.getMessage().contains("not found"), e.getMessage());
    }

    private static Path only(Path dir, String namePart) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> found = s.filter(p -> p.getFileName().toString().contains(namePart)).toList();
            assertEquals(1, found.size(), "one " + namePart + " file in " + dir + ": " + found);
            return found.get(0);
        }
    }
}
