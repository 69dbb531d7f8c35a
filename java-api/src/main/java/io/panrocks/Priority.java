package io.panrocks;

/**
 * The background thread pools of an {@link Env} (RocksDB's
 * {@code Env::Priority}): flushes run in {@link #HIGH}, compactions in
 * {@link #LOW}, bottommost-level compactions in {@link #BOTTOM} when it has
 * threads. {@link #TOTAL} names no pool and is refused where a pool is meant.
 */
public enum Priority {
    /** bottommost-level compactions (0 threads unless set) */
    BOTTOM,
    /** compactions */
    LOW,
    /** flushes */
    HIGH,
    /** user-submitted work */
    USER,
    /** the number of pools, not a pool */
    TOTAL;

    /**
     * RocksDB's number for the pool.
     *
     * @return the value
     */
    public byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /** The C ABI's PANROCKS_PRIORITY_* value; TOTAL is refused. */
    int pool() {
        if (this == TOTAL) throw new IllegalArgumentException("Priority.TOTAL names no thread pool");
        return getValue();
    }
}
