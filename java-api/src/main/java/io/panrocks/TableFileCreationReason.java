package io.panrocks;


/** Why RocksDB wrote a table file (RocksDB's {@code TableFileCreationReason}, RocksJava's shape). */
public enum TableFileCreationReason {
    /** a flush of a memtable */
    FLUSH,
    /** a compaction */
    COMPACTION,
    /** recovery of the WAL at open */
    RECOVERY,
    /** anything else */
    MISC;

    /**
     * RocksDB's number for the reason.
     *
     * @return the value
     */
    byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /** The reason of RocksDB's number; MISC for a number this version does not know. */
    static TableFileCreationReason of(int value) {
        return value >= 0 && value < values().length ? values()[value] : MISC; // the numbers are the positions
    }
}
