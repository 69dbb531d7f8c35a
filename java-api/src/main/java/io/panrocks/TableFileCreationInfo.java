package io.panrocks;

import java.util.Objects;

/**
 * A table file RocksDB wrote, well or not, as
 * {@link AbstractEventListener#onTableFileCreated} receives it (RocksDB's
 * {@code TableFileCreationInfo}, RocksJava's shape). A plain value, copied
 * from the engine's (its {@link TableProperties} too) before the listener
 * runs.
 */
public non-sealed class TableFileCreationInfo extends TableFileCreationInfoFields {
    /** RocksJava's constructor (protected there): the reason as RocksDB's number. */
    TableFileCreationInfo(long fileSize, TableProperties tableProperties, Status status, String dbName,
                          String columnFamilyName, String filePath, int jobId, byte reason) {
        this(dbName, columnFamilyName, filePath, jobId, TableFileCreationReason.of(reason), fileSize, tableProperties,
                status);
    }

    TableFileCreationInfo(String dbName, String columnFamilyName, String filePath, int jobId,
                          TableFileCreationReason reason, long fileSize, TableProperties tableProperties,
                          Status status) {
        super(dbName, columnFamilyName, filePath, jobId, reason, fileSize, tableProperties, status);
    }

    /**
     * Whether {@code o} describes the same file creation.
     *
     * @param o another object
     * @return true when every field is equal
     */
    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) return false;
        TableFileCreationInfo that = (TableFileCreationInfo) o;
        return fileSize == that.fileSize && Objects.equals(tableProperties, that.tableProperties)
                && Objects.equals(status, that.status);
    }

    /**
     * A hash of every field.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), fileSize, tableProperties, status);
    }

    /**
     * The fields, for logs.
     *
     * @return a description
     */
    @Override
    public String toString() {
        return "TableFileCreationInfo{" + super.toString() + ", fileSize=" + fileSize + ", status=" + status
                + ", tableProperties=" + tableProperties + "}";
    }
}
