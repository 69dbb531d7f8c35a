package io.panrocks;

import io.panrocks.fork.AckWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Nothing acknowledged is lost: a child JVM writes with sync=true and
 * reports each acknowledged key; the parent kills it with SIGKILL at a
 * random moment, reopens the DB and finds every acknowledged key intact.
 * Seeds are printed; rerun one round with -Dpanrocks.crash.seed=N.
 */
class CrashRecoveryTest {
    static final int ROUNDS = Integer.getInteger("panrocks.crash.rounds", 20);

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedSyncedWriteSurvivesSigkill() throws Exception {
        long base = Long.getLong("panrocks.crash.seed", System.nanoTime());
        Path path = dir.resolve("db");
        long total = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long seed = base + round;
            Random r = new Random(seed);
            List<Long> acked = runAndKill(path, round, seed, "sync", 20 + r.nextInt(400));
            System.out.println("crash round " + round + " seed " + seed + ": " + acked.size() + " acknowledged writes");
            total += acked.size();
            try (RocksDB db = RocksDB.open(new Options(), path)) {
                for (long n : acked) {
                    assertArrayEquals(AckWriter.value(seed, n), db.get(AckWriter.key(round, n)),
                            "round " + round + " seed " + seed + ": acknowledged write " + n + " lost or damaged");
                }
            }
        }
        assertTrue(total > ROUNDS, "the writers acknowledged writes: " + total);
    }

    /** What disabling the WAL gives up: acknowledged writes still only in the memtable die with the process. */
    @Test
    void writesWithoutTheWalAreLostOnSigkill() throws Exception {
        Path path = dir.resolve("nowal");
        List<Long> acked = runAndKill(path, 0, 42, "nowal", 300);
        assertFalse(acked.isEmpty());
        try (RocksDB db = RocksDB.open(new Options(), path)) {
            int survived = 0;
            for (long n : acked) if (db.get(AckWriter.key(0, n)) != null) survived++;
            assertEquals(0, survived, "nothing was flushed, so none of " + acked.size() + " acknowledged writes survives");
        }
    }

    private static List<Long> runAndKill(Path path, int round, long seed, String mode, long runMillis) throws Exception {
        Process child = new ProcessBuilder(ForkedJvm.javaBinary().toString(), "--enable-native-access=ALL-UNNAMED",
                "-cp", ForkedJvm.testClasses() + File.pathSeparator + ForkedJvm.panrocksLocation(),
                AckWriter.class.getName(), path.toString(), Integer.toString(round), Long.toString(seed), mode)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<Long> acked = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.startsWith("ACK ")) acked.add(Long.parseLong(line.substring(4)));
                }
            } catch (Exception ignored) {
                // the pipe breaks when the child dies
            }
        });
        reader.start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (acked.isEmpty() && child.isAlive() && System.currentTimeMillis() < deadline) Thread.sleep(5);
        assertTrue(child.isAlive(), "the writer died on its own");
        Thread.sleep(runMillis);
        // SIGKILL: no shutdown hook, no close, no flush. Through the ProcessHandle, since
        // Process.destroyForcibly also closes our end of the pipe and would lose unread ACKs.
        child.toHandle().destroyForcibly();
        child.waitFor();
        reader.join();
        assertEquals(137, child.exitValue(), "killed by SIGKILL");
        return List.copyOf(acked);
    }
}
