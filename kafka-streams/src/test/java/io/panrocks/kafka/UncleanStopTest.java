package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.TaskCorruptedException;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A store's owner killed with SIGKILL in the middle of writing and
 * committing (no close, no flush, the WAL off as in Kafka). The store must
 * reopen, and what it says it committed must be there: every record up to
 * the committed changelog offset, with its value (atomic flush writes the
 * offsets only together with the data before them). Under exactly-once the
 * reopen must instead report the task corrupted, as Kafka's store does, so
 * that Kafka Streams wipes it and restores from the changelog.
 */
class UncleanStopTest {
    @TempDir
    File stateDir;

    @Test
    void aStoreKilledMidWriteReopensWithEverythingItCommitted() throws Exception {
        long lastPrinted;
        try (ForkedJvm.Running child = ForkedJvm.main(UncleanStopChild.class, stateDir.toString(), "500")
                .classPath(childClassPath()).heap("256m").timeout(Duration.ofMinutes(2)).start()) {
            String line = child.awaitLine(l -> l.startsWith("committed ") && Long.parseLong(l.substring(10)) >= 40_000,
                    Duration.ofSeconds(90));
            assertNotNull(line, "the child never got that far:\n" + child.stdoutLines());
            child.kill();
            ForkedJvm.Result r = child.await();
            assertTrue(r.killed() && r.signal() == 9, "killed by SIGKILL: " + r);
            lastPrinted = Long.parseLong(line.substring(10));
        }

        // exactly-once: the store was not closed, so its data may hold uncommitted writes
        KeyValueStore<Bytes, byte[]> eos = PanrocksStores.keyValueStore("kv").get();
        TaskCorruptedException corrupted = assertThrows(TaskCorruptedException.class, () -> eos.init(new TestContext(stateDir)
                .with(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2), eos));
        assertEquals(Set.of(new org.apache.kafka.streams.processor.TaskId(0, 0)), corrupted.corruptedTasks());

        // at-least-once: reopen and check what the committed offset promises
        KeyValueStore<Bytes, byte[]> store = PanrocksStores.keyValueStore("kv").get();
        store.init(new TestContext(stateDir), store);
        try {
            Long committed = store.committedOffset(UncleanStopChild.CHANGELOG);
            assertNotNull(committed, "with 64 KiB memtables some commit must have been flushed");
            assertTrue(committed >= 499 && committed <= lastPrinted + 100_000, "committed " + committed);
            System.out.println("UncleanStopTest: killed after committing offset " + lastPrinted + " (or later); the"
                    + " reopened store has committed offset " + committed + " and every record up to it");
            for (long i = 0; i <= committed; i++) {
                byte[] v = store.get(UncleanStopChild.key(i));
                assertNotNull(v, "record " + i + " of the committed " + committed + " is missing");
                assertArrayEquals(UncleanStopChild.value(i), v, "record " + i);
            }
            // and the store works on
            store.put(UncleanStopChild.key(-1), new byte[]{1});
            assertArrayEquals(new byte[]{1}, store.get(UncleanStopChild.key(-1)));
        } finally {
            store.close();
        }
    }

    /** The child needs panrocks, Kafka, the test classes: the built-in side's class path minus RocksJava. */
    static Path[] childClassPath() {
        return Arrays.stream(System.getProperty("panrocks.kafka.builtin.classpath").split(File.pathSeparator))
                .filter(s -> !s.isBlank() && !s.contains("rocksdbjni")).map(Path::of).toArray(Path[]::new);
    }
}
