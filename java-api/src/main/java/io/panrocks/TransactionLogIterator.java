package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.ViewScope;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_wal_batch;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A walk over the write batches of a DB's write-ahead log, oldest first, as
 * RocksJava's {@code TransactionLogIterator} (from
 * {@link RocksDB#getUpdatesSince(long)}): change-data capture and
 * replication read the DB's updates here, batch by batch, each with the
 * sequence number of its first update.
 *
 * <h2>Zero-copy batches</h2>
 * {@link #getBatch()} hands the current batch over without copying:
 * {@link BatchResult#data()} is a read-only view of its serialized bytes
 * (RocksDB's WriteBatch format), and {@link BatchResult#iterate} walks its
 * records from there. The view and the {@code BatchResult} are valid until
 * the iterator moves or closes; any use after that throws
 * {@link IllegalStateException}. {@link BatchResult#writeBatch()} copies the
 * batch into a {@link WriteBatch} of your own (RocksJava's form).
 *
 * <h2>Gaps are errors</h2>
 * Unlike RocksDB, which moves on silently to the next batch it finds,
 * {@code getUpdatesSince(n)} fails with {@link Status.Code#NotFound} when the
 * WAL no longer holds update {@code n} (its file was purged: keep WALs with
 * {@code setWalTtlSeconds} / {@code setWalSizeLimitMB}) or never held it (it
 * was written with {@link WriteOptions#setDisableWAL}), so that a replica
 * never misses updates without being told. A gap met later in the walk is
 * RocksDB's own error ({@code NotFound} "Gap in sequence numbers"), from
 * {@link #status()}, and the walk stops there.
 *
 * <h2>At the end</h2>
 * When {@link #isValid()} turns false, {@link #status()} tells the end (no
 * exception) from a failure. A later {@link #next()} picks up batches written
 * since, as long as they are in the WAL files the walk knew when it was
 * created; once the DB moved on to a new WAL file, RocksDB's status is
 * {@code TryAgain} ("Create a new iterator to fetch the new tail"): start a
 * new walk from the next sequence number.
 *
 * <h2>Threads and lifetime</h2>
 * It belongs to the thread that created it (others get a
 * {@link WrongThreadException}), as a {@link RocksIterator} does, and it
 * lives no longer than its DB: closing the DB closes the iterators of the
 * closing thread and waits for those of other live threads to be closed
 * before the engine shuts down; any use after the DB's close throws
 * {@link IllegalStateException}. A forgotten iterator is closed by a Cleaner
 * once neither it nor a view of its batch is reachable.
 */
public final class TransactionLogIterator implements AutoCloseable {
    private static final long POSITION = panrocks_wal_batch.sizeof();

    private final NativeDb db;
    private final MemorySegment handle;
    private final DbResource resource;
    /** the views' scope: renewed at every move, closed with the iterator */
    private final ViewScope scope;
    /** where the native walk reports its position (a panrocks_wal_batch) */
    private final MemorySegment position;

    private boolean valid;
    private long dataAddress, dataSize, sequence;
    /** counts the moves: a BatchResult is valid while it carries the current count */
    private long moves;
    /** true while a BatchResult's iterate runs: the iterator may not move */
    private boolean walking;
    /**
     * a failure the engine could not report as a status (it threw: out of
     * memory, say): the walk's state is unknown, so it never moves again;
     * status() throws it
     */
    private RocksDBException broken;

    TransactionLogIterator(NativeDb db, CallContext c, MemorySegment handle, MemorySegment position) {
        this.db = db;
        this.handle = handle;
        this.position = position;
        this.scope = new ViewScope();
        this.resource = DbResource.confined(c, "TransactionLogIterator", scope, true, () -> {
            panrocks_h.panrocks_wal_iterator_destroy(handle);
            NativeMemory.free(position);
        });
        load();
    }

    /** {@link RocksDB#getUpdatesSince}: a walk from {@code sequenceNumber}, started inside a call on db. */
    static TransactionLogIterator open(NativeDb db, long sequenceNumber) throws RocksDBException {
        if (sequenceNumber < 0) {
            throw new IllegalArgumentException("sequenceNumber must be >= 0, was " + sequenceNumber);
        }
        CallContext c = db.enter();
        try {
            return start(db, c, sequenceNumber);
        } finally {
            db.exit(c);
        }
    }

    /** Starts a walk inside a call on db. */
    static TransactionLogIterator start(NativeDb db, CallContext c, long sequenceNumber) throws RocksDBException {
        MemorySegment position = NativeMemory.allocateZeroed(POSITION);
        MemorySegment handle;
        try {
            int rc = panrocks_h.panrocks_wal_updates_since(db.handle(), sequenceNumber, 1, c.size, position, c.error);
            if (rc != 0) throw c.failure(rc);
            handle = c.size.get(ValueLayout.ADDRESS, 0);
        } catch (Throwable t) {
            NativeMemory.free(position);
            throw t;
        }
        try {
            return new TransactionLogIterator(db, c, handle, position);
        } catch (Throwable t) {
            panrocks_h.panrocks_wal_iterator_destroy(handle);
            NativeMemory.free(position);
            throw t;
        }
    }

    /**
     * Whether the iterator stands on a batch.
     *
     * @return true if {@link #getBatch()} may be called
     * @throws IllegalStateException if the iterator or its DB is closed
     * @throws WrongThreadException if called by another thread than its creator
     */
    public boolean isValid() {
        checkOwner();
        return valid && !walking;
    }

    /**
     * Moves to the next batch; the previous one's {@link BatchResult} and
     * views end here. At the end, picks up batches written since (see the
     * class comment); after a failure, does nothing.
     *
     * @throws IllegalStateException if the iterator or its DB is closed, or
     *         called from inside a {@link BatchResult#iterate} of this iterator
     * @throws WrongThreadException if called by another thread than its creator
     */
    public void next() {
        checkOwner();
        if (walking) {
            throw new IllegalStateException("a TransactionLogIterator cannot move from inside its batch's iterate");
        }
        CallContext c = enter();
        try {
            scope.renew(); // the current batch's views end before its memory goes
            moves++;
            valid = false;
            if (broken != null) return;
            int rc = panrocks_h.panrocks_wal_iterator_next(handle, position, c.error);
            if (rc != 0) {
                broken = c.failure(rc);
                return;
            }
            load();
        } finally {
            db.exit(c);
        }
    }

    /**
     * Throws the failure that stopped the walk, if any (RocksDB's status:
     * {@code NotFound} "Gap in sequence numbers" for a gap, {@code Corruption} for a damaged record, {@code IOError},
     * {@code TryAgain} at the end of the WAL files the walk knew, or
     * panrocks' {@code NotFound} when it restarted and found the updates
     * gone; a failure the engine threw in a move, after which the walk never
     * moves again); returns normally at the end or while valid.
     *
     * @throws RocksDBException with RocksDB's code, subcode and message
     * @throws IllegalStateException if the iterator or its DB is closed
     * @throws WrongThreadException if called by another thread than its creator
     */
    public void status() throws RocksDBException {
        checkOwner();
        CallContext c = enter();
        try {
            if (broken != null) throw new RocksDBException(broken.getStatus());
            int rc = panrocks_h.panrocks_wal_iterator_status(handle, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /**
     * The current batch and the sequence number of its first update, zero-copy:
     * valid until the iterator moves or closes.
     *
     * @return the current batch
     * @throws IllegalStateException if the iterator is not on a batch, or it or its DB is closed
     * @throws WrongThreadException if called by another thread than its creator
     */
    public BatchResult getBatch() {
        checkOwner();
        if (!valid || walking) {
            throw new IllegalStateException("TransactionLogIterator is not on a batch (check isValid())");
        }
        return new BatchResult(this, moves, sequence);
    }

    /**
     * Closes the walk; idempotent. Its batches' views throw from then on.
     * From inside a {@link BatchResult#iterate} of this iterator, the close
     * happens when iterate returns.
     *
     * @throws WrongThreadException if another live thread than its creator closes it
     */
    @Override
    public void close() {
        resource.close();
    }

    // ---- plumbing ------------------------------------------------------------------

    private CallContext enter() {
        CallContext c = db.enter(); // throws once the DB is closed
        if (resource.isReleased()) {
            db.exit(c);
            throw new IllegalStateException("TransactionLogIterator is closed");
        }
        return c;
    }

    private void checkOwner() {
        resource.checkOwner();
        resource.checkUsable();
    }

    private void load() {
        valid = panrocks_wal_batch.valid(position) != 0;
        dataAddress = panrocks_wal_batch.data(position).address();
        dataSize = panrocks_wal_batch.size(position);
        sequence = panrocks_wal_batch.sequence(position);
    }

    /** The current batch's bytes, if result is still current. */
    private MemorySegment view(BatchResult result) {
        checkOwner();
        if (result.move != moves || !valid) {
            throw new IllegalStateException("this BatchResult's batch is gone: its TransactionLogIterator moved on");
        }
        return scope.view(dataAddress, dataSize);
    }

    private long iterate(BatchResult result, WriteBatch.Handler handler, WriteBatch.RecordVisitor visitor)
            throws RocksDBException {
        MemorySegment data = view(result);
        if (walking) throw new IllegalStateException("a BatchResult's iterate cannot be nested in another");
        if (!resource.tryUse()) throw new IllegalStateException("TransactionLogIterator is closed");
        walking = true;
        try {
            // the use keeps the batch's memory: a close (or the DB's) meanwhile waits for its end
            return handler != null ? WriteBatch.iterateSerialized(data, handler)
                    : WriteBatch.iterateSerialized(data, visitor);
        } finally {
            walking = false;
            resource.endUse();
        }
    }

    /**
     * A batch of the WAL and the sequence number of its first update, as
     * RocksJava's {@code TransactionLogIterator.BatchResult}; valid until its
     * iterator moves or closes, on the iterator's thread.
     */
    public static final class BatchResult {
        private final TransactionLogIterator iterator;
        private final long move;
        private final long sequenceNumber;

        private BatchResult(TransactionLogIterator iterator, long move, long sequenceNumber) {
            this.iterator = iterator;
            this.move = move;
            this.sequenceNumber = sequenceNumber;
        }

        /**
         * The sequence number of the batch's first update (each update
         * takes one, so the batch holds {@code sequenceNumber()} to
         * {@code sequenceNumber() + count - 1}). Readable after the batch
         * is gone.
         *
         * @return the sequence number
         */
        public long sequenceNumber() {
            return sequenceNumber;
        }

        /**
         * The batch's serialized bytes (RocksDB's WriteBatch format, whose
         * header carries {@link #sequenceNumber()} and the count), zero-copy:
         * a read-only view valid until the iterator moves or closes.
         *
         * @return the view
         * @throws IllegalStateException if the iterator moved or closed since
         * @throws WrongThreadException on another thread than the iterator's
         */
        public MemorySegment data() {
            return iterator.view(this);
        }

        /**
         * A copy of the batch as a {@link WriteBatch} of your own (close it),
         * as RocksJava's {@code writeBatch()}; {@link RocksDB#write} applies
         * it to another DB (a replica).
         *
         * @return a new batch holding the same records
         * @throws IllegalStateException if the iterator moved or closed since
         * @throws IllegalArgumentException if the batch holds records a
         *         panrocks {@code WriteBatch} does not accept (see
         *         {@link WriteBatch#WriteBatch(byte[])}: transaction markers,
         *         wide-column entities)
         * @throws WrongThreadException on another thread than the iterator's
         */
        public WriteBatch writeBatch() {
            return new WriteBatch(data().toArray(ValueLayout.JAVA_BYTE));
        }

        /**
         * Walks the batch's records with a RocksJava-shaped handler (see
         * {@link WriteBatch#iterate(WriteBatch.Handler)}), reading them from
         * the WAL's memory. Meanwhile the iterator may not move; a close of
         * it happens when this returns.
         *
         * @param handler the handler
         * @throws RocksDBException what the handler threw, or
         *         {@code Corruption} for a record panrocks cannot read
         *         (transaction markers, wide-column entities)
         * @throws IllegalStateException if the iterator moved or closed since
         * @throws WrongThreadException on another thread than the iterator's
         */
        public void iterate(WriteBatch.Handler handler) throws RocksDBException {
            Objects.requireNonNull(handler, "handler");
            iterator.iterate(this, handler, null);
        }

        /**
         * Walks the batch's records zero-copy (see
         * {@link WriteBatch#iterate(WriteBatch.RecordVisitor)}): the visitor's
         * segments are read-only views valid during its call.
         *
         * @param visitor the visitor; false stops the walk
         * @return how many records were visited
         * @throws RocksDBException as {@link #iterate(WriteBatch.Handler)}
         * @throws IllegalStateException if the iterator moved or closed since
         * @throws WrongThreadException on another thread than the iterator's
         */
        public long iterate(WriteBatch.RecordVisitor visitor) throws RocksDBException {
            Objects.requireNonNull(visitor, "visitor");
            return iterator.iterate(this, null, visitor);
        }

        @Override
        public String toString() {
            return "BatchResult{sequenceNumber=" + sequenceNumber + "}";
        }
    }
}
