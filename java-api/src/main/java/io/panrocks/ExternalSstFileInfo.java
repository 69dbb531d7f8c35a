package io.panrocks;

import java.nio.file.Path;

/**
 * What an SST file made by {@link SstFileWriter#finish()} holds (RocksDB's
 * {@code ExternalSstFileInfo}).
 */
public final class ExternalSstFileInfo {
    private final Path filePath;
    private final byte[] smallestKey, largestKey, smallestRangeDelKey, largestRangeDelKey;
    private final long sequenceNumber, fileSize, numEntries, numRangeDelEntries;
    private final int version;

    ExternalSstFileInfo(Path filePath, byte[] smallestKey, byte[] largestKey, byte[] smallestRangeDelKey,
                        byte[] largestRangeDelKey, long sequenceNumber, long fileSize, long numEntries,
                        long numRangeDelEntries, int version) {
        this.filePath = filePath;
        this.smallestKey = smallestKey;
        this.largestKey = largestKey;
        this.smallestRangeDelKey = smallestRangeDelKey;
        this.largestRangeDelKey = largestRangeDelKey;
        this.sequenceNumber = sequenceNumber;
        this.fileSize = fileSize;
        this.numEntries = numEntries;
        this.numRangeDelEntries = numRangeDelEntries;
        this.version = version;
    }

    /**

     * Where the file is.

     *

     * @return where the file is

     */
    public Path filePath() {
        return filePath;
    }

    /**

     * A copy of its smallest key (empty if it holds only range deletions).

     *

     * @return a copy of its smallest key (empty if it holds only range deletions)

     */
    public byte[] smallestKey() {
        return smallestKey.clone();
    }

    /**

     * A copy of its largest key (empty if it holds only range deletions).

     *

     * @return a copy of its largest key (empty if it holds only range deletions)

     */
    public byte[] largestKey() {
        return largestKey.clone();
    }

    /**

     * A copy of the smallest start of its range deletions (empty if none).

     *

     * @return a copy of the smallest start of its range deletions (empty if none)

     */
    public byte[] smallestRangeDelKey() {
        return smallestRangeDelKey.clone();
    }

    /**

     * A copy of the largest end of its range deletions (empty if none).

     *

     * @return a copy of the largest end of its range deletions (empty if none)

     */
    public byte[] largestRangeDelKey() {
        return largestRangeDelKey.clone();
    }

    /**

     * The sequence number its entries carry (0: ingestion assigns one).

     *

     * @return the sequence number its entries carry (0: ingestion assigns one)

     */
    public long sequenceNumber() {
        return sequenceNumber;
    }

    /**

     * Its size in bytes.

     *

     * @return its size in bytes

     */
    public long fileSize() {
        return fileSize;
    }

    /**

     * Its number of point entries (puts, merges, deletes).

     *

     * @return its number of point entries (puts, merges, deletes)

     */
    public long numEntries() {
        return numEntries;
    }

    /**

     * Its number of range deletions.

     *

     * @return its number of range deletions

     */
    public long numRangeDelEntries() {
        return numRangeDelEntries;
    }

    /**

     * The external file format's version.

     *

     * @return the external file format's version

     */
    public int version() {
        return version;
    }

    @Override
    public String toString() {
        return "ExternalSstFileInfo{" + filePath + ", " + numEntries + " entries, " + numRangeDelEntries
                + " range deletions, " + fileSize + " bytes}";
    }
}
