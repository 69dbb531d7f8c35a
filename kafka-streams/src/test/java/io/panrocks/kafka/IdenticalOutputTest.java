package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.Seeds;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Kafka's own test harness on both engines: every topology of
 * {@link Scenarios} (word count, an aggregation with deletions, a
 * KStream-KTable join, a windowed count, interactive range queries, session
 * windows, a stream-stream join), with the record cache on and off, run
 * through {@code TopologyTestDriver} with panrocks's stores here and with
 * Kafka's built-in RocksDB stores in a child JVM (RocksJava may not share a
 * JVM with panrocks; this JVM has no RocksJava on its class path at all).
 * The transcripts (every output record, every query answer, positions
 * included) must be identical.
 */
class IdenticalOutputTest {
    private static final Map<String, List<String>> builtin = new HashMap<>();
    private static long seed;

    static List<String> runs() {
        List<String> runs = new ArrayList<>();
        for (String s : Scenarios.ALL) {
            runs.add(s + ":false");
            runs.add(s + ":true");
        }
        return runs;
    }

    @BeforeAll
    static void runBuiltInSide() throws Exception {
        seed = Seeds.of("IdenticalOutputTest", "panrocks.kafka.diff", 1).seed(0);
        String cp = System.getProperty("panrocks.kafka.builtin.classpath");
        assertTrue(cp != null && cp.contains("rocksdbjni"), "the built-in side's class path must name rocksdbjni: " + cp);
        Path[] entries = Arrays.stream(cp.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of)
                .toArray(Path[]::new);
        List<String> args = new ArrayList<>(List.of("BUILTIN", Long.toString(seed)));
        args.addAll(runs());
        ForkedJvm.Result r = ForkedJvm.main(ScenarioMain.class, args.toArray(String[]::new))
                .classPath(entries).heap("512m").timeout(Duration.ofMinutes(4)).run();
        r.assertSuccess();
        String current = null;
        for (String line : r.stdoutLines()) {
            if (line.startsWith("### ")) {
                String[] p = line.split(" ");
                current = p[1].equals("end") ? null : p[1];
                if (current != null) builtin.put(current, new ArrayList<>());
            } else if (current != null) {
                builtin.get(current).add(line);
            }
        }
        assertEquals(runs().size(), builtin.size(), "built-in side's transcripts: " + builtin.keySet());
    }

    @TestFactory
    Stream<DynamicTest> sameOutputAsKafkasRocksDbStores() {
        return runs().stream().map(run -> DynamicTest.dynamicTest(run, () -> {
            String[] p = run.split(":");
            List<String> mine = Scenarios.run(p[0], Scenarios.Engine.PANROCKS, seed, Boolean.parseBoolean(p[1]));
            List<String> theirs = builtin.get(run);
            // each side really ran its own engine's stores
            List<String> myStores = storeLines(mine);
            List<String> theirStores = storeLines(theirs);
            assertFalse(myStores.isEmpty(), run + ": no stores?");
            assertEquals(myStores.size(), theirStores.size(), run + ": " + myStores + " vs " + theirStores);
            for (String s : myStores) assertTrue(s.contains(" io.panrocks.kafka.Panrocks"), run + ": " + s);
            for (String s : theirStores) assertTrue(s.contains(" org.apache.kafka.streams.state.internals.RocksDB"), run + ": " + s);
            mine.removeAll(myStores);
            theirs = new ArrayList<>(theirs);
            theirs.removeAll(theirStores);
            assertTrue(mine.size() > 2, "a transcript this short proves nothing: " + mine);
            compare(run, theirs, mine);
        }));
    }

    private static List<String> storeLines(List<String> transcript) {
        return transcript.stream().filter(l -> l.startsWith(Scenarios.STORE_LINE)).toList();
    }

    @org.junit.jupiter.api.Test
    void rocksJavaIsNotOnThisJvmsClassPath() {
        assertThrowsClassNotFound("org.rocksdb.RocksDB");
    }

    private static void assertThrowsClassNotFound(String name) {
        try {
            Class.forName(name);
            fail(name + " is loadable in the panrocks JVM");
        } catch (ClassNotFoundException expected) {
            // as it should be
        }
    }

    static void compare(String run, List<String> expected, List<String> actual) {
        int n = Math.min(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                fail(run + " (seed " + seed + ", replay with -Dpanrocks.kafka.diff.seed=" + seed + "): line " + i
                        + " differs\n built-in: " + clip(expected.get(i)) + "\n panrocks: " + clip(actual.get(i)));
            }
        }
        assertEquals(expected.size(), actual.size(), run + ": transcript lengths differ (the common part is equal)");
    }

    private static String clip(String s) {
        return s.length() <= 2000 ? s : s.substring(0, 2000) + "...";
    }
}
