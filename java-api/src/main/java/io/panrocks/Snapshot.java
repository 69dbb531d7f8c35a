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
 */
public final class Snapshot implements AutoCloseable {
    private final RocksDB owner;
    private final NativeDb db;
    private final MemorySegment handle;
    private final long sequence;
    private final DbResource resource;

    Snapshot(RocksDB owner, NativeDb db, CallContext c) throws RocksDBException {
        int rc = panrocks_h.panrocks_snapshot_create(db.handle(), c.size, c.error);
        if (rc != 0) throw c.failure(rc);
        this.owner = owner;
        this.db = db;
        this.handle = c.size.get(ValueLayout.ADDRESS, 0);
        this.sequence = panrocks_h.panrocks_snapshot_sequence(handle);
        MemorySegment dbHandle = db.handle(), snapshotHandle = handle;
        this.resource = DbResource.shared(db, "Snapshot", this,
                () -> panrocks_h.panrocks_snapshot_release(dbHandle, snapshotHandle));
    }

    /** The sequence number of the last write this snapshot sees. */
    public long getSequenceNumber() {
        return sequence;
    }

    /** The native snapshot, for a call (already entered) on {@code expected}. */
    MemorySegment nativeHandle(NativeDb expected) {
        resource.checkUsableOn(expected);
        return handle;
    }

    void checkUsableOn(NativeDb expected) {
        resource.checkUsableOn(expected);
    }

    boolean belongsTo(RocksDB db) {
        return db == owner;
    }

    /** Whether it was released (by {@link #close()} or its DB's close). */
    public boolean isReleased() {
        return resource.isReleased() || !db.isOpen();
    }

    /** Releases the snapshot; idempotent, any thread. */
    @Override
    public void close() {
        resource.close();
    }

    @Override
    public String toString() {
        return "Snapshot{sequence=" + sequence + (isReleased() ? ", released" : "") + "}";
    }
}
