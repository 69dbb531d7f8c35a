package io.panrocks;

/** Level of RocksDB's own LOG file, as RocksDB's {@code InfoLogLevel}. */
public enum InfoLogLevel {
    DEBUG_LEVEL, INFO_LEVEL, WARN_LEVEL, ERROR_LEVEL, FATAL_LEVEL, HEADER_LEVEL
}
