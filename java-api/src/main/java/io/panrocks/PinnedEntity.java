package io.panrocks;

import io.panrocks.internal.DbResource;
import io.panrocks.internal.ViewScope;
import io.panrocks.internal.data.Entities;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;

/**
 * A wide-column entity read without copying ({@link RocksDB#getEntity}):
 * its columns are read-only {@link MemorySegment}s over the bytes where
 * RocksDB holds them (blocks of the cache, pinned, or the entity's own
 * buffer for what came from a memtable), sorted by name.
 *
 * <h2>Lifetime</h2>
 * The columns stay valid until {@link #close()}; every access through them
 * afterwards throws {@link IllegalStateException}, so they never read memory
 * RocksDB has reused. Flushes, compactions and overwrites of the key do not
 * affect them: they stay the entity as it was read.
 *
 * <h2>Threads</h2>
 * An entity belongs to the thread that read it, as a {@link PinnedValue}
 * does: only that thread may read its columns and close it (others get a
 * {@link WrongThreadException}). Copy the columns
 * ({@link WideColumn#nameBytes()}, {@link WideColumn#valueBytes()}) to hand
 * them to another thread.
 *
 * <h2>Forgetting to close</h2>
 * As for a {@link PinnedValue}: released by the safety net only once neither
 * it nor any of its segments is reachable, with a warning; the DB's close
 * releases those of the closing thread, and waits for those other live
 * threads hold.
 */
public final class PinnedEntity implements AutoCloseable {
    private final List<WideColumn> columns;
    /** keeps the views' scope (and so the native entity) reachable with this object */
    private final ViewScope scope;
    private final DbResource resource;
    /** keeps the DB from the Cleaner while this entity is reachable */
    private final RocksDB db;

    PinnedEntity(RocksDB db, List<WideColumn> columns, ViewScope scope, DbResource resource) {
        this.db = db;
        this.columns = columns;
        this.scope = scope;
        this.resource = resource;
    }

    /**
     * The columns, sorted by name (bytewise), as read-only views valid until
     * {@link #close()}. An entity written without a default column has none
     * here; a plain value is one default column.
     *
     * @return the columns (an unmodifiable list)
     * @throws IllegalStateException if the entity is closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public List<WideColumn> columns() {
        check();
        return columns;
    }

    /**
     * The number of columns.
     *
     * @return how many columns the entity has
     * @throws IllegalStateException if the entity is closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public int size() {
        check();
        return columns.size();
    }

    /**
     * The value of the column named {@code name} (a binary search over the
     * sorted names), as a view valid until {@link #close()}; null if the
     * entity has no such column.
     *
     * @param name the column's name; {@link WideColumn#DEFAULT_NAME} for the default column
     * @return the value, or null
     * @throws NullPointerException if name is null
     * @throws IllegalStateException if the entity is closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public MemorySegment value(byte[] name) {
        Objects.requireNonNull(name, "name");
        check();
        return Entities.find(columns, name);
    }

    /**
     * As {@link #value(byte[])} for the default column: what a plain
     * {@code get} of the key returns; null if the entity has none.
     *
     * @return the default column's value, or null
     * @throws IllegalStateException if the entity is closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public MemorySegment defaultValue() {
        return value(WideColumn.DEFAULT_NAME);
    }

    private void check() {
        resource.checkOwner();
        if (resource.isReleased()) throw new IllegalStateException("PinnedEntity is closed");
    }

    /**
     * Releases the entity; idempotent. Only the thread that read it may
     * close it while it is open ({@link WrongThreadException} otherwise).
     */
    @Override
    public void close() {
        resource.close();
    }

    @Override
    public String toString() {
        return "PinnedEntity{" + (resource.isReleased() ? "closed" : columns.size() + " columns") + "}";
    }
}
