package io.panrocks.kafka.conformance;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.SessionWindow;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.internals.PanrocksSessionSuite;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka's session store suite on a panrocks session store, every test as
 * Kafka wrote it (none is overridden), and panrocks' own test of what the
 * suite leaves open: a second live instance of the store on a directory that
 * holds data fails at {@code init}, as Kafka's (which opens the existing
 * segments there), and the first goes on. On a directory without data both
 * initialise (the DB is created at the first write, as Kafka's segments),
 * which two of Kafka's tests rely on. The strict lifecycle
 * ({@code PanrocksStoreOptions}) is tested in
 * {@code io.panrocks.kafka.StrictLifecycleTest}.
 */
abstract class SessionStoreSuite extends PanrocksSessionSuite {

    @Test
    void aSecondLiveInstanceOnADirectoryWithDataFailsAtInitAndTheFirstGoesOn() {
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
