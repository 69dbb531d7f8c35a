package io.panrocks;

/**
 * One SST file of a DB, as {@link RocksDB#getLiveFilesMetaData()} lists it
 * (RocksJava's {@code LiveFileMetaData}, with the fields of its
 * {@code SstFileMetaData} here too).
 */
public final class LiveFileMetaData {
    private final byte[] columnFamilyName;
    private final int level;
    private final String fileName;
    private final String path;
    private final long size;
    private final long fileNumber;
    private final long smallestSeqno;
    private final long largestSeqno;
    private final byte[] smallestKey;
    private final byte[] largestKey;
    private final long numReadsSampled;
    private final boolean beingCompacted;
    private final long numEntries;
    private final long numDeletions;

    LiveFileMetaData(byte[] columnFamilyName, int level, String fileName, String path, long size, long fileNumber,
                     long smallestSeqno, long largestSeqno, byte[] smallestKey, byte[] largestKey, long numReadsSampled,
                     boolean beingCompacted, long numEntries, long numDeletions) {
        this.columnFamilyName = columnFamilyName;
        this.level = level;
        this.fileName = fileName;
        this.path = path;
        this.size = size;
        this.fileNumber = fileNumber;
        this.smallestSeqno = smallestSeqno;
        this.largestSeqno = largestSeqno;
        this.smallestKey = smallestKey;
        this.largestKey = largestKey;
        this.numReadsSampled = numReadsSampled;
        this.beingCompacted = beingCompacted;
        this.numEntries = numEntries;
        this.numDeletions = numDeletions;
    }

    /**

     * A copy of the name of the file's column family.

     *

     * @return a copy of the name of the file's column family

     */
    public byte[] columnFamilyName() {
        return columnFamilyName.clone();
    }

    /**

     * The LSM level the file is in (0 for freshly flushed files).

     *

     * @return the LSM level the file is in (0 for freshly flushed files)

     */
    public int level() {
        return level;
    }

    /**

     * The file's name relative to {@link #path()}, "/000012.sst".

     *

     * @return the file's name relative to {@link #path()}, "/000012.sst"

     */
    public String fileName() {
        return fileName;
    }

    /**

     * The directory holding the file (the DB's, or one of its {@code db_paths}).

     *

     * @return the directory holding the file (the DB's, or one of its {@code db_paths})

     */
    public String path() {
        return path;
    }

    /**

     * The file's size in bytes.

     *

     * @return the file's size in bytes

     */
    public long size() {
        return size;
    }

    /**

     * The file's number (the number in its name).

     *

     * @return the file's number (the number in its name)

     */
    public long fileNumber() {
        return fileNumber;
    }

    /**

     * The smallest sequence number of its entries.

     *

     * @return the smallest sequence number of its entries

     */
    public long smallestSeqno() {
        return smallestSeqno;
    }

    /**

     * The largest sequence number of its entries.

     *

     * @return the largest sequence number of its entries

     */
    public long largestSeqno() {
        return largestSeqno;
    }

    /**

     * A copy of its smallest key.

     *

     * @return a copy of its smallest key

     */
    public byte[] smallestKey() {
        return smallestKey.clone();
    }

    /**

     * A copy of its largest key.

     *

     * @return a copy of its largest key

     */
    public byte[] largestKey() {
        return largestKey.clone();
    }

    /**

     * How many times reads were sampled on it.

     *

     * @return how many times reads were sampled on it

     */
    public long numReadsSampled() {
        return numReadsSampled;
    }

    /**

     * Whether a compaction was reading it when listed.

     *

     * @return whether a compaction was reading it when listed

     */
    public boolean beingCompacted() {
        return beingCompacted;
    }

    /**

     * Its number of entries (puts, deletes, merges ...).

     *

     * @return its number of entries (puts, deletes, merges ...)

     */
    public long numEntries() {
        return numEntries;
    }

    /**

     * How many of its entries are deletions.

     *

     * @return how many of its entries are deletions

     */
    public long numDeletions() {
        return numDeletions;
    }

    @Override
    public String toString() {
        return "LiveFileMetaData{" + new String(columnFamilyName, java.nio.charset.StandardCharsets.UTF_8) + ", level "
                + level + ", " + path + fileName + ", " + size + " bytes, " + numEntries + " entries}";
    }
}
