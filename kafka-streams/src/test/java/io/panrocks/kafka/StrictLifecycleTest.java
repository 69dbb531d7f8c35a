package io.panrocks.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.SessionWindow;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

import static io.panrocks.kafka.SegmentedStoreContractTest.s;
import static io.panrocks.kafka.SegmentedStoreContractTest.times;
import static io.panrocks.kafka.SegmentedStoreContractTest.windows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lifecycle of window and session stores: Kafka's segmented stores'
 * by default (what Kafka's own suites assert), panrocks' strict one with
 * {@link PanrocksStoreOptions#strictLifecycle(boolean)}. Also issue 35's
 * defect: an iterator opened before its store closed never fails with a
 * {@code NullPointerException} on its first {@code hasNext} after the close.
 */
class StrictLifecycleTest {
    static final long MINUTE = 60_000;
    static final PanrocksStoreOptions STRICT = PanrocksStoreOptions.defaults().strictLifecycle(true);
    @TempDir
    File stateDir;
    private final List<org.apache.kafka.streams.processor.StateStore> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (var store : opened) store.close();
    }

    private static PanrocksStoreOptions options(boolean strict) {
        return PanrocksStoreOptions.defaults().strictLifecycle(strict);
    }

    /** Retention 2 minutes: segments of a minute. */
    private WindowStore<Bytes, byte[]> window(boolean strict, TestContext context) {
        WindowStore<Bytes, byte[]> store = PanrocksStores.windowStore("w", Duration.ofMinutes(2), Duration.ofMinutes(1),
                false, options(strict)).get();
        store.init(context, store);
        opened.add(store);
        return store;
    }

    /** Retention 3 minutes: segments of 90 s. */
    private SessionStore<Bytes, byte[]> session(boolean strict, TestContext context) {
        SessionStore<Bytes, byte[]> store = PanrocksStores.sessionStore("s", Duration.ofMinutes(3), options(strict))
                .get();
        store.init(context, store);
        opened.add(store);
        return store;
    }

    private static Windowed<Bytes> session(String key, long start, long end) {
        return new Windowed<>(s(key), new SessionWindow(start, end));
    }

    private static void fill(WindowStore<Bytes, byte[]> store) {
        // three segments, so an iterator has segments left to open after the close
        store.put(s("a"), "1".getBytes(), 31_000); // inside the retention at the stream time the last put makes
        store.put(s("a"), "2".getBytes(), MINUTE + 1_000);
        store.put(s("a"), "3".getBytes(), 2 * MINUTE + 1_000);
    }

    @Test
    void optionsAreOffByDefaultAndImmutable() {
        PanrocksStoreOptions defaults = PanrocksStoreOptions.defaults();
        assertFalse(defaults.strictLifecycle());
        assertTrue(STRICT.strictLifecycle());
        assertFalse(defaults.strictLifecycle(), "strictLifecycle(true) made a new object");
        assertEquals(STRICT, defaults.strictLifecycle(true));
        assertEquals(defaults, STRICT.strictLifecycle(false));
        assertEquals("PanrocksStoreOptions{strictLifecycle=true}", STRICT.toString());
        assertThrows(NullPointerException.class,
                () -> PanrocksStores.windowStore("w", Duration.ofMinutes(2), Duration.ofMinutes(1), false, null));
        assertThrows(NullPointerException.class, () -> PanrocksStores.sessionStore("s", Duration.ofMinutes(2), null));
        assertTrue(PanrocksStores.timestampedWindowStoreWithHeaders("w", Duration.ofMinutes(2), Duration.ofMinutes(1),
                false, STRICT).toString().contains("strictLifecycle=true"));
    }

    // ---- iterators of a closed store (issue 35: the NullPointerException) --------------------

    /**
     * The shape: an iterator made before the close, first used after
     * it. Its search had opened no segment yet, and opened the first one on
     * the closed DB: a NullPointerException.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aWindowIteratorFirstUsedAfterTheCloseEndsOrThrowsTheClosedStoresException(boolean strict) {
        WindowStore<Bytes, byte[]> store = window(strict, new TestContext(stateDir));
        fill(store);
        WindowStoreIterator<byte[]> single = store.fetch(s("a"), 0, 3 * MINUTE);
        KeyValueIterator<Windowed<Bytes>, byte[]> range = store.fetch(s("a"), s("b"), 0, 3 * MINUTE);
        KeyValueIterator<Windowed<Bytes>, byte[]> all = store.all();
        KeyValueIterator<Windowed<Bytes>, byte[]> backward = store.backwardFetchAll(0, 3 * MINUTE);
        store.close();
        for (KeyValueIterator<?, byte[]> it : List.of(single, range, all, backward)) {
            if (strict) {
                InvalidStateStoreException e = assertThrows(InvalidStateStoreException.class, it::hasNext);
                assertEquals("panrocks iterator for store w has closed", e.getMessage());
                assertThrows(InvalidStateStoreException.class, it::hasNext, "it keeps saying so");
                assertThrows(InvalidStateStoreException.class, it::next);
            } else {
                assertFalse(it.hasNext());
                assertFalse(it.hasNext());
                assertThrows(NoSuchElementException.class, it::next);
                assertThrows(NoSuchElementException.class, it::peekNextKey);
            }
            it.close();
        }
    }

    /** An iterator in the middle of a segment, and one about to move to the next segment, when the store closes. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aWindowIteratorInUseWhenTheStoreClosesEndsOrThrows(boolean strict) {
        WindowStore<Bytes, byte[]> store = window(strict, new TestContext(stateDir));
        fill(store);
        WindowStoreIterator<byte[]> inSegment = store.fetch(s("a"), 0, 3 * MINUTE);
        assertTrue(inSegment.hasNext());
        WindowStoreIterator<byte[]> atSegmentEnd = store.fetch(s("a"), 0, 3 * MINUTE);
        assertEquals(31_000L, atSegmentEnd.next().key); // the first segment is done: the next hasNext opens another
        store.close();
        for (WindowStoreIterator<byte[]> it : List.of(inSegment, atSegmentEnd)) {
            if (strict) assertThrows(InvalidStateStoreException.class, it::hasNext);
            else assertFalse(it.hasNext());
            it.close();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aSessionIteratorLeftOpenWhenTheStoreClosesEndsOrThrows(boolean strict) {
        SessionStore<Bytes, byte[]> store = session(strict, new TestContext(stateDir));
        store.put(session("a", 0, 10), "1".getBytes());
        store.put(session("a", 100_000, 100_010), "2".getBytes()); // the second segment
        KeyValueIterator<Windowed<Bytes>, byte[]> started = store.fetch(s("a"));
        assertTrue(started.hasNext());
        KeyValueIterator<Windowed<Bytes>, byte[]> notStarted = store.findSessions(null, null, 0, Long.MAX_VALUE);
        store.close();
        for (KeyValueIterator<Windowed<Bytes>, byte[]> it : List.of(started, notStarted)) {
            if (strict) assertThrows(InvalidStateStoreException.class, it::hasNext);
            else assertFalse(it.hasNext());
            it.close();
        }
    }

    /** Kafka's key-value store throws here, and so does panrocks' (the option is about segmented stores). */
    @Test
    void aKeyValueIteratorLeftOpenWhenTheStoreClosesThrowsAsKafkas() {
        KeyValueStore<Bytes, byte[]> store = PanrocksStores.keyValueStore("kv").get();
        store.init(new TestContext(stateDir), store);
        store.put(s("a"), new byte[1]);
        KeyValueIterator<Bytes, byte[]> it = store.all();
        store.close();
        assertThrows(InvalidStateStoreException.class, it::hasNext);
        it.close();
    }

    // ---- reads and restores of a closed store -----------------------------------------------

    @Test
    void aClosedStoreReadsAsEmptyOrThrowsWhenStrict() {
        WindowStore<Bytes, byte[]> lenient = window(false, new TestContext(stateDir));
        fill(lenient);
        lenient.close();
        assertEquals(List.of(), times(lenient.fetch(s("a"), 0, 3 * MINUTE)));
        assertNull(lenient.fetch(s("a"), 31_000));
        assertEquals(List.of(), windows(lenient.all()));

        WindowStore<Bytes, byte[]> strict = window(true, new TestContext(stateDir));
        strict.close();
        String closed = "Store w is currently closed";
        assertEquals(closed, assertThrows(InvalidStateStoreException.class,
                () -> strict.fetch(s("a"), 0, 3 * MINUTE)).getMessage());
        assertEquals(closed, assertThrows(InvalidStateStoreException.class, () -> strict.fetch(s("a"), 1_000))
                .getMessage());
        assertEquals(closed, assertThrows(InvalidStateStoreException.class, strict::all).getMessage());

        SessionStore<Bytes, byte[]> strictSessions = session(true, new TestContext(stateDir));
        strictSessions.close();
        assertThrows(InvalidStateStoreException.class, () -> strictSessions.fetch(s("a")));
        assertThrows(InvalidStateStoreException.class, () -> strictSessions.fetchSession(s("a"), 0, 10));
    }

    private static List<ConsumerRecord<byte[], byte[]>> sessionChangelog() {
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        long[][] sessions = {{0, 0}, {10, 10}, {100, 100}, {1000, 1000}};
        for (int i = 0; i < sessions.length; i++) {
            records.add(new ConsumerRecord<>("s-changelog", 0, i,
                    PanrocksSessionStore.storeKey("a".getBytes(), sessions[i][0], sessions[i][1]), ("v" + i).getBytes()));
        }
        return records;
    }

    /**
     * Kafka's shouldRestore: a restore into a closed store is kept (Kafka
     * reopens its segments), read back through the closed store, and closed
     * by the next close (the directory is free for the next instance, which
     * finds the records).
     */
    @Test
    void aRestoreIntoAClosedStoreIsKeptAndTheNextCloseReleasesIt() {
        TestContext context = new TestContext(stateDir);
        SessionStore<Bytes, byte[]> store = session(false, context);
        store.close();
        context.restore(sessionChangelog());
        assertFalse(store.isOpen(), "the restore did not open the store");
        List<String> all = List.of("a@0/0=v0", "a@10/10=v1", "a@100/100=v2", "a@1000/1000=v3");
        assertEquals(all, windows(store.fetch(s("a"))));
        assertThrows(InvalidStateStoreException.class, () -> store.put(session("a", 5, 5), new byte[1]),
                "only a restore reopens a closed store's data");
        store.close();
        assertEquals(List.of(), windows(store.fetch(s("a"))));

        SessionStore<Bytes, byte[]> next = session(false, new TestContext(stateDir));
        assertEquals(all, windows(next.fetch(s("a"))));
    }

    /** Initialising the store again takes over the data the restore reopened; iterators over it end. */
    @Test
    void aStoreInitialisedAgainAfterARestoreIntoItWhileClosedKeepsTheRecords() {
        TestContext context = new TestContext(stateDir);
        SessionStore<Bytes, byte[]> store = session(false, context);
        store.close();
        context.restore(sessionChangelog());
        KeyValueIterator<Windowed<Bytes>, byte[]> before = store.fetch(s("a"));
        assertTrue(before.hasNext());
        store.init(context, store);
        assertFalse(before.hasNext(), "an iterator over the data as it was reopened ends with it");
        before.close();
        assertTrue(store.isOpen());
        assertEquals(4, windows(store.fetch(s("a"))).size());
        store.put(session("a", 5, 5), new byte[1]);
        assertEquals(5, windows(store.fetch(s("a"))).size());
    }

    @Test
    void aStrictStoreRefusesARestoreWhileClosedAndTakesItOnceInitialisedAgain() {
        TestContext context = new TestContext(stateDir);
        SessionStore<Bytes, byte[]> store = session(true, context);
        store.close();
        InvalidStateStoreException e = assertThrows(InvalidStateStoreException.class,
                () -> context.restore(sessionChangelog()));
        assertEquals("Store s is currently closed", e.getMessage());
        assertFalse(store.isOpen());

        store.init(context, store);
        assertEquals(List.of(), windows(store.fetch(s("a"))), "the refused restore wrote nothing");
        context.restore(sessionChangelog());
        assertEquals(4, windows(store.fetch(s("a"))).size());
    }

    // ---- a second instance on the same directory --------------------------------------------

    /**
     * Kafka's segmented store opens nothing on a directory without data, so
     * a second instance initialises; it conflicts when both write. panrocks'
     * conflict is per store (one DB), Kafka's per segment.
     */
    @Test
    void aSecondInstanceOnADirectoryWithoutDataInitialisesAndTheSecondWriterFails() {
        WindowStore<Bytes, byte[]> first = window(false, new TestContext(stateDir));
        WindowStore<Bytes, byte[]> second = window(false, new TestContext(stateDir));
        assertTrue(first.isOpen() && second.isOpen());
        assertEquals(List.of(), times(first.fetch(s("a"), 0, MINUTE)), "a store without a DB reads as empty");
        second.put(s("a"), "2".getBytes(), 1_000);
        assertEquals(List.of("1000=2"), times(second.fetch(s("a"), 0, MINUTE)));
        ProcessorStateException e = assertThrows(ProcessorStateException.class,
                () -> first.put(s("a"), "1".getBytes(), 1_000));
        assertTrue(e.getMessage().startsWith("Error opening store w at location "), e.getMessage());
        assertEquals(List.of("1000=2"), times(second.fetch(s("a"), 0, MINUTE)), "the second goes on");
        second.close();
        first.put(s("a"), "1".getBytes(), 1_000);
        assertEquals(List.of("1000=1"), times(first.fetch(s("a"), 0, MINUTE)), "the first writes once it is free");
    }

    @Test
    void aStrictSecondInstanceFailsAtInit() {
        WindowStore<Bytes, byte[]> first = window(true, new TestContext(stateDir));
        WindowStore<Bytes, byte[]> second = PanrocksStores.windowStore("w", Duration.ofMinutes(2), Duration.ofMinutes(1),
                false, STRICT).get();
        ProcessorStateException e = assertThrows(ProcessorStateException.class,
                () -> second.init(new TestContext(stateDir), second));
        assertTrue(e.getMessage().startsWith("Error opening store w at location "), e.getMessage());
        assertFalse(second.isOpen());
        first.put(s("a"), "1".getBytes(), 1_000);
        assertEquals(List.of("1000=1"), times(first.fetch(s("a"), 0, MINUTE)));
    }

    /** A lazily created DB still manages offsets and records statistics once it exists. */
    @Test
    void aStoreWithoutADbYetCommitsOffsetsAndCountsItsStatistics() {
        TestContext context = new TestContext(stateDir);
        WindowStore<Bytes, byte[]> store = window(false, context);
        var partition = new org.apache.kafka.common.TopicPartition("w-changelog", 0);
        assertNull(store.committedOffset(partition));
        store.commit(java.util.Map.of()); // nothing to wipe, nothing created
        assertFalse(new File(PanrocksStore.storeDir(stateDir, "w"), "CURRENT").exists());
        store.commit(java.util.Map.of(partition, 7L)); // offsets must be kept: the DB is created
        assertEquals(7L, store.committedOffset(partition));
        store.put(s("a"), new byte[100], 1_000);
        assertTrue(context.kafkaMetrics.metrics().keySet().stream().anyMatch(n -> n.name().equals("bytes-written-total")),
                "statistics sensors exist once the DB is open");
        store.close();
        WindowStore<Bytes, byte[]> again = window(false, new TestContext(stateDir));
        assertEquals(7L, again.committedOffset(partition));
    }
}
