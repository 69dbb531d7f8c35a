package io.panrocks;

/**
 * What a {@link WalFilter} answers for a record of the write-ahead log
 * replayed at open (RocksDB's {@code WalFilter::WalProcessingOption}), as
 * RocksJava's enum.
 */
public enum WalProcessingOption {
    /** Replay the record (or its replacement) and go on. */
    CONTINUE_PROCESSING((byte) 0x0),
    /** Skip this record, replay the following ones. */
    IGNORE_CURRENT_RECORD((byte) 0x1),
    /** Skip this record and every later one: the rest of the log is dropped. */
    STOP_REPLAY((byte) 0x2),
    /**
     * Report the record as corrupted: RocksDB then acts by its
     * {@code wal_recovery_mode} (with {@code paranoid_checks}, the default):
     * point-in-time recovery (the default) opens the DB without this record
     * and the rest of the log; absolute consistency and tolerate-corrupted-tail
     * fail the open with {@code Corruption}; skip-any-corrupted skips it.
     */
    CORRUPTED_RECORD((byte) 0x3);

    private final byte value;

    WalProcessingOption(byte value) {
        this.value = value;
    }

    /** The engine's number of the option (RocksJava keeps it package-private too). */
    byte getValue() {
        return value;
    }

    /**
     * The option of a numeric value, as RocksJava's {@code fromValue}.
     *
     * @param value the engine's number (0 to 3)
     * @return the option
     * @throws IllegalArgumentException for any other value
     */
    public static WalProcessingOption fromValue(byte value) {
        for (WalProcessingOption o : values()) {
            if (o.value == value) return o;
        }
        throw new IllegalArgumentException("Illegal value provided for WalProcessingOption: " + value);
    }
}
