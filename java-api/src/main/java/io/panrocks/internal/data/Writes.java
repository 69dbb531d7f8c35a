package io.panrocks.internal.data;

import io.panrocks.RocksDBException;
import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.Errors;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * The single-key write path behind {@code RocksDB}: put, merge, delete,
 * single delete and range delete, one downcall each, with write options
 * passed by value as flags. Native keys and values are read in place; heap
 * ones are copied once into the thread's scratch (a write may block on I/O,
 * so heap arrays are never handed to the engine directly).
 *
 * <p>Like {@code Reads}, every method runs inside a call the caller entered.
 */
public final class Writes {
    /** The single-key operations. */
    public enum Op {
        PUT, MERGE, DELETE, SINGLE_DELETE;

        /** Whether the operation writes a value (the others must be given none). */
        public boolean hasValue() {
            return this == PUT || this == MERGE;
        }
    }

    /** A batch write's promise that the batch holds no merge record (panrocks_write.h). */
    private static final int NO_MERGE_RECORDS = panrocks_h.PANROCKS_WRITE_NO_MERGE_RECORDS();

    // put and merge, invoked by handle where a segment of the caller's buffer must reach nothing but the
    // downcall (see BufferSegments); constants, so C2 inlines the calls' adapters whatever it did with the wrappers
    private static final MethodHandle PUT = panrocks_h.panrocks_put$handle();
    private static final MethodHandle MERGE = panrocks_h.panrocks_merge$handle();

    private final MemorySegment db;

    /** @param db the DB's native handle */
    public Writes(MemorySegment db) {
        this.db = db;
    }

    /** put or merge of two native (or staged) ranges */
    public void write(CallContext c, Op op, MemorySegment cf, int flags, MemorySegment k, long keyLength,
                      MemorySegment v, long valueLength) throws RocksDBException {
        int rc;
        try {
            rc = switch (op) {
                case PUT -> panrocks_h.panrocks_put(db, cf, flags, k, keyLength, v, valueLength, c.error);
                case MERGE -> panrocks_h.panrocks_merge(db, cf, flags, k, keyLength, v, valueLength, c.error);
                case DELETE -> panrocks_h.panrocks_delete(db, cf, flags, k, keyLength, c.error);
                case SINGLE_DELETE -> panrocks_h.panrocks_single_delete(db, cf, flags, k, keyLength, c.error);
            };
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        c.trimScratch();
        if (rc != 0) throw c.failure(rc);
    }

    public void write(CallContext c, Op op, MemorySegment cf, int flags, byte[] key, int keyOffset, int keyLength,
                      byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        MemorySegment k = Staging.key(c, key, keyOffset, keyLength);
        MemorySegment v = op.hasValue() ? Staging.value(c, value, valueOffset, valueLength) : MemorySegment.NULL;
        write(c, op, cf, flags, k, keyLength, v, valueLength);
    }

    public void write(CallContext c, Op op, MemorySegment cf, int flags, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        MemorySegment k = Staging.key(c, key);
        MemorySegment v = op.hasValue() ? Staging.value(c, value) : MemorySegment.NULL;
        write(c, op, cf, flags, k, key.byteSize(), v, op.hasValue() ? value.byteSize() : 0);
    }

    /**
     * RocksJava's buffer writes: {@code key[position, limit)} and
     * {@code value[position, limit)} (positions left to the caller). The key
     * is staged by copy; a direct value is written in place, its segment made
     * here and passed to the downcall handle only (see BufferSegments: a segment
     * handed on to the generated wrapper would be allocated on every call
     * where C2 compiled that wrapper on its own); a heap or mapped value is
     * copied into the frame's buffer.
     */
    public void write(CallContext c, Op op, MemorySegment cf, int flags, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        long keyLength = key.remaining();
        MemorySegment k = Staging.key(c, key);
        if (!op.hasValue()) {
            write(c, op, cf, flags, k, keyLength, MemorySegment.NULL, 0);
            return;
        }
        long valueLength = value.remaining();
        if (Staging.inPlace(value)) {
            writeInPlace(c, op, cf, flags, k, keyLength, value, valueLength);
        } else {
            write(c, op, cf, flags, k, keyLength, Staging.value(c, value), valueLength);
        }
    }

    /** A put or merge of a direct buffer's bytes where they are; its segment made here (see BufferSegments). */
    private void writeInPlace(CallContext c, Op op, MemorySegment cf, int flags, MemorySegment k, long keyLength,
                              ByteBuffer value, long valueLength) throws RocksDBException {
        MemorySegment v = MemorySegment.ofBuffer(value);
        int rc;
        try {
            rc = op == Op.PUT
                    ? (int) PUT.invokeExact(db, cf, flags, k, keyLength, v, valueLength, c.error)
                    : (int) MERGE.invokeExact(db, cf, flags, k, keyLength, v, valueLength, c.error);
        } catch (Throwable t) {
            throw Errors.fromDowncall(t); // the buffer's arena closed since it was checked, or out of stack
        }
        c.trimScratch();
        if (rc != 0) throw c.failure(rc);
    }

    public void deleteRange(CallContext c, MemorySegment cf, int flags, byte[] begin, byte[] end) throws RocksDBException {
        // both bounds in the key buffer, back to back
        MemorySegment keys = c.keyBuffer((long) begin.length + end.length);
        MemorySegment.copy(begin, 0, keys, ValueLayout.JAVA_BYTE, 0, begin.length);
        MemorySegment.copy(end, 0, keys, ValueLayout.JAVA_BYTE, begin.length, end.length);
        int rc = panrocks_h.panrocks_delete_range(db, cf, flags, keys, begin.length,
                keys.asSlice(begin.length), end.length, c.error);
        if (rc != 0) throw c.failure(rc);
    }

    /**
     * Applies a serialized write batch; {@code walEnd} is the size of the part
     * the WAL gets (0: all of it) and {@code walCount} the records in that part;
     * {@code mayHoldMerge} false promises the library no merge record (it then
     * does not look for merges into families without a merge operator).
     */
    public void writeBatch(CallContext c, int flags, MemorySegment data, long walEnd, int walCount,
                           boolean mayHoldMerge) throws RocksDBException {
        if (!mayHoldMerge) flags |= NO_MERGE_RECORDS;
        int rc = walEnd == 0 ? panrocks_h.panrocks_write_batch_data(db, flags, data, data.byteSize(), c.error)
                : panrocks_h.panrocks_write_batch_data_wal_terminated(db, flags, data, data.byteSize(), walEnd,
                        walCount, c.error);
        if (rc != 0) throw c.failure(rc);
    }
}
