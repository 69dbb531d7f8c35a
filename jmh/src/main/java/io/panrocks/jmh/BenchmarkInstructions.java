package io.panrocks.jmh;

import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The standard run's JMH benchmark methods themselves, a fixed number of
 * times each between two marks, for callgrind to count the instructions a
 * JVM executes per operation of every shape the run times (scripts/bench.sh
 * instructions --run). JMH's own lifecycle, done by hand: each method
 * gets fresh states (its trial), their {@code @Param} fields set, their
 * {@code @Setup} methods run (trial, then iteration level) in dependency
 * order, and their {@code @TearDown}s after its window.
 *
 * <pre>
 *   java -cp benchmarks.jar io.panrocks.jmh.BenchmarkInstructions CLASS PARAMS COUNT METHOD...
 *     CLASS    a benchmark class, e.g. io.panrocks.jmh.PanrocksGet
 *     PARAMS   name=value,... for the @Param fields of its states (valueSize=16,keyCount=1000,...)
 *     COUNT    calls of each METHOD inside its window
 *   java -cp benchmarks.jar io.panrocks.jmh.BenchmarkInstructions --fork-properties CLASS
 *     prints the -D options of the class's @Fork(jvmArgsAppend), one per line
 * </pre>
 *
 * <p>For each method, in turn: calls to warm the JIT ({@link #warmUp}), a collection, {@code READY method} on standard output,
 * a wait for a line on standard input (the caller turns callgrind's
 * instrumentation on), COUNT calls, {@code DONE method}, a wait for a line
 * (instrumentation off). A first window, {@code baseline}, calls an empty
 * method of the same shape (a state and a Blackhole) the same way: the
 * harness's own instructions per call, for the caller to subtract.
 *
 * <p>Under valgrind, run one method per JVM, as JMH forks one per benchmark:
 * code compiled in one trial meets the next trial's objects and deoptimizes
 * through an implicit null check's trap, which a JVM under valgrind did not
 * survive (SIGSEGV in compiled code, 2026-12-06).
 */
public final class BenchmarkInstructions {
    /** JMH's consent string for a Blackhole made outside its generated code. */
    private static final String BLACKHOLE_CONSENT =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    static final int WARMUP_CALLS = 20_000;
    static final int WARMUP_SECONDS = 60;

    private BenchmarkInstructions() {
    }

    /** The baseline's state: nothing to set up. */
    public static final class Empty {
    }

    /** The baseline: a call with a state and a Blackhole, doing nothing. */
    public void baseline(Empty e, Blackhole bh) {
        // the harness's call and nothing else
    }

    public static void main(String[] args) throws Throwable {
        if (args.length == 2 && args[0].equals("--fork-properties")) {
            Fork fork = Class.forName(args[1]).getAnnotation(Fork.class);
            if (fork != null) {
                for (String a : fork.jvmArgsAppend()) if (a.startsWith("-D")) System.out.println(a);
            }
            return;
        }
        if (args.length < 4) {
            System.err.println("usage: BenchmarkInstructions CLASS PARAMS COUNT METHOD... | --fork-properties CLASS");
            System.exit(2);
        }
        Class<?> benchmark = Class.forName(args[0]);
        Map<String, String> params = parseParams(args[1]);
        int count = Integer.parseInt(args[2]);
        List<Method> methods = new ArrayList<>();
        for (String name : Arrays.asList(args).subList(3, args.length)) methods.add(find(benchmark, name));
        measure(BenchmarkInstructions.class.getMethod("baseline", Empty.class, Blackhole.class), params, count);
        for (Method m : methods) measure(m, params, count);
    }

    private static Map<String, String> parseParams(String text) {
        Map<String, String> params = new LinkedHashMap<>();
        if (text.isEmpty() || text.equals("-")) return params;
        for (String pair : text.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("not name=value: " + pair);
            params.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return params;
    }

    private static Method find(Class<?> benchmark, String name) {
        for (Method m : benchmark.getMethods()) {
            if (m.getName().equals(name) && m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)) return m;
        }
        throw new IllegalArgumentException("no @Benchmark method " + name + " in " + benchmark.getName());
    }

    /** One trial of one method: fresh states, setups, warm-up, the window, teardowns. */
    private static void measure(Method method, Map<String, String> params, int count) throws Throwable {
        String label = method.getName();
        Trial trial = new Trial(params);
        Object receiver = trial.state(method.getDeclaringClass());
        Class<?>[] types = method.getParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) arguments[i] = trial.state(types[i]);
        trial.setUp(Level.Iteration);
        // one handle with every argument bound: the loop below makes the same call for every method
        MethodHandle call = MethodHandles.insertArguments(MethodHandles.publicLookup().unreflect(method).bindTo(receiver),
                0, arguments).asType(java.lang.invoke.MethodType.methodType(void.class));
        try {
            warmUp(call, count);
            System.gc(); // an empty young generation, so a collection in the window comes from the window
            InstructionCount.mark("READY " + label);
            loop(call, count);
            InstructionCount.mark("DONE " + label);
        } finally {
            trial.tearDown(Level.Iteration);
            trial.tearDown(Level.Trial);
        }
    }

    /**
     * {@value InstructionCount#WARMUP_ROUNDS} rounds of COUNT calls, and more until the method ran
     * {@value #WARMUP_CALLS} times (C2 compiles it by then) or {@value #WARMUP_SECONDS} s passed: a
     * COUNT small enough for large values under callgrind would leave it interpreted or in C1.
     */
    private static void warmUp(MethodHandle call, int count) throws Throwable {
        long start = System.nanoTime(), calls = 0;
        for (int round = 0; round < InstructionCount.WARMUP_ROUNDS
                || calls < WARMUP_CALLS && System.nanoTime() - start < WARMUP_SECONDS * 1_000_000_000L; round++) {
            loop(call, count);
            calls += count;
        }
    }

    private static void loop(MethodHandle call, int count) throws Throwable {
        for (int i = 0; i < count; i++) call.invokeExact();
    }

    /** The states of one trial: one object per class (one thread, so JMH's scopes coincide). */
    private static final class Trial {
        private final Map<String, String> params;
        private final Map<Class<?>, Object> states = new LinkedHashMap<>();
        /** the states in the order their trial setups ran (dependencies first) */
        private final List<Object> order = new ArrayList<>();

        Trial(Map<String, String> params) {
            this.params = params;
        }

        Object state(Class<?> type) throws Throwable {
            if (type == Blackhole.class) return new Blackhole(BLACKHOLE_CONSENT);
            Object s = states.get(type);
            if (s != null) return s;
            if (!lifecycle(type, Setup.class, Level.Invocation).isEmpty()) {
                throw new IllegalArgumentException(type.getSimpleName() + " sets up per invocation: not counted here");
            }
            Constructor<?> c = type.getDeclaredConstructor();
            c.setAccessible(true);
            s = c.newInstance();
            states.put(type, s);
            setParams(s);
            for (Method m : lifecycle(type, Setup.class, Level.Trial)) invoke(m, s);
            order.add(s);
            return s;
        }

        private void setParams(Object s) throws IllegalAccessException {
            for (Class<?> k = s.getClass(); k != null && k != Object.class; k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (!f.isAnnotationPresent(Param.class) || Modifier.isStatic(f.getModifiers())) continue;
                    String v = params.get(f.getName());
                    if (v == null) {
                        String[] defaults = f.getAnnotation(Param.class).value();
                        if (defaults.length != 1) {
                            throw new IllegalArgumentException("no value for @Param " + f.getName() + " of "
                                    + k.getSimpleName());
                        }
                        v = defaults[0];
                    }
                    f.setAccessible(true);
                    Class<?> t = f.getType();
                    if (t == int.class) f.setInt(s, Integer.parseInt(v));
                    else if (t == long.class) f.setLong(s, Long.parseLong(v));
                    else if (t == boolean.class) f.setBoolean(s, Boolean.parseBoolean(v));
                    else if (t == String.class) f.set(s, v);
                    else throw new IllegalArgumentException("@Param " + f.getName() + " of type " + t);
                }
            }
        }

        /** A setup or teardown method's own arguments are states too (made, and set up, first). */
        private void invoke(Method m, Object s) throws Throwable {
            Class<?>[] types = m.getParameterTypes();
            Object[] arguments = new Object[types.length];
            for (int i = 0; i < types.length; i++) arguments[i] = state(types[i]);
            m.setAccessible(true);
            try {
                m.invoke(s, arguments);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        }

        void setUp(Level level) throws Throwable {
            for (Object s : List.copyOf(order)) {
                for (Method m : lifecycle(s.getClass(), Setup.class, level)) invoke(m, s);
            }
        }

        void tearDown(Level level) throws Throwable {
            List<Object> reversed = new ArrayList<>(order);
            java.util.Collections.reverse(reversed);
            for (Object s : reversed) {
                for (Method m : lifecycle(s.getClass(), TearDown.class, level)) invoke(m, s);
            }
        }

        /** The class's (and superclasses') methods with the annotation at that level, superclass first. */
        private static List<Method> lifecycle(Class<?> type, Class<? extends java.lang.annotation.Annotation> kind,
                                              Level level) {
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) chain.add(0, k);
            List<Method> found = new ArrayList<>();
            for (Class<?> k : chain) {
                for (Method m : k.getDeclaredMethods()) {
                    Level at = kind == Setup.class
                            ? (m.isAnnotationPresent(Setup.class) ? m.getAnnotation(Setup.class).value() : null)
                            : (m.isAnnotationPresent(TearDown.class) ? m.getAnnotation(TearDown.class).value() : null);
                    if (at == level) found.add(m);
                }
            }
            return found;
        }
    }
}
