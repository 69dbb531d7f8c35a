package io.panrocks.kafka;

import io.panrocks.Options;
import io.panrocks.testkit.Seeds;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.query.FailureReason;
import org.apache.kafka.streams.query.KeyQuery;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.RangeQuery;
import org.apache.kafka.streams.query.WindowKeyQuery;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.panrocks.testkit.TestBytes.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The key-value store's contract, against a sorted map as the model: ranges
 * both ways with every kind of bound, prefix scans over 0xFF bytes, null and
 * empty values, big values across chunks, offsets, positions and queries,
 * restores, reopening, metrics, and what a closed store does.
 */
class KeyValueStoreContractTest {
    @TempDir
    File stateDir;
    private final List<KeyValueStore<Bytes, byte[]>> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (KeyValueStore<Bytes, byte[]> s : opened) s.close();
    }

    private KeyValueStore<Bytes, byte[]> open(TestContext context) {
        KeyValueStore<Bytes, byte[]> store = PanrocksStores.keyValueStore("kv").get();
        store.init(context, store);
        opened.add(store);
        return store;
    }

    private KeyValueStore<Bytes, byte[]> open() {
        return open(new TestContext(stateDir));
    }

    static Bytes b(int... bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) out[i] = (byte) bytes[i];
        return Bytes.wrap(out);
    }

    static Bytes s(String v) {
        return Bytes.wrap(v.getBytes());
    }

    static List<String> keys(KeyValueIterator<Bytes, byte[]> it) {
        List<String> out = new ArrayList<>();
        try (it) {
            while (it.hasNext()) out.add(hex(it.next().key.get()));
        }
        return out;
    }

    private static List<String> model(NavigableMap<Bytes, byte[]> m) {
        return m.keySet().stream().map(k -> hex(k.get())).toList();
    }

    // ---- values -------------------------------------------------------------------------

    @Test
    void nullIsADeleteAndEmptyIsAValue() {
        KeyValueStore<Bytes, byte[]> store = open();
        store.put(s("a"), new byte[0]);
        assertArrayEquals(new byte[0], store.get(s("a")));
        store.put(s("a"), null);
        assertNull(store.get(s("a")));
        store.put(s("b"), "x".getBytes());
        assertArrayEquals("x".getBytes(), store.delete(s("b")));
        assertNull(store.delete(s("b")));
        assertNull(store.putIfAbsent(s("c"), "1".getBytes()));
        assertArrayEquals("1".getBytes(), store.putIfAbsent(s("c"), "2".getBytes()));
        assertArrayEquals("1".getBytes(), store.get(s("c")));
        store.putAll(List.of(KeyValue.pair(s("c"), null), KeyValue.pair(s("d"), new byte[0]),
                KeyValue.pair(s("e"), "5".getBytes())));
        assertNull(store.get(s("c")));
        assertArrayEquals(new byte[0], store.get(s("d")));
        assertEquals(List.of(hex("d".getBytes()), hex("e".getBytes())), keys(store.all()));
        // the empty key is a key
        store.put(Bytes.wrap(new byte[0]), "empty".getBytes());
        assertArrayEquals("empty".getBytes(), store.get(Bytes.wrap(new byte[0])));
        assertThrows(NullPointerException.class, () -> store.put(null, new byte[1]));
        assertThrows(NullPointerException.class, () -> store.putAll(List.of(KeyValue.pair(s("x"), new byte[1]),
                KeyValue.pair(null, new byte[1]))));
        assertNull(store.get(s("x")), "a putAll with a null key writes nothing");
    }

    @Test
    void bigValuesCrossChunksWhole() {
        KeyValueStore<Bytes, byte[]> store = open();
        Random r = new Random(7);
        byte[][] values = new byte[6][];
        for (int i = 0; i < values.length; i++) {
            values[i] = new byte[i % 2 == 0 ? 3 << 20 : 10];
            r.nextBytes(values[i]);
            store.put(b(i), values[i]);
        }
        for (boolean forward : new boolean[]{true, false}) {
            try (KeyValueIterator<Bytes, byte[]> it = forward ? store.all() : store.reverseAll()) {
                for (int n = 0; n < values.length; n++) {
                    int i = forward ? n : values.length - 1 - n;
                    KeyValue<Bytes, byte[]> kv = it.next();
                    assertEquals(b(i), kv.key);
                    assertArrayEquals(values[i], kv.value);
                }
                assertFalse(it.hasNext());
            }
        }
    }

    // ---- ranges -------------------------------------------------------------------------

    @Test
    void rangesBothWaysAgainstASortedMap() {
        KeyValueStore<Bytes, byte[]> store = open();
        NavigableMap<Bytes, byte[]> model = new TreeMap<>();
        Seeds seeds = Seeds.of("KeyValueStoreContractTest.ranges", "panrocks.kafka.kv", 3);
        for (int round = 0; round < seeds.rounds(); round++) {
            Random r = seeds.random(round);
            for (int i = 0; i < 3000; i++) {
                // short keys over a small alphabet with 0x00 and 0xFF, so keys are often prefixes of each other
                byte[] k = new byte[r.nextInt(4)];
                for (int j = 0; j < k.length; j++) k[j] = (byte) new int[]{0x00, 0x01, 0x7F, 0x80, 0xFF}[r.nextInt(5)];
                byte[] v = r.nextInt(6) == 0 ? null : new byte[r.nextInt(3)];
                store.put(Bytes.wrap(k), v);
                if (v == null) model.remove(Bytes.wrap(k));
                else model.put(Bytes.wrap(k), v);
            }
            List<Bytes> probes = new ArrayList<>(model.keySet());
            probes.add(b(0x00, 0x00, 0x00, 0x00, 0x00));
            probes.add(b(0xFF, 0xFF, 0xFF, 0xFF, 0xFF));
            probes.add(Bytes.wrap(new byte[0]));
            for (int q = 0; q < 300; q++) {
                Bytes from = r.nextInt(10) == 0 ? null : probes.get(r.nextInt(probes.size()));
                Bytes to = r.nextInt(10) == 0 ? null : probes.get(r.nextInt(probes.size()));
                String what = seeds.replay(round) + " range " + (from == null ? "-" : hex(from.get())) + ".."
                        + (to == null ? "-" : hex(to.get()));
                if (from != null && to != null && from.compareTo(to) > 0) {
                    assertEquals(List.of(), keys(store.range(from, to)), what);
                    assertEquals(List.of(), keys(store.reverseRange(from, to)), what);
                    continue;
                }
                NavigableMap<Bytes, byte[]> expected = from == null && to == null ? model
                        : from == null ? model.headMap(to, true) : to == null ? model.tailMap(from, true)
                        : model.subMap(from, true, to, true);
                assertEquals(model(expected), keys(store.range(from, to)), what);
                assertEquals(model(expected.descendingMap()), keys(store.reverseRange(from, to)), what);
            }
            assertEquals(model(model), keys(store.all()));
            assertEquals(model(model.descendingMap()), keys(store.reverseAll()));
        }
    }

    @Test
    void prefixScanReturnsExactlyThePrefixedKeysAlsoOver0xFF() {
        KeyValueStore<Bytes, byte[]> store = open();
        Bytes[] all = {b(0x01), b(0x01, 0xFE), b(0x01, 0xFF), b(0x01, 0xFF, 0x00), b(0x01, 0xFF, 0xFF),
                b(0x01, 0xFF, 0xFF, 0xFF), b(0x02), b(0x02, 0x00), b(0xFF), b(0xFF, 0xFE), b(0xFF, 0xFF),
                b(0xFF, 0xFF, 0x00), b(0xFF, 0xFF, 0xFF)};
        for (Bytes k : all) store.put(k, k.get());
        Serializer<Bytes> raw = (topic, data) -> data.get();
        // Kafka's own store also returns 02 for prefix 01ff: its upper bound is 0200, and 02 < 0200
        assertEquals(List.of("01ff", "01ff00", "01ffff", "01ffffff"), keys(store.prefixScan(b(0x01, 0xFF), raw)));
        assertEquals(List.of("01ffff", "01ffffff"), keys(store.prefixScan(b(0x01, 0xFF, 0xFF), raw)));
        assertEquals(List.of("ffff", "ffff00", "ffffff"), keys(store.prefixScan(b(0xFF, 0xFF), raw)));
        assertEquals(List.of("ff", "fffe", "ffff", "ffff00", "ffffff"), keys(store.prefixScan(b(0xFF), raw)));
        assertEquals(List.of("02", "0200"), keys(store.prefixScan(b(0x02), raw)));
        assertEquals(List.of(), keys(store.prefixScan(b(0x03), raw)));
        assertEquals(all.length, keys(store.prefixScan(Bytes.wrap(new byte[0]), raw)).size());
        // through a serializer, as the DSL calls it
        store.put(s("user:1"), new byte[1]);
        store.put(s("user:10"), new byte[1]);
        store.put(s("users"), new byte[1]);
        assertEquals(List.of(hex("user:1".getBytes()), hex("user:10".getBytes())),
                keys(store.prefixScan("user:1", Serdes.String().serializer())));
        assertThrows(NullPointerException.class, () -> store.prefixScan(null, raw));
    }

    @Test
    void iteratorsPeekAndEndLikeKafkas() {
        KeyValueStore<Bytes, byte[]> store = open();
        for (int i = 0; i < 3000; i++) store.put(b(i >> 8, i & 0xFF), new byte[]{(byte) i});
        try (KeyValueIterator<Bytes, byte[]> it = store.range(b(0, 10), b(11, 0))) {
            int n = 0;
            while (it.hasNext()) {
                assertTrue(it.hasNext());
                Bytes peek = it.peekNextKey();
                assertEquals(peek, it.next().key);
                n++;
            }
            assertEquals(11 * 256 + 1 - 10, n, "crosses several chunks, inclusive at both ends");
            assertThrows(NoSuchElementException.class, it::next);
            assertThrows(NoSuchElementException.class, it::peekNextKey);
        }
        // an iterator left after its first entries: closing it is all it takes
        KeyValueIterator<Bytes, byte[]> partial = store.all();
        partial.next();
        partial.close();
        assertThrows(InvalidStateStoreException.class, partial::hasNext);
    }

    // ---- closed stores ------------------------------------------------------------------

    @Test
    void aClosedStoreThrowsInvalidStateStoreExceptionLikeKafkas() {
        KeyValueStore<Bytes, byte[]> store = open();
        store.put(s("a"), new byte[1]);
        KeyValueIterator<Bytes, byte[]> open = store.all();
        store.close();
        store.close(); // idempotent
        assertFalse(store.isOpen());
        for (Runnable op : List.<Runnable>of(() -> store.get(s("a")), () -> store.put(s("a"), new byte[1]),
                () -> store.delete(s("a")), () -> store.putAll(List.of()), () -> store.range(s("a"), s("b")),
                () -> store.reverseRange(s("a"), s("b")), store::all, store::reverseAll, store::approximateNumEntries,
                () -> store.prefixScan(s("a"), (t, d) -> d.get()), () -> store.committedOffset(new TopicPartition("t", 0)),
                open::hasNext)) {
            assertThrows(InvalidStateStoreException.class, op::run);
        }
        store.commit(Map.of(new TopicPartition("t", 0), 1L)); // as Kafka's: a commit after close does nothing
        open.close();
    }

    @Test
    void closingFromAnotherThreadEndsAnIteratorOfThisThread() throws Exception {
        KeyValueStore<Bytes, byte[]> store = open();
        for (int i = 0; i < 1000; i++) store.put(b(i >> 8, i & 0xFF), new byte[100]);
        KeyValueIterator<Bytes, byte[]> it = store.all();
        it.next();
        CompletableFuture.runAsync(store::close).get(30, TimeUnit.SECONDS);
        assertThrows(InvalidStateStoreException.class, it::hasNext);
        it.close();
        // the directory is free again: the store reopens with its data
        KeyValueStore<Bytes, byte[]> again = open();
        assertEquals(1000, keys(again.all()).size());
    }

    @Test
    void readersOnOtherThreadsWhileTheStreamThreadWrites() throws Exception {
        KeyValueStore<Bytes, byte[]> store = open();
        int n = 20_000;
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger reads = new AtomicInteger();
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
            started.countDown();
            int last = 0;
            while (last < n) {
                // every range sees a prefix of the writes: keys 0..k-1 with nothing missing
                List<String> seen = keys(store.range(b(0, 0, 0), b(0xFF, 0xFF, 0xFF)));
                for (int i = 0; i < seen.size(); i++) assertEquals(hex(b(i >> 16, i >> 8 & 0xFF, i & 0xFF).get()), seen.get(i));
                last = seen.size();
                reads.incrementAndGet();
            }
        });
        started.await();
        for (int i = 0; i < n; i++) store.put(b(i >> 16, i >> 8 & 0xFF, i & 0xFF), new byte[8]);
        reader.get(60, TimeUnit.SECONDS);
        assertTrue(reads.get() > 0);
    }

    // ---- offsets, positions, queries ------------------------------------------------------

    @Test
    @SuppressWarnings("deprecation") // managesOffsets(): Kafka deprecated it in 4.4, and a store still answers it
    void offsetsAreCommittedRemovedWipedAndSurviveAReopen() {
        TopicPartition p0 = new TopicPartition("app-kv-changelog", 0);
        TopicPartition p1 = new TopicPartition("app-kv-changelog", 1);
        KeyValueStore<Bytes, byte[]> store = open();
        assertTrue(store.managesOffsets());
        assertNull(store.committedOffset(p0));
        store.commit(Map.of(p0, 10L, p1, 20L));
        assertEquals(10L, store.committedOffset(p0));
        Map<TopicPartition, Long> removeOne = new HashMap<>();
        removeOne.put(p1, null);
        store.commit(removeOne);
        assertNull(store.committedOffset(p1));
        assertEquals(10L, store.committedOffset(p0));
        store.put(s("k"), "v".getBytes());
        store.close();
        store = open();
        assertEquals(10L, store.committedOffset(p0), "committed offsets survive a clean close");
        assertArrayEquals("v".getBytes(), store.get(s("k")));
        store.commit(Map.of());
        assertNull(store.committedOffset(p0), "an empty commit wipes every offset");
        assertArrayEquals("v".getBytes(), store.get(s("k")), "but not the data");
    }

    @Test
    void positionsTrackTheRecordsWrittenAndGateQueries() {
        TestContext context = new TestContext(stateDir, new TaskId(0, 3));
        KeyValueStore<Bytes, byte[]> store = open(context);
        context.processing("input", 3, 41);
        store.put(s("a"), "1".getBytes());
        context.processing("input", 3, 42);
        store.putAll(List.of(KeyValue.pair(s("b"), "2".getBytes())));
        assertEquals(Position.fromMap(Map.of("input", Map.of(3, 42L))), store.getPosition());
        QueryResult<byte[]> hit = store.query(KeyQuery.withKey(s("a")), PositionBound.at(
                Position.fromMap(Map.of("input", Map.of(3, 42L)))), new QueryConfig(true));
        assertTrue(hit.isSuccess());
        assertArrayEquals("1".getBytes(), hit.getResult());
        assertEquals(store.getPosition(), hit.getPosition());
        assertFalse(hit.getExecutionInfo().isEmpty());
        QueryResult<byte[]> ahead = store.query(KeyQuery.withKey(s("a")), PositionBound.at(
                Position.fromMap(Map.of("input", Map.of(3, 43L)))), new QueryConfig(false));
        assertEquals(FailureReason.NOT_UP_TO_BOUND, ahead.getFailureReason());
        QueryResult<KeyValueIterator<Bytes, byte[]>> range = store.query(
                RangeQuery.<Bytes, byte[]>withRange(s("a"), s("b")).withDescendingKeys(), PositionBound.unbounded(),
                new QueryConfig(false));
        assertEquals(List.of(hex("b".getBytes()), hex("a".getBytes())), keys(range.getResult()));
        QueryResult<?> unknown = store.query(WindowKeyQuery.withKeyAndWindowStartRange(s("a"), Instant.EPOCH,
                Instant.EPOCH), PositionBound.unbounded(), new QueryConfig(false));
        assertEquals(FailureReason.UNKNOWN_QUERY_TYPE, unknown.getFailureReason());
        // the commit callback stores the position; a reopened store starts from it
        context.commitCallback();
        store.close();
        assertEquals(Position.fromMap(Map.of("input", Map.of(3, 42L))), open(new TestContext(stateDir)).getPosition());
    }

    @Test
    void restoreWritesBatchesAndReadsPositionsFromChangelogHeadersWhenConsistencyIsOn() {
        TestContext context = new TestContext(stateDir)
                .with(StreamsConfig.InternalConfig.IQ_CONSISTENCY_OFFSET_VECTOR_ENABLED, true);
        KeyValueStore<Bytes, byte[]> store = open(context);
        List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            ConsumerRecord<byte[], byte[]> r = new ConsumerRecord<>("kv-changelog", 0, i, ("k" + i % 1000).getBytes(),
                    i % 7 == 0 ? null : ("v" + i).getBytes());
            r.headers().add(Positions.CHANGELOG_VERSION_HEADER, new byte[]{0});
            r.headers().add(Positions.CHANGELOG_POSITION_HEADER,
                    Positions.serialize(Position.fromMap(Map.of("input", Map.of(0, (long) i)))));
            batch.add(r);
        }
        context.restore(batch);
        Map<String, byte[]> expected = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> r : batch) {
            if (r.value() == null) expected.remove(new String(r.key()));
            else expected.put(new String(r.key()), r.value());
        }
        for (int i = 0; i < 1000; i++) {
            byte[] want = expected.get("k" + i);
            byte[] got = store.get(s("k" + i));
            if (want == null) assertNull(got);
            else assertArrayEquals(want, got, "k" + i);
        }
        assertEquals(expected.size(), keys(store.all()).size());
        assertEquals(4999L, store.getPosition().getPartitionPositions("input").get(0));
    }

    // ---- reopening, formats, options, metrics ----------------------------------------------

    @Test
    void aStoreRefusesDataOfAnotherFormat() {
        KeyValueStore<Bytes, byte[]> store = open();
        store.put(s("a"), new byte[1]);
        store.close();
        KeyValueStore<Bytes, byte[]> timestamped = PanrocksStores.timestampedKeyValueStore("kv").get();
        ProcessorStateException e = assertThrows(ProcessorStateException.class,
                () -> timestamped.init(new TestContext(stateDir), timestamped));
        assertTrue(e.getMessage().contains("key-value/PLAIN"), e.getMessage());
        assertFalse(timestamped.isOpen());
        assertNotNull(open().get(s("a")), "the refused open left the store usable");
    }

    public static final class CountingSetter implements PanrocksConfigSetter {
        static final AtomicInteger SET = new AtomicInteger();
        static final AtomicInteger CLOSED = new AtomicInteger();

        @Override
        public void setConfig(String storeName, Options options, Map<String, Object> configs) {
            assertEquals("kv", storeName);
            assertEquals(16L << 20, options.writeBufferSize(), "the setter sees Kafka's defaults");
            options.setWriteBufferSize(1 << 20);
            options.setAtomicFlush(false); // not the setter's to change
            SET.incrementAndGet();
        }

        @Override
        public void close(String storeName, Options options) {
            assertEquals(1 << 20, options.writeBufferSize());
            CLOSED.incrementAndGet();
        }
    }

    @Test
    void theConfigSetterShapesTheOptionsAndIsClosedOnce() {
        for (Object setter : new Object[]{CountingSetter.class, CountingSetter.class.getName()}) {
            CountingSetter.SET.set(0);
            CountingSetter.CLOSED.set(0);
            KeyValueStore<Bytes, byte[]> store = open(new TestContext(stateDir).with(PanrocksConfigSetter.CONFIG, setter));
            assertEquals(1, CountingSetter.SET.get());
            store.put(s("x"), new byte[1]);
            store.close();
            store.close();
            assertEquals(1, CountingSetter.CLOSED.get());
        }
        KeyValueStore<Bytes, byte[]> bad = PanrocksStores.keyValueStore("kv").get();
        assertThrows(RuntimeException.class, () -> bad.init(new TestContext(stateDir)
                .with(PanrocksConfigSetter.CONFIG, "no.such.Setter"), bad));
        assertThrows(RuntimeException.class, () -> bad.init(new TestContext(stateDir)
                .with(PanrocksConfigSetter.CONFIG, String.class), bad));
    }

    @Test
    void approximateNumEntriesComesFromTheEngine() {
        KeyValueStore<Bytes, byte[]> store = open();
        assertEquals(0, store.approximateNumEntries());
        for (int i = 0; i < 500; i++) store.put(b(i >> 8, i & 0xFF), new byte[1]);
        long n = store.approximateNumEntries();
        assertTrue(n >= 400 && n <= 600, "estimate " + n);
    }

    @Test
    void metricsAreKafkasRocksDbMetrics() throws Exception {
        TestContext context = new TestContext(stateDir);
        KeyValueStore<Bytes, byte[]> store = open(context);
        for (int i = 0; i < 1000; i++) store.put(b(i >> 8, i & 0xFF), new byte[100]);
        Thread.sleep(1100); // statistics are recorded at most once a second, on commit
        store.commit(Map.of());
        Map<String, Metric> mine = new HashMap<>();
        for (Map.Entry<MetricName, ? extends Metric> e : context.metrics.metrics().entrySet()) {
            MetricName n = e.getKey();
            if (n.group().equals("stream-state-metrics") && "kv".equals(n.tags().get("rocksdb-state-id"))) {
                assertEquals("0_0", n.tags().get("task-id"));
                assertNotNull(n.tags().get("thread-id"));
                mine.put(n.name(), e.getValue());
            }
        }
        for (String name : new String[]{"estimate-num-keys", "cur-size-all-mem-tables", "block-cache-usage",
                "block-cache-capacity", "num-running-compactions", "bytes-written-rate", "bytes-written-total",
                "bytes-read-total", "memtable-hit-ratio", "block-cache-data-hit-ratio", "write-stall-duration-total",
                "compaction-time-max", "number-file-errors-total"}) {
            assertTrue(mine.containsKey(name), name + " missing from " + mine.keySet());
        }
        assertEquals(1000.0, (double) mine.get("estimate-num-keys").metricValue(), 200);
        // the application's shared memory budget (MemoryBudgetTest), not a cache of the store's own
        assertEquals((double) PanrocksMemoryConfig.DEFAULT_BYTES, (double) mine.get("block-cache-capacity").metricValue());
        assertTrue((double) mine.get("bytes-written-total").metricValue() > 100_000, "bytes-written-total");
        store.close();
        assertTrue(context.metrics.metrics().keySet().stream().noneMatch(n -> "kv".equals(n.tags().get("rocksdb-state-id"))),
                "a closed store leaves no metrics behind");
    }

    @Test
    void theDslSuppliersHandOutEveryFormat() {
        PanrocksDslStoreSuppliers suppliers = new PanrocksDslStoreSuppliers();
        assertInstanceOf(org.apache.kafka.streams.state.TimestampedBytesStore.class, suppliers.keyValueStore(
                new org.apache.kafka.streams.state.DslKeyValueParams("t", org.apache.kafka.streams.DslStoreFormat.TIMESTAMPED)).get());
        assertInstanceOf(org.apache.kafka.streams.state.HeadersBytesStore.class, suppliers.keyValueStore(
                new org.apache.kafka.streams.state.DslKeyValueParams("h", org.apache.kafka.streams.DslStoreFormat.HEADERS)).get());
        assertInstanceOf(org.apache.kafka.streams.state.HeadersBytesStoreSupplier.class, suppliers.keyValueStore(
                new org.apache.kafka.streams.state.DslKeyValueParams("h", org.apache.kafka.streams.DslStoreFormat.HEADERS)));
        assertFalse(suppliers.keyValueStore(new org.apache.kafka.streams.state.DslKeyValueParams("p",
                org.apache.kafka.streams.DslStoreFormat.PLAIN)).get() instanceof org.apache.kafka.streams.state.TimestampedBytesStore);
        assertEquals("rocksdb", PanrocksStores.keyValueStore("x").metricsScope());
        assertThrows(NullPointerException.class, () -> PanrocksStores.keyValueStore(null));
        assertArrayEquals(new byte[]{1, 2}, Keys.prefixEnd(new byte[]{1, 1, (byte) 0xFF}));
        assertNull(Keys.prefixEnd(new byte[]{(byte) 0xFF, (byte) 0xFF}));
        assertNull(Keys.prefixEnd(new byte[0]));
        assertArrayEquals(new byte[]{5, 0}, Keys.after(new byte[]{5}));
        assertTrue(Arrays.equals(new byte[]{0}, Keys.after(new byte[0])));
    }
}
