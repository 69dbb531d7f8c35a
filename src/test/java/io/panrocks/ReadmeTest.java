package io.panrocks;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The README's Java samples compile and run against the real engine, so
 * they cannot rot. Each ```java block becomes the body of a method (or,
 * when it declares a class, a compilation unit of its own), with the usual
 * imports; {@code Path.of("x")} is rewritten to a fresh temporary folder.
 * A sample that uses variables defined elsewhere gets them from an HTML
 * comment just before it, invisible on GitHub:
 * {@code <!-- readme-test setup: ...java... -->} (and optionally
 * {@code <!-- readme-test teardown: ... -->}); {@code <!-- readme-test:
 * compile-only -->} compiles without running, {@code <!-- readme-test:
 * skip -->} skips a block (say why in the README's text). A setup may
 * skip the sample with a JUnit assumption (an engine too old for it).
 */
class ReadmeTest {
    private static final Pattern BLOCK = Pattern.compile(
            "((?:<!--\\s*readme-test(?:(?!-->).)*-->\\s*)*)```java\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Pattern DIRECTIVE = Pattern.compile("<!--\\s*readme-test(?:\\s+(setup|teardown))?:?(.*?)-->",
            Pattern.DOTALL);
    private static final String IMPORTS = String.join("\n",
            "import io.panrocks.*;",
            "import java.lang.foreign.*;",
            "import java.net.*;",
            "import java.nio.*;",
            "import java.nio.channels.*;",
            "import java.nio.charset.StandardCharsets;",
            "import java.nio.file.*;",
            "import java.util.*;",
            "import java.util.function.*;", "");

    @TempDir
    Path work;

    record Sample(int number, int line, String setup, String body, String teardown, boolean run, boolean skip) {
    }

    static List<Sample> samples() throws Exception {
        String readme = Files.readString(TestSupport.repositoryRoot().resolve("README.md"));
        List<Sample> samples = new ArrayList<>();
        Matcher m = BLOCK.matcher(readme);
        while (m.find()) {
            String setup = "", teardown = "";
            boolean run = true, skip = false;
            Matcher d = DIRECTIVE.matcher(m.group(1));
            while (d.find()) {
                String kind = d.group(1), text = d.group(2).trim();
                if ("setup".equals(kind)) setup = text;
                else if ("teardown".equals(kind)) teardown = text;
                else if (text.toLowerCase(Locale.ROOT).startsWith("compile-only")) run = false;
                else if (text.toLowerCase(Locale.ROOT).startsWith("skip")) skip = true;
            }
            int line = readme.substring(0, m.start(2)).split("\n", -1).length;
            samples.add(new Sample(samples.size() + 1, line, setup, m.group(2), teardown, run, skip));
        }
        return samples;
    }

    @TestFactory
    List<DynamicTest> everyJavaSampleOfTheReadmeCompilesAndRuns() throws Exception {
        List<Sample> samples = samples();
        assertTrue(samples.size() >= 3, "found only " + samples.size() + " Java samples in the README");
        List<DynamicTest> tests = new ArrayList<>();
        for (Sample s : samples) {
            if (s.skip()) continue;
            tests.add(DynamicTest.dynamicTest("README sample " + s.number() + " (line " + s.line() + ")", () -> check(s)));
        }
        return tests;
    }

    private void check(Sample s) throws Exception {
        Path dir = Files.createDirectories(work.resolve("sample" + s.number()));
        String className = "ReadmeSample" + s.number();
        boolean declaresClass = Pattern.compile("(?m)^\\s*(public\\s+)?(final\\s+)?(class|record|interface)\\s")
                .matcher(s.body()).find();
        String source;
        if (declaresClass) {
            source = IMPORTS + s.body();
            Matcher name = Pattern.compile("(?m)^\\s*(?:public\\s+)?(?:final\\s+)?(?:class|record|interface)\\s+(\\w+)")
                    .matcher(s.body());
            assertTrue(name.find());
            className = name.group(1);
        } else {
            String body = rewritePaths(s.setup() + "\n" + s.body() + "\n" + s.teardown());
            source = IMPORTS + "public class " + className + " {\n"
                    + "    public static void run(Path workDir) throws Exception {\n" + body + "\n    }\n}\n";
        }
        Path classes = Files.createDirectories(dir.resolve("classes"));
        compile(className, source, classes, s);
        if (!s.run() || declaresClass) return;
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> c = loader.loadClass(className);
            try {
                c.getMethod("run", Path.class).invoke(null, dir);
            } catch (InvocationTargetException e) {
                // a sample that needs a newer engine says so with an assumption in its setup
                if (e.getCause() instanceof org.opentest4j.TestAbortedException skipped) throw skipped;
                throw new AssertionError("README sample " + s.number() + " (line " + s.line() + ") failed when run:\n"
                        + s.body(), e.getCause());
            }
        }
    }

    /** Samples name folders like {@code Path.of("my-db")}: each becomes a folder of this test's. */
    private static String rewritePaths(String code) {
        return code.replaceAll("Path\\.of\\(\"([^\"]+)\"\\)", "workDir.resolve(\"$1\")");
    }

    private static void compile(String className, String source, Path out, Sample s) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + className + ".java"),
                JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            List<String> options = List.of("-d", out.toString(), "-cp", System.getProperty("java.class.path"),
                    "-proc:none", "-Xlint:none");
            boolean ok = javac.getTask(null, files, diagnostics, options, null, List.of(file)).call();
            String messages = diagnostics.getDiagnostics().stream()
                    .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> "line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                    .collect(Collectors.joining("\n"));
            assertTrue(ok, "README sample " + s.number() + " (line " + s.line() + ") does not compile:\n" + messages
                    + "\n--- as compiled:\n" + source);
        }
        assertTrue(new File(out.toFile(), className + ".class").exists() || Files.list(out).findAny().isPresent());
    }
}
