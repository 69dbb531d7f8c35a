package io.panrocks.callbacks;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompactionJobInfo;
import io.panrocks.DBOptions;
import io.panrocks.EnvOptions;
import io.panrocks.FlushJobInfo;
import io.panrocks.IngestExternalFileOptions;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.SstFileWriter;
import io.panrocks.UncheckedRocksDBException;
import io.panrocks.WriteStallCondition;
import io.panrocks.testkit.OpenDbExtension;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.callbacks.Fixtures.u64;
import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * panrocks' JFR events, recorded by a standard {@link Recording} on the real
 * engine and read back from the dumped file: every field checked against
 * what the engine reported to a listener of the same DB (or what the test
 * wrote), and nothing committed for events a recording does not enable.
 */
class JfrEventsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    private static final String SAMPLING = "panrocks.jfr.slowReadSampling";
    private static final List<String> ALL = List.of("io.panrocks.Flush", "io.panrocks.Compaction",
            "io.panrocks.WriteStall", "io.panrocks.BackgroundError", "io.panrocks.FileIngestion",
            "io.panrocks.SlowRead");

    @FunctionalInterface
    interface Work {
        void run() throws Exception;
    }

    /**
     * The panrocks events a recording with {@code enabled} on (threshold 0)
     * and the other panrocks events off got while {@code work} ran. (JFR turns
     * an event a recording does not name on at its annotations' defaults, as
     * for any event of an application: panrocks' are on, so a recording that
     * does not want one says so.)
     */
    static List<RecordedEvent> record(Path dump, List<String> enabled, Work work) throws Exception {
        try (Recording r = new Recording()) {
            for (String name : ALL) r.disable(name);
            for (String name : enabled) r.enable(name).withThreshold(Duration.ZERO);
            r.start();
            work.run();
            r.stop();
            r.dump(dump);
        }
        List<RecordedEvent> ours = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(dump)) {
            if (e.getEventType().getName().startsWith("io.panrocks.")) ours.add(e);
        }
        return ours;
    }

    static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }

    @Test
    void flushesCompactionsStallsAndIngestionsAreRecordedWithTheEnginesData(@TempDir Path dir) throws Exception {
        Path db = fixture.dir();
        Path sst = dir.resolve("ingest.sst");
        try (SstFileWriter writer = new SstFileWriter(new EnvOptions(), new Options())) {
            writer.open(sst);
            for (int i = 0; i < 10; i++) writer.put(bytes("z" + i), bytes("ingested"));
            writer.finish();
        }
        long sstSize = Files.size(sst);
        Fixtures.Recorder heard = new Fixtures.Recorder();
        // two level-0 files delay writes and start a compaction, which makes them normal again
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(heard))
                .setLevel0FileNumCompactionTrigger(2).setLevel0SlowdownWritesTrigger(2).setLevel0StopWritesTrigger(100);
        List<RecordedEvent> events = record(dir.resolve("run.jfr"), ALL, () -> {
            try (RocksDB rocks = fixture.open(o)) {
                for (int i = 0; i < 100; i++) rocks.put(bytes("k" + i), bytes("v"));
                rocks.flush();
                for (int i = 0; i < 50; i++) rocks.put(bytes("k" + i + "x"), bytes("v"));
                rocks.flush();
                for (int i = 0; i < 300 && !(EventListenerTest.hasChange(heard.stalls, WriteStallCondition.DELAYED,
                        WriteStallCondition.NORMAL) && !heard.compactions.isEmpty()); i++) {
                    Thread.sleep(100);
                }
                rocks.ingestExternalFile(List.of(sst.toString()), new IngestExternalFileOptions());
            } // the close waits for the deliveries in progress
        });

        List<RecordedEvent> flushes = named(events, "io.panrocks.Flush");
        assertEquals(heard.flushes.size(), flushes.size(), events::toString);
        assertEquals(2, flushes.size(), events::toString);
        for (int i = 0; i < 2; i++) {
            FlushJobInfo info = heard.flushes.get(i);
            RecordedEvent e = flushes.stream().filter(f -> f.getInt("jobId") == info.getJobId()).findFirst()
                    .orElseThrow(() -> new AssertionError("no event for flush job " + info.getJobId() + ": " + flushes));
            assertEquals(db.toString(), e.getString("dbPath"));
            assertEquals("default", e.getString("columnFamily"));
            assertEquals("MANUAL_FLUSH", e.getString("reason"));
            assertEquals(i == 0 ? 100 : 50, e.getLong("entries"));
            assertEquals(info.getDataSize(), e.getLong("fileSize"));
            assertTrue(e.getLong("fileSize") > 0, e::toString);
            assertEquals(info.getFilePath(), e.getString("file"));
            assertEquals(info.getSmallestSeqno(), e.getLong("smallestSeqno"));
            assertEquals(info.getLargestSeqno(), e.getLong("largestSeqno"));
            assertEquals(info.isTriggeredWritesSlowdown(), e.getBoolean("triggeredWritesSlowdown"));
            assertFalse(e.getBoolean("triggeredWritesStop"));
            // timed from the flush's begin: a real interval, on RocksDB's flush thread
            assertTrue(e.getDuration().toNanos() > 0, e::toString);
            assertTrue(e.getThread().getJavaName() == null
                    || !e.getThread().getJavaName().equals(Thread.currentThread().getName()), e::toString);
        }

        List<RecordedEvent> compactions = named(events, "io.panrocks.Compaction");
        assertEquals(heard.compactions.size(), compactions.size(), events::toString);
        assertFalse(compactions.isEmpty());
        CompactionJobInfo c = heard.compactions.get(0);
        RecordedEvent ce = compactions.stream().filter(x -> x.getInt("jobId") == c.getJobId()).findFirst().orElseThrow();
        assertEquals(db.toString(), ce.getString("dbPath"));
        assertEquals("default", ce.getString("columnFamily"));
        assertEquals(c.getCompactionReason().name(), ce.getString("reason"));
        assertEquals("LEVEL_L0_FILES_NUM", ce.getString("reason"));
        assertEquals(2, ce.getLong("inputFiles"));
        assertEquals(c.getOutputFileCount(), ce.getLong("outputFiles"));
        assertEquals(0, ce.getInt("baseInputLevel"));
        assertEquals(c.getOutputLevel(), ce.getInt("outputLevel"));
        assertEquals(150, ce.getLong("inputRecords"));
        assertEquals(c.getOutputRecords(), ce.getLong("outputRecords"));
        assertEquals(c.getTotalInputBytes(), ce.getLong("inputBytes"));
        assertTrue(ce.getLong("inputBytes") > 0);
        assertEquals(c.getTotalOutputBytes(), ce.getLong("outputBytes"));
        assertEquals(c.getElapsedMicros(), ce.getLong("elapsed"));
        assertEquals("Ok", ce.getString("status"));
        assertTrue(ce.getDuration().toNanos() > 0, ce::toString);

        List<RecordedEvent> stalls = named(events, "io.panrocks.WriteStall");
        assertEquals(heard.stalls.size(), stalls.size(), events::toString);
        assertTrue(stalls.stream().anyMatch(s -> s.getString("previousCondition").equals("NORMAL")
                && s.getString("condition").equals("DELAYED")), stalls::toString);
        assertTrue(stalls.stream().anyMatch(s -> s.getString("previousCondition").equals("DELAYED")
                && s.getString("condition").equals("NORMAL")), stalls::toString);
        for (RecordedEvent s : stalls) {
            assertEquals(db.toString(), s.getString("dbPath"));
            assertEquals("default", s.getString("columnFamily"));
        }

        List<RecordedEvent> ingestions = named(events, "io.panrocks.FileIngestion");
        assertEquals(1, ingestions.size(), events::toString);
        RecordedEvent in = ingestions.get(0);
        assertEquals(db.toString(), in.getString("dbPath"));
        assertEquals("default", in.getString("columnFamily"));
        assertEquals(sst.toString(), in.getString("externalFile"));
        assertTrue(in.getString("internalFile").startsWith(db.toString()) && in.getString("internalFile").endsWith(".sst"),
                in::toString);
        assertEquals(sstSize, in.getLong("fileSize"));
        // committed on the ingesting thread, inside ingestExternalFile
        assertEquals(Thread.currentThread().getName(), in.getThread().getJavaName());

        assertTrue(named(events, "io.panrocks.BackgroundError").isEmpty(), events::toString);
        assertTrue(named(events, "io.panrocks.SlowRead").isEmpty(), "no read was made: " + events);
    }

    @Test
    void aFailedFlushIsABackgroundErrorEventWithRocksDbsStatus(@TempDir Path dir) throws Exception {
        Fixtures.Add add = new Fixtures.Add();
        Fixtures.Recorder heard = new Fixtures.Recorder();
        Path db = fixture.dir();
        List<RecordedEvent> events = record(dir.resolve("error.jfr"), ALL, () -> {
            try (RocksDB rocks = fixture.open(new Options().setCreateIfMissing(true).setMergeOperator(add)
                    .setListeners(List.of(heard)))) {
                rocks.put(bytes("k"), u64(1));
                rocks.merge(bytes("k"), u64(2));
                add.refuse = true; // the merge in the flush fails: a Corruption in the background
                assertThrows(RocksDBException.class, rocks::flush);
            } catch (UncheckedRocksDBException closing) {
                // the close may report the background error
            }
        });
        List<RecordedEvent> errors = named(events, "io.panrocks.BackgroundError");
        assertEquals(heard.errors.size(), errors.size(), events::toString);
        assertFalse(errors.isEmpty(), events::toString);
        RecordedEvent e = errors.get(0);
        assertEquals(db.toString(), e.getString("dbPath"));
        assertEquals(heard.errorReasons.get(0).name(), e.getString("reason"));
        assertTrue(e.getString("reason").startsWith("FLUSH"), e::toString);
        assertEquals("Corruption", e.getString("code"));
        assertEquals(heard.errors.get(0).getSubCode().name(), e.getString("subCode"));
        assertEquals(heard.errors.get(0).severity().name(), e.getString("severity"));
        assertEquals(heard.errors.get(0).getState(), e.getString("message"));
        assertNotNull(e.getString("message"));
        // the failed flush was begun but never completed: no Flush event
        assertTrue(named(events, "io.panrocks.Flush").isEmpty(), events::toString);
    }

    @Test
    void sampledReadsOverTheThresholdAreSlowReadEvents(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("db");
        String before = System.setProperty(SAMPLING, "1"); // every read timed; read by the open
        try {
            List<RecordedEvent> events;
            try (ColumnFamilyOptions cfo = new ColumnFamilyOptions();
                 DBOptions dbo = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)) {
                List<ColumnFamilyHandle> handles = new ArrayList<>();
                try (RocksDB rocks = RocksDB.open(dbo, db, List.of(new ColumnFamilyDescriptor(
                        RocksDB.DEFAULT_COLUMN_FAMILY, cfo), new ColumnFamilyDescriptor(bytes("users"), cfo)), handles)) {
                    ColumnFamilyHandle users = handles.get(1);
                    rocks.put(users, bytes("alice"), new byte[1234]);
                    rocks.put(bytes("bob"), bytes("12345"));
                    rocks.get(bytes("before")); // no recording yet: not recorded
                    events = record(dir.resolve("reads.jfr"), List.of("io.panrocks.SlowRead"), () -> {
                        assertEquals(1234, rocks.get(users, bytes("alice")).length);
                        assertEquals(RocksDB.NOT_FOUND, rocks.get(bytes("absent-key"), new byte[8]));
                        try (Arena arena = Arena.ofConfined()) {
                            assertEquals(5, rocks.get(arena.allocateFrom("bob", java.nio.charset.StandardCharsets.UTF_8)
                                    .asSlice(0, 3), arena.allocate(2)));
                        }
                        ByteBuffer key = ByteBuffer.allocateDirect(5).put(bytes("alice")).flip();
                        assertEquals(1234, rocks.get(users, new io.panrocks.ReadOptions(), key,
                                ByteBuffer.allocateDirect(16)));
                        assertEquals(5, rocks.get(bytes("xbobx"), 1, 3).length);
                    });
                    for (ColumnFamilyHandle h : handles) h.close();
                }
            }
            List<RecordedEvent> reads = named(events, "io.panrocks.SlowRead");
            assertEquals(5, reads.size(), events::toString);
            assertEquals(5, events.size(), "only the enabled event: " + events);
            // in the order of the reads, on this thread
            long[][] expected = {{5, 1234}, {10, -1}, {3, 5}, {5, 1234}, {3, 5}};
            String[] families = {"users", "default", "default", "users", "default"};
            List<RecordedEvent> ordered = reads.stream()
                    .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime)).toList();
            for (int i = 0; i < 5; i++) {
                RecordedEvent e = ordered.get(i);
                assertEquals(db.toString(), e.getString("dbPath"), e::toString);
                assertEquals(families[i], e.getString("columnFamily"), e::toString);
                assertEquals(expected[i][0], e.getLong("keyLength"), e::toString);
                assertEquals(expected[i][1], e.getLong("valueLength"), e::toString);
                assertEquals(1, e.getInt("sampling"));
                assertTrue(e.getDuration().toNanos() > 0, e::toString);
                assertEquals(Thread.currentThread().getName(), e.getThread().getJavaName());
                assertNotNull(e.getStackTrace(), "a slow read says who read");
            }
        } finally {
            if (before == null) System.clearProperty(SAMPLING);
            else System.setProperty(SAMPLING, before);
        }
    }

    @Test
    void theThresholdAndTheSamplingKeepFastReadsOut(@TempDir Path dir) throws Exception {
        Path db = fixture.dir();
        String before = System.setProperty(SAMPLING, "4");
        try (RocksDB rocks = fixture.db()) {
            rocks.put(bytes("k"), bytes("v"));
            // the default threshold (10 ms): a read from the memtable never takes it
            List<RecordedEvent> defaults;
            try (Recording r = new Recording()) {
                r.start(); // no setting of panrocks': the events' own defaults
                for (int i = 0; i < 2000; i++) rocks.get(bytes("k"));
                r.stop();
                r.dump(dir.resolve("default.jfr"));
                defaults = named(RecordingFile.readAllEvents(dir.resolve("default.jfr")), "io.panrocks.SlowRead");
            }
            // (a read on a loaded machine may be descheduled that long: such a read is recorded, rightly)
            assertTrue(defaults.size() < 20, defaults::toString);
            for (RecordedEvent e : defaults) assertTrue(e.getDuration().toMillis() >= 10, e::toString);
            // threshold 0, one in 4 sampled at random: about 500 of 2000
            List<RecordedEvent> sampled = record(dir.resolve("sampled.jfr"), List.of("io.panrocks.SlowRead"), () -> {
                for (int i = 0; i < 2000; i++) rocks.get(bytes("k"));
            });
            assertTrue(sampled.size() > 300 && sampled.size() < 700, "sampled " + sampled.size());
            for (RecordedEvent e : sampled) assertEquals(4, e.getInt("sampling"));
        } finally {
            if (before == null) System.clearProperty(SAMPLING);
            else System.setProperty(SAMPLING, before);
        }
    }

    @Test
    void eventsARecordingDoesNotEnableAreNotCommitted(@TempDir Path dir) throws Exception {
        Fixtures.Recorder heard = new Fixtures.Recorder();
        Path db = fixture.dir();
        String before = System.setProperty(SAMPLING, "1");
        try {
            // a recording with JDK events and slow reads on, panrocks' background events off
            List<RecordedEvent> events = record(dir.resolve("others.jfr"), List.of("jdk.ThreadSleep",
                    "io.panrocks.SlowRead"), () -> {
                        try (RocksDB rocks = fixture.open(new Options().setCreateIfMissing(true).setListeners(List.of(heard))
                                .setLevel0FileNumCompactionTrigger(2))) {
                            for (int round = 0; round < 2; round++) {
                                rocks.put(bytes("k" + round), bytes("v"));
                                rocks.flush();
                            }
                            rocks.compactRange();
                            rocks.get(bytes("k0"));
                        }
                    });
            assertEquals(2, heard.flushes.size());
            assertFalse(heard.compactions.isEmpty());
            // the flushes and compactions happened, the user's listener heard them, JFR got none of them
            assertEquals(List.of("io.panrocks.SlowRead"), events.stream().map(e -> e.getEventType().getName())
                    .distinct().toList(), events::toString);
        } finally {
            if (before == null) System.clearProperty(SAMPLING);
            else System.setProperty(SAMPLING, before);
        }
    }

    @Test
    void aBadEventsPropertyFailsTheOpenWithItsName(@TempDir Path dir) {
        for (String bad : List.of("yes", "", "off")) {
            String before = System.setProperty("panrocks.jfr.events", bad);
            try {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db")).close());
                assertTrue(e.getMessage().contains("panrocks.jfr.events") && e.getMessage().contains("'" + bad + "'"),
                        e::getMessage);
                assertFalse(Files.exists(dir.resolve("db")), "refused before the engine was asked");
            } finally {
                if (before == null) System.clearProperty("panrocks.jfr.events");
                else System.setProperty("panrocks.jfr.events", before);
            }
        }
    }

    @Test
    void aBadSamplingPropertyFailsTheOpenWithItsName(@TempDir Path dir) {
        for (String bad : List.of("0", "-3", "often", "")) {
            String before = System.setProperty(SAMPLING, bad);
            try {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db")).close());
                assertTrue(e.getMessage().contains(SAMPLING) && e.getMessage().contains("'" + bad + "'"),
                        e::getMessage);
                assertFalse(Files.exists(dir.resolve("db")), "refused before the engine was asked");
            } finally {
                if (before == null) System.clearProperty(SAMPLING);
                else System.setProperty(SAMPLING, before);
            }
        }
    }
}
