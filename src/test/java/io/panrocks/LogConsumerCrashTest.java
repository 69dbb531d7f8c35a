package io.panrocks;

import io.panrocks.fork.LogConsumerChild;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.Seeds;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A consumer killed with SIGKILL between poll and commit resumes, once
 * restarted, exactly after its last commit: nothing lost, nothing at or
 * before a commit delivered again. Seeds are printed.
 */
class LogConsumerCrashTest {
    static final int RECORDS = 4000;

    @TempDir
    Path dir;

    @Test
    void restartedConsumerResumesExactlyAfterItsLastCommit() throws Exception {
        Seeds seeds = Seeds.of("LogConsumerCrashTest", "panrocks.consumer", 5);
        for (int round = 0; round < seeds.rounds(); round++) {
            long seed = seeds.seed(round);
            Path path = dir.resolve("round" + round);
            fill(path);
            Random r = seeds.random(round);
            List<String> first = run(path, seed, "run", 50 + r.nextInt(400));
            long lastCommit = -1, lastDelivered = -1;
            TreeSet<Long> delivered = new TreeSet<>();
            for (String line : first) {
                if (line.startsWith("COMMITTED ")) lastCommit = Long.parseLong(line.substring(10));
                if (line.startsWith("DELIVERED ")) {
                    lastDelivered = Long.parseLong(line.substring(10));
                    delivered.add(lastDelivered);
                }
            }
            List<String> second = run(path, seed + 1, "finish", -1);
            assertEquals("DONE", second.get(second.size() - 1), "the restarted consumer caught up");
            long start = Long.parseLong(second.get(0).substring(6));
            System.out.println("consumer round " + round + " seed " + seed + ": killed after commit " + lastCommit
                    + " (delivered up to " + lastDelivered + "), restarted at " + start);
            assertTrue(start == lastCommit + 1 || start == lastDelivered + 1,
                    "seed " + seed + ": restart at " + start + ", last commit seen " + lastCommit
                            + ", last delivered " + lastDelivered + " (its commit may have landed before the kill)\n"
                            + "first run ended with:\n" + String.join("\n", first.subList(Math.max(0, first.size() - 30), first.size())));
            for (String line : second) {
                if (line.startsWith("DELIVERED ")) {
                    long o = Long.parseLong(line.substring(10));
                    assertTrue(o >= start, "seed " + seed + ": offset " + o + " delivered again after its commit");
                    delivered.add(o);
                }
            }
            for (long o = 0; o < RECORDS; o++) assertTrue(delivered.contains(o), "seed " + seed + ": offset " + o + " lost");
        }
    }

    private static void fill(Path path) throws Exception {
        List<ColumnFamilyDescriptor> families = new ArrayList<>(List.of(new ColumnFamilyDescriptor("default".getBytes())));
        families.addAll(RecordLog.columnFamilies("events"));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                path, families, handles)) {
            RecordLog log = new RecordLog(db, handles.get(1), handles.get(2));
            for (int i = 0; i < RECORDS; i++) log.append(TestBytes.randomBytes(i, 50 + i % 500));
        }
    }

    /** Runs the consumer; kills it after killAfterMillis of consuming, or lets it finish when negative. */
    private static List<String> run(Path path, long seed, String mode, long killAfterMillis) throws Exception {
        ForkedJvm.Result result;
        try (ForkedJvm.Running child = ForkedJvm.main(LogConsumerChild.class, path.toString(), Long.toString(seed), mode)
                .onStderr(System.err::println).start()) {
            if (killAfterMillis >= 0) {
                child.awaitLine(line -> line.startsWith("COMMITTED"), Duration.ofSeconds(60));
                Thread.sleep(killAfterMillis);
                child.kill(); // SIGKILL
            }
            result = child.await();
        }
        if (killAfterMillis < 0) result.assertSuccess();
        else result.assertNoCrashOrHang();
        return new ArrayList<>(result.stdoutLines());
    }
}
