package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;

import java.nio.charset.StandardCharsets;

/**
 * One consumer group's view of a {@link RecordLog}, Kafka style: poll
 * batches from a position, process them, commit the last offset processed.
 * A commit is written durably (WAL, fsync) in the log's commits family; a
 * new consumer of the group starts right after the last commit. So after a
 * crash, the records polled but not yet committed are delivered again (at
 * least once), and none at or before a commit is.
 *
 * <p>Use a consumer from one thread at a time; the batches it returns may
 * go to other threads.
 */
public final class LogConsumer implements AutoCloseable {
    private static final WriteOptions DURABLE = new WriteOptions().setSync(true);

    private final RecordLog log;
    private final byte[] groupKey;
    private long position;
    private long committed;
    private boolean closed;

    LogConsumer(RecordLog log, String group) throws RocksDBException {
        this.log = log;
        this.groupKey = group.getBytes(StandardCharsets.UTF_8);
        byte[] stored = log.db().get(log.commits(), groupKey);
        committed = stored == null ? -1 : RecordLog.offsetOf(stored);
        position = committed + 1;
    }

    /**
     * Records from the current position on: at most maxRecords, at most
     * maxBytes of keys and values (at least one record). Advances the
     * position past them. Empty when the consumer has caught up.
     *
     * @param maxRecords the most records returned, at least 1
     * @param maxBytes the most bytes of keys and values returned, at least 1 (one larger record is
     *         still returned)
     * @return the records; empty at the end of the log. Close it when done
     * @throws RocksDBException if the engine fails to read the log
     */
    public RecordBatch poll(int maxRecords, long maxBytes) throws RocksDBException {
        checkOpen();
        if (maxRecords <= 0) throw new IllegalArgumentException("maxRecords must be > 0, was " + maxRecords);
        if (maxBytes <= 0) throw new IllegalArgumentException("maxBytes must be > 0, was " + maxBytes);
        RocksDB db = log.db();
        NativeDb nativeDb = db.nativeDb();
        CallContext c = nativeDb.enter();
        try {
            RecordBatch batch = RecordBatch.collect(db, nativeDb, c, log.records(), ReadOptions.DEFAULT,
                    RecordLog.key(position), false, maxRecords, maxBytes);
            if (!batch.isEmpty()) position = batch.keyAsLong(batch.size() - 1) + 1;
            return batch;
        } finally {
            nativeDb.exit(c);
        }
    }

    /**
     * The offset the next poll starts at.
     *
     * @return the offset of the next record to poll
     */
    public long position() {
        return position;
    }

    /**
     * Moves the position: the next poll starts at {@code offset}.
     *
     * @param offset the offset of the next record to poll
     */
    public void seek(long offset) {
        checkOpen();
        if (offset < 0) throw new IllegalArgumentException("offset must be >= 0, was " + offset);
        position = offset;
    }

    /**
     * Records, durably, that every record up to and including
     * {@code lastProcessedOffset} is processed: a restarted consumer of this
     * group starts at {@code lastProcessedOffset + 1}.
     *
     * @param lastProcessedOffset the offset of the last record processed
     * @throws RocksDBException if the engine fails to write the commit
     */
    public void commit(long lastProcessedOffset) throws RocksDBException {
        checkOpen();
        if (lastProcessedOffset < -1) throw new IllegalArgumentException("offset must be >= -1, was " + lastProcessedOffset);
        if (lastProcessedOffset < 0) log.db().delete(log.commits(), DURABLE, groupKey);
        else log.db().put(log.commits(), DURABLE, groupKey, RecordLog.key(lastProcessedOffset));
        committed = lastProcessedOffset;
    }

    /**
     * Commits everything polled so far.
     *
     * @throws RocksDBException if the engine fails to write the commit
     */
    public void commit() throws RocksDBException {
        commit(position - 1);
    }

    /**
     * The last committed offset, or -1.
     *
     * @return the last committed offset, or -1 if the group never committed
     */
    public long committed() {
        return committed;
    }

    private void checkOpen() {
        if (closed) throw new IllegalStateException("LogConsumer is closed");
        if (!log.db().isOpen()) {
            throw new IllegalStateException("LogConsumer is closed (its " + log.db().nativeDb().closed().getMessage() + ")");
        }
    }

    /** Forgets the consumer (its commits stay); batches it returned are not affected. */
    @Override
    public void close() {
        closed = true;
    }
}
