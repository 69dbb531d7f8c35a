package io.panrocks.kafka.conformance;

import io.panrocks.kafka.PanrocksStores;
import org.apache.kafka.streams.state.WindowBytesStoreSupplier;

import java.time.Duration;

/** Kafka's window store suite on {@code PanrocksStores.timestampedWindowStoreWithHeaders}. */
class HeadersWindowStoreSuiteTest extends WindowStoreSuite {
    @Override
    protected WindowBytesStoreSupplier supplier(String name, Duration retentionPeriod, Duration windowSize,
                                                boolean retainDuplicates) {
        return PanrocksStores.timestampedWindowStoreWithHeaders(name, retentionPeriod, windowSize, retainDuplicates);
    }
}
