package io.panrocks;

/**
 * A finished compaction, successful or not (RocksDB's
 * {@code CompactionJobInfo}, with RocksJava's getter names, its
 * {@code CompactionJobStats} flattened in), for
 * {@link AbstractEventListener#onCompactionCompleted}. A copy: valid for
 * as long as it is kept.
 */
public final class CompactionJobInfo {
    private final long columnFamilyId;
    private final String columnFamilyName;
    private final Status status;
    private final long threadId;
    private final int jobId;
    private final int baseInputLevel;
    private final int outputLevel;
    private final CompactionReason compactionReason;
    private final long inputFiles;
    private final long outputFiles;
    private final long inputRecords;
    private final long outputRecords;
    private final long totalInputBytes;
    private final long totalOutputBytes;
    private final long elapsedMicros;

    CompactionJobInfo(long columnFamilyId, String columnFamilyName, Status status, long threadId, int jobId,
                      int baseInputLevel, int outputLevel, CompactionReason compactionReason, long inputFiles,
                      long outputFiles, long inputRecords, long outputRecords, long totalInputBytes,
                      long totalOutputBytes, long elapsedMicros) {
        this.columnFamilyId = columnFamilyId;
        this.columnFamilyName = columnFamilyName;
        this.status = status;
        this.threadId = threadId;
        this.jobId = jobId;
        this.baseInputLevel = baseInputLevel;
        this.outputLevel = outputLevel;
        this.compactionReason = compactionReason;
        this.inputFiles = inputFiles;
        this.outputFiles = outputFiles;
        this.inputRecords = inputRecords;
        this.outputRecords = outputRecords;
        this.totalInputBytes = totalInputBytes;
        this.totalOutputBytes = totalOutputBytes;
        this.elapsedMicros = elapsedMicros;
    }

    /**
     * The ID of the column family compacted.
     *
     * @return its ID
     */
    public long getColumnFamilyId() {
        return columnFamilyId;
    }

    /**
     * The name of the column family compacted.
     *
     * @return its name
     */
    public String getColumnFamilyName() {
        return columnFamilyName;
    }

    /**
     * How the compaction ended: code {@code Ok}, or RocksDB's failure.
     *
     * @return the status
     */
    public Status getStatus() {
        return status;
    }

    /**
     * RocksDB's ID of the thread that compacted.
     *
     * @return the thread ID
     */
    public long getThreadId() {
        return threadId;
    }

    /**
     * The compaction job's ID, unique in the DB's life.
     *
     * @return the job ID
     */
    public int getJobId() {
        return jobId;
    }

    /**
     * The smallest input level.
     *
     * @return the level
     */
    public int getBaseInputLevel() {
        return baseInputLevel;
    }

    /**
     * The level written.
     *
     * @return the level
     */
    public int getOutputLevel() {
        return outputLevel;
    }

    /**
     * Why the compaction ran.
     *
     * @return the reason
     */
    public CompactionReason getCompactionReason() {
        return compactionReason;
    }

    /**
     * How many files it read.
     *
     * @return the count
     */
    public long getInputFileCount() {
        return inputFiles;
    }

    /**
     * How many files it wrote.
     *
     * @return the count
     */
    public long getOutputFileCount() {
        return outputFiles;
    }

    /**
     * How many entries it read (0 when RocksDB did not count them).
     *
     * @return the count
     */
    public long getInputRecords() {
        return inputRecords;
    }

    /**
     * How many entries it wrote.
     *
     * @return the count
     */
    public long getOutputRecords() {
        return outputRecords;
    }

    /**
     * Bytes read.
     *
     * @return bytes
     */
    public long getTotalInputBytes() {
        return totalInputBytes;
    }

    /**
     * Bytes written.
     *
     * @return bytes
     */
    public long getTotalOutputBytes() {
        return totalOutputBytes;
    }

    /**
     * How long it took.
     *
     * @return microseconds
     */
    public long getElapsedMicros() {
        return elapsedMicros;
    }

    @Override
    public String toString() {
        return "CompactionJobInfo{cf=" + columnFamilyName + ", job=" + jobId + ", status=" + status + ", L"
                + baseInputLevel + "->L" + outputLevel + ", files " + inputFiles + "->" + outputFiles + ", reason="
                + compactionReason + "}";
    }
}
