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
 *
 * <h2>Other DBs, and waiting for RocksDB's background work</h2>
 * RocksDB's background threads (flushes, compactions) are shared by every
 * DB of the process, and a listener may run on the only one a flush of
 * another DB needs. So, inside any callback (a listener, but also a
 * comparator, merge operator or compaction filter):
 * <ul>
 * <li>a write into another DB never waits for a write stall: where it would
 * wait (its memtables are full until a flush ends), it fails at once with a
 * {@link RocksDBException} with code {@link Status.Code#Incomplete}
 * ("Write stall"), as with {@link WriteOptions#setNoSlowdown(boolean)}.
 * Two DBs whose flush listeners write into each other used to deadlock both
 * flushes this way; catch the exception and hand the write to another
 * thread;</li>
 * <li>calls that wait for background work are refused with
 * {@link IllegalStateException}, on every DB: a flush that waits for its end,
 * a compaction, a checkpoint, an ingestion, a backup, and closing a DB.</li>
 * </ul>
 *
 * <h2>System.exit</h2>
 * A listener may call {@code System.exit}: the JVM exits. The thread that
 * called it never returns to RocksDB, so the background job it runs never
 * ends: a DB's {@link RocksDB#close()} in a shutdown hook cannot wait for it,
 * and gives up once {@code -Dpanrocks.shutdown.closeTimeoutMillis} (default
 * 10 seconds) have passed since the close began, with an
 * {@link IllegalStateException}; the engine is then left for the process's
 * exit to end, as after a crash (writes made with the write-ahead log are
 * recovered at the next open).
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

    // ---- table files ----

    /**
     * A table (SST) file was written, well or not (see its status): by a
     * flush, a compaction or the WAL's recovery at open. Delivered on the
     * thread that wrote it, before the file is part of the DB.
     *
     * @param tableFileCreationInfo the file, its size and properties
     */
    public void onTableFileCreated(TableFileCreationInfo tableFileCreationInfo) {
    }

    /**
     * A table (SST) file is about to be written; its
     * {@link #onTableFileCreated} follows (with the same job ID).
     *
     * @param tableFileCreationBriefInfo the file and why it is written
     */
    public void onTableFileCreationStarted(TableFileCreationBriefInfo tableFileCreationBriefInfo) {
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
