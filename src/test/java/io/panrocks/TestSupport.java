package io.panrocks;

import java.nio.file.Path;

/**
 * Helpers of the io.panrocks tests that are not about bytes (those are
 * {@link io.panrocks.testkit.TestBytes}) nor an open DB (that is
 * {@link io.panrocks.testkit.OpenDbExtension}).
 */
final class TestSupport {
    private TestSupport() {
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
