package io.panrocks.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The RocksJava releases the suite has: the one on the test class path (the
 * bundled engine's version), and the older and newest jars src/test/pom.xml
 * copies out and names in system properties. Children that need RocksJava
 * get one of these on their class path; this JVM never loads them.
 */
public final class RocksJavaJars {
    private RocksJavaJars() {
    }

    /** The jar a system property set by src/test/pom.xml names ("panrocks.test.rocksjava.old", ".newest"). */
    public static Path named(String property) {
        String p = System.getProperty(property);
        if (p == null) throw new IllegalStateException("system property " + property + " (set by src/test/pom.xml)");
        Path jar = Path.of(p);
        if (!Files.isRegularFile(jar)) throw new IllegalStateException(jar + " is missing");
        return jar;
    }

    /** The jar on the test class path (not loaded here). */
    public static Path onClassPath() throws ClassNotFoundException {
        return ForkedJvm.location(Class.forName("org.rocksdb.RocksDB", false, RocksJavaJars.class.getClassLoader()));
    }

    /**
     * The jar of RocksJava {@code engineVersion} among those the suite has,
     * else the one on the class path: the suite's RocksJava matches the
     * bundled engine, and another engine (PANROCKS_ENGINE_SOURCE) may match
     * the older or the newest release.
     */
    public static Path sameVersionAs(String engineVersion) throws ClassNotFoundException {
        Path suites = onClassPath();
        for (Path jar : List.of(suites, named("panrocks.test.rocksjava.old"), named("panrocks.test.rocksjava.newest"))) {
            if (versionOf(jar).equals(engineVersion)) return jar;
        }
        return suites;
    }

    /** The version in a rocksdbjni jar's file name. */
    public static String versionOf(Path rocksJavaJar) {
        return rocksJavaJar.getFileName().toString().replaceFirst("^rocksdbjni-", "").replaceFirst("\\.jar$", "");
    }
}
