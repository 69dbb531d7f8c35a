package io.panrocks;

/** Why RocksDB wrote a table file (RocksDB's {@code TableFileCreationReason}, RocksJava's shape). */
public enum TableFileCreationReason {
    /** a flush of a memtable */
    FLUSH((byte) 0x00),
    /** a compaction */
    COMPACTION((byte) 0x01),
    /** recovery of the WAL at open */
    RECOVERY((byte) 0x02),
    /** anything else */
    MISC((byte) 0x03);

    private final byte value;

    TableFileCreationReason(byte value) {
        this.value = value;
    }

    /**
     * RocksDB's number for the reason.
     *
     * @return the value
     */
    byte getValue() {
        return value;
    }

    /** The reason of RocksDB's number; MISC for a number this version does not know. */
    static TableFileCreationReason of(int value) {
        for (TableFileCreationReason r : values()) {
            if (r.value == value) return r;
        }
        return MISC;
    }
}
