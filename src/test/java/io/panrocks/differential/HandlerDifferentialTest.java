package io.panrocks.differential;

import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code WriteBatch.iterate(Handler)} against RocksJava's: the same seeded
 * batches (every record type panrocks writes, three column families, log
 * data, save points) built on both engines must serialize to the same bytes,
 * answer the same {@code count()} and {@code has*()}, and walk the same
 * callbacks with the same arguments in the same order. panrocks parses its
 * batches in Java; RocksJava's handler is called by RocksDB's own C++ parser,
 * so equal transcripts over equal bytes mean panrocks parses as RocksDB does.
 * Each engine runs in its own JVM.
 */
class HandlerDifferentialTest {
    static final int BATCHES = Integer.getInteger("panrocks.handlerdiff.batches", 400);

    @TempDir
    Path dir;

    @Test
    void panrocksWalksBatchesAsRocksJavaDoes() throws Exception {
        Seeds seeds = Seeds.of("HandlerDifferentialTest", "panrocks.handlerdiff", 2);
        for (int round = 0; round < seeds.rounds(); round++) {
            long seed = seeds.seed(round);
            List<String> ours = Files.readAllLines(run("panrocks", seed, dir.resolve("p" + round)));
            List<String> theirs = Files.readAllLines(run("rocksjava", seed, dir.resolve("r" + round)));
            for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++) {
                if (!ours.get(i).equals(theirs.get(i))) {
                    fail(seeds.replay(round) + ": transcripts differ at line " + i + "\n  panrocks:  " + cut(ours.get(i))
                            + "\n  rocksjava: " + cut(theirs.get(i)));
                }
            }
            assertEquals(theirs.size(), ours.size(), seeds.replay(round) + ": transcript lengths");
            assertTrue(ours.stream().anyMatch(l -> l.startsWith("  logData")), "log data was walked");
            assertTrue(ours.stream().anyMatch(l -> l.startsWith("  deleteRange 2")), "families were walked");
        }
    }

    private static String cut(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    private static Path run(String engine, long seed, Path db) throws Exception {
        Path transcript = Path.of(db + ".transcript");
        ForkedJvm.main(HandlerDifferentialMain.class, engine, Long.toString(seed), Integer.toString(BATCHES),
                db.toString(), transcript.toString())
                .heap("256m")
                .addToClassPath(ForkedJvm.location(Class.forName("org.rocksdb.RocksDB", false,
                        HandlerDifferentialTest.class.getClassLoader())))
                .timeout(Duration.ofMinutes(5))
                .run().assertSuccess();
        return transcript;
    }
}
