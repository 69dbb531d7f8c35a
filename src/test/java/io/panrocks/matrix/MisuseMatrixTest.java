package io.panrocks.matrix;

import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The misuse matrix (issue 21): every public type and method of
 * {@code io.panrocks}, found by reflection, attacked as a careless or
 * hostile caller would, in child JVMs: after its close, after its DB's
 * close, after the end of what it reads, from a foreign thread (confined
 * types), with each reference argument null; views it returns kept past a
 * move, a change, a close, a DB's close, a collection, and read from
 * another thread; closes from inside every callback. Each probe must end
 * as the documentation says; a crash (hs_err, a signal), a hang (a probe
 * over its time), or any other outcome fails it. The valid arguments and
 * the promises come from {@link Table} (one entry per type) and
 * {@link Values} (one rule per parameter type); a type without an entry
 * fails {@link #everyPublicTypeHasAnEntry()}.
 *
 * <p>The probes of a kind run in a few child JVMs, {@code -Dpanrocks.matrix.jvms}
 * (default 2) at a time, many probes each; a probe that crashes or hangs
 * its child is run again alone, so that the report names it. A planted
 * crash, hang and wrong outcome prove the runner sees each
 * ({@link #theMatrixDetectsPlantedCrashesHangsAndWrongOutcomes()}).
 *
 * <p>{@code -Dpanrocks.matrix.kinds=null,view} runs some kinds only;
 * {@code -Dpanrocks.matrix.types=RocksIterator} some types only;
 * {@code -Dpanrocks.matrix.probe.seconds=30} is how long one probe may run
 * before it counts as a hang.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class MisuseMatrixTest {
    private static final Set<String> TYPES = new LinkedHashSet<>();
    private static final Set<String> METHODS = new LinkedHashSet<>();
    /** "Type.member" -> {probes, not as documented} over every kind run */
    private static final Map<String, int[]> PER_METHOD = new TreeMap<>();
    private static int probes, passed, known, failed, children;
    private static long nanos;

    @Test
    void everyPublicTypeHasAnEntry() {
        List<Class<?>> missing = Plan.missing();
        assertTrue(missing.isEmpty(), () -> "public types without an entry in io.panrocks.matrix.Table (add one: a factory "
                + "for a live object and what its documentation promises): " + missing.stream().map(Surface::name).toList());
    }

    /** Every method a callback base class lets the user override is spied on and triggered. */
    @Test
    void everyEngineCallbackIsSpied() {
        List<String> missing = new ArrayList<>();
        Map<Class<?>, Class<?>> spies = Map.of(io.panrocks.AbstractComparator.class, Spies.Comparator.class,
                io.panrocks.AbstractMergeOperator.class, Spies.Merge.class,
                io.panrocks.AssociativeMergeOperator.class, Spies.Associative.class,
                io.panrocks.AbstractCompactionFilter.class, Spies.Filter.class,
                io.panrocks.AbstractCompactionFilterFactory.class, Spies.FilterFactory.class,
                io.panrocks.AbstractEventListener.class, Spies.Listener.class,
                io.panrocks.AbstractWalFilter.class, Spies.WalFilter.class,
                io.panrocks.AbstractTableFilter.class, Spies.TableFilterSpy.class);
        for (Class<?> type : Surface.publicTypes()) {
            if (!Surface.isEngineCallbackBase(type)) {
                // a sealed class (AbstractSlice) is no base the user extends
                if (Modifier.isAbstract(type.getModifiers()) && !type.isInterface() && !type.isSealed()
                        && type.getSimpleName().startsWith("Abstract")) {
                    missing.add(Surface.name(type) + " looks like a callback base: add it to Surface.isEngineCallbackBase and a spy");
                }
                continue;
            }
            Entry e = Table.of(type);
            for (Method m : type.getDeclaredMethods()) {
                int mod = m.getModifiers();
                if (Modifier.isStatic(mod) || Modifier.isFinal(mod) || Modifier.isPrivate(mod) || m.isSynthetic()) continue;
                if (!Modifier.isPublic(mod) && !Modifier.isProtected(mod)) continue;
                if (Set.of("close", "toString", "equals", "hashCode").contains(m.getName())) continue;
                if (!e.isCallback(m)) missing.add(Surface.name(type) + "." + m.getName() + " is not in its entry's callbacks(...)");
                try {
                    spies.get(type).getDeclaredMethod(m.getName(), m.getParameterTypes());
                } catch (NoSuchMethodException x) {
                    missing.add(Surface.name(type) + "." + m.getName() + " is not overridden by " + spies.get(type).getSimpleName());
                }
            }
        }
        assertTrue(missing.isEmpty(), () -> String.join("\n", missing));
    }

    /**
     * The matrix cannot pass by not looking: planted probes (a pass, a
     * wrong outcome, a SIGSEGV, a probe that never returns) go through the
     * same runner and child JVMs, and each must be reported as what it is,
     * with the probes after a crash or a hang still run.
     */
    @Test
    void theMatrixDetectsPlantedCrashesHangsAndWrongOutcomes() throws Exception {
        List<ProbeId> ids = List.of(SelfCheck.id("pass", 1), SelfCheck.id("crash", 2), SelfCheck.id("pass", 3),
                SelfCheck.id("hang", 4), SelfCheck.id("pass", 5), SelfCheck.id("wrong", 6), SelfCheck.id("pass", 7));
        Map<String, String[]> r = run(ids, Map.of("panrocks.matrix.probe.seconds", "3"));
        for (ProbeId id : ids) {
            String[] v = r.get(id.toString());
            assertNotNull(v, "no verdict for " + id);
            String verdict = v[0] + " " + v[1];
            switch (id.member()) {
                case "pass" -> assertEquals("PASS", v[0], id + ": " + verdict);
                case "wrong" -> assertEquals("FAIL a planted wrong outcome", verdict, id.toString());
                case "crash" -> assertTrue(v[0].equals("FAIL") && v[1].startsWith("CRASH") && v[1].contains("SIGSEGV"),
                        id + ": " + verdict);
                case "hang" -> assertTrue(v[0].equals("FAIL") && v[1].startsWith("HANG") && v[1].contains("SelfCheck.run"),
                        id + ": " + verdict);
                default -> fail(id.toString());
            }
        }
    }

    static Stream<String> kinds() {
        String only = System.getProperty("panrocks.matrix.kinds", "");
        return Plan.KINDS.stream().filter(k -> only.isEmpty() || Set.of(only.split(",")).contains(k));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void misuseEndsAsDocumented(String kind) throws Exception {
        List<String> unexpected = runKind(kind, System.getProperty("panrocks.matrix.types", ""));
        assertTrue(unexpected.isEmpty(), () -> unexpected.size() + " " + kind + " probes did not end as documented:\n"
                + String.join("\n", unexpected));
    }

    /** Outside JUnit: {@code MisuseMatrixTest [kind,...] [type,...]} prints what the test prints. */
    public static void main(String[] args) throws Exception {
        List<String> kinds = args.length > 0 && !args[0].isEmpty() ? List.of(args[0].split(",")) : Plan.KINDS;
        int bad = 0;
        for (String kind : kinds) bad += runKind(kind, args.length > 1 ? args[1] : "").size();
        totals();
        System.exit(bad == 0 ? 0 : 1);
    }

    /** Runs one kind of probe; prints a summary line per type and every outcome not documented; returns those. */
    static List<String> runKind(String kind, String onlyTypes) throws Exception {
        List<ProbeId> ids = new ArrayList<>();
        for (ProbeId id : Plan.all()) {
            if (!id.kind().equals(kind)) continue;
            if (!onlyTypes.isEmpty() && !Set.of(onlyTypes.split(",")).contains(id.type())) continue;
            ids.add(id);
        }
        long start = System.nanoTime();
        Map<String, String[]> results = run(ids);
        long took = System.nanoTime() - start;
        // per type: a summary line with counts, then every outcome that is not the documented one
        Map<String, int[]> perType = new TreeMap<>();
        List<String> unexpected = new ArrayList<>();
        for (ProbeId id : ids) {
            String[] r = results.get(id.toString());
            int[] c = perType.computeIfAbsent(id.type(), k -> new int[4]);
            c[0]++;
            String item = Known.item(id.toString());
            synchronized (MisuseMatrixTest.class) {
                TYPES.add(id.type());
                if (!id.member().equals(Plan.OWNER_AFTERWARDS)) {
                    METHODS.add(id.type() + "." + id.member());
                    int[] m = PER_METHOD.computeIfAbsent(id.type() + "." + id.member(), k -> new int[2]);
                    m[0]++;
                    if (!r[0].equals("PASS")) m[1]++;
                }
                probes++;
            }
            if (r[0].equals("PASS")) {
                c[1]++;
                synchronized (MisuseMatrixTest.class) {
                    passed++;
                }
                if (item != null) System.out.println("[matrix] NOW PASSES (drop it from Known: " + item + "): " + id);
            } else if (item != null) {
                c[2]++;
                synchronized (MisuseMatrixTest.class) {
                    known++;
                }
                System.out.println("[matrix] KNOWN (" + item + "): " + id + ": " + r[1]);
            } else {
                c[3]++;
                synchronized (MisuseMatrixTest.class) {
                    failed++;
                }
                unexpected.add(id + ": " + r[1]);
            }
        }
        // a unit's teardown (closing its DBs) that crashed or hung
        Set<String> planned = new LinkedHashSet<>();
        for (ProbeId id : ids) planned.add(id.toString());
        for (Map.Entry<String, String[]> r : results.entrySet()) {
            if (!planned.contains(r.getKey())) unexpected.add(r.getKey() + ": " + r.getValue()[1]);
        }
        for (Map.Entry<String, int[]> t : perType.entrySet()) {
            int[] c = t.getValue();
            System.out.printf("[matrix] %s %s: %d probes, %d as documented, %d known, %d FAILED%n", kind, t.getKey(), c[0], c[1],
                    c[2], c[3]);
        }
        for (String u : unexpected) System.out.println("[matrix] FAILED " + u);
        System.out.printf("[matrix] %s: %d probes in %.1f s%n", kind, ids.size(), took / 1e9);
        synchronized (MisuseMatrixTest.class) {
            nanos += took;
        }
        return unexpected;
    }

    @AfterAll
    static void totals() {
        for (Map.Entry<String, int[]> m : PER_METHOD.entrySet()) {
            int[] c = m.getValue();
            System.out.printf("[matrix] tried %s: %d probes, %s%n", m.getKey(), c[0],
                    c[1] == 0 ? "all as documented" : c[1] + " NOT as documented");
        }
        System.out.printf("[matrix] tried %d types and %d methods (inherited ones counted per type) with %d probes in %d child "
                + "JVMs, %.1f s: %d as documented, %d known failures, %d failed%n", TYPES.size(), METHODS.size(), probes,
                children, nanos / 1e9, passed, known, failed);
    }

    /** How many child JVMs run at once (the suite's machine has 2 cores). */
    static final int JVMS = Integer.getInteger("panrocks.matrix.jvms", 2);
    /** Into how many children, at least, one kind's probes are cut (so that the children balance). */
    static final int CHUNKS = 4;

    static Map<String, String[]> run(List<ProbeId> ids) throws Exception {
        return run(ids, Map.of());
    }

    /**
     * Runs the probes in child JVMs, {@link #JVMS} at a time, each child a
     * run of whole units in order. When a probe crashes or hangs its child,
     * it is run again alone in a new child, so that the report names the
     * probe that crashes by itself (or says that it crashed only after the
     * probes before it); a new child goes on with the probes after it.
     * Returns id -> {PASS|FAIL, detail}, in the order of ids.
     *
     * @param properties system properties for the children (beside the
     *        forwarded {@code panrocks.*} ones)
     */
    static Map<String, String[]> run(List<ProbeId> ids, Map<String, String> properties) throws Exception {
        List<List<String>> chunks = new ArrayList<>();
        int target = Math.max(1, ids.size() / CHUNKS);
        List<String> chunk = new ArrayList<>();
        for (List<ProbeId> unit : Plan.byUnit(ids).values()) {
            for (ProbeId id : unit) chunk.add(id.toString());
            if (chunk.size() >= target) {
                chunks.add(chunk);
                chunk = new ArrayList<>();
            }
        }
        if (!chunk.isEmpty()) chunks.add(chunk);
        Map<String, String[]> all = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, JVMS));
        try {
            List<java.util.concurrent.Future<Map<String, String[]>>> done = new ArrayList<>();
            for (List<String> c : chunks) done.add(pool.submit(() -> runChunk(c, properties)));
            for (java.util.concurrent.Future<Map<String, String[]>> f : done) all.putAll(f.get());
        } finally {
            pool.shutdownNow();
        }
        Map<String, String[]> results = new LinkedHashMap<>();
        for (ProbeId id : ids) if (all.containsKey(id.toString())) results.put(id.toString(), all.get(id.toString()));
        for (Map.Entry<String, String[]> e : all.entrySet()) results.putIfAbsent(e.getKey(), e.getValue());
        return results;
    }

    /** What one child did: the verdicts it printed, the probe it was in when it crashed or hung (or null), and why. */
    private record Child(Map<String, String[]> results, String lastTry, String why) {
    }

    private static Child runChild(List<String> ids, Map<String, String> properties) throws Exception {
        Path file = Files.createTempFile("panrocks-matrix", ".ids");
        Files.write(file, ids);
        ForkedJvm.Result r;
        try {
            ForkedJvm child = ForkedJvm.main(MatrixMain.class, file.toString()).heap("512m")
                    .forwardSystemProperties("panrocks.").timeout(Duration.ofMinutes(15));
            for (Map.Entry<String, String> p : properties.entrySet()) child.systemProperty(p.getKey(), p.getValue());
            r = child.run();
        } finally {
            Files.deleteIfExists(file);
        }
        synchronized (MisuseMatrixTest.class) {
            children++;
        }
        Map<String, String[]> results = new LinkedHashMap<>();
        String lastTry = null;
        List<String> lines = r.stdoutLines();
        StringBuilder hang = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith("TRY ")) {
                lastTry = line.substring(4);
            } else if (lastTry != null && line.startsWith("RESULT " + lastTry + " ")) {
                String rest = line.substring(("RESULT " + lastTry + " ").length());
                int space = rest.indexOf(' ');
                results.put(lastTry, new String[]{space < 0 ? rest : rest.substring(0, space), space < 0 ? "" : rest.substring(space + 1)});
                lastTry = null;
            } else if (line.startsWith("HANG ") || line.startsWith("STACK ") && hang.length() < 6000) {
                hang.append(line).append('\n');
            }
        }
        if (lines.contains("DONE") && r.exitCode() == 0) return new Child(results, null, null);
        String why;
        if (r.crashed()) {
            why = "CRASH" + (r.signal() > 0 ? " (signal " + r.signal() + ")" : "") + ": " + firstLines(r.crashSummary(), 12);
        } else if (r.timedOut() || r.exitCode() == MatrixMain.EXIT_HUNG) {
            why = "HANG: " + (hang.length() > 0 ? hang : firstLines(r.threadDump(), 40));
        } else {
            why = "the child JVM ended with exit " + r.exitCode() + ": " + lastLines(r.stdout() + r.stderr(), 20);
        }
        return new Child(results, lastTry == null ? "" : lastTry, why);
    }

    /** Runs one chunk: a child, and after a crash or hang a child alone for the culprit and a new one for the rest. */
    private static Map<String, String[]> runChunk(List<String> ids, Map<String, String> properties) throws Exception {
        Map<String, String[]> results = new LinkedHashMap<>();
        List<String> remaining = ids;
        while (!remaining.isEmpty()) {
            Child child = runChild(remaining, properties);
            results.putAll(child.results());
            if (child.why() != null) {
                String culprit = child.lastTry();
                if (culprit.isEmpty()) {
                    for (String id : remaining) results.putIfAbsent(id, new String[]{"FAIL", "not run: " + child.why()});
                    break;
                }
                String why = child.why();
                if (!culprit.startsWith("teardown|") && remaining.indexOf(culprit) > 0) {
                    // alone, so that an earlier probe's damage is not blamed on it
                    Child alone = runChild(List.of(culprit), properties);
                    if (alone.why() == null && alone.results().containsKey(culprit)) {
                        why = why + "\n(alone in a child JVM it ended " + String.join(" ", alone.results().get(culprit))
                                + ": the crash or hang needs the probes run before it in the same child)";
                    }
                }
                results.put(culprit, new String[]{"FAIL", why});
                System.out.println("[matrix] " + culprit + ": " + firstLines(why, 3));
            }
            List<String> next = new ArrayList<>();
            for (String id : remaining) if (!results.containsKey(id)) next.add(id);
            if (next.size() == remaining.size()) {
                for (String id : remaining) results.putIfAbsent(id, new String[]{"FAIL", "the child made no progress: " + child.why()});
                break;
            }
            remaining = next;
        }
        return results;
    }

    private static String firstLines(CharSequence s, int n) {
        return String.join("\n", s.toString().lines().limit(n).toList());
    }

    private static String lastLines(String s, int n) {
        List<String> l = s.lines().toList();
        return String.join("\n", l.subList(Math.max(0, l.size() - n), l.size()));
    }
}
