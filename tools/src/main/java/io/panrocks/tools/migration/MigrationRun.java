package io.panrocks.tools.migration;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The {@code --run} half of scripts/check-migration.sh: runs the test methods
 * that compiled, with JUnit 4, and tells what passes, what fails and why.
 *
 * <p>The files as the check left them (failing methods cut) are compiled
 * together; a method that compiled against the whole tree but not with the
 * other files' cuts is cut too (and counted as not compiling here). Every
 * concrete test class then runs in a JVM of its own (MigrationTestChild),
 * which reports each test as it starts and ends. A test with no result for
 * {@code timeout} seconds is a hang: its JVM is stopped. A JVM that ends
 * without finishing its class crashed. Either way the culprit is recorded and
 * the rest of the class runs in a new JVM, so nothing stops the run.
 *
 * <p>A {@code @Test} method is counted once, in the class declaring it, as
 * the compile check counts it: when it runs several times (parameters,
 * subclasses), it passes only when every run passes.
 */
final class MigrationRun {
    enum Status { PASS, SKIP, IGNORED, FAIL, ERROR } // in order of severity: a method's worst run decides

    /** One run of one test: how it ended and why. */
    record Outcome(Status status, String type, String message, String origin) {
        boolean libraryOrigin() {
            return origin != null && !origin.equals("-") && !origin.startsWith("(");
        }

        /** The cause a failure is grouped by: type and message, and the panrocks method that threw. */
        String cause() {
            String simpleType = type == null ? "" : type.substring(type.lastIndexOf('.') + 1);
            String m = message == null || message.equals("-") ? "" : ": " + message
                    .replaceAll("/[^ ,;:'\"]*junit\\d+[^ ,;:'\"]*", "<tmp>")
                    .replaceAll("@[0-9a-f]{5,}", "@…").replaceAll("0x[0-9a-f]{5,}", "0x…");
            String where = status == Status.ERROR && libraryOrigin() ? "   [in " + origin.replace("io.panrocks.", "") + "]" : "";
            return simpleType + m + where;
        }

        /** The group of an exception panrocks threw: its type and the panrocks method that threw it. */
        String group() {
            return type.substring(type.lastIndexOf('.') + 1) + " thrown by " + origin.replace("io.panrocks.", "");
        }

        /** The message within a group: random numbers (RocksJava's tests set options to random values) masked. */
        String detail() {
            if (!(status == Status.ERROR && libraryOrigin()) || message == null) return "";
            return message.replaceAll("/[^ ,;:'\"]*junit\\d+[^ ,;:'\"]*", "<tmp>").replaceAll("-?\\d{7,}", "<n>");
        }
    }

    private final CheckMigration check;
    private final Path tree;
    private final Path root;
    private final String classpath;
    private final Path library;
    private final int timeoutSeconds;
    private final PrintStream out;

    /** every compiling @Test method (declaring class#method) and its runs' outcomes, in order */
    private final Map<String, List<Outcome>> outcomes = new TreeMap<>();
    private final Set<String> compiledTests = new TreeSet<>();
    private final List<String> cutTogether = new ArrayList<>();
    private final List<String> dropped = new ArrayList<>();
    private final List<String> crashes = new ArrayList<>();
    private final List<String> classFailures = new ArrayList<>();

    MigrationRun(CheckMigration check, Path tree, String classpath, Path library, int timeoutSeconds, PrintStream out) {
        this.check = check;
        this.tree = tree;
        this.root = tree.getParent();
        this.classpath = classpath;
        this.library = library;
        this.timeoutSeconds = timeoutSeconds;
        this.out = out;
    }

    void run(List<Path> sources, List<Path> lost, int totalTests) throws Exception {
        long start = System.nanoTime();
        List<Path> files = new ArrayList<>(sources);
        for (Path p : lost) drop(files, p);
        Path classes = Files.createDirectories(root.resolve("run-classes"));
        compileTogether(files, classes);
        try (URLClassLoader loader = loader(classes)) {
            List<String> testClasses = discover(classes, loader);
            out.printf("%nRunning the %d test classes that compile (JUnit 4, each in a JVM of its own; a test with no "
                    + "result in %d s is stopped)%n", testClasses.size(), timeoutSeconds);
            int n = 0;
            for (String c : testClasses) {
                out.printf("  [%d/%d] %s%n", ++n, testClasses.size(), c);
                out.flush();
                runClass(c, classes, loader);
            }
        }
        report(totalTests, (System.nanoTime() - start) / 1_000_000_000);
    }

    // ---- compiling the tree together -------------------------------------------------------------------------

    private void drop(List<Path> files, Path file) throws IOException {
        files.remove(file);
        // off the source path too, so a later cut does not lean on it
        Files.deleteIfExists(file);
        dropped.add(tree.relativize(file).toString());
    }

    private void compileTogether(List<Path> files, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        for (int round = 0;; round++) {
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            try (StandardJavaFileManager fm = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
                fm.setLocation(StandardLocation.CLASS_PATH, classpathFiles());
                fm.setLocation(StandardLocation.CLASS_OUTPUT, List.of(classes.toFile()));
                javac.getTask(null, fm, diagnostics, List.of("-proc:none", "-nowarn", "-encoding", "UTF-8"), null,
                        fm.getJavaFileObjectsFromPaths(files)).call();
            }
            Set<Path> failing = new LinkedHashSet<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() != null) failing.add(Path.of(d.getSource().toUri()));
            }
            if (failing.isEmpty()) return;
            for (Path f : failing) {
                List<String> cut = round < 5 ? check.recut(f) : null;
                if (cut == null) drop(files, f);
                else for (String m : cut) cutTogether.add(tree.relativize(f) + "#" + m);
            }
        }
    }

    /**
     * Where the child's classes are (this module's classes or jar, compiled by the build against JUnit 4): on the
     * child JVM's class path after the tree's classes and dependencies, so those win any clash.
     */
    private static String childLocation() throws java.net.URISyntaxException {
        return Path.of(MigrationTestChild.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private List<File> classpathFiles() {
        List<File> cp = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) if (!entry.isBlank()) cp.add(new File(entry).getAbsoluteFile());
        return cp;
    }

    // ---- finding the tests -------------------------------------------------------------------------------------

    private URLClassLoader loader(Path classes) throws IOException {
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (File f : classpathFiles()) urls.add(f.toURI().toURL());
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /** Records every compiled @Test method and returns the classes JUnit can run, loaded but not initialized. */
    @SuppressWarnings("unchecked")
    private List<String> discover(Path classes, ClassLoader loader) throws Exception {
        Class<? extends Annotation> test = (Class<? extends Annotation>) loader.loadClass("org.junit.Test");
        List<String> names;
        try (Stream<Path> walk = Files.walk(classes)) {
            names = walk.map(p -> classes.relativize(p).toString())
                    .filter(n -> n.endsWith(".class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace(File.separatorChar, '.'))
                    .filter(n -> !n.matches(".*\\$\\d.*")) // anonymous and local classes
                    .sorted().toList();
        }
        List<String> runnable = new ArrayList<>();
        for (String name : names) {
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
                for (Method m : c.getDeclaredMethods()) if (m.isAnnotationPresent(test)) compiledTests.add(name + "#" + m.getName());
                int mod = c.getModifiers();
                if (!Modifier.isPublic(mod) || Modifier.isAbstract(mod) || c.isInterface()
                        || (c.isMemberClass() && !Modifier.isStatic(mod))) continue;
                // a class whose every @Test method was cut has nothing to run (JUnit would call it invalid)
                boolean hasTests = false;
                for (Method m : c.getMethods()) hasTests |= m.isAnnotationPresent(test);
                if (hasTests) runnable.add(name);
            } catch (LinkageError e) {
                classFailures.add(name + ": cannot be loaded: " + e);
            }
        }
        return runnable;
    }

    /** The @Test methods a class runs (its own and inherited), as declaringClass#method. */
    @SuppressWarnings("unchecked")
    private static Set<String> testsOf(String name, ClassLoader loader) throws ReflectiveOperationException {
        Class<? extends Annotation> test = (Class<? extends Annotation>) loader.loadClass("org.junit.Test");
        Set<String> tests = new LinkedHashSet<>();
        for (Method m : Class.forName(name, false, loader).getMethods()) {
            if (m.isAnnotationPresent(test)) tests.add(m.getDeclaringClass().getName() + "#" + m.getName());
        }
        return tests;
    }

    // ---- running one class -------------------------------------------------------------------------------------

    private void runClass(String name, Path classes, ClassLoader loader) throws Exception {
        Path dir = Files.createDirectories(root.resolve("run").resolve(name));
        Path results = dir.resolve("results.txt"), skip = dir.resolve("skip.txt"), log = dir.resolve("output.log");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Set<String> planned = new LinkedHashSet<>(), finished = new LinkedHashSet<>();
        Set<String> ranHere = new LinkedHashSet<>();
        String classFailure = null;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (int attempt = 0;; attempt++) {
            Files.write(skip, finished, StandardCharsets.UTF_8);
            long offset = Files.exists(results) ? Files.size(results) : 0;
            // -ea: RocksJava's build runs its tests with assertions on, and some expect an AssertionError
            List<String> command = List.of(java, "-ea", "-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    "--enable-native-access=ALL-UNNAMED", "-XX:ErrorFile=" + dir.resolve("hs_err_pid%p.log"),
                    "-Djava.io.tmpdir=" + tmp, "-Dmigration.library=" + library,
                    "-cp", classes + File.pathSeparator + String.join(File.pathSeparator,
                            classpathFiles().stream().map(File::toString).toList()) + File.pathSeparator + childLocation(),
                    MigrationTestChild.class.getName(), name, results.toString(), skip.toString());
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            boolean hung = false;
            long seen = offset, lastProgress = System.nanoTime();
            while (!p.waitFor(1, TimeUnit.SECONDS)) {
                long size = Files.exists(results) ? Files.size(results) : 0;
                if (size != seen) {
                    seen = size;
                    lastProgress = System.nanoTime();
                } else if (System.nanoTime() - lastProgress > TimeUnit.SECONDS.toNanos(timeoutSeconds)) {
                    hung = true;
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor();
                    break;
                }
            }
            // what this JVM said
            String running = null, runningWhere = null;
            boolean done = false;
            byte[] all = Files.exists(results) ? Files.readAllBytes(results) : new byte[0];
            String text = new String(all, (int) Math.min(offset, all.length), (int) Math.max(0, all.length - offset),
                    StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                String[] f = line.split("\t", -1);
                switch (f[0]) {
                    case "PLAN" -> planned.add(f[1]);
                    case "START" -> {
                        running = f[1];
                        runningWhere = f.length > 3 ? f[2] + "#" + f[3] : null;
                    }
                    case "END" -> {
                        finished.add(f[1]);
                        running = null;
                        String key = f[3] + "#" + f[4];
                        Status s = Status.valueOf(f[2]);
                        Outcome o = f.length > 7 ? new Outcome(s, f[5], f[6], f[7]) : new Outcome(s, null, null, null);
                        if (compiledTests.contains(key)) {
                            record(key, o, ranHere);
                        } else if (s == Status.FAIL || s == Status.ERROR) {
                            // JUnit's initializationError (no runnable method, a failing parameters method ...)
                            classFailure = o.cause();
                            classFailures.add(name + ": " + f[1] + ": " + classFailure);
                        }
                    }
                    case "CLASS" -> {
                        Outcome o = new Outcome(Status.valueOf(f[1]), f[4], f[5], f[6]);
                        classFailure = o.cause();
                        classFailures.add(name + ": " + classFailure);
                    }
                    case "DONE" -> done = true;
                    default -> {}
                }
            }
            if (done) {
                if (hung) crashes.add(name + " (after its tests, while the JVM exited): hang, stopped (log: " + log + ")");
                break;
            }
            int exit = p.exitValue();
            String hsErr = hsErr(dir);
            // a signal or an hs_err file is a crash of the JVM; any other early exit is an error that escaped JUnit
            String what = hung ? "hang: no result in " + timeoutSeconds + " s, the JVM was stopped"
                    : exit > 128 || !hsErr.isEmpty() ? "crash: the JVM ended with exit code " + exit + signal(exit) + hsErr
                    : "exit: the JVM ended with exit code " + exit + " before its tests were done";
            if (running != null) {
                finished.add(running);
                crashes.add(running + ": " + what + " (log: " + log + ")");
                if (runningWhere != null)
                    record(runningWhere, new Outcome(Status.ERROR, kind(what), what.substring(what.indexOf(": ") + 2), "-"), ranHere);
                if (finished.containsAll(planned)) break;
                continue; // the rest of the class, without the culprit
            }
            // ended outside any test: during class loading, a class rule, or before the plan
            crashes.add(name + " (outside a test): " + what + " (log: " + log + ")");
            classFailure = what + ", outside a test";
            classFailures.add(name + ": " + classFailure);
            break;
        }
        // a method the class should have run but did not: a class-level failure stopped it
        for (String t : testsOf(name, loader)) {
            if (ranHere.contains(t)) continue;
            if (classFailure != null) record(t, new Outcome(Status.ERROR, "ClassFailure", classFailure, "-"), ranHere);
        }
    }

    private void record(String key, Outcome o, Set<String> ranHere) {
        ranHere.add(key);
        outcomes.computeIfAbsent(key, k -> new ArrayList<>()).add(o);
    }

    /** "hang: ..." as the type a hang, crash or exit is grouped by: Hang, Crash, Exit. */
    private static String kind(String what) {
        return Character.toUpperCase(what.charAt(0)) + what.substring(1, what.indexOf(':'));
    }

    private static String signal(int exit) {
        return exit > 128 ? " (signal " + (exit - 128) + ")" : "";
    }

    private static String hsErr(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("hs_err")).findFirst()
                    .map(p -> ", " + p).orElse("");
        }
    }

    // ---- the report --------------------------------------------------------------------------------------------

    /** A method's outcome over its runs: its worst run (passes only if every run passes), or null if it never ran. */
    private Outcome verdict(String key) {
        List<Outcome> runs = outcomes.get(key);
        if (runs == null || runs.isEmpty()) return null;
        Outcome worst = runs.get(0);
        for (Outcome o : runs) if (o.status.ordinal() > worst.status.ordinal()) worst = o;
        if (worst.status == Status.SKIP || worst.status == Status.IGNORED) {
            // a method skipped for some parameters and passing for others passes
            for (Outcome o : runs) if (o.status == Status.PASS) return o;
        }
        return worst;
    }

    private static String file(String key) {
        String cls = key.substring(0, key.indexOf('#'));
        int dollar = cls.indexOf('$');
        String top = dollar < 0 ? cls : cls.substring(0, dollar);
        return top.replace('.', '/') + ".java";
    }

    private static String display(String key) {
        String cls = key.substring(0, key.indexOf('#')).replace("io.panrocks.", "").replace('$', '.');
        return cls + "." + key.substring(key.indexOf('#') + 1);
    }

    private void report(int totalTests, long seconds) {
        // per file: passed, failed, errored, skipped, not run
        Map<String, int[]> perFile = new TreeMap<>();
        int[] totals = new int[5];
        Map<String, List<String>> byCause = new LinkedHashMap<>();
        Map<String, Status> causeStatus = new HashMap<>();
        for (String key : compiledTests) {
            Outcome v = verdict(key);
            int column = v == null ? 4 : switch (v.status) {
                case PASS -> 0;
                case FAIL -> 1;
                case ERROR -> 2;
                case SKIP, IGNORED -> 3;
            };
            perFile.computeIfAbsent(file(key), k -> new int[5])[column]++;
            totals[column]++;
            if (v != null && (v.status == Status.FAIL || v.status == Status.ERROR)) {
                // an exception panrocks threw is grouped by the method that threw it, its messages listed under it
                String cause = v.status == Status.ERROR && v.libraryOrigin() ? v.group() : v.cause();
                byCause.computeIfAbsent(cause, k -> new ArrayList<>()).add(display(key) + "\t" + v.detail());
                causeStatus.put(cause, v.status);
            }
        }
        out.printf("%nRun results per file (@Test methods; a method run several times passes only if every run passes):%n");
        out.printf("  %-58s %6s %6s %7s %7s %7s%n", "file", "passed", "failed", "errored", "skipped", "not run");
        for (Map.Entry<String, int[]> e : perFile.entrySet()) {
            int[] c = e.getValue();
            out.printf("  %-58s %6d %6d %7d %7d %7d%n", e.getKey(), c[0], c[1], c[2], c[3], c[4]);
        }
        int compiled = compiledTests.size();
        out.printf("%npanrocks migration run: %d of %d @Test methods pass (%.1f%%); of the %d that compile together: "
                + "%d passed, %d failed (assertion), %d errored (exception, crash or hang), %d skipped "
                + "(@Ignore or assumption), %d not run (no concrete class runs them)  (%d seconds)%n",
                totals[0], totalTests, totalTests == 0 ? 0.0 : 100.0 * totals[0] / totalTests, compiled,
                totals[0], totals[1], totals[2], totals[3], totals[4], seconds);
        if (!cutTogether.isEmpty() || !dropped.isEmpty()) {
            out.printf("  cut when the files were compiled together (they compile only against the uncut tree): %s%n",
                    String.join(", ", cutTogether));
            if (!dropped.isEmpty()) out.printf("  files not run (they do not compile together): %s%n", String.join(", ", dropped));
        }
        out.printf("%nCrashes and hangs (panrocks must not crash or hang: each is a bug to report; the logs stay with --keep):%n");
        if (crashes.isEmpty()) out.printf("  none%n");
        for (String c : crashes) out.printf("  %s%n", c);
        out.printf("%nFailures outside any test (class rules, @BeforeClass, @AfterClass, loading):%n");
        if (classFailures.isEmpty()) out.printf("  none%n");
        for (String c : classFailures) out.printf("  %s%n", c);
        out.printf("%nFailed and errored methods by cause [methods]:%n");
        List<String> causes = new ArrayList<>(byCause.keySet());
        causes.sort(Comparator.<String>comparingInt(c -> -byCause.get(c).size()).thenComparing(c -> c));
        for (String c : causes) {
            List<String> tests = byCause.get(c);
            out.printf("  %4d  %s %s%n", tests.size(), causeStatus.get(c) == Status.FAIL ? "FAIL " : "ERROR", c);
            Map<String, List<String>> byDetail = new TreeMap<>();
            for (String t : tests) {
                String[] f = t.split("\t", 2);
                byDetail.computeIfAbsent(f[1], k -> new ArrayList<>()).add(f[0]);
            }
            for (Map.Entry<String, List<String>> e : byDetail.entrySet()) {
                if (!e.getKey().isEmpty()) out.printf("          %s:%n  ", e.getKey());
                out.printf("          %s%n", String.join(", ", e.getValue()));
            }
        }
    }
}
