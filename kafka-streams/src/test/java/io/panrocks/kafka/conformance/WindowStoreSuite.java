package io.panrocks.kafka.conformance;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.processor.internals.ProcessorRecordContext;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
import org.apache.kafka.streams.state.internals.PanrocksWindowSuite;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka's window store suite on a panrocks window store, with panrocks'
 * decisions where it differs from Kafka on purpose:
 * <ul>
 * <li>An iterator left open when its store closes throws
 * {@link InvalidStateStoreException} on its next use; Kafka's window store
 * answers {@code hasNext() == false}. A reader (an interactive query racing a
 * rebalance) would take that for the end of the result and act on a
 * truncated one; Kafka's own key-value store throws here, and so does
 * panrocks for every store kind.</li>
 * <li>Reopening a store with {@code retainDuplicates} changed: as Kafka, an
 * empty store opens (the suite's {@code testPutSameKeyTimestamp},
 * {@code testFetchDuplicates} do it); one that holds data is refused, since
 * keys written under one setting are misread under the other (Kafka opens
 * it).</li>
 * <li>A second live instance of the store on the same directory fails at
 * {@code init} (Kafka's segmented store opens nothing until its first write);
 * two of Kafka's tests open one beside the suite's store: panrocks runs them
 * with the suite's store closed first. See {@code SessionStoreSuite}.</li>
 * </ul>
 * Windows with and without duplicates both run here: the suite's setup
 * builds {@code retainDuplicates=false}, its duplicate tests rebuild with
 * {@code true}.
 */
abstract class WindowStoreSuite extends PanrocksWindowSuite {

    /** Replaces Kafka's test of the same name: panrocks throws where Kafka's window store answers false. */
    @Test
    @Override
    public void shouldCloseOpenIteratorsWhenStoreIsClosedAndNotThrowInvalidStateStoreExceptionOnHasNext() {
        WindowStore<Integer, String> store = suiteStore();
        store.put(1, "one", 1L);
        store.put(1, "two", 2L);
        store.put(1, "three", 3L);
        try (WindowStoreIterator<String> iterator = store.fetch(1, Instant.ofEpochMilli(1L), Instant.ofEpochMilli(3L))) {
            assertTrue(iterator.hasNext());
            store.close();
            InvalidStateStoreException e = assertThrows(InvalidStateStoreException.class, iterator::hasNext);
            assertEquals("panrocks iterator for store " + STORE_NAME + " has closed", e.getMessage());
        }
    }

    /** Kafka's test, with the suite's store on the same directory closed first (one live instance per DB). */
    @Test
    @Override
    public void shouldFetchAndIterateOverExactKeys() {
        suiteStore().close();
        super.shouldFetchAndIterateOverExactKeys();
    }

    /** Kafka's test, with the suite's store on the same directory closed first (one live instance per DB). */
    @Test
    @Override
    public void shouldFetchAndIterateOverExactBinaryKeys() {
        suiteStore().close();
        super.shouldFetchAndIterateOverExactBinaryKeys();
    }

    @Test
    void aSecondLiveInstanceOnTheSameDirectoryFailsAtInitAndTheFirstGoesOn() {
        WindowStore<Integer, String> first = suiteStore();
        first.put(1, "one", 10L);
        WindowStore<Integer, String> second = newSuiteStore(false);
        ProcessorStateException e = assertThrows(ProcessorStateException.class,
                () -> second.init(suiteContext(), second));
        assertTrue(e.getMessage().startsWith("Error opening store " + STORE_NAME + " at location "), e.getMessage());
        assertTrue(e.getCause() instanceof io.panrocks.RocksDBException, String.valueOf(e.getCause()));
        assertFalse(second.isOpen());
        first.put(1, "two", 20L);
        assertEquals("two", first.fetch(1, 20L));
    }

    /**
     * What Kafka's RocksDB suite asserts in shouldOnlyIterateOpenSegments (that
     * suite cannot run without RocksJava): a segment that expires while an
     * iterator is open over it yields nothing more.
     */
    @Test
    void anOpenIteratorSkipsASegmentThatExpiresMeanwhile() {
        WindowStore<Integer, String> store = suiteStore();
        long segment = SUITE_SEGMENT_INTERVAL; // the retention is two segments
        store.put(1, "second", segment + 1);
        store.put(1, "third", 2 * segment);
        try (WindowStoreIterator<String> iterator = store.fetch(1, Instant.ofEpochMilli(0L),
                Instant.ofEpochMilli(2 * segment))) {
            assertTrue(iterator.hasNext()); // the iterator is on the second's segment now
            store.put(1, "fourth", 4 * segment); // stream time moves on: that segment expires
            assertEquals(new KeyValue<>(2 * segment, "third"), iterator.next());
            assertFalse(iterator.hasNext());
        }
    }

    /** Kafka's shouldMatchPositionAfterPut without its casts to Kafka's internal store classes. */
    @Test
    void positionMatchesAfterPutThroughThePublicApi() {
        WindowStore<Integer, String> store = suiteStore();
        for (int offset = 1; offset <= 4; offset++) {
            suiteContext().setRecordContext(new ProcessorRecordContext(0, offset, 0, "", new RecordHeaders()));
            store.put(offset - 1, Integer.toString(offset - 1), SUITE_SEGMENT_INTERVAL);
        }
        assertEquals(Position.fromMap(Map.of("", Map.of(0, 4L))), store.getPosition());
    }

    @Test
    void reopeningWithRetainDuplicatesChangedIsRefusedOnceTheStoreHoldsData() {
        WindowStore<Integer, String> store = suiteStore();
        store.put(1, "one", 10L);
        store.close();
        WindowStore<Integer, String> duplicates = newSuiteStore(true);
        ProcessorStateException e = assertThrows(ProcessorStateException.class,
                () -> duplicates.init(suiteContext(), duplicates));
        assertTrue(e.getMessage().contains("cannot be opened as a window/") && e.getMessage().contains("/duplicates store"),
                e.getMessage());
        assertFalse(duplicates.isOpen());

        // the refused open left the data as it was
        WindowStore<Integer, String> again = newSuiteStore(false);
        again.init(suiteContext(), again);
        try {
            assertEquals("one", again.fetch(1, 10L));
        } finally {
            again.close();
        }
    }
}
