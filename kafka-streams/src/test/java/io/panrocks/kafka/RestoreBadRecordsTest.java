package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.utils.LogCaptureAppender;
import org.apache.kafka.test.InternalMockProcessorContext;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35's second defect: the batching restore of a window or session
 * store took changelog records it cannot hold (a negative or
 * {@code Long.MAX_VALUE} window start, a session that ends before it starts),
 * after which every full walk of the store threw, also after a reopen; a key
 * too short for its times failed the restore. Now each such record is
 * skipped, counted in Kafka's task-level {@code dropped-records} and logged
 * at WARN, and the store stays walkable. The same records go through Kafka's
 * built-in RocksDB stores in a child JVM: panrocks must do no worse (no
 * exception where Kafka has one or not, and every entry Kafka's walks show).
 */
class RestoreBadRecordsTest {

    /** A transcript line as {@code walk -> outcome}, the case's name under "case". */
    static Map<String, String> parse(String line) {
        Map<String, String> out = new LinkedHashMap<>();
        String[] parts = line.split(" \\| ");
        out.put("case", parts[0]);
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            out.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return out;
    }

    static double droppedRecordsTotal(InternalMockProcessorContext<?, ?> context) {
        for (var e : context.metrics().metrics().entrySet()) {
            MetricName n = e.getKey();
            if (n.name().equals("dropped-records-total") && n.group().equals("stream-task-metrics")
                    && "0_0".equals(n.tags().get("task-id"))) {
                return (Double) e.getValue().metricValue();
            }
        }
        return 0;
    }

    @Test
    void panrocksSkipsCountsAndLogsEachRecordItCannotHoldAndStaysWalkable() throws Exception {
        List<String> mine;
        List<String> warnings;
        try (LogCaptureAppender logs = LogCaptureAppender.createAndRegister(SegmentedStore.class)) {
            mine = BadChangelogRecords.transcript(BadChangelogRecords.panrocks(), c -> context -> assertEquals(c.badKey() == null ? 0.0 : 1.0,
                    droppedRecordsTotal(context),
                    c.name() + ": dropped-records-total"));
            warnings = logs.getMessages("WARN");
        }
        int bad = 0;
        for (String line : mine) {
            Map<String, String> walks = parse(line);
            boolean session = walks.get("case").startsWith("session");
            assertEquals("ok", walks.remove("restore"), line);
            String name = walks.remove("case");
            assertEquals(8, walks.size(), line);
            walks.forEach((walk, outcome) -> assertEquals(BadChangelogRecords.goodWindows(session, walk), outcome,
                    name + ", " + walk + ": every good record, no bad one, no exception"));
            if (!name.contains("control")) bad++;
        }
        List<String> skipped = warnings.stream().filter(m -> m.startsWith("Skipping a changelog record that store "))
                .toList();
        assertEquals(bad, skipped.size(), "one WARN per skipped record: " + warnings);
        assertTrue(skipped.stream().anyMatch(m -> m.contains("the window start -1 is negative")), skipped.toString());
        assertTrue(skipped.stream().anyMatch(m -> m.contains("leaves no room for the window's end")), skipped.toString());
        assertTrue(skipped.stream().anyMatch(m -> m.contains("the session ends (1000) before it starts (5000)")),
                skipped.toString());
        assertTrue(skipped.stream().anyMatch(m -> m.contains("the key has 9 bytes, too short")), skipped.toString());
    }

    @Test
    void panrocksDoesNoWorseThanKafkasBuiltInStoresOnTheSameRecords() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(BadChangelogRecords.class).classPath(IdenticalOutputTest.builtinClassPath())
                .heap("256m").timeout(Duration.ofMinutes(2)).run();
        r.assertSuccess();
        List<String> theirs = r.stdoutLines().stream().filter(l -> l.startsWith("TRANSCRIPT "))
                .map(l -> l.substring("TRANSCRIPT ".length())).toList();
        List<String> mine = BadChangelogRecords.transcript(BadChangelogRecords.panrocks(), c -> context -> {});
        assertEquals(BadChangelogRecords.cases().size(), theirs.size(), r.stdoutLines().toString());
        // the comparison, for the record in the test's output
        for (int i = 0; i < mine.size(); i++) {
            System.out.println("built-in: " + theirs.get(i));
            System.out.println("panrocks: " + mine.get(i));
        }
        List<String> kafkaFailed = new ArrayList<>();
        for (int i = 0; i < mine.size(); i++) {
            Map<String, String> k = parse(theirs.get(i));
            Map<String, String> p = parse(mine.get(i));
            assertEquals(k.keySet(), p.keySet());
            String name = p.get("case");
            for (String walk : p.keySet()) {
                if (walk.equals("case")) continue;
                String kafka = k.get(walk);
                String panrocks = p.get(walk);
                assertFalse(panrocks.startsWith("!"), name + ", " + walk + ": panrocks threw " + panrocks);
                if (kafka.startsWith("!")) {
                    kafkaFailed.add(name + ", " + walk + " " + kafka);
                    continue;
                }
                if (walk.equals("restore")) continue;
                // no worse: every entry Kafka's walk shows, panrocks' shows too
                List<String> kafkaEntries = entries(kafka);
                assertTrue(entries(panrocks).containsAll(kafkaEntries),
                        name + ", " + walk + ": Kafka shows " + kafka + ", panrocks " + panrocks);
            }
            if (name.contains("control")) assertEquals(theirs.get(i), mine.get(i), "the control cases are equal");
        }
        // the defect's premise: Kafka's own stores fail on some of these records; if none does, say so
        assertFalse(kafkaFailed.isEmpty(), "Kafka's built-in stores now cope with every bad record: " + theirs);
        System.out.println("where Kafka's built-in stores fail: " + kafkaFailed);
    }

    private static List<String> entries(String outcome) {
        String inner = outcome.substring(1, outcome.length() - 1);
        return inner.isEmpty() ? List.of() : Arrays.asList(inner.split(", "));
    }
}
