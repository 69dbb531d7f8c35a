package io.panrocks.internal.callbacks;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.AbstractComparator;

import java.util.List;

/**
 * The Java callbacks configured in an options object: they are objects, not
 * option strings, so the options keep them beside their
 * {@link OptionValues}. Bound to a DB (one binding per object per DB) when
 * the DB opens or creates the column family ({@link Callbacks}).
 */
public final class CallbackOptions {
    // column family options
    public AbstractComparator comparator;
    /** an AbstractMergeOperator or AssociativeMergeOperator (opaque here: bound through its port); built-ins live in the option values */
    public Object mergeOperator;
    public AbstractCompactionFilter compactionFilter;
    public AbstractCompactionFilterFactory<?> compactionFilterFactory;
    /** not a callback, but an object of the family part too: copied with it (null: none; opaque here: its native side is what the open passes) */
    public Object compactionThreadLimiter;
    // DB options
    public List<?> listeners = List.of();
    /** set with setWalFilter; null for none */
    public Object walFilter;

    public CallbackOptions() {
    }

    public CallbackOptions(CallbackOptions other) {
        comparator = other.comparator;
        mergeOperator = other.mergeOperator;
        compactionFilter = other.compactionFilter;
        compactionFilterFactory = other.compactionFilterFactory;
        compactionThreadLimiter = other.compactionThreadLimiter;
        listeners = other.listeners;
        walFilter = other.walFilter;
    }

    /** The column-family part of other, keeping this object's listeners. */
    public void copyFamilyPart(CallbackOptions other) {
        comparator = other.comparator;
        mergeOperator = other.mergeOperator;
        compactionFilter = other.compactionFilter;
        compactionFilterFactory = other.compactionFilterFactory;
        compactionThreadLimiter = other.compactionThreadLimiter;
    }

    public boolean isEmpty() {
        return comparator == null && mergeOperator == null && compactionFilter == null
                && compactionFilterFactory == null;
    }

    /** A raw option set by name replaces the Java object of that option. */
    public void rawFamilyOptionSet(String name) {
        switch (name) {
            case "comparator" -> comparator = null;
            case "merge_operator" -> mergeOperator = null;
            case "compaction_filter" -> compactionFilter = null;
            case "compaction_filter_factory" -> compactionFilterFactory = null;
            default -> {}
        }
    }
}
