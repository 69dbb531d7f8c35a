package io.panrocks.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.SessionWindow;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The window and session stores' contract: Kafka's search semantics over
 * segments (order, time bounds, keys that are prefixes of each other),
 * expiry that really deletes, duplicates, restores, reopening.
 */
class SegmentedStoreContractTest {
    static final long MINUTE = 60_000;
    @TempDir
    File stateDir;
    private final List<org.apache.kafka.streams.processor.StateStore> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (var s : opened) s.close();
    }

    private WindowStore<Bytes, byte[]> window(boolean duplicates) {
        // retention 2 minutes: segments of a minute
        WindowStore<Bytes, byte[]> store = PanrocksStores.windowStore("w", Duration.ofMinutes(2), Duration.ofMinutes(1),
                duplicates).get();
        store.init(new TestContext(stateDir), store);
        opened.add(store);
        return store;
    }

    private SessionStore<Bytes, byte[]> session() {
        SessionStore<Bytes, byte[]> store = PanrocksStores.sessionStore("s", Duration.ofMinutes(3)).get();
        store.init(new TestContext(stateDir), store);
        opened.add(store);
        return store;
    }

    static Bytes s(String v) {
        return Bytes.wrap(v.getBytes());
    }

    static List<String> times(WindowStoreIterator<byte[]> it) {
        List<String> out = new ArrayList<>();
        try (it) {
            while (it.hasNext()) {
                KeyValue<Long, byte[]> kv = it.next();
                out.add(kv.key + "=" + new String(kv.value));
            }
        }
        return out;
    }

    static List<String> windows(KeyValueIterator<Windowed<Bytes>, byte[]> it) {
        List<String> out = new ArrayList<>();
        try (it) {
            while (it.hasNext()) {
                KeyValue<Windowed<Bytes>, byte[]> kv = it.next();
                out.add(new String(kv.key.key().get()) + "@" + kv.key.window().start() + "/" + kv.key.window().end()
                        + "=" + new String(kv.value));
            }
        }
        return out;
    }

    // ---- window stores --------------------------------------------------------------------

    @Test
    void windowFetchesInKafkasOrderAcrossSegments() {
        WindowStore<Bytes, byte[]> store = window(false);
        // keys that are prefixes of each other, over three segments of a minute
        for (long t : new long[]{10_000, 30_000, 61_000, 125_000}) {
            store.put(s("a"), ("a" + t).getBytes(), t);
            store.put(s("ab"), ("ab" + t).getBytes(), t);
            store.put(s("b"), ("b" + t).getBytes(), t);
        }
        assertEquals(List.of("10000=a10000", "30000=a30000", "61000=a61000", "125000=a125000"),
                times(store.fetch(s("a"), 0, 200_000)));
        assertEquals(List.of("125000=a125000", "61000=a61000", "30000=a30000", "10000=a10000"),
                times(store.backwardFetch(s("a"), 0, 200_000)));
        assertEquals(List.of("30000=a30000", "61000=a61000"), times(store.fetch(s("a"), 30_000, 61_000)),
                "time bounds are inclusive");
        assertEquals(List.of(), times(store.fetch(s("c"), 0, 200_000)));
        assertArrayEquals("ab61000".getBytes(), store.fetch(s("ab"), 61_000));
        assertNull(store.fetch(s("ab"), 61_001));
        // a key range goes segment by segment, by key and time inside each (Kafka's order)
        assertEquals(List.of("a@10000/70000=a10000", "a@30000/90000=a30000", "ab@10000/70000=ab10000", "ab@30000/90000=ab30000",
                "a@61000/121000=a61000", "ab@61000/121000=ab61000"),
                windows(store.fetch(s("a"), s("ab"), 0, 100_000)));
        assertEquals(List.of("b@125000/185000=b125000", "ab@125000/185000=ab125000", "a@125000/185000=a125000",
                "b@61000/121000=b61000", "ab@61000/121000=ab61000", "a@61000/121000=a61000"),
                windows(store.backwardFetchAll(61_000, 200_000)));
        assertEquals(12, windows(store.all()).size());
        assertEquals(List.of(), windows(store.fetch(s("b"), s("a"), 0, 200_000)), "keys the wrong way round");
    }

    @Test
    void expiredSegmentsAreDeletedNotJustHidden() {
        WindowStore<Bytes, byte[]> store = window(false);
        for (int m = 0; m < 10; m++) store.put(s("k"), ("v" + m).getBytes(), m * MINUTE);
        // retention 2 minutes at stream time 9 min: segments 7 to 9 are live, searches start after 7:00
        assertEquals(List.of("480000=v8", "540000=v9"), times(store.fetch(s("k"), 0, 20 * MINUTE)));
        store.put(s("late"), "x".getBytes(), MINUTE); // in an expired segment: dropped
        store.close();
        // a reopened store forgets stream time (as Kafka's): it shows what is on disk, and segments 0 to 6 are gone
        store = window(false);
        assertEquals(List.of("420000=v7", "480000=v8", "540000=v9"), times(store.fetch(s("k"), 0, 20 * MINUTE)));
        assertEquals(List.of(), times(store.fetch(s("late"), 0, 20 * MINUTE)));
    }

    @Test
    void anExpiredPutIsCountedInTheTasksDroppedRecordsThoughNoTaskCreatedTheSensor() {
        TestContext context = new TestContext(stateDir);
        WindowStore<Bytes, byte[]> store = PanrocksStores.windowStore("w", Duration.ofMinutes(2), Duration.ofMinutes(1),
                false).get();
        store.init(context, store);
        opened.add(store);
        store.put(s("k"), "now".getBytes(), 10 * MINUTE);
        store.put(s("k"), "late".getBytes(), MINUTE); // expired: dropped and counted, as Kafka's store counts it
        org.apache.kafka.common.MetricName total = new org.apache.kafka.common.MetricName("dropped-records-total",
                "stream-task-metrics", "", java.util.Map.of("thread-id", Thread.currentThread().getName(),
                        "task-id", context.taskId().toString()));
        assertEquals(1.0, context.kafkaMetrics.metrics().get(total).metricValue());
    }

    @Test
    void anEmptyWindowStoreReopensWithRetainDuplicatesChangedOneWithDataDoesNot() {
        WindowStore<Bytes, byte[]> store = window(false);
        store.close();
        // nothing written: the store opens with duplicates, as Kafka's does
        store = window(true);
        store.put(s("k"), "1".getBytes(), 1000);
        store.put(s("k"), "2".getBytes(), 1000);
        store.close();
        // now keys carry duplicates' sequence numbers: read without them they would be misread
        WindowStore<Bytes, byte[]> plain = PanrocksStores.windowStore("w", Duration.ofMinutes(2), Duration.ofMinutes(1),
                false).get();
        ProcessorStateException e = assertThrows(ProcessorStateException.class,
                () -> plain.init(new TestContext(stateDir), plain));
        assertEquals("Store w holds a window/PLAIN/duplicates store and cannot be opened as a window/PLAIN store. To"
                + " change a store's type, delete its local state (the store's directory under the task's state"
                + " directory) and let Kafka Streams restore it from the changelog.", e.getMessage());
        assertEquals(List.of("1000=1", "1000=2"), times(window(true).fetch(s("k"), 0, 5000)));
    }

    @Test
    void duplicatesAreKeptAndNullsIgnored() {
        WindowStore<Bytes, byte[]> store = window(true);
        store.put(s("k"), "1".getBytes(), 1000);
        store.put(s("k"), "2".getBytes(), 1000);
        store.put(s("k"), null, 1000);
        store.put(s("k"), "3".getBytes(), 2000);
        assertEquals(List.of("1000=1", "1000=2", "2000=3"), times(store.fetch(s("k"), 0, 5000)));
        WindowStore<Bytes, byte[]> plain = PanrocksStores.windowStore("w2", Duration.ofMinutes(2), Duration.ofMinutes(1),
                false).get();
        plain.init(new TestContext(stateDir), plain);
        opened.add(plain);
        plain.put(s("k"), "1".getBytes(), 1000);
        plain.put(s("k"), "2".getBytes(), 1000);
        assertEquals(List.of("1000=2"), times(plain.fetch(s("k"), 0, 5000)));
        plain.put(s("k"), null, 1000);
        assertEquals(List.of(), times(plain.fetch(s("k"), 0, 5000)));
    }

    @Test
    void windowRestoreDropsExpiredRecordsAndAClosedStoreReadsEmptyAndRefusesPuts() {
        TestContext context = new TestContext(stateDir);
        WindowStore<Bytes, byte[]> store = PanrocksStores.windowStore("w", Duration.ofMinutes(2),
                Duration.ofMinutes(1), false).get();
        store.init(context, store);
        List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>();
        for (int m = 0; m < 10; m++) {
            batch.add(new ConsumerRecord<>("w-changelog", 0, m, PanrocksWindowStore.storeKey("k".getBytes(), m * MINUTE, 0),
                    ("v" + m).getBytes()));
        }
        context.restore(batch);
        assertEquals(List.of("480000=v8", "540000=v9"), times(store.fetch(s("k"), 0, 20 * MINUTE)));
        store.close();
        // as Kafka's segmented store: a closed store has no segments open to read (strict: see StrictLifecycleTest)
        assertEquals(List.of(), times(store.fetch(s("k"), 0, 20 * MINUTE)));
        assertNull(store.fetch(s("k"), 9 * MINUTE));
        assertEquals(List.of(), windows(store.all()));
        assertEquals(List.of(), windows(store.fetchAll(0, 20 * MINUTE)));
        assertThrows(InvalidStateStoreException.class, () -> store.put(s("k"), new byte[1], 9 * MINUTE));
        // a window store's data is not a key-value store's
        var kv = PanrocksStores.keyValueStore("w").get();
        assertThrows(ProcessorStateException.class, () -> kv.init(new TestContext(stateDir), kv));
    }

    // ---- session stores -------------------------------------------------------------------

    private static Windowed<Bytes> session(String key, long start, long end) {
        return new Windowed<>(s(key), new SessionWindow(start, end));
    }

    @Test
    void sessionSearchesFollowKafkasSemantics() {
        SessionStore<Bytes, byte[]> store = session();
        store.put(session("a", 0, 1000), "a1".getBytes());
        store.put(session("a", 5000, 9000), "a2".getBytes());
        store.put(session("a", 95_000, 100_000), "a3".getBytes()); // ends in the second segment (90 s each)
        store.put(session("ab", 1000, 2000), "ab1".getBytes());
        store.put(session("b", 3000, 4000), "b1".getBytes());
        // sessions of a that end at or after 1000 and start at or before 6000
        assertEquals(List.of("a@0/1000=a1", "a@5000/9000=a2"), windows(store.findSessions(s("a"), 1000, 6000)));
        assertEquals(List.of("a@5000/9000=a2", "a@0/1000=a1"), windows(store.backwardFindSessions(s("a"), 1000, 6000)));
        assertEquals(List.of("a@5000/9000=a2"), windows(store.findSessions(s("a"), 1001, 6000)));
        assertEquals(List.of("a@0/1000=a1", "a@5000/9000=a2", "a@95000/100000=a3"), windows(store.fetch(s("a"))));
        assertEquals(List.of("a@0/1000=a1", "a@5000/9000=a2", "ab@1000/2000=ab1", "a@95000/100000=a3"),
                windows(store.fetch(s("a"), s("ab"))), "segment by segment (by end time), key and time inside");
        assertArrayEquals("a2".getBytes(), store.fetchSession(s("a"), 5000, 9000));
        assertNull(store.fetchSession(s("a"), 5000, 9001));
        store.remove(session("a", 5000, 9000));
        assertNull(store.fetchSession(s("a"), 5000, 9000));
        assertEquals(List.of("a@0/1000=a1", "a@95000/100000=a3"), windows(store.fetch(s("a"))));
        // a session ending at 310 s: retention 3 minutes drops the first segment, hides the second's sessions
        store.put(session("c", 300_000, 310_000), "c1".getBytes());
        assertEquals(List.of(), windows(store.fetch(s("a"))));
        store.close();
        assertEquals(List.of(), windows(store.fetch(s("a"))), "a closed store reads as empty, as Kafka's");
        assertThrows(InvalidStateStoreException.class, () -> store.put(session("a", 0, 1), new byte[1]));
        SessionStore<Bytes, byte[]> again = session();
        assertEquals(List.of("a@95000/100000=a3", "c@300000/310000=c1"), windows(again.fetch(s("a"), s("c"))),
                "the first segment is deleted, the second kept");
    }
}
