package io.panrocks.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The benchmarks' forks check that they run the engine they were asked
 * for, and only that one: {@code panrocks} forks must never map RocksJava's
 * native library, {@code builtin} forks never panrocks's, and a panrocks
 * fork given {@code -Dpanrocks.bench.expectEngine=<file name>} must have
 * that engine binary mapped. {@link #expect} prints the engine line JMH's
 * log keeps; {@link #stillAlone} is called again at the end of a trial,
 * after the stores have really opened.
 */
final class EngineCheck {
    private EngineCheck() {
    }

    static void expect(String engine) {
        String version = switch (engine) {
            case "panrocks" -> "panrocks on RocksDB " + io.panrocks.RocksDB.engineVersion();
            case "builtin" -> {
                org.rocksdb.RocksDB.loadLibrary();
                yield "Kafka's RocksDBStore on RocksJava's RocksDB " + org.rocksdb.RocksDB.rocksdbVersion();
            }
            default -> throw new IllegalArgumentException("engine " + engine);
        };
        List<String> libraries = stillAlone(engine);
        System.out.println("# engine: " + version + " " + libraries);
    }

    /** Checks the fork's mapped libraries; returns the RocksDB-related ones. */
    static List<String> stillAlone(String engine) {
        List<String> libraries;
        try {
            libraries = Files.readAllLines(Path.of("/proc/self/maps")).stream()
                    .map(l -> l.substring(l.lastIndexOf(' ') + 1))
                    .filter(f -> f.contains("rocksdb") || f.contains("panrocks"))
                    .distinct().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/maps", e);
        }
        boolean rocksJava = libraries.stream().anyMatch(f -> f.contains("rocksdbjni"));
        boolean panrocks = libraries.stream().anyMatch(f -> f.contains("libpanrocks"));
        if (engine.equals("panrocks") && rocksJava) {
            throw new IllegalStateException("a panrocks fork has RocksJava's library mapped: " + libraries);
        }
        if (engine.equals("builtin") && panrocks) {
            throw new IllegalStateException("a built-in fork has panrocks mapped: " + libraries);
        }
        String expected = System.getProperty("panrocks.bench.expectEngine");
        if (engine.equals("panrocks") && expected != null && libraries.stream().noneMatch(f -> f.contains(expected))) {
            throw new IllegalStateException("this fork was to run on " + expected + " but has " + libraries);
        }
        return libraries;
    }
}
