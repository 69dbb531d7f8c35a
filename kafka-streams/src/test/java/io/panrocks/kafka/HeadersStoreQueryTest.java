package io.panrocks.kafka;

import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.SessionWindow;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.query.FailureReason;
import org.apache.kafka.streams.query.KeyQuery;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.RangeQuery;
import org.apache.kafka.streams.query.WindowKeyQuery;
import org.apache.kafka.streams.query.WindowRangeQuery;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.WindowStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * IQv2 on the headers-aware stores ({@code dsl.store.format=headers}), as
 * Kafka's own headers-aware RocksDB stores of the release in use: on Kafka
 * 4.3 the bytes store answers every query {@code UNKNOWN_QUERY_TYPE}, with its
 * position and, when asked, its execution info, whatever the bound; on Kafka
 * 4.4 it answers what the store of the same kind without headers answers. The
 * same query on the store without headers is answered on both. (The
 * identical-output test checks the same through Kafka's metered layer,
 * against Kafka's stores.)
 */
class HeadersStoreQueryTest {
    @TempDir
    File stateDir;
    private final List<StateStore> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (StateStore s : opened) s.close();
    }

    private <S extends StateStore> S init(S store, String dir) {
        TestContext context = new TestContext(new File(stateDir, dir), new TaskId(0, 3));
        store.init(context, store);
        opened.add(store);
        context.processing("input", 3, 7);
        return store;
    }

    private static Bytes s(String v) {
        return Bytes.wrap(v.getBytes());
    }

    private static final Position AT_7 = Position.fromMap(Map.of("input", Map.of(3, 7L)));
    /** a bound the stores have not reached: Kafka's headers-aware stores do not even check it */
    private static final PositionBound AHEAD = PositionBound.at(Position.fromMap(Map.of("input", Map.of(3, 8L))));

    /** The Kafka Streams release on the class path, e.g. "4.4.0", as its jar records it. */
    private static final String KAFKA_VERSION = kafkaStreamsVersion();

    private static String kafkaStreamsVersion() {
        try (var in = org.apache.kafka.streams.KafkaStreams.class.getResourceAsStream("/kafka/kafka-streams-version.properties")) {
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (java.io.IOException | NullPointerException e) {
            throw new AssertionError("no version in the kafka-streams jar", e);
        }
    }

    @Test
    void theHeadersQueryBehaviourIsPickedByTheKafkaRelease() {
        String[] parts = KAFKA_VERSION.split("[.-]");
        boolean atLeast44 = Integer.parseInt(parts[0]) > 4
                || Integer.parseInt(parts[0]) == 4 && Integer.parseInt(parts[1]) >= 4;
        assertEquals(atLeast44, KafkaRelease.HEADERS_STORES_ANSWER_QUERIES, "Kafka " + KAFKA_VERSION);
    }

    /** On 4.4 the headers store answers the query as the store without headers; on 4.3 it leaves it unanswered. */
    private static void assertAsKafkaRelease(StateStore headers, StateStore plain, Query<?> query) {
        if (!KafkaRelease.HEADERS_STORES_ANSWER_QUERIES) {
            assertUnknown(headers, query);
            return;
        }
        QueryResult<?> h = headers.query(query, PositionBound.unbounded(), new QueryConfig(false));
        QueryResult<?> p = plain.query(query, PositionBound.unbounded(), new QueryConfig(false));
        assertTrue(h.isSuccess(), query + ": " + h);
        assertEquals(p.isSuccess(), h.isSuccess());
        assertEquals(AT_7, h.getPosition());
        assertEquals(contents(p.getResult()), contents(h.getResult()), query.toString());
        assertEquals(FailureReason.NOT_UP_TO_BOUND, headers.query(query, AHEAD, new QueryConfig(false)).getFailureReason());
    }

    /** A query result as comparable text: an iterator's entries (closed here), or the value's bytes. */
    private static String contents(Object result) {
        if (result instanceof byte[] bytes) return new String(bytes);
        if (result instanceof java.util.Iterator<?> it) {
            List<String> out = new ArrayList<>();
            while (it.hasNext()) {
                Object next = it.next();
                if (next instanceof org.apache.kafka.streams.KeyValue<?, ?> kv) {
                    out.add(kv.key + "=" + contents(kv.value));
                } else {
                    out.add(String.valueOf(next));
                }
            }
            if (it instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }
            return out.toString();
        }
        return String.valueOf(result);
    }

    private static void assertUnknown(StateStore store, Query<?> query) {
        for (PositionBound bound : List.of(PositionBound.unbounded(), AHEAD)) {
            QueryResult<?> r = store.query(query, bound, new QueryConfig(true));
            assertFalse(r.isSuccess(), query + " on " + store.getClass().getName());
            assertEquals(FailureReason.UNKNOWN_QUERY_TYPE, r.getFailureReason(), query + " " + bound);
            assertEquals(AT_7, r.getPosition(), "the failure carries the store's position");
            assertTrue(r.getExecutionInfo().stream().anyMatch(i -> i.startsWith("Handled in ")), r.getExecutionInfo()
                    .toString());
            QueryResult<?> quiet = store.query(query, bound, new QueryConfig(false));
            assertEquals(FailureReason.UNKNOWN_QUERY_TYPE, quiet.getFailureReason());
            assertTrue(quiet.getExecutionInfo().isEmpty(), "no execution info unless asked");
        }
    }

    @Test
    void keyValueStoreWithHeadersAnswersAsKafkasOfTheRelease() {
        KeyValueStore<Bytes, byte[]> headers = init(PanrocksStores.timestampedKeyValueStoreWithHeaders("h").get(), "h");
        KeyValueStore<Bytes, byte[]> plain = init(PanrocksStores.timestampedKeyValueStore("t").get(), "t");
        for (KeyValueStore<Bytes, byte[]> store : List.of(headers, plain)) store.put(s("a"), "1".getBytes());
        // the data is there, through the store's own interface
        assertArrayEquals("1".getBytes(), headers.get(s("a")));
        assertAsKafkaRelease(headers, plain, KeyQuery.withKey(s("a")));
        assertAsKafkaRelease(headers, plain, RangeQuery.withNoBounds());
        assertAsKafkaRelease(headers, plain, RangeQuery.withRange(s("a"), s("b")).withDescendingKeys());
        // without headers the same queries are answered
        QueryResult<byte[]> hit = plain.query(KeyQuery.withKey(s("a")), PositionBound.unbounded(), new QueryConfig(false));
        assertTrue(hit.isSuccess());
        assertArrayEquals("1".getBytes(), hit.getResult());
        QueryResult<KeyValueIterator<Bytes, byte[]>> range = plain.query(RangeQuery.withNoBounds(),
                PositionBound.unbounded(), new QueryConfig(false));
        assertTrue(range.isSuccess());
        try (KeyValueIterator<Bytes, byte[]> it = range.getResult()) {
            assertEquals(s("a"), it.next().key);
            assertFalse(it.hasNext());
        }
        assertEquals(FailureReason.NOT_UP_TO_BOUND,
                plain.query(KeyQuery.withKey(s("a")), AHEAD, new QueryConfig(false)).getFailureReason());
    }

    @Test
    void windowStoreWithHeadersAnswersAsKafkasOfTheRelease() {
        WindowStore<Bytes, byte[]> headers = init(PanrocksStores.timestampedWindowStoreWithHeaders("wh",
                Duration.ofMinutes(2), Duration.ofMinutes(1), false).get(), "wh");
        WindowStore<Bytes, byte[]> plain = init(PanrocksStores.timestampedWindowStore("wt",
                Duration.ofMinutes(2), Duration.ofMinutes(1), false).get(), "wt");
        for (WindowStore<Bytes, byte[]> store : List.of(headers, plain)) store.put(s("a"), "1".getBytes(), 10_000);
        assertArrayEquals("1".getBytes(), headers.fetch(s("a"), 10_000));
        WindowKeyQuery<Bytes, byte[]> key = WindowKeyQuery.withKeyAndWindowStartRange(s("a"), Instant.EPOCH,
                Instant.ofEpochMilli(60_000));
        WindowRangeQuery<Bytes, byte[]> range = WindowRangeQuery.withWindowStartRange(Instant.EPOCH,
                Instant.ofEpochMilli(60_000));
        assertAsKafkaRelease(headers, plain, key);
        assertAsKafkaRelease(headers, plain, range);
        assertTrue(plain.query(key, PositionBound.unbounded(), new QueryConfig(false)).isSuccess());
        assertTrue(plain.query(range, PositionBound.unbounded(), new QueryConfig(false)).isSuccess());
    }

    @Test
    void sessionStoreWithHeadersAnswersAsKafkasOfTheRelease() {
        SessionStore<Bytes, byte[]> headers = init(PanrocksStores.sessionStoreWithHeaders("sh",
                Duration.ofMinutes(3)).get(), "sh");
        SessionStore<Bytes, byte[]> plain = init(PanrocksStores.sessionStore("sp", Duration.ofMinutes(3)).get(), "sp");
        Windowed<Bytes> session = new Windowed<>(s("a"), new SessionWindow(1_000, 2_000));
        for (SessionStore<Bytes, byte[]> store : List.of(headers, plain)) store.put(session, "1".getBytes());
        assertArrayEquals("1".getBytes(), headers.fetchSession(s("a"), 1_000, 2_000));
        WindowRangeQuery<Bytes, byte[]> query = WindowRangeQuery.withKey(s("a"));
        assertAsKafkaRelease(headers, plain, query);
        QueryResult<KeyValueIterator<Windowed<Bytes>, byte[]>> r = plain.query(query, PositionBound.unbounded(),
                new QueryConfig(false));
        assertTrue(r.isSuccess());
        try (KeyValueIterator<Windowed<Bytes>, byte[]> it = r.getResult()) {
            assertEquals(session, it.next().key);
            assertFalse(it.hasNext());
        }
    }
}
