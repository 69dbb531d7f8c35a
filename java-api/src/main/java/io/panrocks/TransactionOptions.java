package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_options;

import java.lang.foreign.MemorySegment;

/**
 * Options of one transaction of a pessimistic {@link TransactionDB}, as
 * RocksJava's {@code TransactionOptions}; defaults are RocksDB's. A plain
 * Java value, read when the transaction begins. Times are milliseconds.
 */
public final class TransactionOptions implements AutoCloseable {
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

    private boolean setSnapshot;
    private boolean deadlockDetect;
    private long lockTimeout = -1;
    private long expiration = -1;
    private long deadlockDetectDepth = 50;
    private long maxWriteBatchSize;

    /** RocksDB's defaults: no snapshot, no deadlock detection, the DB's lock timeout, no expiration. */
    public TransactionOptions() {
    }

    /**
     * Take a snapshot when the transaction begins (as
     * {@link Transaction#setSnapshot()} would): its reads for update then fail
     * with {@link Status.Code#Busy} for keys written since.
     *
     * @param setSnapshot whether to
     * @return this
     */
    public TransactionOptions setSetSnapshot(boolean setSnapshot) {
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

    /**
     * Detect deadlocks while waiting for a lock: a wait that would close a
     * cycle of transactions fails at once with {@link Status.Code#Busy}
     * (subcode {@link Status.SubCode#Deadlock}) instead of timing out.
     *
     * @param deadlockDetect whether to
     * @return this
     */
    public TransactionOptions setDeadlockDetect(boolean deadlockDetect) {
        this.deadlockDetect = deadlockDetect;
        return this;
    }

    /**
     * Returns whether deadlocks are detected.
     *
     * @return whether deadlocks are detected
     */
    public boolean isDeadlockDetect() {
        return deadlockDetect;
    }

    /**
     * How long this transaction waits for a lock: negative means the DB's
     * {@link TransactionDBOptions#setTransactionLockTimeout transaction lock
     * timeout} (the default, kept as -1), zero no wait; a timeout over
     * {@link #MAX_LOCK_TIMEOUT} (about 292 years) is {@code MAX_LOCK_TIMEOUT}.
     *
     * @param lockTimeout milliseconds
     * @return this
     */
    public TransactionOptions setLockTimeout(long lockTimeout) {
        this.lockTimeout = clampLockTimeout(lockTimeout);
        return this;
    }

    /** A lock timeout as the engine can take it: -1 for any negative one, at most {@link #MAX_LOCK_TIMEOUT}. */
    static long clampLockTimeout(long millis) {
        return millis < 0 ? -1 : Math.min(millis, MAX_LOCK_TIMEOUT);
    }

    /**
     * Returns this transaction's lock timeout in milliseconds (-1: the DB's), as clamped.
     *
     * @return this transaction's lock timeout in milliseconds (-1: the DB's)
     */
    public long getLockTimeout() {
        return lockTimeout;
    }

    /**
     * After this long, other transactions may take this one's locks, and
     * its commit then fails with {@link Status.Code#Expired}. Negative: never
     * (the default, kept as -1); an expiration over {@link #MAX_EXPIRATION}
     * (about 292 years) is {@code MAX_EXPIRATION}.
     *
     * @param expiration milliseconds after begin
     * @return this
     */
    public TransactionOptions setExpiration(long expiration) {
        this.expiration = expiration < 0 ? -1 : Math.min(expiration, MAX_EXPIRATION);
        return this;
    }

    /**
     * Returns the expiration in milliseconds (-1: never), as clamped.
     *
     * @return the expiration in milliseconds (-1: never)
     */
    public long getExpiration() {
        return expiration;
    }

    /**
     * How many waiting transactions deadlock detection follows; a wait-for
     * chain longer than that is taken for a deadlock ({@link Status.Code#Busy},
     * subcode {@link Status.SubCode#Deadlock}).
     *
     * @param deadlockDetectDepth from 0 to {@link #MAX_DEADLOCK_DETECT_DEPTH}
     * @return this
     * @throws IllegalArgumentException outside that range
     */
    public TransactionOptions setDeadlockDetectDepth(long deadlockDetectDepth) {
        if (deadlockDetectDepth < 0 || deadlockDetectDepth > MAX_DEADLOCK_DETECT_DEPTH) {
            throw new IllegalArgumentException("deadlockDetectDepth (deadlock_detect_depth) must be in [0, "
                    + MAX_DEADLOCK_DETECT_DEPTH + "], was " + deadlockDetectDepth + ": every lock wait with deadlock "
                    + "detection allocates 12 bytes per level inside RocksDB's lock table");
        }
        this.deadlockDetectDepth = deadlockDetectDepth;
        return this;
    }

    /**
     * Returns the depth of deadlock detection.
     *
     * @return the depth of deadlock detection
     */
    public long getDeadlockDetectDepth() {
        return deadlockDetectDepth;
    }

    /**
     * The largest the transaction's write batch may grow, in bytes; a write
     * beyond it fails with {@link Status.Code#Aborted} (subcode
     * {@link Status.SubCode#MemoryLimit}). Zero: no limit (the default).
     *
     * @param maxWriteBatchSize bytes, zero or more
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public TransactionOptions setMaxWriteBatchSize(long maxWriteBatchSize) {
        if (maxWriteBatchSize < 0) {
            throw new IllegalArgumentException("maxWriteBatchSize (max_write_batch_size) must be >= 0, was "
                    + maxWriteBatchSize);
        }
        this.maxWriteBatchSize = maxWriteBatchSize;
        return this;
    }

    /**
     * Returns the write batch limit in bytes (zero: none).
     *
     * @return the write batch limit in bytes (zero: none)
     */
    public long getMaxWriteBatchSize() {
        return maxWriteBatchSize;
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

    @Override
    public String toString() {
        return "TransactionOptions{setSnapshot=" + setSnapshot + ", deadlockDetect=" + deadlockDetect + ", lockTimeout="
                + lockTimeout + ", expiration=" + expiration + ", deadlockDetectDepth=" + deadlockDetectDepth
                + ", maxWriteBatchSize=" + maxWriteBatchSize + "}";
    }
}
