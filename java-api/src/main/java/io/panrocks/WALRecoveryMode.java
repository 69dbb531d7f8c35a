package io.panrocks;

/** How the write-ahead log is replayed at open, as RocksDB's {@code WALRecoveryMode}. */
public enum WALRecoveryMode {
    /** Tolerate an incomplete record at the end of the log (a crash mid-write). */
    TolerateCorruptedTailRecords((byte) 0x0, "kTolerateCorruptedTailRecords"),
    /** Any corruption fails the open. */
    AbsoluteConsistency((byte) 0x1, "kAbsoluteConsistency"),
    /** Recover up to the first corruption (RocksDB's default). */
    PointInTimeRecovery((byte) 0x2, "kPointInTimeRecovery"),
    /** Skip corrupted records and keep going. */
    SkipAnyCorruptedRecords((byte) 0x3, "kSkipAnyCorruptedRecords");

    private final byte value;
    private final String rocksName;

    WALRecoveryMode(byte value, String rocksName) {
        this.value = value;
        this.rocksName = rocksName;
    }

    /**
     * RocksDB's number for the recovery mode, as RocksJava's.
     *
     * @return the number
     */
    public byte getValue() {
        return value;
    }

    /**
     * The recovery mode of a number {@link #getValue()} returns, as RocksJava's.
     *
     * @param value the number
     * @return its recovery mode
     * @throws IllegalArgumentException if none has that number
     */
    public static WALRecoveryMode getWALRecoveryMode(byte value) {
        for (WALRecoveryMode v : values()) {
            if (v.value == value) return v;
        }
        throw new IllegalArgumentException("no WALRecoveryMode has the value " + value);
    }

    String rocksName() {
        return rocksName;
    }
}
