package io.panrocks;

/**
 * Receives RocksDB's events (RocksDB's {@code EventListener}, as RocksJava's
 * {@code AbstractEventListener}): override the methods of the events
 * wanted; RocksDB makes no upcall for the others. Set with
 * {@link DBOptionsInterface#setListeners}.
 *
 * <h2>Threads</h2>
 * Each event is delivered on the thread that caused it, never holding
 * RocksDB's DB mutex: flushes and compactions on RocksDB's background
 * threads; a stall change often on the writing thread itself (inside its
 * {@code put}); a background error on the thread that hit it. RocksDB waits
 * for the method: a slow listener slows that thread (a flush, a write), and
 * closing the DB waits for a delivery in progress.
 *
 * <h2>Rules</h2>
 * A listener must not call into the DB whose event it receives: such calls
 * throw {@link IllegalStateException} (from RocksDB's own threads they
 * could deadlock on the work the event belongs to). Hand the work to
 * another thread instead; the {@code db} passed to the methods is for that
 * (and for identifying the DB), and is null for events during the open.
 * An exception thrown by a method is logged and recorded
 * ({@link RocksDB#callbackFailure()}) and otherwise ignored; it never
 * reaches RocksDB.
 */
public abstract class AbstractEventListener implements AutoCloseable {

    /** For subclasses. */
    protected AbstractEventListener() {
    }

    /**
     * A flush finished and its file is part of the DB.
     *
     * @param db the DB, or null during its open
     * @param flushJobInfo what was flushed
     */
    public void onFlushCompleted(RocksDB db, FlushJobInfo flushJobInfo) {
    }

    /**
     * A compaction finished, well or not (see its status).
     *
     * @param db the DB, or null during its open
     * @param compactionJobInfo what was compacted
     */
    public void onCompactionCompleted(RocksDB db, CompactionJobInfo compactionJobInfo) {
    }

    /**
     * RocksDB hit an error in the background (a failed flush, compaction or
     * WAL write); depending on its severity the DB then refuses writes until
     * it recovers or is reopened.
     *
     * @param reason what RocksDB was doing
     * @param backgroundError RocksDB's status
     */
    public void onBackgroundError(BackgroundErrorReason reason, Status backgroundError) {
    }

    /**
     * A column family's writes became delayed, stopped, or normal again.
     *
     * @param writeStallInfo the family and its conditions
     */
    public void onStallConditionsChanged(WriteStallInfo writeStallInfo) {
    }

    /**
     * Does nothing: present so RocksJava's try-with-resources code compiles
     * unchanged. This object owns no native memory; each DB that uses it
     * holds its own binding (upcall stubs and native handle) and releases it
     * when that DB's engine is closed, so closing this object while a DB
     * still uses it is harmless, and the DB goes on calling it.
     */
    @Override
    public void close() {
    }
}
