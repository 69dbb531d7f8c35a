package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_options;

import java.lang.foreign.MemorySegment;

/**
 * Options of one transaction of an {@link OptimisticTransactionDB}, as
 * RocksJava's {@code OptimisticTransactionOptions} (without its comparator:
 * panrocks DBs use RocksDB's bytewise order). A plain Java value.
 */
public final class OptimisticTransactionOptions extends OptimisticTransactionOptionsFields implements AutoCloseable {
    /** RocksDB's defaults: no snapshot. */
    public OptimisticTransactionOptions() {
    }

    void fill(MemorySegment o) {
        panrocks_h.panrocks_txn_options_init(o);
        panrocks_txn_options.set_snapshot(o, setSnapshot ? 1 : 0);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

}
