package io.panrocks.kafka.conformance;

import io.panrocks.kafka.PanrocksStores;
import org.apache.kafka.streams.state.WindowBytesStoreSupplier;

import java.time.Duration;

/** Kafka's window store suite on {@code PanrocksStores.windowStore}. */
class PlainWindowStoreSuiteTest extends WindowStoreSuite {
    @Override
    protected WindowBytesStoreSupplier supplier(String name, Duration retentionPeriod, Duration windowSize,
                                                boolean retainDuplicates) {
        return PanrocksStores.windowStore(name, retentionPeriod, windowSize, retainDuplicates);
    }
}
