package io.panrocks.tools.migration;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The migration check behind scripts/check-migration.sh: how much of a
 * RocksJava-style source tree compiles against panrocks, and what is missing.
 *
 * <p>The tree is copied to a work folder with {@code org.rocksdb} renamed to
 * {@code io.panrocks}. Each file is then compiled on its own (the rest of the
 * tree on the source path, so its helpers resolve, but only the file's own
 * errors count), so one failure does not hide the others. A file that does
 * not compile has its failing methods cut (each method holding an error is
 * removed, then the file is compiled again, until it compiles or an error
 * lies outside any method), which gives the number of methods that compile.
 * Every error is attributed to the methods it cut; the report ranks the
 * missing symbols (and other errors) by how many methods and files they block.
 *
 * <p>Usage: {@code CheckMigration SRC_DIR WORK_DIR CLASSPATH [--top N] [--all-methods]
 * [--run [--timeout SECONDS]]}. Methods counted are the {@code @Test} methods when the tree has any, else
 * every method ({@code --all-methods} forces the latter). {@code --run} then runs the test methods that
 * compiled (MigrationRun; the system property {@code migration.library} names the panrocks jar).
 */
public class CheckMigration {
    private static final Pattern SYMBOL = Pattern.compile("symbol:\\s+(\\S+) (.+)");
    // "location: class X", "location: interface X", "location: variable db of type X"
    private static final Pattern LOCATION = Pattern.compile("location:\\s+\\S+ (\\S+)(?: of type (\\S+))?");

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    private final StandardJavaFileManager files;
    private final Path work;
    private final List<String> options;
    private final boolean allMethods;

    /** what each problem blocks: methods and files, by the problem's text */
    private final Map<String, Set<String>> blockedMethods = new HashMap<>();
    private final Map<String, Set<String>> blockedFiles = new HashMap<>();

    private int totalMethods, compilingMethods, totalFiles, compilingFiles, filesWithCuts, filesLost;
    private final List<String> lostFiles = new ArrayList<>();
    private final List<Path> lostPaths = new ArrayList<>();

    CheckMigration(Path work, String classpath, boolean allMethods) throws IOException {
        this.work = work;
        this.allMethods = allMethods;
        this.files = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        files.setLocation(StandardLocation.SOURCE_PATH, List.of(work.toFile()));
        Path out = Files.createDirectories(work.resolveSibling(work.getFileName() + "-classes"));
        files.setLocation(StandardLocation.CLASS_OUTPUT, List.of(out.toFile()));
        List<File> cp = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) if (!entry.isBlank()) cp.add(new File(entry));
        files.setLocation(StandardLocation.CLASS_PATH, cp);
        // no output is needed; -implicit:none keeps helpers from being written; -proc:none skips processors
        this.options = List.of("-proc:none", "-implicit:none", "-Xmaxerrs", "100000", "-nowarn",
                "-encoding", "UTF-8");
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: CheckMigration SRC_DIR WORK_DIR CLASSPATH [--top N] [--all-methods]");
            System.exit(2);
        }
        Path src = Path.of(args[0]).toAbsolutePath().normalize();
        Path work = Path.of(args[1]).toAbsolutePath().normalize();
        int top = 30;
        boolean allMethods = false, run = false;
        int timeout = 120;
        for (int i = 3; i < args.length; i++) {
            switch (args[i]) {
                case "--top" -> top = Integer.parseInt(args[++i]);
                case "--all-methods" -> allMethods = true;
                case "--run" -> run = true;
                case "--timeout" -> timeout = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("unknown option " + args[i]);
                    System.exit(2);
                }
            }
        }
        List<Path> sources = copyRenamed(src, work);
        if (!allMethods) {
            boolean anyTest = false;
            for (Path p : sources) anyTest |= Files.readString(p).contains("@Test");
            allMethods = !anyTest;
        }
        CheckMigration check = new CheckMigration(work, args[2], allMethods);
        long start = System.nanoTime();
        for (Path p : sources) check.file(p);
        check.report(System.out, src, top, (System.nanoTime() - start) / 1_000_000_000);
        if (run) {
            if (allMethods) {
                System.err.println("--run needs a tree with @Test methods (JUnit 4)");
                System.exit(2);
            }
            System.out.flush();
            new MigrationRun(check, work, args[2], Path.of(System.getProperty("migration.library")), timeout, System.out)
                    .run(sources, check.lostPaths, check.totalMethods);
        }
    }

    /** Copies every .java file of src to work, org.rocksdb renamed to io.panrocks; returns the copies. */
    static List<Path> copyRenamed(Path src, Path work) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path p : (Iterable<Path>) walk.filter(f -> f.toString().endsWith(".java")).sorted()::iterator) {
                String text = Files.readString(p, StandardCharsets.UTF_8).replace("org.rocksdb", "io.panrocks");
                Path rel = src.relativize(p);
                // the package folders follow the rename too, so the source path finds helpers
                String relText = rel.toString().replace("org" + File.separator + "rocksdb", "io" + File.separator + "panrocks");
                Path target = work.resolve(relText);
                Files.createDirectories(target.getParent());
                Files.writeString(target, text, StandardCharsets.UTF_8);
                out.add(target);
            }
        }
        return out;
    }

    /** A method of the file: its name (class.method), source range, and whether it counts. */
    record Method(String name, long start, long end, boolean counted) {
    }

    record Outcome(List<Diagnostic<? extends JavaFileObject>> errors, List<Method> methods) {
    }

    /** Compiles one file (the tree on the source path), returning its own errors and its methods. */
    private Outcome compile(Path file, String text) throws IOException {
        Path tmp = file;
        if (text != null) Files.writeString(file, text, StandardCharsets.UTF_8);
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        JavacTask task = (JavacTask) javac.getTask(null, files, diagnostics, options, null,
                files.getJavaFileObjects(tmp.toFile()));
        Iterable<? extends CompilationUnitTree> units = task.parse();
        task.analyze();
        List<Method> methods = new ArrayList<>();
        Trees trees = Trees.instance(task);
        SourcePositions positions = trees.getSourcePositions();
        for (CompilationUnitTree unit : units) {
            // an import of what panrocks lacks is cut, so the methods using it fail (and are cut) on their own
            for (ImportTree i : unit.getImports()) {
                methods.add(new Method("import " + i.getQualifiedIdentifier(), positions.getStartPosition(unit, i),
                        positions.getEndPosition(unit, i), false));
            }
            new TreePathScanner<Void, String>() {
                @Override
                public Void visitClass(ClassTree node, String outer) {
                    String name = outer == null ? node.getSimpleName().toString() : outer + "." + node.getSimpleName();
                    for (Tree member : node.getMembers()) {
                        if (member instanceof MethodTree m) {
                            boolean test = m.getModifiers().getAnnotations().stream()
                                    .anyMatch(a -> a.getAnnotationType().toString().endsWith("Test"));
                            boolean counted = allMethods ? !m.getName().contentEquals("<init>") : test;
                            methods.add(new Method(name + "." + m.getName(), positions.getStartPosition(unit, m),
                                    positions.getEndPosition(unit, m), counted));
                        } else if (member instanceof VariableTree v) {
                            // a field (a rule, a constant): cut, its users fail next
                            methods.add(new Method(name + "." + v.getName() + " (field)", positions.getStartPosition(unit, v),
                                    positions.getEndPosition(unit, v), false));
                        } else if (member instanceof ClassTree c) {
                            methods.add(new Method(name + "." + c.getSimpleName() + " (class)",
                                    positions.getStartPosition(unit, c), positions.getEndPosition(unit, c), false));
                        }
                        scan(member, name);
                    }
                    return null;
                }

                @Override
                public Void visitMethod(MethodTree node, String outer) {
                    return null; // local and anonymous classes belong to their method
                }

                @Override
                public Void visitVariable(VariableTree node, String outer) {
                    return null; // a field's initializer (an anonymous class) belongs to the field
                }
            }.scan(unit, null);
        }
        List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) continue;
            if (d.getSource() == null || !Path.of(d.getSource().toUri()).equals(file)) continue;
            errors.add(d);
        }
        return new Outcome(errors, methods);
    }

    /** The innermost method holding position, or null. */
    private static Method holder(List<Method> methods, long position) {
        Method best = null;
        for (Method m : methods) {
            if (m.start <= position && position < m.end && (best == null || m.start >= best.start)) best = m;
        }
        return best;
    }

    /** What an error is, for ranking: a missing symbol as "Type.member(args)", anything else by its first line. */
    static String problem(Diagnostic<? extends JavaFileObject> d) {
        String message = d.getMessage(Locale.ROOT);
        String first = message.lines().findFirst().orElse("").trim();
        if (first.startsWith("cannot find symbol")) {
            Matcher s = SYMBOL.matcher(message), l = LOCATION.matcher(message);
            if (s.find()) {
                String kind = s.group(1), what = s.group(2).trim();
                String where = l.find() ? simple(l.group(2) != null ? l.group(2) : l.group(1)) : "";
                if (kind.equals("class")) return "missing class " + simple(what);
                // a CamelCase "variable" is a class used for its static members (ALL_CAPS ones are constants)
                if (kind.equals("variable") && what.matches("[A-Z]\\w*[a-z]\\w*")) return "missing class " + what;
                return "missing " + kind + " " + (where.isEmpty() ? "" : where + ".") + what;
            }
        }
        if (first.startsWith("package ") && first.endsWith("does not exist")) {
            String name = first.substring("package ".length(), first.length() - " does not exist".length());
            // Outer.Inner where Outer is missing reads as a package
            String last = name.substring(name.lastIndexOf('.') + 1);
            if (last.matches("[A-Z]\\w*")) return "missing class " + last;
            return first;
        }
        if (first.endsWith("try-with-resources not applicable to variable type")) {
            // the next line names the type that is not AutoCloseable here
            String detail = message.lines().skip(1).findFirst().orElse("").trim();
            return first + " " + detail.replaceAll("io\\.panrocks\\.", "");
        }
        // keep the shape of the problem, not its positions
        return first.replaceAll("\\s+", " ");
    }

    /** The simple name a cut unit is referred to by: a method's or field's name, an import's last part. */
    private static String unitName(Method m) {
        String n = m.name.replace(" (field)", "").replace(" (class)", "");
        return n.substring(n.lastIndexOf('.') + 1);
    }

    private static final Pattern MISSING_MEMBER = Pattern.compile("missing (?:method|variable|class) (?:.*\\.)?(\\w+)(?:\\(.*\\))?");

    private static final Pattern UNIMPLEMENTED = Pattern.compile(".*does not override abstract method (\\w+)\\(.*");

    /**
     * The root problems behind a problem: a missing helper that was cut, or an
     * abstract method whose implementation was cut, stands for why it was cut.
     */
    private static Set<String> causes(String problem, Map<String, Set<String>> cutBecause) {
        Matcher m = MISSING_MEMBER.matcher(problem);
        if (m.matches() && cutBecause.containsKey(m.group(1))) return cutBecause.get(m.group(1));
        Matcher u = UNIMPLEMENTED.matcher(problem);
        if (u.matches() && cutBecause.containsKey(u.group(1))) return cutBecause.get(u.group(1));
        return Set.of(problem);
    }

    /** An @Override of nothing names the method, which says what panrocks lacks. */
    private static String describe(String problem, Method holder) {
        if (holder != null && problem.startsWith("method does not override or implement")) {
            String method = holder.name.substring(holder.name.lastIndexOf('.') + 1);
            return "@Override of a method no panrocks supertype has: " + method;
        }
        return problem;
    }

    private static String simple(String type) {
        String t = type.replaceAll("<.*>", "");
        return t.startsWith("io.panrocks.") ? t.substring("io.panrocks.".length()) : t;
    }

    /** Compiles one file, cutting methods that hold errors until it compiles or cannot be saved. */
    void file(Path file) throws IOException {
        totalFiles++;
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String rel = work.relativize(file).toString();
        Outcome o = compile(file, null);
        int counted = (int) o.methods.stream().filter(Method::counted).count();
        totalMethods += counted;
        if (o.errors.isEmpty()) {
            compilingFiles++;
            compilingMethods += counted;
            return;
        }
        Set<String> cut = new LinkedHashSet<>();
        // why each cut helper (method, field, import) went: its users' errors are blamed on that
        Map<String, Set<String>> cutBecause = new HashMap<>();
        Set<String> countedCuts = new LinkedHashSet<>();
        o = cutUntilCompiles(file, text, o, cut, countedCuts, cutBecause, true);
        int cutCounted = countedCuts.size();
        if (o.errors.isEmpty()) {
            filesWithCuts++;
            compilingMethods += counted - cutCounted;
        } else {
            filesLost++;
            lostPaths.add(file);
            Diagnostic<? extends JavaFileObject> first = o.errors.get(0);
            lostFiles.add(rel + " (line " + first.getLineNumber() + ": " + problem(first) + ")");
            // a file that does not compile blocks every method it has
            for (Diagnostic<? extends JavaFileObject> d : o.errors) {
                for (String p : causes(problem(d), cutBecause)) {
                    // every method the file still has is lost with it
                    for (Method m : o.methods) {
                        if (m.counted) blockedMethods.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(rel + "#" + m.name);
                    }
                    blockedFiles.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(rel);
                }
            }
        }
    }

    /**
     * Cuts the members holding the file's errors, compiling again, until it
     * compiles or an error lies outside any member; returns the last outcome.
     * Cut members go to cut (the counted ones to countedCuts too); with record,
     * the errors are charged to what they block.
     */
    private Outcome cutUntilCompiles(Path file, String text, Outcome o, Set<String> cut, Set<String> countedCuts,
                                     Map<String, Set<String>> cutBecause, boolean record) throws IOException {
        String rel = work.relativize(file).toString();
        for (int round = 0; round < 50 && !o.errors.isEmpty(); round++) {
            // cut from the end, so earlier positions stay valid
            TreeMap<Long, Method> toCut = new TreeMap<>(Comparator.reverseOrder());
            boolean outside = false;
            for (Diagnostic<? extends JavaFileObject> d : o.errors) {
                Method m = holder(o.methods, d.getStartPosition() >= 0 ? d.getStartPosition() : d.getPosition());
                Set<String> causes = causes(describe(problem(d), m), cutBecause);
                for (String p : record ? causes : Set.<String>of()) {
                    blockedFiles.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(rel);
                    if (m != null && m.counted) blockedMethods.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(rel + "#" + m.name);
                }
                if (m == null) {
                    outside = true;
                    continue;
                }
                if (!m.counted) cutBecause.computeIfAbsent(unitName(m), k -> new LinkedHashSet<>()).addAll(causes);
                toCut.put(m.start, m);
            }
            if (outside) break; // an import, a field or a class header: the file cannot be saved by cutting
            // a unit inside another one being cut goes with it (cutting both would cut past the outer one's end)
            toCut.values().removeIf(inner -> toCut.values().stream().anyMatch(outer -> outer != inner
                    && outer.start <= inner.start && inner.end <= outer.end));
            StringBuilder b = new StringBuilder(text);
            for (Method m : toCut.values()) {
                b.delete((int) m.start, (int) m.end);
                if (cut.add(m.name) && m.counted) countedCuts.add(m.name);
            }
            text = b.toString();
            o = compile(file, text);
        }
        return o;
    }

    /**
     * Cuts a file again, as it is now (for --run, where the files are compiled
     * together, after other files lost members it used); returns the counted
     * methods cut, or null when the file cannot be saved.
     */
    List<String> recut(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Outcome o = compile(file, null);
        Set<String> countedCuts = new LinkedHashSet<>();
        o = cutUntilCompiles(file, text, o, new LinkedHashSet<>(), countedCuts, new HashMap<>(), false);
        return o.errors.isEmpty() ? new ArrayList<>(countedCuts) : null;
    }

    void report(PrintStream out, Path src, int top, long seconds) {
        String unit = allMethods ? "methods" : "@Test methods";
        out.printf("panrocks migration check of %s%n", src);
        out.printf("  %d of %d %s compile (%.1f%%)%n", compilingMethods, totalMethods, unit,
                totalMethods == 0 ? 0.0 : 100.0 * compilingMethods / totalMethods);
        out.printf("  %d of %d files compile as they are; %d more once their failing methods are cut; %d do not compile%n",
                compilingFiles, totalFiles, filesWithCuts, filesLost);
        if (!lostFiles.isEmpty()) {
            out.printf("  files that do not compile (an error outside any method or field):%n");
            for (String f : lostFiles) out.printf("    %s%n", f);
        }
        out.printf("  (%d seconds)%n%n", seconds);
        List<String> problems = new ArrayList<>(blockedFiles.keySet());
        problems.sort(Comparator.<String>comparingInt(p -> -blockedMethods.getOrDefault(p, Set.of()).size())
                .thenComparingInt(p -> -blockedFiles.get(p).size()).thenComparing(p -> p));
        List<String> missing = problems.stream().filter(p -> p.startsWith("missing ") || p.startsWith("package ")).toList();
        List<String> other = problems.stream().filter(p -> !missing.contains(p)).toList();
        out.printf("Missing symbols, by the methods they block (a method with several is counted for each) [methods, files]:%n");
        print(out, missing, top);
        out.printf("%nOther errors (types, checked exceptions, signatures) [methods, files]:%n");
        print(out, other, top);
    }

    private void print(PrintStream out, List<String> problems, int top) {
        int n = 0;
        for (String p : problems) {
            if (n++ == top) {
                out.printf("  ... %d more%n", problems.size() - top);
                break;
            }
            out.printf("  %4d %3d  %s%n", blockedMethods.getOrDefault(p, Set.of()).size(), blockedFiles.get(p).size(), p);
        }
    }
}
