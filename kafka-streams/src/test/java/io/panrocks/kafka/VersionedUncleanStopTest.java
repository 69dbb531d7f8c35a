package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.TaskCorruptedException;
import org.apache.kafka.streams.state.VersionedRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A versioned store's owner killed with SIGKILL while putting versions and
 * committing (no close, no flush, the WAL off). The store must reopen with
 * every version up to its committed changelog offset, readable as of its
 * time with the right validity, and a stream time at least that of the
 * last committed version (it is written with each put, in the same atomic
 * flush as the data); under exactly-once it must report the task corrupted.
 */
class VersionedUncleanStopTest {
    @TempDir
    File stateDir;

    @Test
    void aVersionedStoreKilledMidWriteReopensWithEveryVersionItCommitted() throws Exception {
        long lastPrinted;
        try (ForkedJvm.Running child = ForkedJvm.main(VersionedUncleanStopChild.class, stateDir.toString(), "500")
                .classPath(UncleanStopTest.childClassPath()).heap("256m").timeout(Duration.ofMinutes(2)).start()) {
            String line = child.awaitLine(l -> l.startsWith("committed ") && Long.parseLong(l.substring(10)) >= 20_000,
                    Duration.ofSeconds(90));
            assertNotNull(line, "the child never got that far:\n" + child.stdoutLines());
            child.kill();
            ForkedJvm.Result r = child.await();
            assertTrue(r.killed() && r.signal() == 9, "killed by SIGKILL: " + r);
            lastPrinted = Long.parseLong(line.substring(10));
        }

        PanrocksVersionedStore eos = (PanrocksVersionedStore) PanrocksStores.versionedKeyValueStore("versioned",
                VersionedUncleanStopChild.RETENTION).get();
        assertThrows(TaskCorruptedException.class, () -> eos.init(new TestContext(stateDir)
                .with(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2), eos));

        PanrocksVersionedStore store = (PanrocksVersionedStore) PanrocksStores.versionedKeyValueStore("versioned",
                VersionedUncleanStopChild.RETENTION).get();
        store.init(new TestContext(stateDir), store);
        try {
            Long committed = store.committedOffset(VersionedUncleanStopChild.CHANGELOG);
            assertNotNull(committed, "with 64 KiB memtables some commit must have been flushed");
            assertTrue(committed >= 499 && committed <= lastPrinted + 100_000, "committed " + committed);
            assertTrue(store.observedStreamTime() >= committed, "stream time " + store.observedStreamTime()
                    + " behind the committed version " + committed);
            for (long i = 0; i <= committed; i++) {
                VersionedRecord<byte[]> v = store.recordAsOf(VersionedUncleanStopChild.key(i), i);
                assertNotNull(v, "version " + i + " of the committed " + committed + " is missing");
                assertArrayEquals(VersionedUncleanStopChild.value(i), v.value(), "version " + i);
                assertEquals(i, v.timestamp());
                long next = i + VersionedUncleanStopChild.KEYS;
                if (next <= committed) assertEquals(next, v.validTo().orElseThrow(), "version " + i + " ends at the next one");
            }
            // and the store works on
            assertEquals(-1L, store.put(VersionedUncleanStopChild.key(7), new byte[]{1}, store.observedStreamTime() + 1));
        } finally {
            store.close();
        }
    }
}
