package io.panrocks;

import io.panrocks.internal.NativeDb;

import java.lang.foreign.MemorySegment;

/**
 * A view of a transaction's snapshot ({@link Transaction#getSnapshot()}):
 * the transaction owns the native snapshot (a field of its
 * {@code panrocks_txn}), so this owns nothing and its {@link #close()} does
 * nothing. It is valid for the transaction's own reads while the
 * transaction's snapshot generation stays the one it was taken at.
 */
final class TransactionSnapshot extends Snapshot {
    private final Transaction transaction;
    /** the transaction's snapshot generation this view belongs to */
    private final long generation;

    TransactionSnapshot(Transaction transaction, RocksDB owner, NativeDb db, MemorySegment handle, long sequence,
                        long generation) {
        super(owner, db, handle, sequence);
        this.transaction = transaction;
        this.generation = generation;
    }

    @Override
    void checkUsableOn(NativeDb expected, Transaction via) {
        if (expected != db) throw new IllegalArgumentException(this + " belongs to another DB (" + db + ")");
        if (via != transaction) {
            throw new IllegalArgumentException("the snapshot of a Transaction is for that transaction's own reads; "
                    + "take RocksDB.getSnapshot() for other reads");
        }
        transaction.checkSnapshotGeneration(generation);
    }

    /** Whether it is the view of generation {@code g}. */
    boolean isCurrentFor(long g) {
        return generation == g;
    }

    @Override
    public boolean isReleased() {
        return !db.isOpen() || !transaction.snapshotIsCurrent(generation);
    }

    /** Does nothing: the transaction owns its snapshot. */
    @Override
    public void close() {
    }
}
