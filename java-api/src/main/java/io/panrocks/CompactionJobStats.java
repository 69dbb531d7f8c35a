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
public final class CompactionJobStats extends CompactionJobStatsFields implements AutoCloseable {
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
