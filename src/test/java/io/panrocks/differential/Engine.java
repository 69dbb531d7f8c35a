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

    /** One update in a batch. */
    record BatchOp(Kind kind, byte[] key, byte[] value) {
        enum Kind { PUT, DELETE, MERGE, SAVE_POINT, ROLLBACK }
    }
}
