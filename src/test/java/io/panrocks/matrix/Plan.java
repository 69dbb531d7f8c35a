package io.panrocks.matrix;

import io.panrocks.RecordBatch;
import io.panrocks.RocksIterator;
import io.panrocks.WideColumn;
import io.panrocks.WriteBatch;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Every probe the matrix runs, derived from the reflected API and the
 * table: the parent JVM plans them, the child JVMs run them by name.
 */
final class Plan {
    private Plan() {
    }

    static final String AFTER_CLOSE = "after-close";
    static final String AFTER_DB_CLOSE = "after-db-close";
    static final String AFTER_END = "after-end";
    static final String FOREIGN_THREAD = "foreign-thread";
    static final String NULL = "null";
    static final String VIEW = "view";
    static final String CALLBACK = "callback";
    static final List<String> KINDS = List.of(AFTER_CLOSE, AFTER_DB_CLOSE, AFTER_END, FOREIGN_THREAD, NULL, VIEW, CALLBACK);

    /** The member a probe of a confined type adds after the refused foreign calls: the owner still uses, then closes it. */
    static final String OWNER_AFTERWARDS = "(owner afterwards)";

    /** The callback types the API takes as arguments of its calls (a visitor, a reader, a channel). */
    static final Set<Class<?>> CALL_CALLBACKS = Set.of(Function.class, RocksIterator.EntryVisitor.class,
            RecordBatch.RecordVisitor.class, WriteBatch.RecordVisitor.class, WriteBatch.Handler.class,
            WritableByteChannel.class);

    /** Engine callbacks called while the DB opens (binding), not during its work. */
    static final Set<String> BIND_TIME = Set.of("name", "allowSingleOperand", "shouldBeNotifiedOnFileIO");
    static final List<String> DB_KINDS = List.of("plain", "pessimistic", "optimistic", "ttl");
    static final List<String> CALLBACK_TARGETS = List.of("db", "snapshot", "column-family", "iterator", "write-batch",
            "other-db");
    /** objects whose own calls run the callback on the calling thread: closed from inside their own call */
    static final List<String> CALLING_TARGETS = List.of("transaction", "indexed-batch");

    /** The probes, in order, grouped by unit. */
    static List<ProbeId> all() {
        List<ProbeId> ids = new ArrayList<>();
        for (Class<?> type : Surface.publicTypes()) {
            Entry e = Table.of(type);
            if (e != null) ids.addAll(of(type, e));
        }
        return ids;
    }

    /** The public types the table has no entry for. */
    static List<Class<?>> missing() {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> type : Surface.publicTypes()) if (Table.of(type) == null) out.add(type);
        return out;
    }

    static List<ProbeId> of(Class<?> type, Entry e) {
        String t = Surface.name(type);
        List<ProbeId> ids = new ArrayList<>();
        List<Executable> members = Surface.members(type);
        List<String> variants = e.variantNames();
        // null arguments: every member with a reference parameter; instance ones on the first variant
        for (Executable m : members) {
            if (e.isCallback(m)) continue;
            boolean needsReceiver = !Surface.isStatic(m);
            if (needsReceiver && variants.isEmpty()) continue;
            String variant = needsReceiver ? variants.get(0) : "-";
            Class<?>[] p = m.getParameterTypes();
            for (int i = 0; i < p.length; i++) {
                if (p[i].isPrimitive()) continue;
                ids.add(new ProbeId(NULL, t, variant, Surface.signature(m), Integer.toString(i)));
                if (p[i] == List.class) ids.add(new ProbeId(NULL, t, variant, Surface.signature(m), i + "[]"));
            }
        }
        List<Method> methods = new ArrayList<>();
        for (Method m : Surface.instanceMethods(type)) if (!e.isCallback(m)) methods.add(m);
        for (Entry.Variant v : e.variants.values()) {
            if (e.life(v) != Entry.Life.NONE) {
                for (Method m : methods) ids.add(new ProbeId(AFTER_CLOSE, t, v.name, Surface.signature(m), ""));
            }
            if (e.dependence(v) != Entry.Dependence.NONE) {
                for (Method m : methods) ids.add(new ProbeId(AFTER_DB_CLOSE, t, v.name, Surface.signature(m), ""));
            }
            for (String end : v.ends.keySet()) {
                for (Method m : methods) ids.add(new ProbeId(AFTER_END, t, v.name + "@" + end, Surface.signature(m), ""));
            }
            if (e.confined) {
                for (Method m : methods) ids.add(new ProbeId(FOREIGN_THREAD, t, v.name, Surface.signature(m), ""));
                ids.add(new ProbeId(FOREIGN_THREAD, t, v.name, OWNER_AFTERWARDS, ""));
            }
            for (Method m : methods) {
                if (returnsViews(m) && e.noViewProbes == null) {
                    for (String event : viewEvents(e, v)) ids.add(new ProbeId(VIEW, t, v.name, Surface.signature(m), event));
                }
                if (takesCallback(m)) {
                    if (handsViews(m)) ids.add(new ProbeId(VIEW, t, v.name, Surface.signature(m), "call-returned"));
                    if (e.life(v) == Entry.Life.RELEASES) {
                        ids.add(new ProbeId(CALLBACK, t, v.name, Surface.signature(m), "receiver"));
                    }
                    if (e.dependence(v) != Entry.Dependence.NONE) {
                        ids.add(new ProbeId(CALLBACK, t, v.name, Surface.signature(m), "db"));
                    }
                }
            }
        }
        // engine callbacks: every method the engine calls, closing each target from inside it
        for (Method m : methods(type)) {
            if (!e.isCallback(m) || !Surface.isEngineCallbackBase(type)) continue;
            if (type == io.panrocks.AbstractWalFilter.class) {
                // it runs while a DB opens: there is no DB of its own to close yet, another one is the target
                ids.add(new ProbeId(CALLBACK, t, "plain", Surface.signature(m), "other-db"));
                continue;
            }
            if (BIND_TIME.contains(m.getName())) {
                ids.add(new ProbeId(CALLBACK, t, "plain", Surface.signature(m), "other-db"));
                continue;
            }
            for (String kind : DB_KINDS) ids.add(new ProbeId(CALLBACK, t, kind, Surface.signature(m), "db"));
            for (String target : CALLBACK_TARGETS) {
                if (!target.equals("db")) ids.add(new ProbeId(CALLBACK, t, "plain", Surface.signature(m), target));
            }
            for (String target : CALLING_TARGETS) ids.add(new ProbeId(CALLBACK, t, "pessimistic", Surface.signature(m), target));
        }
        return ids;
    }

    private static List<Method> methods(Class<?> type) {
        return Surface.instanceMethods(type);
    }

    static List<String> viewEvents(Entry e, Entry.Variant v) {
        List<String> events = new ArrayList<>();
        for (String move : e.moves.keySet()) events.add("move:" + move);
        for (String change : v.changes.keySet()) events.add("change:" + change);
        if (e.life(v) == Entry.Life.RELEASES) events.add("close");
        if (e.dependence(v) != Entry.Dependence.NONE) events.add("db-close");
        if (e.life(v) == Entry.Life.RELEASES) events.add("gc");
        events.add("foreign");
        for (String end : v.ends.keySet()) events.add("end:" + end);
        return events;
    }

    /** Returns memory the caller may keep: a segment, a buffer, a column or a list of columns. */
    static boolean returnsViews(Method m) {
        Class<?> r = m.getReturnType();
        if (r == MemorySegment.class || r == ByteBuffer.class || r == WideColumn.class) return true;
        if (r == List.class && m.getGenericReturnType() instanceof ParameterizedType p) {
            Type a = p.getActualTypeArguments()[0];
            return a == WideColumn.class;
        }
        return false;
    }

    /** Takes a callback that receives segments or buffers (a WriteBatch.Handler receives copies). */
    static boolean handsViews(Executable m) {
        for (Class<?> p : m.getParameterTypes()) if (CALL_CALLBACKS.contains(p) && p != WriteBatch.Handler.class) return true;
        return false;
    }

    static boolean takesCallback(Executable m) {
        for (Class<?> p : m.getParameterTypes()) if (CALL_CALLBACKS.contains(p)) return true;
        return false;
    }

    /** Probes by unit, in order. */
    static Map<String, List<ProbeId>> byUnit(List<ProbeId> ids) {
        Map<String, List<ProbeId>> units = new LinkedHashMap<>();
        for (ProbeId id : ids) units.computeIfAbsent(id.unit(), k -> new ArrayList<>()).add(id);
        return units;
    }
}
