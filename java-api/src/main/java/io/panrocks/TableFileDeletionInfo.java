package io.panrocks;

import java.util.Objects;

/**
 * A deleted SST file (RocksDB's {@code TableFileDeletionInfo}, with
 * RocksJava's getter names), for
 * {@link AbstractEventListener#onTableFileDeleted}. A copy: valid for as
 * long as it is kept.
 */
public final class TableFileDeletionInfo {
    private final String dbName;
    private final String filePath;
    private final int jobId;
    private final Status status;

    TableFileDeletionInfo(String dbName, String filePath, int jobId, Status status) {
        this.dbName = dbName;
        this.filePath = filePath;
        this.jobId = jobId;
        this.status = status;
    }

    /**
     * The DB's name: the path it was opened at, as RocksDB holds it.
     *
     * @return the DB's path
     */
    public String getDbName() {
        return dbName;
    }

    /**
     * The file deleted.
     *
     * @return its path
     */
    public String getFilePath() {
        return filePath;
    }

    /**
     * The ID of the job that deleted it (a compaction's or flush's, or 0 for
     * a user's call).
     *
     * @return the job ID
     */
    public int getJobId() {
        return jobId;
    }

    /**
     * Whether the deletion succeeded.
     *
     * @return the deletion's status
     */
    public Status getStatus() {
        return status;
    }

    /** Equal when every field is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof TableFileDeletionInfo that && jobId == that.jobId && dbName.equals(that.dbName)
                && filePath.equals(that.filePath) && status.equals(that.status);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dbName, filePath, jobId, status);
    }

    @Override
    public String toString() {
        return "TableFileDeletionInfo{dbName='" + dbName + "', filePath='" + filePath + "', jobId=" + jobId
                + ", status=" + status + "}";
    }
}
