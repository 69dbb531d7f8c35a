package io.panrocks.internal.callbacks;

import io.panrocks.CompactionJobInfo;
import io.panrocks.CompactionJobStats;
import io.panrocks.FileOperationInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.Status;
import io.panrocks.TableFileCreationReason;
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

import static io.panrocks.internal.callbacks.EventPort.*;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A listener ({@link EventPort}) bound to one DB: the upcall target of
 * {@code panrocks_listener_spec}. Events are rare, so each is copied into
 * plain Java objects before the listener sees it; the objects are made
 * through the public types' package-private constructors
 * ({@code PublicAccess}). The facade is held weakly: a DB its user forgot
 * must stay collectable.
 */
public final class ListenerBinding extends CallbackBinding {
    /** the public types' constructors and codes */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private static final FunctionDescriptor EVENT = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, JAVA_LONG);
    private static final MethodHandle EVENT_TARGET = guarded(MethodHandles.lookup(), "onEvent", EVENT);

    private final EventPort listener;
    /** the listener is panrocks' own, behind the JFR events */
    private final boolean jfr;
    private volatile WeakReference<Object> facade = new WeakReference<>(null);

    private ListenerBinding(EventPort listener) {
        super("event listener", listener.name());
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

    /**
     * A binding of a listener for one DB.
     *
     * @param listener the listener, as the engine side sees it
     * @return the binding, registered when the DB opens
     */
    public static ListenerBinding bind(EventPort listener) {
        ListenerBinding b = new ListenerBinding(listener);
        int mask = listener.events();
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_listener_spec.allocate(arena);
            panrocks_listener_spec.name(spec, cString(arena, b.name()));
            panrocks_listener_spec.on_event(spec, b.stub(EVENT_TARGET, EVENT));
            panrocks_listener_spec.events(spec, mask);
            return panrocks_h.panrocks_listener_create(spec, out, error);
        });
        return b;
    }

    /**
     * The DB's facade, handed to the listener's events (held weakly: a DB its user forgot must stay collectable).
     *
     * @param db the facade
     */
    public void facade(WeakReference<Object> db) {
        facade = db;
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
     * a listener's begin and end events, and for the job of {@code RocksDB.compactFiles}.
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
            listener.onColumnFamilyHandleDeletionStarted(facade.get(), owner, name, panrocks_cf_handle_info.cf_id(h));
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
            listener.onFileOperation(event, fileOperation(struct(info, panrocks_file_operation_info.sizeof(), scope),
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
