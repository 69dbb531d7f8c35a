package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_db_options;

import java.lang.foreign.MemorySegment;

/**
 * Options of a pessimistic {@link TransactionDB}: its lock table and lock
 * timeouts, as RocksJava's {@code TransactionDBOptions}; defaults are
 * RocksDB's. A plain Java value: it owns no native memory, and changes after
 * an open do not affect that DB. Times are milliseconds.
 */
public final class TransactionDBOptions extends TransactionDBOptionsFields implements AutoCloseable {
    /** Most lock table stripes panrocks accepts per column family. */
    public static final long MAX_NUM_STRIPES = 1 << 16;
    /**
     * Most remembered deadlocks panrocks accepts: the engine allocates a slot
     * for each when the DB opens (about 40 bytes each, 40 MB at this bound)
     * and copies them all on every {@code getDeadlockInfoBuffer}.
     */
    public static final int MAX_NUM_DEADLOCKS = 1_000_000;

    /** RocksDB's defaults: no lock limit, 16 stripes, 1 s lock timeouts, the last 5 deadlocks kept. */
    public TransactionDBOptions() {
    }

    /** Writes these options into a native panrocks_txn_db_options (kind: pessimistic). */
    void fill(MemorySegment o) {
        panrocks_h.panrocks_txn_db_options_init(o);
        panrocks_txn_db_options.max_num_locks(o, maxNumLocks);
        panrocks_txn_db_options.num_stripes(o, numStripes);
        panrocks_txn_db_options.transaction_lock_timeout(o, transactionLockTimeout);
        panrocks_txn_db_options.default_lock_timeout(o, defaultLockTimeout);
        panrocks_txn_db_options.max_num_deadlocks(o, maxNumDeadlocks);
        panrocks_txn_db_options.write_policy(o, panrocks_h.PANROCKS_TXN_WRITE_COMMITTED());
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

}
