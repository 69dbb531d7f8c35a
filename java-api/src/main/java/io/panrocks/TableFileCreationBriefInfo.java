package io.panrocks;

import java.util.Objects;

/**
 * A table file RocksDB is about to write, as
 * {@link AbstractEventListener#onTableFileCreationStarted} receives it
 * (RocksDB's {@code TableFileCreationBriefInfo}, RocksJava's shape). A plain
 * value, copied from the engine's before the listener runs.
 */
public non-sealed class TableFileCreationBriefInfo extends TableFileCreationBriefInfoFields {
    /** RocksJava's constructor (protected there): the reason as RocksDB's number. */
    TableFileCreationBriefInfo(String dbName, String columnFamilyName, String filePath, int jobId, byte reason) {
        this(dbName, columnFamilyName, filePath, jobId, TableFileCreationReason.of(reason));
    }

    TableFileCreationBriefInfo(String dbName, String columnFamilyName, String filePath, int jobId,
                               TableFileCreationReason reason) {
        super(dbName, columnFamilyName, filePath, jobId, reason);
    }

    /**
     * Whether {@code o} describes the same file creation.
     *
     * @param o another object
     * @return true when every field is equal
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || getClass() != o.getClass()) return false;
        TableFileCreationBriefInfo that = (TableFileCreationBriefInfo) o;
        return jobId == that.jobId && Objects.equals(dbName, that.dbName)
                && Objects.equals(columnFamilyName, that.columnFamilyName) && Objects.equals(filePath, that.filePath)
                && reason == that.reason;
    }

    /**
     * A hash of every field.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(dbName, columnFamilyName, filePath, jobId, reason);
    }

    /**
     * The fields, for logs.
     *
     * @return a description
     */
    @Override
    public String toString() {
        return "TableFileCreationBriefInfo{dbName='" + dbName + "', columnFamilyName='" + columnFamilyName
                + "', filePath='" + filePath + "', jobId=" + jobId + ", reason=" + reason + "}";
    }
}
