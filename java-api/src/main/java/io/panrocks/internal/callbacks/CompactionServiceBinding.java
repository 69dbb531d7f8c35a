package io.panrocks.internal.callbacks;

import io.panrocks.CompactionService;
import io.panrocks.CompactionServiceJobInfo;
import io.panrocks.CompactionServiceJobStatus;
import io.panrocks.CompactionServiceResult;
import io.panrocks.CompactionServiceScheduleResponse;
import io.panrocks.Priority;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.Errors;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.ffi.panrocks_compaction_job_info;
import io.panrocks.internal.ffi.panrocks_compaction_service_spec;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A {@link CompactionService} bound to one DB: the upcall targets of
 * {@code panrocks_compaction_service_spec}, called on RocksDB's compaction
 * threads. The input and the job ID are copied into Java objects; the
 * answer's bytes are copied into the engine's string
 * ({@code panrocks_compaction_bytes_set}). Whatever the service throws, or a
 * null answer, is caught by the upcall envelope, which returns
 * {@link #FAILED}: the native service takes that for USE_LOCAL.
 */
public final class CompactionServiceBinding extends CallbackBinding {
    /** the public types' constructors and codes */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private static final FunctionDescriptor SCHEDULE = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor WAIT = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_LONG);
    private static final FunctionDescriptor CANCEL = FunctionDescriptor.ofVoid(JAVA_LONG);
    private static final FunctionDescriptor INSTALLED = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_INT);
    private static final MethodHandle SCHEDULE_TARGET = guarded(MethodHandles.lookup(), "onSchedule", SCHEDULE);
    private static final MethodHandle WAIT_TARGET = guarded(MethodHandles.lookup(), "onWait", WAIT);
    private static final MethodHandle CANCEL_TARGET = guarded(MethodHandles.lookup(), "onCancel", CANCEL);
    private static final MethodHandle INSTALLED_TARGET = guarded(MethodHandles.lookup(), "onInstalled", INSTALLED);
    private static final long INFO_SIZE = panrocks_compaction_job_info.layout().byteSize();

    private final CompactionService service;

    private CompactionServiceBinding(CompactionService service, String name) {
        super("compaction service", name);
        this.service = service;
    }

    /**
     * A binding of service for a DB about to open.
     *
     * @throws IllegalArgumentException if the service's name is null, empty or holds a zero character
     */
    public static CompactionServiceBinding bind(CompactionService service) {
        String name = checkName(service.name(), "the compaction service's name()");
        CompactionServiceBinding b = new CompactionServiceBinding(service, name);
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_compaction_service_spec.allocate(arena);
            panrocks_compaction_service_spec.name(spec, cString(arena, name));
            panrocks_compaction_service_spec.schedule(spec, b.stub(SCHEDULE_TARGET, SCHEDULE));
            panrocks_compaction_service_spec.wait(spec, b.stub(WAIT_TARGET, WAIT));
            panrocks_compaction_service_spec.cancel_awaiting_jobs(spec, b.stub(CANCEL_TARGET, CANCEL));
            panrocks_compaction_service_spec.on_installation(spec, b.stub(INSTALLED_TARGET, INSTALLED));
            return panrocks_h.panrocks_compaction_service_create(spec, out, error);
        });
        return b;
    }

    @Override
    protected long nativeId(MemorySegment handle, MemorySegment buffer, long capacity) {
        return panrocks_h.panrocks_compaction_service_name(handle, buffer, capacity);
    }

    @Override
    protected void destroyNative(MemorySegment handle) {
        panrocks_h.panrocks_compaction_service_destroy(handle);
    }

    /** The native service, for panrocks_open_resources.compaction_service. */
    public MemorySegment nativeHandle() {
        return handle();
    }

    /** How often each function was called and failed: schedule, wait, cancel, installed, failures. */
    public long[] counts() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment c = a.allocate(JAVA_LONG, 5);
            panrocks_h.panrocks_compaction_service_counts(handle(), c);
            return c.toArray(JAVA_LONG);
        }
    }

    // ---- the upcall targets ---------------------------------------------------------------

    @SuppressWarnings("unused") // the upcall target
    private int onSchedule(long context, long info, long input, long inputLength, long jobId) {
        CompactionServiceJobInfo job;
        byte[] in;
        try (Arena views = Arena.ofConfined()) {
            MemorySegment i = view(info, INFO_SIZE, views);
            job = PUBLIC.compactionServiceJobInfo(
                    text(panrocks_compaction_job_info.db_name(i), panrocks_compaction_job_info.db_name_length(i), views),
                    text(panrocks_compaction_job_info.db_id(i), panrocks_compaction_job_info.db_id_length(i), views),
                    text(panrocks_compaction_job_info.db_session_id(i),
                            panrocks_compaction_job_info.db_session_id_length(i), views),
                    panrocks_compaction_job_info.cf_id(i),
                    text(panrocks_compaction_job_info.cf_name(i), panrocks_compaction_job_info.cf_name_length(i), views),
                    panrocks_compaction_job_info.job_id(i),
                    Priority.values()[Math.min(Math.max(panrocks_compaction_job_info.priority(i), 0), 3)],
                    PUBLIC.compactionReason(panrocks_compaction_job_info.compaction_reason(i)),
                    panrocks_compaction_job_info.is_full_compaction(i) != 0,
                    panrocks_compaction_job_info.is_manual_compaction(i) != 0,
                    panrocks_compaction_job_info.bottommost_level(i) != 0,
                    panrocks_compaction_job_info.base_input_level(i),
                    panrocks_compaction_job_info.output_level(i));
            in = inputLength == 0 ? new byte[0] : view(input, inputLength, views).toArray(ValueLayout.JAVA_BYTE);
        }
        CompactionServiceScheduleResponse r = service.schedule(job, in);
        if (r == null) throw new NullPointerException("the compaction service '" + name() + "' returned null from schedule");
        if (r.status() == CompactionServiceJobStatus.SUCCESS) {
            set(jobId, r.scheduledJobId().getBytes(StandardCharsets.UTF_8));
        }
        return r.status().getValue();
    }

    @SuppressWarnings("unused") // the upcall target
    private int onWait(long context, long jobId, long jobIdLength, long result) {
        String id = idOf(jobId, jobIdLength);
        CompactionServiceResult r = service.waitForResult(id);
        if (r == null) throw new NullPointerException("the compaction service '" + name() + "' returned null from waitForResult");
        if (PUBLIC.resultBytes(r).length > 0) set(result, PUBLIC.resultBytes(r));
        return r.status().getValue();
    }

    @SuppressWarnings("unused") // the upcall target
    private void onCancel(long context) {
        service.cancelAwaitingJobs();
    }

    @SuppressWarnings("unused") // the upcall target
    private void onInstalled(long context, long jobId, long jobIdLength, int status) {
        service.onInstallation(idOf(jobId, jobIdLength), PUBLIC.jobStatus(status));
    }

    private static String idOf(long address, long length) {
        try (Arena views = Arena.ofConfined()) {
            return length == 0 ? "" : text(MemorySegment.ofAddress(address), length, views);
        }
    }

    private static String text(MemorySegment at, long length, Arena views) {
        if (length == 0) return "";
        return new String(view(at.address(), length, views).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    /** Copies bytes into the engine's string behind out (valid during this call only). */
    private static void set(long out, byte[] bytes) {
        try (Arena temporary = Arena.ofConfined()) {
            MemorySegment data = temporary.allocate(Math.max(1, bytes.length));
            MemorySegment.copy(bytes, 0, data, ValueLayout.JAVA_BYTE, 0, bytes.length);
            MemorySegment error = temporary.allocate(panrocks_error.layout());
            int rc = panrocks_h.panrocks_compaction_bytes_set(MemorySegment.ofAddress(out), data, bytes.length, error);
            if (rc != 0) throw new IllegalStateException("panrocks_compaction_bytes_set", Errors.toException(rc, error));
        }
    }
}
