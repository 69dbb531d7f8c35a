package io.panrocks;

/**
 * What a {@link CompactionService} answers about a job: RocksDB's
 * {@code CompactionServiceJobStatus}.
 */
public enum CompactionServiceJobStatus {
    /** {@code kSuccess}: scheduled (from schedule) or done, with a result (from wait). */
    SUCCESS((byte) 0),
    /**
     * {@code kFailure}: the compaction fails ({@code Incomplete}, or the
     * worker's status). RocksDB takes that for a fatal background error: the
     * DB refuses writes until it is reopened. Nothing is lost.
     */
    FAILURE((byte) 1),
    /** {@code kAborted}: as {@link #FAILURE}, with {@code Aborted}. */
    ABORTED((byte) 2),
    /** {@code kUseLocal}: the DB runs the compaction itself. */
    USE_LOCAL((byte) 3);

    private final byte value;

    CompactionServiceJobStatus(byte value) {
        this.value = value;
    }

    /**
     * The value the C ABI uses ({@code PANROCKS_COMPACTION_JOB_*}).
     *
     * @return the value
     */
    public byte getValue() {
        return value;
    }

    static CompactionServiceJobStatus of(int value) {
        for (CompactionServiceJobStatus s : values()) if (s.value == value) return s;
        throw new IllegalArgumentException("unknown compaction service job status " + value);
    }
}
