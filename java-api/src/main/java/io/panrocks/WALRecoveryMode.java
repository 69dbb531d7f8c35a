package io.panrocks;

import io.panrocks.internal.EnumCodes;

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

    /**
     * RocksDB's number for the recovery mode, as RocksJava's.
     *
     * @return the number
     */
    public byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /**
     * The recovery mode of a number {@link #getValue()} returns, as RocksJava's.
     *
     * @param value the number
     * @return its recovery mode
     * @throws IllegalArgumentException if none has that number
     */
    public static WALRecoveryMode getWALRecoveryMode(byte value) {
        return EnumCodes.ofValue(values(), WALRecoveryMode::getValue, value);
    }

    String rocksName() {
        return rocksName;
    }

    /** The mode RocksDB names {@code rocksName} (as its options text writes it). */
    static WALRecoveryMode ofRocksName(String rocksName) {
        return EnumCodes.require(values(), WALRecoveryMode::rocksName, rocksName, () -> new IllegalStateException(
                "the engine reports WAL recovery mode " + rocksName + ", which panrocks does not know"));
    }
}
