package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbChild;
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
 */
public final class Snapshot extends DbChild {
    private final MemorySegment handle;
    private final long sequence;

    Snapshot(NativeDb db, CallContext c) throws RocksDBException {
        super(db, "Snapshot");
        int rc = panrocks_h.panrocks_snapshot_create(db.handle(), c.size, c.error);
        if (rc != 0) throw c.failure(rc);
        this.handle = c.size.get(ValueLayout.ADDRESS, 0);
        this.sequence = panrocks_h.panrocks_snapshot_sequence(handle);
        MemorySegment dbHandle = db.handle(), snapshotHandle = handle;
        adopt(() -> panrocks_h.panrocks_snapshot_release(dbHandle, snapshotHandle));
    }

    /** The sequence number of the last write this snapshot sees. */
    public long getSequenceNumber() {
        return sequence;
    }

    MemorySegment handle() {
        checkUsable();
        return handle;
    }

    @Override
    public String toString() {
        return "Snapshot{sequence=" + sequence + (isReleased() ? ", released" : "") + "}";
    }
}
