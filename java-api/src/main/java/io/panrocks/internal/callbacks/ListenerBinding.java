package io.panrocks.internal.callbacks;

import io.panrocks.AbstractEventListener;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.CompactionJobInfo;
import io.panrocks.CompactionJobStats;
import io.panrocks.ExternalFileIngestionInfo;
import io.panrocks.FileOperationInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.MemTableInfo;
import io.panrocks.RocksDB;
import io.panrocks.Status;
import io.panrocks.TableFileCreationBriefInfo;
import io.panrocks.TableFileCreationInfo;
import io.panrocks.TableFileCreationReason;
import io.panrocks.TableFileDeletionInfo;
import io.panrocks.WriteStallInfo;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.ffi.panrocks_background_error_info;
import io.panrocks.internal.ffi.panrocks_cf_handle_info;
import io.panrocks.internal.ffi.panrocks_compaction_details;
import io.panrocks.internal.ffi.panrocks_compaction_info;
import io.panrocks.internal.ffi.panrocks_compaction_stats;
import io.panrocks.internal.ffi.panrocks_error_recovery_info;
import io.panrocks.internal.ffi.panrocks_event_status;
import io.panrocks.internal.ffi.panrocks_file_deletion_info;
import io.panrocks.internal.ffi.panrocks_file_operation_info;
import io.panrocks.internal.ffi.panrocks_flush_info;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_ingestion_info;
import io.panrocks.internal.ffi.panrocks_listener_spec;
import io.panrocks.internal.ffi.panrocks_memtable_info;
import io.panrocks.internal.ffi.panrocks_slice;
import io.panrocks.internal.ffi.panrocks_stall_info;
import io.panrocks.internal.ffi.panrocks_table_file_info;
import io.panrocks.internal.jfr.Jfr;
import io.panrocks.internal.maintenance.TablePropertiesCodec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * An {@link AbstractEventListener} bound to one DB: the upcall target of
 * {@code panrocks_listener_spec}. Events are rare, so each is copied into
 * plain Java objects before the user's method sees it. The facade is held
 * weakly: a DB its user forgot must stay collectable. It stays in this
 * package: the event objects are made through package-private
 * constructors and factories ({@code FlushJobInfo}, {@code FlushReason.of}
 * ...), which are not API.
 */
public final class ListenerBinding extends CallbackBinding {
    /** the public types' constructors and codes */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private static final FunctionDescriptor EVENT = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, JAVA_LONG);
    private static final MethodHandle EVENT_TARGET;
    private static final int FLUSH = 1, COMPACTION = 2, BACKGROUND_ERROR = 4, STALL = 8;
    // the events of panrocks_events.h
    private static final int FLUSH_BEGIN = panrocks_h.PANROCKS_EVENT_FLUSH_BEGIN(),
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
            ERROR_RECOVERY_COMPLETED = panrocks_h.PANROCKS_EVENT_ERROR_RECOVERY_COMPLETED();
    private static final int TABLE_FILE_CREATED = panrocks_h.PANROCKS_EVENT_TABLE_FILE_CREATED(),
            TABLE_FILE_CREATION_STARTED = panrocks_h.PANROCKS_EVENT_TABLE_FILE_CREATION_STARTED();

    static {
        try {
            EVENT_TARGET = guarded(MethodHandles.lookup().findVirtual(ListenerBinding.class, "onEvent",
                    EVENT.toMethodType()));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AbstractEventListener listener;
    /** the listener is panrocks' own, behind the JFR events */
    private final boolean jfr;
    private volatile WeakReference<RocksDB> facade = new WeakReference<>(null);

    private ListenerBinding(AbstractEventListener listener) {
        super("event listener", listener.getClass().getName());
        this.listener = listener;
        this.jfr = listener instanceof JfrListener;
    }

    /** Whether a recording has the JFR event of an engine event on (the JFR listener's upcalls end here if not). */
    private static boolean jfrWants(int event) {
        if (event == FLUSH || event == FLUSH_BEGIN) return Jfr.flush();
        if (event == COMPACTION || event == COMPACTION_BEGIN) return Jfr.compaction();
        if (event == STALL) return Jfr.stall();
        if (event == BACKGROUND_ERROR) return Jfr.backgroundError();
        return event == EXTERNAL_FILE_INGESTED && Jfr.ingestion();
    }

    public static ListenerBinding bind(AbstractEventListener listener) {
        ListenerBinding b = new ListenerBinding(listener);
        Class<?> c = listener.getClass();
        Class<?> base = AbstractEventListener.class;
        int events = 0;
        if (overrides(c, base, "onFlushCompleted", RocksDB.class, FlushJobInfo.class)) events |= FLUSH;
        if (overrides(c, base, "onCompactionCompleted", RocksDB.class, CompactionJobInfo.class)) {
            events |= COMPACTION;
        }
        if (overrides(c, base, "onBackgroundError", BackgroundErrorReason.class, Status.class)) {
            events |= BACKGROUND_ERROR;
        }
        if (overrides(c, base, "onStallConditionsChanged", WriteStallInfo.class)) events |= STALL;
        events |= laterEvents(listener, c, base);
        // table files
        if (overrides(c, base, "onTableFileCreated", TableFileCreationInfo.class)) events |= TABLE_FILE_CREATED;
        if (overrides(c, base, "onTableFileCreationStarted", TableFileCreationBriefInfo.class)) {
            events |= TABLE_FILE_CREATION_STARTED;
        }
        int mask = events;
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_listener_spec.allocate(arena);
            panrocks_listener_spec.name(spec, cString(arena, b.name()));
            panrocks_listener_spec.on_event(spec, b.stub(EVENT_TARGET, EVENT));
            panrocks_listener_spec.events(spec, mask);
            return panrocks_h.panrocks_listener_create(spec, out, error);
        });
        return b;
    }

    public void facade(WeakReference<RocksDB> db) {
        facade = db;
    }

    /**
     * The bits of the events of panrocks_events.h the listener overrides.
     * A file I/O event also needs the listener's yes to
     * shouldBeNotifiedOnFileIO (as in RocksJava), asked here once: without
     * one of those bits RocksDB leaves the DB's file operations untimed.
     */
    private static int laterEvents(AbstractEventListener listener, Class<?> c, Class<?> base) {
        int events = 0;
        if (overrides(c, base, "onFlushBegin", RocksDB.class, FlushJobInfo.class)) events |= FLUSH_BEGIN;
        if (overrides(c, base, "onTableFileDeleted", TableFileDeletionInfo.class)) events |= TABLE_FILE_DELETED;
        if (overrides(c, base, "onCompactionBegin", RocksDB.class, CompactionJobInfo.class)) {
            events |= COMPACTION_BEGIN;
        }
        if (overrides(c, base, "onMemTableSealed", MemTableInfo.class)) events |= MEMTABLE_SEALED;
        if (overrides(c, base, "onColumnFamilyHandleDeletionStarted", ColumnFamilyHandle.class)) {
            events |= CF_HANDLE_DELETION_STARTED;
        }
        if (overrides(c, base, "onExternalFileIngested", RocksDB.class, ExternalFileIngestionInfo.class)) {
            events |= EXTERNAL_FILE_INGESTED;
        }
        if (overrides(c, base, "onErrorRecoveryBegin", BackgroundErrorReason.class, Status.class)) {
            events |= ERROR_RECOVERY_BEGIN;
        }
        if (overrides(c, base, "onErrorRecoveryCompleted", Status.class)) events |= ERROR_RECOVERY_COMPLETED;
        int files = 0;
        if (overrides(c, base, "onFileReadFinish", FileOperationInfo.class)) files |= FILE_READ;
        if (overrides(c, base, "onFileWriteFinish", FileOperationInfo.class)) files |= FILE_WRITE;
        if (overrides(c, base, "onFileFlushFinish", FileOperationInfo.class)) files |= FILE_FLUSH;
        if (overrides(c, base, "onFileSyncFinish", FileOperationInfo.class)) files |= FILE_SYNC;
        if (overrides(c, base, "onFileRangeSyncFinish", FileOperationInfo.class)) files |= FILE_RANGE_SYNC;
        if (overrides(c, base, "onFileTruncateFinish", FileOperationInfo.class)) files |= FILE_TRUNCATE;
        if (overrides(c, base, "onFileCloseFinish", FileOperationInfo.class)) files |= FILE_CLOSE;
        if (files != 0 && listener.shouldBeNotifiedOnFileIO()) events |= files;
        return events;
    }

    /** The input (or output) file names of a compaction's details: an array of as many slices as the info counts. */
    private static List<String> fileNames(MemorySegment details, boolean input, MemorySegment info, Arena scope) {
        long count = input ? panrocks_compaction_info.input_files(info) : panrocks_compaction_info.output_files(info);
        MemorySegment array = (input ? panrocks_compaction_details.input_file_names(details)
                : panrocks_compaction_details.output_file_names(details))
                .reinterpret(count * panrocks_slice.sizeof(), scope, null);
        List<String> names = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) names.add(string(panrocks_slice.asSlice(array, i), scope));
        return names;
    }

    /** A copy of the engine's CompactionJobStats (the struct, inside the details). */
    private static CompactionJobStats stats(MemorySegment s, Arena scope) {
        long[] counters = {
                panrocks_compaction_stats.elapsed_micros(s), panrocks_compaction_stats.num_input_records(s),
                panrocks_compaction_stats.num_input_files(s), panrocks_compaction_stats.num_input_files_at_output_level(s),
                panrocks_compaction_stats.num_output_records(s), panrocks_compaction_stats.num_output_files(s),
                panrocks_compaction_stats.total_input_bytes(s), panrocks_compaction_stats.total_output_bytes(s),
                panrocks_compaction_stats.num_records_replaced(s), panrocks_compaction_stats.total_input_raw_key_bytes(s),
                panrocks_compaction_stats.total_input_raw_value_bytes(s),
                panrocks_compaction_stats.num_input_deletion_records(s),
                panrocks_compaction_stats.num_expired_deletion_records(s), panrocks_compaction_stats.num_corrupt_keys(s),
                panrocks_compaction_stats.file_write_nanos(s), panrocks_compaction_stats.file_range_sync_nanos(s),
                panrocks_compaction_stats.file_fsync_nanos(s), panrocks_compaction_stats.file_prepare_write_nanos(s),
                panrocks_compaction_stats.num_single_del_fallthru(s), panrocks_compaction_stats.num_single_del_mismatch(s)};
        return PUBLIC.compactionJobStats(counters, panrocks_compaction_stats.is_manual_compaction(s) != 0,
                bytes(panrocks_compaction_stats.smallest_output_key_prefix(s), scope),
                bytes(panrocks_compaction_stats.largest_output_key_prefix(s), scope));
    }

    private static byte[] bytes(MemorySegment slice, Arena scope) {
        long size = panrocks_slice.size(slice);
        if (size == 0) return new byte[0];
        return MemorySegment.ofAddress(panrocks_slice.data(slice).address()).reinterpret(size, scope, null)
                .toArray(ValueLayout.JAVA_BYTE);
    }

    private static String string(MemorySegment slice, Arena scope) {
        long size = panrocks_slice.size(slice);
        if (size == 0) return "";
        MemorySegment bytes = MemorySegment.ofAddress(panrocks_slice.data(slice).address()).reinterpret(size, scope, null);
        return new String(bytes.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    // ---- what the events carry (copied out of the native structs) ----------------------------

    /** A flush's info (panrocks_flush_info), for its begin and its end. */
    private static FlushJobInfo flushInfo(MemorySegment f, Arena scope) {
        return PUBLIC.flushJobInfo(Integer.toUnsignedLong(panrocks_flush_info.cf_id(f)),
                string(panrocks_flush_info.cf_name(f), scope), string(panrocks_flush_info.file_path(f), scope),
                panrocks_flush_info.thread_id(f), panrocks_flush_info.job_id(f),
                panrocks_flush_info.triggered_writes_slowdown(f) != 0,
                panrocks_flush_info.triggered_writes_stop(f) != 0, panrocks_flush_info.smallest_seqno(f),
                panrocks_flush_info.largest_seqno(f), panrocks_flush_info.num_entries(f),
                panrocks_flush_info.file_size(f), PUBLIC.flushReason(panrocks_flush_info.flush_reason(f)));
    }

    /**
     * A copy of the engine's CompactionJobInfo as the ABI shows it
     * ({@code c}, a {@code panrocks_compaction_info} readable in scope): for
     * a listener's begin and end events, and for the job of {@link RocksDB#compactFiles}.
     */
    public static CompactionJobInfo compactionJobInfo(MemorySegment c, Arena scope) {
        int code = panrocks_compaction_info.status_code(c);
        Status status = new Status(Status.Code.of(code),
                Status.SubCode.of(panrocks_compaction_info.status_subcode(c)), Status.Severity.NoError,
                string(panrocks_compaction_info.status_message(c), scope));
        MemorySegment d = panrocks_compaction_info.details(c)
                .reinterpret(panrocks_compaction_details.sizeof(), scope, null);
        return PUBLIC.compactionJobInfo(Integer.toUnsignedLong(panrocks_compaction_info.cf_id(c)),
                string(panrocks_compaction_info.cf_name(c), scope), status,
                panrocks_compaction_info.thread_id(c), panrocks_compaction_info.job_id(c),
                panrocks_compaction_info.base_input_level(c), panrocks_compaction_info.output_level(c),
                PUBLIC.compactionReason(panrocks_compaction_info.compaction_reason(c)),
                panrocks_compaction_info.input_files(c), panrocks_compaction_info.output_files(c),
                panrocks_compaction_info.input_records(c), panrocks_compaction_info.output_records(c),
                panrocks_compaction_info.total_input_bytes(c), panrocks_compaction_info.total_output_bytes(c),
                panrocks_compaction_info.elapsed_micros(c), fileNames(d, true, c, scope),
                fileNames(d, false, c, scope),
                PUBLIC.compression(panrocks_compaction_details.compression(d)),
                stats(panrocks_compaction_details.stats(d), scope),
                TablePropertiesCodec.collectionOf(MemorySegment.ofArray(
                        bytes(panrocks_compaction_details.table_properties(d), scope)), PUBLIC.tableProperties()));
    }

    // ---- the upcall body (CallbackBinding.guarded wraps it in the upcall envelope) --------

    private void onEvent(long context, int event, long info) {
        if (jfr && !jfrWants(event)) return; // no recording wants it: nothing copied
        try (Arena scope = Arena.ofConfined()) {
            deliver(event, info, scope);
        }
    }

    private void deliver(int event, long info, Arena scope) {
        switch (event) {
            case FLUSH -> listener.onFlushCompleted(facade.get(),
                    flushInfo(struct(info, panrocks_flush_info.sizeof(), scope), scope));
            case COMPACTION -> listener.onCompactionCompleted(facade.get(),
                    compactionJobInfo(struct(info, panrocks_compaction_info.sizeof(), scope), scope));
            case BACKGROUND_ERROR -> {
                MemorySegment b = struct(info, panrocks_background_error_info.sizeof(), scope);
                Status status = new Status(Status.Code.of(panrocks_background_error_info.code(b)),
                        Status.SubCode.of(panrocks_background_error_info.subcode(b)),
                        Status.Severity.of(panrocks_background_error_info.severity(b)),
                        string(panrocks_background_error_info.message(b), scope));
                listener.onBackgroundError(PUBLIC.backgroundErrorReason(panrocks_background_error_info.reason(b)), status);
            }
            case STALL -> {
                MemorySegment s = struct(info, panrocks_stall_info.sizeof(), scope);
                listener.onStallConditionsChanged(PUBLIC.writeStallInfo(string(panrocks_stall_info.cf_name(s), scope),
                        PUBLIC.writeStallCondition(panrocks_stall_info.current_condition(s)),
                        PUBLIC.writeStallCondition(panrocks_stall_info.previous_condition(s))));
            }
            default -> deliverLater(event, info, scope);
        }
    }

    /** RocksDB's status inside an event (panrocks_event_status). */
    private static Status status(MemorySegment s, Arena scope) {
        return new Status(Status.Code.of(panrocks_event_status.code(s)),
                Status.SubCode.of(panrocks_event_status.subcode(s)),
                Status.Severity.of(panrocks_event_status.severity(s)),
                string(panrocks_event_status.message(s), scope));
    }

    private static MemorySegment struct(long info, long size, Arena scope) {
        return MemorySegment.ofAddress(info).reinterpret(size, scope, null);
    }

    /** The events of panrocks_events.h. */
    private void deliverLater(int event, long info, Arena scope) {
        if (event == FLUSH_BEGIN) {
            listener.onFlushBegin(facade.get(), flushInfo(struct(info, panrocks_flush_info.sizeof(), scope), scope));
        } else if (event == COMPACTION_BEGIN) {
            listener.onCompactionBegin(facade.get(),
                    compactionJobInfo(struct(info, panrocks_compaction_info.sizeof(), scope), scope));
        } else if (event == TABLE_FILE_DELETED) {
            MemorySegment d = struct(info, panrocks_file_deletion_info.sizeof(), scope);
            listener.onTableFileDeleted(PUBLIC.tableFileDeletionInfo(
                    string(panrocks_file_deletion_info.db_name(d), scope),
                    string(panrocks_file_deletion_info.file_path(d), scope), panrocks_file_deletion_info.job_id(d),
                    status(panrocks_file_deletion_info.status(d), scope)));
        } else if (event == MEMTABLE_SEALED) {
            MemorySegment m = struct(info, panrocks_memtable_info.sizeof(), scope);
            listener.onMemTableSealed(PUBLIC.memTableInfo(string(panrocks_memtable_info.cf_name(m), scope),
                    panrocks_memtable_info.first_seqno(m), panrocks_memtable_info.earliest_seqno(m),
                    panrocks_memtable_info.num_entries(m), panrocks_memtable_info.num_deletes(m)));
        } else if (event == CF_HANDLE_DELETION_STARTED) {
            NativeDb owner = db;
            if (owner == null) return;  // during the open: no DB to name the handle's
            MemorySegment h = struct(info, panrocks_cf_handle_info.sizeof(), scope);
            byte[] name = bytes(panrocks_cf_handle_info.cf_name(h), scope);
            listener.onColumnFamilyHandleDeletionStarted(PUBLIC.deletedFamilyHandle(facade.get(), owner, name,
                    panrocks_cf_handle_info.cf_id(h)));
        } else if (event == EXTERNAL_FILE_INGESTED) {
            MemorySegment g = struct(info, panrocks_ingestion_info.sizeof(), scope);
            listener.onExternalFileIngested(facade.get(), PUBLIC.externalFileIngestionInfo(
                    string(panrocks_ingestion_info.cf_name(g), scope),
                    string(panrocks_ingestion_info.external_file_path(g), scope),
                    string(panrocks_ingestion_info.internal_file_path(g), scope),
                    panrocks_ingestion_info.global_seqno(g)));
        } else if (event == ERROR_RECOVERY_BEGIN) {
            MemorySegment r = struct(info, panrocks_error_recovery_info.sizeof(), scope);
            boolean recover = listener.onErrorRecoveryBegin(
                    PUBLIC.backgroundErrorReason(panrocks_error_recovery_info.reason(r)),
                    status(panrocks_error_recovery_info.error(r), scope));
            panrocks_error_recovery_info.auto_recovery(r, recover ? 1 : 0);
        } else if (event == ERROR_RECOVERY_COMPLETED) {
            listener.onErrorRecoveryCompleted(status(struct(info, panrocks_event_status.sizeof(), scope), scope));
        } else if (event == TABLE_FILE_CREATED || event == TABLE_FILE_CREATION_STARTED) {
            deliverTableFile(event, info, scope);
        } else if ((event & panrocks_h.PANROCKS_EVENTS_FILE_IO()) != 0) {
            deliverFileOperation(event, fileOperation(struct(info, panrocks_file_operation_info.sizeof(), scope),
                    scope));
        }
        // else: an event this version does not know
    }

    private static FileOperationInfo fileOperation(MemorySegment f, Arena scope) {
        return PUBLIC.fileOperationInfo(string(panrocks_file_operation_info.path(f), scope),
                panrocks_file_operation_info.offset(f), panrocks_file_operation_info.length(f),
                panrocks_file_operation_info.start_nanos(f), panrocks_file_operation_info.duration_nanos(f),
                status(panrocks_file_operation_info.status(f), scope));
    }

    private void deliverFileOperation(int event, FileOperationInfo f) {
        if (event == FILE_READ) listener.onFileReadFinish(f);
        else if (event == FILE_WRITE) listener.onFileWriteFinish(f);
        else if (event == FILE_FLUSH) listener.onFileFlushFinish(f);
        else if (event == FILE_SYNC) listener.onFileSyncFinish(f);
        else if (event == FILE_RANGE_SYNC) listener.onFileRangeSyncFinish(f);
        else if (event == FILE_TRUNCATE) listener.onFileTruncateFinish(f);
        else if (event == FILE_CLOSE) listener.onFileCloseFinish(f);
    }

    /** A table file's creation started or ended: the info copied, its properties decoded, then the user's method. */
    private void deliverTableFile(int event, long info, Arena scope) {
        MemorySegment t = struct(info, panrocks_table_file_info.sizeof(), scope);
        String dbName = string(panrocks_table_file_info.db_name(t), scope);
        String family = string(panrocks_table_file_info.cf_name(t), scope);
        String path = string(panrocks_table_file_info.file_path(t), scope);
        int job = panrocks_table_file_info.job_id(t);
        TableFileCreationReason reason = PUBLIC.tableFileCreationReason(panrocks_table_file_info.reason(t));
        if (event == TABLE_FILE_CREATION_STARTED) {
            listener.onTableFileCreationStarted(PUBLIC.tableFileCreationBriefInfo(dbName, family, path, job, reason));
            return;
        }
        Status status = new Status(Status.Code.of(panrocks_table_file_info.status_code(t)),
                Status.SubCode.of(panrocks_table_file_info.status_subcode(t)), Status.Severity.NoError,
                string(panrocks_table_file_info.status_message(t), scope));
        MemorySegment encoded = panrocks_table_file_info.properties(t);
        MemorySegment properties = MemorySegment.ofArray(bytes(encoded, scope));
        listener.onTableFileCreated(PUBLIC.tableFileCreationInfo(dbName, family, path, job, reason,
                panrocks_table_file_info.file_size(t), TablePropertiesCodec.properties(properties, PUBLIC.tableProperties()), status));
    }
}
