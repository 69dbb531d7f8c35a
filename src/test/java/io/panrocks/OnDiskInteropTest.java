package io.panrocks;

import io.panrocks.fork.InteropData;
import io.panrocks.fork.InteropPanrocks;
import io.panrocks.fork.InteropRocksJava;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.RocksJavaJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Databases cross between RocksJava and panrocks on disk, each side in a JVM
 * of its own (two RocksDB copies are not the point here), both ways, with one
 * RocksJava release per major line (7.8.3, 9.11.2, 10.1.3, 11.8.1). Each DB
 * holds the default family with default options beside a family per
 * compression type, half of it flushed to SST files and half left in the WAL,
 * with deletes and merges (StringAppendOperator) on top; what each side reads
 * is compared through a digest of all entries in iteration order, with each
 * other and with {@link InteropData}'s model. README, "On-disk compatibility",
 * has the table these tests prove.
 * <p>
 * Which side opens which DB follows from one fact of RocksDB's HISTORY.md,
 * the block-based table's {@code format_version} a release reads
 * ({@link #newestFormatReadBy}): a DB written in a format the reader knows
 * must read back identically, one in a newer format must be refused cleanly
 * (a RocksDBException naming the format, no crash, the DB left intact). The
 * format each DB was written in is read from its SST files' footers, not
 * assumed.
 */
class OnDiskInteropTest {
    /** Shared by all cases: panrocks writes each of its DBs once, readers get copies. */
    @TempDir
    static Path tmp;

    private static final Map<String, Written> PANROCKS_WRITES = new ConcurrentHashMap<>();

    /** What a child wrote: the DB, its digest lines, the format_version of its SST files. */
    record Written(Path db, String engine, List<String> digests, int formatVersion) {
    }

    /** The RocksJava release of the engine's version when the suite has it, else the suite's own. */
    static Path sameVersionRocksJava() throws Exception {
        return RocksJavaJars.sameVersionAs(RocksDB.engineVersion());
    }

    /**
     * The newest block-based table {@code format_version} RocksDB
     * {@code version} reads (HISTORY.md: 5 since 6.6.0, 6 since 8.6.0, 7 since
     * 10.4.0; the matrix below proves it for the releases the suite has).
     */
    static int newestFormatReadBy(String version) {
        if (compareVersions(version, "10.4.0") >= 0) return 7;
        if (compareVersions(version, "8.6.0") >= 0) return 6;
        return 5;
    }

    static int compareVersions(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Integer.compare(i < x.length ? Integer.parseInt(x[i]) : 0, i < y.length ? Integer.parseInt(y[i]) : 0);
            if (c != 0) return c;
        }
        return 0;
    }

    /** A child with the test classes and that RocksJava jar only (no panrocks). */
    static ForkedJvm.Result rocksJavaChild(Path jar, String... args) throws Exception {
        return ForkedJvm.main(InteropRocksJava.class, args).classPath(ForkedJvm.testClasses(), jar)
                .heap("128m").timeout(Duration.ofMinutes(3)).run().assertNoCrashOrHang();
    }

    /** A child with the test classes and panrocks only. */
    static ForkedJvm.Result panrocksChild(String... args) throws Exception {
        return ForkedJvm.main(InteropPanrocks.class, args).heap("128m").timeout(Duration.ofMinutes(3)).run()
                .assertNoCrashOrHang();
    }

    /** The digest lines of a child's output; fails unless it exited 0 without refusing. */
    static List<String> digests(ForkedJvm.Result r) {
        assertEquals(0, r.exitCode(), r::toString);
        assertNull(refusal(r), r::toString);
        return r.stdout().lines().filter(l -> l.startsWith("family ")).toList();
    }

    static String refusal(ForkedJvm.Result r) {
        return r.stdout().lines().filter(l -> l.startsWith("refused: ")).findFirst().orElse(null);
    }

    static String engine(ForkedJvm.Result r) {
        return r.stdout().lines().filter(l -> l.startsWith("engine ")).findFirst().orElse("engine ?").substring(7);
    }

    /**
     * Checks a DB a writer just closed: SST files (the flushed half) and a
     * non-empty WAL (the rest: closing a DB with its WAL on does not flush),
     * and answers the format_version all its SST files share.
     */
    static int assertInSstsAndWal(Path db) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(db)) {
            files = s.toList();
        }
        List<Path> ssts = files.stream().filter(p -> p.toString().endsWith(".sst")).toList();
        assertFalse(ssts.isEmpty(), "SST files in " + db + ": " + files);
        long wal = files.stream().filter(p -> p.toString().endsWith(".log")).mapToLong(p -> {
            try {
                return Files.size(p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).sum();
        assertTrue(wal > 0, "a non-empty WAL in " + db + ": " + files);
        TreeSet<Integer> formats = new TreeSet<>();
        for (Path sst : ssts) formats.add(InteropData.sstFormatVersion(sst));
        assertEquals(1, formats.size(), "one format_version in " + db + ": " + formats);
        return formats.first();
    }

    /**
     * Checks a reader's answer: identical contents if it reads that format,
     * else a clean refusal that names it and leaves the DB in {@code readDir}
     * as it was: RocksJava of the writer's engine version ({@code writersEngine})
     * then still reads it back identically.
     */
    static void assertReadsOrRefuses(Written w, ForkedJvm.Result r, String what, Path readDir, Path writersEngine)
            throws Exception {
        String reader = engine(r);
        if (w.formatVersion() <= newestFormatReadBy(reader)) {
            assertEquals(w.digests(), digests(r), what + ": identical contents\n" + r);
            System.out.println("[interop] " + what + ": format_version " + w.formatVersion()
                    + ", opened, identical contents");
            return;
        }
        assertEquals(0, r.exitCode(), r::toString);
        String refused = refusal(r);
        assertNotNull(refused, what + ": RocksDB " + reader + " does not read format_version " + w.formatVersion()
                + ", yet it opened the DB\n" + r);
        assertTrue(refused.contains("format_version") && refused.contains(Integer.toString(w.formatVersion())),
                what + ": the refusal names the format: " + refused);
        ForkedJvm.Result again = rocksJavaChild(writersEngine, "read", readDir.toString());
        assertEquals(w.digests(), digests(again), what + ": the refused DB is intact\n" + again);
        System.out.println("[interop] " + what + ": format_version " + w.formatVersion() + ", " + refused
                + " (intact: RocksJava " + engine(again) + " reads it back identically)");
    }

    /**
     * RocksJava writes with its defaults: the default family with RocksJava's
     * default options (and a merge operator), beside a family per compression
     * type; panrocks opens the DB and reads it back identically, or, where it
     * was written in a format newer than the bundled engine reads (11.8.1's
     * format 7 with the 9.11.2 engine), refuses it cleanly. With the 11.8.1
     * engine every release's DB must open.
     */
    @ParameterizedTest(name = "RocksJava {0}.x -> panrocks")
    @MethodSource("io.panrocks.testkit.RocksJavaJars#majors")
    void aDbWrittenByRocksJavaOpensInPanrocksWithIdenticalContents(int major) throws Exception {
        Path jar = RocksJavaJars.release(major);
        Path db = tmp.resolve("rocksjava-" + RocksJavaJars.versionOf(jar));
        ForkedJvm.Result wr = rocksJavaChild(jar, "write", db.toString());
        assertEquals(RocksJavaJars.versionOf(jar), engine(wr), wr::toString);
        List<String> written = digests(wr);
        assertEquals(InteropData.expectedDigests(InteropData.FAMILIES), written,
                "RocksJava wrote the model's contents\n" + wr);
        Written w = new Written(db, engine(wr), written, assertInSstsAndWal(db));
        ForkedJvm.Result r = panrocksChild("read", db.toString());
        assertEquals(RocksDB.engineVersion(), engine(r), r::toString);
        if (RocksDB.engineVersion().equals("11.8.1")) {
            assertNull(refusal(r), "the 11.8.1 engine opens every release's DB: " + r);
        }
        assertReadsOrRefuses(w, r, "RocksJava " + w.engine() + " -> panrocks " + engine(r), db, jar);
    }

    /** The DB panrocks writes with that format_version ("default": the engine's), written once. */
    static Written panrocksDb(String format) throws Exception {
        Written w = PANROCKS_WRITES.get(format);
        if (w != null) return w;
        Path db = tmp.resolve("panrocks-format-" + format);
        ForkedJvm.Result wr = format.equals("default") ? panrocksChild("write", db.toString())
                : panrocksChild("write", db.toString(), format);
        List<String> written = digests(wr);
        assertEquals(InteropData.expectedDigests(InteropData.FAMILIES), written, "panrocks wrote the model's contents\n"
                + wr);
        w = new Written(db, engine(wr), written, assertInSstsAndWal(db));
        if (!format.equals("default")) {
            assertEquals(Integer.parseInt(format), w.formatVersion(), "the format_version set is the one written");
        }
        PANROCKS_WRITES.put(format, w);
        return w;
    }

    /**
     * The readers of each DB panrocks writes: the default format (7 on the
     * 11.8.1 engine) in 9.11.2, 10.1.3 and 11.8.1; format 6 in all four; format
     * 5 in 7.8.3 (newer releases read older formats: not the question here).
     */
    static Stream<Arguments> panrocksWrites() {
        return Stream.of(Arguments.of("default", 9), Arguments.of("default", 10), Arguments.of("default", 11),
                Arguments.of("6", 7), Arguments.of("6", 9), Arguments.of("6", 10), Arguments.of("6", 11),
                Arguments.of("5", 7));
    }

    /**
     * panrocks writes with the engine's default format_version (7 on the
     * 11.8.1 engine), with 6 (BlockBasedTableConfig.setFormatVersion(6): read
     * by RocksDB 8.6 and later, so RocksJava 9.x and 10.x) and with 5 (read by
     * 7.8.3); a RocksJava release reads it back identically if it knows the
     * format and refuses it cleanly if not: 9.11.2 and 10.1.3 meeting format
     * 7, 7.8.3 meeting 6.
     */
    @ParameterizedTest(name = "panrocks format_version {0} -> RocksJava {1}.x")
    @MethodSource("panrocksWrites")
    void aDbWrittenByPanrocksOpensInEveryRocksJavaThatReadsItsFormat(String format, int major) throws Exception {
        Written w = panrocksDb(format);
        Path jar = RocksJavaJars.release(major);
        // each reader gets a copy: opening recovers the WAL into an SST file of the reader's own format
        Path copy = tmp.resolve("panrocks-format-" + format + "-read-by-" + RocksJavaJars.versionOf(jar));
        copyDirectory(w.db(), copy);
        ForkedJvm.Result r = rocksJavaChild(jar, "read", copy.toString());
        assertEquals(RocksJavaJars.versionOf(jar), engine(r), r::toString);
        assertReadsOrRefuses(w, r, "panrocks " + w.engine() + " format " + format + " -> RocksJava " + engine(r), copy,
                sameVersionRocksJava());
    }

    /**
     * The way back for a DB written in a format an older RocksJava cannot
     * read: panrocks opens it with format_version 6 set on every family and
     * compacts each to its last level with BottommostLevelCompaction.kForce;
     * every SST file is then in format 6 and RocksJava 9.11.2 and 10.1.3
     * (Kafka Streams 4.4) read it back identically.
     */
    @Test
    void aDbPanrocksWroteInTheDefaultFormatIsRewrittenInFormat6ForOlderRocksJava() throws Exception {
        Written w = panrocksDb("default");
        Path copy = tmp.resolve("panrocks-format-default-rewritten-6");
        copyDirectory(w.db(), copy);
        ForkedJvm.Result rw = panrocksChild("rewrite", copy.toString(), "6");
        assertEquals(w.digests(), digests(rw), "the rewrite keeps the contents\n" + rw);
        TreeSet<Integer> formats = new TreeSet<>();
        try (Stream<Path> s = Files.list(copy)) {
            for (Path sst : s.filter(p -> p.toString().endsWith(".sst")).toList()) {
                formats.add(InteropData.sstFormatVersion(sst));
            }
        }
        assertEquals(Set.of(6), formats, "every SST file rewritten in format 6");
        for (int major : List.of(9, 10)) {
            Path jar = RocksJavaJars.release(major);
            Path read = tmp.resolve("panrocks-format-default-rewritten-6-read-by-" + RocksJavaJars.versionOf(jar));
            copyDirectory(copy, read);
            ForkedJvm.Result r = rocksJavaChild(jar, "read", read.toString());
            assertEquals(w.digests(), digests(r), "RocksJava " + engine(r) + " reads the rewritten DB\n" + r);
            System.out.println("[interop] panrocks " + w.engine() + " format default, rewritten in format 6 -> RocksJava "
                    + engine(r) + ": opened, identical contents");
        }
    }

    static void copyDirectory(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : s.toList()) Files.copy(p, to.resolve(p.getFileName()));
        }
    }
}
