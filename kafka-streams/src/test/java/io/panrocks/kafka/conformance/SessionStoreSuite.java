package io.panrocks.kafka.conformance;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.SessionWindow;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.internals.PanrocksSessionSuite;
import org.apache.kafka.test.MockRecordCollector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka's session store suite on a panrocks session store, with panrocks'
 * decisions where it differs from Kafka on purpose: a closed store is closed.
 * <ul>
 * <li>An iterator left open when its store closes throws
 * {@link InvalidStateStoreException} on its next use; Kafka's session store
 * answers {@code hasNext() == false}, which a reader takes for the end of a
 * complete result. Kafka's own key-value store throws here.</li>
 * <li>{@code fetch} on a closed store throws
 * {@code InvalidStateStoreException("Store <name> is currently closed")};
 * Kafka's answers an empty iterator, as if the key had no sessions.</li>
 * <li>A restore into a closed store throws the same; Kafka's reopens the
 * segments it writes to behind the closed store's back. panrocks stores
 * nothing there and says so, rather than accept a write it cannot keep; once
 * the store is initialised again, the same restore brings every session
 * back.</li>
 * <li>A second live instance of the store on the same directory fails at
 * {@code init}: panrocks opens the store's DB there, and RocksDB (with
 * panrocks' own check in front) lets one instance hold a DB. Kafka's segmented
 * store opens nothing until its first write, so the second instance "works"
 * until both write to the same segment. Kafka Streams itself never does this
 * (it locks task directories); two of Kafka's tests do, with a store that is
 * not the one the suite opened: panrocks runs them with the suite's store
 * closed first.</li>
 * </ul>
 */
abstract class SessionStoreSuite extends PanrocksSessionSuite {

    /** Replaces Kafka's test of the same name: panrocks throws where Kafka's session store answers false. */
    @Test
    @Override
    public void shouldCloseOpenIteratorsWhenStoreIsClosedAndNotThrowInvalidStateStoreExceptionOnHasNext() {
        SessionStore<String, Long> store = suiteStore();
        store.put(new Windowed<>("a", new SessionWindow(0, 0)), 1L);
        store.put(new Windowed<>("b", new SessionWindow(10, 50)), 2L);
        store.put(new Windowed<>("c", new SessionWindow(100, 500)), 3L);
        try (KeyValueIterator<Windowed<String>, Long> iterator = store.fetch("a")) {
            assertTrue(iterator.hasNext());
            store.close();
            InvalidStateStoreException e = assertThrows(InvalidStateStoreException.class, iterator::hasNext);
            assertEquals("panrocks iterator for store " + STORE_NAME + " has closed", e.getMessage());
        }
    }

    /**
     * Replaces Kafka's test of the same name: reading or restoring a closed
     * store throws (Kafka's answers nothing and accepts the restore); the
     * changelog restores every session once the store is open again.
     */
    @Test
    @Override
    public void shouldRestore() {
        SessionStore<String, Long> store = suiteStore();
        List<KeyValue<Windowed<String>, Long>> expected = List.of(
                KeyValue.pair(new Windowed<>("a", new SessionWindow(0, 0)), 1L),
                KeyValue.pair(new Windowed<>("a", new SessionWindow(10, 10)), 2L),
                KeyValue.pair(new Windowed<>("a", new SessionWindow(100, 100)), 3L),
                KeyValue.pair(new Windowed<>("a", new SessionWindow(1000, 1000)), 4L));
        for (KeyValue<Windowed<String>, Long> kv : expected) store.put(kv.key, kv.value);
        assertEquals(expected, sessionsOf(store, "a"));

        store.close();
        String closed = "Store " + STORE_NAME + " is currently closed";
        assertEquals(closed, assertThrows(InvalidStateStoreException.class, () -> store.fetch("a")).getMessage());

        List<KeyValue<byte[], byte[]>> changelog = new ArrayList<>();
        for (ProducerRecord<Object, Object> record : ((MockRecordCollector) suiteContext().recordCollector()).collected()) {
            changelog.add(new KeyValue<>(((Bytes) record.key()).get(), (byte[]) record.value()));
        }
        assertEquals(expected.size(), changelog.size());
        assertEquals(closed, assertThrows(InvalidStateStoreException.class,
                () -> suiteContext().restore(store.name(), changelog)).getMessage());
        assertFalse(store.isOpen(), "the refused restore did not reopen the store");

        store.init(suiteContext(), store);
        suiteContext().restore(store.name(), changelog);
        assertEquals(expected, sessionsOf(store, "a"));
    }

    /** Kafka's test, with the suite's store on the same directory closed first (one live instance per DB). */
    @Test
    @Override
    public void shouldFetchAndIterateOverExactBinaryKeys() {
        suiteStore().close();
        super.shouldFetchAndIterateOverExactBinaryKeys();
    }

    /** Kafka's test, with the suite's store on the same directory closed first (one live instance per DB). */
    @Test
    @Override
    public void shouldBackwardFetchAndIterateOverExactBinaryKeys() {
        suiteStore().close();
        super.shouldBackwardFetchAndIterateOverExactBinaryKeys();
    }

    @Test
    void aSecondLiveInstanceOnTheSameDirectoryFailsAtInitAndTheFirstGoesOn() {
        SessionStore<String, Long> first = suiteStore();
        first.put(new Windowed<>("a", new SessionWindow(0, 0)), 1L);
        SessionStore<String, Long> second = newSuiteStore();
        ProcessorStateException e = assertThrows(ProcessorStateException.class,
                () -> second.init(suiteContext(), second));
        assertTrue(e.getMessage().startsWith("Error opening store " + STORE_NAME + " at location "), e.getMessage());
        assertTrue(e.getCause() instanceof io.panrocks.RocksDBException, String.valueOf(e.getCause()));
        assertFalse(second.isOpen());
        first.put(new Windowed<>("a", new SessionWindow(5, 5)), 2L);
        assertEquals(2, sessionsOf(first, "a").size());
    }

    private static List<KeyValue<Windowed<String>, Long>> sessionsOf(SessionStore<String, Long> store, String key) {
        List<KeyValue<Windowed<String>, Long>> out = new ArrayList<>();
        try (KeyValueIterator<Windowed<String>, Long> it = store.fetch(key)) {
            it.forEachRemaining(out::add);
        }
        return out;
    }
}
