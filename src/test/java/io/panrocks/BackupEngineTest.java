package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * BackupEngine on the real engine: create (with and without a flush, with
 * metadata), list, verify, restore latest and by ID, purge, delete, garbage
 * collection; a corrupted backup; the directory rules (one engine per
 * backup directory, no restore under an open DB); closes racing backups.
 */
class BackupEngineTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir; // the backups and the restored copies

    private BackupEngineOptions options() {
        return new BackupEngineOptions(dir.resolve("backups"));
    }

    private static void fill(RocksDB db, int from, int to) throws RocksDBException {
        for (int i = from; i < to; i++) db.put(bytes(String.format("k%05d", i)), randomBytes(i, 200));
    }

    private static void check(Path path, int from, int to) throws RocksDBException {
        try (RocksDB db = RocksDB.openReadOnly(path)) {
            for (int i = from; i < to; i++) {
                assertArrayEquals(randomBytes(i, 200), db.get(bytes(String.format("k%05d", i))), "key " + i);
            }
            assertNull(db.get(bytes(String.format("k%05d", to))));
        }
    }

    @Test
    void backupListVerifyRestoreByIdAndLatest(RocksDB db) throws Exception {
        int first, second;
        try (BackupEngine backups = BackupEngine.open(options())) {
            fill(db, 0, 100);
            first = backups.createNewBackup(db, true);
            fill(db, 100, 150); // not flushed: the WALs carry them into the second backup
            second = backups.createNewBackupWithMetadata(db, "nightly \u00e9", false);
            assertTrue(second > first);
            List<BackupInfo> infos = backups.getBackupInfo();
            assertEquals(2, infos.size());
            assertEquals(first, infos.get(0).backupId());
            assertEquals("", infos.get(0).appMetadata());
            assertEquals("nightly \u00e9", infos.get(1).appMetadata());
            long now = System.currentTimeMillis() / 1000;
            assertTrue(Math.abs(infos.get(1).timestamp() - now) < 600, infos.get(1).toString());
            assertTrue(infos.get(0).size() > 0 && infos.get(0).numberFiles() > 0, infos.get(0).toString());
            assertEquals(0, backups.getCorruptedBackups().length);
            backups.verifyBackup(first);
            backups.verifyBackup(second, true);
            assertEquals(Status.Code.NotFound, assertThrows(RocksDBException.class, () -> backups.verifyBackup(999)).code());
        }
        try (BackupEngine backups = BackupEngine.open(options())) {
            Path one = dir.resolve("restored-1");
            backups.restoreDbFromBackup(first, one, one, new RestoreOptions(false));
            check(one, 0, 100);
            Path latest = dir.resolve("restored-latest");
            backups.restoreDbFromLatestBackup(latest.toString(), latest.toString(), new RestoreOptions());
            check(latest, 0, 150);
            // restoring over an existing DB replaces it
            backups.restoreDbFromBackup(first, latest, latest, new RestoreOptions(false));
            check(latest, 0, 100);
            assertEquals(Status.Code.NotFound, assertThrows(RocksDBException.class,
                    () -> backups.restoreDbFromBackup(999, one, one, new RestoreOptions())).code());
        }
    }

    @Test
    void binaryMetadataAndItsLimit(RocksDB db) throws Exception {
        try (BackupEngine backups = BackupEngine.open(options())) {
            db.put(bytes("k"), bytes("v"));
            byte[] binary = {0, 1, (byte) 0xff, 0, 10};
            backups.createNewBackupWithMetadata(db, binary, true);
            assertArrayEquals(binary, backups.getBackupInfo().get(0).appMetadataBytes());
            RocksDBException tooLarge = assertThrows(RocksDBException.class,
                    () -> backups.createNewBackupWithMetadata(db, new byte[(1 << 20) + 1], true));
            assertEquals(Status.Code.InvalidArgument, tooLarge.code(), tooLarge.getMessage());
            assertEquals(1, backups.getBackupInfo().size());
        }
    }

    @Test
    void purgeDeleteAndGarbageCollect(RocksDB db) throws Exception {
        try (BackupEngine backups = BackupEngine.open(options())) {
            int[] ids = new int[4];
            for (int i = 0; i < 4; i++) {
                fill(db, i * 10, i * 10 + 10);
                ids[i] = backups.createNewBackup(db, true);
            }
            backups.purgeOldBackups(2);
            assertEquals(List.of(ids[2], ids[3]), backups.getBackupInfo().stream().map(BackupInfo::backupId).toList());
            backups.deleteBackup(ids[2]);
            assertEquals(Status.Code.NotFound, assertThrows(RocksDBException.class, () -> backups.deleteBackup(ids[2])).code());
            backups.garbageCollect();
            assertEquals(List.of(ids[3]), backups.getBackupInfo().stream().map(BackupInfo::backupId).toList());
            backups.verifyBackup(ids[3], true);
            backups.purgeOldBackups(0);
            assertTrue(backups.getBackupInfo().isEmpty());
            assertThrows(IllegalArgumentException.class, () -> backups.purgeOldBackups(-1));
            assertEquals(Status.Code.NotFound, assertThrows(RocksDBException.class,
                    () -> backups.restoreDbFromLatestBackup(dir.resolve("r"), dir.resolve("r"), new RestoreOptions())).code());
        }
    }

    /** Bytes flipped in a backed-up SST file: verification with checksums and the restore report Corruption. */
    @Test
    void corruptedBackupFailsVerificationAndRestoreWithCorruption(RocksDB db) throws Exception {
        int id;
        try (BackupEngine backups = BackupEngine.open(options())) {
            fill(db, 0, 500);
            id = backups.createNewBackup(db, true);
        }
        Path sst;
        try (Stream<Path> files = Files.walk(dir.resolve("backups"))) {
            sst = files.filter(p -> p.toString().endsWith(".sst")).findFirst().orElseThrow();
        }
        flip(sst, 200, 32);
        Path target = dir.resolve("restored");
        try (BackupEngine backups = BackupEngine.open(options())) {
            backups.verifyBackup(id); // sizes still match
            RocksDBException verify = assertThrows(RocksDBException.class, () -> backups.verifyBackup(id, true));
            assertEquals(Status.Code.Corruption, verify.code(), verify.getMessage());
            RocksDBException restore = assertThrows(RocksDBException.class,
                    () -> backups.restoreDbFromLatestBackup(target, target, new RestoreOptions()));
            assertEquals(Status.Code.Corruption, restore.code(), restore.getMessage());
        }
        // a damaged metadata file makes the backup "corrupted" when the engine opens
        Path meta = dir.resolve("backups/meta/" + id);
        Files.write(meta, bytes("garbage\n"));
        try (BackupEngine backups = BackupEngine.open(options())) {
            assertArrayEquals(new int[]{id}, backups.getCorruptedBackups());
            assertTrue(backups.getBackupInfo().isEmpty());
            backups.deleteBackup(id);
            backups.garbageCollect();
            assertEquals(0, backups.getCorruptedBackups().length);
        }
    }

    private static void flip(Path file, long at, int count) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(count);
            ch.read(b, at);
            for (int i = 0; i < count; i++) b.put(i, (byte) (b.get(i) ^ 0x5A));
            b.rewind();
            ch.write(b, at);
        }
    }

    @Test
    void restoreRefusesTheDirectoryOfAnOpenDb(RocksDB db) throws Exception {
        try (BackupEngine backups = BackupEngine.open(options())) {
            fill(db, 0, 10);
            backups.createNewBackup(db, true);
            // the writer's own directory, under other spellings too
            Path own = fixture.dir();
            for (Path target : List.of(own, own.resolve("."), own.resolveSibling("x/../" + own.getFileName()))) {
                RocksDBException e = assertThrows(RocksDBException.class,
                        () -> backups.restoreDbFromLatestBackup(target, target, new RestoreOptions()));
                assertEquals(Status.Code.Busy, e.code(), e.getMessage());
            }
            // the WAL directory alone
            Path other = dir.resolve("other");
            assertEquals(Status.Code.Busy, assertThrows(RocksDBException.class,
                    () -> backups.restoreDbFromLatestBackup(other, own, new RestoreOptions())).code());
            fill(db, 10, 20);
            assertArrayEquals(randomBytes(15, 200), db.get(bytes("k00015")), "the open DB was not touched");
        }
        Path copy = dir.resolve("copy");
        try (BackupEngine backups = BackupEngine.open(options())) {
            backups.restoreDbFromLatestBackup(copy, copy, new RestoreOptions());
            // read-only and secondary DBs claim nothing exclusive, but a restore still refuses their directory
            try (RocksDB readOnly = RocksDB.openReadOnly(copy)) {
                assertEquals(Status.Code.Busy, assertThrows(RocksDBException.class,
                        () -> backups.restoreDbFromLatestBackup(copy, copy, new RestoreOptions())).code());
                assertArrayEquals(randomBytes(5, 200), readOnly.get(bytes("k00005")));
            }
            try (RocksDB secondary = RocksDB.openAsSecondary(new Options().setMaxOpenFiles(-1), copy, dir.resolve("sec"))) {
                assertEquals(Status.Code.Busy, assertThrows(RocksDBException.class,
                        () -> backups.restoreDbFromLatestBackup(copy, copy, new RestoreOptions())).code());
                assertArrayEquals(randomBytes(5, 200), secondary.get(bytes("k00005")));
            }
            backups.restoreDbFromLatestBackup(copy, copy, new RestoreOptions()); // all closed: fine
        }
        check(copy, 0, 10);
    }

    @Test
    void oneEnginePerBackupDirectory() throws Exception {
        try (BackupEngine first = BackupEngine.open(options())) {
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> BackupEngine.open(new BackupEngineOptions(dir.resolve("backups/.").toString())));
            assertEquals(Status.Code.Busy, e.code(), e.getMessage());
            assertEquals(dir.resolve("backups"), first.backupDir());
        }
        BackupEngine.open(options()).close(); // released with the first
        fixture.db(); // a DB open in fixture.dir()
        assertEquals(Status.Code.Busy, assertThrows(RocksDBException.class,
                () -> BackupEngine.open(new BackupEngineOptions(fixture.dir()))).code(), "a DB's own directory");
    }

    @Test
    void closedObjectsAndBadOptions(RocksDB db) throws Exception {
        BackupEngine backups = BackupEngine.open(options());
        db.close();
        assertThrows(IllegalStateException.class, () -> backups.createNewBackup(db));
        backups.close();
        backups.close();
        assertThrows(IllegalStateException.class, backups::getBackupInfo);
        assertThrows(IllegalStateException.class, () -> backups.verifyBackup(1));
        assertThrows(IllegalStateException.class, () -> backups.purgeOldBackups(1));
        backups.stopBackup(); // nothing to stop
        assertThrows(NullPointerException.class, () -> BackupEngine.open(null));
        assertThrows(IllegalArgumentException.class, () -> options().setMaxBackgroundOperations(0));
        assertThrows(IllegalArgumentException.class, () -> options().setMaxBackgroundOperations(100_000));
        assertThrows(IllegalArgumentException.class, () -> options().setCallbackTriggerIntervalSize(0));
        assertThrows(IllegalArgumentException.class, () -> options().setBackupRateLimit(-1));
        assertThrows(IllegalArgumentException.class, () -> options().setRestoreRateLimit(-1));
        assertThrows(IllegalArgumentException.class, () -> new BackupEngineOptions("a\0b"));
    }

    @Test
    void optionsAreApplied(RocksDB db) throws Exception {
        BackupEngineOptions o = options().setShareTableFiles(false).setSync(false).setBackupLogFiles(false)
                .setMaxBackgroundOperations(4).setBackupRateLimit(64 << 20).setRestoreRateLimit(64 << 20)
                .setShareFilesWithChecksum(false);
        assertFalse(o.shareTableFiles());
        assertEquals(4, o.maxBackgroundOperations());
        try (BackupEngine backups = BackupEngine.open(o)) {
            fill(db, 0, 20);
            db.flush();
            fill(db, 20, 30); // in the memtable and the WAL only
            backups.createNewBackup(db, false);
            // without shared files, the table files are in the backup's private folder
            try (Stream<Path> shared = Files.walk(dir.resolve("backups"))) {
                assertTrue(shared.noneMatch(p -> p.toString().contains("shared") && p.toString().endsWith(".sst")));
            }
        }
        Path restored = dir.resolve("r");
        try (BackupEngine backups = BackupEngine.open(options())) {
            backups.restoreDbFromLatestBackup(restored, restored, new RestoreOptions());
        }
        // no flush and no log files: only what was flushed is in the backup
        check(restored, 0, 20);
        try (BackupEngine wipe = BackupEngine.open(options().setDestroyOldData(true))) {
            assertTrue(wipe.getBackupInfo().isEmpty());
        }
    }

    /** A DB closed while a backup of it runs: the close waits for the backup, which completes. */
    @Test
    void dbCloseWaitsForABackupInProgress(RocksDB db) throws Exception {
        for (int i = 0; i < 20; i++) {
            fill(db, i * 1000, i * 1000 + 1000);
            db.flush();
        }
        try (BackupEngine backups = BackupEngine.open(options().setBackupRateLimit(4 << 20))) {
            CountDownLatch started = new CountDownLatch(1);
            AtomicReference<Object> outcome = new AtomicReference<>();
            Thread backup = new Thread(() -> {
                started.countDown();
                try {
                    outcome.set(backups.createNewBackup(db, false));
                } catch (Throwable t) {
                    outcome.set(t);
                }
            });
            backup.start();
            started.await();
            Thread.sleep(50);
            db.close(); // waits while the backup is inside the engine
            backup.join();
            Object result = outcome.get();
            if (result instanceof Integer id) {
                backups.verifyBackup(id, true);
            } else {
                // the backup started after the close: refused cleanly
                assertInstanceOf(IllegalStateException.class, result);
            }
        }
    }

    /** stopBackup from another thread ends a running backup with Incomplete; garbage collection cleans up. */
    @Test
    void stopBackupCutsABackupShort(RocksDB db) throws Exception {
        try (BackupEngine backups = BackupEngine.open(options().setBackupRateLimit(1 << 20))) {
            for (int i = 0; i < 10; i++) {
                fill(db, i * 1000, i * 1000 + 1000);
                db.flush();
            }
            AtomicReference<Object> outcome = new AtomicReference<>();
            Thread backup = new Thread(() -> {
                try {
                    outcome.set(backups.createNewBackup(db, false));
                } catch (Throwable t) {
                    outcome.set(t);
                }
            });
            backup.start();
            Thread.sleep(100);
            backups.stopBackup();
            backup.join();
            if (outcome.get() instanceof RocksDBException e) {
                assertEquals(Status.Code.Incomplete, e.code(), e.getMessage());
                assertTrue(backups.getBackupInfo().isEmpty());
            } else {
                assertInstanceOf(Integer.class, outcome.get()); // it finished first
            }
            backups.garbageCollect();
        }
    }

    /** The engine's close from another thread waits for the backup in progress, which completes. */
    @Test
    void engineCloseWaitsForABackupInProgress(RocksDB db) throws Exception {
        for (int i = 0; i < 10; i++) {
            fill(db, i * 1000, i * 1000 + 1000);
            db.flush();
        }
        BackupEngine backups = BackupEngine.open(options().setBackupRateLimit(2 << 20));
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread backup = new Thread(() -> {
            started.countDown();
            try {
                outcome.set(backups.createNewBackup(db, false));
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        backup.start();
        started.await();
        Thread.sleep(50);
        backups.close();
        backup.join();
        assertThrows(IllegalStateException.class, backups::getBackupInfo);
        try (BackupEngine again = BackupEngine.open(options())) {
            if (outcome.get() instanceof Integer id) {
                again.verifyBackup(id, true);
            } else {
                assertInstanceOf(IllegalStateException.class, outcome.get(), "refused cleanly, never half done");
                assertTrue(again.getBackupInfo().isEmpty());
            }
        }
    }

    /** A forgotten engine is released by the Cleaner, and with it the claim on its directory. */
    @Test
    void aForgottenEngineGivesItsDirectoryBack() throws Exception {
        forget();
        BackupEngine reopened = null;
        for (int i = 0; i < 200 && reopened == null; i++) {
            System.gc();
            Thread.sleep(20);
            try {
                reopened = BackupEngine.open(options());
            } catch (RocksDBException busy) {
                assertEquals(Status.Code.Busy, busy.code());
            }
        }
        assertNotNull(reopened, "the Cleaner released the forgotten engine");
        reopened.close();
    }

    private void forget() throws RocksDBException {
        BackupEngine.open(options()).getBackupInfo();
    }
}
