package io.panrocks;

import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.NativeDb;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * What the upcall targets share, and how callbacks configured in options
 * become bindings and option-string entries when a DB opens or creates a
 * column family.
 */
final class Callbacks {
    private Callbacks() {
    }

    /** A read-only view of engine memory for the duration of one call. */
    static MemorySegment view(long address, long size, Arena scope) {
        return MemorySegment.ofAddress(address).reinterpret(size, scope, null).asReadOnly();
    }

    /** A writable view of a buffer the engine gave the call (its own scratch, never its cache). */
    static MemorySegment writable(long address, long size, Arena scope) {
        return MemorySegment.ofAddress(address).reinterpret(size, scope, null);
    }

    /** A callback's name: persisted by RocksDB (comparators), and never one of panrocks' registry IDs. */
    static String checkName(String name, String what) {
        if (name == null) throw new IllegalArgumentException(what + " must not be null");
        if (name.isEmpty()) throw new IllegalArgumentException(what + " must not be empty");
        if (name.indexOf('\0') >= 0) throw new IllegalArgumentException(what + " must not contain a zero character");
        if (name.startsWith("panrocks.callback")) {
            throw new IllegalArgumentException(what + " must not start with \"panrocks.callback\" (panrocks' own IDs)");
        }
        return name;
    }

    /** Whether type overrides base's method (so that an upcall for it is worth making). */
    static boolean overrides(Class<?> type, Class<?> base, String method, Class<?>... parameters) {
        for (Class<?> c = type; c != null && c != base; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(method, parameters);
                return true;
            } catch (NoSuchMethodException e) {
                // look further up
            }
        }
        return false;
    }

    // ---- from options to bindings ------------------------------------------------------

    /** The bindings made for one open or one column family creation, released together if it fails. */
    static final class Bound {
        final List<CallbackBinding> bindings = new ArrayList<>();
        final List<ListenerBinding> listeners = new ArrayList<>();

        <B extends CallbackBinding> B add(B b) {
            bindings.add(b);
            return b;
        }

        /** The DB opened: it owns them from now on. */
        void attach(NativeDb db, RocksDB facade) {
            WeakReference<RocksDB> ref = new WeakReference<>(facade);
            for (ListenerBinding l : listeners) l.facade(ref);
            for (CallbackBinding b : bindings) b.attach(db);
        }

        /** Nothing refers to them (the open failed). */
        void release() {
            for (CallbackBinding b : bindings) b.release();
        }
    }

    /** The column family options string with the callbacks of options bound (into bound) and named by ID. */
    static String familyOptionString(ColumnFamilyOptions options, Bound bound) {
        CallbackOptions c = options.callbacks;
        String base = options.values.toString();
        if (c.isEmpty()) return base;
        StringJoiner j = new StringJoiner(";");
        if (!base.isEmpty()) j.add(base);
        if (c.comparator != null) j.add("comparator=" + bound.add(ComparatorBinding.bind(c.comparator)).id());
        if (c.mergeOperator != null) j.add("merge_operator=" + bound.add(MergeOperatorBinding.bind(c.mergeOperator)).id());
        if (c.compactionFilterFactory != null || c.compactionFilter != null) {
            j.add("compaction_filter_factory=" + bound.add(c.compactionFilterFactory != null
                    ? FilterFactoryBinding.bind(c.compactionFilterFactory)
                    : FilterFactoryBinding.bind(c.compactionFilter)).id());
        }
        return j.toString();
    }

    /** The DB options string with the listeners of options bound and named. */
    static String dbOptionString(DBOptions options, Bound bound) {
        String base = options.values.toString();
        List<AbstractEventListener> listeners = options.callbacks.listeners;
        if (listeners.isEmpty()) return base;
        StringJoiner ids = new StringJoiner(":");
        for (AbstractEventListener l : listeners) {
            ListenerBinding b = bound.add(ListenerBinding.bind(l));
            bound.listeners.add(b);
            ids.add(b.id());
        }
        return (base.isEmpty() ? "" : base + ";") + "listeners=" + ids;
    }
}
