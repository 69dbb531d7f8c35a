package io.panrocks;

import io.panrocks.internal.EnumCodes;

/**
 * What a {@link WalFilter} answers for a record of the write-ahead log
 * replayed at open (RocksDB's {@code WalFilter::WalProcessingOption}), as
 * RocksJava's enum.
 */
public enum WalProcessingOption {
    /** Replay the record (or its replacement) and go on. */
    CONTINUE_PROCESSING,
    /** Skip this record, replay the following ones. */
    IGNORE_CURRENT_RECORD,
    /** Skip this record and every later one: the rest of the log is dropped. */
    STOP_REPLAY,
    /**
     * Report the record as corrupted: RocksDB then acts by its
     * {@code wal_recovery_mode} (with {@code paranoid_checks}, the default):
     * point-in-time recovery (the default) opens the DB without this record
     * and the rest of the log; absolute consistency and tolerate-corrupted-tail
     * fail the open with {@code Corruption}; skip-any-corrupted skips it.
     */
    CORRUPTED_RECORD;

    /** The engine's number of the option (RocksJava keeps it package-private too). */
    byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /**
     * The option of a numeric value, as RocksJava's {@code fromValue}.
     *
     * @param value the engine's number (0 to 3)
     * @return the option
     * @throws IllegalArgumentException for any other value
     */
    public static WalProcessingOption fromValue(byte value) {
        return EnumCodes.require(values(), WalProcessingOption::getValue, value,
                () -> new IllegalArgumentException("Illegal value provided for WalProcessingOption: " + value));
    }
}
