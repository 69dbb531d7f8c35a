package io.panrocks;

import java.util.Objects;

/**
 * What {@link CompactionService#waitForResult} answers: the status RocksDB's
 * {@code CompactionService::Wait} returns and the serialized result it
 * writes (what {@link RocksDB#openAndCompact} returned on the worker).
 * Immutable; the bytes are copied in and out.
 */
public final class CompactionServiceResult {
    private static final byte[] NONE = new byte[0];
    private static final CompactionServiceResult USE_LOCAL =
            new CompactionServiceResult(CompactionServiceJobStatus.USE_LOCAL, NONE);

    private final CompactionServiceJobStatus status;
    private final byte[] result;

    private CompactionServiceResult(CompactionServiceJobStatus status, byte[] result) {
        this.status = status;
        this.result = result;
    }

    /**
     * The job ran: result is what the worker's {@link RocksDB#openAndCompact}
     * returned ({@code kSuccess}). RocksDB installs its output files; if the
     * bytes do not parse as a result, it compacts locally instead.
     *
     * @param result the worker's result; not null, copied
     * @return the answer
     * @throws NullPointerException if result is null
     */
    public static CompactionServiceResult success(byte[] result) {
        return new CompactionServiceResult(CompactionServiceJobStatus.SUCCESS,
                Objects.requireNonNull(result, "result").clone());
    }

    /**
     * The DB compacts locally ({@code kUseLocal}): what a service answers
     * when the worker is gone or late, and always a safe answer.
     *
     * @return the answer
     */
    public static CompactionServiceResult useLocal() {
        return USE_LOCAL;
    }

    /**
     * An answer without a result: {@code status} is FAILURE, ABORTED or
     * USE_LOCAL. FAILURE and ABORTED fail the compaction, which RocksDB
     * takes for a fatal background error (writes are refused until the DB
     * is reopened); prefer {@link #useLocal}.
     *
     * @param status the status; not SUCCESS (use {@link #success})
     * @return the answer
     * @throws NullPointerException if status is null
     * @throws IllegalArgumentException if status is SUCCESS
     */
    public static CompactionServiceResult of(CompactionServiceJobStatus status) {
        Objects.requireNonNull(status, "status");
        if (status == CompactionServiceJobStatus.SUCCESS) {
            throw new IllegalArgumentException("a successful job has a result: use CompactionServiceResult.success");
        }
        return status == CompactionServiceJobStatus.USE_LOCAL ? USE_LOCAL : new CompactionServiceResult(status, NONE);
    }

    /**
     * The status.
     *
     * @return the status
     */
    public CompactionServiceJobStatus status() {
        return status;
    }

    /**
     * A copy of the result's bytes (empty without a result).
     *
     * @return the bytes
     */
    public byte[] result() {
        return result.clone();
    }

    byte[] bytes() {
        return result;
    }

    @Override
    public String toString() {
        return status + (result.length > 0 ? " (" + result.length + " bytes)" : "");
    }
}
