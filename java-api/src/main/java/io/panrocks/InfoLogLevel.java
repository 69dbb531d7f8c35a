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
    HEADER_LEVEL
}
