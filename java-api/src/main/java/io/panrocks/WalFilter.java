package io.panrocks;

import java.util.Map;
import java.util.Objects;

/**
 * Looks at each record of the write-ahead log that RocksDB replays while a
 * DB opens, and may skip it, replace it, or stop the replay (RocksDB's
 * {@code WalFilter}), as RocksJava's interface. Implement it by extending
 * {@link AbstractWalFilter}, and set it with
 * {@link DBOptionsInterface#setWalFilter}.
 *
 * <p>Both methods run on the thread that opens the DB, during the open,
 * before it returns: the DB cannot be used from them. A method that throws
 * fails the open (see {@link AbstractWalFilter}).
 */
public interface WalFilter {

    /**
     * Called once per open, before the first record: for each column family
     * of the DB, the number of the oldest log that still holds updates of it
     * (records of older logs were flushed already and are replayed into no
     * family), and each family's ID by name.
     *
     * @param cfLognumber the oldest log number still holding updates, by family ID
     * @param cfNameId each family's ID, by name
     */
    void columnFamilyLogNumberMap(Map<Integer, Long> cfLognumber, Map<String, Integer> cfNameId);

    /**
     * Called for each record (one write batch) replayed from a log.
     *
     * @param logNumber the number of the log the record is in
     * @param logFileName the log's file name
     * @param batch the record's batch: a copy, closed when the call returns
     *        (a later use throws {@link IllegalStateException}); read it with
     *        {@link WriteBatch#iterate}
     * @param newBatch an empty batch to fill with a replacement, with no more
     *        records than {@code batch} (RocksDB fails the open with
     *        {@code NotSupported} otherwise); used only if the result says
     *        {@code batchChanged} and {@link WalProcessingOption#CONTINUE_PROCESSING};
     *        closed when the call returns
     * @return what to do with the record; not null
     */
    LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch, WriteBatch newBatch);

    /**
     * The filter's name: RocksDB logs it, names it in errors, and records it
     * in the DB's OPTIONS file.
     *
     * @return the name; not null or empty
     */
    String name();

    /** The answer of {@link #logRecordFound}: an option and whether the batch was replaced. */
    class LogRecordFoundResult {
        /** Replay the record unchanged and go on. */
        public static final LogRecordFoundResult CONTINUE_UNCHANGED =
                new LogRecordFoundResult(WalProcessingOption.CONTINUE_PROCESSING, false);

        final WalProcessingOption walProcessingOption;
        final boolean batchChanged;

        /**
         * An answer.
         *
         * @param walProcessingOption what to do with the record
         * @param batchChanged whether {@code newBatch} holds the record's replacement
         * @throws NullPointerException if walProcessingOption is null
         */
        public LogRecordFoundResult(WalProcessingOption walProcessingOption, boolean batchChanged) {
            this.walProcessingOption = Objects.requireNonNull(walProcessingOption, "walProcessingOption");
            this.batchChanged = batchChanged;
        }

        /**
         * What to do with the record.
         *
         * @return the option
         */
        public WalProcessingOption walProcessingOption() {
            return walProcessingOption;
        }

        /**
         * Whether {@code newBatch} replaces the record's batch.
         *
         * @return true if it does
         */
        public boolean batchChanged() {
            return batchChanged;
        }

        @Override
        public String toString() {
            return "LogRecordFoundResult{" + walProcessingOption + (batchChanged ? ", batch changed" : "") + "}";
        }
    }
}
