package io.panrocks;

import java.util.stream.Stream;


/** Why RocksDB flushed a memtable (RocksDB's {@code FlushReason}, as RocksJava's). */
public enum FlushReason {
    /** Another reason. */
    OTHERS(0x00),
    /** Live files were asked for (a checkpoint, a backup). */
    GET_LIVE_FILES(0x01),
    /** The DB closed. */
    SHUTDOWN(0x02),
    /** An external file was ingested. */
    EXTERNAL_FILE_INGESTION(0x03),
    /** A manual compaction needed it. */
    MANUAL_COMPACTION(0x04),
    /** The write buffer manager's limit was hit. */
    WRITE_BUFFER_MANAGER(0x05),
    /** The memtable was full. */
    WRITE_BUFFER_FULL(0x06),
    /** A test asked for it. */
    TEST(0x07),
    /** Files were deleted. */
    DELETE_FILES(0x08),
    /** An automatic compaction needed it. */
    AUTO_COMPACTION(0x09),
    /** A user asked for it ({@code flush}). */
    MANUAL_FLUSH(0x0a),
    /** Recovery from a background error. */
    ERROR_RECOVERY(0x0b),
    /** A retried flush of a recovery. */
    ERROR_RECOVERY_RETRY_FLUSH(0x0c),
    /** The WAL reached its size limit. */
    WAL_FULL(0x0d),
    /** Catching up after recovery from an error (RocksDB 8 and later). */
    CATCH_UP_AFTER_ERROR_RECOVERY(0x0e),
    /** The memtable held {@code memtable_max_range_deletions} range deletions (RocksDB 11.8 and later, RocksJava 11.8). */
    MEMTABLE_MAX_RANGE_DELETIONS(0x0f),
    /** A reason this version of panrocks does not know. */
    UNKNOWN(-1);

    private final int value;

    FlushReason(int value) {
        this.value = value;
    }

    /**
     * RocksDB's number for the reason.
     *
     * @return the value, -1 for {@link #UNKNOWN}
     */
    public int value() {
        return value;
    }

    static FlushReason of(int value) {
        return Stream.of(values()).filter(r -> r.value == value).findFirst().orElse(UNKNOWN);
    }
}
