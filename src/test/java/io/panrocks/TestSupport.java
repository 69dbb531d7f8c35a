package io.panrocks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;

/** Small helpers shared by the suite. */
final class TestSupport {
    private TestSupport() {
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String string(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /** Deterministic pseudo-random bytes, zero bytes included. */
    static byte[] randomBytes(long seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** The process's resident set size (VmRSS), in bytes. */
    static long residentBytes() {
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    static RocksDB openFresh(Path dir) throws RocksDBException {
        return RocksDB.open(new Options().setCreateIfMissing(true), dir);
    }

    /** The repository root, passed by Maven (panrocks.root) or found from the working directory. */
    static Path repositoryRoot() {
        String root = System.getProperty("panrocks.root");
        if (root != null) return Path.of(root);
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !p.resolve("native/include/panrocks.h").toFile().exists()) p = p.getParent();
        if (p == null) throw new IllegalStateException("cannot find the repository root from " + Path.of("").toAbsolutePath());
        return p;
    }
}
