package io.panrocks.kafka;

import io.panrocks.ColumnFamilyHandle;
import io.panrocks.HistogramData;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Statistics;
import io.panrocks.TickerType;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.MeasurableStat;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.Avg;
import org.apache.kafka.common.metrics.stats.CumulativeSum;
import org.apache.kafka.common.metrics.stats.Rate;
import org.apache.kafka.common.metrics.stats.Value;
import org.apache.kafka.common.metrics.stats.WindowedSum;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.StreamsMetrics;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.internals.metrics.StreamsMetricsImpl;
import org.apache.kafka.streams.processor.internals.metrics.TaskMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The RocksDB metrics Kafka's built-in stores report, for a panrocks store,
 * through Kafka's public metrics API: the same names, group
 * ({@code stream-state-metrics}) and tags ({@code thread-id},
 * {@code task-id}, {@code <scope>-state-id}).
 *
 * <ul>
 * <li>Property gauges (recording level INFO): memtable, compaction, SST,
 * block cache and key-count figures, read from the engine's properties
 * when the metric is read ({@code estimate-num-keys}, {@code
 * cur-size-all-mem-tables}, ...). Values are doubles (Kafka's gauges hand
 * out BigIntegers).</li>
 * <li>Statistics (recording level DEBUG, which also switches panrocks's
 * statistics on): bytes written and read, memtable and block cache hit
 * ratios, flush and compaction times, write stalls, file errors; recorded
 * from the tickers' growth at most once a second, when the store commits
 * (Kafka records them from a background trigger).</li>
 * </ul>
 */
final class StoreMetrics {
    private static final Logger LOG = LoggerFactory.getLogger(StoreMetrics.class);
    static final String GROUP = "stream-state-metrics";
    private static final long RECORD_INTERVAL_MS = 1000;

    /** Property gauges: Kafka's metric name, RocksDB's property, how it spans the two families. */
    private enum Scope { FAMILIES, DB, DATA }

    private static final Object[][] GAUGES = {
            {"num-entries-active-mem-table", "rocksdb.num-entries-active-mem-table", Scope.FAMILIES},
            {"num-deletes-active-mem-table", "rocksdb.num-deletes-active-mem-table", Scope.FAMILIES},
            {"num-entries-imm-mem-tables", "rocksdb.num-entries-imm-mem-tables", Scope.FAMILIES},
            {"num-deletes-imm-mem-tables", "rocksdb.num-deletes-imm-mem-tables", Scope.FAMILIES},
            {"num-immutable-mem-table", "rocksdb.num-immutable-mem-table", Scope.FAMILIES},
            {"cur-size-active-mem-table", "rocksdb.cur-size-active-mem-table", Scope.FAMILIES},
            {"cur-size-all-mem-tables", "rocksdb.cur-size-all-mem-tables", Scope.FAMILIES},
            {"size-all-mem-tables", "rocksdb.size-all-mem-tables", Scope.FAMILIES},
            {"mem-table-flush-pending", "rocksdb.mem-table-flush-pending", Scope.FAMILIES},
            {"num-running-flushes", "rocksdb.num-running-flushes", Scope.DB},
            {"compaction-pending", "rocksdb.compaction-pending", Scope.FAMILIES},
            {"num-running-compactions", "rocksdb.num-running-compactions", Scope.DB},
            {"estimate-pending-compaction-bytes", "rocksdb.estimate-pending-compaction-bytes", Scope.FAMILIES},
            {"total-sst-files-size", "rocksdb.total-sst-files-size", Scope.FAMILIES},
            {"live-sst-files-size", "rocksdb.live-sst-files-size", Scope.FAMILIES},
            {"num-live-versions", "rocksdb.num-live-versions", Scope.FAMILIES},
            {"block-cache-capacity", "rocksdb.block-cache-capacity", Scope.DATA},
            {"block-cache-usage", "rocksdb.block-cache-usage", Scope.DATA},
            {"block-cache-pinned-usage", "rocksdb.block-cache-pinned-usage", Scope.DATA},
            {"estimate-num-keys", "rocksdb.estimate-num-keys", Scope.FAMILIES},
            {"estimate-table-readers-mem", "rocksdb.estimate-table-readers-mem", Scope.FAMILIES},
            {"background-errors", "rocksdb.background-errors", Scope.DB},
    };

    private final PanrocksStore store;
    private final StreamsMetrics streamsMetrics;
    private final Map<String, String> tags;
    private final String sensorPrefix;
    private final List<Sensor> sensors = new ArrayList<>();
    private final Sensor droppedRecords;
    /** the DB's statistics (DEBUG recording); set when the DB opens, which may be after the store's init */
    private Statistics statistics;
    private final boolean debug;
    private long lastRecord;

    // statistics sensors and the ticker values last recorded
    private Sensor bytesWritten, bytesRead, memtableBytesFlushed, memtableHitRatio, memtableFlushTimeAvg,
            memtableFlushTimeMin, memtableFlushTimeMax, writeStallDuration, blockCacheDataHitRatio,
            blockCacheIndexHitRatio, blockCacheFilterHitRatio, bytesReadCompaction, bytesWrittenCompaction,
            compactionTimeAvg, compactionTimeMin, compactionTimeMax, numberOpenFiles, numberFileErrors;
    private static final TickerType[] TICKERS = {
            TickerType.BYTES_WRITTEN, TickerType.BYTES_READ, TickerType.FLUSH_WRITE_BYTES, TickerType.MEMTABLE_HIT,
            TickerType.MEMTABLE_MISS, TickerType.BLOCK_CACHE_DATA_HIT, TickerType.BLOCK_CACHE_DATA_MISS,
            TickerType.BLOCK_CACHE_INDEX_HIT, TickerType.BLOCK_CACHE_INDEX_MISS, TickerType.BLOCK_CACHE_FILTER_HIT,
            TickerType.BLOCK_CACHE_FILTER_MISS, TickerType.STALL_MICROS, TickerType.COMPACT_WRITE_BYTES,
            TickerType.COMPACT_READ_BYTES, TickerType.NO_FILE_ERRORS};
    private final long[] last = new long[TICKERS.length];

    private StoreMetrics(PanrocksStore store, StateStoreContext context, boolean debug) {
        this.store = store;
        this.streamsMetrics = context.metrics();
        String thread = Thread.currentThread().getName();
        String task = context.taskId().toString();
        tags = new LinkedHashMap<>();
        tags.put("thread-id", thread);
        tags.put("task-id", task);
        tags.put(store.metricsScope + "-state-id", store.name);
        sensorPrefix = "panrocks." + thread + ".task." + task + ".store." + store.metricsScope + "." + store.name + ".";
        droppedRecords = taskDroppedRecordsSensor(thread, task);
        for (Object[] g : GAUGES) gauge((String) g[0], (String) g[1], (Scope) g[2]);
        this.debug = debug;
        statistics = statisticsOf(store.db);
        if (statistics != null) statisticsSensors();
    }

    private Statistics statisticsOf(RocksDB db) {
        if (!debug || db == null) return null;
        try {
            return db.getStatistics();
        } catch (IllegalStateException statisticsOff) {
            return null;
        }
    }

    /** The store's DB opened after its init (a segmented store's first write): its statistics are recorded from now. */
    void dbOpened() {
        if (statistics != null) return;
        statistics = statisticsOf(store.db);
        if (statistics == null) return;
        statisticsSensors();
        baseline();
    }

    static StoreMetrics register(PanrocksStore store, StateStoreContext context, Map<String, Object> configs) {
        if (context.metrics() == null) return null;
        StoreMetrics m = new StoreMetrics(store, context, debugLevel(configs));
        m.lastRecord = System.currentTimeMillis();
        if (m.statistics != null) m.baseline();
        return m;
    }

    static boolean debugLevel(Map<String, Object> configs) {
        Object level = configs.get(StreamsConfig.METRICS_RECORDING_LEVEL_CONFIG);
        return level != null && ("DEBUG".equalsIgnoreCase(level.toString()) || "TRACE".equalsIgnoreCase(level.toString()));
    }

    Sensor droppedRecords() {
        return droppedRecords;
    }

    /**
     * Kafka's task-level {@code dropped-records} sensor, which the built-in
     * segmented stores record expired puts in. As Kafka's stores, the store
     * gets or creates it itself ({@code TaskMetrics.droppedRecordsSensor},
     * the same call on Kafka 4.3 and 4.4), so {@code dropped-records-total}
     * exists whether or not a stream task created it first. A metrics object
     * that is not Kafka's own (a user's test double) has no task sensors:
     * then the sensor is used only if its metric already exists.
     */
    private Sensor taskDroppedRecordsSensor(String thread, String task) {
        if (streamsMetrics instanceof StreamsMetricsImpl kafkaMetrics) {
            return TaskMetrics.droppedRecordsSensor(thread, task, kafkaMetrics);
        }
        boolean exists = false;
        for (MetricName n : streamsMetrics.metrics().keySet()) {
            if (n.name().equals("dropped-records-total") && n.group().equals("stream-task-metrics")
                    && thread.equals(n.tags().get("thread-id")) && task.equals(n.tags().get("task-id"))) {
                exists = true;
                break;
            }
        }
        return exists ? streamsMetrics.addSensor("internal." + thread + ".task." + task + ".s.dropped-records",
                Sensor.RecordingLevel.INFO) : null;
    }

    private Sensor sensor(String metric, Sensor.RecordingLevel level) {
        Sensor s = streamsMetrics.addSensor(sensorPrefix + metric, level);
        sensors.add(s);
        return s;
    }

    private MetricName name(String metric, String description) {
        return new MetricName(metric, GROUP, description, tags);
    }

    /** A gauge: a stat that reads the property when the metric is read. */
    private void gauge(String metric, String property, Scope scope) {
        Sensor s = sensor(metric, Sensor.RecordingLevel.INFO);
        s.add(name(metric, "RocksDB property " + property + " of the store"), new MeasurableStat() {
            @Override
            public double measure(MetricConfig config, long now) {
                return property(property, scope);
            }

            @Override
            public void record(MetricConfig config, double value, long timeMs) {
            }
        });
    }

    private double property(String property, Scope scope) {
        RocksDB db = store.db;
        if (!store.open || db == null) return Double.NaN;
        try {
            return switch (scope) {
                case DB -> unsigned(db.getLongProperty(property));
                case DATA -> unsigned(db.getLongProperty(store.data, property));
                case FAMILIES -> {
                    double sum = 0;
                    for (ColumnFamilyHandle family : new ColumnFamilyHandle[]{store.data, store.offsets}) {
                        sum += unsigned(db.getLongProperty(family, property));
                    }
                    yield sum;
                }
            };
        } catch (RocksDBException | RuntimeException e) {
            return Double.NaN; // closed meanwhile, or the engine lacks the property
        }
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : v + 0x1p64;
    }

    private void statisticsSensors() {
        Sensor.RecordingLevel debug = Sensor.RecordingLevel.DEBUG;
        bytesWritten = rateAndTotal("bytes-written", "bytes written to the store");
        bytesRead = rateAndTotal("bytes-read", "bytes read from the store");
        memtableBytesFlushed = rateAndTotal("memtable-bytes-flushed", "bytes flushed from the memtable to disk");
        memtableHitRatio = value("memtable-hit-ratio", "ratio of memtable hits relative to all lookups to the memtable");
        memtableFlushTimeAvg = value("memtable-flush-time-avg", "average time spent on flushing the memtable to disk in ms");
        memtableFlushTimeMin = value("memtable-flush-time-min", "minimum time spent on flushing the memtable to disk in ms");
        memtableFlushTimeMax = value("memtable-flush-time-max", "maximum time spent on flushing the memtable to disk in ms");
        writeStallDuration = sensor("write-stall-duration", debug);
        writeStallDuration.add(name("write-stall-duration-avg", "Average duration of write stalls in ms"), new Avg());
        writeStallDuration.add(name("write-stall-duration-total", "Total duration of write stalls in ms"), new CumulativeSum());
        blockCacheDataHitRatio = value("block-cache-data-hit-ratio", "ratio of block cache hits for data blocks");
        blockCacheIndexHitRatio = value("block-cache-index-hit-ratio", "ratio of block cache hits for index blocks");
        blockCacheFilterHitRatio = value("block-cache-filter-hit-ratio", "ratio of block cache hits for filter blocks");
        bytesReadCompaction = rate("bytes-read-compaction", "average number of bytes read per second during compaction");
        bytesWrittenCompaction = rate("bytes-written-compaction", "average number of bytes written per second during compaction");
        compactionTimeAvg = value("compaction-time-avg", "Average time spent on compaction in ms");
        compactionTimeMin = value("compaction-time-min", "Minimum time spent on compaction in ms");
        compactionTimeMax = value("compaction-time-max", "Maximum time spent on compaction in ms");
        numberOpenFiles = value("number-open-files", "Number of currently open files");
        numberFileErrors = sensor("number-file-errors", debug);
        numberFileErrors.add(name("number-file-errors-total", "Total number of file errors occurred"), new CumulativeSum());
    }

    private Sensor rateAndTotal(String metric, String what) {
        Sensor s = sensor(metric, Sensor.RecordingLevel.DEBUG);
        s.add(name(metric + "-rate", "Average number of " + what + " per second"), new Rate(TimeUnit.SECONDS, new WindowedSum()));
        s.add(name(metric + "-total", "Total number of " + what), new CumulativeSum());
        return s;
    }

    private Sensor rate(String metric, String description) {
        Sensor s = sensor(metric, Sensor.RecordingLevel.DEBUG);
        s.add(name(metric + "-rate", description), new Rate(TimeUnit.SECONDS, new WindowedSum()));
        return s;
    }

    private Sensor value(String metric, String description) {
        Sensor s = sensor(metric, Sensor.RecordingLevel.DEBUG);
        s.add(name(metric, description), new Value());
        return s;
    }

    /** Records the statistics' growth since the last time, at most once a second (from the store's commit). */
    void maybeRecord() {
        if (statistics == null) return;
        long now = System.currentTimeMillis();
        if (now - lastRecord < RECORD_INTERVAL_MS) return;
        lastRecord = now;
        record(now);
    }

    /** Counts start here: what the engine counted while opening is not the application's. */
    private void baseline() {
        try {
            for (int i = 0; i < TICKERS.length; i++) last[i] = statistics.getTickerCount(TICKERS[i]);
        } catch (RuntimeException e) { // a store closing meanwhile: IllegalStateException
            LOG.debug("Cannot read the statistics of store {}", store.name, e);
        }
    }

    private void record(long now) {
        long[] d = new long[TICKERS.length];
        HistogramData flush;
        HistogramData compaction;
        try {
            for (int i = 0; i < TICKERS.length; i++) {
                long v = statistics.getTickerCount(TICKERS[i]);
                d[i] = Math.max(0, v - last[i]);
                last[i] = v;
            }
            flush = statistics.getHistogramData("rocksdb.db.flush.micros");
            compaction = statistics.getHistogramData("rocksdb.compaction.times.micros");
        } catch (RuntimeException e) { // a store closing meanwhile: IllegalStateException
            LOG.debug("Cannot read the statistics of store {}", store.name, e);
            return;
        }
        bytesWritten.record(d[0], now);
        bytesRead.record(d[1], now);
        memtableBytesFlushed.record(d[2], now);
        memtableHitRatio.record(ratio(d[3], d[4]), now);
        memtableFlushTimeAvg.record(flush.count() == 0 ? 0 : (double) flush.sum() / flush.count(), now);
        memtableFlushTimeMin.record(flush.count() == 0 ? Double.MAX_VALUE : flush.min(), now);
        memtableFlushTimeMax.record(flush.max(), now);
        blockCacheDataHitRatio.record(ratio(d[5], d[6]), now);
        blockCacheIndexHitRatio.record(ratio(d[7], d[8]), now);
        blockCacheFilterHitRatio.record(ratio(d[9], d[10]), now);
        writeStallDuration.record(d[11], now);
        bytesWrittenCompaction.record(d[12], now);
        bytesReadCompaction.record(d[13], now);
        compactionTimeAvg.record(compaction.count() == 0 ? 0 : (double) compaction.sum() / compaction.count(), now);
        compactionTimeMin.record(compaction.count() == 0 ? Double.MAX_VALUE : compaction.min(), now);
        compactionTimeMax.record(compaction.max(), now);
        numberOpenFiles.record(-1, now); // as Kafka's: RocksDB no longer counts open files
        numberFileErrors.record(d[14], now);
    }

    private static double ratio(long hits, long misses) {
        return hits == 0 ? 0 : (double) hits / (hits + misses);
    }

    /** Removes every sensor of the store (not Kafka's task sensor). */
    void close() {
        for (Sensor s : sensors) {
            try {
                streamsMetrics.removeSensor(s);
            } catch (RuntimeException e) {
                LOG.debug("Cannot remove sensor {}", s.name(), e);
            }
        }
        sensors.clear();
    }
}
