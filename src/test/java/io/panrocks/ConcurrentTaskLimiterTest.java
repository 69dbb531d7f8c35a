package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's {@code ConcurrentTaskLimiterImpl} and
 * {@code setCompactionThreadLimiter}: the limit reaches the engine (0 stops
 * a family's automatic compactions, raising it lets them run), families of
 * several DBs share one limiter, and a limiter closed while DBs use it
 * stays alive for them (as a cache or rate limiter does).
 */
class ConcurrentTaskLimiterTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    @Test
    void nameLimitAndOutstandingTasks() {
        try (ConcurrentTaskLimiterImpl limiter = new ConcurrentTaskLimiterImpl("name", 3)) {
            assertEquals("name", limiter.name());
            assertEquals(0, limiter.outstandingTask());
            assertSame(limiter, limiter.setMaxOutstandingTask(4));
            assertSame(limiter, limiter.resetMaxOutstandingTask());
            assertEquals(0, limiter.outstandingTask());
            limiter.close();
            limiter.close(); // idempotent
            assertThrows(IllegalStateException.class, limiter::name);
            assertThrows(IllegalStateException.class, limiter::outstandingTask);
            assertThrows(IllegalStateException.class, () -> limiter.setMaxOutstandingTask(1));
            assertThrows(IllegalStateException.class, limiter::resetMaxOutstandingTask);
        }
        assertEquals("ünï", new ConcurrentTaskLimiterImpl("ünï", -1).name());
        assertThrows(NullPointerException.class, () -> new ConcurrentTaskLimiterImpl(null, 1));
        assertThrows(IllegalArgumentException.class, () -> new ConcurrentTaskLimiterImpl("a\0b", 1));
    }

    @Test
    void optionsKeepTheLimiterAndCopyIt() {
        try (ConcurrentTaskLimiterImpl limiter = new ConcurrentTaskLimiterImpl("copied", 1)) {
            Options options = new Options().setCompactionThreadLimiter(limiter);
            assertSame(limiter, options.compactionThreadLimiter());
            assertSame(limiter, new ColumnFamilyOptions(options).compactionThreadLimiter());
            assertSame(limiter, new Options(new DBOptions(), new ColumnFamilyOptions().setCompactionThreadLimiter(limiter))
                    .compactionThreadLimiter());
            assertNull(options.setCompactionThreadLimiter(null).compactionThreadLimiter());
            assertNull(new ColumnFamilyOptions().compactionThreadLimiter());
        }
    }

    private static int level0Files(RocksDB db, ColumnFamilyHandle family) throws RocksDBException {
        return Integer.parseInt(db.getProperty(family, "rocksdb.num-files-at-level0"));
    }

    private static void flushes(RocksDB db, ColumnFamilyHandle family, int count) throws RocksDBException {
        for (int f = 0; f < count; f++) {
            for (int i = 0; i < 100; i++) db.put(family, bytes("key" + i), bytes("value" + f));
            db.flush(family);
        }
    }

    /** Waits up to 30 s until the family has at most max level-0 files. */
    private static int awaitLevel0(RocksDB db, ColumnFamilyHandle family, int max) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        int n;
        while ((n = level0Files(db, family)) > max && System.nanoTime() < deadline) Thread.sleep(20);
        return n;
    }

    @Test
    void aLimitOfZeroStopsCompactionsOfEveryFamilyUsingItUntilRaised() throws Exception {
        try (ConcurrentTaskLimiterImpl limiter = new ConcurrentTaskLimiterImpl("paused", 0)) {
            ColumnFamilyOptions limited = new ColumnFamilyOptions().setLevel0FileNumCompactionTrigger(2)
                    .setCompactionThreadLimiter(limiter);
            Options options = new Options().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
                    .setLevel0FileNumCompactionTrigger(2);
            try (RocksDB a = RocksDB.open(options, dir.resolve("a"));
                 RocksDB b = RocksDB.open(options, dir.resolve("b"))) {
                ColumnFamilyHandle inA = a.createColumnFamily(new ColumnFamilyDescriptor(bytes("limited"), limited));
                ColumnFamilyHandle inB = b.createColumnFamily(new ColumnFamilyDescriptor(bytes("limited"), limited));
                flushes(a, inA, 4);
                flushes(b, inB, 4);
                flushes(a, null, 4); // the default family has no limiter: it compacts
                assertTrue(awaitLevel0(a, null, 1) <= 1, "the unlimited family compacted");
                Thread.sleep(200);
                assertEquals(4, level0Files(a, inA), "no compaction started under a limit of 0");
                assertEquals(4, level0Files(b, inB));
                limiter.setMaxOutstandingTask(1);
                limiter.close(); // the families keep their reference
                flushes(a, inA, 1); // a flush schedules the compaction the limit held back
                flushes(b, inB, 1);
                int leftInA = awaitLevel0(a, inA, 1);
                int leftInB = awaitLevel0(b, inB, 1);
                assertTrue(leftInA <= 1, "a compacted: " + leftInA);
                assertTrue(leftInB <= 1, "b compacted: " + leftInB);
                assertArrayEquals(bytes("value0"), a.get(inA, bytes("key99")));
            }
        }
    }

    @Test
    void aLimiterClosedBeforeTheOpenOrTheCreationIsRefused() throws Exception {
        ConcurrentTaskLimiterImpl limiter = new ConcurrentTaskLimiterImpl("closed", 2);
        limiter.close();
        Options options = new Options().setCreateIfMissing(true).setCompactionThreadLimiter(limiter);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RocksDB.open(options, fixture.dir()));
        assertTrue(e.getMessage().contains("ConcurrentTaskLimiterImpl"), e.getMessage());
        try (RocksDB db = fixture.db()) {
            assertThrows(IllegalStateException.class, () -> db.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf"),
                    new ColumnFamilyOptions().setCompactionThreadLimiter(limiter))));
            assertEquals(1, RocksDB.listColumnFamilies(new Options(), fixture.dir().toString()).size());
        }
    }
}
