package io.panrocks;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A finished compaction, successful or not (RocksDB's
 * {@code CompactionJobInfo}), for
 * {@link AbstractEventListener#onCompactionCompleted}: with RocksJava's
 * accessors ({@link #columnFamilyName()}, {@link #status()},
 * {@link #inputFiles()}, {@link #stats()} ...) and panrocks' getters, which
 * flatten the main statistics in. A copy: valid for as long as it is kept.
 * <p>
 * A plain Java value (RocksJava's is a native object): it owns no native
 * memory, so {@link #close()} releases nothing. {@code new
 * CompactionJobInfo()} is an empty one, as RocksJava's constructor makes
 * (status Ok, no files, reason {@link CompactionReason#UNKNOWN}); passed to
 * {@link RocksDB#compactFiles(CompactionOptions, ColumnFamilyHandle, java.util.List, int, int, CompactionJobInfo)},
 * it receives the job's description when the compaction succeeded (as
 * RocksJava's), and is otherwise never changed.
 */
public final class CompactionJobInfo extends CompactionJobInfoFields implements AutoCloseable {
    /**
     * An empty one, as RocksJava's constructor makes: no family name,
     * status Ok, ids and levels 0, no files, reason
     * {@link CompactionReason#UNKNOWN}, no compression, empty statistics.
     */
    public CompactionJobInfo() {
        this(0, "", new Status(Status.Code.Ok, Status.SubCode.None, Status.Severity.NoError, ""), 0, 0, 0, 0,
                CompactionReason.UNKNOWN, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(),
                CompressionType.NO_COMPRESSION, new CompactionJobStats());
    }

    CompactionJobInfo(long columnFamilyId, String columnFamilyName, Status status, long threadId, int jobId,
                      int baseInputLevel, int outputLevel, CompactionReason compactionReason, long inputFiles,
                      long outputFiles, long inputRecords, long outputRecords, long totalInputBytes,
                      long totalOutputBytes, long elapsedMicros, List<String> inputFileNames,
                      List<String> outputFileNames, CompressionType compression, CompactionJobStats stats) {
        this.columnFamilyId = columnFamilyId;
        this.columnFamilyName = columnFamilyName;
        this.status = status;
        this.threadId = threadId;
        this.jobId = jobId;
        this.baseInputLevel = baseInputLevel;
        this.outputLevel = outputLevel;
        this.compactionReason = compactionReason;
        this.inputFiles = inputFiles;
        this.outputFiles = outputFiles;
        this.inputRecords = inputRecords;
        this.outputRecords = outputRecords;
        this.totalInputBytes = totalInputBytes;
        this.totalOutputBytes = totalOutputBytes;
        this.elapsedMicros = elapsedMicros;
        this.inputFileNames = List.copyOf(inputFileNames);
        this.outputFileNames = List.copyOf(outputFileNames);
        this.compression = compression;
        this.stats = stats;
    }

    /** Takes every value of other (the job a compactFiles ran). */
    synchronized void assign(CompactionJobInfo other) {
        columnFamilyId = other.columnFamilyId;
        columnFamilyName = other.columnFamilyName;
        status = other.status;
        threadId = other.threadId;
        jobId = other.jobId;
        baseInputLevel = other.baseInputLevel;
        outputLevel = other.outputLevel;
        compactionReason = other.compactionReason;
        inputFiles = other.inputFiles;
        outputFiles = other.outputFiles;
        inputRecords = other.inputRecords;
        outputRecords = other.outputRecords;
        totalInputBytes = other.totalInputBytes;
        totalOutputBytes = other.totalOutputBytes;
        elapsedMicros = other.elapsedMicros;
        inputFileNames = other.inputFileNames;
        outputFileNames = other.outputFileNames;
        compression = other.compression;
        stats = other.stats;
    }

    /**
     * RocksJava's accessor: the name of the column family compacted, in UTF-8.
     *
     * @return a new array holding the name (empty for an empty info)
     */
    public byte[] columnFamilyName() {
        return columnFamilyName.getBytes(StandardCharsets.UTF_8);
    }

    // ---- table properties ----

    /** the input and output files' properties; set once, before the info reaches a listener */
    private Map<String, TableProperties> tableProperties = Map.of();

    /** Sets the files' properties (made by the listener binding, before the user sees this info). */
    CompactionJobInfo tableProperties(Map<String, TableProperties> properties) {
        this.tableProperties = Map.copyOf(properties);
        return this;
    }

    /**
     * RocksJava's accessor: the properties of the files the compaction
     * read and of those it wrote, by file path (empty for an empty info).
     *
     * @return an unmodifiable map from file path to its properties
     */
    public Map<String, TableProperties> tableProperties() {
        return tableProperties;
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    /** RocksDB's {@code CompressionType} value as panrocks' enum; a kind it does not name as NO_COMPRESSION. */
    static CompressionType compressionOf(int value) {
        return switch (value) {
            case 1 -> CompressionType.SNAPPY_COMPRESSION;
            case 2 -> CompressionType.ZLIB_COMPRESSION;
            case 3 -> CompressionType.BZLIB2_COMPRESSION;
            case 4 -> CompressionType.LZ4_COMPRESSION;
            case 5 -> CompressionType.LZ4HC_COMPRESSION;
            case 7 -> CompressionType.ZSTD_COMPRESSION;
            case 0xff -> CompressionType.DISABLE_COMPRESSION_OPTION;
            default -> CompressionType.NO_COMPRESSION;
        };
    }

    @Override
    public String toString() {
        return "CompactionJobInfo{cf=" + columnFamilyName + ", job=" + jobId + ", status=" + status + ", L"
                + baseInputLevel + "->L" + outputLevel + ", files " + inputFiles + "->" + outputFiles + ", reason="
                + compactionReason + "}";
    }
}
