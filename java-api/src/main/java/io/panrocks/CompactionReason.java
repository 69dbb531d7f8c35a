package io.panrocks;

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
        for (CompactionReason r : values()) {
            if (r.value == value) return r;
        }
        return OTHER;
    }
}
