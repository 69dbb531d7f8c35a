package io.panrocks.kafka;

/**
 * Where the Kafka Streams releases the module supports (4.3.x and 4.4.x)
 * behave differently, decided once from the release on the class path, so
 * that one build of the module matches whichever Kafka it runs with.
 */
final class KafkaRelease {
    /**
     * Kafka 4.4's headers-aware RocksDB stores answer IQv2 as the stores
     * without headers do (key and range queries on the key-value store,
     * window key and range queries on the window store, key queries on the
     * session store; its metered layer adds the typed headers queries, such
     * as {@code TimestampedKeyWithHeadersQuery}, on top). Kafka 4.3's fail
     * every query with {@code UNKNOWN_QUERY_TYPE}. Told apart by the query
     * classes 4.4 added.
     */
    static final boolean HEADERS_STORES_ANSWER_QUERIES =
            present("org.apache.kafka.streams.query.TimestampedKeyWithHeadersQuery");

    private KafkaRelease() {
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, KafkaRelease.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
