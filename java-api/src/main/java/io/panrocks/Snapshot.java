package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A consistent, read-only view of a DB as of the moment it was taken
 * ({@link RocksDB#getSnapshot()}). Pass it to reads and iterators through
 * {@link ReadOptions#setSnapshot}.
 *
 * <p>Owned by its DB: {@link #close()} releases it, and closing the DB
 * releases every snapshot still open. Any thread may use or close it.
 * Closing it while other threads read with it is safe: those reads finish
 * first, and reads that start later throw {@link IllegalStateException}.
 * Iterators created with it are not affected by its release. While a
 * snapshot is reachable, its DB is not closed by the Cleaner.
 *
 * <h2>A transaction's snapshot</h2>
 * {@link Transaction#getSnapshot()} returns a snapshot that belongs to the
 * transaction: it is for that transaction's own reads and iterators (other
 * reads throw {@link IllegalArgumentException}), valid while the
 * transaction keeps that snapshot (until it sets, clears or restores
 * another one, or is closed; then reads with it throw
 * {@link IllegalStateException}), and {@link #close()} does nothing to it.
 */
public final class Snapshot implements AutoCloseable {
    private final RocksDB owner;
    private final NativeDb db;
    private final MemorySegment handle;
    private final long sequence;
    /** null for a transaction's snapshot, which the transaction owns */
    private final DbResource resource;
    /** the transaction whose snapshot this is, or null */
    private final Transaction transaction;
    /** the transaction's snapshot generation this view belongs to */
    private final long generation;

    /** A view of a transaction's snapshot, valid for its reads while its generation stays. */
    Snapshot(Transaction transaction, RocksDB owner, NativeDb db, MemorySegment handle, long sequence,
             long generation) {
        this.owner = owner;
        this.db = db;
        this.handle = handle;
        this.sequence = sequence;
        this.resource = null;
        this.transaction = transaction;
        this.generation = generation;
    }

    Snapshot(RocksDB owner, NativeDb db, CallContext c) throws RocksDBException {
        int rc = panrocks_h.panrocks_snapshot_create(db.handle(), c.size, c.error);
        if (rc != 0) throw c.failure(rc);
        this.owner = owner;
        this.db = db;
        this.handle = c.size.get(ValueLayout.ADDRESS, 0);
        this.sequence = panrocks_h.panrocks_snapshot_sequence(handle);
        this.transaction = null;
        this.generation = 0;
        MemorySegment dbHandle = db.handle(), snapshotHandle = handle;
        this.resource = DbResource.shared(db, "Snapshot", this,
                () -> panrocks_h.panrocks_snapshot_release(dbHandle, snapshotHandle));
    }

    /**
     * The sequence number of the last write this snapshot sees.
     *
     * @return the snapshot's sequence number
     */
    public long getSequenceNumber() {
        return sequence;
    }

    /** The native snapshot, for a call (already entered) on {@code expected}. */
    MemorySegment nativeHandle(NativeDb expected) {
        checkUsableOn(expected);
        return handle;
    }

    /**
     * The native snapshot for a read of {@code via} (a call entered on its
     * DB, holding its lock), or of the DB when {@code via} is null.
     */
    MemorySegment nativeHandle(NativeDb expected, Transaction via) {
        checkUsableOn(expected, via);
        return handle;
    }

    void checkUsableOn(NativeDb expected) {
        checkUsableOn(expected, null);
    }

    /**
     * @throws IllegalArgumentException if it belongs to another DB, or is a
     *         transaction's snapshot and the read is not that transaction's
     * @throws IllegalStateException if it was released, or its transaction's
     *         snapshot changed since
     */
    void checkUsableOn(NativeDb expected, Transaction via) {
        if (resource != null) {
            resource.checkUsableOn(expected);
            return;
        }
        if (expected != db) throw new IllegalArgumentException(this + " belongs to another DB (" + db + ")");
        if (via != transaction) {
            throw new IllegalArgumentException("the snapshot of a Transaction is for that transaction's own reads; "
                    + "take RocksDB.getSnapshot() for other reads");
        }
        transaction.checkSnapshotGeneration(generation);
    }

    /** For a transaction's snapshot: whether it is the view of generation {@code g}. */
    boolean isCurrentFor(long g) {
        return transaction != null && generation == g;
    }

    /** Whether this is a transaction's snapshot (which the transaction owns). */
    boolean isTransactions() {
        return transaction != null;
    }

    boolean belongsTo(RocksDB db) {
        return db == owner;
    }

    /**
     * Whether it was released (by {@link #close()} or its DB's close); for a
     * transaction's snapshot, whether the transaction is closed or holds
     * another snapshot now.
     *
     * @return true once reads with it throw
     */
    public boolean isReleased() {
        if (resource == null) return !db.isOpen() || !transaction.snapshotIsCurrent(generation);
        return resource.isReleased() || !db.isOpen();
    }

    /**
     * Releases the snapshot; idempotent, any thread. A transaction's snapshot
     * belongs to the transaction: closing it does nothing.
     */
    @Override
    public void close() {
        if (resource != null) resource.close();
    }

    @Override
    public String toString() {
        return "Snapshot{sequence=" + sequence + (isReleased() ? ", released" : "") + "}";
    }
}
