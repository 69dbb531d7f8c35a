/**
 * Kafka's own abstract store suites, from Kafka's test jar, subclassed for
 * every panrocks store kind, each built as a user builds it (Kafka's
 * {@code Stores.*Builder} over a {@code PanrocksStores} supplier):
 * key-value plain, cached, timestamped and headers
 * ({@code AbstractKeyValueStoreTest}); window plain, timestamped and headers,
 * each with and without duplicates ({@code AbstractRocksDBWindowStoreTest},
 * which runs {@code AbstractWindowBytesStoreTest}); session plain and headers
 * ({@code AbstractSessionBytesStoreTest}).
 *
 * <p>Excluded tests are listed, each with its reason, in
 * {@link io.panrocks.kafka.conformance.KafkaSuiteExclusions}; where panrocks
 * keeps a behaviour of its own, the suite overrides Kafka's test with one
 * that asserts panrocks' behaviour and says why ({@code WindowStoreSuite},
 * {@code SessionStoreSuite}).
 *
 * <p>Versioned key-value stores ({@code Stores.persistentVersionedKeyValueStore}
 * on panrocks, issue 22 part 5): Kafka ships no abstract suite for them (its
 * {@code RocksDBVersionedStoreTest} is concrete and reads Kafka's internal
 * segment classes); when panrocks has a versioned supplier, its suite goes
 * here as {@code VersionedKeyValueStoreSuiteTest}, running the parts of that
 * test that use only {@code VersionedKeyValueStore}'s API.
 */
package io.panrocks.kafka.conformance;
