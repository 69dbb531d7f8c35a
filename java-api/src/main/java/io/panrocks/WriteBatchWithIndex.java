package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.data.Reads;
import io.panrocks.internal.data.Staging;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A write batch that can be read before it is written (RocksDB's
 * {@code WriteBatchWithIndex}), as RocksJava's: updates are indexed by key
 * as they are added, so {@link #getFromBatch} reads the batch alone,
 * {@link #getFromBatchAndDB} reads the batch's updates on top of a DB, and
 * {@link #newIteratorWithBase} walks a DB with the batch on top. Then
 * {@link RocksDB#write(WriteOptions, WriteBatchWithIndex)} applies it
 * atomically.
 *
 * <h2>Ownership and threads</h2>
 * No DB owns it (a {@code StandaloneResource}): close it to free its native
 * memory, or a Cleaner does once it is unreachable. Safe to use from several
 * threads (every method takes its lock), meant for one at a time.
 *
 * <h2>Column families, key order and the DB it is bound to</h2>
 * The index keeps each column family's updates in that family's key order:
 * an update naming a family handle (the default family's
 * {@link RocksDB#getDefaultColumnFamily()} included) indexes it with the
 * family's comparator, a Java {@link AbstractComparator} included, and
 * <em>binds the batch to that family's DB</em> until {@link #clear()}:
 * family IDs mean nothing in another DB, and the comparator lives in its DB.
 * Using a bound batch with another DB (reading, iterating, writing, an
 * update of another DB's family) throws {@link IllegalArgumentException}.
 * Once the DB it is bound to is closed, every method that reads or updates
 * the index, and every read or write with a DB, throws
 * {@link IllegalStateException} (the comparator's upcalls end with the DB);
 * {@link #clear()}, {@link #close()}, {@link #count()},
 * {@link #getDataSize()}, {@link #data()} and the save point markers still
 * work, and after {@code clear()} the batch is unbound and usable again.
 * While a call on a bound batch runs, that DB's close waits for it.
 * <p>
 * An update naming no family ({@code null}, or an overload without one)
 * is of the default family and indexed bytewise, as RocksDB's own batch
 * does, until an update names the default family's handle; from then on
 * such updates follow that family's order. A family's order is fixed by
 * its first update (or the first iterator over it) until {@code clear()}:
 * an update, a read with a DB or an iterator that would order the same
 * family otherwise (the bytewise updates of a batch read over a DB whose
 * default family has another comparator, say) throws
 * {@link IllegalArgumentException} naming both orders, rather than walk or
 * read the batch in a wrong order. Over such a DB, name its default
 * family's handle in the updates.
 *
 * <h2>Iterators over it</h2>
 * An iterator with base belongs to the DB of its base and to the thread
 * that created it, and holds this batch's lock during each move. Its entries
 * never point into the batch (those that live there are copied into the
 * iterator), so adding to the batch leaves the current entry readable.
 * {@link #clear()}, {@link #rollbackToSavePoint()} and {@link #close()}
 * rebuild or free the batch's index: they end its iterators, whose entries
 * stay readable until they move, and whose every later move throws
 * {@link IllegalStateException} (in RocksDB, using them would be undefined).
 *
 * <h2>What RocksDB leaves out</h2>
 * {@link #deleteRange} fails with {@link Status.Code#NotSupported}, as in
 * RocksDB. With {@code overwriteKey}, a key's later update replaces its
 * earlier one in the index, and {@link #getFromBatch} then cannot resolve
 * merges (RocksDB answers {@link Status.Code#MergeInProgress}). RocksJava's
 * constructor taking a fallback comparator has no counterpart: the order of
 * a family comes from its handle (see above).
 */
public final class WriteBatchWithIndex implements AutoCloseable {
    private static final int PUT = panrocks_h.PANROCKS_WBWI_OP_PUT(), MERGE = panrocks_h.PANROCKS_WBWI_OP_MERGE(),
            DELETE = panrocks_h.PANROCKS_WBWI_OP_DELETE(), SINGLE_DELETE = panrocks_h.PANROCKS_WBWI_OP_SINGLE_DELETE(),
            DELETE_RANGE = panrocks_h.PANROCKS_WBWI_OP_DELETE_RANGE(), LOG_DATA = panrocks_h.PANROCKS_WBWI_OP_LOG_DATA();
    private static final int OK = panrocks_h.PANROCKS_OK(), NOT_FOUND = panrocks_h.PANROCKS_NOT_FOUND();

    /** The batch's own native scratch: the error record and a staging buffer for keys and values. */
    private static final class Scratch {
        final MemorySegment error = NativeMemory.allocateZeroed(panrocks_error.sizeof());
        MemorySegment staging = NativeMemory.allocate(1024);
        /** an update's value, staged beside its key in {@link #staging} (a slice of one would be a segment per update) */
        MemorySegment valueStaging = NativeMemory.allocate(1024);

        MemorySegment staging(long capacity) {
            return staging = grown(staging, capacity);
        }

        MemorySegment valueStaging(long capacity) {
            return valueStaging = grown(valueStaging, capacity);
        }

        private static MemorySegment grown(MemorySegment buffer, long capacity) {
            if (capacity <= buffer.byteSize()) return buffer;
            MemorySegment bigger = NativeMemory.allocate(Math.max(capacity, buffer.byteSize() * 2));
            NativeMemory.free(buffer);
            return bigger;
        }

        void free() {
            NativeMemory.free(error);
            NativeMemory.free(staging);
            NativeMemory.free(valueStaging);
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Scratch scratch;
    /** the native batch; its release ends its iterators, then frees it and the scratch */
    private final StandaloneResource batch;
    private final boolean overwriteKey;
    /**
     * The DB of the family handles updates named since the last clear() (the
     * default family's included): their IDs and comparators are that DB's.
     * Null if none (then the index uses only RocksDB's static bytewise
     * comparator). Guarded by lock.
     */
    private NativeDb familyDb;
    /** How the library's refusals to mix two key orders in one family start (see wbwi.cc). */
    private static final String ORDER_REFUSAL = "panrocks: this indexed batch ";

    /** An empty batch that keeps every update of a key in its index (RocksJava's default). */
    public WriteBatchWithIndex() {
        this(false);
    }

    /**
     * An empty batch.
     *
     * @param overwriteKey whether a key's later update replaces its earlier
     *        one in the index (then merges in the batch cannot be read back
     *        from the batch alone)
     */
    public WriteBatchWithIndex(boolean overwriteKey) {
        this(0, overwriteKey);
    }

    /**
     * An empty batch with room for {@code reservedBytes} before it grows.
     *
     * @param reservedBytes bytes to reserve, zero or more
     * @param overwriteKey whether a key's later update replaces its earlier one in the index
     * @throws IllegalArgumentException if reservedBytes is negative
     */
    public WriteBatchWithIndex(int reservedBytes, boolean overwriteKey) {
        if (reservedBytes < 0) throw new IllegalArgumentException("reservedBytes must be >= 0, was " + reservedBytes);
        io.panrocks.internal.NativeLibrary.ensureLoaded();
        this.overwriteKey = overwriteKey;
        Scratch s = new Scratch();
        MemorySegment out = NativeMemory.allocate(ValueLayout.ADDRESS.byteSize());
        MemorySegment h;
        try {
            int rc = panrocks_h.panrocks_wbwi_create(reservedBytes, overwriteKey ? 1 : 0, out, s.error);
            if (rc != 0) {
                String message = Errors.toException(rc, s.error).getMessage();
                s.free();
                throw new OutOfMemoryError("panrocks: cannot create a WriteBatchWithIndex: " + message);
            }
            h = out.get(ValueLayout.ADDRESS, 0);
        } finally {
            NativeMemory.free(out);
        }
        this.scratch = s;
        ReentrantLock guard = lock;
        this.batch = new StandaloneResource("WriteBatchWithIndex", this, h, released -> {
            // under the lock: its iterators' moves and releases detach from it under the lock too
            guard.lock();
            try {
                panrocks_h.panrocks_wbwi_destroy(released);
                s.free();
            } finally {
                guard.unlock();
            }
        });
    }

    /**
     * Returns whether a key's later update replaces its earlier one in the index.
     *
     * @return whether a key's later update replaces its earlier one in the index
     */
    public boolean isOverwriteKey() {
        return overwriteKey;
    }

    // ---- updates --------------------------------------------------------------

    /**
     * Adds a put of {@code key -> value} in {@code columnFamily} (null: the
     * default one). The arrays are copied.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the value
     * @throws IllegalArgumentException if the family's DB is not the one
     *         the batch is bound to, or the batch keeps the family in
     *         another key order (see the class comment)
     * @throws IllegalStateException if the batch, the family or its DB, or
     *         the DB the batch is bound to, is closed
     * @throws RocksDBException if RocksDB refuses the update
     */
    public void put(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        update(PUT, columnFamily, Bytes.key(key), Bytes.value(value));
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void put(byte[] key, byte[] value) throws RocksDBException {
        put(null, key, value);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[])}, for segments (native ones are read in place).
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, MemorySegment key, MemorySegment value) throws RocksDBException {
        update(PUT, columnFamily, Bytes.segment(key, "key"), Bytes.segment(value, "value"));
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[])}, for
     * {@code key[position, limit)} and {@code value[position, limit)}; both
     * positions move to their limits.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        update(PUT, columnFamily, Bytes.input(key, "key"), Bytes.input(value, "value"));
        key.position(key.limit());
        value.position(value.limit());
    }

    /**
     * As {@link #put(ColumnFamilyHandle, ByteBuffer, ByteBuffer)}, in the default family.
     *
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void put(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        put(null, key, value);
    }

    /**
     * Adds a merge of {@code value} into {@code key}; otherwise as
     * {@link #put(ColumnFamilyHandle, byte[], byte[])}.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as a put
     */
    public void merge(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        update(MERGE, columnFamily, Bytes.key(key), Bytes.value(value));
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload
     */
    public void merge(byte[] key, byte[] value) throws RocksDBException {
        merge(null, key, value);
    }

    /**
     * Adds a delete of {@code key}; otherwise as {@link #put(ColumnFamilyHandle, byte[], byte[])}.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws RocksDBException as a put
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        update(DELETE, columnFamily, Bytes.key(key), null);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[])}, in the default family.
     *
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void delete(byte[] key) throws RocksDBException {
        delete(null, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[])}, for {@code key[position, limit)} (moved to its limit).
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void delete(ColumnFamilyHandle columnFamily, ByteBuffer key) throws RocksDBException {
        update(DELETE, columnFamily, Bytes.input(key, "key"), null);
        key.position(key.limit());
    }

    /**
     * Adds a SingleDelete of {@code key} (for a key written once and never
     * merged or overwritten); otherwise as {@link #delete(ColumnFamilyHandle, byte[])}.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws RocksDBException as a put
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        update(SINGLE_DELETE, columnFamily, Bytes.key(key), null);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, byte[])}, in the default family.
     *
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void singleDelete(byte[] key) throws RocksDBException {
        singleDelete(null, key);
    }

    /**
     * A range delete: RocksDB's indexed batches do not support it, and answer
     * {@link Status.Code#NotSupported} (the batch is left as it was). Present
     * so RocksJava's code compiles; use a {@link WriteBatch} for range deletes.
     *
     * @param columnFamily the family, or null for the default one
     * @param beginKey the first key
     * @param endKey the key after the last
     * @throws RocksDBException always, {@link Status.Code#NotSupported}
     */
    public void deleteRange(ColumnFamilyHandle columnFamily, byte[] beginKey, byte[] endKey) throws RocksDBException {
        update(DELETE_RANGE, columnFamily, Objects.requireNonNull(beginKey, "beginKey"),
                Objects.requireNonNull(endKey, "endKey"));
    }

    /**
     * As {@link #deleteRange(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param beginKey the first key
     * @param endKey the key after the last
     * @throws RocksDBException always, {@link Status.Code#NotSupported}
     */
    public void deleteRange(byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(null, beginKey, endKey);
    }

    /**
     * Adds a blob to the write-ahead log record of the batch, which is not
     * applied to the DB (RocksDB's {@code PutLogData}).
     *
     * @param blob the bytes
     * @throws RocksDBException if RocksDB refuses it
     */
    public void putLogData(byte[] blob) throws RocksDBException {
        update(LOG_DATA, null, NO_KEY, Objects.requireNonNull(blob, "blob"));
    }

    /**
     * One update, inside a call on the family's DB when there is a family
     * (its handle must stay alive). {@code key} and {@code value} (null: none) are each a
     * byte[], a ByteBuffer ([position, limit); positions left to the caller)
     * or the caller's MemorySegment. A native segment is read in place; the
     * others are copied into the batch's scratch, with no segment made of an
     * array or buffer (one handed on to the downcall's wrapper, which C2 may
     * have compiled on its own, is allocated on every update).
     */
    private void update(int op, ColumnFamilyHandle columnFamily, Object key, Object value) throws RocksDBException {
        long keyLength = Staging.length(key), valueLength = value == null ? 0 : Staging.length(value);
        if (keyLength > Bytes.MAX_ENGINE_LENGTH || valueLength > Bytes.MAX_ENGINE_LENGTH) {
            throw new IllegalArgumentException("keys and values are limited to " + Bytes.MAX_ENGINE_LENGTH + " bytes");
        }
        lockOutsideOwnCalls();
        try {
            MemorySegment h = batch.handle();
            NativeDb fdb = columnFamily == null ? null : columnFamily.owner();
            NativeDb bound = boundDb();
            if (fdb != null && bound != null && bound != fdb) {
                throw new IllegalArgumentException(columnFamily + " belongs to another DB than the families already "
                        + "in this batch");
            }
            // the index may call the comparators of the DB it is bound to: that DB stays open meanwhile
            NativeDb guard = fdb != null ? fdb : bound;
            CallContext c = guard == null ? null : guard.enter();
            try {
                MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, fdb);
                MemorySegment k = Staging.readInPlace(key) ? (MemorySegment) key
                        : Staging.copy(key, scratch.staging(keyLength));
                MemorySegment v = value == null ? MemorySegment.NULL
                        : Staging.readInPlace(value) ? (MemorySegment) value
                        : Staging.copy(value, scratch.valueStaging(valueLength));
                int rc;
                try {
                    rc = panrocks_h.panrocks_wbwi_write(h, cf, op, k, keyLength, v, valueLength, scratch.error);
                } catch (AssertionError e) {
                    throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
                }
                if (rc != 0) throw failure(rc);
                if (fdb != null) familyDb = fdb;
            } finally {
                if (c != null) guard.exit(c);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The key of a log-data record: none. */
    private static final byte[] NO_KEY = new byte[0];

    // ---- save points, size, clear -------------------------------------------------

    /** Marks the current state; {@link #rollbackToSavePoint()} returns to it. */
    public void setSavePoint() {
        lockOutsideOwnCalls();
        try {
            int rc = panrocks_h.panrocks_wbwi_save_point(batch.handle(), panrocks_h.PANROCKS_SAVE_POINT_SET(),
                    scratch.error);
            if (rc != 0) throw new IllegalStateException(Errors.toException(rc, scratch.error).getMessage());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes every update since the latest save point, and that save point.
     * Ends the iterators over the batch.
     *
     * @throws IllegalStateException if the batch, or the DB it is bound to, is closed
     * @throws RocksDBException {@link Status.Code#NotFound} if there is no save point
     */
    public void rollbackToSavePoint() throws RocksDBException {
        lockOutsideOwnCalls();
        try {
            MemorySegment h = batch.handle();
            // rebuilding the index compares keys: the comparators' DB stays open meanwhile
            NativeDb bound = boundDb();
            CallContext c = bound == null ? null : bound.enter();
            try {
                int rc = panrocks_h.panrocks_wbwi_save_point(h, panrocks_h.PANROCKS_SAVE_POINT_ROLLBACK(), scratch.error);
                if (rc != 0) throw Errors.toException(rc, scratch.error);
            } finally {
                if (c != null) bound.exit(c);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Forgets the latest save point, keeping the updates.
     *
     * @throws RocksDBException {@link Status.Code#NotFound} if there is no save point
     */
    public void popSavePoint() throws RocksDBException {
        savePoint(panrocks_h.PANROCKS_SAVE_POINT_POP());
    }

    private void savePoint(int action) throws RocksDBException {
        lockOutsideOwnCalls();
        try {
            int rc = panrocks_h.panrocks_wbwi_save_point(batch.handle(), action, scratch.error);
            if (rc != 0) throw Errors.toException(rc, scratch.error);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes every update and save point, and unbinds the batch from the DB
     * of its families (the key orders they fixed are forgotten); ends the
     * iterators over the batch. The batch stays usable.
     */
    public void clear() {
        lockOutsideOwnCalls();
        try {
            int rc = panrocks_h.panrocks_wbwi_clear(batch.handle(), scratch.error);
            if (rc != 0) throw new IllegalStateException(Errors.toException(rc, scratch.error).getMessage());
            familyDb = null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The number of updates in the batch.
     *
     * @return the number of updates
     * @throws IllegalStateException if the batch is closed
     */
    public int count() {
        lock.lock();
        try {
            return panrocks_h.panrocks_wbwi_count(batch.handle());
        } finally {
            lock.unlock();
        }
    }

    /**
     * The size of the batch in RocksDB's serialized format.
     *
     * @return the size of the serialized batch in bytes
     * @throws IllegalStateException if the batch is closed
     */
    public long getDataSize() {
        lock.lock();
        try {
            return panrocks_h.panrocks_wbwi_data(batch.handle(), MemorySegment.NULL, 0);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The serialized batch, in RocksDB's format (the same bytes a
     * {@link WriteBatch} with the same updates holds).
     *
     * @return a copy of the bytes
     * @throws IllegalStateException if the batch is closed or too large for a byte[]
     */
    public byte[] data() {
        lock.lock();
        try {
            MemorySegment h = batch.handle();
            long size = panrocks_h.panrocks_wbwi_data(h, MemorySegment.NULL, 0);
            byte[] out = new byte[Bytes.checkFitsArray(size)];
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(Math.max(1, size));
                panrocks_h.panrocks_wbwi_data(h, buffer, size);
                MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, out, 0, out.length);
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    // ---- reads -----------------------------------------------------------------------

    /**
     * The value of {@code key} in {@code columnFamily} from the batch alone:
     * null when the batch has no update of it or deletes it.
     *
     * @param columnFamily the family (its merge operator resolves merges), or
     *        null for the default one (then merges are not resolved)
     * @param key the key
     * @return the value, or null
     * @throws IllegalArgumentException if the family belongs to another DB
     *         than the one the batch is bound to, or is in another key order
     *         than the batch keeps it in
     * @throws IllegalStateException if the batch, the family, or the DB the
     *         batch is bound to is closed
     * @throws RocksDBException {@link Status.Code#MergeInProgress} when the
     *         batch only merges into a value it does not have
     */
    public byte[] getFromBatch(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        Bytes.key(key);
        lockOutsideOwnCalls();
        try {
            MemorySegment h = batch.handle();
            NativeDb fdb = columnFamily == null ? null : columnFamily.owner();
            if (fdb != null) checkDb(fdb);
            // the index may call the comparators of the DB it is bound to: that DB stays open meanwhile
            NativeDb guard = fdb != null ? fdb : boundDb();
            CallContext c = guard == null ? null : guard.enter();
            try {
                MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, fdb);
                MemorySegment dbHandle = fdb == null ? MemorySegment.NULL : fdb.handle();
                // [value size | key | room for the value]: once, or twice when the value needs more room
                long room = 1024;
                while (true) {
                    MemorySegment staging = scratch.staging(8 + key.length + room);
                    MemorySegment size = staging.asSlice(0, 8);
                    MemorySegment k = staging.asSlice(8, key.length);
                    MemorySegment out = staging.asSlice(8 + key.length);
                    MemorySegment.copy(key, 0, k, ValueLayout.JAVA_BYTE, 0, key.length);
                    int rc = panrocks_h.panrocks_wbwi_get_from_batch(h, dbHandle, cf, k, key.length, out,
                            out.byteSize(), size, scratch.error);
                    if (rc == NOT_FOUND) return null;
                    if (rc != OK) throw failure(rc);
                    long length = size.get(ValueLayout.JAVA_LONG, 0);
                    if (length <= out.byteSize()) {
                        byte[] value = new byte[Bytes.checkFitsArray(length)];
                        MemorySegment.copy(out, ValueLayout.JAVA_BYTE, 0, value, 0, value.length);
                        return value;
                    }
                    Bytes.checkFitsArray(length);
                    room = length;
                }
            } finally {
                if (c != null) guard.exit(c);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * As {@link #getFromBatch(ColumnFamilyHandle, byte[])}, in the default family.
     *
     * @param key the key
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] getFromBatch(byte[] key) throws RocksDBException {
        return getFromBatch((ColumnFamilyHandle) null, key);
    }

    /**
     * RocksJava's form of {@link #getFromBatch(ColumnFamilyHandle, byte[])}:
     * {@code options} is not needed (merges use the family's own operator)
     * and only checked for null.
     *
     * @param columnFamily the family, or null for the default one
     * @param options ignored
     * @param key the key
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] getFromBatch(ColumnFamilyHandle columnFamily, DBOptions options, byte[] key) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        return getFromBatch(columnFamily, key);
    }

    /**
     * As {@link #getFromBatch(ColumnFamilyHandle, DBOptions, byte[])}, in the default family.
     *
     * @param options ignored
     * @param key the key
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] getFromBatch(DBOptions options, byte[] key) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        return getFromBatch((ColumnFamilyHandle) null, key);
    }

    /**
     * The value of {@code key} in {@code columnFamily} with the batch's
     * updates on top of {@code db} as of {@code readOptions} (merges resolved
     * with the family's operator), copied into a new array; null if absent.
     *
     * @param db the DB the batch is meant for
     * @param columnFamily the family, or null for the default one
     * @param readOptions the DB side's read options
     * @param key the key
     * @return the value, or null
     * @throws IllegalArgumentException if columnFamily or the batch's families belong to another DB, or
     *         the batch keeps the family in another key order than the DB's (see the class comment)
     * @throws IllegalStateException if the batch, the DB or the family is closed
     * @throws RocksDBException with RocksDB's status on an engine failure
     */
    public byte[] getFromBatchAndDB(RocksDB db, ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key)
            throws RocksDBException {
        return getFromBatchAndDB(db, columnFamily, readOptions, key, (Function<MemorySegment, byte[]>) v -> {
            byte[] out = new byte[Bytes.checkFitsArray(v.byteSize())];
            MemorySegment.copy(v, ValueLayout.JAVA_BYTE, 0, out, 0, out.length);
            return out;
        });
    }

    /**
     * As {@link #getFromBatchAndDB(RocksDB, ColumnFamilyHandle, ReadOptions, byte[])}, in the default family.
     *
     * @param db the DB the batch is meant for
     * @param readOptions the DB side's read options
     * @param key the key
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] getFromBatchAndDB(RocksDB db, ReadOptions readOptions, byte[] key) throws RocksDBException {
        return getFromBatchAndDB(db, null, readOptions, key);
    }

    /**
     * The scoped zero-copy form of
     * {@link #getFromBatchAndDB(RocksDB, ColumnFamilyHandle, ReadOptions, byte[])}:
     * calls {@code reader} with the value as a read-only segment valid only
     * while it runs (small values copied into the thread's scratch, large ones
     * left pinned where RocksDB holds them), and returns what it returns; null
     * without calling it if absent. The reader may not use this batch.
     *
     * @param <T> what the reader returns
     * @param db the DB the batch is meant for
     * @param columnFamily the family, or null for the default one
     * @param readOptions the DB side's read options
     * @param key the key
     * @param reader sees the value
     * @return the reader's result, or null
     * @throws RocksDBException as the main overload
     */
    public <T> T getFromBatchAndDB(RocksDB db, ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                                   Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Objects.requireNonNull(reader, "reader");
        NativeDb ndb = db.nativeDb();
        lockOutsideOwnCalls();
        try {
            MemorySegment h = batch.handle();
            checkDb(ndb);
            CallContext c = ndb.enter();
            try {
                MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, ndb);
                CallContext.Frame f = c.frame();
                MemorySegment buffer = f.buffer();
                int rc = panrocks_h.panrocks_wbwi_get_from_batch_and_db(h, ndb.handle(), cf, readOptions.nativeHandle(c),
                        f.pin, Staging.key(c, key, 0, key.length), key.length, buffer, buffer.byteSize(),
                        db.adaptiveReadThreshold(), c.value, c.error);
                if (rc == NOT_FOUND) return null;
                if (rc != OK) throw refusalOr(c.failure(rc));
                boolean pinned = c.valuePinned();
                long size = c.valueSize();
                return Reads.show(c, f, pinned ? c.valueAddress() : buffer.address(), size, pinned, reader);
            } finally {
                ndb.exit(c);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * RocksJava's form of {@link #getFromBatchAndDB(RocksDB, ColumnFamilyHandle, ReadOptions, byte[])}
     * is that very method; this one reads into a buffer of yours instead:
     * copies at most {@code value.length} bytes and returns the full size, or
     * {@link RocksDB#NOT_FOUND}.
     *
     * @param db the DB the batch is meant for
     * @param columnFamily the family, or null for the default one
     * @param readOptions the DB side's read options
     * @param key the key
     * @param value where the value goes
     * @return the value's full size, or {@link RocksDB#NOT_FOUND}
     * @throws RocksDBException as the main overload
     */
    public int getFromBatchAndDB(RocksDB db, ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                                 byte[] value) throws RocksDBException {
        Bytes.value(value);
        Integer size = getFromBatchAndDB(db, columnFamily, readOptions, key, (Function<MemorySegment, Integer>) v -> {
            int n = (int) Math.min(v.byteSize(), value.length);
            MemorySegment.copy(v, ValueLayout.JAVA_BYTE, 0, value, 0, n);
            return (int) Math.min(v.byteSize(), Integer.MAX_VALUE);
        });
        return size == null ? RocksDB.NOT_FOUND : size;
    }

    /**
     * Takes the lock for an operation that changes or walks the batch.
     *
     * @throws IllegalStateException if this thread already holds it: the
     *         operation comes from inside one of the batch's own calls (a
     *         comparator or merge operator that call runs, or a move of one
     *         of its iterators), which is still using the batch's index and
     *         buffer; changing or freeing them there would crash that call
     */
    private void lockOutsideOwnCalls() {
        if (lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("WriteBatchWithIndex cannot be changed, read or closed from inside one of its "
                    + "own calls (a comparator or merge operator it runs); do it after the call returns");
        }
        lock.lock();
    }

    /** Under the lock: the batch's families, if any, must be of {@code target}, and it open. */
    private void checkDb(NativeDb target) {
        NativeDb bound = boundDb();
        if (bound != null && bound != target) {
            throw new IllegalArgumentException("this WriteBatchWithIndex holds updates of column families of another DB ("
                    + bound + ")");
        }
    }

    /**
     * Under the lock: the DB the batch is bound to, or null.
     *
     * @throws IllegalStateException if that DB is closed: the index may
     *         point at its comparators, whose upcalls ended with it
     */
    private NativeDb boundDb() {
        NativeDb bound = familyDb;
        if (bound != null && !bound.isOpen()) {
            throw new IllegalStateException("this WriteBatchWithIndex holds updates of column families of RocksDB "
                    + bound.description() + ", which is closed: its index is ordered by that DB's comparators; "
                    + "clear() the batch to use it again");
        }
        return bound;
    }

    /** The exception for a failed call on the batch (under the lock, the record in the scratch). */
    private RocksDBException failure(int rc) {
        return refusalOr(Errors.toException(rc, scratch.error));
    }

    /**
     * The library's refusal to mix two key orders in one family (its
     * message says which) as the {@link IllegalArgumentException} it is;
     * any other failure as it came.
     */
    private static RocksDBException refusalOr(RocksDBException e) {
        Status status = e.getStatus();
        if (status.getCode() == Status.Code.InvalidArgument && status.getState().startsWith(ORDER_REFUSAL)) {
            throw new IllegalArgumentException(status.getState().substring("panrocks: ".length()), e);
        }
        return e;
    }

    // ---- iterators --------------------------------------------------------------

    /**
     * An iterator over {@code columnFamily} that shows this batch's updates
     * on top of {@code base}, an iterator of the DB alone over the same
     * family (RocksDB's {@code NewIteratorWithBase}). {@code base} is taken
     * over: it is closed here (using it afterwards throws
     * {@link IllegalStateException}) and the returned iterator owns what it
     * was, its read options (bounds, snapshot) included, which apply to the
     * batch's side too. The new iterator belongs to base's thread and DB, and
     * starts unpositioned. See the class comment for what ends it.
     *
     * @param columnFamily the family base iterates (null: the default one)
     * @param base an open iterator of the DB alone, of the calling thread
     * @return the iterator over the DB with the batch on top
     * @throws IllegalArgumentException if base iterates another family, is
     *         itself over a transaction or batch, or the batch holds families
     *         of another DB or keeps the family in another key order than
     *         base's (see the class comment)
     * @throws IllegalStateException if base, the batch or the DB is closed
     * @throws WrongThreadException if base belongs to another thread
     */
    public RocksIterator newIteratorWithBase(ColumnFamilyHandle columnFamily, RocksIterator base) {
        Objects.requireNonNull(base, "base");
        if (base.isOverBatch()) {
            throw new IllegalArgumentException("the base must iterate the DB alone, not a transaction or batch");
        }
        if (!sameFamily(columnFamily, base.family())) {
            throw new IllegalArgumentException("the base iterates " + familyName(base.family()) + ", not "
                    + familyName(columnFamily));
        }
        NativeDb ndb = base.nativeDb();
        lockOutsideOwnCalls();
        try {
            MemorySegment h = batch.handle();
            checkDb(ndb);
            CallContext c = ndb.enter();
            try {
                MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, ndb);
                if (columnFamily != null) columnFamily.beginUse();
                MemorySegment it;
                try {
                    it = base.surrender();
                } catch (RuntimeException | Error e) {
                    if (columnFamily != null) columnFamily.endUse();
                    throw e;
                }
                int rc = panrocks_h.panrocks_wbwi_iterator_with_base(h, ndb.handle(), cf, it, c.size, c.error);
                if (rc != 0) {
                    panrocks_h.panrocks_iterator_destroy(it);
                    if (columnFamily != null) columnFamily.endUse();
                    RocksDBException refused = refusalOr(c.failure(rc)); // a family in another order: thrown as is
                    throw new IllegalArgumentException("cannot create an iterator over the batch: "
                            + refused.getMessage());
                }
                return new RocksIterator(base.db(), ndb, c, c.size.get(ValueLayout.ADDRESS, 0), columnFamily, lock,
                        this, columnFamily == null ? null : columnFamily::endUse, false);
            } finally {
                ndb.exit(c);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * As {@link #newIteratorWithBase(ColumnFamilyHandle, RocksIterator)}, over the default family.
     *
     * @param base an open iterator of the DB alone over the default family
     * @return the iterator over the DB with the batch on top
     */
    public RocksIterator newIteratorWithBase(RocksIterator base) {
        return newIteratorWithBase(null, base);
    }

    /**
     * RocksJava's form of {@link #newIteratorWithBase(ColumnFamilyHandle, RocksIterator)}.
     * panrocks keeps base's own read options for both sides, so
     * {@code readOptions} must be the ones base was created with (it is only
     * checked for null).
     *
     * @param columnFamily the family base iterates (null: the default one)
     * @param base an open iterator of the DB alone
     * @param readOptions the read options base was created with
     * @return the iterator over the DB with the batch on top
     */
    public RocksIterator newIteratorWithBase(ColumnFamilyHandle columnFamily, RocksIterator base, ReadOptions readOptions) {
        Objects.requireNonNull(readOptions, "readOptions");
        return newIteratorWithBase(columnFamily, base);
    }

    /**
     * An iterator over {@code columnFamily} of {@code db} as of
     * {@code readOptions}, with this batch's updates on top: as
     * {@code newIteratorWithBase(columnFamily, db.newIterator(columnFamily, readOptions))}.
     *
     * @param db the DB the batch is meant for
     * @param columnFamily the family, or null for the default one
     * @param readOptions bounds, snapshot ... for both sides
     * @return the iterator, unpositioned, of the calling thread
     */
    public RocksIterator newIteratorWithBase(RocksDB db, ColumnFamilyHandle columnFamily, ReadOptions readOptions) {
        Objects.requireNonNull(db, "db");
        RocksIterator base = db.newIterator(columnFamily, readOptions);
        try {
            return newIteratorWithBase(columnFamily, base);
        } catch (RuntimeException | Error e) {
            base.close();
            throw e;
        }
    }

    private static boolean sameFamily(ColumnFamilyHandle a, ColumnFamilyHandle b) {
        boolean aDefault = a == null || a.isDefaultColumnFamily();
        boolean bDefault = b == null || b.isDefaultColumnFamily();
        if (aDefault || bDefault) return aDefault && bDefault;
        return a.equals(b);
    }

    private static String familyName(ColumnFamilyHandle h) {
        return h == null ? "the default family" : h.toString();
    }

    // ---- writing and closing ------------------------------------------------------

    /** The write of {@link RocksDB#write(WriteOptions, WriteBatchWithIndex)}. */
    void writeTo(RocksDB db, NativeDb target, int flags) throws RocksDBException {
        lockOutsideOwnCalls();
        try {
            MemorySegment h = batch.handle();
            checkDb(target);
            CallContext c = target.enter();
            try {
                int rc = panrocks_h.panrocks_wbwi_write_to_db(target.handle(), flags, h, c.error);
                if (rc != 0) throw c.failure(rc);
            } finally {
                target.exit(c);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Frees the batch (its iterators end first); idempotent, any thread;
     * waits for a call on the batch or a move of its iterators in progress.
     */
    @Override
    public void close() {
        lockOutsideOwnCalls();
        try {
            batch.close();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "WriteBatchWithIndex{" + (batch.isReleased() ? "closed" : count() + " updates") + "}";
    }
}
