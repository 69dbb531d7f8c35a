package io.panrocks.safety;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Issue 11, class 4: one directory, one writable DB per process. RocksDB's
 * own guard against a second open in the same process is a registry keyed
 * by the path string (POSIX file locks do not exclude the process that
 * holds them), so {@code db/.}, {@code db/../db}, a symlink or a relative
 * path open the same files a second time, and the two instances corrupt
 * each other. A second writable open through any alias must fail like the
 * literal same path does (RocksDBException, IOError) and leave the first
 * intact; each alias opens fine once the first is closed; read-only opens
 * beside the writable one keep working.
 */
final class PathAliasProbes {
    private PathAliasProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): each of these opens a second writable instance of the open DB
            // (the relative path passes: Opener makes paths absolute).
            .add("second-open-through-dot", dir -> secondOpen(dir, "dot"))
            .add("second-open-through-dotdot", dir -> secondOpen(dir, "dotdot"))
            .add("second-open-through-symlink", dir -> secondOpen(dir, "symlink"))
            .add("second-open-through-relative-path", dir -> secondOpen(dir, "relative"))
            .add("second-open-through-proc-self-cwd", dir -> secondOpen(dir, "proc"))
            // At b64ec9b (before the fix): passes (the literal path is RocksDB's own check).
            .add("second-open-through-the-same-path", dir -> secondOpen(dir, "same"))
            // At b64ec9b (before the fix): passes. The fix must keep read-only opens beside a writable one working, through aliases too.
            .add("read-only-opens-beside-the-writable-one", PathAliasProbes::readOnlyBeside)
            // At b64ec9b (before the fix): both racing opens succeed, and within a few rounds the two
            // instances have deleted each other's MANIFEST: the DB no longer opens
            // (IO error: PathNotFound MANIFEST-0000xx).
            .add("racing-opens-through-two-aliases", PathAliasProbes::racingOpens);

    static final int KEYS = 200;

    static Options options() {
        return new Options().setCreateIfMissing(true);
    }

    static Path alias(Path dir, Path real, String kind) throws Exception {
        return switch (kind) {
            case "same" -> real;
            case "dot" -> real.resolve(".");
            case "dotdot" -> real.resolve("..").resolve(real.getFileName());
            case "symlink" -> {
                Path link = dir.resolve("link-to-db");
                if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) Files.createSymbolicLink(link, real);
                yield link;
            }
            case "relative" -> Path.of("").toAbsolutePath().relativize(real);
            case "proc" -> Path.of("/proc/self/cwd").resolve(Path.of("").toAbsolutePath().relativize(real));
            default -> throw new IllegalArgumentException(kind);
        };
    }

    static void fillAndCheck(RocksDB db, int from, int to) throws RocksDBException {
        for (int i = from; i < to; i++) db.put(bytes("k" + i), valueOf("k" + i, 500));
        for (int i = 0; i < to; i++) checkSame(valueOf("k" + i, 500), db.get(bytes("k" + i)), "k" + i);
    }

    static String secondOpen(Path dir, String kind) throws Exception {
        Path real = dir.resolve("db").toAbsolutePath();
        RocksDB first = RocksDB.open(options(), real);
        fillAndCheck(first, 0, KEYS);
        Path alias = alias(dir, real, kind);
        Status.Code literal = null;
        try {
            RocksDB.open(options(), real).close();
            throw new WrongResult("the literal path " + real + " opened a second time");
        } catch (RocksDBException e) {
            literal = e.code();
        }
        check(literal == Status.Code.IOError, () -> "RocksDB refuses the literal path with IOError");
        String refusal;
        try {
            RocksDB second = RocksDB.open(options(), alias);
            second.put(bytes("second"), bytes("instance"));
            second.close();
            throw new WrongResult("a second writable open of " + real + " through " + alias + " succeeded: two"
                    + " instances wrote the same files");
        } catch (RocksDBException e) {
            check(e.code() == Status.Code.IOError, () -> "opening " + alias + " failed with " + e.code() + ", not IOError: " + e);
            refusal = e.getMessage();
        }
        fillAndCheck(first, KEYS, KEYS + 50);
        first.flush();
        first.close();
        try (RocksDB again = RocksDB.open(new Options(), alias)) {
            fillAndCheck(again, KEYS + 50, KEYS + 60);
        }
        return "through " + alias + ": " + refusal + "; after the first closed, the alias opened";
    }

    static String readOnlyBeside(Path dir) throws Exception {
        Path real = dir.resolve("db").toAbsolutePath();
        List<String> opened = new ArrayList<>();
        try (RocksDB first = RocksDB.open(options(), real)) {
            fillAndCheck(first, 0, KEYS);
            first.flush();
            for (String kind : List.of("same", "dot", "symlink", "relative")) {
                Path alias = alias(dir, real, kind);
                try (RocksDB reader = RocksDB.openReadOnly(alias)) {
                    checkSame(valueOf("k7", 500), reader.get(bytes("k7")), "read-only open through " + alias);
                    opened.add(kind);
                } catch (RocksDBException e) {
                    throw new WrongResult("a read-only open through " + alias + " beside the writable DB failed: " + e);
                }
            }
            fillAndCheck(first, KEYS, KEYS + 10);
        }
        return "read-only opens beside the writable DB worked through " + opened;
    }

    static String racingOpens(Path dir) throws Exception {
        Path real = dir.resolve("db").toAbsolutePath();
        RocksDB.open(options(), real).close();
        int rounds = rounds(40);
        int both = 0;
        for (int round = 0; round < rounds; round++) {
            CyclicBarrier gate = new CyclicBarrier(2);
            List<AtomicReference<Object>> results = List.of(new AtomicReference<>(), new AtomicReference<>());
            List<Path> paths = List.of(real, real.resolve("."));
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int t = 0; t < 2; t++) {
                int at = t;
                threads.add(start("opener-" + t, failure, () -> {
                    gate.await();
                    try {
                        results.get(at).set(RocksDB.open(new Options(), paths.get(at)));
                    } catch (RocksDBException e) {
                        results.get(at).set(e);
                    }
                }));
            }
            joinAll(Duration.ofSeconds(30), threads);
            rethrow(failure);
            int opened = 0;
            for (AtomicReference<Object> r : results) {
                if (r.get() instanceof RocksDB db) {
                    opened++;
                    db.close();
                } else {
                    RocksDBException e = (RocksDBException) r.get();
                    check(e.code() == Status.Code.IOError, () -> "the losing open failed with " + e);
                }
            }
            if (opened == 2) both++;
            int round0 = round, bothSoFar = both;
            check(opened >= 1, () -> "round " + round0 + ": neither open succeeded, after " + bothSoFar
                    + " rounds in which both did (the DB is corrupted): " + results.get(0).get());
        }
        int bothOpened = both;
        check(bothOpened == 0, () -> "in " + bothOpened + " of " + rounds + " rounds both racing opens (" + real + " and "
                + real.resolve(".") + ") succeeded");
        return rounds + " rounds: exactly one of two racing opens succeeded each time";
    }
}
