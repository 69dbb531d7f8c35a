package io.panrocks.kafka;

import io.panrocks.LRUCache;
import io.panrocks.WriteBufferManager;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.MeasurableStat;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.StreamsMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The block cache and write buffer manager that the panrocks stores of one
 * application share (see {@link PanrocksMemoryConfig}), counted by the
 * stores using them: the first store to open creates them, the last to
 * close releases them, so a cache is never closed under a live store and a
 * reopened application starts a new budget.
 *
 * <p>"One application" is one {@code KafkaStreams} instance: its
 * application id and its state directory ({@code <state.dir>/<application
 * id>}, the parent of every task directory), which Kafka locks for one
 * instance at a time. Two instances in one JVM with different state
 * directories get a budget each.
 *
 * <p>Threads: stores of every stream thread open and close concurrently;
 * the registry is guarded by its own monitor. Nothing here is on a hot path.
 */
final class MemoryBudget {
    private static final Logger LOG = LoggerFactory.getLogger(MemoryBudget.class);
    /** The metrics group of the budget's application-level gauges. */
    static final String METRICS_GROUP = "panrocks-memory-metrics";

    /** live budgets by application; guarded by itself */
    private static final Map<String, MemoryBudget> BY_APPLICATION = new HashMap<>();

    private final String key;
    final String applicationId;
    final PanrocksMemoryConfig config;
    final LRUCache cache;
    final WriteBufferManager writeBufferManager;
    /** stores using the budget; written under BY_APPLICATION, read by the gauge without it */
    private volatile int stores;
    /** the gauges, in the first store's metrics that had any; guarded by BY_APPLICATION */
    private StreamsMetrics metrics;
    private final List<Sensor> sensors = new ArrayList<>();

    private MemoryBudget(String key, String applicationId, PanrocksMemoryConfig config) {
        this.key = key;
        this.applicationId = applicationId;
        this.config = config;
        this.cache = new LRUCache(config.bytes, -1, false, PanrocksMemoryConfig.INDEX_AND_FILTER_RATIO);
        WriteBufferManager manager;
        try {
            manager = new WriteBufferManager(config.writeBufferBytes(), cache, false);
        } catch (RuntimeException e) {
            cache.close();
            throw e;
        }
        this.writeBufferManager = manager;
    }

    /**
     * The budget of the application whose task directory is {@code taskDir},
     * created if none is live, counted once more; {@link #release} it when
     * the store has closed its DB.
     *
     * @param metrics where to report the budget, or null (tests without metrics)
     */
    static MemoryBudget acquire(String applicationId, Path taskDir, PanrocksMemoryConfig config,
                                StreamsMetrics metrics) {
        Path appDir = taskDir.toAbsolutePath().normalize().getParent();
        String key = applicationId + "@" + (appDir == null ? "" : appDir.toString());
        synchronized (BY_APPLICATION) {
            MemoryBudget budget = BY_APPLICATION.get(key);
            if (budget == null) {
                budget = new MemoryBudget(key, applicationId, config);
                BY_APPLICATION.put(key, budget);
                LOG.info("Application {}: panrocks stores share a {}", applicationId, config);
            } else if (budget.config.bytes != config.bytes || budget.config.writeBufferRatio != config.writeBufferRatio) {
                LOG.warn("Application {}: a store asks for a {} but the application's stores already share a {};"
                        + " it uses the shared one", applicationId, config, budget.config);
            }
            budget.stores++;
            if (budget.metrics == null && metrics != null) {
                try {
                    budget.registerMetrics(metrics);
                } catch (RuntimeException e) { // a metric of that name left by someone else: no gauges, still a budget
                    LOG.warn("Application {}: cannot register the memory budget's metrics", applicationId, e);
                    budget.removeMetrics();
                }
            }
            return budget;
        }
    }

    /** One store fewer; the last one releases the cache, the manager and the gauges (the DBs keep their own references). */
    void release() {
        synchronized (BY_APPLICATION) {
            if (stores <= 0) throw new IllegalStateException("memory budget of " + applicationId + " released too often");
            if (--stores > 0) return;
            BY_APPLICATION.remove(key);
            removeMetrics();
            writeBufferManager.close();
            cache.close();
        }
    }

    /** Stores using the budget now. */
    int stores() {
        synchronized (BY_APPLICATION) {
            return stores;
        }
    }

    /** For tests: the number of live budgets in this JVM. */
    static int live() {
        synchronized (BY_APPLICATION) {
            return BY_APPLICATION.size();
        }
    }

    // ---- metrics ------------------------------------------------------------------------

    private void registerMetrics(StreamsMetrics streamsMetrics) {
        this.metrics = streamsMetrics;
        gauge("memory-budget-capacity-bytes", "The memory budget of the application's panrocks stores: the capacity"
                + " of their shared block cache", cache::capacity);
        gauge("memory-budget-usage-bytes", "Bytes of the budget in use: data, index and filter blocks in the shared"
                + " cache and the memtables, table readers, file metadata and filter construction charged to it", cache::getUsage);
        gauge("memory-budget-pinned-usage-bytes", "Bytes of the shared cache pinned by readers (not evictable now)",
                cache::getPinnedUsage);
        gauge("memory-budget-write-buffer-usage-bytes", "Bytes of memtables of all the application's panrocks stores",
                writeBufferManager::memoryUsage);
        gauge("memory-budget-write-buffer-limit-bytes", "The memtables' share of the budget, beyond which a store's"
                + " memtable is flushed", writeBufferManager::bufferSize);
        gauge("memory-budget-stores", "Panrocks stores open under the budget", () -> stores);
    }

    private void gauge(String metric, String description, LongSupplier reading) {
        Sensor s = metrics.addSensor("panrocks.memory-budget." + applicationId + "." + metric, Sensor.RecordingLevel.INFO);
        sensors.add(s);
        s.add(new MetricName(metric, METRICS_GROUP, description, Map.of("application-id", applicationId)),
                new MeasurableStat() {
                    @Override
                    public double measure(MetricConfig config, long now) {
                        try {
                            return reading.getAsLong();
                        } catch (RuntimeException released) { // read while the last store released the budget
                            return Double.NaN;
                        }
                    }

                    @Override
                    public void record(MetricConfig config, double value, long timeMs) {
                    }
                });
    }

    private void removeMetrics() {
        for (Sensor s : sensors) {
            try {
                metrics.removeSensor(s);
            } catch (RuntimeException e) {
                LOG.debug("Cannot remove sensor {}", s.name(), e);
            }
        }
        sensors.clear();
        metrics = null;
    }
}
