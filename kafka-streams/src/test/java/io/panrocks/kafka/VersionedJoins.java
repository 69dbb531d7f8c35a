package io.panrocks.kafka;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.VersionedKeyValueStore;
import org.apache.kafka.streams.test.TestRecord;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Random;

/**
 * Versioned tables in a DSL topology, as applications use them: a
 * stream-table inner and left join (the table read as of each stream
 * record's time), a table-table join of two versioned tables, and the
 * table's own changes (a versioned table forwards no out-of-order update).
 * Input is seeded and out of order, with tombstones; the transcript holds
 * every output record and, at the end, reads of both stores at many times.
 */
final class VersionedJoins {
    static final String TABLE_STORE = "versioned-table";
    static final String OTHER_STORE = "versioned-other";
    static final String[] KEYS = {"k0", "k1", "k2", "k3"};

    private VersionedJoins() {
    }

    static List<String> run(VersionedScripts.Engine engine, long seed) throws Exception {
        Random r = new Random(seed);
        long retention = new long[]{0, 10, 40, 200}[r.nextInt(4)];
        List<String> out = new ArrayList<>();
        out.add("# retention " + retention);
        StreamsBuilder builder = new StreamsBuilder();
        KTable<String, String> table = builder.table("table", Consumed.with(Serdes.String(), Serdes.String()),
                Materialized.<String, String>as(engine.versioned(TABLE_STORE, retention))
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()));
        KTable<String, String> other = builder.table("other", Consumed.with(Serdes.String(), Serdes.String()),
                Materialized.<String, String>as(engine.versioned(OTHER_STORE, retention))
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()));
        KStream<String, String> stream = builder.stream("stream", Consumed.with(Serdes.String(), Serdes.String()));
        Produced<String, String> strings = Produced.with(Serdes.String(), Serdes.String());
        stream.join(table, (s, t) -> s + "+" + t).to("joined", strings);
        stream.leftJoin(table, (s, t) -> s + "+" + t).to("left-joined", strings);
        table.join(other, (a, b) -> a + "*" + b).toStream().to("table-joined", strings);
        table.toStream().to("table-changes", strings);

        Path stateDir = Files.createTempDirectory("panrocks-versioned-join-" + engine.name().toLowerCase());
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "versioned-join");
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        props.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, engine.dslSuppliers());
        props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props)) {
            out.add(VersionedScripts.storeLine(driver.getAllStateStores().get(TABLE_STORE)));
            out.add(VersionedScripts.storeLine(driver.getAllStateStores().get(OTHER_STORE)));
            StringSerializer ser = new StringSerializer();
            TestInputTopic<String, String> tableIn = driver.createInputTopic("table", ser, ser);
            TestInputTopic<String, String> otherIn = driver.createInputTopic("other", ser, ser);
            TestInputTopic<String, String> streamIn = driver.createInputTopic("stream", ser, ser);
            long time = 100;
            java.util.Set<String> tableTimes = new java.util.HashSet<>();
            int n = 400;
            for (int i = 0; i < n; i++) {
                if (r.nextInt(3) == 0) time += r.nextInt(6);
                String key = KEYS[r.nextInt(KEYS.length)];
                long at = Math.max(0, time - r.nextInt((int) (retention * 3 / 2 + 8)));
                int dice = r.nextInt(10);
                String value = r.nextInt(6) == 0 ? null : "v" + i;
                if (dice < 6) {
                    // one table record per key and time: no tombstone replaces a key's only version at its
                    // timestamp, where Kafka's store forgets it (VersionedScripts.differences)
                    while (!tableTimes.add((dice < 4 ? "table " : "other ") + key + " " + at)) at++;
                }
                if (dice < 4) tableIn.pipeInput(key, value, at);
                else if (dice < 6) otherIn.pipeInput(key, value, at);
                else streamIn.pipeInput(key, "s" + i, at);
            }
            StringDeserializer de = new StringDeserializer();
            for (String topic : List.of("joined", "left-joined", "table-joined", "table-changes")) {
                TestOutputTopic<String, String> o = driver.createOutputTopic(topic, de, de);
                for (TestRecord<String, String> rec : o.readRecordsToList()) {
                    out.add(topic + " " + rec.key() + " " + rec.value() + " @" + rec.timestamp());
                }
            }
            for (String name : List.of(TABLE_STORE, OTHER_STORE)) {
                VersionedKeyValueStore<String, String> store = driver.getVersionedKeyValueStore(name);
                for (String key : KEYS) {
                    out.add(name + " get " + key + " " + VersionedScripts.show(store.get(key)));
                    for (long t = Math.max(0, time - 2 * retention - 10); t <= time + 2; t++) {
                        out.add(name + " get " + key + " @" + t + " " + VersionedScripts.show(store.get(key, t)));
                    }
                }
            }
        } finally {
            TestDirs.delete(stateDir);
        }
        return out;
    }
}
