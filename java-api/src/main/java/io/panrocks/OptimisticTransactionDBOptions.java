package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_db_options;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Options of an {@link OptimisticTransactionDB} (RocksDB's
 * {@code OptimisticTransactionDBOptions}, which RocksJava does not expose);
 * defaults are RocksDB's. A plain Java value.
 */
public final class OptimisticTransactionDBOptions implements AutoCloseable {
    /** Most lock buckets panrocks accepts (each is a mutex). */
    public static final long MAX_LOCK_BUCKETS = 1L << 26;

    private OccValidationPolicy validationPolicy = OccValidationPolicy.VALIDATE_PARALLEL;
    private long lockBuckets = 1 << 20;

    /** RocksDB's defaults: parallel validation, 2^20 lock buckets. */
    public OptimisticTransactionDBOptions() {
    }

    /**
     * How commits are checked for conflicts.
     *
     * @param validationPolicy serial or parallel
     * @return this
     */
    public OptimisticTransactionDBOptions setValidationPolicy(OccValidationPolicy validationPolicy) {
        this.validationPolicy = Objects.requireNonNull(validationPolicy, "validationPolicy");
        return this;
    }

    /**
     * Returns how commits are checked for conflicts.
     *
     * @return how commits are checked for conflicts
     */
    public OccValidationPolicy getValidationPolicy() {
        return validationPolicy;
    }

    /**
     * With serial validation, how many lock buckets the keys of committing
     * transactions are spread over.
     *
     * @param lockBuckets from 1 to {@link #MAX_LOCK_BUCKETS}
     * @return this
     * @throws IllegalArgumentException outside that range (each bucket is a mutex, allocated at open)
     */
    public OptimisticTransactionDBOptions setLockBuckets(long lockBuckets) {
        Bounds.inRange(lockBuckets, 1, MAX_LOCK_BUCKETS, "lockBuckets (occ_lock_buckets)",
                "each bucket is a mutex allocated at open");
        this.lockBuckets = lockBuckets;
        return this;
    }

    /**
     * Returns the number of lock buckets of serial validation.
     *
     * @return the number of lock buckets of serial validation
     */
    public long getLockBuckets() {
        return lockBuckets;
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

    @Override
    public String toString() {
        return "OptimisticTransactionDBOptions{validationPolicy=" + validationPolicy + ", lockBuckets=" + lockBuckets + "}";
    }
}
