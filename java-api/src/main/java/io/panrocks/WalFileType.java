package io.panrocks;

/** Where a write-ahead log file is (RocksDB's {@code WalFileType}, RocksJava's names). */
public enum WalFileType {
    /** Moved to the archive directory: no longer needed by the DB, kept by {@code walTtlSeconds} / {@code walSizeLimitMB}. */
    kArchivedLogFile,
    /** In the DB's (or WAL) directory, still needed for recovery. */
    kAliveLogFile
}
