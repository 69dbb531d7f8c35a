package io.panrocks.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Makes a panrocks fork fail when it does not run on the engine binary the
 * run asked for. scripts/bench.sh passes {@code -Dpanrocks.bench.expectEngine=<file name>}
 * (the RocksDB library libpanrocks.so must have pulled in: Debian's
 * librocksdb.so.7.8 or the copy of RocksJava's librocksdbjni build); after the
 * DB is open, the library must be mapped into this process. Without the
 * property nothing is checked (a benchmark run by hand).
 */
final class EngineCheck {
    static final String PROPERTY = "panrocks.bench.expectEngine";

    private EngineCheck() {
    }

    /** Call after panrocks opened a DB (so its engine is loaded). */
    static void verify() {
        String expected = System.getProperty(PROPERTY);
        if (expected == null || expected.isBlank()) return;
        Path maps = Path.of("/proc/self/maps");
        try (Stream<String> lines = Files.lines(maps)) {
            boolean found = lines.anyMatch(l -> l.contains(expected));
            if (!found) {
                throw new IllegalStateException("this fork was to run panrocks on the engine " + expected
                        + " but no such library is mapped (-D" + PROPERTY + "; -Dpanrocks.library.path="
                        + System.getProperty("panrocks.library.path") + ")");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + maps + " to check the engine", e);
        }
    }
}
