package io.panrocks;

import java.util.Objects;

/**
 * An ingested external SST file (RocksDB's
 * {@code ExternalFileIngestionInfo}, with RocksJava's getter names), for
 * {@link AbstractEventListener#onExternalFileIngested}. A copy: valid for as
 * long as it is kept. RocksJava's {@code getTableProperties()} is not here
 * yet.
 */
public final class ExternalFileIngestionInfo {
    private final String columnFamilyName;
    private final String externalFilePath;
    private final String internalFilePath;
    private final long globalSeqno;

    ExternalFileIngestionInfo(String columnFamilyName, String externalFilePath, String internalFilePath,
                              long globalSeqno) {
        this.columnFamilyName = columnFamilyName;
        this.externalFilePath = externalFilePath;
        this.internalFilePath = internalFilePath;
        this.globalSeqno = globalSeqno;
    }

    /**
     * The family the file went into.
     *
     * @return the family's name
     */
    public String getColumnFamilyName() {
        return columnFamilyName;
    }

    /**
     * The file as the caller named it.
     *
     * @return its path
     */
    public String getExternalFilePath() {
        return externalFilePath;
    }

    /**
     * The file's path inside the DB (a copy, move or hard link of the
     * external file).
     *
     * @return its path in the DB's directory
     */
    public String getInternalFilePath() {
        return internalFilePath;
    }

    /**
     * The sequence number given to every key of the file (0 if the file
     * went below every other and kept its own).
     *
     * @return the global sequence number
     */
    public long getGlobalSeqno() {
        return globalSeqno;
    }

    /** Equal when every field is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ExternalFileIngestionInfo that && globalSeqno == that.globalSeqno
                && columnFamilyName.equals(that.columnFamilyName) && externalFilePath.equals(that.externalFilePath)
                && internalFilePath.equals(that.internalFilePath);
    }

    @Override
    public int hashCode() {
        return Objects.hash(columnFamilyName, externalFilePath, internalFilePath, globalSeqno);
    }

    @Override
    public String toString() {
        return "ExternalFileIngestionInfo{columnFamilyName='" + columnFamilyName + "', externalFilePath='"
                + externalFilePath + "', internalFilePath='" + internalFilePath + "', globalSeqno=" + globalSeqno
                + "}";
    }
}
