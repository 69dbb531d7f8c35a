package io.panrocks.testkit;

import io.panrocks.RocksDB;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Runs a main class of the test suite in a child JVM: the one way every
 * child-JVM test of the suite starts a JVM.
 *
 * <pre>{@code
 * ForkedJvm.Result r = ForkedJvm.main(Misuse.class, "closed-batch").heap("256m").run();
 * r.assertSuccess();
 * }</pre>
 *
 * <p>By default the child gets the test classes and panrocks on its class
 * path, {@code --enable-native-access=ALL-UNNAMED}, a fresh working folder
 * (its current directory) with {@code -XX:ErrorFile} pointing into it, no
 * core dumps, and a two-minute timeout. A child still running at its
 * timeout has its threads dumped (jstack, else SIGQUIT) and is killed; the
 * {@link Result} says so and carries the dump. A JVM crash is reported from
 * the {@code hs_err_pid*.log} it leaves in the working folder, or from its
 * death by a signal (an {@code abort()} in native code writes no hs_err
 * file). The working folder is deleted after the run unless the caller
 * supplied it or the child crashed (then it is kept for inspection).
 */
public final class ForkedJvm {
    private final Class<?> mainClass;
    private final List<String> args = new ArrayList<>();
    private final List<String> jvmFlags = new ArrayList<>();
    private final Map<String, String> systemProperties = new LinkedHashMap<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private List<Path> classPath;
    private final List<Path> extraClassPath = new ArrayList<>();
    private String nativeAccess = "ALL-UNNAMED";
    private String maxHeap;
    private String minHeap;
    private Duration timeout = Duration.ofMinutes(2);
    private Path workDir;
    private boolean echo;
    private Consumer<String> onStdout = line -> {};
    private Consumer<String> onStderr = line -> {};

    private ForkedJvm(Class<?> mainClass) {
        this.mainClass = mainClass;
    }

    /** A child that runs {@code mainClass.main(args)}. */
    public static ForkedJvm main(Class<?> mainClass, String... args) {
        ForkedJvm f = new ForkedJvm(mainClass);
        f.args.addAll(List.of(args));
        return f;
    }

    // ---- locations -----------------------------------------------------------

    public static Path javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The panrocks jar (or classes folder) the suite runs against. */
    public static Path panrocksLocation() {
        return location(RocksDB.class);
    }

    /** The suite's compiled test classes. */
    public static Path testClasses() {
        return location(ForkedJvm.class);
    }

    /** The jar or folder a class was loaded from. */
    public static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- configuration --------------------------------------------------------

    public ForkedJvm args(String... more) {
        args.addAll(List.of(more));
        return this;
    }

    /** JVM options, before the main class (e.g. {@code -XX:+UseSerialGC}). */
    public ForkedJvm jvmFlags(String... flags) {
        jvmFlags.addAll(List.of(flags));
        return this;
    }

    public ForkedJvm jvmFlags(List<String> flags) {
        jvmFlags.addAll(flags);
        return this;
    }

    /** {@code -Xmx}. */
    public ForkedJvm heap(String max) {
        maxHeap = max;
        return this;
    }

    /** {@code -Xms} and {@code -Xmx} both. */
    public ForkedJvm fixedHeap(String size) {
        minHeap = size;
        maxHeap = size;
        return this;
    }

    public ForkedJvm systemProperty(String name, String value) {
        systemProperties.put(name, value);
        return this;
    }

    /** Passes on every system property of this JVM whose name starts with prefix (to replay seeds, scale rounds). */
    public ForkedJvm forwardSystemProperties(String prefix) {
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith(prefix)) systemProperties.put(name, System.getProperty(name));
        }
        return this;
    }

    public ForkedJvm env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public ForkedJvm timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Replaces the default class path (test classes + panrocks). */
    public ForkedJvm classPath(Path... entries) {
        classPath = List.of(entries);
        return this;
    }

    /** Adds entries after the class path. */
    public ForkedJvm addToClassPath(Path... entries) {
        extraClassPath.addAll(List.of(entries));
        return this;
    }

    /** The target of {@code --enable-native-access} ("ALL-UNNAMED" by default, "io.panrocks" on the module path), or null for none. */
    public ForkedJvm nativeAccess(String target) {
        nativeAccess = target;
        return this;
    }

    /** The child's working folder (kept afterwards); by default a fresh temporary one, deleted after a clean run. */
    public ForkedJvm workDir(Path dir) {
        workDir = dir;
        return this;
    }

    /** Also prints the child's output, as it comes, on this JVM's stdout and stderr. */
    public ForkedJvm echo() {
        echo = true;
        return this;
    }

    /** Called with each line the child prints on stdout, as it comes (on a reader thread). */
    public ForkedJvm onStdout(Consumer<String> consumer) {
        onStdout = consumer;
        return this;
    }

    public ForkedJvm onStderr(Consumer<String> consumer) {
        onStderr = consumer;
        return this;
    }

    // ---- running ---------------------------------------------------------------------

    /** Starts the child, waits for it (at most the timeout) and returns what happened. */
    public Result run() throws IOException, InterruptedException {
        try (Running r = start()) {
            return r.await();
        }
    }

    /** Starts the child; the caller talks to it and then {@link Running#await() awaits} it. */
    public Running start() throws IOException {
        boolean ownDir = workDir == null;
        Path dir = ownDir ? Files.createTempDirectory("panrocks-fork") : Files.createDirectories(workDir);
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary().toString());
        if (nativeAccess != null) cmd.add("--enable-native-access=" + nativeAccess);
        if (minHeap != null) cmd.add("-Xms" + minHeap);
        if (maxHeap != null) cmd.add("-Xmx" + maxHeap);
        cmd.add("-XX:ErrorFile=" + dir.toAbsolutePath().resolve("hs_err_pid%p.log"));
        cmd.add("-XX:-CreateCoredumpOnCrash");
        cmd.addAll(jvmFlags);
        systemProperties.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        List<Path> cp = new ArrayList<>(classPath != null ? classPath : List.of(testClasses(), panrocksLocation()));
        cp.addAll(extraClassPath);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, cp.stream().map(Path::toString).toList()));
        cmd.add(mainClass.getName());
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().putAll(env);
        return new Running(cmd, pb.start(), dir, ownDir, timeout, echo, onStdout, onStderr);
    }

    /** A started child. */
    public static final class Running implements AutoCloseable {
        private final List<String> command;
        private final Process process;
        private final Path dir;
        private final boolean ownDir;
        private final long deadline;
        private final long startNanos = System.nanoTime();
        private final StringBuilder stdout = new StringBuilder();
        private final StringBuilder stderr = new StringBuilder();
        private final List<String> stdoutLines = new ArrayList<>();
        private final Thread outReader;
        private final Thread errReader;
        private volatile boolean killed;
        private Result result;

        Running(List<String> command, Process process, Path dir, boolean ownDir, Duration timeout, boolean echo,
                Consumer<String> onStdout, Consumer<String> onStderr) {
            this.command = command;
            this.process = process;
            this.dir = dir;
            this.ownDir = ownDir;
            this.deadline = System.nanoTime() + timeout.toNanos();
            this.outReader = reader("stdout", process.getInputStream(), stdout, line -> {
                synchronized (stdoutLines) {
                    stdoutLines.add(line);
                    stdoutLines.notifyAll();
                }
                if (echo) System.out.println(line);
                onStdout.accept(line);
            });
            this.errReader = reader("stderr", process.getErrorStream(), stderr, line -> {
                if (echo) System.err.println(line);
                onStderr.accept(line);
            });
        }

        private Thread reader(String name, InputStream in, StringBuilder into, Consumer<String> each) {
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null;) {
                        synchronized (into) {
                            into.append(line).append('\n');
                        }
                        each.accept(line);
                    }
                } catch (IOException ignored) {
                    // the pipe breaks when the child dies
                }
            }, "forked-jvm-" + name + "-" + process.pid());
            t.setDaemon(true);
            t.start();
            return t;
        }

        public Process process() {
            return process;
        }

        public long pid() {
            return process.pid();
        }

        public Path workDir() {
            return dir;
        }

        public OutputStream stdin() {
            return process.getOutputStream();
        }

        public void closeStdin() throws IOException {
            process.getOutputStream().close();
        }

        /** The lines the child has printed on stdout so far. */
        public List<String> stdoutLines() {
            synchronized (stdoutLines) {
                return List.copyOf(stdoutLines);
            }
        }

        /** Waits until the child printed a line matching test, it died, or the wait ran out; returns the line or null. */
        public String awaitLine(Predicate<String> test, Duration wait) throws InterruptedException {
            long until = System.nanoTime() + wait.toNanos();
            int seen = 0;
            synchronized (stdoutLines) {
                while (true) {
                    for (; seen < stdoutLines.size(); seen++) {
                        if (test.test(stdoutLines.get(seen))) return stdoutLines.get(seen);
                    }
                    long left = until - System.nanoTime();
                    if (left <= 0 || !process.isAlive() && !outReader.isAlive()) return null;
                    stdoutLines.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 50)));
                }
            }
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        /**
         * SIGKILL, through the ProcessHandle: Process.destroyForcibly would
         * also close our end of the pipes and lose lines not read yet.
         */
        public void kill() {
            killed = true;
            process.toHandle().destroyForcibly();
        }

        /** Waits for the child until the timeout (then dumps its threads and kills it). Repeatable. */
        public synchronized Result await() throws InterruptedException {
            if (result != null) return result;
            boolean timedOut = false;
            String threadDump = "";
            long left = deadline - System.nanoTime();
            if (!process.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                timedOut = true;
                threadDump = threadDump();
                killed = true;
                process.toHandle().destroyForcibly();
                process.waitFor();
            }
            outReader.join(10_000);
            errReader.join(10_000);
            List<Path> crashes = crashFiles(dir);
            String out, err;
            synchronized (stdout) {
                out = stdout.toString();
            }
            synchronized (stderr) {
                err = stderr.toString();
            }
            result = new Result(command, process.exitValue(), out, err, timedOut, killed, threadDump, crashes,
                    crashes.isEmpty() ? "" : crashSummary(crashes.get(0)),
                    Duration.ofNanos(System.nanoTime() - startNanos), dir);
            if (ownDir && !result.crashed()) deleteRecursively(dir);
            return result;
        }

        /** jstack, or else SIGQUIT (HotSpot prints the dump on the child's stdout). */
        private String threadDump() {
            Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
            try {
                Process p = new ProcessBuilder(jstack.toString(), "-l", Long.toString(process.pid()))
                        .redirectErrorStream(true).start();
                byte[][] output = new byte[1][];
                Thread t = new Thread(() -> {
                    try {
                        output[0] = p.getInputStream().readAllBytes();
                    } catch (IOException ignored) {
                        // jstack died
                    }
                });
                t.setDaemon(true);
                t.start();
                if (p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    t.join(5_000);
                    if (output[0] != null) return new String(output[0], StandardCharsets.UTF_8);
                }
                p.destroyForcibly();
            } catch (IOException | InterruptedException ignored) {
                // fall back to SIGQUIT
            }
            try {
                int before;
                synchronized (stdout) {
                    before = stdout.length();
                }
                new ProcessBuilder("kill", "-3", Long.toString(process.pid())).start().waitFor(5, TimeUnit.SECONDS);
                Thread.sleep(2_000);
                synchronized (stdout) {
                    return "(SIGQUIT)\n" + stdout.substring(Math.min(before, stdout.length()));
                }
            } catch (IOException | InterruptedException e) {
                return "(no thread dump: " + e + ")";
            }
        }

        /** Kills the child if it still runs, and collects the result. */
        @Override
        public void close() throws InterruptedException {
            if (process.isAlive() && result == null && System.nanoTime() < deadline) {
                // the caller is done with it: no dump needed
                kill();
            }
            await();
        }
    }

    /** What a child did. */
    public record Result(List<String> command, int exitCode, String stdout, String stderr, boolean timedOut,
                         boolean killed, String threadDump, List<Path> crashFiles, String crashSummary,
                         Duration elapsed, Path workDir) {
        /** Crashed: left an hs_err file, or died of a signal nobody here sent (an abort() writes no hs_err file). */
        public boolean crashed() {
            return !crashFiles.isEmpty() || exitCode > 128 && !killed;
        }

        /** The signal the child died of, or 0. */
        public int signal() {
            return exitCode > 128 ? exitCode - 128 : 0;
        }

        /** Fails (with the crash file's head, or the thread dump) if the child crashed or hung. */
        public Result assertNoCrashOrHang() {
            if (timedOut)
                throw new AssertionError("child JVM hung: still running after " + elapsed.toSeconds()
                        + " s, killed\n" + this + "\n--- thread dump\n" + threadDump);
            if (crashed())
                throw new AssertionError("child JVM crashed" + (signal() > 0 ? " (signal " + signal() + ")" : "")
                        + (crashFiles.isEmpty() ? "" : ": " + crashFiles) + "\n" + this
                        + (crashSummary.isEmpty() ? "" : "\n--- crash file (head)\n" + crashSummary));
            return this;
        }

        /** As {@link #assertNoCrashOrHang()}, and the child exited with 0. */
        public Result assertSuccess() {
            assertNoCrashOrHang();
            if (exitCode != 0) throw new AssertionError("child JVM exited with " + exitCode + "\n" + this);
            return this;
        }

        public List<String> stdoutLines() {
            return stdout.lines().toList();
        }

        @Override
        public String toString() {
            return "command: " + String.join(" ", command) + "\nexit " + exitCode + (timedOut ? " (timed out)" : "")
                    + (killed ? " (killed)" : "") + " after " + elapsed.toMillis() + " ms"
                    + "\n--- stdout\n" + tail(stdout) + "\n--- stderr\n" + tail(stderr);
        }

        private static String tail(String s) {
            return s.length() <= 20_000 ? s : "...\n" + s.substring(s.length() - 20_000);
        }
    }

    // ---- helpers -------------------------------------------------------------------

    private static List<Path> crashFiles(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("hs_err")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The lines of an hs_err file that say what crashed: the header up to the problematic frame, and the native frames. */
    private static String crashSummary(Path hsErr) {
        try {
            List<String> lines = Files.readAllLines(hsErr, StandardCharsets.ISO_8859_1);
            List<String> keep = new ArrayList<>(lines.subList(0, Math.min(30, lines.size())));
            int frames = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("Native frames:")) {
                    frames = i;
                    break;
                }
            }
            if (frames >= 0) {
                keep.add("...");
                keep.addAll(lines.subList(frames, Math.min(lines.size(), frames + 30)));
            }
            return String.join("\n", keep);
        } catch (IOException e) {
            return "(cannot read " + hsErr + ": " + e + ")";
        }
    }

    static void deleteRecursively(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort
                }
            });
        } catch (IOException | UncheckedIOException ignored) {
            // best effort
        }
    }
}
