package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_db_options;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Options of a pessimistic {@link TransactionDB}: its lock table and lock
 * timeouts, as RocksJava's {@code TransactionDBOptions}; defaults are
 * RocksDB's. A plain Java value: it owns no native memory, and changes after
 * an open do not affect that DB. Times are milliseconds.
 */
public final class TransactionDBOptions implements AutoCloseable {
    /** Most lock table stripes panrocks accepts per column family. */
    public static final long MAX_NUM_STRIPES = 1 << 16;
    /**
     * Most remembered deadlocks panrocks accepts: the engine allocates a slot
     * for each when the DB opens (about 40 bytes each, 40 MB at this bound)
     * and copies them all on every {@code getDeadlockInfoBuffer}.
     */
    public static final int MAX_NUM_DEADLOCKS = 1_000_000;

    private long maxNumLocks = -1;
    private long numStripes = 16;
    private long transactionLockTimeout = 1000;
    private long defaultLockTimeout = 1000;
    private int maxNumDeadlocks = 5;
    private TxnDBWritePolicy writePolicy = TxnDBWritePolicy.WRITE_COMMITTED;

    /** RocksDB's defaults: no lock limit, 16 stripes, 1 s lock timeouts, the last 5 deadlocks kept. */
    public TransactionDBOptions() {
    }

    /**
     * The most keys that may be locked at once per column family; a write or
     * read for update beyond it fails with {@link Status.Code#Busy} (subcode
     * {@link Status.SubCode#LockLimit}). Zero or negative: no limit (the default).
     *
     * @param maxNumLocks the limit
     * @return this
     */
    public TransactionDBOptions setMaxNumLocks(long maxNumLocks) {
        this.maxNumLocks = maxNumLocks;
        return this;
    }

    /**
     * Returns the lock limit per column family (zero or negative: none).
     *
     * @return the lock limit per column family (zero or negative: none)
     */
    public long getMaxNumLocks() {
        return maxNumLocks;
    }

    /**
     * How many stripes (each a mutex, a condition variable and a lock map)
     * the lock table of each column family has; more stripes mean less
     * contention between transactions locking different keys.
     *
     * @param numStripes from 1 to {@link #MAX_NUM_STRIPES}
     * @return this
     * @throws IllegalArgumentException outside that range (each stripe costs
     *         memory in every column family)
     */
    public TransactionDBOptions setNumStripes(long numStripes) {
        if (numStripes < 1 || numStripes > MAX_NUM_STRIPES) {
            throw new IllegalArgumentException("numStripes (num_stripes) must be in [1, " + MAX_NUM_STRIPES
                    + "], was " + numStripes + ": each stripe is a mutex, a condition variable and a lock map "
                    + "in every column family");
        }
        this.numStripes = numStripes;
        return this;
    }

    /**
     * Returns the number of lock table stripes per column family.
     *
     * @return the number of lock table stripes per column family
     */
    public long getNumStripes() {
        return numStripes;
    }

    /**
     * How long a transaction waits for a lock another one holds, unless its
     * {@link TransactionOptions#setLockTimeout own} says otherwise; then the
     * write or read for update fails with {@link Status.Code#TimedOut}
     * (subcode {@link Status.SubCode#LockTimeout}). Zero: no wait. Negative:
     * wait forever (then only deadlock detection, if on, ends a deadlock),
     * kept as -1. A timeout over {@link TransactionOptions#MAX_LOCK_TIMEOUT}
     * (about 292 years) is {@code MAX_LOCK_TIMEOUT}.
     *
     * @param transactionLockTimeout milliseconds
     * @return this
     */
    public TransactionDBOptions setTransactionLockTimeout(long transactionLockTimeout) {
        this.transactionLockTimeout = TransactionOptions.clampLockTimeout(transactionLockTimeout);
        return this;
    }

    /**
     * Returns how long a transaction waits for a lock, in milliseconds (-1: forever), as clamped.
     *
     * @return how long a transaction waits for a lock, in milliseconds (-1: forever)
     */
    public long getTransactionLockTimeout() {
        return transactionLockTimeout;
    }

    /**
     * How long a plain write of the DB (outside any transaction: it takes the
     * key's lock too) waits for a lock a transaction holds. Zero: no wait;
     * negative: forever (kept as -1); over
     * {@link TransactionOptions#MAX_LOCK_TIMEOUT} (about 292 years):
     * {@code MAX_LOCK_TIMEOUT}.
     *
     * @param defaultLockTimeout milliseconds
     * @return this
     */
    public TransactionDBOptions setDefaultLockTimeout(long defaultLockTimeout) {
        this.defaultLockTimeout = TransactionOptions.clampLockTimeout(defaultLockTimeout);
        return this;
    }

    /**
     * Returns how long a plain write waits for a lock, in milliseconds (-1: forever), as clamped.
     *
     * @return how long a plain write waits for a lock, in milliseconds (-1: forever)
     */
    public long getDefaultLockTimeout() {
        return defaultLockTimeout;
    }

    /**
     * How many detected deadlocks RocksDB remembers for diagnosis.
     *
     * @param maxNumDeadlocks from 0 to {@link #MAX_NUM_DEADLOCKS}
     * @return this
     * @throws IllegalArgumentException outside that range (the engine allocates a slot for
     *         each when the DB opens: a huge count fails the open with "Out of memory")
     */
    public TransactionDBOptions setMaxNumDeadlocks(int maxNumDeadlocks) {
        if (maxNumDeadlocks < 0 || maxNumDeadlocks > MAX_NUM_DEADLOCKS) {
            throw new IllegalArgumentException("maxNumDeadlocks (max_num_deadlocks) must be in [0, "
                    + MAX_NUM_DEADLOCKS + "], was " + maxNumDeadlocks + ": the engine allocates a slot for each "
                    + "remembered deadlock when the DB opens");
        }
        this.maxNumDeadlocks = maxNumDeadlocks;
        return this;
    }

    /**
     * Returns how many detected deadlocks are remembered.
     *
     * @return how many detected deadlocks are remembered
     */
    public int getMaxNumDeadlocks() {
        return maxNumDeadlocks;
    }

    /**
     * When a transaction's data is written into the DB. Only
     * {@link TxnDBWritePolicy#WRITE_COMMITTED} is supported (see the others).
     *
     * @param writePolicy {@link TxnDBWritePolicy#WRITE_COMMITTED}
     * @return this
     * @throws IllegalArgumentException for another policy
     */
    public TransactionDBOptions setWritePolicy(TxnDBWritePolicy writePolicy) {
        Objects.requireNonNull(writePolicy, "writePolicy");
        if (writePolicy != TxnDBWritePolicy.WRITE_COMMITTED) {
            throw new IllegalArgumentException("writePolicy (write_policy) " + writePolicy + " is not supported: "
                    + "RocksDB keeps the raw column family handles given at open for it, and panrocks lets a "
                    + "handle close before its DB");
        }
        this.writePolicy = writePolicy;
        return this;
    }

    /**
     * Returns the write policy.
     *
     * @return the write policy
     */
    public TxnDBWritePolicy getWritePolicy() {
        return writePolicy;
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

    @Override
    public String toString() {
        return "TransactionDBOptions{maxNumLocks=" + maxNumLocks + ", numStripes=" + numStripes
                + ", transactionLockTimeout=" + transactionLockTimeout + ", defaultLockTimeout=" + defaultLockTimeout
                + ", maxNumDeadlocks=" + maxNumDeadlocks + ", writePolicy=" + writePolicy + "}";
    }
}
