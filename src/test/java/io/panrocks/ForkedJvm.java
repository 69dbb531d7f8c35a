package io.panrocks;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a main class of the test suite in a child JVM and captures what it printed. */
final class ForkedJvm {
    record Result(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    private ForkedJvm() {
    }

    static Path javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The panrocks jar (or classes folder) the suite runs against. */
    static Path panrocksLocation() {
        return location(RocksDB.class);
    }

    static Path testClasses() {
        return location(ForkedJvm.class);
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Class path run: the test classes and panrocks on the class path. */
    static Result runOnClassPath(List<String> jvmArgs, Class<?> main, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary().toString());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(testClasses() + java.io.File.pathSeparator + panrocksLocation());
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return run(cmd, 120);
    }

    static Result run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("panrocks-fork", ".out");
        Path err = Files.createTempFile("panrocks-fork", ".err");
        try {
            Process p = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("child JVM timed out: " + command + "\n" + Files.readString(err));
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
