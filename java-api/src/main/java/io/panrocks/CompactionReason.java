package io.panrocks;

import java.util.stream.Stream;


/** Why RocksDB ran a compaction (RocksDB's {@code CompactionReason}, as RocksJava's). */
public enum CompactionReason {
    /** Not known. */
    UNKNOWN(0),
    /** Too many level-0 files. */
    LEVEL_L0_FILES_NUM(1),
    /** A level exceeded its target size. */
    LEVEL_MAX_LEVEL_SIZE(2),
    /** Universal compaction: space amplification. */
    UNIVERSAL_SIZE_AMPLIFICATION(3),
    /** Universal compaction: size ratio. */
    UNIVERSAL_SIZE_RATIO(4),
    /** Universal compaction: too many sorted runs. */
    UNIVERSAL_SORTED_RUN_NUM(5),
    /** FIFO compaction: total size. */
    FIFO_MAX_SIZE(6),
    /** FIFO compaction: too many files. */
    FIFO_REDUCE_NUM_FILES(7),
    /** FIFO compaction: TTL. */
    FIFO_TTL(8),
    /** A user asked for it ({@code compactRange}). */
    MANUAL_COMPACTION(9),
    /** Files marked for compaction. */
    FILES_MARKED_FOR_COMPACTION(10),
    /** Bottommost files holding deletions no snapshot needs. */
    BOTTOMMOST_FILES(11),
    /** Files older than the TTL. */
    TTL(12),
    /** A flush treated as a compaction. */
    FLUSH(13),
    /** An ingested file treated as a compaction. */
    EXTERNAL_SST_INGESTION(14),
    /** Periodic compaction. */
    PERIODIC_COMPACTION(15),
    /** A file's temperature changed. */
    CHANGE_TEMPERATURE(16),
    /** Forced garbage collection of blob files. */
    FORCED_BLOB_GC(17),
    /** Round-robin TTL compaction. */
    ROUND_ROBIN_TTL(18),
    /** Refitting a level (RocksDB 8 and later). */
    REFIT_LEVEL(19),
    /** A reason this version of panrocks does not know. */
    OTHER(-1);

    // RocksJava's names of the constants (RocksDB's kName spelling), so that RocksJava code comparing
    // with them compiles and compares equal; a switch needs the constants' own names.

    /** RocksJava's name of {@link #UNKNOWN}. */
    public static final CompactionReason kUnknown = UNKNOWN;

    /** RocksJava's name of {@link #LEVEL_L0_FILES_NUM}. */
    public static final CompactionReason kLevelL0FilesNum = LEVEL_L0_FILES_NUM;

    /** RocksJava's name of {@link #LEVEL_MAX_LEVEL_SIZE}. */
    public static final CompactionReason kLevelMaxLevelSize = LEVEL_MAX_LEVEL_SIZE;

    /** RocksJava's name of {@link #UNIVERSAL_SIZE_AMPLIFICATION}. */
    public static final CompactionReason kUniversalSizeAmplification = UNIVERSAL_SIZE_AMPLIFICATION;

    /** RocksJava's name of {@link #UNIVERSAL_SIZE_RATIO}. */
    public static final CompactionReason kUniversalSizeRatio = UNIVERSAL_SIZE_RATIO;

    /** RocksJava's name of {@link #UNIVERSAL_SORTED_RUN_NUM}. */
    public static final CompactionReason kUniversalSortedRunNum = UNIVERSAL_SORTED_RUN_NUM;

    /** RocksJava's name of {@link #FIFO_MAX_SIZE}. */
    public static final CompactionReason kFIFOMaxSize = FIFO_MAX_SIZE;

    /** RocksJava's name of {@link #FIFO_REDUCE_NUM_FILES}. */
    public static final CompactionReason kFIFOReduceNumFiles = FIFO_REDUCE_NUM_FILES;

    /** RocksJava's name of {@link #FIFO_TTL}. */
    public static final CompactionReason kFIFOTtl = FIFO_TTL;

    /** RocksJava's name of {@link #MANUAL_COMPACTION}. */
    public static final CompactionReason kManualCompaction = MANUAL_COMPACTION;

    /** RocksJava's name of {@link #FILES_MARKED_FOR_COMPACTION}. */
    public static final CompactionReason kFilesMarkedForCompaction = FILES_MARKED_FOR_COMPACTION;

    /** RocksJava's name of {@link #BOTTOMMOST_FILES}. */
    public static final CompactionReason kBottommostFiles = BOTTOMMOST_FILES;

    /** RocksJava's name of {@link #TTL}. */
    public static final CompactionReason kTtl = TTL;

    /** RocksJava's name of {@link #FLUSH}. */
    public static final CompactionReason kFlush = FLUSH;

    /** RocksJava's name of {@link #EXTERNAL_SST_INGESTION}. */
    public static final CompactionReason kExternalSstIngestion = EXTERNAL_SST_INGESTION;

    /** RocksJava's name of {@link #PERIODIC_COMPACTION}. */
    public static final CompactionReason kPeriodicCompaction = PERIODIC_COMPACTION;

    /** RocksJava's name of {@link #CHANGE_TEMPERATURE}. */
    public static final CompactionReason kChangeTemperature = CHANGE_TEMPERATURE;

    /** RocksJava's name of {@link #FORCED_BLOB_GC}. */
    public static final CompactionReason kForcedBlobGC = FORCED_BLOB_GC;

    /** RocksJava's name of {@link #ROUND_ROBIN_TTL}. */
    public static final CompactionReason kRoundRobinTtl = ROUND_ROBIN_TTL;

    /** RocksJava's name of {@link #REFIT_LEVEL}. */
    public static final CompactionReason kRefitLevel = REFIT_LEVEL;

    private final int value;

    CompactionReason(int value) {
        this.value = value;
    }

    /**
     * RocksDB's number for the reason.
     *
     * @return the value, -1 for {@link #OTHER}
     */
    public int value() {
        return value;
    }

    static CompactionReason of(int value) {
        return Stream.of(values()).filter(r -> r.value == value).findFirst().orElse(OTHER);
    }
}
