package io.panrocks;

import io.panrocks.internal.DbResource;
import io.panrocks.internal.ViewScope;
import io.panrocks.internal.data.Entities;
import io.panrocks.internal.data.Reads;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;

/**
 * The wide-column entities of many keys read in one batched call
 * ({@link RocksDB#multiGetEntity}: RocksDB's {@code MultiGetEntity}), without
 * copying: each found key's columns are read-only {@link MemorySegment}s over
 * the bytes where RocksDB holds them (blocks of the cache, pinned, or the
 * result's own buffers for what came from a memtable), sorted by name. Key
 * {@code i} of the request is entry {@code i} here, duplicates included.
 *
 * <h2>Outcomes per key</h2>
 * Each key has its own {@link #status(int) status}: found ({@link Status.Code#Ok}),
 * absent ({@link Status.Code#NotFound}), or RocksDB's error for that key (its
 * code, subcode and message, unchanged). An error of one key does not fail
 * the others; {@link #columns(int)} of a failed key throws it as a
 * {@link RocksDBException}, so a failure is never mistaken for an absent key.
 *
 * <h2>Lifetime</h2>
 * Everything here is one native object with one owner and one release:
 * the columns stay valid until {@link #close()}, and every access afterwards
 * (through this object or a column obtained from it) throws
 * {@link IllegalStateException}, so no view reads memory RocksDB has reused.
 * Writes, flushes and compactions after the read do not change them.
 *
 * <h2>Threads</h2>
 * As a {@link PinnedEntity}: the result belongs to the thread that read it;
 * only that thread may read it and close it (others get a
 * {@link WrongThreadException}). Copy columns ({@link WideColumn#nameBytes()},
 * {@link WideColumn#valueBytes()}) to hand them to another thread.
 *
 * <h2>Forgetting to close</h2>
 * As for a {@link PinnedEntity}: released by the safety net only once neither
 * this object nor any view of it is reachable, with a warning; the DB's close
 * releases those of the closing thread and waits for those other live
 * threads hold.
 */
public final class PinnedEntities implements AutoCloseable {
    private final int size;
    /** the native array of panrocks_entity_result, valid until the release */
    private final long results;
    /** keeps the views' scope (and so the native result) reachable with this object */
    private final ViewScope scope;
    private final DbResource resource;
    /** keeps the DB from the Cleaner while this result is reachable */
    private final RocksDB db;

    PinnedEntities(RocksDB db, int size, long results, ViewScope scope, DbResource resource) {
        this.db = db;
        this.size = size;
        this.results = results;
        this.scope = scope;
        this.resource = resource;
    }

    /**
     * The number of keys read (the size of the request, duplicates included).
     *
     * @return how many outcomes this holds
     * @throws IllegalStateException if closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public int size() {
        check();
        return size;
    }

    /**
     * Key {@code i}'s outcome as RocksDB reported it: {@link Status.Code#Ok}
     * if found, {@link Status.Code#NotFound} if absent, else the key's error
     * with RocksDB's code, subcode and message.
     *
     * @param i the key's index in the request
     * @return the key's status
     * @throws IndexOutOfBoundsException if i is not in [0, size())
     * @throws IllegalStateException if closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public Status status(int i) {
        checkIndex(i);
        return Entities.resultStatus(results, i);
    }

    /**
     * Whether key {@code i} was found.
     *
     * @param i the key's index in the request
     * @return true if its entity was read
     * @throws IndexOutOfBoundsException if i is not in [0, size())
     * @throws IllegalStateException if closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public boolean isFound(int i) {
        checkIndex(i);
        return Entities.resultCode(results, i) == 0;
    }

    /**
     * Key {@code i}'s columns (those selected, if the read named some), sorted
     * by name, as read-only views valid until {@link #close()}; null if the
     * key is absent. A plain value is one default column.
     *
     * @param i the key's index in the request
     * @return the columns (an unmodifiable list, possibly empty), or null if the key is absent
     * @throws RocksDBException the key's error, if reading it failed
     * @throws IndexOutOfBoundsException if i is not in [0, size())
     * @throws IllegalStateException if closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public List<WideColumn> columns(int i) throws RocksDBException {
        checkIndex(i);
        int code = Entities.resultCode(results, i);
        if (code == Reads.NOT_FOUND) return null;
        if (code != 0) throw new RocksDBException(Entities.resultStatus(results, i));
        return Entities.resultColumns(scope, results, i);
    }

    /**
     * The value of key {@code i}'s column named {@code name}, as a view valid
     * until {@link #close()}; null if the key is absent or has no such
     * column (or it was not selected).
     *
     * @param i the key's index in the request
     * @param name the column's name; {@link WideColumn#DEFAULT_NAME} for the default column
     * @return the value, or null
     * @throws NullPointerException if name is null
     * @throws RocksDBException the key's error, if reading it failed
     * @throws IndexOutOfBoundsException if i is not in [0, size())
     * @throws IllegalStateException if closed
     * @throws WrongThreadException if called from another thread than the one that read it
     */
    public MemorySegment value(int i, byte[] name) throws RocksDBException {
        Objects.requireNonNull(name, "name");
        List<WideColumn> columns = columns(i);
        return columns == null ? null : Entities.find(columns, name);
    }

    private void check() {
        resource.checkOwner();
        if (resource.isReleased()) throw new IllegalStateException("PinnedEntities is closed");
    }

    private void checkIndex(int i) {
        check();
        Objects.checkIndex(i, size);
    }

    /**
     * Releases every key's columns at once; idempotent. Only the thread that
     * read them may close them while open ({@link WrongThreadException} otherwise).
     */
    @Override
    public void close() {
        resource.close();
    }

    @Override
    public String toString() {
        return "PinnedEntities{" + (resource.isReleased() ? "closed" : size + " keys") + "}";
    }
}
