package io.panrocks;

import io.panrocks.internal.NativeDb;
import io.panrocks.internal.callbacks.EventPort;

/**
 * Receives RocksDB's events (RocksDB's {@code EventListener}, as RocksJava's
 * {@code AbstractEventListener}): override the methods of the events
 * wanted; RocksDB makes no upcall for the others (the file I/O events also
 * need {@link #shouldBeNotifiedOnFileIO()}). Set with
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
 * <h2>JFR events</h2>
 * Besides the user's listeners, a DB opened while Java Flight Recorder
 * is up turns RocksDB's {@code OnFlushBegin}/{@code OnFlushCompleted},
 * {@code OnCompactionBegin}/{@code OnCompactionCompleted},
 * {@code OnStallConditionsChanged}, {@code OnBackgroundError} and
 * {@code OnExternalFileIngested} into the JFR events
 * {@code io.panrocks.Flush}, {@code io.panrocks.Compaction},
 * {@code io.panrocks.WriteStall}, {@code io.panrocks.BackgroundError} and
 * {@code io.panrocks.FileIngestion} (category {@code panrocks}), through a
 * listener of panrocks' own, after the user's; sampled point reads
 * ({@code DB::Get}) over the recording's threshold are
 * {@code io.panrocks.SlowRead} events. A standard recording enables them by
 * name. {@code -Dpanrocks.jfr.events=true} gives every DB that listener
 * (for recordings started later), {@code false} none;
 * {@code -Dpanrocks.jfr.slowReadSampling=N} times one read in N (default
 * 16). See the README, "Flight recorder (JFR) events".
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

    // ---- flush and compaction begin, files, memtables, handles, ingestion, file I/O, recovery ----

    /**
     * A flush is about to start, on the thread that will run it. The info
     * is that of {@link #onFlushCompleted}, but the file is not written
     * yet: {@link FlushJobInfo#getNumEntries()} and
     * {@link FlushJobInfo#getDataSize()} are 0, the file has no number
     * yet ({@link FlushJobInfo#getFilePath()} is RocksDB's
     * {@code 000000.sst} in the DB's folder) and the sequence numbers are
     * RocksDB's "none yet" (smallest {@code 2^56 - 1}, largest 0).
     *
     * @param db the DB, or null during its open
     * @param flushJobInfo what will be flushed
     */
    public void onFlushBegin(RocksDB db, FlushJobInfo flushJobInfo) {
    }

    /**
     * An SST file of the DB was deleted (after a compaction, a deleted or
     * dropped family, ...), on the thread that deleted it.
     *
     * @param tableFileDeletionInfo the file, its job and the deletion's status
     */
    public void onTableFileDeleted(TableFileDeletionInfo tableFileDeletionInfo) {
    }

    /**
     * A compaction is about to start, on the thread that will run it. The
     * info is that of {@link #onCompactionCompleted} before any work: its
     * input files are known, it has no output files yet and its statistics
     * are not counted yet.
     *
     * @param db the DB, or null during its open
     * @param compactionJobInfo what will be compacted
     */
    public void onCompactionBegin(RocksDB db, CompactionJobInfo compactionJobInfo) {
    }

    /**
     * A memtable became immutable (it is full, or a flush was asked for) and
     * will be flushed; called on the writing or flushing thread, so it must
     * return promptly.
     *
     * @param memTableInfo the family, and what the memtable holds
     */
    public void onMemTableSealed(MemTableInfo memTableInfo) {
    }

    /**
     * RocksDB is deleting a column family handle: a handle closed with
     * {@link ColumnFamilyHandle#close()}, or every handle when the DB
     * closes (RocksDB's own handle of the default family included). The
     * handle passed names the family ({@link ColumnFamilyHandle#getName()},
     * {@link ColumnFamilyHandle#getID()}, equal to the handle being closed)
     * and is already closed: using it throws
     * {@link IllegalStateException}. Not called for handles deleted during
     * the DB's open.
     *
     * @param columnFamilyHandle the handle being deleted
     */
    public void onColumnFamilyHandleDeletionStarted(ColumnFamilyHandle columnFamilyHandle) {
    }

    /**
     * An external SST file was ingested ({@link RocksDB#ingestExternalFile}),
     * once per file, on the ingesting thread, before the ingestion returns.
     *
     * @param db the DB
     * @param externalFileIngestionInfo the file, where it went and its sequence number
     */
    public void onExternalFileIngested(RocksDB db, ExternalFileIngestionInfo externalFileIngestionInfo) {
    }

    /**
     * A read of one of the DB's files finished. Called only if
     * {@link #shouldBeNotifiedOnFileIO()} returns {@code true}; on the
     * reading thread, for every read that reaches a file (a block-cache miss
     * of a {@code get} included), so it must be fast.
     *
     * @param fileOperationInfo the file, the range, when, how long, and the status
     */
    public void onFileReadFinish(FileOperationInfo fileOperationInfo) {
    }

    /**
     * A write to one of the DB's files finished (WAL, SST, MANIFEST ...).
     * Called only if {@link #shouldBeNotifiedOnFileIO()} returns {@code true}.
     *
     * @param fileOperationInfo the file, the range, when, how long, and the status
     */
    public void onFileWriteFinish(FileOperationInfo fileOperationInfo) {
    }

    /**
     * A flush of a file's buffers to the operating system finished. Called
     * only if {@link #shouldBeNotifiedOnFileIO()} returns {@code true}.
     *
     * @param fileOperationInfo the file, when, how long, and the status (offset and length 0)
     */
    public void onFileFlushFinish(FileOperationInfo fileOperationInfo) {
    }

    /**
     * A sync of a file to its device finished ({@code fsync}/{@code fdatasync}).
     * Called only if {@link #shouldBeNotifiedOnFileIO()} returns {@code true}.
     *
     * @param fileOperationInfo the file, when, how long, and the status (offset and length 0)
     */
    public void onFileSyncFinish(FileOperationInfo fileOperationInfo) {
    }

    /**
     * A range sync of a file finished ({@code sync_file_range}, with
     * {@code bytes_per_sync} set). Called only if
     * {@link #shouldBeNotifiedOnFileIO()} returns {@code true}.
     *
     * @param fileOperationInfo the file, the range, when, how long, and the status
     */
    public void onFileRangeSyncFinish(FileOperationInfo fileOperationInfo) {
    }

    /**
     * A truncation of a file finished (RocksDB cuts a file written with
     * direct I/O to its size when it closes it). Called only if
     * {@link #shouldBeNotifiedOnFileIO()} returns {@code true}.
     *
     * @param fileOperationInfo the file, when, how long, and the status (offset and length 0)
     */
    public void onFileTruncateFinish(FileOperationInfo fileOperationInfo) {
    }

    /**
     * A file was closed. Called only if {@link #shouldBeNotifiedOnFileIO()}
     * returns {@code true}.
     *
     * @param fileOperationInfo the file, when, how long, and the status (offset and length 0)
     */
    public void onFileCloseFinish(FileOperationInfo fileOperationInfo) {
    }

    /**
     * Whether the {@code onFile...Finish} methods are to be called, as in
     * RocksJava: {@code false} unless overridden. Asked once, when a DB
     * using the listener opens (an exception it throws fails the open).
     * When it returns {@code true}, RocksDB times every operation on the
     * DB's files; panrocks says yes to RocksDB only if the listener also
     * overrides at least one {@code onFile...Finish} method, and makes an
     * upcall only for the ones it overrides, so a listener that wants no
     * file event costs the reads and writes nothing.
     *
     * @return {@code true} to receive the file I/O events overridden
     */
    public boolean shouldBeNotifiedOnFileIO() {
        return false;
    }

    /**
     * RocksDB is about to recover from a background error by itself (for
     * example from a full disk, or a passed {@link SstFileManager} space
     * limit, which its manager then checks every 5 seconds until there is
     * room), after {@link #onBackgroundError}. Returning
     * {@code false} stops the automatic recovery: the DB then stays stopped
     * until it is reopened. If the method throws, RocksDB recovers as
     * planned.
     *
     * @param backgroundErrorReason what RocksDB was doing
     * @param backgroundError the error it will recover from
     * @return {@code true} to let RocksDB recover by itself
     */
    public boolean onErrorRecoveryBegin(BackgroundErrorReason backgroundErrorReason, Status backgroundError) {
        return true;
    }

    /**
     * The DB recovered from a background error: writes work again.
     *
     * @param oldBackgroundError the error it recovered from
     */
    public void onErrorRecoveryCompleted(Status oldBackgroundError) {
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

    // ---- the engine's view of this listener ----

    /** This listener as the engine side sees it; made when a DB binds it (through the bridge). */
    final EventPort port() {
        return new Port(this);
    }

    /** The events in the engine's terms, handed on to the listener's methods. */
    private static final class Port implements EventPort {
        private final AbstractEventListener listener;
        private final int events;

        Port(AbstractEventListener listener) {
            this.listener = listener;
            this.events = EventPort.overridden(listener.getClass(), AbstractEventListener.class, RocksDB.class,
                    ColumnFamilyHandle.class, listener.shouldBeNotifiedOnFileIO());
        }

        @Override
        public String name() {
            return listener.getClass().getName();
        }

        @Override
        public int events() {
            return events;
        }

        @Override
        public void onFlushBegin(Object db, FlushJobInfo info) {
            listener.onFlushBegin((RocksDB) db, info);
        }

        @Override
        public void onFlushCompleted(Object db, FlushJobInfo info) {
            listener.onFlushCompleted((RocksDB) db, info);
        }

        @Override
        public void onCompactionBegin(Object db, CompactionJobInfo info) {
            listener.onCompactionBegin((RocksDB) db, info);
        }

        @Override
        public void onCompactionCompleted(Object db, CompactionJobInfo info) {
            listener.onCompactionCompleted((RocksDB) db, info);
        }

        @Override
        public void onBackgroundError(BackgroundErrorReason reason, Status status) {
            listener.onBackgroundError(reason, status);
        }

        @Override
        public void onStallConditionsChanged(WriteStallInfo info) {
            listener.onStallConditionsChanged(info);
        }

        @Override
        public void onTableFileDeleted(TableFileDeletionInfo info) {
            listener.onTableFileDeleted(info);
        }

        @Override
        public void onMemTableSealed(MemTableInfo info) {
            listener.onMemTableSealed(info);
        }

        @Override
        public void onColumnFamilyHandleDeletionStarted(Object db, NativeDb owner, byte[] name, int id) {
            listener.onColumnFamilyHandleDeletionStarted(new ColumnFamilyHandle((RocksDB) db, owner, name, id));
        }

        @Override
        public void onExternalFileIngested(Object db, ExternalFileIngestionInfo info) {
            listener.onExternalFileIngested((RocksDB) db, info);
        }

        @Override
        public void onFileOperation(int event, FileOperationInfo info) {
            if (event == FILE_READ) listener.onFileReadFinish(info);
            else if (event == FILE_WRITE) listener.onFileWriteFinish(info);
            else if (event == FILE_FLUSH) listener.onFileFlushFinish(info);
            else if (event == FILE_SYNC) listener.onFileSyncFinish(info);
            else if (event == FILE_RANGE_SYNC) listener.onFileRangeSyncFinish(info);
            else if (event == FILE_TRUNCATE) listener.onFileTruncateFinish(info);
            else if (event == FILE_CLOSE) listener.onFileCloseFinish(info);
        }

        @Override
        public boolean onErrorRecoveryBegin(BackgroundErrorReason reason, Status status) {
            return listener.onErrorRecoveryBegin(reason, status);
        }

        @Override
        public void onErrorRecoveryCompleted(Status oldError) {
            listener.onErrorRecoveryCompleted(oldError);
        }

        @Override
        public void onTableFileCreationStarted(TableFileCreationBriefInfo info) {
            listener.onTableFileCreationStarted(info);
        }

        @Override
        public void onTableFileCreated(TableFileCreationInfo info) {
            listener.onTableFileCreated(info);
        }
    }
}
