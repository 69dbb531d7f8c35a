package io.panrocks.internal.callbacks;

import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * A WAL filter as the engine side sees it: a user's {@code AbstractWalFilter}
 * adapts itself to it, turning a log record into the public batches its
 * method takes and its answer into the engine's code.
 */
public interface WalPort {
    /**
     * What to do with a record: RocksDB's {@code WalProcessingOption} code,
     * and the record's replacement (RocksDB's batch format) or null to keep it.
     *
     * @param code the processing option's code
     * @param replacement the new batch's bytes, or null
     */
    record Answer(byte code, byte[] replacement) {
    }

    /**
     * The filter's name, as it returned it (checked by the binding).
     *
     * @return the name
     */
    String name();

    /**
     * RocksDB's map of the families' log numbers and IDs, before the replay.
     *
     * @param logNumberById the log number of each family ID
     * @param idByName the ID of each family name
     */
    void columnFamilyLogNumberMap(Map<Integer, Long> logNumberById, Map<String, Integer> idByName);

    /**
     * One record of the log.
     *
     * @param logNumber the log's number
     * @param logFileName the log's file name
     * @param record the record's batch, readable during the call only
     * @return the answer
     */
    Answer logRecordFound(long logNumber, String logFileName, MemorySegment record);
}
