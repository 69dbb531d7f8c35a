package io.panrocks.jmh;

/**
 * Makes a fork fail when it does not run on the engine the run asked for.
 * scripts/bench.sh passes {@code -Dpanrocks.bench.expectEngine=<version>}
 * (the RocksDB version inside the libpanrocks.so under test) and
 * {@code -Dpanrocks.bench.expectRocksJava=<version>} (the rocksdbjni release
 * on the class path: the same version, or the newest one for the extra row).
 * Without the properties nothing is checked (a benchmark run by hand).
 */
final class EngineCheck {
    static final String PROPERTY = "panrocks.bench.expectEngine";
    static final String ROCKSJAVA_PROPERTY = "panrocks.bench.expectRocksJava";

    private EngineCheck() {
    }

    /** Call after panrocks opened a DB (so its engine is loaded). */
    static void verify() {
        check(PROPERTY, io.panrocks.RocksDB.engineVersion(), "panrocks");
    }

    /** Call after RocksJava loaded its library. */
    static void verifyRocksJava() {
        check(ROCKSJAVA_PROPERTY, org.rocksdb.RocksDB.rocksdbVersion().toString(), "RocksJava");
    }

    private static void check(String property, String actual, String who) {
        String expected = System.getProperty(property);
        if (expected == null || expected.isBlank()) return;
        if (!expected.equals(actual)) {
            throw new IllegalStateException("this fork was to run " + who + " on RocksDB " + expected
                    + " but runs on " + actual + " (-D" + property + ")");
        }
    }
}
