package io.panrocks;

import io.panrocks.fork.LogConsumerChild;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A consumer killed with SIGKILL between poll and commit resumes, once
 * restarted, exactly after its last commit: nothing lost, nothing at or
 * before a commit delivered again. Seeds are printed.
 */
class LogConsumerCrashTest {
    static final int RECORDS = 4000;
    static final int ROUNDS = Integer.getInteger("panrocks.consumer.rounds", 5);

    @TempDir
    Path dir;

    @Test
    void restartedConsumerResumesExactlyAfterItsLastCommit() throws Exception {
        long base = Long.getLong("panrocks.consumer.seed", System.nanoTime());
        for (int round = 0; round < ROUNDS; round++) {
            long seed = base + round;
            Path path = dir.resolve("round" + round);
            fill(path);
            Random r = new Random(seed);
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
            for (int i = 0; i < RECORDS; i++) log.append(TestSupport.randomBytes(i, 50 + i % 500));
        }
    }

    /** Runs the consumer; kills it after killAfterMillis of consuming, or lets it finish when negative. */
    private static List<String> run(Path path, long seed, String mode, long killAfterMillis) throws Exception {
        Process child = new ProcessBuilder(ForkedJvm.javaBinary().toString(), "--enable-native-access=ALL-UNNAMED",
                "-cp", ForkedJvm.testClasses() + File.pathSeparator + ForkedJvm.panrocksLocation(),
                LogConsumerChild.class.getName(), path.toString(), Long.toString(seed), mode)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
                for (String line; (line = out.readLine()) != null; ) lines.add(line);
            } catch (Exception ignored) {
                // the pipe breaks when the child dies
            }
        });
        reader.start();
        if (killAfterMillis >= 0) {
            long deadline = System.currentTimeMillis() + 60_000;
            while (lines.stream().noneMatch(l -> l.startsWith("COMMITTED")) && System.currentTimeMillis() < deadline) {
                Thread.sleep(2);
            }
            Thread.sleep(killAfterMillis);
            child.toHandle().destroyForcibly(); // SIGKILL; Process.destroyForcibly would also close the pipe and lose unread lines
        }
        child.waitFor();
        reader.join();
        if (killAfterMillis < 0) assertEquals(0, child.exitValue(), String.join("\n", lines));
        return new ArrayList<>(lines);
    }
}
