package io.panrocks;

import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.ffi.panrocks_background_error_info;
import io.panrocks.internal.ffi.panrocks_compaction_details;
import io.panrocks.internal.ffi.panrocks_compaction_info;
import io.panrocks.internal.ffi.panrocks_compaction_stats;
import io.panrocks.internal.ffi.panrocks_flush_info;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_listener_spec;
import io.panrocks.internal.ffi.panrocks_slice;
import io.panrocks.internal.ffi.panrocks_stall_info;
import io.panrocks.internal.ffi.panrocks_table_file_info;

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
final class ListenerBinding extends CallbackBinding {
    private static final FunctionDescriptor EVENT = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, JAVA_LONG);
    private static final MethodHandle EVENT_TARGET;
    private static final int FLUSH = 1, COMPACTION = 2, BACKGROUND_ERROR = 4, STALL = 8;
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
    private volatile WeakReference<RocksDB> facade = new WeakReference<>(null);

    private ListenerBinding(AbstractEventListener listener) {
        super("event listener", listener.getClass().getName());
        this.listener = listener;
    }

    static ListenerBinding bind(AbstractEventListener listener) {
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

    void facade(WeakReference<RocksDB> db) {
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
        return new CompactionJobStats(counters, panrocks_compaction_stats.is_manual_compaction(s) != 0,
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

    // ---- the upcall body (CallbackBinding.guarded wraps it in the upcall envelope) --------

    private void onEvent(long context, int event, long info) {
        try (Arena scope = Arena.ofConfined()) {
            deliver(event, info, scope);
        }
    }

    private void deliver(int event, long info, Arena scope) {
        switch (event) {
            case FLUSH -> {
                MemorySegment f = MemorySegment.ofAddress(info).reinterpret(panrocks_flush_info.sizeof(), scope, null);
                listener.onFlushCompleted(facade.get(), new FlushJobInfo(
                        Integer.toUnsignedLong(panrocks_flush_info.cf_id(f)),
                        string(panrocks_flush_info.cf_name(f), scope), string(panrocks_flush_info.file_path(f), scope),
                        panrocks_flush_info.thread_id(f), panrocks_flush_info.job_id(f),
                        panrocks_flush_info.triggered_writes_slowdown(f) != 0,
                        panrocks_flush_info.triggered_writes_stop(f) != 0, panrocks_flush_info.smallest_seqno(f),
                        panrocks_flush_info.largest_seqno(f), panrocks_flush_info.num_entries(f),
                        panrocks_flush_info.file_size(f), FlushReason.of(panrocks_flush_info.flush_reason(f))));
            }
            case COMPACTION -> {
                MemorySegment c = MemorySegment.ofAddress(info)
                        .reinterpret(panrocks_compaction_info.sizeof(), scope, null);
                int code = panrocks_compaction_info.status_code(c);
                Status status = new Status(Status.Code.of(code),
                        Status.SubCode.of(panrocks_compaction_info.status_subcode(c)), Status.Severity.NoError,
                        string(panrocks_compaction_info.status_message(c), scope));
                MemorySegment d = panrocks_compaction_info.details(c)
                        .reinterpret(panrocks_compaction_details.sizeof(), scope, null);
                listener.onCompactionCompleted(facade.get(), new CompactionJobInfo(
                        Integer.toUnsignedLong(panrocks_compaction_info.cf_id(c)),
                        string(panrocks_compaction_info.cf_name(c), scope), status,
                        panrocks_compaction_info.thread_id(c), panrocks_compaction_info.job_id(c),
                        panrocks_compaction_info.base_input_level(c), panrocks_compaction_info.output_level(c),
                        CompactionReason.of(panrocks_compaction_info.compaction_reason(c)),
                        panrocks_compaction_info.input_files(c), panrocks_compaction_info.output_files(c),
                        panrocks_compaction_info.input_records(c), panrocks_compaction_info.output_records(c),
                        panrocks_compaction_info.total_input_bytes(c), panrocks_compaction_info.total_output_bytes(c),
                        panrocks_compaction_info.elapsed_micros(c), fileNames(d, true, c, scope),
                        fileNames(d, false, c, scope),
                        CompactionJobInfo.compressionOf(panrocks_compaction_details.compression(d)),
                        stats(panrocks_compaction_details.stats(d), scope))
                        .tableProperties(TablePropertiesCodec.collectionOf(MemorySegment.ofArray(
                                bytes(panrocks_compaction_details.table_properties(d), scope)))));
            }
            case BACKGROUND_ERROR -> {
                MemorySegment b = MemorySegment.ofAddress(info)
                        .reinterpret(panrocks_background_error_info.sizeof(), scope, null);
                Status status = new Status(Status.Code.of(panrocks_background_error_info.code(b)),
                        Status.SubCode.of(panrocks_background_error_info.subcode(b)),
                        Status.Severity.of(panrocks_background_error_info.severity(b)),
                        string(panrocks_background_error_info.message(b), scope));
                listener.onBackgroundError(BackgroundErrorReason.of(panrocks_background_error_info.reason(b)), status);
            }
            case STALL -> {
                MemorySegment s = MemorySegment.ofAddress(info).reinterpret(panrocks_stall_info.sizeof(), scope, null);
                listener.onStallConditionsChanged(new WriteStallInfo(string(panrocks_stall_info.cf_name(s), scope),
                        WriteStallCondition.of(panrocks_stall_info.current_condition(s)),
                        WriteStallCondition.of(panrocks_stall_info.previous_condition(s))));
            }
            default -> {
                if (event == TABLE_FILE_CREATED || event == TABLE_FILE_CREATION_STARTED) {
                    deliverTableFile(event, info, scope);
                }
                // else an event this version does not know
            }
        }
    }

    /** A table file's creation started or ended: the info copied, its properties decoded, then the user's method. */
    private void deliverTableFile(int event, long info, Arena scope) {
        MemorySegment t = MemorySegment.ofAddress(info).reinterpret(panrocks_table_file_info.sizeof(), scope, null);
        String dbName = string(panrocks_table_file_info.db_name(t), scope);
        String family = string(panrocks_table_file_info.cf_name(t), scope);
        String path = string(panrocks_table_file_info.file_path(t), scope);
        int job = panrocks_table_file_info.job_id(t);
        TableFileCreationReason reason = TableFileCreationReason.of(panrocks_table_file_info.reason(t));
        if (event == TABLE_FILE_CREATION_STARTED) {
            listener.onTableFileCreationStarted(new TableFileCreationBriefInfo(dbName, family, path, job, reason));
            return;
        }
        Status status = new Status(Status.Code.of(panrocks_table_file_info.status_code(t)),
                Status.SubCode.of(panrocks_table_file_info.status_subcode(t)), Status.Severity.NoError,
                string(panrocks_table_file_info.status_message(t), scope));
        MemorySegment encoded = panrocks_table_file_info.properties(t);
        MemorySegment properties = MemorySegment.ofArray(bytes(encoded, scope));
        listener.onTableFileCreated(new TableFileCreationInfo(dbName, family, path, job, reason,
                panrocks_table_file_info.file_size(t), TablePropertiesCodec.properties(properties), status));
    }
}
