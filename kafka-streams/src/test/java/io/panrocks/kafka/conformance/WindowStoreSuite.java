package io.panrocks.kafka.conformance;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.processor.internals.ProcessorRecordContext;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.internals.PanrocksWindowSuite;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka's window store suite on a panrocks window store, every test as Kafka
 * wrote it (none is overridden), and panrocks' own tests of what the suite
 * leaves open:
 * <ul>
 * <li>A second live instance of the store on a directory that holds data
 * fails at {@code init}, as Kafka's (which opens the existing segments
 * there), and the first goes on. On a directory without data both
 * initialise (the DB is created at the first write, as Kafka's segments),
 * which two of Kafka's tests rely on.</li>
 * <li>Reopening a store with {@code retainDuplicates} changed: as Kafka, an
 * empty store opens (the suite's {@code testPutSameKeyTimestamp},
 * {@code testFetchDuplicates} do it); one that holds data is refused, since
 * keys written under one setting are misread under the other (Kafka opens
 * it).</li>
 * </ul>
 * Windows with and without duplicates both run here: the suite's setup
 * builds {@code retainDuplicates=false}, its duplicate tests rebuild with
 * {@code true}. The strict lifecycle ({@code PanrocksStoreOptions}) is
 * tested in {@code io.panrocks.kafka.StrictLifecycleTest}.
 */
abstract class WindowStoreSuite extends PanrocksWindowSuite {

    @Test
    void aSecondLiveInstanceOnADirectoryWithDataFailsAtInitAndTheFirstGoesOn() {
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
