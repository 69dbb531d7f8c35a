package io.panrocks;

/**
 * What the engine did a file read or write for (RocksDB's
 * {@code Env::IOActivity}, which it tags every file operation with): read
 * the counts with {@link RocksDB#getIOActivityStats()}, and the latency of
 * an activity's file reads and writes from {@link Statistics} with
 * {@link #readHistogram()} and {@link #writeHistogram()}.
 */
public enum IOActivity {
    /** Flushes: writing new table files, reading them back to verify ({@code kFlush}). */
    kFlush(HistogramType.FILE_READ_FLUSH_MICROS, HistogramType.FILE_WRITE_FLUSH_MICROS),
    /** Compactions: reading their input, writing their output ({@code kCompaction}). */
    kCompaction(HistogramType.FILE_READ_COMPACTION_MICROS, HistogramType.FILE_WRITE_COMPACTION_MICROS),
    /** Opening the DB: the MANIFEST, the WALs, opening table files ({@code kDBOpen}). */
    kDBOpen(HistogramType.FILE_READ_DB_OPEN_MICROS, HistogramType.FILE_WRITE_DB_OPEN_MICROS),
    /** Point reads, {@code get} and its forms ({@code kGet}). */
    kGet(HistogramType.FILE_READ_GET_MICROS, null),
    /** {@code multiGet} ({@code kMultiGet}). */
    kMultiGet(HistogramType.FILE_READ_MULTIGET_MICROS, null),
    /** Iterators, and the scans built on them ({@code kDBIterator}). */
    kDBIterator(HistogramType.FILE_READ_DB_ITERATOR_MICROS, null),
    /** {@code verifyChecksum} ({@code kVerifyDBChecksum}). */
    kVerifyDBChecksum(HistogramType.FILE_READ_VERIFY_DB_CHECKSUM_MICROS, null),
    /** {@code verifyFileChecksums} ({@code kVerifyFileChecksums}). */
    kVerifyFileChecksums(HistogramType.FILE_READ_VERIFY_FILE_CHECKSUMS_MICROS, null),
    /** {@code getEntity} ({@code kGetEntity}). */
    kGetEntity(null, null),
    /** {@code multiGetEntity} ({@code kMultiGetEntity}). */
    kMultiGetEntity(null, null),
    /** Reading file checksums from the MANIFEST ({@code kGetFileChecksumsFromCurrentManifest}). */
    kGetFileChecksumsFromCurrentManifest(null, null),
    /**
     * IO the engine does not tag ({@code kUnknown}) or tags with a custom
     * activity: WAL and MANIFEST writes, OPTIONS files, ingestion, backups ...
     */
    kUnknown(null, null);

    private final HistogramType readHistogram;
    private final HistogramType writeHistogram;

    IOActivity(HistogramType readHistogram, HistogramType writeHistogram) {
        this.readHistogram = readHistogram;
        this.writeHistogram = writeHistogram;
    }

    /**
     * The statistics histogram of this activity's file read latency
     * ({@code FILE_READ_*_MICROS}); {@code kGet}, {@code kMultiGet},
     * {@code kDBIterator} and the checksum ones are recorded only at
     * {@link StatsLevel#ALL}.
     *
     * @return the histogram, or null if the engine keeps none for this activity
     */
    public HistogramType readHistogram() {
        return readHistogram;
    }

    /**
     * The statistics histogram of this activity's file write latency
     * ({@code FILE_WRITE_*_MICROS}).
     *
     * @return the histogram, or null if the engine keeps none for this activity
     */
    public HistogramType writeHistogram() {
        return writeHistogram;
    }
}
