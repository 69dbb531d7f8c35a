package org.apache.kafka.streams.state.internals;

import io.panrocks.kafka.conformance.KafkaSuiteExclusions;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowBytesStoreSupplier;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.test.InternalMockProcessorContext;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;

/**
 * Kafka's window store suite ({@link AbstractWindowBytesStoreTest}) over a
 * panrocks window store supplier, built as a user builds it:
 * {@code Stores.windowStoreBuilder(supplier, keySerde, valueSerde).build()}. It
 * lives in Kafka's package only because the suite's hook and fields are
 * package-private; the panrocks subclasses are in
 * {@code io.panrocks.kafka.conformance}.
 *
 * <p>Not {@link AbstractRocksDBWindowStoreTest}: its fixture builds Kafka's
 * {@code KeyValueSegments}, a RocksJava class, so it cannot even be
 * instantiated where panrocks runs (this module keeps RocksJava off the
 * panrocks side's class path). Of its six tests, four assert Kafka's
 * one-directory-per-segment layout and one casts to Kafka's internal
 * {@code WrappedStateStore}; the sixth, {@code shouldOnlyIterateOpenSegments},
 * has its panrocks counterpart in {@code WindowStoreSuite}.
 */
@ExtendWith(KafkaSuiteExclusions.class)
public abstract class PanrocksWindowSuite extends AbstractWindowBytesStoreTest {
    /** the name Kafka's RocksDB window suite gives its store */
    public static final String STORE_NAME = "rocksDB-windowstore";
    public static final long SUITE_SEGMENT_INTERVAL = SEGMENT_INTERVAL;

    /** The panrocks supplier under test, e.g. {@code PanrocksStores.windowStore}. */
    protected abstract WindowBytesStoreSupplier supplier(String name, Duration retentionPeriod, Duration windowSize,
                                                         boolean retainDuplicates);

    @Override
    final <K, V> WindowStore<K, V> buildWindowStore(long retentionPeriod, long windowSize, boolean retainDuplicates,
                                                    Serde<K> keySerde, Serde<V> valueSerde) {
        return Stores.windowStoreBuilder(
                supplier(STORE_NAME, Duration.ofMillis(retentionPeriod), Duration.ofMillis(windowSize), retainDuplicates),
                keySerde, valueSerde).build();
    }

    /** A new, uninitialised store as the suite's setup builds it (Integer keys, String values). */
    protected final WindowStore<Integer, String> newSuiteStore(boolean retainDuplicates) {
        return buildWindowStore(RETENTION_PERIOD, WINDOW_SIZE, retainDuplicates, Serdes.Integer(), Serdes.String());
    }

    /** The store the suite's setup built and initialised (Integer keys, String values). */
    protected final WindowStore<Integer, String> suiteStore() {
        return windowStore;
    }

    protected final InternalMockProcessorContext<?, ?> suiteContext() {
        return context;
    }
}
