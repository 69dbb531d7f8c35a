package io.panrocks;

import io.panrocks.internal.options.OptionValues;

import java.util.List;

/**
 * The Java callbacks configured in an options object: they are objects, not
 * option strings, so the options keep them beside their
 * {@link OptionValues}. Bound to a DB (one binding per object per DB) when
 * the DB opens or creates the column family ({@link Callbacks}).
 */
final class CallbackOptions {
    // column family options
    AbstractComparator comparator;
    /** an {@link AbstractMergeOperator} or {@link AssociativeMergeOperator}; built-ins live in the option values */
    MergeOperator mergeOperator;
    AbstractCompactionFilter compactionFilter;
    AbstractCompactionFilterFactory<?> compactionFilterFactory;
    /** not a callback, but an object of the family part too: copied with it (null: none) */
    ConcurrentTaskLimiter compactionThreadLimiter;
    // DB options
    List<AbstractEventListener> listeners = List.of();
    /** set with setWalFilter; null for none */
    AbstractWalFilter walFilter;

    CallbackOptions() {
    }

    CallbackOptions(CallbackOptions other) {
        comparator = other.comparator;
        mergeOperator = other.mergeOperator;
        compactionFilter = other.compactionFilter;
        compactionFilterFactory = other.compactionFilterFactory;
        compactionThreadLimiter = other.compactionThreadLimiter;
        listeners = other.listeners;
        walFilter = other.walFilter;
    }

    /** The column-family part of other, keeping this object's listeners. */
    void copyFamilyPart(CallbackOptions other) {
        comparator = other.comparator;
        mergeOperator = other.mergeOperator;
        compactionFilter = other.compactionFilter;
        compactionFilterFactory = other.compactionFilterFactory;
        compactionThreadLimiter = other.compactionThreadLimiter;
    }

    boolean isEmpty() {
        return comparator == null && mergeOperator == null && compactionFilter == null
                && compactionFilterFactory == null;
    }

    /** A raw option set by name replaces the Java object of that option. */
    void rawFamilyOptionSet(String name) {
        switch (name) {
            case "comparator" -> comparator = null;
            case "merge_operator" -> mergeOperator = null;
            case "compaction_filter" -> compactionFilter = null;
            case "compaction_filter_factory" -> compactionFilterFactory = null;
            default -> {}
        }
    }

    /** The callbacks of a ColumnFamilyOptions or Options. */
    static CallbackOptions ofFamily(ColumnFamilyOptionsInterface<?> options) {
        if (options instanceof ColumnFamilyOptions c) return c.callbacks;
        if (options instanceof Options o) return o.callbacks;
        throw new IllegalArgumentException("unknown options class " + options.getClass().getName());
    }

    /** The callbacks of a DBOptions or Options. */
    static CallbackOptions ofDb(DBOptionsInterface<?> options) {
        if (options instanceof DBOptions d) return d.callbacks;
        if (options instanceof Options o) return o.callbacks;
        throw new IllegalArgumentException("unknown options class " + options.getClass().getName());
    }

    /** The option values of a ColumnFamilyOptions or Options (column family part). */
    static OptionValues familyValues(ColumnFamilyOptionsInterface<?> options) {
        if (options instanceof ColumnFamilyOptions c) return c.values;
        if (options instanceof Options o) return o.cfValues;
        throw new IllegalArgumentException("unknown options class " + options.getClass().getName());
    }
}
