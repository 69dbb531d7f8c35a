package io.panrocks;

import io.panrocks.internal.SnapshotHandle;


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
 * <p>Only panrocks makes them: a DB's snapshot owns its native snapshot; a
 * transaction's is a view of the snapshot its transaction owns
 * ({@code io.panrocks.internal.SnapshotHandle}).
 */
public final class Snapshot implements AutoCloseable {
    /** the engine side: the native snapshot and who may read with it */
    final SnapshotHandle handle;

    Snapshot(SnapshotHandle handle) {
        this.handle = handle;
    }

    /**
     * The sequence number of the last write this snapshot sees.
     *
     * @return the snapshot's sequence number
     */
    public long getSequenceNumber() {
        return handle.sequence();
    }

    /**
     * Whether it was released (by {@link #close()} or its DB's close); for a
     * transaction's snapshot, whether the transaction is closed or holds
     * another snapshot now.
     *
     * @return true once reads with it throw
     */
    public boolean isReleased() {
        return handle.isReleased();
    }

    /**
     * Releases the snapshot; idempotent, any thread. A transaction's snapshot
     * belongs to the transaction: closing it does nothing.
     */
    @Override
    public void close() {
        handle.close();
    }

    @Override
    public String toString() {
        return handle.toString();
    }
}
