package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_db_options;

import java.lang.foreign.MemorySegment;

/**
 * Options of an {@link OptimisticTransactionDB} (RocksDB's
 * {@code OptimisticTransactionDBOptions}, which RocksJava does not expose);
 * defaults are RocksDB's. A plain Java value.
 */
public final class OptimisticTransactionDBOptions extends OptimisticTransactionDBOptionsFields implements AutoCloseable {
    /** Most lock buckets panrocks accepts (each is a mutex). */
    public static final long MAX_LOCK_BUCKETS = 1L << 26;

    /** RocksDB's defaults: parallel validation, 2^20 lock buckets. */
    public OptimisticTransactionDBOptions() {
    }

    void fill(MemorySegment o) {
        panrocks_h.panrocks_txn_db_options_init(o);
        panrocks_txn_db_options.occ_validate_policy(o, validationPolicy == OccValidationPolicy.VALIDATE_SERIAL
                ? panrocks_h.PANROCKS_OCC_VALIDATE_SERIAL() : panrocks_h.PANROCKS_OCC_VALIDATE_PARALLEL());
        panrocks_txn_db_options.occ_lock_buckets(o, (int) lockBuckets);
    }

    /** Nothing to release; present for try-with-resources code. */
    @Override
    public void close() {
    }

}
