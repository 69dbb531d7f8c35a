package io.panrocks.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.StreamsMetrics;
import org.apache.kafka.streams.processor.CommitCallback;
import org.apache.kafka.streams.processor.StateRestoreCallback;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.processor.internals.RecordBatchingStateRestoreCallback;
import org.apache.kafka.streams.processor.internals.metrics.StreamsMetricsImpl;

import java.io.File;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link StateStoreContext} for driving a store by hand: a state
 * directory, configs, real Kafka metrics, the restore and commit callbacks
 * the store registers, and the record being "processed" (for positions).
 */
final class TestContext implements StateStoreContext {
    final Map<String, Object> configs = new HashMap<>();
    final File stateDir;
    final TaskId taskId;
    final Metrics kafkaMetrics;
    final StreamsMetricsImpl metrics;
    StateRestoreCallback restoreCallback;
    CommitCallback commitCallback;
    RecordMetadata record;

    TestContext(File stateDir) {
        this(stateDir, new TaskId(0, 0));
    }

    TestContext(File stateDir, TaskId taskId) {
        this.stateDir = stateDir;
        this.taskId = taskId;
        configs.put(StreamsConfig.APPLICATION_ID_CONFIG, "panrocks-test");
        configs.put(StreamsConfig.METRICS_RECORDING_LEVEL_CONFIG, "DEBUG");
        kafkaMetrics = new Metrics(new MetricConfig().recordLevel(Sensor.RecordingLevel.DEBUG));
        metrics = new StreamsMetricsImpl(kafkaMetrics, Thread.currentThread().getName(), Time.SYSTEM);
    }

    TestContext with(String key, Object value) {
        configs.put(key, value);
        return this;
    }

    /** Replays changelog records through the restore callback the store registered. */
    void restore(Collection<ConsumerRecord<byte[], byte[]>> records) {
        ((RecordBatchingStateRestoreCallback) restoreCallback).restoreBatch(records);
    }

    void processing(String topic, int partition, long offset) {
        record = new RecordMetadata() {
            @Override
            public String topic() {
                return topic;
            }

            @Override
            public int partition() {
                return partition;
            }

            @Override
            public long offset() {
                return offset;
            }
        };
    }

    void commitCallback() {
        try {
            commitCallback.onCommit();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String applicationId() {
        return "panrocks-test";
    }

    @Override
    public TaskId taskId() {
        return taskId;
    }

    @Override
    public Optional<RecordMetadata> recordMetadata() {
        return Optional.ofNullable(record);
    }

    @Override
    public Serde<?> keySerde() {
        return null;
    }

    @Override
    public Serde<?> valueSerde() {
        return null;
    }

    @Override
    public File stateDir() {
        return stateDir;
    }

    @Override
    public StreamsMetrics metrics() {
        return metrics;
    }

    @Override
    public void register(StateStore store, StateRestoreCallback stateRestoreCallback) {
        register(store, stateRestoreCallback, () -> {});
    }

    @Override
    public void register(StateStore store, StateRestoreCallback stateRestoreCallback, CommitCallback commitCallback) {
        this.restoreCallback = stateRestoreCallback;
        this.commitCallback = commitCallback;
    }

    @Override
    public Map<String, Object> appConfigs() {
        return configs;
    }

    @Override
    public Map<String, Object> appConfigsWithPrefix(String prefix) {
        Map<String, Object> out = new HashMap<>();
        configs.forEach((k, v) -> {
            if (k.startsWith(prefix)) out.put(k.substring(prefix.length()), v);
        });
        return out;
    }
}
