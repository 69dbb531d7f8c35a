package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Environments: the default one's thread pools (shared by every DB of the
 * process) and in-memory environments whose DBs write nothing to disk.
 */
class EnvTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultEnvironmentsPoolsAreSetAndRead() {
        Env env = Env.getDefault();
        assertSame(env, Env.getDefault());
        int high = env.getBackgroundThreads(Priority.HIGH);
        try {
            assertSame(env, env.setBackgroundThreads(high + 3, Priority.HIGH));
            assertEquals(high + 3, env.getBackgroundThreads(Priority.HIGH));
            env.incBackgroundThreadsIfNeeded(1, Priority.HIGH);
            assertEquals(high + 3, env.getBackgroundThreads(Priority.HIGH), "never lowered");
            env.incBackgroundThreadsIfNeeded(high + 4, Priority.HIGH);
            assertEquals(high + 4, env.getBackgroundThreads(Priority.HIGH));
        } finally {
            env.setBackgroundThreads(high, Priority.HIGH);
        }
        int low = env.getBackgroundThreads(Priority.LOW);
        try {
            env.setBackgroundThreads(low + 1);
            assertEquals(low + 1, env.getBackgroundThreads(Priority.LOW), "the one-argument form sets LOW");
        } finally {
            env.setBackgroundThreads(low, Priority.LOW);
        }
        assertTrue(env.getThreadPoolQueueLen(Priority.LOW) >= 0);
        assertSame(env, env.lowerThreadPoolIOPriority(Priority.BOTTOM));
        env.close(); // does nothing
        assertTrue(env.getBackgroundThreads(Priority.LOW) >= 0, "the default environment outlives close()");
    }

    @Test
    void badArgumentsAreRefusedBeforeTheEngine() {
        Env env = Env.getDefault();
        assertThrows(IllegalArgumentException.class, () -> env.setBackgroundThreads(-1, Priority.LOW));
        assertThrows(IllegalArgumentException.class, () -> env.setBackgroundThreads(1025, Priority.LOW));
        IllegalArgumentException total = assertThrows(IllegalArgumentException.class,
                () -> env.getBackgroundThreads(Priority.TOTAL));
        assertTrue(total.getMessage().contains("TOTAL"), total.getMessage());
        assertThrows(NullPointerException.class, () -> env.getThreadPoolQueueLen(null));
        assertThrows(NullPointerException.class, () -> new RocksMemEnv(null));
        try (RocksMemEnv mem = new RocksMemEnv(Env.getDefault())) {
            assertThrows(IllegalArgumentException.class, () -> new RocksMemEnv(mem), "stands on the default only");
            assertThrows(IllegalArgumentException.class, () -> new SstFileManager(mem));
        }
    }

    @Test
    void anInMemoryDbWritesNothingToDiskAndReopensFromTheEnvironment() throws RocksDBException {
        Path path = dir.resolve("in-memory");
        byte[] big = new byte[4 << 20];
        big[big.length - 1] = 7;
        try (RocksMemEnv mem = new RocksMemEnv(Env.getDefault())) {
            Options options = new Options().setCreateIfMissing(true).setEnv(mem);
            assertSame(mem, options.getEnv());
            try (RocksDB db = RocksDB.open(options, path)) {
                db.put(bytes("k"), bytes("v"));
                db.put(bytes("big"), big);
                db.flush(new FlushOptions());
            }
            assertFalse(Files.exists(path), "no directory on disk");
            try (RocksDB again = RocksDB.open(options, path)) {
                assertEquals("v", string(again.get(bytes("k"))), "the files live in the environment");
                assertArrayEquals(big, again.get(bytes("big")));
                mem.close();
                again.put(bytes("after"), bytes("close")); // the DB keeps its own reference
                assertEquals("close", string(again.get(bytes("after"))));
            }
            assertThrows(IllegalStateException.class, () -> mem.getBackgroundThreads(Priority.LOW));
            assertThrows(IllegalStateException.class, () -> RocksDB.open(options, dir.resolve("other")),
                    "a closed environment opens nothing");
        }
        try (RocksDB onDisk = RocksDB.open(new Options().setCreateIfMissing(true), path)) {
            assertNull(onDisk.get(bytes("k")), "the default environment never saw those files");
        }
    }

    @Test
    void aCheckpointExportOrBackupOfAnInMemoryDbIsRefused() throws RocksDBException {
        Path path = dir.resolve("in-memory");
        Path checkpoint = dir.resolve("checkpoint");
        Path export = dir.resolve("export");
        try (RocksMemEnv mem = new RocksMemEnv(Env.getDefault());
             RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setEnv(mem), path);
             Checkpoint maker = Checkpoint.create(db)) {
            db.put(bytes("k"), bytes("v"));
            // the engine would write both into the memory environment and answer OK: nothing on disk
            RocksDBException refused = assertThrows(RocksDBException.class, () -> maker.createCheckpoint(checkpoint));
            assertEquals(Status.Code.NotSupported, refused.code());
            assertTrue(refused.getMessage().contains(checkpoint.toString()), refused.getMessage());
            assertFalse(Files.exists(checkpoint));
            assertFalse(Files.exists(dir.resolve("checkpoint.tmp")));
            RocksDBException notExported = assertThrows(RocksDBException.class,
                    () -> maker.exportColumnFamily(db.getDefaultColumnFamily(), export));
            assertEquals(Status.Code.NotSupported, notExported.code());
            assertFalse(Files.exists(export));
            // the backup engine would look for the DB's files on disk (PathNotFound on the first): refused
            try (BackupEngine engine = BackupEngine.open(new BackupEngineOptions(dir.resolve("backups")))) {
                RocksDBException notBackedUp = assertThrows(RocksDBException.class, () -> engine.createNewBackup(db, true));
                assertEquals(Status.Code.NotSupported, notBackedUp.code());
                assertTrue(engine.getBackupInfo().isEmpty(), "no backup recorded");
            }
            assertEquals("v", string(db.get(bytes("k"))), "the DB in memory is unharmed");
        }
    }

    @Test
    void twoInMemoryEnvironmentsAreApart() throws RocksDBException {
        Path path = dir.resolve("same-path");
        try (RocksMemEnv a = new RocksMemEnv(Env.getDefault()); RocksMemEnv b = new RocksMemEnv(Env.getDefault())) {
            try (RocksDB da = RocksDB.open(new Options().setCreateIfMissing(true).setEnv(a), path)) {
                da.put(bytes("k"), bytes("a"));
                // one path, one open DB in the process, whatever the environment (panrocks' own rule)
                assertThrows(RocksDBException.class,
                        () -> RocksDB.open(new Options().setCreateIfMissing(true).setEnv(b), path));
            }
            try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setEnv(b), path)) {
                assertNull(db.get(bytes("k")), "b never saw a's files");
                db.put(bytes("k"), bytes("b"));
            }
            try (RocksDB da = RocksDB.open(new Options().setEnv(a), path)) {
                assertEquals("a", string(da.get(bytes("k"))), "a kept its own");
            }
        }
    }
}
