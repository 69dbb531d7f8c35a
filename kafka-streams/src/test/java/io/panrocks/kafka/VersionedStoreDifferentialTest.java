package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.Seeds;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka's versioned-store tests as the conformance check: the operation
 * sequences of Kafka's {@code RocksDBVersionedStoreTest} (with the answers
 * its assertions expect), random operation scripts, and DSL topologies
 * joining versioned tables, run through Kafka's store layers in a
 * {@code TopologyTestDriver} on panrocks's versioned store here and on
 * Kafka's built-in one in a child JVM (with RocksJava, which this JVM does
 * not have). Every put's validTo, every read (also as of a time, also by
 * IQv2 with validTo and position), every version listing, every output
 * record must be identical, and both stores must meet Kafka's expectations.
 */
class VersionedStoreDifferentialTest {
    private static final Map<String, List<String>> builtin = new HashMap<>();
    private static final List<String> builtinFailures = new ArrayList<>();
    private static ForkedJvm.Running builtinSide;
    private static List<String> runs;
    private static long seed;

    /** kafka:<case>, random:<seed>:<ops>, join:<seed> */
    static List<String> runs(long seed) {
        List<String> out = new ArrayList<>();
        for (VersionedScripts.Script s : VersionedScripts.kafkaCases()) out.add("kafka:" + s.name());
        for (VersionedScripts.Script s : VersionedScripts.differences()) out.add("difference:" + s.name());
        int randoms = Seeds.scaled(40);
        for (int i = 0; i < randoms; i++) out.add("random:" + (seed + i) + ":150");
        int joins = Seeds.scaled(6);
        for (int i = 0; i < joins; i++) out.add("join:" + (seed + 1000 + i));
        return out;
    }

    static List<String> run(String run, VersionedScripts.Engine engine, List<String> failures) throws Exception {
        String[] p = run.split(":");
        return switch (p[0]) {
            case "kafka" -> VersionedScripts.run(VersionedScripts.kafkaCases().stream()
                    .filter(s -> s.name().equals(p[1])).findFirst().orElseThrow(), engine, failures);
            case "random" -> VersionedScripts.run(VersionedScripts.random(Long.parseLong(p[1]), Integer.parseInt(p[2])),
                    engine, failures);
            case "join" -> VersionedJoins.run(engine, Long.parseLong(p[1]));
            case "difference" -> VersionedScripts.run(VersionedScripts.differences().stream()
                    .filter(s -> s.name().equals(p[1])).findFirst().orElseThrow(), engine, failures);
            default -> throw new IllegalArgumentException(run);
        };
    }

    @BeforeAll
    static void startBuiltInSide() throws Exception {
        seed = Seeds.of("VersionedStoreDifferentialTest", "panrocks.kafka.versioned", 1).seed(0);
        runs = runs(seed);
        String cp = System.getProperty("panrocks.kafka.builtin.classpath");
        assertTrue(cp != null && cp.contains("rocksdbjni"), "the built-in side's class path must name rocksdbjni: " + cp);
        List<String> args = new ArrayList<>(List.of("BUILTIN"));
        args.addAll(runs);
        builtinSide = ForkedJvm.main(VersionedScenarioMain.class, args.toArray(String[]::new))
                .classPath(IdenticalOutputTest.builtinClassPath()).heap("512m").timeout(Duration.ofMinutes(5)).start();
    }

    @AfterAll
    static void stopBuiltInSide() throws Exception {
        if (builtinSide != null) builtinSide.close();
    }

    private static synchronized Map<String, List<String>> builtin() throws InterruptedException {
        if (!builtin.isEmpty()) return builtin;
        ForkedJvm.Result r = builtinSide.await();
        r.assertSuccess();
        String current = null;
        for (String line : r.stdoutLines()) {
            if (line.startsWith("### ")) {
                String[] p = line.split(" ");
                current = p[1].equals("end") ? null : p[1];
                if (current != null) builtin.put(current, new ArrayList<>());
            } else if (line.startsWith("!!! ")) {
                builtinFailures.add(line);
            } else if (current != null) {
                builtin.get(current).add(line);
            }
        }
        assertEquals(runs.size(), builtin.size(), "built-in side's transcripts: " + builtin.keySet());
        return builtin;
    }

    @TestFactory
    Stream<DynamicTest> sameAnswersAsKafkasVersionedStore() {
        return runs.stream().filter(run -> !run.startsWith("difference:")).map(run -> DynamicTest.dynamicTest(run, () -> {
            List<String> failures = new ArrayList<>();
            List<String> mine = run(run, VersionedScripts.Engine.PANROCKS, failures);
            List<String> theirs = builtin().get(run);
            List<String> myStores = mine.stream().filter(l -> l.startsWith(VersionedScripts.STORE_LINE)).toList();
            List<String> theirStores = theirs.stream().filter(l -> l.startsWith(VersionedScripts.STORE_LINE)).toList();
            assertTrue(!myStores.isEmpty() && myStores.size() == theirStores.size(), run + ": " + myStores + " vs " + theirStores);
            for (String s : myStores) assertTrue(s.endsWith("io.panrocks.kafka.PanrocksVersionedStore"), run + ": " + s);
            for (String s : theirStores) assertTrue(s.contains("org.apache.kafka.streams.state.internals."), run + ": " + s);
            assertTrue(mine.size() > 3, "a transcript this short proves nothing: " + mine);
            assertEquals(List.of(), failures, run + ": panrocks does not meet Kafka's expectations");
            if (run.startsWith("kafka:")) {
                assertEquals(List.of(), builtinFailures.stream().filter(f -> f.contains(" " + run.substring(6) + ": ")).toList(),
                        run + ": Kafka's store does not meet its own test's expectations as re-expressed here");
            }
            mine = new ArrayList<>(mine);
            mine.removeAll(myStores);
            theirs = new ArrayList<>(theirs);
            theirs.removeAll(theirStores);
            compare(run, theirs, mine);
        }));
    }

    /**
     * The two places panrocks answers differently from Kafka's store, on
     * purpose, pinned on both sides (if Kafka's store changes, this fails
     * and the difference may be gone).
     */
    @Test
    void theIntendedDifferences() throws Exception {
        // a tombstone at the timestamp of a key's newest value: panrocks keeps it, Kafka's store forgets it
        // unless an older version ends there
        List<String> mine = run("difference:tombstoneOverOnlyVersion", VersionedScripts.Engine.PANROCKS, new ArrayList<>());
        List<String> theirs = builtin().get("difference:tombstoneOverOnlyVersion");
        assertEquals("20", answer(mine, "put k old 15"), "the older version lasts until the tombstone");
        assertEquals("null", answer(mine, "get k"));
        assertTrue(answer(mine, "at k 25").startsWith("api null iq null "), mine.toString());
        assertTrue(answer(mine, "at k 16").startsWith("api old@15 iq old@15..20 "), mine.toString());
        assertEquals("-1", answer(theirs, "put k old 15"), "Kafka's store: the older put is the newest version");
        assertEquals("old@15", answer(theirs, "get k"));
        assertTrue(answer(theirs, "at k 25").startsWith("api old@15 iq old@15 "), theirs.toString());
        mine = run("difference:tombstoneOverValueAfterDeletion", VersionedScripts.Engine.PANROCKS, new ArrayList<>());
        theirs = builtin().get("difference:tombstoneOverValueAfterDeletion");
        assertEquals("20", answer(mine, "put k old 15"));
        assertEquals("null", answer(mine, "get k"));
        assertEquals("-1", answer(theirs, "put k old 15"));
        assertEquals("old@15", answer(theirs, "get k"));
        for (String same : List.of("put k a 5", "put k null 10", "put k v 20", "put k null 20")) {
            assertEquals(answer(theirs, same), answer(mine, same), same);
        }
        assertTrue(answer(mine, "at k 16").startsWith("api old@15 iq old@15..20 "), mine.toString());
        assertTrue(answer(theirs, "at k 16").startsWith("api old@15 iq old@15 "), theirs.toString());
        // a version listing ending before a version stopped being valid, in an earlier segment
        mine = run("difference:listingEndsInAnEarlierSegment", VersionedScripts.Engine.PANROCKS, new ArrayList<>());
        theirs = builtin().get("difference:listingEndsInAnEarlierSegment");
        assertTrue(answer(mine, "all k 0 9").startsWith("[a@5..25] "), mine.toString());
        assertTrue(answer(theirs, "all k 0 9").startsWith("[] "), "Kafka's store misses a@5..25: " + theirs);
        for (String same : List.of("all k 0 24", "all k 0 25", "at k 9")) {
            assertEquals(answer(theirs, same), answer(mine, same), same);
        }
        assertTrue(answer(mine, "at k 9").startsWith("api a@5 iq a@5..25 "), mine.toString());
    }

    private static String answer(List<String> transcript, String op) {
        return transcript.stream().filter(l -> l.startsWith(op + " -> ")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + op + " in " + transcript)).substring(op.length() + 4);
    }

    private static void compare(String run, List<String> expected, List<String> actual) {
        String replay = " (replay all runs: -Dpanrocks.kafka.versioned.seed=" + seed + ")";
        int n = Math.min(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                throw new AssertionError(run + ": line " + i + " differs" + replay + "\n built-in: " + expected.get(i)
                        + "\n panrocks: " + actual.get(i));
            }
        }
        assertEquals(expected.size(), actual.size(), run + ": transcript lengths differ (the common part is equal)");
    }
}
