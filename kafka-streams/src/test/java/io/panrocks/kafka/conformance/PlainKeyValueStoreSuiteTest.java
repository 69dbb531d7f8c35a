package io.panrocks.kafka.conformance;

import io.panrocks.kafka.PanrocksStores;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;

/** Kafka's key-value store suite on {@code PanrocksStores.keyValueStore}. */
class PlainKeyValueStoreSuiteTest extends KeyValueStoreSuite {
    @Override
    KeyValueBytesStoreSupplier supplier(String name) {
        return PanrocksStores.keyValueStore(name);
    }
}
