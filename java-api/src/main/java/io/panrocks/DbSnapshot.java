package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A snapshot of the DB ({@link RocksDB#getSnapshot()}): it owns its native
 * snapshot, a shared resource of the DB (released after a grace period, by
 * {@link #close()}, the DB's close or the Cleaner).
 */
final class DbSnapshot extends Snapshot {
    private final DbResource resource;

    private DbSnapshot(RocksDB owner, NativeDb db, MemorySegment handle) {
        super(owner, db, handle, panrocks_h.panrocks_snapshot_sequence(handle));
        MemorySegment dbHandle = db.handle();
        this.resource = DbResource.shared(db, "Snapshot", this,
                () -> panrocks_h.panrocks_snapshot_release(dbHandle, handle));
    }

    /** Takes a snapshot of db; inside a call on it. */
    static DbSnapshot take(RocksDB owner, NativeDb db, CallContext c) throws RocksDBException {
        int rc = panrocks_h.panrocks_snapshot_create(db.handle(), c.size, c.error);
        if (rc != 0) throw c.failure(rc);
        return new DbSnapshot(owner, db, c.size.get(ValueLayout.ADDRESS, 0));
    }

    @Override
    void checkUsableOn(NativeDb expected, Transaction via) {
        resource.checkUsableOn(expected); // any read of its DB may use it, a transaction's too
    }

    @Override
    public boolean isReleased() {
        return resource.isReleased() || !db.isOpen();
    }

    @Override
    public void close() {
        resource.close();
    }
}
