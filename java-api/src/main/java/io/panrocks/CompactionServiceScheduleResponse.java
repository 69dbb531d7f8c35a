package io.panrocks;

import java.util.Objects;

/**
 * What {@link CompactionService#schedule} answers: RocksDB's
 * {@code CompactionServiceScheduleResponse}, a job ID with
 * {@link CompactionServiceJobStatus#SUCCESS}, or another status and no job.
 * Immutable.
 */
public final class CompactionServiceScheduleResponse extends CompactionServiceScheduleResponseFields {
    private static final CompactionServiceScheduleResponse USE_LOCAL =
            new CompactionServiceScheduleResponse("", CompactionServiceJobStatus.USE_LOCAL);

    private CompactionServiceScheduleResponse(String scheduledJobId, CompactionServiceJobStatus status) {
        super(scheduledJobId, status);
    }

    /**
     * The job was scheduled under {@code scheduledJobId}, which RocksDB hands
     * to {@link CompactionService#waitForResult} ({@code kSuccess}).
     *
     * @param scheduledJobId the job's ID, unique across DBs and sessions; not null
     * @return the response
     * @throws NullPointerException if the ID is null
     */
    public static CompactionServiceScheduleResponse scheduled(String scheduledJobId) {
        return new CompactionServiceScheduleResponse(Objects.requireNonNull(scheduledJobId, "scheduledJobId"),
                CompactionServiceJobStatus.SUCCESS);
    }

    /**
     * No job: the DB compacts locally ({@code kUseLocal}).
     *
     * @return the response
     */
    public static CompactionServiceScheduleResponse useLocal() {
        return USE_LOCAL;
    }

    /**
     * No job, for status ({@link CompactionServiceJobStatus#FAILURE},
     * {@link CompactionServiceJobStatus#ABORTED} or
     * {@link CompactionServiceJobStatus#USE_LOCAL}).
     *
     * @param status the status; not SUCCESS (use {@link #scheduled})
     * @return the response
     * @throws NullPointerException if status is null
     * @throws IllegalArgumentException if status is SUCCESS
     */
    public static CompactionServiceScheduleResponse of(CompactionServiceJobStatus status) {
        Objects.requireNonNull(status, "status");
        if (status == CompactionServiceJobStatus.SUCCESS) {
            throw new IllegalArgumentException("a scheduled job has an ID: use CompactionServiceScheduleResponse.scheduled");
        }
        return status == CompactionServiceJobStatus.USE_LOCAL ? USE_LOCAL
                : new CompactionServiceScheduleResponse("", status);
    }

    @Override
    public String toString() {
        return status == CompactionServiceJobStatus.SUCCESS ? "scheduled " + scheduledJobId : status.toString();
    }
}
