package io.panrocks.differential;

import java.util.List;

/**
 * What the differential script needs from a RocksDB binding. Two
 * implementations, panrocks and RocksJava, run the same script in separate
 * JVMs (two copies of RocksDB cannot share a process).
 */
interface Engine extends AutoCloseable {
    void put(byte[] key, byte[] value) throws Exception;

    void delete(byte[] key) throws Exception;

    void merge(byte[] key, byte[] value) throws Exception;

    void deleteRange(byte[] begin, byte[] end) throws Exception;

    /** Builds the batch, applies it, and returns its serialized form; null entries of a rollback report success. */
    byte[] batch(List<BatchOp> ops, List<Boolean> rollbackResults) throws Exception;

    byte[] get(byte[] key) throws Exception;

    List<byte[]> multiGet(List<byte[]> keys) throws Exception;

    /** Takes a snapshot and returns its index among the open ones. */
    void takeSnapshot() throws Exception;

    void releaseSnapshot(int index) throws Exception;

    byte[] getAt(int snapshot, byte[] key) throws Exception;

    /**
     * Walks an iterator (at a snapshot if {@code snapshot >= 0}) with optional
     * bounds, from the first/last entry or a seek target, entry by entry or in
     * bulk; returns key, value, key, value ...
     */
    List<byte[]> walk(int snapshot, byte[] lower, byte[] upper, boolean forward, byte[] seekTo, boolean bulk)
            throws Exception;

    void flush() throws Exception;

    void compact() throws Exception;

    /**
     * Runs ops in one transaction (a transaction DB only: {@code pessimistic}
     * or {@code optimistic} mode), then commits or rolls back; returns one
     * line per read and per failure, and the outcome.
     */
    List<String> transaction(List<TxnOp> ops, boolean setSnapshot, boolean commit) throws Exception;

    /**
     * Builds an indexed batch from ops (reads and walks included), then
     * writes it to the DB or drops it; returns one line per read and per
     * failure, and the batch's serialized bytes.
     */
    List<String> indexedBatch(List<TxnOp> ops, boolean overwriteKey, boolean write) throws Exception;

    /** The engine's status of a failure, as "Code/SubCode"; anything that is not an engine failure is rethrown. */
    String statusOf(Exception e) throws Exception;

    /** One step of a transaction or an indexed batch. */
    record TxnOp(Kind kind, byte[] key, byte[] value, List<byte[]> keys, byte[] lower, byte[] upper, boolean forward,
                 byte[] seekTo) {
        enum Kind {
            PUT, DELETE, MERGE, GET, GET_FOR_UPDATE, MULTI_GET, WALK, SAVE_POINT, ROLLBACK_TO_SAVE_POINT,
            DB_PUT, GET_AT_SNAPSHOT, SET_SNAPSHOT, GET_FROM_BATCH, GET_FROM_BATCH_AND_DB
        }

        static TxnOp of(Kind kind, byte[] key, byte[] value) {
            return new TxnOp(kind, key, value, null, null, null, true, null);
        }
    }

    /** One update in a batch. */
    record BatchOp(Kind kind, byte[] key, byte[] value) {
        enum Kind { PUT, DELETE, MERGE, SAVE_POINT, ROLLBACK }
    }
}
