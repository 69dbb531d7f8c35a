package io.panrocks;

/** Whether writes of a column family are held back (RocksDB's {@code WriteStallCondition}). */
public enum WriteStallCondition {
    /** Writes go at full speed. */
    NORMAL,
    /** Writes are slowed down. */
    DELAYED,
    /** Writes are stopped until flushes or compactions catch up. */
    STOPPED;

    static WriteStallCondition of(int panrocksValue) {
        return switch (panrocksValue) {
            case 1 -> DELAYED;
            case 2 -> STOPPED;
            default -> NORMAL;
        };
    }
}
