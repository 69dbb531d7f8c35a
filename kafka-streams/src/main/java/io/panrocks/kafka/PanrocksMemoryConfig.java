package io.panrocks.kafka;

import org.apache.kafka.common.config.ConfigException;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;

/**
 * The configuration of the memory budget that the panrocks state stores of
 * one application share (issue 22, item 3). Put these keys in the
 * application's {@code StreamsConfig} properties; every panrocks store reads
 * them from {@code StateStoreContext.appConfigs()} when it opens.
 *
 * <p>By default ({@link #ENABLED_CONFIG} true) every panrocks store of one
 * {@code KafkaStreams} instance (one application id and state directory,
 * across all its stream threads, tasks and partitions) uses:
 * <ul>
 * <li>one LRU block cache of {@link #BYTES_CONFIG} bytes, holding data
 * blocks and also the index and filter blocks (in the cache's high-priority
 * pool), which Kafka's built-in stores keep outside any cache;</li>
 * <li>one write buffer manager that counts every store's memtables against
 * {@link #WRITE_BUFFER_RATIO_CONFIG} of the budget (flushing the memtable
 * being written when they exceed it) and charges their memory to that same
 * cache, so the cache's capacity bounds blocks, indexes, filters and
 * memtables together.</li>
 * </ul>
 * Memtables then allocate in 128 KiB arena blocks instead of the engine's
 * 1 MiB (every written memtable counts at least one block against the
 * budget, which would flush tens of small stores on every few writes).
 * Kafka's built-in stores instead take a 50 MiB block cache and up to three
 * 16 MiB memtables each, per store and per partition, outside {@code -Xmx}.
 * The budget is created when the application's first panrocks store opens
 * and released when its last one closes; its use is reported by
 * application-level metrics (group {@value MemoryBudget#METRICS_GROUP}).
 *
 * <p>The budget bounds the engine's caches and memtables; it is not a hard
 * limit on the process: blocks pinned by open iterators, the engine's
 * per-DB structures, compaction buffers and the allocator's slack come on
 * top (docs/benchmarks.md measures this fixed overhead). Inserts beyond the
 * capacity are not refused (the cache is not strict), so a read never fails
 * for want of cache.
 *
 * <p>A {@link PanrocksConfigSetter} receives the options with the shared
 * cache and write buffer manager already set, and may replace them (its own
 * cache through {@code setTableFormatConfig}, {@code setWriteBufferManager(null)});
 * {@link #ENABLED_CONFIG} {@code false} switches the budget off altogether,
 * and each store then has its own objects, as Kafka's built-in stores do.
 */
public final class PanrocksMemoryConfig {
    /**
     * {@value}: whether the application's panrocks stores share one memory
     * budget (default {@code true}). {@code false} gives each store its own
     * 50 MiB block cache and unbounded memtables, Kafka's defaults.
     */
    public static final String ENABLED_CONFIG = "panrocks.memory.enabled";

    /**
     * {@value}: the budget in bytes, a positive whole number (default
     * {@link #DEFAULT_BYTES}): the capacity of the shared block cache, to
     * which the memtables are charged.
     */
    public static final String BYTES_CONFIG = "panrocks.memory.bytes";

    /**
     * {@value}: the share of the budget the memtables of all stores may take
     * before the one being written is flushed, strictly between 0 and 1
     * (default {@link #DEFAULT_WRITE_BUFFER_RATIO}).
     */
    public static final String WRITE_BUFFER_RATIO_CONFIG = "panrocks.memory.write.buffer.ratio";

    /**
     * 256 MiB. A fixed number, not one per store, so that the memory outside
     * the heap no longer grows with the number of stores and partitions:
     * {@code -Xmx} plus this plus a fixed overhead sizes the process. It is
     * what Kafka's defaults allow only two or three stores (a 50 MiB cache
     * and 48 MiB of memtables each), while applications have tens; its
     * memtable half (128 MiB) still holds eight full 16 MiB write buffers, so
     * flushes stay large. Raise it for large working sets.
     */
    public static final long DEFAULT_BYTES = 256L << 20;

    /**
     * {@value}: whether the memory of table readers, per-file metadata and
     * filters being built is charged to the budget's cache as well (RocksDB's
     * {@code cache_usage_options}, {@code io.panrocks.CacheUsageOptions#chargeTableMemory()}),
     * so that it counts against the budget instead of growing beside it with
     * every file (default {@code false}). The engine reserves charged memory
     * in 256 KiB steps per store and role, so each store with files takes at
     * least 512 KiB of the cache's capacity for them, mostly unused while the
     * store is small: worth it for a few large stores, not for many small
     * ones (docs/benchmarks.md measures both with 50 stores).
     */
    public static final String CHARGE_TABLE_MEMORY_CONFIG = "panrocks.memory.charge.table.memory";

    /** 0.5: reads and writes get equal shares of the budget. */
    public static final double DEFAULT_WRITE_BUFFER_RATIO = 0.5;

    /** The share of the cache kept for index and filter blocks (high priority), so data blocks cannot push them out. */
    static final double INDEX_AND_FILTER_RATIO = 0.1;

    final boolean enabled;
    final long bytes;
    final double writeBufferRatio;
    final boolean chargeTableMemory;

    private PanrocksMemoryConfig(boolean enabled, long bytes, double writeBufferRatio, boolean chargeTableMemory) {
        this.enabled = enabled;
        this.bytes = bytes;
        this.writeBufferRatio = writeBufferRatio;
        this.chargeTableMemory = chargeTableMemory;
    }

    /** Reads and checks the keys, each defaulted when absent; a bad value is a ConfigException naming the key. */
    static PanrocksMemoryConfig from(Map<String, ?> configs) {
        boolean enabled = bool(configs, ENABLED_CONFIG, true);
        long bytes = positiveLong(configs, BYTES_CONFIG, DEFAULT_BYTES);
        double ratio = ratio(configs, WRITE_BUFFER_RATIO_CONFIG, DEFAULT_WRITE_BUFFER_RATIO);
        boolean chargeTableMemory = bool(configs, CHARGE_TABLE_MEMORY_CONFIG, false);
        return new PanrocksMemoryConfig(enabled, bytes, ratio, chargeTableMemory);
    }

    /** The memtables' part of the budget, at least one byte (0 would mean "no limit" to the engine). */
    long writeBufferBytes() {
        return Math.max(1, (long) (bytes * writeBufferRatio));
    }

    private static boolean bool(Map<String, ?> configs, String key, boolean otherwise) {
        Object v = configs.get(key);
        if (v == null) return otherwise;
        if (v instanceof Boolean b) return b;
        String s = v.toString().trim().toLowerCase(Locale.ROOT);
        if (s.equals("true")) return true;
        if (s.equals("false")) return false;
        throw new ConfigException(key, v, "Expected true or false");
    }

    private static long positiveLong(Map<String, ?> configs, String key, long otherwise) {
        Object v = configs.get(key);
        if (v == null) return otherwise;
        long n;
        try {
            n = new BigDecimal(v.toString().trim()).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new ConfigException(key, v, "Expected a whole number of bytes");
        }
        if (n <= 0) {
            throw new ConfigException(key, v, "The memory budget must be positive; to switch it off set "
                    + ENABLED_CONFIG + "=false");
        }
        return n;
    }

    private static double ratio(Map<String, ?> configs, String key, double otherwise) {
        Object v = configs.get(key);
        if (v == null) return otherwise;
        double d;
        try {
            d = v instanceof Number n ? n.doubleValue() : Double.parseDouble(v.toString().trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(key, v, "Expected a number between 0 and 1 (both excluded)");
        }
        if (!(d > 0 && d < 1)) throw new ConfigException(key, v, "Expected a number between 0 and 1 (both excluded)");
        return d;
    }

    @Override
    public String toString() {
        return enabled ? "memory budget " + bytes + " bytes, memtables " + writeBufferBytes() : "no memory budget";
    }
}
