package io.panrocks.kafka.conformance;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.internals.AbstractKeyValueStoreTest;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Kafka's key-value store suite ({@link AbstractKeyValueStoreTest}) over a
 * panrocks key-value store supplier, built as a user builds it:
 * {@code Stores.keyValueStoreBuilder(supplier, keySerde, valueSerde)}, with
 * Kafka's caching where the subclass asks for it. Every test of the suite
 * runs; panrocks and Kafka agree on all of them (an iterator left open when
 * its store closes throws on both).
 */
@ExtendWith(KafkaSuiteExclusions.class)
abstract class KeyValueStoreSuite extends AbstractKeyValueStoreTest {
    static final String STORE_NAME = "my-store";

    /** The panrocks supplier under test, e.g. {@code PanrocksStores.keyValueStore}. */
    abstract KeyValueBytesStoreSupplier supplier(String name);

    /** Whether the store is built with Kafka's record cache in front ({@code withCachingEnabled()}). */
    boolean cached() {
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected <K, V> KeyValueStore<K, V> createKeyValueStore(StateStoreContext context) {
        StoreBuilder<KeyValueStore<K, V>> builder = Stores.keyValueStoreBuilder(supplier(STORE_NAME),
                (Serde<K>) context.keySerde(), (Serde<V>) context.valueSerde());
        if (cached()) builder = builder.withCachingEnabled();
        KeyValueStore<K, V> store = builder.build();
        store.init(context, store);
        return store;
    }
}
