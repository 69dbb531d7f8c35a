package io.panrocks;

/**
 * Makes a {@link AbstractCompactionFilter} for each compaction, as
 * RocksJava's {@code AbstractCompactionFilterFactory} (there, only for
 * filters written in C++). Set with
 * {@link ColumnFamilyOptionsInterface#setCompactionFilterFactory}.
 *
 * <p>{@link #createCompactionFilter} runs on the compaction's thread when
 * it starts, possibly for several compactions at once (it must be
 * thread-safe); each filter it returns serves one compaction on one thread
 * at a time and is {@linkplain AbstractCompactionFilter#close() closed}
 * when that compaction is over. Returning null compacts without a filter;
 * throwing does too (the exception is logged and recorded).
 *
 * @param <T> the filters it makes
 */
public abstract class AbstractCompactionFilterFactory<T extends AbstractCompactionFilter> implements AutoCloseable {

    /** For subclasses. */
    protected AbstractCompactionFilterFactory() {
    }

    /**
     * A filter for one compaction.
     *
     * @param context what the compaction is
     * @return the filter, or null for none
     */
    public abstract T createCompactionFilter(AbstractCompactionFilter.Context context);

    /**
     * The factory's name (recorded in the DB's OPTIONS file); must not be
     * empty, contain a zero character, or start with
     * {@code "panrocks.callback"}.
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Does nothing: present so RocksJava's try-with-resources code compiles
     * unchanged. This object owns no native memory; each DB that uses it
     * holds its own binding (upcall stubs and native handle) and releases it
     * when that DB's engine is closed, so closing this object while a DB
     * still uses it is harmless, and the DB goes on calling it.
     */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + name() + "}";
    }
}
