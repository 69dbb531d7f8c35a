package io.panrocks.internal.callbacks;

import io.panrocks.BackgroundErrorReason;
import io.panrocks.CompactionJobInfo;
import io.panrocks.ExternalFileIngestionInfo;
import io.panrocks.FileOperationInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.MemTableInfo;
import io.panrocks.Status;
import io.panrocks.TableFileCreationBriefInfo;
import io.panrocks.TableFileCreationInfo;
import io.panrocks.TableFileDeletionInfo;
import io.panrocks.WriteStallInfo;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;

/**
 * An event listener as the engine side sees it: the events it wants and one
 * method per event, with the event's values already copied into plain Java
 * objects. A user's {@code AbstractEventListener} adapts itself to it (the DB
 * it is shown arrives here as the opaque facade {@code db}, which the adapter
 * hands on as the public DB); panrocks' own JFR listener implements it
 * directly. Every method but {@link #name()} and {@link #events()} does
 * nothing unless overridden.
 */
public interface EventPort {
    // the bits of panrocks_events.h: the events a listener wants
    int FLUSH = 1, COMPACTION = 2, BACKGROUND_ERROR = 4, STALL = 8;
    int FLUSH_BEGIN = panrocks_h.PANROCKS_EVENT_FLUSH_BEGIN(),
            TABLE_FILE_DELETED = panrocks_h.PANROCKS_EVENT_TABLE_FILE_DELETED(),
            COMPACTION_BEGIN = panrocks_h.PANROCKS_EVENT_COMPACTION_BEGIN(),
            MEMTABLE_SEALED = panrocks_h.PANROCKS_EVENT_MEMTABLE_SEALED(),
            CF_HANDLE_DELETION_STARTED = panrocks_h.PANROCKS_EVENT_CF_HANDLE_DELETION_STARTED(),
            EXTERNAL_FILE_INGESTED = panrocks_h.PANROCKS_EVENT_EXTERNAL_FILE_INGESTED(),
            FILE_READ = panrocks_h.PANROCKS_EVENT_FILE_READ_FINISH(),
            FILE_WRITE = panrocks_h.PANROCKS_EVENT_FILE_WRITE_FINISH(),
            FILE_FLUSH = panrocks_h.PANROCKS_EVENT_FILE_FLUSH_FINISH(),
            FILE_SYNC = panrocks_h.PANROCKS_EVENT_FILE_SYNC_FINISH(),
            FILE_RANGE_SYNC = panrocks_h.PANROCKS_EVENT_FILE_RANGE_SYNC_FINISH(),
            FILE_TRUNCATE = panrocks_h.PANROCKS_EVENT_FILE_TRUNCATE_FINISH(),
            FILE_CLOSE = panrocks_h.PANROCKS_EVENT_FILE_CLOSE_FINISH(),
            ERROR_RECOVERY_BEGIN = panrocks_h.PANROCKS_EVENT_ERROR_RECOVERY_BEGIN(),
            ERROR_RECOVERY_COMPLETED = panrocks_h.PANROCKS_EVENT_ERROR_RECOVERY_COMPLETED(),
            TABLE_FILE_CREATED = panrocks_h.PANROCKS_EVENT_TABLE_FILE_CREATED(),
            TABLE_FILE_CREATION_STARTED = panrocks_h.PANROCKS_EVENT_TABLE_FILE_CREATION_STARTED();

    /**
     * The listener's name (its class), for messages.
     *
     * @return the name
     */
    String name();

    /**
     * The events it wants, as bits of panrocks_events.h: the engine calls
     * back for these only (a file I/O event also leaves the DB's file
     * operations timed).
     *
     * @return the bits
     */
    int events();

    /**
     * The events a listener class overrides: a method overridden below
     * {@code base} is an event wanted; the file I/O events only when
     * {@code fileIo} (RocksJava's {@code shouldBeNotifiedOnFileIO}).
     *
     * @param listener the listener's class
     * @param base the class whose methods do nothing
     * @param db the class of the DB parameter of the methods that take one
     * @param handle the class of the family handle parameter
     * @param fileIo whether the listener wants file I/O events
     * @return the bits
     */
    static int overridden(Class<?> listener, Class<?> base, Class<?> db, Class<?> handle, boolean fileIo) {
        int events = 0;
        if (CallbackBinding.overrides(listener, base, "onFlushCompleted", db, FlushJobInfo.class)) events |= FLUSH;
        if (CallbackBinding.overrides(listener, base, "onCompactionCompleted", db, CompactionJobInfo.class)) {
            events |= COMPACTION;
        }
        if (CallbackBinding.overrides(listener, base, "onBackgroundError", BackgroundErrorReason.class, Status.class)) {
            events |= BACKGROUND_ERROR;
        }
        if (CallbackBinding.overrides(listener, base, "onStallConditionsChanged", WriteStallInfo.class)) events |= STALL;
        if (CallbackBinding.overrides(listener, base, "onFlushBegin", db, FlushJobInfo.class)) events |= FLUSH_BEGIN;
        if (CallbackBinding.overrides(listener, base, "onTableFileDeleted", TableFileDeletionInfo.class)) {
            events |= TABLE_FILE_DELETED;
        }
        if (CallbackBinding.overrides(listener, base, "onCompactionBegin", db, CompactionJobInfo.class)) {
            events |= COMPACTION_BEGIN;
        }
        if (CallbackBinding.overrides(listener, base, "onMemTableSealed", MemTableInfo.class)) events |= MEMTABLE_SEALED;
        if (CallbackBinding.overrides(listener, base, "onColumnFamilyHandleDeletionStarted", handle)) {
            events |= CF_HANDLE_DELETION_STARTED;
        }
        if (CallbackBinding.overrides(listener, base, "onExternalFileIngested", db, ExternalFileIngestionInfo.class)) {
            events |= EXTERNAL_FILE_INGESTED;
        }
        if (CallbackBinding.overrides(listener, base, "onErrorRecoveryBegin", BackgroundErrorReason.class,
                Status.class)) {
            events |= ERROR_RECOVERY_BEGIN;
        }
        if (CallbackBinding.overrides(listener, base, "onErrorRecoveryCompleted", Status.class)) {
            events |= ERROR_RECOVERY_COMPLETED;
        }
        if (CallbackBinding.overrides(listener, base, "onTableFileCreated", TableFileCreationInfo.class)) {
            events |= TABLE_FILE_CREATED;
        }
        if (CallbackBinding.overrides(listener, base, "onTableFileCreationStarted", TableFileCreationBriefInfo.class)) {
            events |= TABLE_FILE_CREATION_STARTED;
        }
        if (fileIo) events |= fileEvents(listener, base);
        return events;
    }

    private static int fileEvents(Class<?> listener, Class<?> base) {
        int files = 0;
        String[] methods = {"onFileReadFinish", "onFileWriteFinish", "onFileFlushFinish", "onFileSyncFinish",
                "onFileRangeSyncFinish", "onFileTruncateFinish", "onFileCloseFinish"};
        int[] bits = {FILE_READ, FILE_WRITE, FILE_FLUSH, FILE_SYNC, FILE_RANGE_SYNC, FILE_TRUNCATE, FILE_CLOSE};
        for (int i = 0; i < methods.length; i++) {
            if (CallbackBinding.overrides(listener, base, methods[i], FileOperationInfo.class)) files |= bits[i];
        }
        return files;
    }

    // ---- the events; db is the DB's facade (null once it was collected) --------------------

    /**
     * A flush began.
     *
     * @param db the DB's facade
     * @param info the flush
     */
    default void onFlushBegin(Object db, FlushJobInfo info) {
    }

    /**
     * A flush ended.
     *
     * @param db the DB's facade
     * @param info the flush
     */
    default void onFlushCompleted(Object db, FlushJobInfo info) {
    }

    /**
     * A compaction began.
     *
     * @param db the DB's facade
     * @param info the compaction
     */
    default void onCompactionBegin(Object db, CompactionJobInfo info) {
    }

    /**
     * A compaction ended.
     *
     * @param db the DB's facade
     * @param info the compaction
     */
    default void onCompactionCompleted(Object db, CompactionJobInfo info) {
    }

    /**
     * The engine set a background error.
     *
     * @param reason what failed
     * @param status the error
     */
    default void onBackgroundError(BackgroundErrorReason reason, Status status) {
    }

    /**
     * Writes were slowed down, stopped or let go again.
     *
     * @param info the change
     */
    default void onStallConditionsChanged(WriteStallInfo info) {
    }

    /**
     * A table file was deleted.
     *
     * @param info the file
     */
    default void onTableFileDeleted(TableFileDeletionInfo info) {
    }

    /**
     * A memtable was sealed.
     *
     * @param info the memtable
     */
    default void onMemTableSealed(MemTableInfo info) {
    }

    /**
     * A column family handle is being deleted (named by the family's name and ID).
     *
     * @param db the DB's facade
     * @param owner the DB the handle belongs to
     * @param name the family's name
     * @param id the family's ID
     */
    default void onColumnFamilyHandleDeletionStarted(Object db, NativeDb owner, byte[] name, int id) {
    }

    /**
     * A file was ingested.
     *
     * @param db the DB's facade
     * @param info the file
     */
    default void onExternalFileIngested(Object db, ExternalFileIngestionInfo info) {
    }

    /**
     * A file operation ended (one of the FILE_* events).
     *
     * @param event which operation: one of the FILE_* bits
     * @param info the operation
     */
    default void onFileOperation(int event, FileOperationInfo info) {
    }

    /**
     * The engine starts recovering from a background error.
     *
     * @param reason what failed
     * @param status the error
     * @return whether the engine recovers by itself
     */
    default boolean onErrorRecoveryBegin(BackgroundErrorReason reason, Status status) {
        return true;
    }

    /**
     * The engine recovered.
     *
     * @param oldError the error it recovered from
     */
    default void onErrorRecoveryCompleted(Status oldError) {
    }

    /**
     * A table file is about to be created.
     *
     * @param info the file
     */
    default void onTableFileCreationStarted(TableFileCreationBriefInfo info) {
    }

    /**
     * A table file was created (or its creation failed).
     *
     * @param info the file
     */
    default void onTableFileCreated(TableFileCreationInfo info) {
    }
}
