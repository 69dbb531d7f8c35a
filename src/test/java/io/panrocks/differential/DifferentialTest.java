package io.panrocks.differential;

import io.panrocks.RocksDB;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.RocksJavaJars;
import io.panrocks.testkit.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The same randomized sequence of operations, applied to a panrocks DB and
 * to a RocksJava DB (the build's rocksdbjni, same engine version, same
 * options), must give identical results at every read: point reads,
 * MultiGet, snapshot reads, iterator walks both ways with bounds (panrocks'
 * bulk walks included), and byte-identical serialized write batches; on
 * transaction DBs (pessimistic and optimistic) also every read, failure
 * status (lock timeouts, conflicts, missing save points, refused range
 * deletes) and commit outcome of transactions, and the reads, walks with
 * base and bytes of indexed batches.
 *
 * <p>Each engine runs in its own JVM: two copies of RocksDB cannot share a
 * process. The seed is printed; rerun one with
 * {@code -Dpanrocks.differential.seed=N}.
 */
class DifferentialTest {
    static final int OPERATIONS = Integer.getInteger("panrocks.differential.operations", 6000);

    @TempDir
    Path dir;

    @Test
    void panrocksAndRocksJavaAgree() throws Exception {
        Seeds seeds = Seeds.of("DifferentialTest", "panrocks.differential", 3);
        System.out.println("DifferentialTest operations=" + OPERATIONS);
        for (int round = 0; round < seeds.rounds(); round++) {
            long s = seeds.seed(round);
            Path ours = run("panrocks", s, dir.resolve("p" + round));
            Path theirs = run("rocksjava", s, dir.resolve("r" + round));
            List<String> a = Files.readAllLines(ours), b = Files.readAllLines(theirs);
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                if (!a.get(i).equals(b.get(i))) {
                    fail(seeds.replay(round) + ": transcripts differ at line " + i + "\n  panrocks:  " + abbreviate(a.get(i))
                            + "\n  rocksjava: " + abbreviate(b.get(i)));
                }
            }
            assertEquals(b.size(), a.size(), seeds.replay(round) + ": transcript lengths");
            assertTrue(a.size() > OPERATIONS / 4, "the script read something: " + a.size() + " lines");
        }
    }

    @Test
    void transactionsAndIndexedBatchesAgree() throws Exception {
        Seeds seeds = Seeds.of("DifferentialTest (transactions)", "panrocks.differential.txn", 2);
        int operations = Math.max(100, OPERATIONS / 2);
        for (int round = 0; round < seeds.rounds(); round++) {
            long s = seeds.seed(round);
            String mode = round % 2 == 0 ? "pessimistic" : "optimistic";
            Path ours = run("panrocks", s, dir.resolve("tp" + round), operations, mode);
            Path theirs = run("rocksjava", s, dir.resolve("tr" + round), operations, mode);
            List<String> a = Files.readAllLines(ours), b = Files.readAllLines(theirs);
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                if (!a.get(i).equals(b.get(i))) {
                    fail(seeds.replay(round) + " (" + mode + "): transcripts differ at line " + i + "\n  panrocks:  "
                            + abbreviate(a.get(i)) + "\n  rocksjava: " + abbreviate(b.get(i)));
                }
            }
            assertEquals(b.size(), a.size(), seeds.replay(round) + ": transcript lengths");
            long transactions = a.stream().filter(l -> l.contains(" transaction")).count();
            long batches = a.stream().filter(l -> l.contains(" indexedBatch")).count();
            assertTrue(transactions > operations / 20 && batches > operations / 20,
                    "the script ran transactions (" + transactions + ") and indexed batches (" + batches + ")");
            boolean conflicts = a.stream().anyMatch(l -> l.contains("error TimedOut/LockTimeout") || l.contains("commit error Busy"));
            assertTrue(conflicts,
                    () -> "the script made conflicts; its errors: " + a.stream()
                            .flatMap(l -> java.util.Arrays.stream(l.split(" \\| ")))
                            .filter(op -> op.contains(" error ")).map(op -> op.replaceFirst("^.*?(\\w+ error)", "$1"))
                            .distinct().sorted().toList());
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }

    private static Path run(String engine, long seed, Path db) throws Exception {
        return run(engine, seed, db, OPERATIONS, "plain");
    }

    private static Path run(String engine, long seed, Path db, int operations, String mode) throws Exception {
        Path transcript = Path.of(db + ".transcript");
        ForkedJvm.main(DifferentialMain.class, engine, Long.toString(seed), Integer.toString(operations),
                db.toString(), transcript.toString(), mode)
                .heap("512m")
                .addToClassPath(RocksJavaJars.sameVersionAs(RocksDB.engineVersion()))
                .timeout(Duration.ofMinutes(10))
                .echo()
                .run().assertSuccess();
        return transcript;
    }
}
