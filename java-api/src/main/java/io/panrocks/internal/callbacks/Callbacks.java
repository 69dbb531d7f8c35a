package io.panrocks.internal.callbacks;

import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.ComparatorBinding;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.jfr.Jfr;
import io.panrocks.internal.options.OptionValues;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * How callbacks configured in options become bindings and option-string
 * entries when a DB opens or creates a column family.
 */
public final class Callbacks {
    /** what the public types keep package-private */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private Callbacks() {
    }

    // ---- from options to bindings ------------------------------------------------------

    /** The bindings made for one open or one column family creation, released together if it fails. */
    public static final class Bound {
        public final List<CallbackBinding> bindings = new ArrayList<>();
        public final List<ListenerBinding> listeners = new ArrayList<>();
        /** the DB's WAL filter, if it has one */
        public WalFilterBinding walFilter;

        public <B extends CallbackBinding> B add(B b) {
            bindings.add(b);
            return b;
        }

        /** The DB opened: it owns them from now on. */
        public void attach(NativeDb db, Object facade) {
            WeakReference<Object> ref = new WeakReference<>(facade);
            for (ListenerBinding l : listeners) l.facade(ref);
            for (CallbackBinding b : bindings) b.attach(db);
        }

        /** Nothing refers to them (the open failed). */
        public void release() {
            for (CallbackBinding b : bindings) b.release();
        }
    }

    /** The column family options string with the callbacks of options bound (into bound) and named by ID. */
    public static String familyOptionString(CallbackOptions c, OptionValues values, Bound bound) {
        String base = values.toString();
        if (c.isEmpty()) return base;
        StringJoiner j = new StringJoiner(";");
        if (!base.isEmpty()) j.add(base);
        if (c.comparator != null) j.add("comparator=" + bound.add(ComparatorBinding.bind(c.comparator)).id());
        if (c.mergeOperator != null) j.add("merge_operator=" + bound.add(MergeOperatorBinding.bind(PUBLIC.mergePort(c.mergeOperator))).id());
        String builtIn = c.compactionFilterFactory == null && c.compactionFilter != null
                ? PUBLIC.builtInFilterName(c.compactionFilter) : null;
        if (builtIn != null) {
            // RocksDB's own built-in filter: no upcall
            j.add("compaction_filter=" + builtIn);
        } else if (c.compactionFilterFactory != null || c.compactionFilter != null) {
            j.add("compaction_filter_factory=" + bound.add(c.compactionFilterFactory != null
                    ? FilterFactoryBinding.bind(c.compactionFilterFactory)
                    : FilterFactoryBinding.bind(c.compactionFilter)).id());
        }
        return j.toString();
    }

    /**
     * The DB options string with the listeners and the WAL filter of options
     * bound and named; the JFR events' listener after the user's (when
     * {@code Jfr.listenerWanted()}), so that theirs see an event first.
     */
    public static String dbOptionString(CallbackOptions c, OptionValues values, Bound bound, String dbPath) {
        String base = values.toString();
        if (c.walFilter != null) {
            bound.walFilter = bound.add(WalFilterBinding.bind(PUBLIC.walPort(c.walFilter)));
            base = (base.isEmpty() ? "" : base + ";") + "wal_filter=" + bound.walFilter.id();
        }
        List<EventPort> listeners = new ArrayList<>();
        for (Object l : c.listeners) listeners.add(PUBLIC.eventPort(l));
        if (Jfr.listenerWanted()) listeners.add(new JfrListener(dbPath));
        if (listeners.isEmpty()) return base;
        StringJoiner ids = new StringJoiner(":");
        for (EventPort l : listeners) {
            ListenerBinding b = bound.add(ListenerBinding.bind(l));
            bound.listeners.add(b);
            ids.add(b.id());
        }
        return (base.isEmpty() ? "" : base + ";") + "listeners=" + ids;
    }
}
