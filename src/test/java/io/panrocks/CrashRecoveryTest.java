package io.panrocks;

import io.panrocks.fork.AckWriter;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Nothing acknowledged is lost: a child JVM writes with sync=true and
 * reports each acknowledged key; the parent kills it with SIGKILL at a
 * random moment, reopens the DB and finds every acknowledged key intact.
 * Seeds are printed; rerun one round with -Dpanrocks.crash.seed=N -Dpanrocks.crash.rounds=1.
 */
class CrashRecoveryTest {

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedSyncedWriteSurvivesSigkill() throws Exception {
        Seeds seeds = Seeds.of("CrashRecoveryTest", "panrocks.crash", 20);
        Path path = dir.resolve("db");
        long total = 0;
        for (int round = 0; round < seeds.rounds(); round++) {
            long seed = seeds.seed(round);
            Random r = seeds.random(round);
            List<Long> acked = runAndKill(path, round, seed, "sync", 20 + r.nextInt(400));
            System.out.println("crash round " + round + " seed " + seed + ": " + acked.size() + " acknowledged writes");
            total += acked.size();
            try (RocksDB db = RocksDB.open(new Options(), path)) {
                for (long n : acked) {
                    assertArrayEquals(AckWriter.value(seed, n), db.get(AckWriter.key(round, n)),
                            seeds.replay(round) + ": acknowledged write " + n + " lost or damaged");
                }
            }
        }
        assertTrue(total > seeds.rounds(), "the writers acknowledged writes: " + total);
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
        List<Long> acked = new CopyOnWriteArrayList<>();
        ForkedJvm.Result result;
        try (ForkedJvm.Running child = ForkedJvm.main(AckWriter.class, path.toString(), Integer.toString(round),
                Long.toString(seed), mode)
                .onStdout(line -> {
                    if (line.startsWith("ACK ")) acked.add(Long.parseLong(line.substring(4)));
                })
                .onStderr(System.err::println)
                .start()) {
            assertNotNull(child.awaitLine(line -> line.startsWith("ACK "), Duration.ofSeconds(60)),
                    "the writer acknowledged nothing");
            assertTrue(child.isAlive(), "the writer died on its own");
            Thread.sleep(runMillis);
            child.kill(); // SIGKILL: no shutdown hook, no close, no flush
            result = child.await();
        }
        assertEquals(137, result.exitCode(), () -> "killed by SIGKILL\n" + result);
        return List.copyOf(acked);
    }
}
