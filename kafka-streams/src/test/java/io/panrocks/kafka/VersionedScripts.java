package io.panrocks.kafka;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.query.MultiVersionedKeyQuery;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.VersionedKeyQuery;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.VersionedBytesStoreSupplier;
import org.apache.kafka.streams.state.VersionedKeyValueStore;
import org.apache.kafka.streams.state.VersionedRecord;
import org.apache.kafka.streams.state.VersionedRecordIterator;
import org.apache.kafka.streams.state.internals.WrappedStateStore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;

/**
 * Operation scripts for versioned key-value stores, run through Kafka's
 * whole store stack (metered, change-logging, the bytes store) inside a
 * {@code TopologyTestDriver} processor, on panrocks's store or on Kafka's
 * built-in one (in a child JVM with RocksJava). A script line is one
 * operation, optionally followed by {@code = expected}:
 * <pre>
 * put KEY VALUE|null|'' TIME      put returns validTo (-1: newest, MIN: not put)
 * del KEY TIME                    the record deleted
 * get KEY                         the newest record
 * at KEY TIME                     get(key, asOf) and IQv2 VersionedKeyQuery (expected: the IQv2 answer, with validTo)
 * all KEY FROM TO [asc|desc]      IQv2 MultiVersionedKeyQuery (MIN/MAX: bound not set)
 * </pre>
 * Times are numbers or sums of {@code S} (the segment interval),
 * {@code nS}, {@code R} (the history retention) and numbers. The
 * transcript has one line per operation, the expectation left out.
 */
final class VersionedScripts {
    /** the store every script writes */
    static final String STORE = "versioned";

    /** Kafka's RocksDBVersionedStoreTest parameters */
    static final long KAFKA_RETENTION = 300_000L;
    static final long KAFKA_SEGMENT = KAFKA_RETENTION / 3;

    enum Engine {
        PANROCKS, BUILTIN;

        VersionedBytesStoreSupplier versioned(String name, long retention, long segmentInterval) {
            return this == PANROCKS
                    ? PanrocksStores.versionedKeyValueStore(name, Duration.ofMillis(retention), Duration.ofMillis(segmentInterval))
                    : Stores.persistentVersionedKeyValueStore(name, Duration.ofMillis(retention), Duration.ofMillis(segmentInterval));
        }

        VersionedBytesStoreSupplier versioned(String name, long retention) {
            return this == PANROCKS ? PanrocksStores.versionedKeyValueStore(name, Duration.ofMillis(retention))
                    : Stores.persistentVersionedKeyValueStore(name, Duration.ofMillis(retention));
        }

        Class<?> dslSuppliers() {
            return this == PANROCKS ? PanrocksDslStoreSuppliers.class : BuiltInDslStoreSuppliers.RocksDBDslStoreSuppliers.class;
        }
    }

    record Script(String name, long retention, long segmentInterval, List<String> lines) {
    }

    private VersionedScripts() {
    }

    // ---- Kafka's cases -----------------------------------------------------------------------

    /**
     * The operation sequences of Kafka's {@code RocksDBVersionedStoreTest}
     * (retention 300000, segments of 100000), with the answers its assertions
     * expect, re-expressed as scripts.
     */
    static List<Script> kafkaCases() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("putLatest", """
                put k v 10 = -1
                put k v2 11 = -1
                get k = v2@11
                at k 10 = v@10..11
                at k 11 = v2@11
                at k 12 = v2@11""");
        c.put("putNullAsLatest", """
                put k null 10 = -1
                put k null 11 = -1
                get k = null
                at k 10 = null
                at k 11 = null
                at k 12 = null""");
        c.put("putOlderWithNonNullLatest", """
                put k v 10 = -1
                put k v2 8 = 10
                put k v1 9 = 10
                put k v4 6 = 8
                get k = v@10
                at k 10 = v@10
                at k 9 = v1@9..10
                at k 8 = v2@8..9
                at k 7 = v4@6..8""");
        c.put("putOlderWithNullLatest", """
                put k null 10 = -1
                put k v2 8 = 10
                put k v1 9 = 10
                put k v4 6 = 8
                get k = null
                at k 10 = null
                at k 9 = v1@9..10
                at k 8 = v2@8..9
                at k 7 = v4@6..8""");
        c.put("putOlderNullWithNonNullLatest", """
                put k v 10 = -1
                put k null 8 = 10
                put k null 9 = 10
                put k null 6 = 8
                put k v5 5 = 6
                put k v3 7 = 8
                put k null 4 = 5
                get k = v@10
                at k 10 = v@10
                at k 9 = null
                at k 8 = null
                at k 7 = v3@7..8
                at k 6 = null
                at k 5 = v5@5..6
                at k 4 = null""");
        c.put("putOlderNullWithNullLatest", """
                put k null 10 = -1
                put k null 8 = 10
                put k null 9 = 10
                put k null 6 = 8
                put k v3 7 = 8
                put k v5 5 = 6
                put k null 4 = 5
                get k = null
                at k 10 = null
                at k 9 = null
                at k 8 = null
                at k 7 = v3@7..8
                at k 6 = null
                at k 5 = v5@5..6
                at k 4 = null""");
        c.put("putRepeatTimestampAsLatest", """
                put k to_be_replaced 10 = -1
                put k b 10 = -1
                get k = b@10
                at k 10 = b@10
                at k 9 = null
                put k null 10 = -1
                get k = null
                at k 10 = null
                at k 9 = null
                put k null 10 = -1
                get k = null
                at k 10 = null
                put k b 10 = -1
                get k = b@10
                at k 10 = b@10
                at k 9 = null""");
        c.put("putRepeatTimestamps", """
                put k to_be_replaced S+20 = -1
                put k null S-10 = S+20
                put k to_be_replaced S-10 = S+20
                put k null S-10 = S+20
                put k to_be_replaced S-1 = S+20
                put k to_be_replaced S+1 = S+20
                put k null S-1 = S+1
                put k null S+1 = S+20
                put k null S+10 = S+20
                put k null S+5 = S+10
                put k vp5 S+5 = S+10
                put k to_be_replaced S-5 = S-1
                put k vn5 S-5 = S-1
                put k null S+20 = -1
                put k null S+20 = -1
                put k vn6 S-6 = S-5
                get k = null
                at k S+30 = null
                at k S+15 = null
                at k S+6 = vp5@S+5..S+10
                at k S+2 = null
                at k S = null
                at k S-1 = null
                at k S-5 = vn5@S-5..S-1
                at k S-6 = vn6@S-6..S-5
                at k S-8 = null""");
        c.put("putIntoMultipleSegments", """
                put k null S-20 = -1
                put k vn10 S-10 = -1
                put k null S-1 = -1
                put k null S+1 = -1
                put k vp10 S+10 = -1
                put k null S+20 = -1
                get k = null
                at k S+30 = null
                at k S+15 = vp10@S+10..S+20
                at k S+5 = null
                at k S+2 = null
                at k S = null
                at k S-1 = null
                at k S-5 = vn10@S-10..S-1
                at k S-15 = null""");
        c.put("moveRecordToOlderSegmentDuringPut", """
                put k vp20 S+20 = -1
                put k vp10 S+10 = S+20
                put k vn10 S-10 = S+10
                put k vn2 S-2 = S+10
                put k vn1 S-1 = S+10
                put k vp1 S+1 = S+10
                get k = vp20@S+20
                at k S+30 = vp20@S+20
                at k S+15 = vp10@S+10..S+20
                at k S+5 = vp1@S+1..S+10
                at k S = vn1@S-1..S+1
                at k S-1 = vn1@S-1..S+1
                at k S-2 = vn2@S-2..S-1
                at k S-5 = vn10@S-10..S-2""");
        c.put("moveRecordToOlderSegmentWithNullsDuringPut", """
                put k null S+20 = -1
                put k null S-1 = S+20
                put k null S+1 = S+20
                put k null S-10 = S-1
                put k null S+10 = S+20
                put k vp5 S+5 = S+10
                put k vn5 S-5 = S-1
                put k vn6 S-6 = S-5
                get k = null
                at k S+30 = null
                at k S+15 = null
                at k S+6 = vp5@S+5..S+10
                at k S+2 = null
                at k S = null
                at k S-1 = null
                at k S-5 = vn5@S-5..S-1
                at k S-6 = vn6@S-6..S-5
                at k S-8 = null""");
        c.put("fallThroughToExistingOlderSegmentAsLatestDuringPut", """
                put k null S-5 = -1
                put k vn6 S-6 = S-5
                put k vp20 S+20 = -1
                put k null S+10 = S+20
                put k null S-1 = S+10
                put k vn2 S-2 = S-1
                get k = vp20@S+20
                at k S+30 = vp20@S+20
                at k S+12 = null
                at k S = null
                at k S-1 = null
                at k S-2 = vn2@S-2..S-1
                at k S-5 = null
                at k S-6 = vn6@S-6..S-5""");
        c.put("putNonLatestTombstoneIntoNewSegmentWithValidTo", """
                put k vp30 S+30 = -1
                put k null S-10 = S+30
                put k vn5 S-5 = S+30
                put k vn1 S-1 = S+30
                put k null S-2 = S-1
                get k = vp30@S+30
                at k S+10 = vn1@S-1..S+30
                at k S-1 = vn1@S-1..S+30
                at k S-2 = null
                at k S-5 = vn5@S-5..S-2
                at k S-10 = null""");
        c.put("delete", """
                put k vp20 S+20 = -1
                put k vp10 S+10 = S+20
                put k vn10 S-10 = S+10
                put k vn2 S-2 = S+10
                del k S-5 = vn10@S-10
                del k S+10 = vp10@S+10
                del k S+10 = null
                del k S+25 = vp20@S+20""");
        c.put("notPutExpired", """
                put k v R+10 = -1
                put k1 v1 10 = -1
                get k1 = v1@10
                put k2 v2 9 = -9223372036854775808
                get k2 = null""");
        c.put("notDeleteExpired", """
                put k1 v1 1 = -1
                put k2 v2 1 = -1
                put kother vother R+10 = -1
                del k1 10 = v1@1
                get k1 = null
                del k2 9 = null
                get k2 = v2@1""");
        c.put("getFromOlderSegments", """
                put ko null S-10 = -1
                put ko null 2S-10 = -1
                put ko null 3S-10 = -1
                at k S-20 = null
                put k v S-20 = -1
                put k null S-10 = -1
                at k S-30 = null
                at k S-15 = v@S-20..S-10
                at k S-5 = null
                put k v2 3S-20 = -1
                put k null 3S-10 = -1
                at k S-30 = null
                at k S-15 = v@S-20..S-10
                at k S-5 = null""");
        c.put("notGetExpired", """
                put k v_old 0 = -1
                put k v S-10 = -1
                at k S-11 = v_old@0..S-10
                put ko vo R+S-11 = -1
                at k S-11 = v_old@0..S-10
                put ko vo2 R+S-10 = -1
                at k S-11 = null""");
        c.put("getExpiredIfLatestValue", """
                put k v 1 = -1
                put ko vo_old 1 = -1
                put ko vo_new R+12 = -1
                at k 10 = v@1
                at ko 10 = null""");
        c.put("distinguishEmptyAndNull", """
                put k null S+20 = -1
                put k null S-10 = S+20
                put k null S-1 = S+20
                put k null S+1 = S+20
                put k null S+10 = S+20
                put k '' S+5 = S+10
                put k '' S-5 = S-1
                put k '' S-6 = S-5
                get k = null
                at k S+30 = null
                at k S+15 = null
                at k S+6 = ''@S+5..S+10
                at k S+2 = null
                at k S = null
                at k S-1 = null
                at k S-5 = ''@S-5..S-1
                at k S-6 = ''@S-6..S-5
                at k S-8 = null""");
        c.put("getRecordVersionsFromOlderSegments", """
                put ko null S-10 = -1
                put ko null 2S-10 = -1
                put ko null 3S-10 = -1
                all k S-20 S = []
                put k v1 S-30 = -1
                put k v2 S-25 = -1
                put k null S-20 = -1
                put k null S-15 = -1
                put k v3 S-10 = -1
                put k v4 S-5 = -1
                all k S-40 S-35 = []
                all k S-30 S-5 = [v4@S-5, v3@S-10..S-5, v2@S-25..S-20, v1@S-30..S-25]
                all k MIN MAX = [v4@S-5, v3@S-10..S-5, v2@S-25..S-20, v1@S-30..S-25]
                all k S-4 S = [v4@S-5]
                all k S-5 S-5 = [v4@S-5]
                all k S-4 S-4 = [v4@S-5]
                all k S-31 S-21 = [v2@S-25..S-20, v1@S-30..S-25]
                all k S-24 S-11 = [v2@S-25..S-20]
                all k S-11 S-4 = [v4@S-5, v3@S-10..S-5]
                all k S-26 S-5 = [v4@S-5, v3@S-10..S-5, v2@S-25..S-20, v1@S-30..S-25]
                all k S-15 S-10 = [v3@S-10..S-5]
                all k S-19 S-16 = []
                put k v5 3S-30 = -1
                put k null 3S-20 = -1
                all k S-40 S-35 = []
                all k S-30 S-26 = [v1@S-30..S-25]
                all k S-19 S-16 = []""");
        c.put("getRecordVersionsInAscendingOrder", """
                put k v1 S-30 = -1
                put k v2 S-25 = -1
                put k v3 S-10 = -1
                put k v4 S-5 = -1
                all k S-30 S-5 asc = [v1@S-30..S-25, v2@S-25..S-10, v3@S-10..S-5, v4@S-5]""");
        c.put("getRecordVersionsFromMultipleOldSegmentsInAscendingOrder", """
                put k v1 S-10 = -1
                put k v2 S-5 = -1
                put k v3 2S-10 = -1
                put k v4 2S-5 = -1
                all k MIN MAX asc = [v1@S-10..S-5, v2@S-5..2S-10, v3@2S-10..2S-5, v4@2S-5]""");
        c.put("notGetExpiredRecordVersions", """
                put k v_old 0 = -1
                put k v S-10 = -1
                all k 0 S-11 = [v_old@0..S-10]
                put ko vo R+S-11 = -1
                all k 0 S-11 = [v_old@0..S-10]
                put ko vo2 R+S-10 = -1
                all k 0 S-11 = []""");
        c.put("getExpiredIfLatestVersionValue", """
                put k v 1 = -1
                put ko vo_old 1 = -1
                put ko vo_new R+12 = -1
                all k 0 10 = [v@1]
                all ko 0 10 = []""");
        List<Script> scripts = new ArrayList<>();
        c.forEach((name, body) -> scripts.add(new Script(name, KAFKA_RETENTION, KAFKA_SEGMENT, List.of(body.split("\n")))));
        scripts.add(new Script("allowZeroHistoryRetention", 0L, KAFKA_SEGMENT, List.of("""
                put k v 10 = -1
                get k = v@10
                at k 10 = v@10
                at k 11 = v@10
                put k updated 10 = -1
                get k = updated@10
                at k 10 = updated@10
                put k v2 12 = -1
                get k = v2@12
                at k 12 = v2@12
                at k 11 = null
                del k 13 = v2@12
                get k = null
                put k2 v 12 = -9223372036854775808
                get k2 = null""".split("\n"))));
        return scripts;
    }

    // ---- random scripts ----------------------------------------------------------------------

    /**
     * A random script: a few keys, values and tombstones put and deleted
     * out of order around an advancing stream time (some older than the
     * grace period), read at random times, with a small retention and
     * segments so that versions expire. It leaves out the two cases where
     * panrocks answers differently from Kafka's store on purpose (see
     * {@link #differences()}): a tombstone at the timestamp of a key's newest
     * value, and a version listing that ends before stream time.
     */
    static Script random(long seed, int ops) {
        Random r = new Random(seed);
        long[] retentions = {0, 5, 20, 60};
        long[] intervals = {1, 3, 10, 25, 1000};
        long retention = retentions[r.nextInt(retentions.length)];
        long interval = intervals[r.nextInt(intervals.length)];
        VersionedStoreTest.Model model = new VersionedStoreTest.Model(retention, interval);
        String[] keys = {"a", "b", "c"};
        List<String> lines = new ArrayList<>();
        long time = r.nextInt(50);
        for (int i = 0; i < ops; i++) {
            String k = keys[r.nextInt(keys.length)];
            int dice = r.nextInt(100);
            if (r.nextInt(4) == 0) time += r.nextInt(1 + (int) Math.max(retention / 3, 3));
            long at = Math.max(0, time - r.nextInt((int) (retention * 3 / 2 + 6)));
            if (dice >= 40 && dice < 62 && forgottenByKafka(model, k, at)) dice = 0;
            if (dice < 40) {
                lines.add("put " + k + " v" + i + " " + at);
                model.put(k, "v" + i, at);
            } else if (dice < 52) {
                lines.add("put " + k + " null " + at);
                model.put(k, null, at);
            } else if (dice < 62) {
                lines.add("del " + k + " " + at);
                model.delete(k, at);
            } else if (dice < 67) {
                lines.add("get " + k);
            } else if (dice < 85) {
                lines.add("at " + k + " " + Math.max(0, at + r.nextInt(8) - 2));
            } else {
                long from = Math.max(0, at - r.nextInt(20));
                String order = switch (r.nextInt(3)) {
                    case 0 -> " asc";
                    case 1 -> " desc";
                    default -> "";
                };
                lines.add("all " + k + " " + (r.nextInt(6) == 0 ? "MIN" : Long.toString(from)) + " "
                        + (r.nextInt(3) == 0 ? "MAX" : Long.toString(Math.max(model.streamTime, 0) + r.nextInt(5))) + order);
            }
        }
        return new Script("random-" + seed, retention, interval, lines);
    }

    /**
     * Whether a tombstone at {@code t} would replace the key's newest version,
     * a value, at its own timestamp. Kafka's store keeps such a tombstone only
     * if an older version of the key happens to end at that timestamp in its
     * segments (not if the value is the key's only version, or was written
     * after a deletion); otherwise it keeps no trace of it, and a later put
     * older than it becomes the key's newest version.
     */
    static boolean forgottenByKafka(VersionedStoreTest.Model model, String key, long t) {
        var versions = model.versions.get(key);
        if (versions == null || versions.isEmpty() || versions.lastKey() != t) return false;
        return versions.lastEntry().getValue().isPresent();
    }

    /**
     * The scripts where panrocks answers differently from Kafka's store, on
     * purpose: the transcripts of both are pinned by
     * {@code VersionedStoreDifferentialTest.theIntendedDifferences}.
     */
    static List<Script> differences() {
        return List.of(
                // a tombstone at the timestamp of a key's only version, then an older put: Kafka's store
                // forgets the tombstone and makes the older put the newest version, resurrecting the key
                new Script("tombstoneOverOnlyVersion", 100, 10, List.of(
                        "put k v 20", "put k null 20", "put k old 15", "get k", "at k 25", "at k 16")),
                // the same after a deletion: the value at 20 follows a tombstone, so no older version ends at 20
                new Script("tombstoneOverValueAfterDeletion", 100, 10, List.of(
                        "put k a 5", "put k null 10", "put k v 20", "put k null 20", "put k old 15", "get k", "at k 16")),
                // a listing that ends before a version's validity does: Kafka's store looks only at
                // segments up to the end of the listing, so it misses the versions valid then that
                // stopped being valid in a later segment
                new Script("listingEndsInAnEarlierSegment", 100, 10, List.of(
                        "put k a 5", "put k b 25", "all k 0 9", "all k 0 24", "all k 0 25", "at k 9")));
    }

    // ---- running ------------------------------------------------------------------------------

    /** Runs a script on one engine's store; {@code failures} gets every unmet expectation. */
    static List<String> run(Script script, Engine engine, List<String> failures) throws Exception {
        List<String> transcript = new ArrayList<>();
        Path stateDir = Files.createTempDirectory("panrocks-versioned-" + engine.name().toLowerCase());
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "versioned-" + script.name().replaceAll("[^A-Za-z0-9-]", "-"));
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        props.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, engine.dslSuppliers());
        Topology topology = new Topology();
        topology.addSource("ops", new StringDeserializer(), new StringDeserializer(), "ops");
        topology.addProcessor("run", () -> new ScriptProcessor(script, transcript, failures), "ops");
        topology.addStateStore(Stores.versionedKeyValueStoreBuilder(
                engine.versioned(STORE, script.retention(), script.segmentInterval()), Serdes.String(), Serdes.String()), "run");
        try (TopologyTestDriver driver = new TopologyTestDriver(topology, props)) {
            transcript.add(storeLine(driver.getAllStateStores().get(STORE)));
            TestInputTopic<String, String> in = driver.createInputTopic("ops", new StringSerializer(), new StringSerializer());
            for (String line : script.lines()) in.pipeInput("op", line.strip(), 0L);
        } finally {
            TestDirs.delete(stateDir);
        }
        return transcript;
    }

    static final String STORE_LINE = "# store ";

    /** Which store really ran under Kafka's layers. */
    static String storeLine(StateStore store) {
        StateStore s = store;
        while (s instanceof WrappedStateStore<?, ?, ?> w) s = w.wrapped();
        return STORE_LINE + s.getClass().getName();
    }

    /** Executes script lines against the versioned store Kafka's layers give the processor. */
    static final class ScriptProcessor implements Processor<String, String, Void, Void> {
        private final Script script;
        private final List<String> transcript;
        private final List<String> failures;
        private VersionedKeyValueStore<String, String> store;

        ScriptProcessor(Script script, List<String> transcript, List<String> failures) {
            this.script = script;
            this.transcript = transcript;
            this.failures = failures;
        }

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            store = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, String> record) {
            String line = record.value();
            String op = line;
            String expected = null;
            int eq = line.indexOf(" = ");
            if (eq >= 0) {
                op = line.substring(0, eq);
                expected = resolve(line.substring(eq + 3).strip());
            }
            String[] p = op.split(" ");
            String actual;
            String shown;
            try {
                switch (p[0]) {
                    case "put" -> {
                        String value = p[2].equals("null") ? null : p[2].equals("''") ? "" : p[2];
                        actual = Long.toString(store.put(p[1], value, time(p[3])));
                        shown = actual;
                    }
                    case "del" -> shown = actual = show(store.delete(p[1], time(p[2])));
                    case "get" -> shown = actual = show(store.get(p[1]));
                    case "at" -> {
                        long at = time(p[2]);
                        String viaApi = show(store.get(p[1], at));
                        QueryResult<VersionedRecord<String>> iq = query(VersionedKeyQuery.<String, String>withKey(p[1])
                                .asOf(Instant.ofEpochMilli(at)));
                        actual = iq.isSuccess() ? show(iq.getResult()) : "FAILED " + iq.getFailureReason();
                        shown = "api " + viaApi + " iq " + actual + " " + iq.getPosition();
                    }
                    case "all" -> {
                        MultiVersionedKeyQuery<String, String> q = MultiVersionedKeyQuery.withKey(p[1]);
                        if (!p[2].equals("MIN")) q = q.fromTime(Instant.ofEpochMilli(time(p[2])));
                        if (!p[3].equals("MAX")) q = q.toTime(Instant.ofEpochMilli(time(p[3])));
                        if (p.length > 4) q = p[4].equals("asc") ? q.withAscendingTimestamps() : q.withDescendingTimestamps();
                        QueryResult<VersionedRecordIterator<String>> iq = query(q);
                        if (iq.isSuccess()) {
                            List<String> records = new ArrayList<>();
                            try (VersionedRecordIterator<String> it = iq.getResult()) {
                                while (it.hasNext()) records.add(show(it.next()));
                            }
                            actual = records.toString();
                        } else {
                            actual = "FAILED " + iq.getFailureReason();
                        }
                        shown = actual + " " + iq.getPosition();
                    }
                    default -> throw new IllegalArgumentException("no operation " + p[0]);
                }
            } catch (RuntimeException e) {
                shown = actual = "threw " + e;
            }
            transcript.add(op + " -> " + shown);
            if (expected != null && !expected.equals(actual)) {
                failures.add(script.name() + ": " + op + " gave " + actual + ", Kafka's test expects " + expected);
            }
        }

        private <R> QueryResult<R> query(Query<R> q) {
            return store.query(q, PositionBound.unbounded(), new QueryConfig(false));
        }

        private long time(String expression) {
            return VersionedScripts.time(expression, script);
        }

        /** An expectation with its times evaluated. */
        private String resolve(String expected) {
            if (expected.matches("-?[0-9SR+\\-]+")) {
                try {
                    return Long.toString(Long.parseLong(expected));
                } catch (NumberFormatException expression) {
                    return Long.toString(time(expected));
                }
            }
            StringBuilder out = new StringBuilder();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(@|\\.\\.)([0-9SR+\\-]+)").matcher(expected);
            while (m.find()) m.appendReplacement(out, m.group(1) + time(m.group(2)));
            m.appendTail(out);
            return out.toString();
        }
    }

    static String show(VersionedRecord<String> r) {
        if (r == null) return "null";
        String value = r.value().isEmpty() ? "''" : r.value();
        return value + "@" + r.timestamp() + r.validTo().map(v -> ".." + v).orElse("");
    }

    /** Evaluates a script time: numbers, S, nS, R, joined by + and -. */
    static long time(String expression, Script script) {
        long sum = 0;
        int sign = 1;
        StringBuilder term = new StringBuilder();
        for (int i = 0; i <= expression.length(); i++) {
            char ch = i < expression.length() ? expression.charAt(i) : '+';
            if ((ch == '+' || ch == '-') && !term.isEmpty()) {
                sum += sign * term(term.toString(), script);
                term.setLength(0);
                sign = ch == '+' ? 1 : -1;
            } else if (ch == '-') {
                sign = -sign;
            } else if (ch != '+') {
                term.append(ch);
            }
        }
        return sum;
    }

    private static long term(String t, Script script) {
        if (t.equals("R")) return script.retention();
        if (t.endsWith("S")) {
            long n = t.length() == 1 ? 1 : Long.parseLong(t.substring(0, t.length() - 1));
            return n * script.segmentInterval();
        }
        return Long.parseLong(t);
    }
}
