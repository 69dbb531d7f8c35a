package io.panrocks;

/**
 * A finished flush (RocksDB's {@code FlushJobInfo}, with RocksJava's getter
 * names), for {@link AbstractEventListener#onFlushCompleted}. A copy: valid
 * for as long as it is kept.
 */
public final class FlushJobInfo {
    private final long columnFamilyId;
    private final String columnFamilyName;
    private final String filePath;
    private final long threadId;
    private final int jobId;
    private final boolean triggeredWritesSlowdown;
    private final boolean triggeredWritesStop;
    private final long smallestSeqno;
    private final long largestSeqno;
    private final long numEntries;
    private final long dataSize;
    private final FlushReason flushReason;

    FlushJobInfo(long columnFamilyId, String columnFamilyName, String filePath, long threadId, int jobId,
                 boolean triggeredWritesSlowdown, boolean triggeredWritesStop, long smallestSeqno,
                 long largestSeqno, long numEntries, long dataSize, FlushReason flushReason) {
        this.columnFamilyId = columnFamilyId;
        this.columnFamilyName = columnFamilyName;
        this.filePath = filePath;
        this.threadId = threadId;
        this.jobId = jobId;
        this.triggeredWritesSlowdown = triggeredWritesSlowdown;
        this.triggeredWritesStop = triggeredWritesStop;
        this.smallestSeqno = smallestSeqno;
        this.largestSeqno = largestSeqno;
        this.numEntries = numEntries;
        this.dataSize = dataSize;
        this.flushReason = flushReason;
    }

    /**
     * The ID of the column family flushed.
     *
     * @return its ID
     */
    public long getColumnFamilyId() {
        return columnFamilyId;
    }

    /**
     * The name of the column family flushed.
     *
     * @return its name
     */
    public String getColumnFamilyName() {
        return columnFamilyName;
    }

    /**
     * The SST file written.
     *
     * @return its path
     */
    public String getFilePath() {
        return filePath;
    }

    /**
     * RocksDB's ID of the thread that flushed.
     *
     * @return the thread ID
     */
    public long getThreadId() {
        return threadId;
    }

    /**
     * The flush job's ID, unique in the DB's life.
     *
     * @return the job ID
     */
    public int getJobId() {
        return jobId;
    }

    /**
     * Whether writes were being slowed down because of too many files.
     *
     * @return true if they were
     */
    public boolean isTriggeredWritesSlowdown() {
        return triggeredWritesSlowdown;
    }

    /**
     * Whether writes were stopped because of too many files.
     *
     * @return true if they were
     */
    public boolean isTriggeredWritesStop() {
        return triggeredWritesStop;
    }

    /**
     * The smallest sequence number in the file.
     *
     * @return the sequence number
     */
    public long getSmallestSeqno() {
        return smallestSeqno;
    }

    /**
     * The largest sequence number in the file.
     *
     * @return the sequence number
     */
    public long getLargestSeqno() {
        return largestSeqno;
    }

    /**
     * How many entries the file holds (its table properties).
     *
     * @return the entry count
     */
    public long getNumEntries() {
        return numEntries;
    }

    /**
     * The size of the file's data blocks (its table properties).
     *
     * @return bytes
     */
    public long getDataSize() {
        return dataSize;
    }

    /**
     * Why the flush ran.
     *
     * @return the reason
     */
    public FlushReason getFlushReason() {
        return flushReason;
    }

    @Override
    public String toString() {
        return "FlushJobInfo{cf=" + columnFamilyName + ", job=" + jobId + ", file=" + filePath + ", entries="
                + numEntries + ", reason=" + flushReason + "}";
    }
}
