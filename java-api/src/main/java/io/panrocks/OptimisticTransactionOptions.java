package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_options;

import java.lang.foreign.MemorySegment;

/**
 * Options of one transaction of an {@link OptimisticTransactionDB}, as
 * RocksJava's {@code OptimisticTransactionOptions} (without its comparator:
 * panrocks DBs use RocksDB's bytewise order). A plain Java value.
 */
public final class OptimisticTransactionOptions implements AutoCloseable {
    private boolean setSnapshot;

    /** RocksDB's defaults: no snapshot. */
    public OptimisticTransactionOptions() {
    }

    /**
     * Take a snapshot when the transaction begins: its commit then fails with
     * {@link Status.Code#Busy} if a key it wrote or read for update was
     * written by someone else after the snapshot (without one, after the
     * transaction first touched the key).
     *
     * @param setSnapshot whether to
     * @return this
     */
    public OptimisticTransactionOptions setSetSnapshot(boolean setSnapshot) {
        this.setSnapshot = setSnapshot;
        return this;
    }

    /**
     * Returns whether a snapshot is taken at begin.
     *
     * @return whether a snapshot is taken at begin
     */
    public boolean isSetSnapshot() {
        return setSnapshot;
    }

    void fill(MemorySegment o) {
        panrocks_h.panrocks_txn_options_init(o);
        panrocks_txn_options.set_snapshot(o, setSnapshot ? 1 : 0);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "OptimisticTransactionOptions{setSnapshot=" + setSnapshot + "}";
    }
}
