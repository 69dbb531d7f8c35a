package io.panrocks.tools.migration;

import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.Runner;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

import java.io.FileOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The child JVM of {@code scripts/check-migration.sh --run}: runs one JUnit 4
 * test class and writes one line per event to a results file, flushed at
 * once, so the parent knows which test was running when this JVM crashed or
 * hung (it then runs the rest of the class in a new JVM, without that test).
 *
 * <p>Usage: {@code MigrationTestChild CLASS RESULTS_FILE [SKIP_FILE]}; the
 * skip file lists display names of tests not to run (one a line). The
 * system property {@code migration.library} names the panrocks jar, so an
 * exception's origin inside panrocks can be told from the test's own code
 * (both live in package io.panrocks after the rename).
 *
 * <p>Lines (tab-separated): {@code PLAN name}, {@code START name declaringClass method},
 * {@code END name status declaringClass method [exceptionType message origin]},
 * {@code CLASS status - - exceptionType message origin} (a failure outside
 * any test: a class rule, {@code @BeforeClass}), {@code DONE}. Status is
 * PASS, FAIL (an AssertionError), ERROR (any other Throwable), SKIP (an
 * assumption failed) or IGNORED ({@code @Ignore}).
 */
public final class MigrationTestChild {
    private final PrintStream out;
    private final String library;
    private final Map<String, Boolean> fromLibrary = new HashMap<>();

    private MigrationTestChild(PrintStream out, String library) {
        this.out = out;
        this.library = library;
    }

    public static void main(String[] args) throws Exception {
        Class<?> testClass = Class.forName(args[0], false, MigrationTestChild.class.getClassLoader());
        Set<String> skip = new HashSet<>();
        if (args.length > 2) skip.addAll(Files.readAllLines(Path.of(args[2]), StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new FileOutputStream(args[1], true), true, StandardCharsets.UTF_8);
        MigrationTestChild child = new MigrationTestChild(out, System.getProperty("migration.library", ""));
        Request request = Request.aClass(testClass);
        if (!skip.isEmpty()) {
            request = request.filterWith(new org.junit.runner.manipulation.Filter() {
                @Override
                public boolean shouldRun(Description d) {
                    if (d.isTest()) return !skip.contains(d.getDisplayName());
                    for (Description c : d.getChildren()) if (shouldRun(c)) return true;
                    return false;
                }

                @Override
                public String describe() {
                    return "tests not run yet";
                }
            });
        }
        Runner runner = request.getRunner();
        child.plan(runner.getDescription());
        JUnitCore core = new JUnitCore();
        core.addListener(child.listener());
        core.run(runner);
        out.println("DONE");
        out.flush();
        // a test may leave non-daemon threads behind; the results are written
        System.exit(0);
    }

    private void plan(Description d) {
        if (d.isTest()) out.println("PLAN\t" + d.getDisplayName());
        for (Description c : d.getChildren()) plan(c);
    }

    private RunListener listener() {
        return new RunListener() {
            private final Map<String, Failure> failures = new HashMap<>();
            private final Set<String> assumptions = new HashSet<>();

            @Override
            public void testStarted(Description d) {
                out.println("START\t" + d.getDisplayName() + "\t" + where(d));
            }

            @Override
            public void testFailure(Failure f) {
                if (f.getDescription().isTest()) failures.putIfAbsent(f.getDescription().getDisplayName(), f);
                else out.println("CLASS\t" + status(f) + "\t-\t-\t" + cause(f.getException()));
            }

            @Override
            public void testAssumptionFailure(Failure f) {
                assumptions.add(f.getDescription().getDisplayName());
            }

            @Override
            public void testIgnored(Description d) {
                out.println("END\t" + d.getDisplayName() + "\tIGNORED\t" + where(d));
            }

            @Override
            public void testFinished(Description d) {
                String name = d.getDisplayName();
                Failure f = failures.remove(name);
                if (f != null) out.println("END\t" + name + "\t" + status(f) + "\t" + where(d) + "\t" + cause(f.getException()));
                else if (assumptions.remove(name)) out.println("END\t" + name + "\tSKIP\t" + where(d));
                else out.println("END\t" + name + "\tPASS\t" + where(d));
            }
        };
    }

    private static String status(Failure f) {
        return f.getException() instanceof AssertionError ? "FAIL" : "ERROR";
    }

    /** The class declaring the test method (a subclass runs its parent's tests) and the method's name. */
    private static String where(Description d) {
        String method = d.getMethodName() == null ? "-" : d.getMethodName().replaceFirst("\\[.*$", "");
        Class<?> c = d.getTestClass();
        String declaring = c == null ? d.getClassName() : c.getName();
        if (c != null) {
            try {
                declaring = c.getMethod(method).getDeclaringClass().getName();
            } catch (NoSuchMethodException | SecurityException | LinkageError e) {
                // not a public no-argument method: keep the running class
            }
        }
        return declaring + "\t" + method;
    }

    /** Exception type, its message (one line) and where it came from: the panrocks frame that threw, else the first. */
    private String cause(Throwable t) {
        String message = t.getMessage() == null ? "" : t.getMessage().replaceAll("\\s+", " ").trim();
        if (message.length() > 300) message = message.substring(0, 300) + "...";
        String origin = "-";
        for (StackTraceElement e : t.getStackTrace()) {
            if (isLibrary(e.getClassName())) {
                origin = e.getClassName() + "." + e.getMethodName();
                break;
            }
        }
        if (origin.equals("-") && t.getStackTrace().length > 0) {
            StackTraceElement e = t.getStackTrace()[0];
            origin = "(" + e.getClassName() + "." + e.getMethodName() + ")";
        }
        return t.getClass().getName() + "\t" + (message.isEmpty() ? "-" : message) + "\t" + origin;
    }

    private boolean isLibrary(String className) {
        if (!className.startsWith("io.panrocks.") || library.isEmpty()) return false;
        return fromLibrary.computeIfAbsent(className, n -> {
            try {
                CodeSource source = Class.forName(n, false, MigrationTestChild.class.getClassLoader())
                        .getProtectionDomain().getCodeSource();
                URL location = source == null ? null : source.getLocation();
                return location != null && Path.of(location.toURI()).equals(Path.of(library));
            } catch (ReflectiveOperationException | LinkageError | java.net.URISyntaxException e) {
                return false;
            }
        });
    }
}
