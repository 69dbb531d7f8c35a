package io.panrocks;

/** Level of RocksDB's own LOG file, as RocksDB's {@code InfoLogLevel}. */
public enum InfoLogLevel {
    /** Everything, debug messages included. */
    DEBUG_LEVEL,
    /** Informational messages and above (RocksDB's default in release builds). */
    INFO_LEVEL,
    /** Warnings and above. */
    WARN_LEVEL,
    /** Errors and above. */
    ERROR_LEVEL,
    /** Fatal errors only. */
    FATAL_LEVEL,
    /** Only the header lines written when the log starts. */
    HEADER_LEVEL;

    /**
     * RocksDB's number of the level, as RocksJava's.
     *
     * @return 0 for {@link #DEBUG_LEVEL} ... 5 for {@link #HEADER_LEVEL}
     */
    public byte getValue() {
        return (byte) ordinal();
    }

    /**
     * The level of RocksDB's number, as RocksJava's.
     *
     * @param value 0 ... 5
     * @return the level
     * @throws IllegalArgumentException if value is no level's number
     */
    public static InfoLogLevel getInfoLogLevel(byte value) {
        InfoLogLevel[] all = values();
        if (value < 0 || value >= all.length) {
            throw new IllegalArgumentException("no InfoLogLevel has the value " + value);
        }
        return all[value];
    }
}
