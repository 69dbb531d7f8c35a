package io.panrocks;

import java.util.Objects;

/**
 * A memtable that became immutable (RocksDB's {@code MemTableInfo}, with
 * RocksJava's getter names), for
 * {@link AbstractEventListener#onMemTableSealed}. A copy: valid for as long
 * as it is kept.
 */
public final class MemTableInfo {
    private final String columnFamilyName;
    private final long firstSeqno;
    private final long earliestSeqno;
    private final long numEntries;
    private final long numDeletes;

    MemTableInfo(String columnFamilyName, long firstSeqno, long earliestSeqno, long numEntries, long numDeletes) {
        this.columnFamilyName = columnFamilyName;
        this.firstSeqno = firstSeqno;
        this.earliestSeqno = earliestSeqno;
        this.numEntries = numEntries;
        this.numDeletes = numDeletes;
    }

    /**
     * The family whose memtable it is.
     *
     * @return the family's name
     */
    public String getColumnFamilyName() {
        return columnFamilyName;
    }

    /**
     * The sequence number of the first entry written into the memtable.
     *
     * @return a sequence number
     */
    public long getFirstSeqno() {
        return firstSeqno;
    }

    /**
     * A sequence number no larger than any the memtable may hold (the DB's
     * last sequence number when the memtable was created).
     *
     * @return a sequence number
     */
    public long getEarliestSeqno() {
        return earliestSeqno;
    }

    /**
     * How many entries the memtable holds (deletions included).
     *
     * @return the count
     */
    public long getNumEntries() {
        return numEntries;
    }

    /**
     * How many of the entries are deletions.
     *
     * @return the count
     */
    public long getNumDeletes() {
        return numDeletes;
    }

    /** Equal when every field is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof MemTableInfo that && firstSeqno == that.firstSeqno && earliestSeqno == that.earliestSeqno
                && numEntries == that.numEntries && numDeletes == that.numDeletes
                && columnFamilyName.equals(that.columnFamilyName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(columnFamilyName, firstSeqno, earliestSeqno, numEntries, numDeletes);
    }

    @Override
    public String toString() {
        return "MemTableInfo{columnFamilyName='" + columnFamilyName + "', firstSeqno=" + firstSeqno
                + ", earliestSeqno=" + earliestSeqno + ", numEntries=" + numEntries + ", numDeletes=" + numDeletes
                + "}";
    }
}
