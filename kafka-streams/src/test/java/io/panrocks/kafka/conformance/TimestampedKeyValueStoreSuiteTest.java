package io.panrocks.kafka.conformance;

import io.panrocks.kafka.PanrocksStores;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;

/** Kafka's key-value store suite on {@code PanrocksStores.timestampedKeyValueStore}. */
class TimestampedKeyValueStoreSuiteTest extends KeyValueStoreSuite {
    @Override
    KeyValueBytesStoreSupplier supplier(String name) {
        return PanrocksStores.timestampedKeyValueStore(name);
    }
}
