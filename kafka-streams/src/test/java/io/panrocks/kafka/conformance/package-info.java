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
 * <p>Every test runs as Kafka wrote it: none is overridden. Excluded tests
 * would be listed, each with its reason, in
 * {@link io.panrocks.kafka.conformance.KafkaSuiteExclusions} (the list is
 * empty). panrocks' stricter lifecycle for window and session stores
 * (an iterator of a closed store throws, a closed store refuses reads and
 * restores, a second instance fails at {@code init}) is the store option
 * {@code PanrocksStoreOptions.strictLifecycle}, off by default, tested in
 * {@code io.panrocks.kafka.StrictLifecycleTest}; the suite classes add
 * panrocks' own tests of what Kafka's leave open ({@code WindowStoreSuite},
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
