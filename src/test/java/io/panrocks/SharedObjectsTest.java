package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The native objects DBs share (statistics, caches, write buffer managers,
 * rate limiters, SST file managers): each has its effect on the real
 * engine, DBs keep their own reference (closing the object while a DB runs
 * is safe), a closed object refuses use, and opens that share objects never
 * wait for each other.
 */
class SharedObjectsTest {
    @TempDir
    Path dir;

    static byte[] noise(long seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    // ---- statistics -------------------------------------------------------------

    @Test
    void oneStatisticsObjectCountsEveryDbGivenIt() throws RocksDBException {
        try (Statistics stats = new Statistics()) {
            assertEquals(StatsLevel.EXCEPT_DETAILED_TIMERS, stats.statsLevel());
            Options options = new Options().setCreateIfMissing(true).setStatistics(stats);
            try (RocksDB a = RocksDB.open(options, dir.resolve("a")); RocksDB b = RocksDB.open(options, dir.resolve("b"))) {
                a.put(bytes("k"), bytes("v"));
                b.put(bytes("k"), bytes("v"));
                b.put(bytes("k2"), bytes("v"));
                assertEquals(3, stats.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                // each DB's view sees the same object
                assertEquals(3, a.getStatistics().getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                for (int i = 0; i < 4; i++) assertNotNull(a.get(bytes("k")));
                HistogramData gets = stats.getHistogramData(HistogramType.DB_GET_MICROS);
                assertEquals(4, gets.getCount());
                assertEquals(gets.count(), gets.getCount());
                assertTrue(gets.getMax() >= gets.getMedian());
                String text = stats.getHistogramString(HistogramType.DB_GET_MICROS);
                assertTrue(text.contains("Count: 4"), text);
                assertTrue(stats.toString().contains("rocksdb.number.keys.written COUNT : 3"), stats.toString());
                assertEquals(3, stats.getAndResetTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                assertEquals(0, stats.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                assertEquals(-1, stats.getTickerCount("rocksdb.no.such.ticker"));
                assertEquals(-1, stats.getAndResetTickerCount("rocksdb.no.such.ticker"));
                assertNull(stats.getHistogramData("rocksdb.no.such.histogram"));
                assertNull(stats.getHistogramString("rocksdb.no.such.histogram"));
                assertThrows(IllegalArgumentException.class, () -> stats.getTickerCount("rocksdb.\0x"));

                // the level changes collection for every DB at once
                stats.setStatsLevel(StatsLevel.DISABLE_ALL);
                assertEquals(StatsLevel.DISABLE_ALL, a.getStatistics().statsLevel());
                a.put(bytes("k3"), bytes("v"));
                assertEquals(0, stats.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN), "nothing counted at DISABLE_ALL");
                stats.setStatsLevel(StatsLevel.ALL);
                a.put(bytes("k4"), bytes("v"));
                assertEquals(1, stats.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                stats.reset();
                assertEquals(0, stats.getHistogramData(HistogramType.DB_GET_MICROS).count());

                // a view cannot be given to another DB
                Statistics view = a.getStatistics();
                assertThrows(IllegalArgumentException.class, () -> new Options().setStatistics(view));

                // the object closed: the DBs keep counting, the handle refuses
                stats.close();
                stats.close();
                assertThrows(IllegalStateException.class, () -> stats.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                assertThrows(IllegalStateException.class, () -> stats.setStatsLevel(StatsLevel.ALL));
                assertEquals("Statistics{closed}", stats.toString());
                b.put(bytes("k5"), bytes("v"));
                assertEquals(1, b.getStatistics().getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                // an open with the closed object names it
                IllegalStateException closed = assertThrows(IllegalStateException.class,
                        () -> RocksDB.open(options, dir.resolve("c")));
                assertTrue(closed.getMessage().contains("Statistics"), closed.getMessage());
            }
        }
    }

    @Test
    void theViewOfADbFailsOnceTheDbIsClosedAndTheSwitchStillWorks() throws RocksDBException {
        Statistics view;
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setStatisticsEnabled(true), dir)) {
            view = db.getStatistics();
            db.put(bytes("k"), bytes("v"));
            assertEquals(1, view.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
            view.setStatsLevel(StatsLevel.EXCEPT_TIMERS);
            assertEquals(StatsLevel.EXCEPT_TIMERS, db.getStatistics().statsLevel());
        }
        assertThrows(IllegalStateException.class, () -> view.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
        assertThrows(IllegalStateException.class, view::reset);
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir)) {
            assertThrows(IllegalStateException.class, db::getStatistics);
        }
    }

    // ---- caches ---------------------------------------------------------------------

    /** Fills a family through the cache and reads it back: the cache must then hold blocks. */
    private long fillAndRead(Cache cache, Path at) throws RocksDBException {
        Options options = new Options().setCreateIfMissing(true)
                .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
        try (RocksDB db = RocksDB.open(options, at)) {
            for (int i = 0; i < 200; i++) db.put(bytes("key" + i), noise(i, 1000));
            db.flush();
            for (int i = 0; i < 200; i++) assertArrayEquals(noise(i, 1000), db.get(bytes("key" + i)));
            return cache.getUsage();
        }
    }

    @Test
    void everyCacheKindServesAsBlockCache() throws RocksDBException {
        try (LRUCache lru = new LRUCache(8 << 20, 2, false, 0.5, 0.2);
             ClockCache clock = new ClockCache(8 << 20);
             HyperClockCache hyper = new HyperClockCache(8 << 20, 4096, -1, false)) {
            for (Cache c : List.<Cache>of(lru, clock, hyper)) {
                long empty = c.getUsage(); // a HyperClockCache charges its table's metadata
                assertEquals(8 << 20, c.capacity());
                long used = fillAndRead(c, dir.resolve(c.getClass().getSimpleName()));
                assertTrue(used > empty + 100_000, c.getClass().getSimpleName() + " holds the blocks read: " + used);
                assertTrue(c.getPinnedUsage() >= 0);
            }
        }
    }

    @Test
    void cachesRefuseWhatTheEngineCannotTake() {
        assertThrows(IllegalArgumentException.class, () -> new LRUCache(-1));
        assertThrows(IllegalArgumentException.class, () -> new LRUCache(1 << 20, 20));
        assertThrows(IllegalArgumentException.class, () -> new LRUCache(1 << 20, -1, false, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new LRUCache(1 << 20, -1, false, 0.7, 0.4));
        assertThrows(IllegalArgumentException.class, () -> new LRUCache(1 << 20, -1, false, 0.5, -0.1));
        assertThrows(IllegalArgumentException.class, () -> new ClockCache(1 << 20, 25));
        IllegalArgumentException table = assertThrows(IllegalArgumentException.class,
                () -> new HyperClockCache(1L << 40, 1, -1, false));
        assertTrue(table.getMessage().contains("estimatedEntryCharge"), table.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new HyperClockCache(1 << 20, -1, -1, false));
        assertThrows(IllegalArgumentException.class, () -> new HyperClockCache(-1, 4096, -1, false));
        boolean automatic = EngineVersion.atLeast(8, 0);
        if (automatic) {
            try (HyperClockCache c = new HyperClockCache(1 << 20, 0, -1, false)) {
                assertEquals(1 << 20, c.capacity());
            }
        } else {
            assertThrows(IllegalArgumentException.class, () -> new HyperClockCache(1 << 20, 0, -1, false),
                    "automatic sizing needs RocksDB 8");
        }
    }

    @Test
    void aRowCacheServesRepeatedPointReads() throws RocksDBException {
        try (LRUCache rows = new LRUCache(1 << 20); Statistics stats = new Statistics()) {
            Options options = new Options().setCreateIfMissing(true).setRowCache(rows).setStatistics(stats);
            assertSame(rows, options.rowCache());
            try (RocksDB db = RocksDB.open(options, dir)) {
                db.put(bytes("k"), bytes("v"));
                db.flush();
                for (int i = 0; i < 3; i++) assertArrayEquals(bytes("v"), db.get(bytes("k")));
                assertEquals(1, stats.getTickerCount(TickerType.ROW_CACHE_MISS));
                assertEquals(2, stats.getTickerCount(TickerType.ROW_CACHE_HIT));
                assertTrue(rows.getUsage() > 0);
            }
        }
    }

    // ---- write buffer manager -------------------------------------------------------

    @Test
    void aWriteBufferManagerBoundsTheMemtablesOfSeveralDbs() throws RocksDBException, InterruptedException {
        try (LRUCache cache = new LRUCache(64 << 20);
             WriteBufferManager budget = new WriteBufferManager(4 << 20, cache)) {
            assertEquals(4 << 20, budget.bufferSize());
            assertTrue(budget.costToCache());
            assertFalse(budget.allowStall());
            Options options = new Options().setCreateIfMissing(true).setWriteBufferManager(budget)
                    .setWriteBufferSize(64 << 20);
            assertSame(budget, options.writeBufferManager());
            try (RocksDB a = RocksDB.open(options, dir.resolve("a")); RocksDB b = RocksDB.open(options, dir.resolve("b"))) {
                long before = budget.memoryUsage();
                for (int i = 0; i < 40; i++) {
                    a.put(bytes("a" + i), noise(i, 100_000));
                    b.put(bytes("b" + i), noise(i, 100_000));
                }
                // 8 MB written into 64 MiB memtables: only the shared 4 MiB budget can have flushed them.
                // The write path switches the memtable; the flush itself runs on a background thread,
                // so its outcome is awaited (bounded: a loaded machine delays it, a missing flush fails).
                long deadline = System.nanoTime() + 30_000_000_000L;
                long flushed;
                String files;
                do {
                    flushed = a.getLongProperty("rocksdb.num-immutable-mem-table-flushed")
                            + b.getLongProperty("rocksdb.num-immutable-mem-table-flushed");
                    files = a.getProperty("rocksdb.num-files-at-level0") + "+" + b.getProperty("rocksdb.num-files-at-level0");
                    if (flushed > 0 || !files.equals("0+0")) break;
                    Thread.sleep(10);
                } while (System.nanoTime() < deadline);
                assertTrue(flushed > 0 || !files.equals("0+0"), "the budget made RocksDB flush: " + files);
                assertTrue(budget.memoryUsage() > before, "memtables are counted");
                assertTrue(cache.getUsage() >= budget.memoryUsage() / 2,
                        "memtables are charged to the cache: " + cache.getUsage() + " for " + budget.memoryUsage());
                // the objects closed, the DBs keep their budget
                budget.close();
                cache.close();
                assertThrows(IllegalStateException.class, budget::memoryUsage);
                a.put(bytes("after"), noise(99, 100_000));
                assertArrayEquals(noise(99, 100_000), a.get(bytes("after")));
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new WriteBufferManager(-1, null));
        try (LRUCache closed = new LRUCache(1 << 20)) {
            closed.close();
            assertThrows(IllegalStateException.class, () -> new WriteBufferManager(1 << 20, closed));
        }
        try (WriteBufferManager uncharged = new WriteBufferManager(0, null, true)) {
            assertFalse(uncharged.costToCache());
            assertTrue(uncharged.allowStall());
            assertEquals(0, uncharged.bufferSize());
        }
    }

    // ---- rate limiter -------------------------------------------------------------------

    @Test
    void aRateLimiterCountsFlushesAndTakesRequests() throws RocksDBException {
        try (RateLimiter limiter = new RateLimiter(64 << 20)) {
            assertEquals(64 << 20, limiter.getBytesPerSecond());
            assertEquals(RateLimiter.DEFAULT_REFILL_PERIOD_MICROS, limiter.refillPeriodMicros());
            assertEquals(RateLimiter.DEFAULT_FAIRNESS, limiter.fairness());
            assertEquals(RateLimiterMode.WRITES_ONLY, limiter.mode());
            assertFalse(limiter.autoTune());
            Options options = new Options().setCreateIfMissing(true).setRateLimiter(limiter);
            assertSame(limiter, options.rateLimiter());
            try (RocksDB db = RocksDB.open(options, dir)) {
                db.put(bytes("k"), noise(1, 200_000));
                db.flush();
            }
            assertTrue(limiter.getTotalBytesThrough() > 100_000, "the flush went through it: "
                    + limiter.getTotalBytesThrough());
            long requests = limiter.getTotalRequests();
            long burst = limiter.getSingleBurstBytes();
            limiter.request(burst);
            limiter.request(0);
            assertEquals(requests + 2, limiter.getTotalRequests());
            assertThrows(IllegalArgumentException.class, () -> limiter.request(burst + 1));
            assertThrows(IllegalArgumentException.class, () -> limiter.request(-1));
            limiter.setBytesPerSecond(1 << 20);
            assertEquals(1 << 20, limiter.getBytesPerSecond());
            assertThrows(IllegalArgumentException.class, () -> limiter.setBytesPerSecond(0));
        }
        assertThrows(IllegalArgumentException.class, () -> new RateLimiter(0));
        assertThrows(IllegalArgumentException.class, () -> new RateLimiter(1000, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateLimiter(1000, 1000, 0));
        assertThrows(NullPointerException.class, () -> new RateLimiter(1000, 1000, 10, null));
        try (RateLimiter tuned = new RateLimiter(1 << 20, 1000, 5, RateLimiterMode.ALL_IO, true)) {
            assertTrue(tuned.autoTune());
            assertEquals(RateLimiterMode.ALL_IO, tuned.mode());
            tuned.close();
            assertThrows(IllegalStateException.class, tuned::getBytesPerSecond);
        }
    }

    @Test
    void aSlowLimiterSlowsRequests() {
        try (RateLimiter slow = new RateLimiter(100_000, 10_000)) { // 1000 bytes per 10 ms refill
            long burst = slow.getSingleBurstBytes();
            long start = System.nanoTime();
            for (int i = 0; i < 30; i++) slow.request(burst);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis >= 150, "30 bursts at 100 kB/s took " + millis + " ms");
        }
    }

    // ---- SST file manager --------------------------------------------------------------

    @Test
    void anSstFileManagerTracksFilesAndStopsWritesAtItsLimit() throws Exception {
        try (SstFileManager files = new SstFileManager(Env.getDefault())) {
            assertEquals(0, files.getDeleteRateBytesPerSecond());
            assertEquals(SstFileManager.MAX_TRASH_DB_RATION_DEFAULT, files.getMaxTrashDBRatio());
            files.setDeleteRateBytesPerSecond(1 << 20);
            assertEquals(1 << 20, files.getDeleteRateBytesPerSecond());
            files.setDeleteRateBytesPerSecond(0);
            files.setMaxTrashDBRatio(0.5);
            assertEquals(0.5, files.getMaxTrashDBRatio());
            assertThrows(IllegalArgumentException.class, () -> files.setMaxTrashDBRatio(Double.NaN));
            assertThrows(IllegalArgumentException.class, () -> files.setMaxAllowedSpaceUsage(-1));
            Options options = new Options().setCreateIfMissing(true).setSstFileManager(files);
            assertSame(files, options.sstFileManager());
            try (RocksDB db = RocksDB.open(options, dir)) {
                db.put(bytes("k"), noise(1, 50_000));
                db.flush();
                Map<String, Long> tracked = files.getTrackedFiles();
                assertEquals(1, tracked.size(), tracked.toString());
                String sst = tracked.keySet().iterator().next();
                assertTrue(sst.endsWith(".sst") && sst.startsWith(dir.toRealPath().toString()), sst);
                assertEquals(files.getTotalSize(), (long) tracked.get(sst));
                assertTrue(files.getTotalSize() > 40_000);
                assertFalse(files.isMaxAllowedSpaceReached());

                files.setMaxAllowedSpaceUsage(1);
                files.setCompactionBufferSize(0);
                assertTrue(files.isMaxAllowedSpaceReached());
                assertTrue(files.isMaxAllowedSpaceReachedIncludingCompactions());
                db.put(bytes("k2"), noise(2, 50_000));
                RocksDBException full = assertThrows(RocksDBException.class, db::flush);
                assertEquals(Status.Code.IOError, full.getStatus().getCode(), full.getMessage());
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new SstFileManager(Env.getDefault(), -1));
        assertThrows(IllegalArgumentException.class, () -> new SstFileManager(Env.getDefault(), 0, -0.5));
        assertThrows(IllegalArgumentException.class, () -> new SstFileManager(Env.getDefault(), 0, 0.25, -1));
        assertThrows(NullPointerException.class, () -> new SstFileManager(null));
    }

    // ---- opens sharing objects -----------------------------------------------------------

    /**
     * Two threads open DBs sharing two caches named in opposite orders, again
     * and again: an open locks its shared objects in creation order, so
     * neither waits for the other.
     */
    @Test
    void opensSharingObjectsInOppositeOrdersNeverDeadlock() throws Exception {
        try (LRUCache first = new LRUCache(1 << 20); LRUCache second = new LRUCache(1 << 20);
             Statistics stats = new Statistics()) {
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Integer>> done = new ArrayList<>();
                for (int t = 0; t < 2; t++) {
                    Cache x = t == 0 ? first : second, y = t == 0 ? second : first;
                    Path at = dir.resolve("t" + t);
                    done.add(pool.submit(() -> {
                        go.await();
                        int opened = 0;
                        for (int round = 0; round < 15; round++) {
                            List<ColumnFamilyHandle> handles = new ArrayList<>();
                            DBOptions db = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
                                    .setStatistics(stats);
                            try (RocksDB ignored = RocksDB.open(db, at, List.of(
                                    new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, new ColumnFamilyOptions()
                                            .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(x))),
                                    new ColumnFamilyDescriptor(bytes("other"), new ColumnFamilyOptions()
                                            .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(y)))),
                                    handles)) {
                                opened++;
                            }
                        }
                        return opened;
                    }));
                }
                go.countDown();
                for (Future<Integer> f : done) assertEquals(15, f.get(2, TimeUnit.MINUTES));
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** Closing a shared object from another thread while opens use it: each open either gets it or names it closed. */
    @Test
    void closingASharedObjectDuringOpensIsSafe() throws Exception {
        for (int round = 0; round < 10; round++) {
            LRUCache cache = new LRUCache(1 << 20);
            Options options = new Options().setCreateIfMissing(true)
                    .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
            Path at = dir.resolve("r" + round);
            Thread closer = new Thread(cache::close);
            closer.start();
            try (RocksDB db = RocksDB.open(options, at)) {
                db.put(bytes("k"), noise(round, 10_000));
                db.flush();
                assertArrayEquals(noise(round, 10_000), db.get(bytes("k")));
            } catch (IllegalStateException e) {
                assertTrue(e.getMessage().contains("LRUCache is closed"), e.getMessage());
            }
            closer.join();
        }
    }
}
