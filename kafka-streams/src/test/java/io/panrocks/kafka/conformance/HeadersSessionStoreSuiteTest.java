package io.panrocks.kafka.conformance;

import io.panrocks.kafka.PanrocksStores;
import org.apache.kafka.streams.state.SessionBytesStoreSupplier;

import java.time.Duration;

/** Kafka's session store suite on {@code PanrocksStores.sessionStoreWithHeaders}. */
class HeadersSessionStoreSuiteTest extends SessionStoreSuite {
    @Override
    protected SessionBytesStoreSupplier supplier(String name, Duration retentionPeriod) {
        return PanrocksStores.sessionStoreWithHeaders(name, retentionPeriod);
    }
}
