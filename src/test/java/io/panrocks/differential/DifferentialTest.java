package io.panrocks.differential;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The same randomized sequence of operations, applied to a panrocks DB and
 * to a RocksJava 7.8.3 DB (same engine version, same options), must give
 * identical results at every read: point reads, MultiGet, snapshot reads,
 * iterator walks both ways with bounds (panrocks' bulk walks included),
 * and byte-identical serialized write batches.
 *
 * <p>Each engine runs in its own JVM: two copies of RocksDB cannot share a
 * process. The seed is printed; rerun one with
 * {@code -Dpanrocks.differential.seed=N}.
 */
class DifferentialTest {
    static final int OPERATIONS = Integer.getInteger("panrocks.differential.operations", 6000);
    static final int ROUNDS = Integer.getInteger("panrocks.differential.rounds", 3);

    @TempDir
    Path dir;

    @Test
    void panrocksAndRocksJavaAgree() throws Exception {
        long seed = Long.getLong("panrocks.differential.seed", System.nanoTime());
        System.out.println("DifferentialTest seed=" + seed + " operations=" + OPERATIONS + " rounds=" + ROUNDS);
        for (int round = 0; round < ROUNDS; round++) {
            long s = seed + round;
            Path ours = run("panrocks", s, dir.resolve("p" + round));
            Path theirs = run("rocksjava", s, dir.resolve("r" + round));
            List<String> a = Files.readAllLines(ours), b = Files.readAllLines(theirs);
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                if (!a.get(i).equals(b.get(i))) {
                    fail("seed " + s + ": transcripts differ at line " + i + "\n  panrocks:  " + abbreviate(a.get(i))
                            + "\n  rocksjava: " + abbreviate(b.get(i)));
                }
            }
            assertEquals(b.size(), a.size(), "seed " + s + ": transcript lengths");
            assertTrue(a.size() > OPERATIONS / 4, "the script read something: " + a.size() + " lines");
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }

    private static Path run(String engine, long seed, Path db) throws Exception {
        Path transcript = Path.of(db + ".transcript");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Xmx512m",
                "-cp", location(DifferentialTest.class) + File.pathSeparator + location(io.panrocks.RocksDB.class)
                        + File.pathSeparator + location(Class.forName("org.rocksdb.RocksDB", false,
                        DifferentialTest.class.getClassLoader())),
                DifferentialMain.class.getName(), engine, Long.toString(seed), Integer.toString(OPERATIONS),
                db.toString(), transcript.toString()));
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), engine + " run timed out");
        assertEquals(0, p.exitValue(), engine + " run failed (seed " + seed + ")");
        return transcript;
    }

    private static String location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
