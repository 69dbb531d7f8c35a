package io.panrocks.kafka;

import io.panrocks.testkit.Seeds;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.processor.internals.metrics.TaskMetrics;
import org.apache.kafka.streams.query.FailureReason;
import org.apache.kafka.streams.query.KeyQuery;
import org.apache.kafka.streams.query.MultiVersionedKeyQuery;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.ResultOrder;
import org.apache.kafka.streams.query.VersionedKeyQuery;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.VersionedBytesStoreSupplier;
import org.apache.kafka.streams.state.VersionedKeyValueStore;
import org.apache.kafka.streams.state.VersionedRecord;
import org.apache.kafka.streams.state.VersionedRecordIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * panrocks's versioned key-value store on its own: Kafka's restore cases,
 * a randomized comparison with a model of Kafka's documented semantics
 * (through reopens and a full changelog restore), what it keeps across a
 * restart, that expired versions are deleted, and every misuse.
 * {@link VersionedStoreDifferentialTest} compares it with Kafka's own store.
 */
class VersionedStoreTest {
    private static final long S = VersionedScripts.KAFKA_SEGMENT;
    private static final long R = VersionedScripts.KAFKA_RETENTION;

    @TempDir
    Path dir;
    private TestContext context;
    private PanrocksVersionedStore store;

    @BeforeEach
    void open() {
        context = withTaskMetrics(new TestContext(dir.toFile()));
        store = open(R, S);
    }

    /** Kafka's task-level dropped-records metric, which a stream task registers before its stores open. */
    private static TestContext withTaskMetrics(TestContext c) {
        TaskMetrics.droppedRecordsSensor(Thread.currentThread().getName(), c.taskId.toString(), c.metrics);
        return c;
    }

    @AfterEach
    void close() {
        if (store != null) store.close();
    }

    private PanrocksVersionedStore open(long retention, long segmentInterval) {
        PanrocksVersionedStore s = (PanrocksVersionedStore) PanrocksStores.versionedKeyValueStore("versioned",
                Duration.ofMillis(retention), Duration.ofMillis(segmentInterval)).get();
        s.init(context, s);
        return s;
    }

    private void reopen() {
        store.close();
        store = open(store.historyRetention, store.segmentInterval);
    }

    static Bytes key(String k) {
        return Bytes.wrap(k.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] value(String v) {
        return v == null ? null : v.getBytes(StandardCharsets.UTF_8);
    }

    static String show(VersionedRecord<byte[]> r) {
        if (r == null) return "null";
        return new String(r.value(), StandardCharsets.UTF_8) + "@" + r.timestamp() + r.validTo().map(v -> ".." + v).orElse("");
    }

    private String at(String k, long t) {
        return show(store.recordAsOf(key(k), t));
    }

    // ---- Kafka's restore cases ----------------------------------------------------------------

    private static ConsumerRecord<byte[], byte[]> changelog(String k, String v, long t) {
        return new ConsumerRecord<>("changelog", 0, 0L, t, TimestampType.CREATE_TIME, 0, 0,
                k.getBytes(StandardCharsets.UTF_8), value(v), new RecordHeaders(), Optional.empty());
    }

    @Test
    void restoresOutOfOrderRecordsAsKafkasStoreDoes() {
        context.restore(List.of(changelog("k", "vp20", S + 20), changelog("k", "vp10", S + 10), changelog("k", "vn10", S - 10),
                changelog("k", "vn2", S - 2), changelog("k", "vn1", S - 1), changelog("k", "vp1", S + 1)));
        assertEquals("vp20@" + (S + 20), show(store.latestRecord(key("k"))));
        assertEquals("vp20@" + (S + 20), at("k", S + 30));
        assertEquals("vp10@" + (S + 10) + ".." + (S + 20), at("k", S + 15));
        assertEquals("vp1@" + (S + 1) + ".." + (S + 10), at("k", S + 5));
        assertEquals("vn1@" + (S - 1) + ".." + (S + 1), at("k", S));
        assertEquals("vn2@" + (S - 2) + ".." + (S - 1), at("k", S - 2));
        assertEquals("vn10@" + (S - 10) + ".." + (S - 2), at("k", S - 5));
    }

    @Test
    void restoresTombstonesAndRepeatedTimestampsAsKafkasStoreDoes() {
        context.restore(List.of(changelog("k", "x", S + 20), changelog("k", null, S - 10), changelog("k", "x", S - 10),
                changelog("k", null, S - 10), changelog("k", "x", S - 1), changelog("k", "x", S + 1),
                changelog("k", null, S - 1), changelog("k", null, S + 1), changelog("k", null, S + 10),
                changelog("k", null, S + 5), changelog("k", "vp5", S + 5), changelog("k", "x", S - 5),
                changelog("k", "vn5", S - 5), changelog("k", null, S + 20), changelog("k", null, S + 20),
                changelog("k", "vn6", S - 6)));
        assertNull(store.latestRecord(key("k")));
        assertEquals("null", at("k", S + 30));
        assertEquals("null", at("k", S + 15));
        assertEquals("vp5@" + (S + 5) + ".." + (S + 10), at("k", S + 6));
        assertEquals("null", at("k", S + 2));
        assertEquals("null", at("k", S));
        assertEquals("null", at("k", S - 1));
        assertEquals("vn5@" + (S - 5) + ".." + (S - 1), at("k", S - 5));
        assertEquals("vn6@" + (S - 6) + ".." + (S - 5), at("k", S - 6));
        assertEquals("null", at("k", S - 8));
    }

    @Test
    void aRestoreBatchThatFailsLeavesTheStoreAsItWroteIt() {
        context.restore(List.of(changelog("k", "v1", S + 10)));
        List<ConsumerRecord<byte[], byte[]>> failing = new ArrayList<>(List.of(changelog("k", "v2", S + 20),
                changelog("other", "o", 3 * S)));
        failing.add(new ConsumerRecord<>("changelog", 0, 0L, 4 * S, TimestampType.CREATE_TIME, 0, 0, null, value("x"),
                new RecordHeaders(), Optional.empty()));
        assertThrows(NullPointerException.class, () -> context.restore(failing));
        // the stream time is the one the DB holds (the changes written before a sweep's seek are kept)
        long afterFailure = store.observedStreamTime();
        reopen();
        assertEquals(afterFailure, store.observedStreamTime());
        // Kafka restores the batch again: the store takes it as if the failure had not happened
        context.restore(failing.subList(0, 2));
        assertEquals("v2@" + (S + 20), show(store.latestRecord(key("k"))));
        assertEquals("v1@" + (S + 10) + ".." + (S + 20), at("k", S + 15));
        assertEquals("o@" + 3 * S, show(store.latestRecord(key("other"))));
        assertEquals(3 * S, store.observedStreamTime());
    }

    @Test
    void restoreSkipsRecordsOlderThanTheGracePeriodButKeepsThoseThatExpireLaterInTheBatch() {
        context.restore(List.of(changelog("early", "e", 0), changelog("k", "v", R + 10), changelog("k1", "v1", 10),
                changelog("k2", "v2", 9)));
        assertEquals("e@0", show(store.latestRecord(key("early"))));
        assertEquals("v@" + (R + 10), show(store.latestRecord(key("k"))));
        assertEquals("v1@10", show(store.latestRecord(key("k1"))));
        assertNull(store.latestRecord(key("k2")));
        assertEquals(0.0, droppedRecords(), "a skipped changelog record is not a dropped record");
    }

    private double droppedRecords() {
        for (var e : context.kafkaMetrics.metrics().entrySet()) {
            MetricName n = e.getKey();
            if (n.name().equals("dropped-records-total") && n.group().equals("stream-task-metrics")) {
                return ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        throw new AssertionError("no dropped-records-total metric");
    }

    @Test
    void aPutOrDeleteOlderThanTheGracePeriodIsDroppedAndCounted() {
        assertEquals(-1L, store.put(key("k"), value("v"), R + 10));
        assertEquals(VersionedKeyValueStore.PUT_RETURN_CODE_NOT_PUT, store.put(key("k2"), value("v2"), 9));
        assertNull(store.get(key("k2")));
        assertNull(store.delete(key("k"), 9));
        assertEquals("v@" + (R + 10), show(store.latestRecord(key("k"))));
        assertEquals(2.0, droppedRecords());
    }

    // ---- the model --------------------------------------------------------------------------

    /** Kafka's documented semantics of a versioned store, on sorted maps. */
    static final class Model {
        final long retention;
        final long interval;
        long streamTime = -1;
        final Map<String, TreeMap<Long, Optional<String>>> versions = new HashMap<>();

        Model(long retention, long interval) {
            this.retention = retention;
            this.interval = interval;
        }

        long put(String k, String v, long t) {
            if (t < streamTime - retention) return VersionedKeyValueStore.PUT_RETURN_CODE_NOT_PUT;
            streamTime = Math.max(streamTime, t);
            TreeMap<Long, Optional<String>> m = versions.computeIfAbsent(k, x -> new TreeMap<>());
            m.put(t, Optional.ofNullable(v));
            Long next = m.higherKey(t);
            return next == null ? -1L : next;
        }

        String delete(String k, long t) {
            if (t < streamTime - retention) return "null";
            String existing = at(k, t).replaceAll("\\.\\..*", "");
            put(k, null, t);
            return existing;
        }

        String latest(String k) {
            TreeMap<Long, Optional<String>> m = versions.get(k);
            if (m == null || m.isEmpty() || m.lastEntry().getValue().isEmpty()) return "null";
            return m.lastEntry().getValue().get() + "@" + m.lastKey();
        }

        String at(String k, long t) {
            TreeMap<Long, Optional<String>> m = versions.get(k);
            if (m == null || m.isEmpty()) return "null";
            if (m.lastKey() <= t) return latest(k);
            if (t < streamTime - retention) return "null";
            var floor = m.floorEntry(t);
            if (floor == null || floor.getValue().isEmpty()) return "null";
            return floor.getValue().get() + "@" + floor.getKey() + ".." + m.higherKey(floor.getKey());
        }

        /** Kafka drops the versions that stopped being valid in a segment older than the retention. */
        boolean live(long validTo) {
            return validTo / interval >= (streamTime - retention) / interval;
        }

        List<String> all(String k, long from, long to, boolean ascending) {
            List<String> out = new ArrayList<>();
            TreeMap<Long, Optional<String>> m = versions.get(k);
            if (m != null && !m.isEmpty()) {
                if (to < streamTime - retention) {
                    if (m.lastKey() <= to && m.lastEntry().getValue().isPresent()) out.add(latest(k));
                } else {
                    for (var e : m.entrySet()) {
                        Long validTo = m.higherKey(e.getKey());
                        if (e.getValue().isEmpty() || e.getKey() > to) continue;
                        if (validTo == null) out.add(latest(k));
                        else if (validTo > from && live(validTo)) out.add(e.getValue().get() + "@" + e.getKey() + ".." + validTo);
                    }
                }
            }
            if (!ascending) java.util.Collections.reverse(out);
            return out;
        }
    }

    private List<String> all(String k, long from, long to, boolean ascending) {
        List<String> out = new ArrayList<>();
        for (VersionedRecord<byte[]> r : store.records(key(k), from, to, ascending ? ResultOrder.ASCENDING : ResultOrder.DESCENDING)) {
            out.add(show(r));
        }
        return out;
    }

    /**
     * Random puts, tombstones and deletes, out of order around an advancing
     * stream time, each answer compared with the model's; the store is
     * reopened now and then (it must go on as if it had not stopped); at
     * the end a new store restored from the changelog the operations wrote
     * must answer every read as the live one does.
     */
    @Test
    void randomOperationsAnswerAsTheModelThroughReopensAndARestore() {
        Seeds seeds = Seeds.of("VersionedStoreTest", "panrocks.kafka.versioned.model", 6);
        String[] keys = {"a", "b", "c", "d"};
        for (int round = 0; round < seeds.rounds(); round++) {
            Random r = seeds.random(round);
            long retention = new long[]{0, 7, 30, 100}[r.nextInt(4)];
            long interval = new long[]{1, 4, 15, 1000}[r.nextInt(4)];
            store.close();
            context = withTaskMetrics(new TestContext(dir.resolve("round-" + round).toFile()));
            store = open(retention, interval);
            Model model = new Model(retention, interval);
            List<ConsumerRecord<byte[], byte[]>> changelog = new ArrayList<>();
            long time = 0;
            String where = seeds.replay(round);
            for (int i = 0; i < 1500; i++) {
                String k = keys[r.nextInt(keys.length)];
                if (r.nextInt(4) == 0) time += r.nextInt((int) Math.max(retention / 3, 3) + 1);
                long t = Math.max(0, time - r.nextInt((int) (retention * 3 / 2 + 5)));
                int dice = r.nextInt(100);
                String op = i + ": ";
                if (dice < 40) {
                    String v = "v" + i;
                    assertEquals(model.put(k, v, t), store.put(key(k), value(v), t), where + " " + op + "put " + k + " " + t);
                    changelog.add(changelog(k, v, t));
                } else if (dice < 50) {
                    assertEquals(model.put(k, null, t), store.put(key(k), null, t), where + " " + op + "tombstone " + k + " " + t);
                    changelog.add(changelog(k, null, t));
                } else if (dice < 60) {
                    byte[] deleted = store.delete(key(k), t);
                    String shown = deleted == null ? "null" : new String(deleted, Long.BYTES, deleted.length - Long.BYTES,
                            StandardCharsets.UTF_8) + "@" + ByteBuffer.wrap(deleted).getLong();
                    assertEquals(model.delete(k, t), shown, where + " " + op + "delete " + k + " " + t);
                    changelog.add(changelog(k, null, t));
                } else if (dice < 85) {
                    long asOf = Math.max(0, t + r.nextInt(6) - 2);
                    assertEquals(model.at(k, asOf), at(k, asOf), where + " " + op + "get " + k + " as of " + asOf);
                    assertEquals(model.latest(k), show(store.latestRecord(key(k))), where + " " + op + "get " + k);
                } else if (dice < 98) {
                    long from = r.nextInt(4) == 0 ? Long.MIN_VALUE : Math.max(0, t - r.nextInt(20));
                    long to = r.nextInt(4) == 0 ? Long.MAX_VALUE : Math.max(from, 0) + r.nextInt(30);
                    boolean asc = r.nextBoolean();
                    assertEquals(model.all(k, from, to, asc), all(k, from, to, asc), where + " " + op + "versions " + k
                            + " [" + from + ", " + to + "]");
                } else {
                    reopen();
                    assertEquals(model.streamTime, store.observedStreamTime(), where + " stream time after reopen");
                }
            }
            // a store restored from the changelog, in batches, answers as the live one
            PanrocksVersionedStore live = store;
            TestContext restoredContext = new TestContext(dir.resolve("restored-" + round).toFile());
            PanrocksVersionedStore restored = (PanrocksVersionedStore) PanrocksStores.versionedKeyValueStore("versioned",
                    Duration.ofMillis(retention), Duration.ofMillis(interval)).get();
            restored.init(restoredContext, restored);
            try {
                // batches of every size, one record up to a fifth of the changelog
                for (int from = 0, size; from < changelog.size(); from += size) {
                    size = 1 + r.nextInt(r.nextBoolean() ? 10 : 300);
                    restoredContext.restore(changelog.subList(from, Math.min(changelog.size(), from + size)));
                }
                assertEquals(live.observedStreamTime(), restored.observedStreamTime(), where);
                for (String k : keys) {
                    assertEquals(show(live.latestRecord(key(k))), show(restored.latestRecord(key(k))), where + " " + k);
                    for (long t = Math.max(0, time - 2 * retention - 5); t <= time + 1; t++) {
                        assertEquals(show(live.recordAsOf(key(k), t)), show(restored.recordAsOf(key(k), t)), where + " " + k + "@" + t);
                    }
                    assertEquals(live.records(key(k), Long.MIN_VALUE, Long.MAX_VALUE, ResultOrder.ASCENDING).stream()
                            .map(VersionedStoreTest::show).toList(),
                            restored.records(key(k), Long.MIN_VALUE, Long.MAX_VALUE, ResultOrder.ASCENDING).stream()
                                    .map(VersionedStoreTest::show).toList(), where + " " + k);
                }
            } finally {
                restored.close();
            }
        }
    }

    // ---- restarts ----------------------------------------------------------------------------

    /**
     * A reopened store goes on where it stopped: its stream time (so the grace
     * period still refuses old writes) and every version within the retention.
     * Kafka's own store restarts with no stream time and sees none of the
     * versions it wrote before until new writes touch their segments.
     */
    @Test
    void aReopenedStoreKeepsItsStreamTimeAndHistory() {
        store.put(key("k"), value("v1"), 10);
        store.put(key("k"), value("v2"), S + 10);
        store.put(key("other"), value("o"), R);
        reopen();
        assertEquals(R, store.observedStreamTime());
        assertEquals("v1@10.." + (S + 10), at("k", 11));
        assertEquals(VersionedKeyValueStore.PUT_RETURN_CODE_NOT_PUT, store.put(key("k"), value("late"), -1));
        assertEquals(List.of("v1@10.." + (S + 10), "v2@" + (S + 10)), all("k", 0, R, true));
    }

    // ---- expiry ------------------------------------------------------------------------------

    /**
     * Versions whose validity ended in a segment the retention left behind are
     * deleted from disk, not just hidden, and so are tombstones that are the
     * newest version of their key once nothing can be written before them.
     */
    @Test
    void expiredVersionsAndTombstonesAreDeletedFromDisk() throws Exception {
        store.close();
        store = open(100, 10);
        for (int i = 0; i < 50; i++) store.put(key("k"), value("v" + i), i);
        store.put(key("gone"), value("g"), 5);
        store.put(key("gone"), null, 6);
        assertEquals(49 + 1, countEntries(store, (byte) 0x01), "older versions before expiry");
        store.put(key("other"), value("late"), 1000);
        assertEquals(0, countEntries(store, (byte) 0x01), "older versions after expiry");
        assertEquals(0, countEntries(store, (byte) 0x02), "expiry index after expiry");
        assertEquals(List.of("v49@49"), all("k", 0, 2000, true), "the newest version never expires");
        assertNull(store.latestRecord(key("gone")));
        assertEquals(2, countEntries(store, (byte) 0x00), "newest versions: k and other, gone's tombstone deleted");
        // versions added later, ending before the first version the last sweep kept, expire all the same
        store.put(key("a"), value("a1"), 980);
        store.put(key("a"), value("a2"), 990);
        store.put(key("other"), value("later"), 1015); // a sweep that keeps a1 (valid until 990)
        store.put(key("b"), value("b1"), 950);
        store.put(key("b"), value("b2"), 960);
        assertEquals(3, countEntries(store, (byte) 0x01), "a1 (until 990), other's late (until 1015), b1 (until 960)");
        store.put(key("other"), value("much later"), 2000);
        assertEquals(1, countEntries(store, (byte) 0x01), "older versions after the second expiry: later (until 2000)");
        assertEquals(1, countEntries(store, (byte) 0x02), "expiry index after the second expiry");
        assertEquals(List.of("later@1015..2000", "much later@2000"), all("other", Long.MIN_VALUE, Long.MAX_VALUE, true));
        assertEquals(List.of("b2@960"), all("b", Long.MIN_VALUE, Long.MAX_VALUE, true));
    }

    private static int countEntries(PanrocksVersionedStore s, byte area) throws Exception {
        int n = 0;
        try (io.panrocks.RocksIterator it = s.db.newIterator(s.data, new io.panrocks.ReadOptions()
                .setIterateLowerBound(new byte[]{area}).setIterateUpperBound(new byte[]{(byte) (area + 1)}))) {
            for (it.seekToFirst(); it.isValid(); it.next()) n++;
        }
        return n;
    }

    // ---- IQv2 --------------------------------------------------------------------------------

    @Test
    void answersVersionedKeyQueriesWithValidToAndPosition() {
        context.processing("input", 0, 41);
        store.put(key("k"), value("v1"), 10);
        context.processing("input", 0, 42);
        store.put(key("k"), value("v2"), 20);
        QueryResult<VersionedRecord<byte[]>> latest = store.query(VersionedKeyQuery.<Bytes, byte[]>withKey(key("k")),
                PositionBound.unbounded(), new QueryConfig(false));
        assertEquals("v2@20", show(latest.getResult()));
        assertEquals(Position.fromMap(Map.of("input", Map.of(0, 42L))), latest.getPosition());
        QueryResult<VersionedRecord<byte[]>> old = store.query(VersionedKeyQuery.<Bytes, byte[]>withKey(key("k"))
                .asOf(Instant.ofEpochMilli(15)), PositionBound.unbounded(), new QueryConfig(false));
        assertEquals("v1@10..20", show(old.getResult()));
        QueryResult<VersionedRecordIterator<byte[]>> many = store.query(MultiVersionedKeyQuery.<Bytes, byte[]>withKey(key("k"))
                .fromTime(Instant.ofEpochMilli(0)).toTime(Instant.ofEpochMilli(30)).withAscendingTimestamps(),
                PositionBound.unbounded(), new QueryConfig(false));
        List<String> shown = new ArrayList<>();
        try (VersionedRecordIterator<byte[]> it = many.getResult()) {
            while (it.hasNext()) shown.add(show(it.next()));
        }
        assertEquals(List.of("v1@10..20", "v2@20"), shown);
        QueryResult<?> unknown = store.query(KeyQuery.withKey(key("k")), PositionBound.unbounded(), new QueryConfig(false));
        assertEquals(FailureReason.UNKNOWN_QUERY_TYPE, unknown.getFailureReason());
        QueryResult<?> ahead = store.query(VersionedKeyQuery.withKey(key("k")),
                PositionBound.at(Position.fromMap(Map.of("input", Map.of(0, 43L)))), new QueryConfig(false));
        assertEquals(FailureReason.NOT_UP_TO_BOUND, ahead.getFailureReason());
    }

    // ---- threads -----------------------------------------------------------------------------

    /**
     * IQv2 readers on other threads while the stream thread puts versions,
     * then while the store closes: every answer is a version that was valid
     * at the time asked, and after the close every query fails with
     * {@code STORE_EXCEPTION} (an {@code InvalidStateStoreException} inside);
     * nothing else is thrown.
     */
    @Test
    void queriesFromOtherThreadsDuringWritesAndACloseSeeConsistentVersions() throws Exception {
        java.util.concurrent.atomic.AtomicLong written = new java.util.concurrent.atomic.AtomicLong(-1);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.ConcurrentLinkedQueue<String> problems = new java.util.concurrent.ConcurrentLinkedQueue<>();
        java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger failedAfterClose = new java.util.concurrent.atomic.AtomicInteger();
        PanrocksVersionedStore s = store;
        List<Thread> readers = new ArrayList<>();
        for (int n = 0; n < 2; n++) {
            Thread reader = new Thread(() -> {
                Random r = new Random();
                while (!stop.get()) {
                    long upTo = written.get();
                    if (upTo < 0) continue;
                    long t = r.nextInt((int) upTo + 1);
                    QueryResult<VersionedRecord<byte[]>> q = s.query(VersionedKeyQuery.<Bytes, byte[]>withKey(key("k" + t % 3))
                            .asOf(Instant.ofEpochMilli(t)), PositionBound.unbounded(), new QueryConfig(false));
                    if (q.isFailure()) {
                        if (s.isOpen() || q.getFailureReason() != FailureReason.STORE_EXCEPTION
                                || !q.getFailureMessage().contains("InvalidStateStoreException")) {
                            problems.add("failure while open or of the wrong kind: " + q.getFailureReason() + " "
                                    + q.getFailureMessage().lines().findFirst().orElse(""));
                        }
                        failedAfterClose.incrementAndGet();
                        continue;
                    }
                    VersionedRecord<byte[]> v = q.getResult();
                    // key k(t % 3) has a version at every time with that remainder, up to what was written
                    if (v == null || v.timestamp() != t || !new String(v.value(), StandardCharsets.UTF_8).equals("v" + t)
                            || v.validTo().isPresent() && v.validTo().get() != t + 3) {
                        problems.add("as of " + t + ": " + show(v));
                    }
                    answered.incrementAndGet();
                }
            }, "iq-reader-" + n);
            reader.start();
            readers.add(reader);
        }
        try {
            for (long i = 0; i < 20_000; i++) {
                store.put(key("k" + i % 3), value("v" + i), i);
                written.set(i);
            }
            store.close();
            long deadline = System.nanoTime() + 2_000_000_000L;
            while (failedAfterClose.get() < 10 && System.nanoTime() < deadline) Thread.sleep(5);
        } finally {
            stop.set(true);
            for (Thread t : readers) t.join(10_000);
        }
        store = null;
        assertEquals(List.of(), List.copyOf(problems));
        assertTrue(answered.get() > 100, "the readers answered " + answered.get() + " queries");
        assertTrue(failedAfterClose.get() >= 10, "queries after the close: " + failedAfterClose.get());
    }

    // ---- misuse ------------------------------------------------------------------------------

    @Test
    void aClosedStoreThrowsInvalidStateStoreException() {
        store.put(key("k"), value("v"), 1);
        store.close();
        assertThrows(InvalidStateStoreException.class, () -> store.put(key("k"), value("v"), 2));
        assertThrows(InvalidStateStoreException.class, () -> store.delete(key("k"), 2));
        assertThrows(InvalidStateStoreException.class, () -> store.get(key("k")));
        assertThrows(InvalidStateStoreException.class, () -> store.get(key("k"), 1));
        QueryResult<?> q = store.query(VersionedKeyQuery.withKey(key("k")), PositionBound.unbounded(), new QueryConfig(false));
        assertEquals(FailureReason.STORE_EXCEPTION, q.getFailureReason());
        assertTrue(q.getFailureMessage().contains("InvalidStateStoreException"), q.getFailureMessage());
        store.close(); // twice: nothing
        store = null;
    }

    @Test
    void keyValueOperationsAreRefusedAsByKafkasStore() {
        Bytes k = key("k");
        assertEquals("Versioned key-value stores should use put(key, value, timestamp) instead",
                assertThrows(UnsupportedOperationException.class, () -> store.put(k, value("v"))).getMessage());
        assertThrows(UnsupportedOperationException.class, () -> store.putIfAbsent(k, value("v")));
        assertThrows(UnsupportedOperationException.class, () -> store.putAll(List.of()));
        assertEquals("Versioned key-value stores do not support delete(key). Use delete(key, timestamp) instead.",
                assertThrows(UnsupportedOperationException.class, () -> store.delete(k)).getMessage());
        assertThrows(UnsupportedOperationException.class, () -> store.range(k, k));
        assertThrows(UnsupportedOperationException.class, () -> store.reverseRange(k, k));
        assertThrows(UnsupportedOperationException.class, () -> store.all());
        assertThrows(UnsupportedOperationException.class, () -> store.reverseAll());
        assertThrows(UnsupportedOperationException.class, () -> store.prefixScan("k", (t, d) -> d.getBytes(StandardCharsets.UTF_8)));
        assertThrows(UnsupportedOperationException.class, () -> store.approximateNumEntries());
        assertEquals("key cannot be null", assertThrows(NullPointerException.class, () -> store.put(null, value("v"), 1)).getMessage());
        assertThrows(NullPointerException.class, () -> store.get(null));
        assertThrows(NullPointerException.class, () -> store.get(null, 1));
        assertThrows(NullPointerException.class, () -> store.delete(null, 1));
    }

    @Test
    void theBytesApiAnswersInKafkasValueAndTimestampForm() {
        store.put(key("k"), new byte[0], 7);
        assertArrayEquals(ByteBuffer.allocate(8).putLong(7).array(), store.get(key("k")), "an empty value is a value");
        store.put(key("k"), value("x"), 9);
        assertArrayEquals(ByteBuffer.allocate(8).putLong(7).array(), store.get(key("k"), 8));
        assertArrayEquals(ByteBuffer.allocate(9).putLong(9).put((byte) 'x').array(), store.get(key("k"), 9));
        assertNull(store.get(key("k"), 6));
        assertNull(store.get(key("none")));
    }

    @Test
    void suppliersCheckTheirArgumentsLikeKafkas() {
        VersionedBytesStoreSupplier s = PanrocksStores.versionedKeyValueStore("n", Duration.ofMinutes(10));
        assertEquals("n", s.name());
        assertEquals(600_000L, s.historyRetentionMs());
        assertEquals("rocksdb", s.metricsScope());
        assertEquals(60_000L, ((Suppliers.Versioned) s).segmentIntervalMs(), "Kafka's default for ten minutes");
        assertEquals(2_000L, Suppliers.defaultVersionedSegmentInterval(0));
        assertEquals(20_000L, Suppliers.defaultVersionedSegmentInterval(100_000L));
        assertEquals(300_000L, Suppliers.defaultVersionedSegmentInterval(3_600_001L));
        assertInstanceOf(PanrocksVersionedStore.class, s.get());
        assertFalse(s.get() == s.get(), "a new store each time");
        assertEquals("historyRetention cannot be negative", assertThrows(IllegalArgumentException.class,
                () -> PanrocksStores.versionedKeyValueStore("n", Duration.ofMillis(-1))).getMessage());
        assertEquals("segmentInterval cannot be zero or negative", assertThrows(IllegalArgumentException.class,
                () -> PanrocksStores.versionedKeyValueStore("n", Duration.ZERO, Duration.ZERO)).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> PanrocksStores.versionedKeyValueStore("n", Duration.ofSeconds(Long.MAX_VALUE)));
        assertEquals("name cannot be null", assertThrows(NullPointerException.class,
                () -> PanrocksStores.versionedKeyValueStore(null, Duration.ZERO)).getMessage());
        assertThrows(NullPointerException.class, () -> PanrocksStores.versionedKeyValueStore("n", null));
        assertThrows(NullPointerException.class, () -> PanrocksStores.versionedKeyValueStore("n", Duration.ZERO, null));
    }

    @Test
    void refusesToOpenAnotherKindOfStoresData() {
        store.close();
        store = null;
        KeyValueStore<Bytes, byte[]> plain = PanrocksStores.keyValueStore("was-plain").get();
        plain.init(context, plain);
        plain.put(Bytes.wrap(new byte[]{1}), new byte[]{2}); // data another kind would misread
        plain.close();
        PanrocksVersionedStore versioned = (PanrocksVersionedStore) PanrocksStores.versionedKeyValueStore("was-plain",
                Duration.ofMillis(R)).get();
        ProcessorStateException e = assertThrows(ProcessorStateException.class, () -> versioned.init(context, versioned));
        assertTrue(e.getMessage().contains("holds a key-value/PLAIN store and cannot be opened as a versioned-key-value/1 store"),
                e.getMessage());
        assertFalse(versioned.isOpen());

        // an empty store of another kind holds nothing to misread: it opens, as Kafka's would
        KeyValueStore<Bytes, byte[]> empty = PanrocksStores.keyValueStore("was-empty").get();
        empty.init(context, empty);
        empty.close();
        PanrocksVersionedStore reused = (PanrocksVersionedStore) PanrocksStores.versionedKeyValueStore("was-empty",
                Duration.ofMillis(R)).get();
        reused.init(context, reused);
        assertTrue(reused.isOpen());
        reused.close();
    }
}
