package io.panrocks;

import java.util.Arrays;

/**
 * RocksDB's {@code CompactionJobStats} with RocksJava's getters: what one
 * compaction (or, after {@link #add}, several) read, wrote and spent. A
 * finished compaction's come from {@link CompactionJobInfo#stats()} in
 * {@link AbstractEventListener#onCompactionCompleted}; {@code new
 * CompactionJobStats()} is an empty one to sum others into.
 * <p>
 * A plain Java value (RocksJava's is a native object): it owns no native
 * memory, so {@link #close()} releases nothing and the object stays usable.
 * Not thread-safe: {@link #reset()} and {@link #add} change it.
 */
public final class CompactionJobStats implements AutoCloseable {
    private long elapsedMicros;
    private long numInputRecords;
    private long numInputFiles;
    private long numInputFilesAtOutputLevel;
    private long numOutputRecords;
    private long numOutputFiles;
    private boolean manualCompaction;
    private long totalInputBytes;
    private long totalOutputBytes;
    private long numRecordsReplaced;
    private long totalInputRawKeyBytes;
    private long totalInputRawValueBytes;
    private long numInputDeletionRecords;
    private long numExpiredDeletionRecords;
    private long numCorruptKeys;
    private long fileWriteNanos;
    private long fileRangeSyncNanos;
    private long fileFsyncNanos;
    private long filePrepareWriteNanos;
    private byte[] smallestOutputKeyPrefix = new byte[0];
    private byte[] largestOutputKeyPrefix = new byte[0];
    private long numSingleDelFallthru;
    private long numSingleDelMismatch;

    /** Empty statistics: every counter 0, no prefixes, not manual. */
    public CompactionJobStats() {
    }

    /** The engine's statistics of a finished compaction (the listener's copy); counters in RocksJava's order. */
    CompactionJobStats(long[] counters, boolean manualCompaction, byte[] smallestOutputKeyPrefix,
                       byte[] largestOutputKeyPrefix) {
        int i = 0;
        elapsedMicros = counters[i++];
        numInputRecords = counters[i++];
        numInputFiles = counters[i++];
        numInputFilesAtOutputLevel = counters[i++];
        numOutputRecords = counters[i++];
        numOutputFiles = counters[i++];
        totalInputBytes = counters[i++];
        totalOutputBytes = counters[i++];
        numRecordsReplaced = counters[i++];
        totalInputRawKeyBytes = counters[i++];
        totalInputRawValueBytes = counters[i++];
        numInputDeletionRecords = counters[i++];
        numExpiredDeletionRecords = counters[i++];
        numCorruptKeys = counters[i++];
        fileWriteNanos = counters[i++];
        fileRangeSyncNanos = counters[i++];
        fileFsyncNanos = counters[i++];
        filePrepareWriteNanos = counters[i++];
        numSingleDelFallthru = counters[i++];
        numSingleDelMismatch = counters[i];
        this.manualCompaction = manualCompaction;
        this.smallestOutputKeyPrefix = smallestOutputKeyPrefix;
        this.largestOutputKeyPrefix = largestOutputKeyPrefix;
    }

    /** As RocksDB's {@code Reset}: every counter back to 0, the prefixes emptied, not manual. */
    public void reset() {
        elapsedMicros = numInputRecords = numInputFiles = numInputFilesAtOutputLevel = 0;
        numOutputRecords = numOutputFiles = totalInputBytes = totalOutputBytes = numRecordsReplaced = 0;
        totalInputRawKeyBytes = totalInputRawValueBytes = numInputDeletionRecords = numExpiredDeletionRecords = 0;
        numCorruptKeys = fileWriteNanos = fileRangeSyncNanos = fileFsyncNanos = filePrepareWriteNanos = 0;
        numSingleDelFallthru = numSingleDelMismatch = 0;
        manualCompaction = false;
        smallestOutputKeyPrefix = new byte[0];
        largestOutputKeyPrefix = new byte[0];
    }

    /**
     * As RocksDB's {@code Add}: adds every counter of {@code other} to this
     * one's (the manual flag and the key prefixes stay this one's).
     *
     * @param other the statistics to add; not null
     * @throws NullPointerException if other is null
     */
    public void add(CompactionJobStats other) {
        java.util.Objects.requireNonNull(other, "compactionJobStats");
        elapsedMicros += other.elapsedMicros;
        numInputRecords += other.numInputRecords;
        numInputFiles += other.numInputFiles;
        numInputFilesAtOutputLevel += other.numInputFilesAtOutputLevel;
        numOutputRecords += other.numOutputRecords;
        numOutputFiles += other.numOutputFiles;
        totalInputBytes += other.totalInputBytes;
        totalOutputBytes += other.totalOutputBytes;
        numRecordsReplaced += other.numRecordsReplaced;
        totalInputRawKeyBytes += other.totalInputRawKeyBytes;
        totalInputRawValueBytes += other.totalInputRawValueBytes;
        numInputDeletionRecords += other.numInputDeletionRecords;
        numExpiredDeletionRecords += other.numExpiredDeletionRecords;
        numCorruptKeys += other.numCorruptKeys;
        fileWriteNanos += other.fileWriteNanos;
        fileRangeSyncNanos += other.fileRangeSyncNanos;
        fileFsyncNanos += other.fileFsyncNanos;
        filePrepareWriteNanos += other.filePrepareWriteNanos;
        numSingleDelFallthru += other.numSingleDelFallthru;
        numSingleDelMismatch += other.numSingleDelMismatch;
    }

    /**
     * The time the compaction took, in microseconds.
     *
     * @return the time the compaction took, in microseconds
     */
    public long elapsedMicros() {
        return elapsedMicros;
    }

    /**
     * The records the compaction read.
     *
     * @return the records the compaction read
     */
    public long numInputRecords() {
        return numInputRecords;
    }

    /**
     * The files the compaction read.
     *
     * @return the files the compaction read
     */
    public long numInputFiles() {
        return numInputFiles;
    }

    /**
     * The files it read at the output level.
     *
     * @return the files it read at the output level
     */
    public long numInputFilesAtOutputLevel() {
        return numInputFilesAtOutputLevel;
    }

    /**
     * The records the compaction wrote.
     *
     * @return the records the compaction wrote
     */
    public long numOutputRecords() {
        return numOutputRecords;
    }

    /**
     * The files the compaction wrote.
     *
     * @return the files the compaction wrote
     */
    public long numOutputFiles() {
        return numOutputFiles;
    }

    /**
     * Whether it was a manual compaction.
     *
     * @return whether it was a manual compaction
     */
    public boolean isManualCompaction() {
        return manualCompaction;
    }

    /**
     * The bytes of the files read.
     *
     * @return the bytes of the files read
     */
    public long totalInputBytes() {
        return totalInputBytes;
    }

    /**
     * The bytes of the files written.
     *
     * @return the bytes of the files written
     */
    public long totalOutputBytes() {
        return totalOutputBytes;
    }

    /**
     * The records replaced by newer ones of the same key (overwritten or deleted).
     *
     * @return the records replaced by newer ones of the same key (overwritten or deleted)
     */
    public long numRecordsReplaced() {
        return numRecordsReplaced;
    }

    /**
     * The bytes of the keys read, before compression.
     *
     * @return the bytes of the keys read, before compression
     */
    public long totalInputRawKeyBytes() {
        return totalInputRawKeyBytes;
    }

    /**
     * The bytes of the values read, before compression.
     *
     * @return the bytes of the values read, before compression
     */
    public long totalInputRawValueBytes() {
        return totalInputRawValueBytes;
    }

    /**
     * The deletion markers read.
     *
     * @return the deletion markers read
     */
    public long numInputDeletionRecords() {
        return numInputDeletionRecords;
    }

    /**
     * The deletion markers dropped because nothing older remained below them.
     *
     * @return the deletion markers dropped because nothing older remained below them
     */
    public long numExpiredDeletionRecords() {
        return numExpiredDeletionRecords;
    }

    /**
     * The corrupt keys met.
     *
     * @return the corrupt keys met
     */
    public long numCorruptKeys() {
        return numCorruptKeys;
    }

    /**
     * The time spent writing files, in nanoseconds (when timing was on).
     *
     * @return the time spent writing files, in nanoseconds (when timing was on)
     */
    public long fileWriteNanos() {
        return fileWriteNanos;
    }

    /**
     * The time spent in range syncs, in nanoseconds.
     *
     * @return the time spent in range syncs, in nanoseconds
     */
    public long fileRangeSyncNanos() {
        return fileRangeSyncNanos;
    }

    /**
     * The time spent in fsync, in nanoseconds.
     *
     * @return the time spent in fsync, in nanoseconds
     */
    public long fileFsyncNanos() {
        return fileFsyncNanos;
    }

    /**
     * The time spent preparing writes (fallocate), in nanoseconds.
     *
     * @return the time spent preparing writes (fallocate), in nanoseconds
     */
    public long filePrepareWriteNanos() {
        return filePrepareWriteNanos;
    }

    /**
     * A copy of the first bytes (at most 8) of the smallest key written; empty if none.
     *
     * @return a copy of the first bytes (at most 8) of the smallest key written; empty if none
     */
    public byte[] smallestOutputKeyPrefix() {
        return smallestOutputKeyPrefix.clone();
    }

    /**
     * A copy of the first bytes (at most 8) of the largest key written; empty if none.
     *
     * @return a copy of the first bytes (at most 8) of the largest key written; empty if none
     */
    public byte[] largestOutputKeyPrefix() {
        return largestOutputKeyPrefix.clone();
    }

    /**
     * The single deletions that met no put (fell through to older data).
     *
     * @return the single deletions that met no put (fell through to older data)
     */
    public long numSingleDelFallthru() {
        return numSingleDelFallthru;
    }

    /**
     * The single deletions that met something other than a put.
     *
     * @return the single deletions that met something other than a put
     */
    public long numSingleDelMismatch() {
        return numSingleDelMismatch;
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "CompactionJobStats{elapsedMicros=" + elapsedMicros + ", inputRecords=" + numInputRecords
                + ", inputFiles=" + numInputFiles + ", outputRecords=" + numOutputRecords + ", outputFiles="
                + numOutputFiles + ", inputBytes=" + totalInputBytes + ", outputBytes=" + totalOutputBytes
                + ", replaced=" + numRecordsReplaced + ", manual=" + manualCompaction + ", smallestPrefix="
                + Arrays.toString(smallestOutputKeyPrefix) + "}";
    }
}
