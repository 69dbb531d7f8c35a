package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The engine side of a public {@code Snapshot}: a native snapshot and the
 * rule of who may read with it. Two kinds: a DB's snapshot owns its native
 * snapshot ({@link OfDb}); a transaction's is a view of the snapshot its
 * transaction owns ({@link OfTransaction}). Owners and readers are passed as
 * plain objects (the public DB and transaction), compared by identity only.
 */
public abstract sealed class SnapshotHandle permits SnapshotHandle.OfDb, SnapshotHandle.OfTransaction {
    private final Object owner;
    protected final NativeDb db;
    private final MemorySegment handle;
    private final long sequence;

    private SnapshotHandle(Object owner, NativeDb db, MemorySegment handle, long sequence) {
        this.owner = owner;
        this.db = db;
        this.handle = handle;
        this.sequence = sequence;
    }

    /** The sequence number of the last write the snapshot sees. */
    public final long sequence() {
        return sequence;
    }

    /**
     * The native snapshot for a read of {@code via} (a call entered on
     * {@code expected}, holding via's lock), or of the DB when via is null.
     */
    public final MemorySegment nativeHandle(NativeDb expected, Object via) {
        checkUsableOn(expected, via);
        return handle;
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
    public abstract void checkUsableOn(NativeDb expected, Object via);

    /** Whether {@code db} (the public DB object) took it. */
    public final boolean belongsTo(Object db) {
        return db == owner;
    }

    /** Whether reads with it throw from now on. */
    public abstract boolean isReleased();

    /** Releases it (a DB's snapshot); nothing for a transaction's. */
    public abstract void close();

    /** As the public snapshot shows itself. */
    @Override
    public String toString() {
        return "Snapshot{sequence=" + sequence + (isReleased() ? ", released" : "") + "}";
    }

    /**
     * A snapshot of the DB: it owns its native snapshot, a shared resource of
     * the DB (released after a grace period, by close, the DB's close or the
     * Cleaner once the public snapshot is unreachable).
     */
    public static final class OfDb extends SnapshotHandle {
        private final DbResource resource;

        private OfDb(Object owner, NativeDb db, MemorySegment handle) {
            super(owner, db, handle, panrocks_h.panrocks_snapshot_sequence(handle));
            MemorySegment dbHandle = db.handle();
            this.resource = DbResource.shared(db, "Snapshot", this,
                    () -> panrocks_h.panrocks_snapshot_release(dbHandle, handle));
        }

        /** Takes a snapshot of db for {@code owner}; inside a call on db. */
        public static OfDb take(Object owner, NativeDb db, CallContext c) throws io.panrocks.RocksDBException {
            int rc = panrocks_h.panrocks_snapshot_create(db.handle(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return new OfDb(owner, db, c.size.get(ValueLayout.ADDRESS, 0));
        }

        @Override
        public void checkUsableOn(NativeDb expected, Object via) {
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

    /**
     * A view of a transaction's snapshot: the transaction owns the native
     * snapshot (a field of its {@code panrocks_txn}), so this owns nothing. It
     * is valid for the transaction's own reads while the transaction's
     * snapshot generation stays the one it was taken at.
     */
    public static final class OfTransaction extends SnapshotHandle {
        private final Object transaction;
        private final MemorySegment txn;
        private final DbResource txnResource;
        private final ReentrantLock txnLock;
        /** the transaction's snapshot generation this view belongs to */
        private final long generation;

        /**
         * The view of the current snapshot of {@code transaction} (native
         * {@code txn}, its resource and lock), taken inside a call on it.
         */
        public OfTransaction(Object transaction, MemorySegment txn, DbResource txnResource, ReentrantLock txnLock,
                             Object owner, NativeDb db, MemorySegment handle, long sequence, long generation) {
            super(owner, db, handle, sequence);
            this.transaction = transaction;
            this.txn = txn;
            this.txnResource = txnResource;
            this.txnLock = txnLock;
            this.generation = generation;
        }

        @Override
        public void checkUsableOn(NativeDb expected, Object via) {
            if (expected != db) throw new IllegalArgumentException(this + " belongs to another DB (" + db + ")");
            if (via != transaction) {
                throw new IllegalArgumentException("the snapshot of a Transaction is for that transaction's own reads; "
                        + "take RocksDB.getSnapshot() for other reads");
            }
            // the read holds the transaction's lock
            if (txnResource.isReleased()) throw new IllegalStateException("the Transaction of this snapshot is closed");
            if (panrocks_h.panrocks_txn_snapshot_generation(txn) != generation) {
                throw new IllegalStateException("this Transaction's snapshot changed since this Snapshot was taken "
                        + "(set, cleared or restored by a rollback to a save point): call getSnapshot() again");
            }
        }

        /** Whether it is the view of generation {@code g}. */
        public boolean isCurrentFor(long g) {
            return generation == g;
        }

        @Override
        public boolean isReleased() {
            if (!txnLock.tryLock()) return !db.isOpen(); // in use: answer from the last known state
            try {
                return txnResource.isReleased() || !db.isOpen()
                        || panrocks_h.panrocks_txn_snapshot_generation(txn) != generation;
            } finally {
                txnLock.unlock();
            }
        }

        /** Does nothing: the transaction owns its snapshot. */
        @Override
        public void close() {
        }
    }
}
