package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_options;

import java.lang.foreign.MemorySegment;

/**
 * Options of one transaction of a pessimistic {@link TransactionDB}, as
 * RocksJava's {@code TransactionOptions}; defaults are RocksDB's. A plain
 * Java value, read when the transaction begins. Times are milliseconds.
 */
public final class TransactionOptions extends TransactionOptionsFields implements AutoCloseable {
    /**
     * The longest lock timeout, in milliseconds (about 292 years), and so,
     * in effect, forever: RocksDB 9.11 keeps timeouts in microseconds and
     * waits for a lock with a clock in nanoseconds, in 64 bits, so a longer
     * one would overflow (a timeout of 10<sup>13</sup> ms failed at the first
     * wakeup; {@code Long.MAX_VALUE} fell back to the DB's timeout). Longer
     * timeouts, here and in {@link TransactionDBOptions} and
     * {@link Transaction#setLockTimeout}, are this one.
     */
    public static final long MAX_LOCK_TIMEOUT = Long.MAX_VALUE / 1_000_000;

    /**
     * The longest expiration, in milliseconds (about 292 years): as
     * {@link #MAX_LOCK_TIMEOUT}; a longer one (RocksDB's sum with the begin
     * time overflowed, and {@code Long.MAX_VALUE} expired at once) is this one.
     */
    public static final long MAX_EXPIRATION = MAX_LOCK_TIMEOUT;

    /**
     * The deepest deadlock detection: every lock wait with detection on
     * allocates and clears a search queue of 12 bytes per level in RocksDB
     * (768 KiB at this depth), and deeper values made it fail inside the
     * engine's lock table.
     */
    public static final long MAX_DEADLOCK_DETECT_DEPTH = 1 << 16;

    /** RocksDB's defaults: no snapshot, no deadlock detection, the DB's lock timeout, no expiration. */
    public TransactionOptions() {
    }

    /** A lock timeout as the engine can take it: -1 for any negative one, at most {@link #MAX_LOCK_TIMEOUT}. */
    static long clampLockTimeout(long millis) {
        return millis < 0 ? -1 : Math.min(millis, MAX_LOCK_TIMEOUT);
    }

    void fill(MemorySegment o) {
        panrocks_h.panrocks_txn_options_init(o);
        panrocks_txn_options.set_snapshot(o, setSnapshot ? 1 : 0);
        panrocks_txn_options.deadlock_detect(o, deadlockDetect ? 1 : 0);
        panrocks_txn_options.lock_timeout(o, lockTimeout);
        panrocks_txn_options.expiration(o, expiration);
        panrocks_txn_options.deadlock_detect_depth(o, deadlockDetectDepth);
        panrocks_txn_options.max_write_batch_size(o, maxWriteBatchSize);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

}
