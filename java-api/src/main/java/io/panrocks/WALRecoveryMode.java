package io.panrocks;

/** How the write-ahead log is replayed at open, as RocksDB's {@code WALRecoveryMode}. */
public enum WALRecoveryMode {
    /** Tolerate an incomplete record at the end of the log (a crash mid-write). */
    TolerateCorruptedTailRecords("kTolerateCorruptedTailRecords"),
    /** Any corruption fails the open. */
    AbsoluteConsistency("kAbsoluteConsistency"),
    /** Recover up to the first corruption (RocksDB's default). */
    PointInTimeRecovery("kPointInTimeRecovery"),
    /** Skip corrupted records and keep going. */
    SkipAnyCorruptedRecords("kSkipAnyCorruptedRecords");

    private final String rocksName;

    WALRecoveryMode(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }
}
