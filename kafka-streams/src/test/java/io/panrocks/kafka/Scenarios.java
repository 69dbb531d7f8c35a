package io.panrocks.kafka;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.JoinWindows;
import org.apache.kafka.streams.kstream.Joined;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.SessionWindows;
import org.apache.kafka.streams.kstream.StreamJoined;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.kstream.WindowedSerdes;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.query.KeyQuery;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.RangeQuery;
import org.apache.kafka.streams.query.WindowKeyQuery;
import org.apache.kafka.streams.query.WindowRangeQuery;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
import org.apache.kafka.streams.test.TestRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The topologies of the identical-output test, each fed a seeded input
 * through Kafka's {@link TopologyTestDriver} and read out completely: every
 * output record (key, value, timestamp) and the answers of interactive
 * queries (classic and IQv2, with positions). The same code runs with
 * panrocks's stores (in the test's JVM) and with Kafka's built-in RocksDB
 * stores (in a child JVM with RocksJava on its class path); the transcripts
 * must be equal line for line.
 */
final class Scenarios {
    /** which stores a run uses */
    enum Engine {
        PANROCKS, BUILTIN,
        /**
         * Kafka's in-memory stores: no engine at all, the ceiling of what any
         * store can give the cluster benchmark (its opt-in third row); not
         * one of the compared engines.
         */
        IN_MEMORY;

        /** The two engines every comparison runs. */
        static final List<Engine> COMPARED = List.of(PANROCKS, BUILTIN);

        Class<?> suppliers() {
            return switch (this) {
                case PANROCKS -> PanrocksDslStoreSuppliers.class;
                case BUILTIN -> BuiltInDslStoreSuppliers.RocksDBDslStoreSuppliers.class;
                case IN_MEMORY -> BuiltInDslStoreSuppliers.InMemoryDslStoreSuppliers.class;
            };
        }

        /** The engine the instance's libraries are checked against: in-memory runs on the built-in class path. */
        String checkedAs() {
            return this == PANROCKS ? "panrocks" : "builtin";
        }
    }

    static final List<String> ALL = List.of("wordcount", "aggregation", "join", "windowed", "rangequery", "session",
            "streamjoin");

    private Scenarios() {
    }

    /** Runs one scenario and returns its transcript. */
    static List<String> run(String scenario, Engine engine, long seed, boolean caching) throws Exception {
        return run(scenario, engine, seed, caching, false);
    }

    /** As {@link #run(String, Engine, long, boolean)}; {@code headers}: the DSL's headers-aware store format. */
    static List<String> run(String scenario, Engine engine, long seed, boolean caching, boolean headers) throws Exception {
        List<String> out = new ArrayList<>();
        Consumer<String> emit = out::add;
        Path stateDir = Files.createTempDirectory("panrocks-kafka-" + engine.name().toLowerCase());
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "diff-" + scenario);
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        props.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, engine.suppliers());
        props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, caching ? 1024 * 1024 : 0);
        if (headers) props.put(StreamsConfig.DSL_STORE_FORMAT_CONFIG, StreamsConfig.DSL_STORE_FORMAT_HEADERS);
        Random random = new Random(seed);
        try {
            switch (scenario) {
                case "wordcount" -> wordCount(props, random, emit);
                case "aggregation" -> aggregation(props, random, emit);
                case "join" -> join(props, random, emit);
                case "windowed" -> windowed(props, random, emit);
                case "rangequery" -> rangeQuery(props, random, emit);
                case "session" -> session(props, random, emit);
                case "streamjoin" -> streamJoin(props, random, emit);
                default -> throw new IllegalArgumentException("no scenario " + scenario);
            }
        } finally {
            TestDirs.delete(stateDir);
        }
        return out;
    }

    // ---- inputs ---------------------------------------------------------------------------

    static final String[] WORDS = words();

    private static String[] words() {
        String[] w = new String[300];
        Random r = new Random(42);
        for (int i = 0; i < w.length; i++) {
            int n = 2 + r.nextInt(7);
            StringBuilder b = new StringBuilder();
            for (int j = 0; j < n; j++) b.append((char) ('a' + r.nextInt(26)));
            w[i] = b.toString();
        }
        return w;
    }

    private static String sentence(Random r) {
        StringBuilder b = new StringBuilder();
        int n = 1 + r.nextInt(12);
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(' ');
            b.append(WORDS[(int) Math.min(WORDS.length - 1, Math.abs(r.nextGaussian() * 60))]);
        }
        return b.toString();
    }

    private static void drain(TopologyTestDriver driver, String topic, Serde<?> keySerde, Serde<?> valueSerde,
                              Consumer<String> emit) {
        var output = driver.createOutputTopic(topic, keySerde.deserializer(), valueSerde.deserializer());
        for (TestRecord<?, ?> r : output.readRecordsToList()) {
            emit.accept(topic + " " + r.key() + " -> " + r.value() + " @" + r.timestamp());
        }
    }

    /** One query's answer as a line; an exception is an answer too (both engines must throw alike). */
    private static <K, V> void list(String label, Supplier<KeyValueIterator<K, V>> query, Consumer<String> emit) {
        StringBuilder b = new StringBuilder(label).append(':');
        try (KeyValueIterator<K, V> it = query.get()) {
            while (it.hasNext()) {
                KeyValue<K, V> kv = it.next();
                b.append(' ').append(kv.key).append('=').append(kv.value);
            }
        } catch (RuntimeException e) {
            b.append(" threw ").append(e.getClass().getName());
        }
        emit.accept(b.toString());
    }

    /** Which class each store of the topology really is, innermost, as "#store" lines (not compared: checked). */
    private static void stores(TopologyTestDriver d, Consumer<String> emit) {
        for (var e : new java.util.TreeMap<>(d.getAllStateStores()).entrySet()) {
            emit.accept(STORE_LINE + e.getKey() + " " + innermost(e.getValue()).getClass().getName());
        }
    }

    /** Unwraps Kafka's wrappers, and its format adapters (which hold the store in a field). */
    static StateStore innermost(StateStore s) {
        while (true) {
            if (s instanceof org.apache.kafka.streams.state.internals.WrappedStateStore<?, ?, ?> w) {
                s = w.wrapped();
                continue;
            }
            StateStore inner = null;
            for (Class<?> c = s.getClass(); c != Object.class && inner == null; c = c.getSuperclass()) {
                for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                    if (StateStore.class.isAssignableFrom(f.getType())
                            && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        try {
                            f.setAccessible(true);
                            inner = (StateStore) f.get(s);
                        } catch (ReflectiveOperationException | RuntimeException ex) {
                            inner = null;
                        }
                        if (inner != null) break;
                    }
                }
            }
            if (inner == null) return s;
            s = inner;
        }
    }

    static final String STORE_LINE = "#store ";

    private static String position(QueryResult<?> r) {
        return r.isSuccess() ? " position=" + r.getPosition() : " failure=" + r.getFailureReason();
    }

    // ---- the scenarios ---------------------------------------------------------------------

    /** Word count: sentences split into words, counted; the counts and queries over them. */
    private static void wordCount(Properties props, Random random, Consumer<String> emit) {
        StreamsBuilder b = new StreamsBuilder();
        b.stream("sentences", Consumed.with(Serdes.String(), Serdes.String()))
                .flatMapValues(v -> List.of(v.split(" ")))
                .groupBy((k, v) -> v, Grouped.with(Serdes.String(), Serdes.String()))
                .count(Materialized.as("counts"))
                .toStream().to("word-counts", Produced.with(Serdes.String(), Serdes.Long()));
        try (TopologyTestDriver d = new TopologyTestDriver(b.build(), props)) {
            stores(d, emit);
            var in = d.createInputTopic("sentences", Serdes.String().serializer(), Serdes.String().serializer());
            Instant t = Instant.ofEpochMilli(1_000_000);
            for (int i = 0; i < 1500; i++) {
                in.pipeInput("line-" + i, sentence(random), t = t.plusMillis(random.nextInt(1000)));
            }
            drain(d, "word-counts", Serdes.String(), Serdes.Long(), emit);
            KeyValueStore<String, Long> counts = d.getKeyValueStore("counts");
            list("all", () -> counts.all(), emit);
            list("reverseAll", () -> counts.reverseAll(), emit);
            list("range b..m", () -> counts.range("b", "m"), emit);
            list("reverseRange b..m", () -> counts.reverseRange("b", "m"), emit);
            list("range ..c", () -> counts.range(null, "c"), emit);
            list("range x..", () -> counts.range("x", null), emit);
            list("prefix th", () -> counts.prefixScan("th", Serdes.String().serializer()), emit);
            emit.accept("get " + WORDS[0] + " = " + counts.get(WORDS[0]) + ", get nope = " + counts.get("nope"));
        }
    }

    /** An aggregation over a table with updates and deletions: sums per category with adder and subtractor. */
    private static void aggregation(Properties props, Random random, Consumer<String> emit) {
        StreamsBuilder b = new StreamsBuilder();
        KTable<String, Long> prices = b.table("prices", Consumed.with(Serdes.String(), Serdes.Long()),
                Materialized.as("prices-table"));
        prices.groupBy((item, price) -> KeyValue.pair("cat-" + item.charAt(item.length() - 1), price),
                Grouped.with(Serdes.String(), Serdes.Long()))
                .aggregate(() -> "0/0", (cat, price, agg) -> add(agg, price, 1), (cat, price, agg) -> add(agg, -price, -1),
                        Materialized.<String, String, KeyValueStore<Bytes, byte[]>>as("sums")
                                .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()))
                .toStream().to("category-sums", Produced.with(Serdes.String(), Serdes.String()));
        try (TopologyTestDriver d = new TopologyTestDriver(b.build(), props)) {
            stores(d, emit);
            var in = d.createInputTopic("prices", Serdes.String().serializer(), Serdes.Long().serializer());
            Instant t = Instant.ofEpochMilli(5_000_000);
            for (int i = 0; i < 2000; i++) {
                String item = "item" + random.nextInt(150);
                Long price = random.nextInt(10) == 0 ? null : (long) random.nextInt(1000);
                in.pipeInput(item, price, t = t.plusMillis(1 + random.nextInt(500)));
            }
            drain(d, "category-sums", Serdes.String(), Serdes.String(), emit);
            KeyValueStore<String, ValueAndTimestamp<Long>> table = d.getTimestampedKeyValueStore("prices-table");
            list("prices", () -> table.all(), emit);
            list("sums", () -> d.<String, String>getKeyValueStore("sums").all(), emit);
        }
    }

    private static String add(String agg, long delta, int count) {
        String[] p = agg.split("/");
        return (Long.parseLong(p[0]) + delta) + "/" + (Long.parseLong(p[1]) + count);
    }

    /** A KStream-KTable join (and left join): orders enriched with customers that come, change and go. */
    private static void join(Properties props, Random random, Consumer<String> emit) {
        StreamsBuilder b = new StreamsBuilder();
        KTable<String, String> customers = b.table("customers", Consumed.with(Serdes.String(), Serdes.String()),
                Materialized.as("customers-store"));
        KStream<String, String> orders = b.stream("orders", Consumed.with(Serdes.String(), Serdes.String()));
        orders.join(customers, (order, customer) -> order + " for " + customer,
                Joined.with(Serdes.String(), Serdes.String(), Serdes.String()))
                .to("enriched", Produced.with(Serdes.String(), Serdes.String()));
        orders.leftJoin(customers, (order, customer) -> order + " for " + customer,
                Joined.with(Serdes.String(), Serdes.String(), Serdes.String()))
                .to("enriched-left", Produced.with(Serdes.String(), Serdes.String()));
        try (TopologyTestDriver d = new TopologyTestDriver(b.build(), props)) {
            stores(d, emit);
            var cin = d.createInputTopic("customers", Serdes.String().serializer(), Serdes.String().serializer());
            var oin = d.createInputTopic("orders", Serdes.String().serializer(), Serdes.String().serializer());
            Instant t = Instant.ofEpochMilli(9_000_000);
            for (int i = 0; i < 2000; i++) {
                String customer = "c" + random.nextInt(120);
                t = t.plusMillis(1 + random.nextInt(100));
                if (random.nextInt(3) == 0) {
                    cin.pipeInput(customer, random.nextInt(8) == 0 ? null : "name-" + random.nextInt(10_000), t);
                } else {
                    oin.pipeInput(customer, "order-" + i, t);
                }
            }
            drain(d, "enriched", Serdes.String(), Serdes.String(), emit);
            drain(d, "enriched-left", Serdes.String(), Serdes.String(), emit);
            list("customers", () -> d.<String, ValueAndTimestamp<String>>getTimestampedKeyValueStore("customers-store").all(), emit);
        }
    }

    /** A windowed count over ten minutes of events: windows close, segments expire, window queries. */
    private static void windowed(Properties props, Random random, Consumer<String> emit) {
        StreamsBuilder b = new StreamsBuilder();
        b.stream("clicks", Consumed.with(Serdes.String(), Serdes.String()))
                .groupByKey(Grouped.with(Serdes.String(), Serdes.String()))
                .windowedBy(TimeWindows.ofSizeAndGrace(Duration.ofSeconds(30), Duration.ofSeconds(20)))
                .count(Materialized.as("click-windows"))
                .toStream()
                .to("click-counts", Produced.with(WindowedSerdes.timeWindowedSerdeFrom(String.class, 30_000),
                        Serdes.Long()));
        try (TopologyTestDriver d = new TopologyTestDriver(b.build(), props)) {
            stores(d, emit);
            var in = d.createInputTopic("clicks", Serdes.String().serializer(), Serdes.String().serializer());
            long t = 20_000_000;
            for (int i = 0; i < 3000; i++) {
                // mostly in order, some late (inside and beyond the grace period)
                long ts = random.nextInt(10) == 0 ? t - random.nextInt(60_000) : (t += random.nextInt(400));
                in.pipeInput("user" + random.nextInt(40), "page" + random.nextInt(5), Instant.ofEpochMilli(ts));
            }
            drain(d, "click-counts", WindowedSerdes.timeWindowedSerdeFrom(String.class, 30_000), Serdes.Long(), emit);
            WindowStore<String, ValueAndTimestamp<Long>> store = d.getTimestampedWindowStore("click-windows");
            list("all", () -> store.all(), emit);
            list("backwardAll", () -> store.backwardAll(), emit);
            long last = t;
            list("fetchAll last 2 min", () -> store.fetchAll(Instant.ofEpochMilli(last - 120_000), Instant.ofEpochMilli(last)), emit);
            list("fetch user1..user3", () -> store.fetch("user1", "user3", Instant.ofEpochMilli(last - 200_000),
                    Instant.ofEpochMilli(last)), emit);
            list("backwardFetch user1..user3", () -> store.backwardFetch("user1", "user3",
                    Instant.ofEpochMilli(last - 200_000), Instant.ofEpochMilli(last)), emit);
            for (String user : new String[]{"user0", "user7", "user39", "nobody"}) {
                StringBuilder sb = new StringBuilder("fetch " + user + ":");
                try (WindowStoreIterator<ValueAndTimestamp<Long>> it = store.fetch(user,
                        Instant.ofEpochMilli(last - 300_000), Instant.ofEpochMilli(last))) {
                    while (it.hasNext()) {
                        KeyValue<Long, ValueAndTimestamp<Long>> kv = it.next();
                        sb.append(' ').append(kv.key).append('=').append(kv.value);
                    }
                }
                emit.accept(sb.toString());
            }
            StateStore raw = d.getAllStateStores().get("click-windows");
            QueryResult<?> r = raw.query(WindowKeyQuery.withKeyAndWindowStartRange("user5",
                    Instant.ofEpochMilli(last - 300_000), Instant.ofEpochMilli(last)), PositionBound.unbounded(),
                    new QueryConfig(false));
            emit.accept("iqv2 window key user5" + position(r) + " " + drainResult(r));
            r = raw.query(WindowRangeQuery.withWindowStartRange(Instant.ofEpochMilli(last - 90_000),
                    Instant.ofEpochMilli(last)), PositionBound.unbounded(), new QueryConfig(false));
            emit.accept("iqv2 window range" + position(r) + " " + drainResult(r));
        }
    }

    private static String drainResult(QueryResult<?> r) {
        if (!r.isSuccess()) return "";
        Object result = r.getResult();
        StringBuilder b = new StringBuilder();
        if (result instanceof Iterator<?> it) {
            while (it.hasNext()) b.append(it.next()).append(' ');
            if (it instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        } else {
            b.append(result);
        }
        return b.toString();
    }

    /** Interactive queries over a key-value store: random ranges both ways, open ends, prefixes, IQv2 with positions. */
    private static void rangeQuery(Properties props, Random random, Consumer<String> emit) {
        StreamsBuilder b = new StreamsBuilder();
        b.table("inventory", Consumed.with(Serdes.String(), Serdes.String()), Materialized.as("inventory-store"));
        try (TopologyTestDriver d = new TopologyTestDriver(b.build(), props)) {
            stores(d, emit);
            var in = d.createInputTopic("inventory", Serdes.String().serializer(), Serdes.String().serializer());
            Instant t = Instant.ofEpochMilli(30_000_000);
            for (int i = 0; i < 3000; i++) {
                String key = String.format("sku-%04d", random.nextInt(2500));
                String value = random.nextInt(12) == 0 ? null : random.nextInt(5) == 0 ? "" : "qty=" + random.nextInt(100);
                in.pipeInput(key, value, t = t.plusMillis(random.nextInt(50)));
            }
            KeyValueStore<String, ValueAndTimestamp<String>> store = d.getTimestampedKeyValueStore("inventory-store");
            StateStore raw = d.getAllStateStores().get("inventory-store");
            for (int q = 0; q < 40; q++) {
                String from = String.format("sku-%04d", random.nextInt(2600));
                String to = String.format("sku-%04d", random.nextInt(2600));
                if (from.compareTo(to) > 0 && random.nextBoolean()) {
                    String s = from;
                    from = to;
                    to = s;
                }
                String f = random.nextInt(8) == 0 ? null : from;
                String e = random.nextInt(8) == 0 ? null : to;
                list("range " + f + ".." + e, () -> store.range(f, e), emit);
                list("reverseRange " + f + ".." + e, () -> store.reverseRange(f, e), emit);
                RangeQuery<String, ValueAndTimestamp<String>> rq = f == null && e == null ? RangeQuery.withNoBounds()
                        : f == null ? RangeQuery.withUpperBound(e) : e == null ? RangeQuery.withLowerBound(f)
                        : RangeQuery.withRange(f, e);
                if (random.nextBoolean()) rq = rq.withDescendingKeys();
                QueryResult<?> r = raw.query(rq, PositionBound.unbounded(), new QueryConfig(false));
                emit.accept("iqv2 " + f + ".." + e + " " + rq.resultOrder() + position(r) + " " + drainResult(r));
            }
            for (String prefix : new String[]{"sku-00", "sku-1", "sku-24", "sku-9", "", "s"}) {
                list("prefix '" + prefix + "'", () -> store.prefixScan(prefix, Serdes.String().serializer()), emit);
            }
            for (int q = 0; q < 20; q++) {
                String key = String.format("sku-%04d", random.nextInt(2600));
                QueryResult<?> r = raw.query(KeyQuery.withKey(key), PositionBound.unbounded(), new QueryConfig(false));
                emit.accept("iqv2 key " + key + position(r) + " " + drainResult(r));
            }
            emit.accept("store position " + raw.getPosition());
        }
    }

    /** Session windows: sessions grow, merge and expire; session queries. */
    private static void session(Properties props, Random random, Consumer<String> emit) {
        StreamsBuilder b = new StreamsBuilder();
        b.stream("activity", Consumed.with(Serdes.String(), Serdes.String()))
                .groupByKey(Grouped.with(Serdes.String(), Serdes.String()))
                .windowedBy(SessionWindows.ofInactivityGapAndGrace(Duration.ofSeconds(5), Duration.ofSeconds(10)))
                .count(Materialized.as("sessions"))
                .toStream()
                .to("session-counts", Produced.with(WindowedSerdes.sessionWindowedSerdeFrom(String.class), Serdes.Long()));
        try (TopologyTestDriver d = new TopologyTestDriver(b.build(), props)) {
            stores(d, emit);
            var in = d.createInputTopic("activity", Serdes.String().serializer(), Serdes.String().serializer());
            long t = 40_000_000;
            for (int i = 0; i < 2500; i++) {
                long ts = random.nextInt(8) == 0 ? t - random.nextInt(20_000) : (t += random.nextInt(1500));
                in.pipeInput("user" + random.nextInt(25), "x", Instant.ofEpochMilli(ts));
            }
            drain(d, "session-counts", WindowedSerdes.sessionWindowedSerdeFrom(String.class), Serdes.Long(), emit);
            SessionStore<String, Long> store = d.getSessionStore("sessions");
            for (String user : new String[]{"user0", "user3", "user24", "nobody"}) {
                list("fetch " + user, () -> store.fetch(user), emit);
                list("backwardFetch " + user, () -> store.backwardFetch(user), emit);
            }
            list("fetch user1..user2", () -> store.fetch("user1", "user2"), emit);
            long last = t;
            list("findSessions user4", () -> store.findSessions("user4", last - 100_000, last), emit);
            QueryResult<?> r = d.getAllStateStores().get("sessions").query(WindowRangeQuery.withKey("user6"),
                    PositionBound.unbounded(), new QueryConfig(false));
            emit.accept("iqv2 session user6" + position(r) + " " + drainResult(r));
        }
    }

    /** A stream-stream join: window stores that keep duplicates, outer join's shared store. */
    private static void streamJoin(Properties props, Random random, Consumer<String> emit) {
        StreamsBuilder b = new StreamsBuilder();
        KStream<String, String> left = b.stream("views", Consumed.with(Serdes.String(), Serdes.String()));
        KStream<String, String> right = b.stream("buys", Consumed.with(Serdes.String(), Serdes.String()));
        left.join(right, (v, p) -> v + "+" + p, JoinWindows.ofTimeDifferenceAndGrace(Duration.ofSeconds(10),
                Duration.ofSeconds(5)), StreamJoined.with(Serdes.String(), Serdes.String(), Serdes.String()))
                .to("joined", Produced.with(Serdes.String(), Serdes.String()));
        left.outerJoin(right, (v, p) -> v + "|" + p, JoinWindows.ofTimeDifferenceAndGrace(Duration.ofSeconds(3),
                Duration.ofSeconds(2)), StreamJoined.with(Serdes.String(), Serdes.String(), Serdes.String()))
                .to("outer", Produced.with(Serdes.String(), Serdes.String()));
        try (TopologyTestDriver d = new TopologyTestDriver(b.build(), props)) {
            stores(d, emit);
            var views = d.createInputTopic("views", Serdes.String().serializer(), Serdes.String().serializer());
            var buys = d.createInputTopic("buys", Serdes.String().serializer(), Serdes.String().serializer());
            long t = 50_000_000;
            for (int i = 0; i < 2000; i++) {
                t += random.nextInt(800);
                long ts = random.nextInt(10) == 0 ? t - random.nextInt(8000) : t;
                String key = "p" + random.nextInt(30);
                if (random.nextBoolean()) views.pipeInput(key, "v" + i, Instant.ofEpochMilli(ts));
                else buys.pipeInput(key, "b" + i, Instant.ofEpochMilli(ts));
            }
            drain(d, "joined", Serdes.String(), Serdes.String(), emit);
            drain(d, "outer", Serdes.String(), Serdes.String(), emit);
        }
    }
}
