package io.panrocks.matrix;

import io.panrocks.RocksDB;

import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One row of the matrix's table: how to make a live object of a public
 * type (one or more variants), and what its documentation promises when it
 * is misused (after its close, after its DB's close, from another thread,
 * with null arguments, for the views it returns). Everything not said
 * here is the default the guarantees page states for every object.
 */
final class Entry {
    /** What close() does to the object. */
    enum Life {
        /** it has no close() */
        NONE,
        /** close() releases nothing: the object works as before ("Nothing to release") */
        NO_OP,
        /** close() releases it: every use after throws IllegalStateException naming it */
        RELEASES
    }

    /** How the object depends on a DB. */
    enum Dependence {
        NONE,
        /** the DB owns it: the DB's close closes it (every use after throws IllegalStateException) */
        OWNED,
        /** it lives on its own but was used with a DB: after the DB's close it works, or throws IllegalStateException */
        USED
    }

    /** What a kept view must do after an event. */
    enum Expect {
        /** throw IllegalStateException (its scope is closed) */
        CLOSED,
        /** show the same bytes as before */
        INTACT,
        /** either */
        CLOSED_OR_INTACT,
        /** throw WrongThreadException (read from another thread) */
        WRONG_THREAD
    }

    /** A live object, the DB it belongs to or was used with (or null), and what it reads (a transaction, a batch) or null. */
    record Subject(Object instance, RocksDB db, Object source) {
        static Subject of(Object instance) {
            return new Subject(instance, null, null);
        }
    }

    @FunctionalInterface
    interface Factory {
        Subject make(World world) throws Exception;
    }

    @FunctionalInterface
    interface Action {
        void run(Subject subject) throws Exception;
    }

    /** One way to make the object; it may close differently from the type's default. */
    static final class Variant {
        final String name;
        final Factory factory;
        Life life;
        Dependence dependence;
        final Map<String, Action> ends = new LinkedHashMap<>();
        final Set<String> worksAfterEnd = new HashSet<>();
        /** changes of what it reads (a transaction's or batch's writes): its views must stay intact */
        final Map<String, Action> changes = new LinkedHashMap<>();

        Variant(String name, Factory factory) {
            this.name = name;
            this.factory = factory;
        }
    }

    final Class<?> type;
    final Map<String, Variant> variants = new LinkedHashMap<>();
    /** why the matrix makes no instance (static members only, or a type the user implements) */
    String noInstances;
    /** the user implements it; the matrix reaches it through the API calls that run it */
    boolean userImplemented;
    Life life = Life.NONE;
    Action closer = Entry::close;
    Dependence dependence = Dependence.NONE;
    /** belongs to the thread that made it: others get WrongThreadException */
    boolean confined;
    final Set<String> worksAfterClose = new HashSet<>(Set.of("close", "toString", "equals", "hashCode"));
    /** beyond worksAfterClose: what still answers after the DB's close */
    final Set<String> worksAfterDbClose = new HashSet<>();
    /** of a confined type: what answers on any thread */
    final Set<String> anyThread = new HashSet<>(Set.of("toString", "equals", "hashCode"));
    /** methods the engine calls (callbacks the user overrides): only the callback probes reach them */
    final Set<String> callbackMethods = new HashSet<>();
    /** parameters documented as nullable: "method", "method#i" or "signature#i" (i from 0), or "*#Type" */
    final Set<String> nullable = new HashSet<>();
    /** exceptions to "*#Type": members whose parameters are documented as not null ("method" or "method#i") */
    final Set<String> notNull = new HashSet<>();
    /** what a refused null may throw besides NullPointerException (options refuse values with IllegalArgumentException) */
    final Set<Class<? extends Throwable>> nullRefusals = new HashSet<>(Set.of(NullPointerException.class));
    /** moves of the object: its views die */
    final Map<String, Action> moves = new LinkedHashMap<>();
    /** what a kept view does after an event, where it is not the default: "method|event" or "*|event" */
    final Map<String, Expect> views = new HashMap<>();
    /** why the matrix keeps no views of it (views valid only inside a callback), or null */
    String noViewProbes;
    /** after refused calls from another thread: proves the owner can still use it */
    Action sanity;
    /** known, documented deviations the probes must accept (each with its reason): "kind|member" -> reason */
    final Map<String, String> accepted = new HashMap<>();

    Entry(Class<?> type) {
        this.type = type;
    }

    /** close(), through AutoCloseable or the type's own public close() (a callback base has one without the interface). */
    static void close(Subject s) throws Exception {
        if (s.instance() instanceof AutoCloseable c) {
            c.close();
            return;
        }
        try {
            s.instance().getClass().getMethod("close").invoke(s.instance());
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof Exception x) throw x;
            throw (Error) e.getCause();
        }
    }

    // ---- the builder the table uses -------------------------------------------------------------

    Entry variant(String name, Factory factory) {
        variants.put(name, new Variant(name, factory));
        return this;
    }

    /** Adjusts the variant added last. */
    Variant last() {
        Variant v = null;
        for (Variant x : variants.values()) v = x;
        if (v == null) throw new IllegalStateException("no variant yet");
        return v;
    }

    Entry life(Life l) {
        life = l;
        return this;
    }

    Entry closer(Action a) {
        closer = a;
        return this;
    }

    Entry owned() {
        dependence = Dependence.OWNED;
        return this;
    }

    Entry used() {
        dependence = Dependence.USED;
        return this;
    }

    Entry confined() {
        confined = true;
        return this;
    }

    Entry worksAfterClose(String... methods) {
        worksAfterClose.addAll(List.of(methods));
        return this;
    }

    Entry worksAfterDbClose(String... methods) {
        worksAfterDbClose.addAll(List.of(methods));
        return this;
    }

    Entry anyThread(String... methods) {
        anyThread.addAll(List.of(methods));
        return this;
    }

    Entry callbacks(String... methods) {
        callbackMethods.addAll(List.of(methods));
        return this;
    }

    Entry nullable(String... parameters) {
        nullable.addAll(List.of(parameters));
        return this;
    }

    Entry notNull(String... members) {
        notNull.addAll(List.of(members));
        return this;
    }

    /** A null is also refused with IllegalArgumentException naming what it is (the options' convention). */
    Entry refusesNullAsIllegalArgument() {
        nullRefusals.add(IllegalArgumentException.class);
        return this;
    }

    Entry move(String name, Action a) {
        moves.put(name, a);
        return this;
    }

    Entry view(String key, Expect e) {
        views.put(key, e);
        return this;
    }

    Entry sanity(Action a) {
        sanity = a;
        return this;
    }

    Entry none(String why) {
        noInstances = why;
        return this;
    }

    Entry user(String why) {
        userImplemented = true;
        noInstances = why;
        return this;
    }

    Entry noViewProbes(String why) {
        noViewProbes = why;
        return this;
    }

    Entry accept(String probe, String reason) {
        accepted.put(probe, reason);
        return this;
    }

    // ---- questions the probes ask ----------------------------------------------------------------

    static boolean matches(Set<String> set, Executable m) {
        return set.contains(name(m)) || set.contains(Surface.signature(m));
    }

    /** As {@link #matches(Set, Executable)}, also for entries qualified by the variant: "variant:method". */
    static boolean matches(Set<String> set, Executable m, Variant v) {
        return matches(set, m) || v != null && (set.contains(v.name + ":" + name(m))
                || set.contains(v.name + ":" + Surface.signature(m)));
    }

    /** A member's name as the table spells it: "new" for a constructor. */
    static String name(Executable m) {
        return m instanceof java.lang.reflect.Constructor<?> ? "new" : m.getName();
    }

    Life life(Variant v) {
        return v.life != null ? v.life : life;
    }

    Dependence dependence(Variant v) {
        return v.dependence != null ? v.dependence : dependence;
    }

    boolean isCallback(Executable m) {
        return matches(callbackMethods, m);
    }

    boolean isNullable(Executable m, int i) {
        Class<?> p = m.getParameterTypes()[i];
        // Object.equals: "for any non-null reference value x, x.equals(null) should return false"
        if (m.getName().equals("equals") && p == Object.class) return true;
        String n = name(m);
        if (notNull.contains(n) || notNull.contains(n + "#" + i)) return false;
        return nullable.contains(n) || nullable.contains(n + "#" + i)
                || nullable.contains(Surface.signature(m) + "#" + i) || nullable.contains("*#" + Surface.name(p))
                || nullable.contains(n + "#" + Surface.name(p));
    }

    /** Whether a list parameter may hold null elements: a null column family handle means the default one. */
    boolean isElementNullable(Executable m, int i) {
        if (notNull.contains(name(m)) || notNull.contains(name(m) + "#" + i)) return false;
        if (nullable.contains(name(m) + "#" + i + "[]")) return true;
        java.lang.reflect.Type g = m.getGenericParameterTypes()[i];
        return g instanceof java.lang.reflect.ParameterizedType p
                && p.getActualTypeArguments()[0] == io.panrocks.ColumnFamilyHandle.class
                && nullable.contains("*#ColumnFamilyHandle");
    }

    /** The promise for a kept view of method after event, on variant v. */
    Expect viewExpect(Variant v, Executable method, String event, Expect byDefault) {
        String kind = event.contains(":") ? event.substring(0, event.indexOf(':')) : event;
        for (String ev : List.of(event, kind, "*")) {
            for (String key : List.of(v.name + ":" + Surface.signature(method) + "|" + ev, v.name + ":" + method.getName() + "|" + ev,
                    v.name + ":*|" + ev, Surface.signature(method) + "|" + ev, method.getName() + "|" + ev, "*|" + ev)) {
                Expect e = views.get(key);
                if (e != null) return e;
            }
        }
        return byDefault;
    }

    List<String> variantNames() {
        return new ArrayList<>(variants.keySet());
    }
}
