package io.panrocks;

/**
 * When a pessimistic {@link TransactionDB} writes a transaction's data into
 * the DB, as RocksJava's {@code TxnDBWritePolicy} (RocksDB's
 * {@code TxnDBWritePolicy}). panrocks supports {@link #WRITE_COMMITTED} only.
 */
public enum TxnDBWritePolicy {
    /** Data is written at commit (RocksDB's default, and panrocks' only policy). */
    WRITE_COMMITTED,
    /**
     * Data is written at prepare. Not supported by panrocks: RocksDB keeps the
     * raw column family handles given at open for this policy and reads them
     * in later rollbacks, so a handle closed before the DB would be read after
     * it was freed.
     */
    WRITE_PREPARED,
    /** Data is written before prepare. Not supported by panrocks, for the reason given at {@link #WRITE_PREPARED}. */
    WRITE_UNPREPARED
}
