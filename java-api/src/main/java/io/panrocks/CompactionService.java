package io.panrocks;

/**
 * Where a DB's compactions run: RocksDB's {@code CompactionService}
 * (EXPERIMENTAL in the engine). Set it with
 * {@link DBOptionsInterface#setCompactionService}; for each compaction
 * RocksDB calls {@link #schedule} with the job's serialized input, then
 * {@link #waitForResult} with the job's ID, both on its compaction thread,
 * and installs the output files the worker wrote. The worker runs the job
 * with {@link RocksDB#openAndCompact} over the primary's files (another
 * process, or another machine over a shared file system).
 * {@link FileSystemCompactionService} and {@link CompactionWorker} are a
 * ready-made pair over a shared directory.
 *
 * <p><b>Answers.</b> {@link CompactionServiceJobStatus#USE_LOCAL} (from
 * either call) runs the compaction in the DB; a result that does not parse
 * also does. {@link CompactionServiceJobStatus#FAILURE} and
 * {@link CompactionServiceJobStatus#ABORTED} fail it: nothing is lost, but
 * RocksDB takes the failure for a fatal background error, and the DB refuses
 * writes until it is reopened.
 *
 * <p><b>A service that throws</b> (anything, or returns null) never reaches
 * the engine: the call counts as {@link CompactionServiceJobStatus#USE_LOCAL}
 * (the DB compacts locally), the failure is recorded and logged as every
 * callback's is, and the DB goes on.
 *
 * <p><b>Threads and close.</b> The methods are called on RocksDB's
 * background threads, several at once; they must not call the DB back.
 * {@link #waitForResult} may block as long as the worker takes, and a DB's
 * close first calls {@link #cancelAwaitingJobs}, then waits for the running
 * compactions: waits must then end soon.
 *
 * <p>Each open binds the service anew (its upcall stubs belong to that DB and
 * are released when its engine closes); the object owns no native memory.
 */
public abstract class CompactionService {

    /** A service. */
    protected CompactionService() {
    }

    /**
     * The service's name ({@code Name()}); by default its class's name.
     *
     * @return the name
     */
    public String name() {
        return getClass().getName();
    }

    /**
     * Schedules a compaction ({@code Schedule}).
     *
     * @param info what RocksDB says of the job
     * @param input the job's serialized input (RocksDB's
     *        {@code compaction_service_input}), for the worker
     * @return a job ID, or the decision to compact locally or to fail
     */
    public abstract CompactionServiceScheduleResponse schedule(CompactionServiceJobInfo info, byte[] input);

    /**
     * Waits for a scheduled job's end ({@code Wait}).
     *
     * @param scheduledJobId the ID {@link #schedule} gave
     * @return the worker's result, or the decision to compact locally or to fail
     */
    public abstract CompactionServiceResult waitForResult(String scheduledJobId);

    /**
     * Called by a close (RocksDB's {@code CancelAllBackgroundWork}): waits in
     * progress should return soon ({@code CancelAwaitingJobs}). Does nothing
     * by default.
     */
    public void cancelAwaitingJobs() {
    }

    /**
     * What became of a job whose wait answered ({@code OnInstallation}):
     * SUCCESS its files were installed, USE_LOCAL its result was refused and
     * the DB compacted locally, FAILURE its files could not be taken. Does
     * nothing by default.
     *
     * @param scheduledJobId the job's ID
     * @param status what became of it
     */
    public void onInstallation(String scheduledJobId, CompactionServiceJobStatus status) {
    }

    @Override
    public String toString() {
        return "CompactionService[" + name() + "]";
    }
}
