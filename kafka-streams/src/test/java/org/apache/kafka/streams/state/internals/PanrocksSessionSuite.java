package org.apache.kafka.streams.state.internals;

import io.panrocks.kafka.conformance.KafkaSuiteExclusions;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.SessionBytesStoreSupplier;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.test.InternalMockProcessorContext;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;

/**
 * Kafka's session store suite ({@link AbstractSessionBytesStoreTest}) over a
 * panrocks session store supplier, built as a user builds it:
 * {@code Stores.sessionStoreBuilder(supplier, keySerde, valueSerde).build()}.
 * In Kafka's package only because the suite's hooks and fields are
 * package-private; the panrocks subclasses are in
 * {@code io.panrocks.kafka.conformance}.
 */
@ExtendWith(KafkaSuiteExclusions.class)
public abstract class PanrocksSessionSuite extends AbstractSessionBytesStoreTest {
    /** the name Kafka's suite gives its RocksDB store */
    public static final String STORE_NAME = "rocksDB session store";
    public static final long SUITE_RETENTION_PERIOD = RETENTION_PERIOD;

    /** The panrocks supplier under test, e.g. {@code PanrocksStores.sessionStore}. */
    protected abstract SessionBytesStoreSupplier supplier(String name, Duration retentionPeriod);

    /**
     * The suite's branches for Kafka's RocksDB session store, for the plain
     * and the headers-aware store alike. Kafka's own headers-aware session
     * store is a subclass of its RocksDB session store and behaves as it;
     * the suite's {@code RocksDBSessionStoreWithHeaders} branch (which expects
     * {@code findSessions(long, long)} to work) is run by no Kafka test, and
     * Kafka's own headers-aware store fails it.
     */
    @Override
    final StoreType storeType() {
        return StoreType.RocksDBSessionStore;
    }

    @Override
    final <K, V> SessionStore<K, V> buildSessionStore(long retentionPeriod, Serde<K> keySerde, Serde<V> valueSerde) {
        return Stores.sessionStoreBuilder(supplier(STORE_NAME, Duration.ofMillis(retentionPeriod)), keySerde, valueSerde)
                .build();
    }

    /** A new, uninitialised store as the suite builds it (String keys, Long aggregates). */
    protected final SessionStore<String, Long> newSuiteStore() {
        return buildSessionStore(RETENTION_PERIOD, Serdes.String(), Serdes.Long());
    }

    /** The store the suite's setup built and initialised (String keys, Long aggregates). */
    protected final SessionStore<String, Long> suiteStore() {
        return sessionStore;
    }

    protected final InternalMockProcessorContext<?, ?> suiteContext() {
        return context;
    }
}
