package io.panrocks;


/**
 * What a {@link CompactionService} answers about a job: RocksDB's
 * {@code CompactionServiceJobStatus}.
 */
public enum CompactionServiceJobStatus {
    /** {@code kSuccess}: scheduled (from schedule) or done, with a result (from wait). */
    SUCCESS,
    /**
     * {@code kFailure}: the compaction fails ({@code Incomplete}, or the
     * worker's status). RocksDB takes that for a fatal background error: the
     * DB refuses writes until it is reopened. Nothing is lost.
     */
    FAILURE,
    /** {@code kAborted}: as {@link #FAILURE}, with {@code Aborted}. */
    ABORTED,
    /** {@code kUseLocal}: the DB runs the compaction itself. */
    USE_LOCAL;

    /**
     * The value the C ABI uses ({@code PANROCKS_COMPACTION_JOB_*}).
     *
     * @return the value
     */
    public byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    static CompactionServiceJobStatus of(int value) {
        if (value < 0 || value >= values().length) {
            throw new IllegalArgumentException("unknown compaction service job status " + value);
        }
        return values()[value]; // the numbers are the positions
    }
}
