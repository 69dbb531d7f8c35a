package io.panrocks.internal;

import io.panrocks.BackgroundErrorReason;
import io.panrocks.CompactionJobInfo;
import io.panrocks.CompactionJobStats;
import io.panrocks.CompactionReason;
import io.panrocks.CompactionServiceJobInfo;
import io.panrocks.CompactionServiceJobStatus;
import io.panrocks.CompactionServiceResult;
import io.panrocks.CompressionType;
import io.panrocks.ExternalFileIngestionInfo;
import io.panrocks.FileOperationInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.FlushReason;
import io.panrocks.MemTableInfo;
import io.panrocks.NewValue;
import io.panrocks.Priority;
import io.panrocks.Status;
import io.panrocks.TableFileCreationBriefInfo;
import io.panrocks.TableFileCreationInfo;
import io.panrocks.TableFileCreationReason;
import io.panrocks.TableFileDeletionInfo;
import io.panrocks.TableProperties;
import io.panrocks.WriteStallCondition;
import io.panrocks.WriteStallInfo;
import io.panrocks.internal.callbacks.EventPort;
import io.panrocks.internal.callbacks.LogPort;
import io.panrocks.internal.callbacks.MergePort;
import io.panrocks.internal.callbacks.WalPort;
import io.panrocks.internal.maintenance.TablePropertiesCodec;

import java.lang.foreign.Arena;
import java.util.List;
import java.util.Map;

/**
 * The one door from the implementation to what the public types keep to
 * themselves: their package-private constructors (the values a callback
 * hands the user: infos, a compaction filter's new value), the codes of
 * their enums, and the ports a user's callback object adapts itself to
 * (merge operator, listener, WAL filter, logger). Every public type named
 * here names nothing of the implementation itself (internal.LayersTest). The
 * JDK's SharedSecrets pattern: {@code io.panrocks} installs the one
 * implementation when its bridge class initializes; {@link #get()} loads it
 * on first use. Nothing here is API.
 */
public interface PublicAccess {
    /** the implementation, installed by io.panrocks */
    final class Holder {
        private static PublicAccess access;

        private Holder() {
        }
    }

    /**
     * The implementation; its first call initializes the public side's
     * bridge, which installs it.
     *
     * @return the one implementation
     */
    static PublicAccess get() {
        PublicAccess a = Holder.access;
        if (a != null) return a;
        try {
            Class.forName("io.panrocks.Bridge", true, PublicAccess.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the public side of panrocks is missing", e);
        }
        return Holder.access;
    }

    /**
     * Installs the implementation (once, by io.panrocks).
     *
     * @param access the implementation
     */
    static void set(PublicAccess access) {
        if (Holder.access != null) throw new IllegalStateException("PublicAccess is set");
        Holder.access = access;
    }

    // ---- merge and filter upcalls -------------------------------------------------------

    /** A Java merge operator ({@code AbstractMergeOperator}, {@code AssociativeMergeOperator}) as its upcalls see it. */
    MergePort mergePort(Object operator);

    /** The result slot of a merge or filter upcall ({@code struct}: a panrocks_result). */
    NewValue newValue(long struct, Arena scope, int operands, boolean hasExisting);

    // ---- callbacks: what a user's callback object looks like to the engine side ------------

    /** A user's event listener (an AbstractEventListener) as the engine side sees it. */
    EventPort eventPort(Object listener);

    /** A user's WAL filter (an AbstractWalFilter) as the engine side sees it. */
    WalPort walPort(Object filter);

    /** A user's logger (a Logger) as the engine side sees it. */
    LogPort logPort(Object logger);

    /** RocksDB's name of a built-in compaction filter the object stands for, or null for a Java filter. */
    String builtInFilterName(Object filter);

    // ---- compaction service ------------------------------------------------------------

    /** A remote compaction job's description. */
    CompactionServiceJobInfo compactionServiceJobInfo(String dbName, String dbId, String dbSessionId,
                                                      int columnFamilyId, String columnFamilyName, long jobId, Priority priority,
                                                      CompactionReason reason,
                                                      boolean fullCompaction, boolean manualCompaction, boolean bottommostLevel, int baseInputLevel,
                                                      int outputLevel);

    /** The serialized result a compaction service returned. */
    byte[] resultBytes(CompactionServiceResult result);

    /** A job status by its engine code. */
    CompactionServiceJobStatus jobStatus(int code);

    // ---- listener events ---------------------------------------------------------------

    /** A compaction reason by its engine code. */
    CompactionReason compactionReason(int code);

    /** A flush reason by its engine code. */
    FlushReason flushReason(int code);

    /** A background error reason by its engine code. */
    BackgroundErrorReason backgroundErrorReason(int code);

    /** A write stall condition by its panrocks code. */
    WriteStallCondition writeStallCondition(int code);

    /** A table file creation reason by its engine code. */
    TableFileCreationReason tableFileCreationReason(int code);

    /** A compression type by its engine code. */
    CompressionType compression(int code);

    /** Table properties, made by the codec. */
    TablePropertiesCodec.Maker<TableProperties> tableProperties();

    /** A compaction's counters. */
    CompactionJobStats compactionJobStats(long[] counters, boolean manualCompaction, byte[] smallestOutputKeyPrefix,
                                          byte[] largestOutputKeyPrefix);

    /** A flush's info. */
    FlushJobInfo flushJobInfo(long columnFamilyId, String columnFamilyName, String filePath, long threadId, int jobId,
                              boolean triggeredWritesSlowdown, boolean triggeredWritesStop, long smallestSeqno, long largestSeqno,
                              long numEntries, long dataSize, FlushReason flushReason);

    /** A compaction's info, with its files' properties. */
    CompactionJobInfo compactionJobInfo(long columnFamilyId, String columnFamilyName, Status status, long threadId,
                                        int jobId, int baseInputLevel, int outputLevel, CompactionReason compactionReason, long inputFiles,
                                        long outputFiles, long inputRecords, long outputRecords, long totalInputBytes, long totalOutputBytes,
                                        long elapsedMicros, List<String> inputFileNames, List<String> outputFileNames,
                                        CompressionType compression, CompactionJobStats stats, Map<String, TableProperties> tableProperties);

    /** A write stall change. */
    WriteStallInfo writeStallInfo(String columnFamilyName, WriteStallCondition current, WriteStallCondition previous);

    /** A table file deletion. */
    TableFileDeletionInfo tableFileDeletionInfo(String dbName, String filePath, int jobId, Status status);

    /** A memtable sealed. */
    MemTableInfo memTableInfo(String columnFamilyName, long firstSeqno, long earliestSeqno, long numEntries,
                              long numDeletes);

    /** A file ingested. */
    ExternalFileIngestionInfo externalFileIngestionInfo(String columnFamilyName, String externalFilePath,
                                                        String internalFilePath, long globalSeqno);

    /** A file operation. */
    FileOperationInfo fileOperationInfo(String path, long offset, long length, long startTimestamp, long duration,
                                        Status status);

    /** A table file about to be created. */
    TableFileCreationBriefInfo tableFileCreationBriefInfo(String dbName, String columnFamilyName, String filePath,
                                                          int jobId, TableFileCreationReason reason);

    /** A table file created. */
    TableFileCreationInfo tableFileCreationInfo(String dbName, String columnFamilyName, String filePath, int jobId,
                                                TableFileCreationReason reason, long fileSize, TableProperties properties, Status status);
}
