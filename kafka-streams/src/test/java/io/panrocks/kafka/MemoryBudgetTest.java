package io.panrocks.kafka;

import io.panrocks.LRUCache;
import io.panrocks.Options;
import io.panrocks.RocksDBException;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The application-wide memory budget (issue 22 item 3): one cache and one
 * write buffer manager shared by the stores of one application, memtables
 * charged to the cache, index and filter blocks in it, the off switch, a
 * config setter's opt-out, the budget's lifetime, its metrics, and bad
 * configuration. Real engine, real Kafka metrics.
 */
class MemoryBudgetTest {
    private static final long MIB = 1L << 20;

    @TempDir
    File appDir;
    private final List<KeyValueStore<Bytes, byte[]>> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (KeyValueStore<Bytes, byte[]> s : opened) s.close();
        assertEquals(0, MemoryBudget.live(), "a budget outlived its stores");
    }

    /** A context for task 0_partition of the application in appDir. */
    private TestContext task(int partition) {
        return new TestContext(new File(appDir, "0_" + partition), new TaskId(0, partition));
    }

    private PanrocksStore open(TestContext context, String name) {
        KeyValueStore<Bytes, byte[]> store = PanrocksStores.keyValueStore(name).get();
        store.init(context, store);
        opened.add(store);
        return (PanrocksStore) store;
    }

    private static KeyValueStore<Bytes, byte[]> kv(PanrocksStore store) {
        @SuppressWarnings("unchecked")
        KeyValueStore<Bytes, byte[]> kv = (KeyValueStore<Bytes, byte[]>) store;
        return kv;
    }

    /** Writes {@code bytes} of fresh random values (1 KiB each) under keys starting with tag. */
    private static void fill(PanrocksStore store, String tag, long bytes, long seed) {
        Random random = new Random(seed);
        byte[] value = new byte[1024];
        for (long i = 0; i < bytes / value.length; i++) {
            random.nextBytes(value);
            kv(store).put(Bytes.wrap((tag + "-" + i).getBytes(StandardCharsets.UTF_8)), value);
        }
    }

    private static long property(PanrocksStore store, String property) throws RocksDBException {
        return store.db.getLongProperty(store.data, property);
    }

    private static double metric(TestContext context, String name) {
        Metric m = find(context.kafkaMetrics.metrics(), name);
        assertNotNull(m, "no metric " + name);
        return ((Number) m.metricValue()).doubleValue();
    }

    private static Metric find(Map<MetricName, ? extends Metric> metrics, String name) {
        for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
            if (e.getKey().name().equals(name) && e.getKey().group().equals(MemoryBudget.METRICS_GROUP)) return e.getValue();
        }
        return null;
    }

    // ---- sharing --------------------------------------------------------------------------

    @Test
    void storesOfOneApplicationShareOneCacheWhoseUseIsCountedOnce() throws Exception {
        TestContext first = task(0).with(PanrocksMemoryConfig.BYTES_CONFIG, 64 * MIB);
        TestContext second = task(1).with(PanrocksMemoryConfig.BYTES_CONFIG, 64 * MIB);
        PanrocksStore a = open(first, "a");
        PanrocksStore b = open(second, "b");
        assertSame(a.memoryBudget(), b.memoryBudget());
        assertEquals(1, MemoryBudget.live());
        assertEquals(64 * MIB, property(a, "rocksdb.block-cache-capacity"));
        assertEquals(64 * MIB, property(b, "rocksdb.block-cache-capacity"));

        long before = property(b, "rocksdb.block-cache-usage");
        fill(a, "k", 4 * MIB, 1); // only a is written to
        long afterA = property(a, "rocksdb.block-cache-usage");
        long afterB = property(b, "rocksdb.block-cache-usage");
        assertTrue(afterB >= before + 2 * MIB, "b's cache did not see a's memtable: " + before + " -> " + afterB);
        // one cache: both stores read the same figure, and the budget's metric is that figure, not the sum
        assertEquals(afterA, afterB, 2 * MIB);
        double usage = metric(first, "memory-budget-usage-bytes");
        assertEquals(afterA, usage, 2 * MIB);
        assertTrue(usage < afterA + afterB - MIB, "usage counted twice: " + usage);
        assertEquals(64.0 * MIB, metric(first, "memory-budget-capacity-bytes"));
        assertEquals(2.0, metric(first, "memory-budget-stores"));
    }

    @Test
    void indexAndFilterBlocksLiveInTheSharedCache(@TempDir File otherApp) throws Exception {
        PanrocksStore budgeted = open(task(0), "a");
        PanrocksStore alone = open(new TestContext(new File(otherApp, "0_0")).with(PanrocksMemoryConfig.ENABLED_CONFIG, false), "a");
        for (PanrocksStore s : List.of(budgeted, alone)) {
            fill(s, "k", 4 * MIB, 2);
            s.db.flush(s.data);
            assertNotNull(kv(s).get(Bytes.wrap("k-7".getBytes(StandardCharsets.UTF_8))));
        }
        // outside a cache (Kafka's default) the table readers hold the index and filter; in the budget they do not
        long outside = property(alone, "rocksdb.estimate-table-readers-mem");
        long inBudget = property(budgeted, "rocksdb.estimate-table-readers-mem");
        assertTrue(outside > 16 * 1024, "the index and filter of 4 MiB of 1 KiB values: " + outside);
        assertTrue(inBudget < outside / 4, "index/filter held outside the cache: " + inBudget + " vs " + outside);
    }

    // ---- memtables ------------------------------------------------------------------------

    @Test
    void memtablesAreChargedToTheCache() throws Exception {
        TestContext context = task(0);
        PanrocksStore a = open(context, "a");
        MemoryBudget budget = a.memoryBudget();
        long idle = budget.cache.getUsage();
        fill(a, "k", 6 * MIB, 3);
        long memtables = budget.writeBufferManager.memoryUsage();
        long cached = budget.cache.getUsage();
        assertTrue(memtables >= 5 * MIB, "memtables " + memtables);
        // nothing was read or flushed: what the cache holds is the memtables' charge
        assertTrue(cached - idle >= memtables - 2 * MIB, "memtables " + memtables + " but cache " + idle + " -> " + cached);
        assertTrue(budget.writeBufferManager.costToCache());
        assertEquals(memtables, metric(context, "memory-budget-write-buffer-usage-bytes"), MIB);
        assertEquals(PanrocksMemoryConfig.DEFAULT_BYTES / 2.0, metric(context, "memory-budget-write-buffer-limit-bytes"));
    }

    @Test
    void memtablesBeyondTheirShareAreFlushedWithoutBeingAsked() throws Exception {
        TestContext context = task(0).with(PanrocksMemoryConfig.BYTES_CONFIG, "16777216")
                .with(PanrocksMemoryConfig.WRITE_BUFFER_RATIO_CONFIG, 0.25); // 4 MiB of memtables
        PanrocksStore a = open(context, "a");
        long peak = 0;
        for (int round = 0; round < 12; round++) {
            fill(a, "r" + round, 2 * MIB, round);
            peak = Math.max(peak, a.memoryBudget().writeBufferManager.memoryUsage());
        }
        // 24 MiB written, never flushed by us: the manager flushed, and kept the memtables near their 4 MiB
        assertTrue(property(a, "rocksdb.total-sst-files-size") > 8 * MIB, "no flush happened");
        assertTrue(peak <= 10 * MIB, "memtables reached " + peak);
        assertEquals(16.0 * MIB, metric(context, "memory-budget-capacity-bytes"));
        assertEquals(4.0 * MIB, metric(context, "memory-budget-write-buffer-limit-bytes"));
        for (int round = 0; round < 12; round += 5) {
            assertNotNull(kv(a).get(Bytes.wrap(("r" + round + "-100").getBytes(StandardCharsets.UTF_8))));
        }
    }

    // ---- off switch and the config setter -------------------------------------------------

    @Test
    void switchedOffEachStoreHasItsOwnCacheAndNoManager() throws Exception {
        PanrocksStore a = open(task(0).with(PanrocksMemoryConfig.ENABLED_CONFIG, "false"), "a");
        TestContext second = task(1).with(PanrocksMemoryConfig.ENABLED_CONFIG, false);
        PanrocksStore b = open(second, "b");
        assertNull(a.memoryBudget());
        assertNull(b.memoryBudget());
        assertEquals(0, MemoryBudget.live());
        assertEquals(PanrocksStore.BLOCK_CACHE_SIZE, property(a, "rocksdb.block-cache-capacity"));
        long before = property(b, "rocksdb.block-cache-usage");
        fill(a, "k", 4 * MIB, 4);
        a.db.flush(a.data);
        for (int i = 0; i < 2000; i++) kv(a).get(Bytes.wrap(("k-" + i).getBytes(StandardCharsets.UTF_8)));
        assertTrue(property(a, "rocksdb.block-cache-usage") > MIB, "a's reads did not fill its cache");
        assertEquals(before, property(b, "rocksdb.block-cache-usage"), "b shares a's cache");
        assertNull(find(second.kafkaMetrics.metrics(), "memory-budget-usage-bytes"));
    }

    /** Takes its store off the budget: a cache of its own, no write buffer manager. */
    public static final class OwnMemorySetter implements PanrocksConfigSetter {
        static final Map<String, Boolean> SAW_SHARED = new ConcurrentHashMap<>();
        private LRUCache cache;

        @Override
        public void setConfig(String storeName, Options options, Map<String, Object> configs) {
            SAW_SHARED.put(storeName, options.writeBufferManager() != null
                    && options.tableFormatConfig().blockCache() != null
                    && options.tableFormatConfig().cacheIndexAndFilterBlocks());
            if (!storeName.startsWith("own")) return;
            cache = new LRUCache(3 * MIB);
            options.setTableFormatConfig(options.tableFormatConfig().setBlockCache(cache).setCacheIndexAndFilterBlocks(false));
            options.setWriteBufferManager(null);
        }

        @Override
        public void close(String storeName, Options options) {
            if (cache != null) cache.close();
        }
    }

    @Test
    void aConfigSetterSeesTheSharedObjectsAndMayTakeItsStoreOff() throws Exception {
        PanrocksStore own = open(task(0).with(PanrocksConfigSetter.CONFIG, OwnMemorySetter.class), "own");
        PanrocksStore shared = open(task(1).with(PanrocksConfigSetter.CONFIG, OwnMemorySetter.class.getName()), "shared");
        assertEquals(Boolean.TRUE, OwnMemorySetter.SAW_SHARED.get("own"));
        assertEquals(Boolean.TRUE, OwnMemorySetter.SAW_SHARED.get("shared"));
        assertEquals(3 * MIB, property(own, "rocksdb.block-cache-capacity"));
        assertEquals(PanrocksMemoryConfig.DEFAULT_BYTES, property(shared, "rocksdb.block-cache-capacity"));
        MemoryBudget budget = shared.memoryBudget();
        long before = budget.writeBufferManager.memoryUsage();
        fill(own, "k", 4 * MIB, 5);
        assertEquals(before, budget.writeBufferManager.memoryUsage(), MIB / 2.0, "own's memtables counted by the budget");
        fill(shared, "k", 4 * MIB, 6);
        assertTrue(budget.writeBufferManager.memoryUsage() >= before + 3 * MIB);
    }

    // ---- lifetime -------------------------------------------------------------------------

    @Test
    void theLastStoreToCloseReleasesTheBudgetAndReopeningStartsANewOne() throws Exception {
        TestContext first = task(0);
        PanrocksStore a = open(first, "a");
        PanrocksStore b = open(task(1), "b");
        MemoryBudget budget = a.memoryBudget();
        fill(a, "k", MIB, 7);
        fill(b, "k", MIB, 8);
        kv(a).close();
        // b goes on with the cache a no longer uses, flushes and reads through it
        assertEquals(1, budget.stores());
        assertEquals(1.0, metric(first, "memory-budget-stores"));
        b.db.flush(b.data);
        fill(b, "more", MIB, 9);
        assertNotNull(kv(b).get(Bytes.wrap("k-3".getBytes(StandardCharsets.UTF_8))));
        assertTrue(budget.cache.getUsage() > 0);
        kv(b).close();
        assertEquals(0, MemoryBudget.live());
        assertEquals(0, budget.cache.getUsage(), "the released cache still answers");
        assertNull(find(first.kafkaMetrics.metrics(), "memory-budget-usage-bytes"), "gauges outlived the budget");

        TestContext again = task(0);
        PanrocksStore reopened = open(again, "a");
        assertNotSame(budget, reopened.memoryBudget());
        assertEquals(1, MemoryBudget.live());
        assertNotNull(kv(reopened).get(Bytes.wrap("k-3".getBytes(StandardCharsets.UTF_8))));
        assertEquals(1.0, metric(again, "memory-budget-stores"));
    }

    @Test
    void applicationsInOtherStateDirectoriesGetBudgetsOfTheirOwn(@TempDir File otherApp) throws Exception {
        PanrocksStore a = open(task(0), "a");
        PanrocksStore b = open(new TestContext(new File(otherApp, "0_0")), "a");
        assertNotSame(a.memoryBudget(), b.memoryBudget());
        assertEquals(2, MemoryBudget.live());
    }

    @Test
    void storesOpeningAndClosingOnManyThreadsLeaveNoBudgetBehind() throws Exception {
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int partition = t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int cycle = 0; cycle < 8; cycle++) {
                        KeyValueStore<Bytes, byte[]> s = PanrocksStores.keyValueStore("s").get();
                        s.init(task(partition), s);
                        try {
                            s.put(Bytes.wrap(new byte[]{(byte) cycle}), new byte[100]);
                            assertArrayEquals(new byte[100], s.get(Bytes.wrap(new byte[]{(byte) cycle})));
                        } finally {
                            s.close();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) f.get(2, TimeUnit.MINUTES);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(0, MemoryBudget.live());
    }

    // ---- bad configuration ----------------------------------------------------------------

    @Test
    void aBadBudgetIsAConfigExceptionBeforeAnythingIsCreated() {
        Object[][] bad = {
                {PanrocksMemoryConfig.BYTES_CONFIG, 0L, "must be positive"},
                {PanrocksMemoryConfig.BYTES_CONFIG, -1, "must be positive"},
                {PanrocksMemoryConfig.BYTES_CONFIG, "0", "must be positive"},
                {PanrocksMemoryConfig.BYTES_CONFIG, "lots", "whole number of bytes"},
                {PanrocksMemoryConfig.BYTES_CONFIG, 1.5, "whole number of bytes"},
                {PanrocksMemoryConfig.BYTES_CONFIG, "99999999999999999999", "whole number of bytes"},
                {PanrocksMemoryConfig.WRITE_BUFFER_RATIO_CONFIG, 0, "between 0 and 1"},
                {PanrocksMemoryConfig.WRITE_BUFFER_RATIO_CONFIG, 1.0, "between 0 and 1"},
                {PanrocksMemoryConfig.WRITE_BUFFER_RATIO_CONFIG, Double.NaN, "between 0 and 1"},
                {PanrocksMemoryConfig.WRITE_BUFFER_RATIO_CONFIG, "half", "between 0 and 1"},
                {PanrocksMemoryConfig.ENABLED_CONFIG, "yes", "true or false"},
        };
        for (Object[] c : bad) {
            TestContext context = task(0).with((String) c[0], c[1]);
            KeyValueStore<Bytes, byte[]> store = PanrocksStores.keyValueStore("bad").get();
            ConfigException e = assertThrows(ConfigException.class, () -> store.init(context, store), c[0] + "=" + c[1]);
            assertTrue(e.getMessage().startsWith("Invalid value " + c[1] + " for configuration " + c[0] + ": "),
                    e.getMessage());
            assertTrue(e.getMessage().contains((String) c[2]), e.getMessage());
            assertFalse(store.isOpen());
            assertEquals(0, MemoryBudget.live());
            assertFalse(Files.exists(PanrocksStore.storeDir(context.stateDir, "bad").toPath()), "created a directory");
        }
        // the off switch with a bad (unused) budget is still refused: the configuration is wrong either way
        TestContext off = task(0).with(PanrocksMemoryConfig.ENABLED_CONFIG, false).with(PanrocksMemoryConfig.BYTES_CONFIG, -5);
        KeyValueStore<Bytes, byte[]> store = PanrocksStores.keyValueStore("bad").get();
        assertThrows(ConfigException.class, () -> store.init(off, store));
    }

    // ---- a whole application --------------------------------------------------------------

    @Test
    void theStoresOfATopologyShareOneBudgetReportedInTheApplicationsMetrics() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream("in", Consumed.with(Serdes.String(), Serdes.String())).groupByKey().count(
                Materialized.<String, Long>as(PanrocksStores.keyValueStore("counts")));
        builder.stream("in", Consumed.with(Serdes.String(), Serdes.String())).groupByKey().reduce((x, y) -> y,
                Materialized.<String, String>as(PanrocksStores.keyValueStore("latest")));
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "budget-app");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        props.put(StreamsConfig.STATE_DIR_CONFIG, appDir.getAbsolutePath());
        props.put(PanrocksMemoryConfig.BYTES_CONFIG, 32 * MIB);
        props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0); // every put reaches the stores
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props)) {
            TestInputTopic<String, String> in = driver.createInputTopic("in", Serdes.String().serializer(),
                    Serdes.String().serializer());
            Metric stores = find(driver.metrics(), "memory-budget-stores");
            assertNotNull(stores);
            assertEquals(2.0, ((Number) stores.metricValue()).doubleValue());
            assertEquals(32.0 * MIB, ((Number) find(driver.metrics(), "memory-budget-capacity-bytes").metricValue())
                    .doubleValue());
            double idle = ((Number) find(driver.metrics(), "memory-budget-write-buffer-usage-bytes").metricValue()).doubleValue();
            String big = "v".repeat(4000);
            for (int i = 0; i < 1000; i++) in.pipeInput("k" + i, big);
            double busy = ((Number) find(driver.metrics(), "memory-budget-write-buffer-usage-bytes").metricValue()).doubleValue();
            assertTrue(busy >= idle + 3 * MIB, "memtables " + idle + " -> " + busy);
            assertEquals(1, MemoryBudget.live());
        }
        assertEquals(0, MemoryBudget.live());
    }
}
