package io.panrocks.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The RocksJava releases the suite has: the one on the test class path (the
 * bundled engine's version), and one release per major line that
 * src/test/pom.xml copies out and names in the system properties
 * {@code panrocks.test.rocksjava.v<major>} (7.8.3, 9.11.2, 10.1.3, 11.8.1).
 * Children that need RocksJava get one of these on their class path; this
 * JVM never loads them.
 */
public final class RocksJavaJars {
    /** The major lines src/test/pom.xml copies a release of. */
    public static final List<Integer> MAJORS = List.of(7, 9, 10, 11);

    private RocksJavaJars() {
    }

    /** The release of major line {@code major} (system property {@code panrocks.test.rocksjava.v<major>}). */
    public static Path release(int major) {
        String property = "panrocks.test.rocksjava.v" + major;
        String p = System.getProperty(property);
        if (p == null) throw new IllegalStateException("system property " + property + " (set by src/test/pom.xml)");
        Path jar = Path.of(p);
        if (!Files.isRegularFile(jar)) throw new IllegalStateException(jar + " is missing");
        return jar;
    }

    /** {@link #MAJORS} for a parameterized test's {@code @MethodSource}. */
    public static List<Integer> majors() {
        return MAJORS;
    }

    /** Every release src/test/pom.xml copies, oldest first. */
    public static List<Path> releases() {
        return MAJORS.stream().map(RocksJavaJars::release).toList();
    }

    /** The jar on the test class path (not loaded here). */
    public static Path onClassPath() throws ClassNotFoundException {
        return ForkedJvm.location(Class.forName("org.rocksdb.RocksDB", false, RocksJavaJars.class.getClassLoader()));
    }

    /**
     * The jar of RocksJava {@code engineVersion} among those the suite has,
     * else the one on the class path: the suite's RocksJava matches the
     * bundled engine, and the other engine (9.11.2, or PANROCKS_ENGINE_SOURCE)
     * may match one of the copied releases.
     */
    public static Path sameVersionAs(String engineVersion) throws ClassNotFoundException {
        Path suites = onClassPath();
        List<Path> jars = new ArrayList<>(List.of(suites));
        jars.addAll(releases());
        for (Path jar : jars) {
            if (versionOf(jar).equals(engineVersion)) return jar;
        }
        return suites;
    }

    /** The version in a rocksdbjni jar's file name. */
    public static String versionOf(Path rocksJavaJar) {
        return rocksJavaJar.getFileName().toString().replaceFirst("^rocksdbjni-", "").replaceFirst("\\.jar$", "");
    }
}
