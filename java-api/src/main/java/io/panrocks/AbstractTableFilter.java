package io.panrocks;

/**
 * The base of a Java {@link TableFilter} (RocksJava's shape): implement
 * {@link #filter(TableProperties)} and set it with
 * {@link ReadOptions#setTableFilter}. The filter runs on the iterating
 * thread; see that method for its rules.
 *
 * <p>It owns no native memory: each iterator that uses it makes (and
 * releases with itself) its own upcall, so {@link #close()} releases
 * nothing, and closing a filter that iterators still use is harmless.
 */
public abstract class AbstractTableFilter implements TableFilter, AutoCloseable {

    /** For subclasses. */
    protected AbstractTableFilter() {
    }

    /**
     * Does nothing: present so RocksJava's try-with-resources code compiles
     * unchanged (see the class description).
     */
    @Override
    public void close() {
    }
}
