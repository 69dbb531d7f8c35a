package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;

import java.util.Objects;

/**
 * Reads a key range (or a whole column family) as consecutive
 * {@link RecordBatch}es, zero-copy, for consumers that forward records
 * elsewhere. Create with {@link RocksDB#newRecordCursor}; the range is the
 * read options' iterate bounds.
 *
 * <p>Each batch sees the DB as of the moment it was taken (or the read
 * options' snapshot), so records written behind the cursor's position in
 * the meantime show up in a later batch. The cursor itself is a plain Java
 * object (its position); use it from one thread at a time.
 */
public final class RecordCursor {
    private final NativeDb db;
    private final ColumnFamilyHandle family;
    private final ReadOptions options;
    private final RocksDB owner;
    /** where the next batch starts: at (or, with after, just after) from; null: the range's start */
    private byte[] from;
    private boolean after;

    RecordCursor(RocksDB owner, NativeDb db, ColumnFamilyHandle family, ReadOptions options) {
        this.owner = owner;
        this.db = db;
        this.family = family;
        this.options = new ReadOptions(options);
    }

    /**
     * The next records after the last one returned: at most maxRecords of
     * them, and at most maxBytes of keys and values together (but at least
     * one record). An empty batch means there is nothing more for now.
     *
     * @param maxRecords the most records returned, at least 1
     * @param maxBytes the most bytes of keys and values returned (one larger record is still returned)
     * @return the next records; empty at the end. Close it when done
     * @throws RocksDBException if the engine fails to read (I/O error, corruption)
     */
    public RecordBatch next(int maxRecords, long maxBytes) throws RocksDBException {
        if (maxRecords <= 0) throw new IllegalArgumentException("maxRecords must be > 0, was " + maxRecords);
        if (maxBytes <= 0) throw new IllegalArgumentException("maxBytes must be > 0, was " + maxBytes);
        CallContext c = db.enter();
        try {
            RecordBatch batch = RecordBatch.collect(owner, db, c, family, options, from, after,
                    maxRecords, maxBytes);
            if (!batch.isEmpty()) {
                from = batch.key(batch.size() - 1).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                after = true;
            }
            return batch;
        } finally {
            db.exit(c);
        }
    }

    /**
     * Moves the cursor so that the next batch starts at the first key at or after {@code key}.
     *
     * @param key where the next batch starts; not null
     * @throws IllegalStateException if its DB is closed
     */
    public void seek(byte[] key) {
        Objects.requireNonNull(key, "key");
        checkOpen();
        from = key.clone();
        after = false;
    }

    private void checkOpen() {
        if (!db.isOpen()) throw new IllegalStateException("RecordCursor is closed (its " + db.closed().getMessage() + ")");
    }

    /**
     * Moves the cursor back to the start of its range.
     *
     * @throws IllegalStateException if its DB is closed
     */
    public void seekToFirst() {
        checkOpen();
        from = null;
        after = false;
    }
}
