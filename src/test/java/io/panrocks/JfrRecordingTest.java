package io.panrocks;

import io.panrocks.fork.JfrChild;
import io.panrocks.fork.JfrLateRecordingChild;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * panrocks' JFR events as a user meets them: a child JVM started with
 * {@code -XX:StartFlightRecording} (and no code of its own for JFR) writes
 * a recording that the JDK's {@code jfr print} shows, on the class path and
 * on the module path (where the events live in a package the module does
 * not export); a child without a recording never initializes JFR.
 */
class JfrRecordingTest {

    @Test
    void aCommandLineRecordingHasTheEventsAndJfrPrintShowsThem(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("class-path.jfr");
        ForkedJvm.Result r = ForkedJvm.main(JfrChild.class, dir.resolve("db").toString())
                .jvmFlags(startFlightRecording(recording))
                .systemProperty("panrocks.jfr.slowReadSampling", "1")
                .run().assertSuccess();
        assertTrue(r.stdout().contains("jfr-initialized=true"), r::toString);
        checkPrinted(recording, dir.resolve("db"));
    }

    @Test
    void onTheModulePathTooJfrRecordsTheEventsOfTheUnexportedPackage(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("module-path.jfr");
        ForkedJvm.main(JfrChild.class, dir.resolve("db").toString())
                .jvmFlags("--module-path", ForkedJvm.panrocksLocation().toString(), "--add-modules", "io.panrocks",
                        startFlightRecording(recording))
                .nativeAccess("io.panrocks")
                .classPath(ForkedJvm.testClasses())
                .systemProperty("panrocks.jfr.slowReadSampling", "1")
                .run().assertSuccess();
        checkPrinted(recording, dir.resolve("db"));
    }

    @Test
    void aRecordingStartedWhileADbRunsGetsItsReadsAndWithTheListenerAskedForItsFlushes(@TempDir Path dir)
            throws Exception {
        // by default a DB opened before JFR was up has no listener (its open paid no upcall stub):
        // its reads are recorded, its flushes not
        Files.createDirectories(dir.resolve("auto"));
        Files.createDirectories(dir.resolve("always"));
        ForkedJvm.Result auto = ForkedJvm.main(JfrLateRecordingChild.class, dir.resolve("auto").toString())
                .run().assertSuccess();
        assertTrue(auto.stdout().contains("initialized-before=false"), auto::toString);
        assertTrue(auto.stdout().contains("flushes=0 reads=10"), auto::toString);
        // -Dpanrocks.jfr.events=true: the listener in every DB, for recordings started later (jcmd JFR.start)
        ForkedJvm.Result always = ForkedJvm.main(JfrLateRecordingChild.class, dir.resolve("always").toString())
                .systemProperty("panrocks.jfr.events", "true").run().assertSuccess();
        assertTrue(always.stdout().contains("initialized-before=false"), always::toString);
        assertTrue(always.stdout().contains("flushes=1 reads=10"), always::toString);
        // false: no listener even with JFR up, the reads still recorded
        ForkedJvm.Result never = ForkedJvm.main(JfrChild.class, dir.resolve("never").toString())
                .jvmFlags(startFlightRecording(dir.resolve("never.jfr")))
                .systemProperty("panrocks.jfr.events", "false").run().assertSuccess();
        assertFalse(jfrPrint(dir.resolve("never.jfr"), "io.panrocks.Flush").contains("io.panrocks.Flush {"));
        assertTrue(jfrPrint(dir.resolve("never.jfr"), "io.panrocks.SlowRead").contains("io.panrocks.SlowRead {"),
                never::toString);
    }

    @Test
    void withoutARecordingPanrocksNeverStartsJfr(@TempDir Path dir) throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(JfrChild.class, dir.resolve("db").toString())
                .jvmFlags("-Xlog:class+load=info").run().assertSuccess();
        assertTrue(r.stdout().contains("jfr-initialized=false"), r::toString);
        // the gets and the open asked (panrocks' Jfr class is loaded) but loaded no event class: the
        // first one a JVM loads costs it ~0.4 s of JFR's instrumentation, and no listener was installed
        assertTrue(r.stdout().contains("io.panrocks.internal.jfr.Jfr "), "the check ran");
        for (String event : List.of("SlowReadEvent", "FlushEvent", "CompactionEvent", "DbEvent")) {
            assertFalse(r.stdout().contains("io.panrocks.internal.jfr." + event), event);
        }
        assertFalse(r.stdout().contains("io.panrocks.internal.callbacks.JfrListener"), "no listener without JFR");
    }

    /**
     * The standard option, with the one setting a user adds to see fast
     * reads: SlowRead's threshold at 0 (with JFR's {@code +}, which an event
     * not loaded yet at the JVM's start needs: without it JFR warns that the
     * setting does not exist and keeps the default, 10 ms).
     */
    private static String startFlightRecording(Path file) {
        return "-XX:StartFlightRecording:filename=" + file + ",+io.panrocks.SlowRead#threshold=0ms";
    }

    private static void checkPrinted(Path recording, Path db) throws IOException, InterruptedException {
        assertTrue(Files.size(recording) > 0);
        String flushes = jfrPrint(recording, "io.panrocks.Flush");
        assertEquals(2, count(flushes, "io.panrocks.Flush {"), flushes);
        assertEquals(2, count(flushes, "entries = 100\n"), flushes);
        assertEquals(2, count(flushes, "reason = \"MANUAL_FLUSH\""), flushes);
        assertEquals(2, count(flushes, "dbPath = \"" + db + "\""), flushes);
        assertEquals(2, count(flushes, "columnFamily = \"default\""), flushes);
        String compactions = jfrPrint(recording, "io.panrocks.Compaction");
        assertTrue(count(compactions, "io.panrocks.Compaction {") >= 1, compactions);
        assertTrue(compactions.contains("inputRecords = 200\n"), compactions);
        assertTrue(compactions.contains("outputRecords = 100\n"), compactions);
        assertTrue(compactions.contains("status = \"Ok\""), compactions);
        String reads = jfrPrint(recording, "io.panrocks.SlowRead");
        assertEquals(100, count(reads, "io.panrocks.SlowRead {"), reads.length() > 4000 ? reads.substring(0, 4000) : reads);
        // keys k1-0 .. k1-99: ten of 4 bytes, ninety of 5
        assertEquals(10, count(reads, "keyLength = 4 bytes\n"), reads.substring(0, Math.min(4000, reads.length())));
        assertEquals(90, count(reads, "keyLength = 5 bytes\n"), reads.substring(0, Math.min(4000, reads.length())));
        assertEquals(100, count(reads, "valueLength = 10 bytes"), reads.substring(0, Math.min(4000, reads.length())));
        assertFalse(jfrPrint(recording, "io.panrocks.BackgroundError").contains("io.panrocks.BackgroundError {"));
    }

    /** {@code jfr print --events name file}: the JDK's own tool beside the java that runs the suite. */
    private static String jfrPrint(Path recording, String event) throws IOException, InterruptedException {
        Path jfr = ForkedJvm.javaBinary().resolveSibling("jfr");
        Process p = new ProcessBuilder(List.of(jfr.toString(), "print", "--events", event, recording.toString()))
                .redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) n++;
        return n;
    }
}
