package io.panrocks;

import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.callbacks.EventPort;
import io.panrocks.internal.callbacks.LogPort;
import io.panrocks.internal.callbacks.MergePort;
import io.panrocks.internal.callbacks.WalPort;
import io.panrocks.internal.maintenance.TablePropertiesCodec;
import io.panrocks.internal.options.OptionValues;

import java.lang.foreign.Arena;
import java.util.List;
import java.util.Map;

/**
 * The public side of {@link PublicAccess}: each method one line into what a
 * public type keeps package-private. Not an implementation: the
 * implementation lives in {@code io.panrocks.internal} and reaches the
 * public types' private parts only through here.
 */
final class Bridge implements PublicAccess {
    static {
        PublicAccess.set(new Bridge());
    }

    private Bridge() {
    }

    // ---- the state the options interfaces' default methods keep (package-private, for the public side) ----

    /** The callbacks of a ColumnFamilyOptions or Options. */
    static CallbackOptions familyCallbacks(Object options) {
        if (options instanceof ColumnFamilyOptions c) return c.callbacks;
        if (options instanceof Options o) return o.callbacks;
        throw unknownOptions(options);
    }

    /** The callbacks of a DBOptions or Options. */
    static CallbackOptions dbCallbacks(Object options) {
        if (options instanceof DBOptions d) return d.callbacks;
        if (options instanceof Options o) return o.callbacks;
        throw unknownOptions(options);
    }

    /** The option values of a ColumnFamilyOptions or Options (column family part). */
    static OptionValues familyValues(Object options) {
        if (options instanceof ColumnFamilyOptions c) return c.values;
        if (options instanceof Options o) return o.cfValues;
        throw unknownOptions(options);
    }

    /** The shared objects of a DBOptions or Options. */
    static DBOptions.ObjectRefs dbObjects(Object options) {
        if (options instanceof DBOptions d) return d.objects;
        if (options instanceof Options o) return o.objects;
        throw unknownOptions(options);
    }

    private static IllegalArgumentException unknownOptions(Object options) {
        return new IllegalArgumentException("unknown options class " + options.getClass().getName());
    }

    // ---- merge and filter upcalls ----

    @Override
    public MergePort mergePort(Object operator) {
        return switch ((MergeOperator) operator) {
            case AbstractMergeOperator full -> full.port();
            case AssociativeMergeOperator associative -> associative.port();
            default -> throw new IllegalArgumentException("not a Java merge operator: " + operator);
        };
    }

    @Override
    public NewValue newValue(long struct, Arena scope, int operands, boolean hasExisting) {
        return new NewValue(struct, scope, operands, hasExisting);
    }

    // ---- callbacks ----

    @Override
    public EventPort eventPort(Object listener) {
        return ((AbstractEventListener) listener).port();
    }

    @Override
    public WalPort walPort(Object filter) {
        return ((AbstractWalFilter) filter).port();
    }

    @Override
    public LogPort logPort(Object logger) {
        return ((Logger) logger).port();
    }

    @Override
    public String builtInFilterName(Object filter) {
        return filter instanceof RemoveEmptyValueCompactionFilter ? RemoveEmptyValueCompactionFilter.ENGINE_NAME : null;
    }

    // ---- compaction service ----

    @Override
    public CompactionServiceJobInfo compactionServiceJobInfo(String dbName, String dbId, String dbSessionId,
                                                             int columnFamilyId, String columnFamilyName, long jobId, Priority priority,
                                                             CompactionReason reason,
                                                             boolean fullCompaction, boolean manualCompaction, boolean bottommostLevel,
                                                             int baseInputLevel,
                                                             int outputLevel) {
        return new CompactionServiceJobInfo(dbName, dbId, dbSessionId, columnFamilyId, columnFamilyName, jobId,
                priority, reason, fullCompaction, manualCompaction, bottommostLevel, baseInputLevel, outputLevel);
    }

    @Override
    public byte[] resultBytes(CompactionServiceResult result) {
        return result.bytes();
    }

    @Override
    public CompactionServiceJobStatus jobStatus(int code) {
        return CompactionServiceJobStatus.of(code);
    }

    // ---- listener events ----

    @Override
    public CompactionReason compactionReason(int code) {
        return CompactionReason.of(code);
    }

    @Override
    public FlushReason flushReason(int code) {
        return FlushReason.of(code);
    }

    @Override
    public BackgroundErrorReason backgroundErrorReason(int code) {
        return BackgroundErrorReason.of(code);
    }

    @Override
    public WriteStallCondition writeStallCondition(int code) {
        return WriteStallCondition.of(code);
    }

    @Override
    public TableFileCreationReason tableFileCreationReason(int code) {
        return TableFileCreationReason.of(code);
    }

    @Override
    public CompressionType compression(int code) {
        return CompactionJobInfo.compressionOf(code);
    }

    @Override
    public TablePropertiesCodec.Maker<TableProperties> tableProperties() {
        return TableProperties::new;
    }

    @Override
    public CompactionJobStats compactionJobStats(long[] counters, boolean manualCompaction,
                                                 byte[] smallestOutputKeyPrefix, byte[] largestOutputKeyPrefix) {
        return new CompactionJobStats(counters, manualCompaction, smallestOutputKeyPrefix, largestOutputKeyPrefix);
    }

    @Override
    public FlushJobInfo flushJobInfo(long columnFamilyId, String columnFamilyName, String filePath, long threadId,
                                     int jobId, boolean triggeredWritesSlowdown, boolean triggeredWritesStop, long smallestSeqno,
                                     long largestSeqno, long numEntries, long dataSize, FlushReason flushReason) {
        return new FlushJobInfo(columnFamilyId, columnFamilyName, filePath, threadId, jobId, triggeredWritesSlowdown,
                triggeredWritesStop, smallestSeqno, largestSeqno, numEntries, dataSize, flushReason);
    }

    @Override
    public CompactionJobInfo compactionJobInfo(long columnFamilyId, String columnFamilyName, Status status,
                                               long threadId, int jobId, int baseInputLevel, int outputLevel, CompactionReason compactionReason,
                                               long inputFiles, long outputFiles, long inputRecords, long outputRecords, long totalInputBytes,
                                               long totalOutputBytes, long elapsedMicros, List<String> inputFileNames, List<String> outputFileNames,
                                               CompressionType compression, CompactionJobStats stats, Map<String, TableProperties> tableProperties) {
        return new CompactionJobInfo(columnFamilyId, columnFamilyName, status, threadId, jobId, baseInputLevel,
                outputLevel, compactionReason, inputFiles, outputFiles, inputRecords, outputRecords, totalInputBytes,
                totalOutputBytes, elapsedMicros, inputFileNames, outputFileNames, compression, stats)
                .tableProperties(tableProperties);
    }

    @Override
    public WriteStallInfo writeStallInfo(String columnFamilyName, WriteStallCondition current,
                                         WriteStallCondition previous) {
        return new WriteStallInfo(columnFamilyName, current, previous);
    }

    @Override
    public TableFileDeletionInfo tableFileDeletionInfo(String dbName, String filePath, int jobId, Status status) {
        return new TableFileDeletionInfo(dbName, filePath, jobId, status);
    }

    @Override
    public MemTableInfo memTableInfo(String columnFamilyName, long firstSeqno, long earliestSeqno, long numEntries,
                                     long numDeletes) {
        return new MemTableInfo(columnFamilyName, firstSeqno, earliestSeqno, numEntries, numDeletes);
    }

    @Override
    public ExternalFileIngestionInfo externalFileIngestionInfo(String columnFamilyName, String externalFilePath,
                                                               String internalFilePath, long globalSeqno) {
        return new ExternalFileIngestionInfo(columnFamilyName, externalFilePath, internalFilePath, globalSeqno);
    }

    @Override
    public FileOperationInfo fileOperationInfo(String path, long offset, long length, long startTimestamp,
                                               long duration, Status status) {
        return new FileOperationInfo(path, offset, length, startTimestamp, duration, status);
    }

    @Override
    public TableFileCreationBriefInfo tableFileCreationBriefInfo(String dbName, String columnFamilyName,
                                                                 String filePath, int jobId, TableFileCreationReason reason) {
        return new TableFileCreationBriefInfo(dbName, columnFamilyName, filePath, jobId, reason);
    }

    @Override
    public TableFileCreationInfo tableFileCreationInfo(String dbName, String columnFamilyName, String filePath,
                                                       int jobId, TableFileCreationReason reason, long fileSize, TableProperties properties,
                                                       Status status) {
        return new TableFileCreationInfo(dbName, columnFamilyName, filePath, jobId, reason, fileSize, properties,
                status);
    }
}
