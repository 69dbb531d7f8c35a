package io.panrocks.internal.callbacks;

import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.Errors;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_wal_filter_spec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A WAL filter ({@link WalPort}) bound to one open: the upcall targets of
 * {@code panrocks_wal_filter_spec}, called on the opening thread while
 * RocksDB replays the write-ahead log. Each record's batch is copied into a
 * {@code WriteBatch} (closed when the call returns); a replacement is copied
 * back into the engine's batch. What the filter throws is recorded by the
 * upcall envelope, and also fails the native filter ({@link #onFailure}),
 * which from then on refuses every record so that RocksDB ends the open
 * (panrocks_walfilt.h, "Failure"); {@link #openFailure} turns that into the
 * open's exception.
 */
public final class WalFilterBinding extends CallbackBinding {
    private static final FunctionDescriptor COLUMN_FAMILIES = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor RECORD = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final MethodHandle COLUMN_FAMILIES_TARGET = guarded(MethodHandles.lookup(), "onColumnFamilies", COLUMN_FAMILIES);
    private static final MethodHandle RECORD_TARGET = guarded(MethodHandles.lookup(), "onRecord", RECORD);

    private final WalPort filter;

    private WalFilterBinding(WalPort filter, String name) {
        super("WAL filter", name);
        this.filter = filter;
    }

    /**
     * A binding of filter for a DB about to open.
     *
     * @throws IllegalArgumentException if the filter's name is null, empty,
     *         holds a zero character or starts with panrocks' IDs
     */
    public static WalFilterBinding bind(WalPort filter) {
        String name = checkName(filter.name(), "the WAL filter's name()");
        WalFilterBinding b = new WalFilterBinding(filter, name);
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_wal_filter_spec.allocate(arena);
            panrocks_wal_filter_spec.name(spec, cString(arena, name));
            panrocks_wal_filter_spec.column_families(spec, b.stub(COLUMN_FAMILIES_TARGET, COLUMN_FAMILIES));
            panrocks_wal_filter_spec.record_found(spec, b.stub(RECORD_TARGET, RECORD));
            return panrocks_h.panrocks_wal_filter_create(spec, out, error);
        });
        return b;
    }

    @Override
    protected long nativeId(MemorySegment handle, MemorySegment buffer, long capacity) {
        return panrocks_h.panrocks_wal_filter_id(handle, buffer, capacity);
    }

    @Override
    protected void destroyNative(MemorySegment handle) {
        panrocks_h.panrocks_wal_filter_destroy(handle);
    }

    /** Whatever the filter threw, the native filter refuses every later record: RocksDB ends the open. */
    @Override
    protected void onFailure(Throwable t) {
        panrocks_h.panrocks_wal_filter_fail(handle());
    }

    /** How many records the engine handed to the filter (for tests). */
    public long records() {
        return panrocks_h.panrocks_wal_filter_records(handle());
    }

    /**
     * The open's exception once the filter threw: RocksDB's code (the engine's
     * refusal, when the open failed; else NotSupported), a message naming the
     * filter and what it threw, what it threw as the cause.
     *
     * @param engine the open's exception, or null if the open succeeded
     */
    public RocksDBException openFailure(RocksDBException engine) {
        Throwable thrown = firstFailure();
        Status s = engine != null ? engine.getStatus()
                : new Status(Status.Code.NotSupported, Status.SubCode.None, Status.Severity.NoError, "");
        String message = "the WAL filter '" + name() + "' threw " + thrown + " while the log was replayed, so the DB "
                + "was not opened (nothing was dropped: an open without the filter replays the log)"
                + (s.state().isEmpty() ? "" : "; RocksDB: " + s.state());
        RocksDBException e = new RocksDBException(new Status(s.code(), s.subCode(), s.severity(), message));
        e.initCause(thrown);
        return e;
    }

    // ---- the upcall targets ---------------------------------------------------------------

    @SuppressWarnings("unused") // the upcall target
    private void onColumnFamilies(long context, long count, long ids, long logNumbers, long names, long nameLengths) {
        Map<Integer, Long> logNumberById = new HashMap<>();
        Map<String, Integer> idByName = new HashMap<>();
        try (Arena views = Arena.ofConfined()) {
            MemorySegment idArray = view(ids, count * Integer.BYTES, views);
            MemorySegment logArray = view(logNumbers, count * Long.BYTES, views);
            MemorySegment nameArray = view(names, count * ValueLayout.ADDRESS.byteSize(), views);
            MemorySegment lengthArray = view(nameLengths, count * Long.BYTES, views);
            for (long i = 0; i < count; i++) {
                int id = idArray.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
                long name = nameArray.getAtIndex(ValueLayout.ADDRESS_UNALIGNED, i).address();
                long length = lengthArray.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                logNumberById.put(id, logArray.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i));
                idByName.put(new String(view(name, length, views).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8),
                        id);
            }
        }
        filter.columnFamilyLogNumberMap(logNumberById, idByName);
    }

    @SuppressWarnings("unused") // the upcall target
    private int onRecord(long context, long logNumber, long fileName, long fileNameLength, long batch, long batchSize,
                         long newBatch) throws RocksDBException {
        WalPort.Answer answer;
        try (Arena views = Arena.ofConfined()) {
            String file = new String(view(fileName, fileNameLength, views).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.UTF_8);
            answer = filter.logRecordFound(logNumber, file, view(batch, batchSize, views));
        }
        byte[] data = answer.replacement();
        if (data != null) {
            try (Arena temporary = Arena.ofConfined()) {
                MemorySegment bytes = temporary.allocateFrom(ValueLayout.JAVA_BYTE, data);
                MemorySegment error = temporary.allocate(panrocks_error.layout());
                int rc = panrocks_h.panrocks_wal_filter_replace_batch(MemorySegment.ofAddress(newBatch), bytes,
                        data.length, error);
                if (rc != 0) throw Errors.toException(rc, error);
            }
        }
        return answer.code();
    }
}
