package io.panrocks;

import io.panrocks.internal.NativeDb;

import java.lang.foreign.MemorySegment;

/**
 * A consistent, read-only view of a DB as of the moment it was taken
 * ({@link RocksDB#getSnapshot()}). Pass it to reads and iterators through
 * {@link ReadOptions#setSnapshot}.
 *
 * <p>Owned by its DB: {@link #close()} (or {@link RocksDB#releaseSnapshot})
 * releases it, and closing the DB releases every snapshot still open. Any
 * thread may use or close it. Closing it while other threads read with it is
 * safe: those reads finish first, and reads that start later throw
 * {@link IllegalStateException}. Iterators created with it are not affected
 * by its release. While a snapshot is reachable, its DB is not closed by the
 * Cleaner.
 *
 * <h2>A transaction's snapshot</h2>
 * {@link Transaction#getSnapshot()} returns a snapshot that belongs to the
 * transaction: it is for that transaction's own reads and iterators (other
 * reads throw {@link IllegalArgumentException}), valid while the
 * transaction keeps that snapshot (until it sets, clears or restores
 * another one, or is closed; then reads with it throw
 * {@link IllegalStateException}), and {@link #close()} does nothing to it.
 *
 * <p>The two are two types behind this one: a DB's snapshot owns its native
 * snapshot; a transaction's is a view of the snapshot its transaction owns.
 * Only panrocks makes them.
 */
public abstract sealed class Snapshot implements AutoCloseable permits DbSnapshot, TransactionSnapshot {
    private final RocksDB owner;
    final NativeDb db;
    private final MemorySegment handle;
    private final long sequence;

    Snapshot(RocksDB owner, NativeDb db, MemorySegment handle, long sequence) {
        this.owner = owner;
        this.db = db;
        this.handle = handle;
        this.sequence = sequence;
    }

    /**
     * The sequence number of the last write this snapshot sees.
     *
     * @return the snapshot's sequence number
     */
    public final long getSequenceNumber() {
        return sequence;
    }

    /** The native snapshot, for a call (already entered) on {@code expected}. */
    final MemorySegment nativeHandle(NativeDb expected) {
        checkUsableOn(expected, null);
        return handle;
    }

    /**
     * The native snapshot for a read of {@code via} (a call entered on its
     * DB, holding its lock), or of the DB when {@code via} is null.
     */
    final MemorySegment nativeHandle(NativeDb expected, Transaction via) {
        checkUsableOn(expected, via);
        return handle;
    }

    final void checkUsableOn(NativeDb expected) {
        checkUsableOn(expected, null);
    }

    /**
     * Checks that a read of {@code via} (null: of the DB), inside a call on
     * {@code expected}, may use this snapshot.
     *
     * @throws IllegalArgumentException if it belongs to another DB, or is a
     *         transaction's snapshot and the read is not that transaction's
     * @throws IllegalStateException if it was released, or its transaction's
     *         snapshot changed since
     */
    abstract void checkUsableOn(NativeDb expected, Transaction via);

    final boolean belongsTo(RocksDB db) {
        return db == owner;
    }

    /**
     * Whether it was released (by {@link #close()} or its DB's close); for a
     * transaction's snapshot, whether the transaction is closed or holds
     * another snapshot now.
     *
     * @return true once reads with it throw
     */
    public abstract boolean isReleased();

    /**
     * Releases the snapshot; idempotent, any thread. A transaction's snapshot
     * belongs to the transaction: closing it does nothing.
     */
    @Override
    public abstract void close();

    @Override
    public String toString() {
        return "Snapshot{sequence=" + sequence + (isReleased() ? ", released" : "") + "}";
    }
}
