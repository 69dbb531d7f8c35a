package io.panrocks;

import io.panrocks.fork.InteropData;
import io.panrocks.fork.InteropPanrocks;
import io.panrocks.fork.InteropRocksJava;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.RocksJavaJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Databases cross between RocksJava and panrocks on disk, each side in a JVM
 * of its own (two RocksDB copies are not the point here): every family (one
 * per compression type, half flushed, half still in the WAL, deletes on top)
 * must read back byte for byte, compared through a digest of all entries in
 * iteration order.
 */
class OnDiskInteropTest {
    @TempDir
    Path tmp;

    /** The RocksJava release of the engine's version when the suite has it, else the suite's own. */
    static Path sameVersionRocksJava() throws Exception {
        return RocksJavaJars.sameVersionAs(RocksDB.engineVersion());
    }

    /** The version of the same-version RocksJava jar (from its file name, without loading it here). */
    static String sameVersionRocksJavaVersion() throws Exception {
        return RocksJavaJars.versionOf(sameVersionRocksJava());
    }

    /** The same-version tests need the engine inside panrocks to be RocksJava's version. */
    static void assumeSameVersion() throws Exception {
        assumeTrue(RocksDB.engineVersion().equals(sameVersionRocksJavaVersion()), "panrocks runs on RocksDB "
                + RocksDB.engineVersion() + ", the suite's RocksJava is " + sameVersionRocksJavaVersion());
    }

    static Path rocksJava(String property) {
        return RocksJavaJars.named(property);
    }

    /** A child with the test classes and that RocksJava jar only (no panrocks). */
    static ForkedJvm.Result rocksJavaChild(Path jar, String... args) throws Exception {
        return ForkedJvm.main(InteropRocksJava.class, args).classPath(ForkedJvm.testClasses(), jar)
                .heap("512m").timeout(Duration.ofMinutes(5)).run().assertNoCrashOrHang();
    }

    /** A child with the test classes and panrocks only. */
    static ForkedJvm.Result panrocksChild(String... args) throws Exception {
        return ForkedJvm.main(InteropPanrocks.class, args).heap("512m").timeout(Duration.ofMinutes(5)).run()
                .assertNoCrashOrHang();
    }

    /** The digest lines of a child's output; fails unless it exited 0. */
    static List<String> digests(ForkedJvm.Result r) {
        assertEquals(0, r.exitCode(), r::toString);
        return r.stdout().lines().filter(l -> l.startsWith("family ")).toList();
    }

    static String engine(ForkedJvm.Result r) {
        return r.stdout().lines().filter(l -> l.startsWith("engine ")).findFirst().orElse("engine ?");
    }

    private void assertSameContents(List<String> written, List<String> read, String what) {
        assertEquals(InteropData.FAMILIES.size(), written.size(), "every family was written: " + written);
        for (String line : written) {
            assertFalse(line.contains(" entries 0 "), "no family is empty: " + line);
        }
        assertEquals(written, read, what);
    }

    @Test
    void aDbWrittenByRocksJavaOfTheSameVersionReadsBackIdenticallyInPanrocks() throws Exception {
        assumeSameVersion();
        Path db = tmp.resolve("db");
        ForkedJvm.Result w = rocksJavaChild(sameVersionRocksJava(), "write", db.toString());
        ForkedJvm.Result r = panrocksChild("read", db.toString());
        assertEquals(engine(w), engine(r), "same engine version on both sides");
        assertSameContents(digests(w), digests(r), "panrocks reads what RocksJava wrote\n" + w + "\n" + r);
    }

    @Test
    void aDbWrittenByPanrocksReadsBackIdenticallyInRocksJavaOfTheSameVersion() throws Exception {
        assumeSameVersion();
        Path db = tmp.resolve("db");
        ForkedJvm.Result w = panrocksChild("write", db.toString());
        ForkedJvm.Result r = rocksJavaChild(sameVersionRocksJava(), "read", db.toString());
        assertEquals(engine(w), engine(r), "same engine version on both sides");
        assertSameContents(digests(w), digests(r), "RocksJava reads what panrocks wrote\n" + w + "\n" + r);
    }

    @Test
    void aDbWrittenByRocksJava7_8_3OpensInPanrocks() throws Exception {
        Path db = tmp.resolve("db");
        ForkedJvm.Result w = rocksJavaChild(rocksJava("panrocks.test.rocksjava.old"), "write", db.toString());
        assertEquals("engine 7.8.3", engine(w), w::toString);
        ForkedJvm.Result r = panrocksChild("read", db.toString());
        assertSameContents(digests(w), digests(r), "panrocks reads what RocksJava 7.8.3 wrote\n" + w + "\n" + r);
    }

    /**
     * RocksJava 11.8.1 with its defaults: panrocks either opens the DB and
     * reads it back identically, or refuses it with a RocksDBException that
     * names the cause; a crash (any other exit) fails. Run twice: the default
     * family alone with RocksJava's default options, and the family per
     * compression type.
     */
    @Test
    void aDbWrittenByTheNewestRocksJavaOpensOrIsRefusedWithAReason() throws Exception {
        Path jar = rocksJava("panrocks.test.rocksjava.newest");
        for (String mode : List.of("write-defaults", "write")) {
            Path db = tmp.resolve(mode);
            ForkedJvm.Result w = rocksJavaChild(jar, mode, db.toString());
            assertTrue(engine(w).startsWith("engine 11."), w::toString);
            List<String> written = digests(w);
            ForkedJvm.Result r = panrocksChild("read", db.toString());
            assertEquals(0, r.exitCode(), "no crash: " + r);
            String refused = r.stdout().lines().filter(l -> l.startsWith("refused: ")).findFirst().orElse(null);
            if (refused == null) {
                assertEquals(written, digests(r), mode + ": panrocks " + engine(r) + " reads what RocksJava 11 wrote");
            } else {
                assertTrue(refused.length() > "refused: ".length() + 20, "the refusal names its cause: " + refused);
            }
            System.out.println("[interop] RocksJava " + engine(w).substring(7) + " " + mode + " -> panrocks "
                    + engine(r).substring(7) + ": " + (refused == null ? "opened, identical contents" : refused));
        }
    }
}
