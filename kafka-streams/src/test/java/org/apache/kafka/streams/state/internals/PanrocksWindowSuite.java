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
 * Kafka's RocksDB window store suite ({@link AbstractRocksDBWindowStoreTest},
 * which runs {@link AbstractWindowBytesStoreTest} too) over a panrocks window
 * store supplier, built as a user builds it:
 * {@code Stores.windowStoreBuilder(supplier, keySerde, valueSerde).build()}
 * (the suite's {@code RocksDBWindowStore} branch, Kafka's
 * {@code Stores.persistentWindowStore}, with panrocks' supplier in its
 * place). It lives in Kafka's package only because the suite's hooks and
 * fields are package-private; the panrocks subclasses are in
 * {@code io.panrocks.kafka.conformance}.
 *
 * <p>The suite's fixture builds Kafka's {@code KeyValueSegments} (only its
 * layout tests use it, to name segment directories), a class that needs
 * RocksJava's classes to load; the module keeps RocksJava off the class path
 * of its tests, so these suites run in a Surefire execution of their own
 * ({@code kafka-window-suites} in kafka-streams/pom.xml) that has it: its
 * classes load there, its native library never does, and the stores under
 * test are panrocks'. Of the suite's own six tests, four assert Kafka's
 * one-directory-per-segment layout and one casts to Kafka's internal
 * {@code WrappedStateStore}: {@link KafkaSuiteExclusions} names them.
 */
@ExtendWith(KafkaSuiteExclusions.class)
public abstract class PanrocksWindowSuite extends AbstractRocksDBWindowStoreTest {
    /** the name Kafka's RocksDB window suite gives its store */
    public static final String STORE_NAME = "rocksDB-windowstore";
    public static final long SUITE_SEGMENT_INTERVAL = SEGMENT_INTERVAL;

    /** The panrocks supplier under test, e.g. {@code PanrocksStores.windowStore}. */
    protected abstract WindowBytesStoreSupplier supplier(String name, Duration retentionPeriod, Duration windowSize,
                                                         boolean retainDuplicates);

    /** Kafka's built-in RocksDB window store's branch of the suite (the store panrocks' replaces). */
    @Override
    final StoreType storeType() {
        return StoreType.RocksDBWindowStore;
    }

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
