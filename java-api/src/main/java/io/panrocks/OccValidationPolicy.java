package io.panrocks;

/**
 * How an {@link OptimisticTransactionDB} checks a transaction for conflicts at
 * commit (RocksDB's {@code OccValidationPolicy}).
 */
public enum OccValidationPolicy {
    /** Commits are validated one after another, under a lock per key bucket. */
    VALIDATE_SERIAL,
    /** Commits are validated in parallel, in RocksDB's write group (RocksDB's default). */
    VALIDATE_PARALLEL
}
