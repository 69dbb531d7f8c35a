package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallerMemory;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.data.Entities;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Updates applied atomically by {@link RocksDB#write}, as RocksJava's
 * {@code WriteBatch}.
 *
 * <p>The batch is serialized in RocksDB's own WriteBatch format (the one
 * its write-ahead log stores) straight into native memory as you add to
 * it: adding crosses no boundary, and {@code write} hands the whole batch
 * to the engine in one downcall. RocksDB parses it there; nothing is
 * applied unless all of it is.
 *
 * <p>A batch of the default column family only is bound to no DB: it may
 * be written to several, and reused after {@link #clear()}. Updates of
 * another family bind the batch to that family's DB until {@code clear()}:
 * family IDs mean nothing elsewhere, so writing it to another DB, or
 * mixing families of two DBs, throws {@link IllegalArgumentException}.
 * Safe to hand between threads (every method synchronizes on the batch),
 * but meant for one thread at a time.
 * Close it to free its native memory at once; a forgotten batch is freed
 * by a Cleaner.
 */
public final class WriteBatch implements AutoCloseable {
    // record tags of RocksDB's ValueType (db/dbformat.h), written into the batch
    private static final byte TYPE_DELETION = 0x0, TYPE_VALUE = 0x1, TYPE_MERGE = 0x2,
            TYPE_CF_DELETION = 0x4, TYPE_CF_VALUE = 0x5, TYPE_CF_MERGE = 0x6,
            TYPE_SINGLE_DELETION = 0x7, TYPE_CF_SINGLE_DELETION = 0x8,
            TYPE_CF_RANGE_DELETION = 0xE, TYPE_RANGE_DELETION = 0xF;
    /** fixed64 sequence (left 0) + fixed32 count */
    private static final int HEADER = 12;
    private static final ValueLayout.OfInt COUNT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    /** the serialized batch; a StandaloneResource so that close() and the Cleaner free it once */
    private final StandaloneResource memory;
    private long size = HEADER;
    private int count;
    /** RocksDB's max_bytes: 0 for no limit; guarded by this */
    private long maxBytes;
    private long[] savedSizes = new long[4];
    private int[] savedCounts = new int[4];
    private int savePoints;
    /** the DB of the non-default families recorded since the last clear(); null if none */
    private NativeDb familyDb;
    /**
     * Whether a merge record may be in the batch: false lets a write promise
     * the library none, which spares it a pass over the batch looking for
     * merges into families without a merge operator. Set by every merge (kept
     * after a rollback) and for bytes from elsewhere; reset by clear().
     */
    private boolean mayHoldMerge;

    /** An empty batch. */
    public WriteBatch() {
        this(1024);
    }

    /**
     * A batch with room for {@code reservedBytes} before it grows.
     *
     * @param reservedBytes the initial capacity in bytes
     */
    public WriteBatch(int reservedBytes) {
        if (reservedBytes < 0) throw new IllegalArgumentException("reservedBytes must be >= 0, was " + reservedBytes);
        // the header's sequence stays 0
        memory = new StandaloneResource("WriteBatch", this, NativeMemory.allocateZeroed(Math.max(HEADER + 64L, reservedBytes)),
                NativeMemory::free);
    }

    // ---- updates ------------------------------------------------------------

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param key the key; not null, copied
     * @param value the value; not null, copied
     * @return this object, for chaining
     */
    public WriteBatch put(byte[] key, byte[] value) {
        return put(null, key, value);
    }

    /**
     * Adds a put of {@code value} under {@code key} in {@code family}; both are copied into the batch
     * at once.
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key; not null
     * @param value the value; not null
     * @return this object, for chaining
     */
    public synchronized WriteBatch put(ColumnFamilyHandle family, byte[] key, byte[] value) {
        Bytes.key(key);
        Bytes.value(value);
        record(family, TYPE_VALUE, TYPE_CF_VALUE, key, value);
        return this;
    }

    /**
     * As {@link #put(ColumnFamilyHandle, MemorySegment, MemorySegment)}, in the default family.
     *
     * @param key the key's bytes; not null, copied
     * @param value the value's bytes; not null, copied
     * @return this object, for chaining
     */
    public WriteBatch put(MemorySegment key, MemorySegment value) {
        return put(null, key, value);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[])}, for the bytes of two segments (copied).
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key's bytes; not null
     * @param value the value's bytes; not null
     * @return this object, for chaining
     */
    public synchronized WriteBatch put(ColumnFamilyHandle family, MemorySegment key, MemorySegment value) {
        record(family, TYPE_VALUE, TYPE_CF_VALUE, Bytes.segment(key, "key"), Bytes.segment(value, "value"));
        return this;
    }

    /**
     * Adds key[position, limit) -> value[position, limit) and moves both positions to their limits.
     *
     * @param key the key, from its position to its limit
     * @param value the value, from its position to its limit
     * @return this object, for chaining
     */
    public WriteBatch put(ByteBuffer key, ByteBuffer value) {
        return put(null, key, value);
    }

    /**
     * As {@link #put(ByteBuffer, ByteBuffer)}, in {@code family}.
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key, from its position to its limit
     * @param value the value, from its position to its limit
     * @return this object, for chaining
     */
    public synchronized WriteBatch put(ColumnFamilyHandle family, ByteBuffer key, ByteBuffer value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        record(family, TYPE_VALUE, TYPE_CF_VALUE, key, value);
        key.position(key.limit());
        value.position(value.limit());
        return this;
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param key the key; not null, copied
     * @param value the operand; not null, copied
     * @return this object, for chaining
     */
    public WriteBatch merge(byte[] key, byte[] value) {
        return merge(null, key, value);
    }

    /**
     * Adds a merge of the operand {@code value} into {@code key} in {@code family} (with the family's
     * merge operator, when the batch is written); both are copied.
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key; not null
     * @param value the operand; not null
     * @return this object, for chaining
     */
    public synchronized WriteBatch merge(ColumnFamilyHandle family, byte[] key, byte[] value) {
        Bytes.key(key);
        Bytes.value(value);
        record(family, TYPE_MERGE, TYPE_CF_MERGE, key, value);
        return this;
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, byte[], byte[])}, for the bytes of two segments (copied).
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key's bytes; not null
     * @param value the operand's bytes; not null
     * @return this object, for chaining
     */
    public synchronized WriteBatch merge(ColumnFamilyHandle family, MemorySegment key, MemorySegment value) {
        record(family, TYPE_MERGE, TYPE_CF_MERGE, Bytes.segment(key, "key"), Bytes.segment(value, "value"));
        return this;
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[])}, in the default family.
     *
     * @param key the key; not null, copied
     * @return this object, for chaining
     */
    public WriteBatch delete(byte[] key) {
        return delete(null, key);
    }

    /**
     * Adds a delete of {@code key} in {@code family}; the key is copied.
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key; not null
     * @return this object, for chaining
     */
    public synchronized WriteBatch delete(ColumnFamilyHandle family, byte[] key) {
        record(family, TYPE_DELETION, TYPE_CF_DELETION, Bytes.key(key), null);
        return this;
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[])}, for the bytes of a segment (copied).
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key's bytes; not null
     * @return this object, for chaining
     */
    public synchronized WriteBatch delete(ColumnFamilyHandle family, MemorySegment key) {
        record(family, TYPE_DELETION, TYPE_CF_DELETION, Bytes.segment(key, "key"), null);
        return this;
    }

    /**
     * Deletes a key written once (and not merged): cheaper for RocksDB than delete; see RocksDB's SingleDelete.
     *
     * @param key the key; not null
     * @return this object, for chaining
     */
    public WriteBatch singleDelete(byte[] key) {
        return singleDelete(null, key);
    }

    /**
     * As {@link #singleDelete(byte[])}, in {@code family}.
     *
     * @param family the column family, or {@code null} for the default one
     * @param key the key; not null, copied
     * @return this object, for chaining
     */
    public synchronized WriteBatch singleDelete(ColumnFamilyHandle family, byte[] key) {
        record(family, TYPE_SINGLE_DELETION, TYPE_CF_SINGLE_DELETION, Bytes.key(key), null);
        return this;
    }

    /**
     * Deletes every key in [beginKey, endKey).
     *
     * @param beginKey the first key deleted (inclusive); not null
     * @param endKey the key the range stops before (exclusive); not null
     * @return this object, for chaining
     */
    public WriteBatch deleteRange(byte[] beginKey, byte[] endKey) {
        return deleteRange(null, beginKey, endKey);
    }

    /**
     * As {@link #deleteRange(byte[], byte[])}, in {@code family}.
     *
     * @param family the column family, or {@code null} for the default one
     * @param beginKey the first key deleted (inclusive); not null
     * @param endKey the key the range stops before (exclusive); not null
     * @return this object, for chaining
     */
    public synchronized WriteBatch deleteRange(ColumnFamilyHandle family, byte[] beginKey, byte[] endKey) {
        Objects.requireNonNull(beginKey, "beginKey");
        Objects.requireNonNull(endKey, "endKey");
        record(family, TYPE_RANGE_DELETION, TYPE_CF_RANGE_DELETION, beginKey, endKey);
        return this;
    }

    // ---- wide columns ------------------------------------------------

    // kTypeWideColumnEntity and kTypeColumnFamilyWideColumnEntity of RocksDB's ValueType
    private static final byte TYPE_WIDE_COLUMN_ENTITY = 0x16, TYPE_CF_WIDE_COLUMN_ENTITY = 0x17;

    /**
     * As {@link #putEntity(ColumnFamilyHandle, MemorySegment, List)}, into the default family.
     *
     * @param key the key
     * @param columns the entity's columns
     * @return this batch
     */
    public WriteBatch putEntity(byte[] key, List<WideColumn> columns) {
        return putEntity(null, key, columns);
    }

    /**
     * As {@link #putEntity(ColumnFamilyHandle, MemorySegment, List)}, for an array key.
     *
     * @param family the family; null for the default one
     * @param key the key
     * @param columns the entity's columns
     * @return this batch
     */
    public WriteBatch putEntity(ColumnFamilyHandle family, byte[] key, List<WideColumn> columns) {
        return putEntity(family, MemorySegment.ofArray(Bytes.key(key)), columns);
    }

    /**
     * Adds a wide-column entity under {@code key} in {@code family}
     * ({@code null}: the default one), as {@link RocksDB#putEntity} writes
     * it: the record is the one RocksDB's own {@code WriteBatch::PutEntity}
     * produces, byte for byte (columns sorted by name and serialized in
     * RocksDB's wide-column format, copied into the batch now).
     *
     * @param family the family; null for the default one
     * @param key the key (heap or native)
     * @param columns the entity's columns, names distinct, in any order
     * @return this batch
     * @throws NullPointerException if key, columns or a column is null
     * @throws IllegalArgumentException if two columns have one name, a key,
     *         name, value or the whole entity exceeds RocksDB's 4 GiB limit, or
     *         family belongs to another DB than the batch's other families
     * @throws IllegalStateException if the batch or family is closed
     * @throws UnsupportedOperationException on an engine before RocksDB 8.0
     *         (no wide columns)
     */
    public synchronized WriteBatch putEntity(ColumnFamilyHandle family, MemorySegment key, List<WideColumn> columns) {
        Bytes.segment(key, "key");
        int[] order = Entities.checkedOrder(columns);
        if (!Entities.supported()) {
            throw new UnsupportedOperationException("wide columns need RocksDB 8.0 or later; the engine is "
                    + RocksDB.engineVersion());
        }
        long entity = Entities.serializedSize(columns);
        if (entity > Bytes.MAX_ENGINE_LENGTH) {
            throw new IllegalArgumentException("an entity of " + entity + " bytes is larger than RocksDB's limit of "
                    + Bytes.MAX_ENGINE_LENGTH);
        }
        long keyLength = key.byteSize();
        MemorySegment b = ensure(1 + 5 + 5 + keyLength + 5 + entity);
        long p = header(b, family, TYPE_WIDE_COLUMN_ENTITY, TYPE_CF_WIDE_COLUMN_ENTITY, keyLength);
        CallerMemory.copy(key, 0, b, p, keyLength);
        p += keyLength;
        p = varint32(b, p, entity);
        long end = Entities.serialize(b, p, columns, order);
        if (end != p + entity) throw new java.util.ConcurrentModificationException("columns changed while being added");
        commit(end);
        return this;
    }

    // ---- save points and size ------------------------------------------------

    /** Marks the current state; {@link #rollbackToSavePoint()} returns to it. */
    public synchronized void setSavePoint() {
        checkOpen();
        checkNotIterating();
        if (savePoints == savedSizes.length) {
            savedSizes = Arrays.copyOf(savedSizes, savePoints * 2);
            savedCounts = Arrays.copyOf(savedCounts, savePoints * 2);
        }
        savedSizes[savePoints] = size;
        savedCounts[savePoints] = count;
        savePoints++;
    }

    /**
     * Removes every update since the latest save point, and that save point.
     *
     * @throws RocksDBException {@link Status.Code#NotFound} if there is no save point
     */
    public synchronized void rollbackToSavePoint() throws RocksDBException {
        checkOpen();
        checkNotIterating();
        if (savePoints == 0) throw noSavePoint();
        savePoints--;
        size = savedSizes[savePoints];
        count = savedCounts[savePoints];
        if (walTerminationSize > size) {
            // the records it ended with are gone: a point past the end would name bytes the batch no longer has
            walTerminationSize = 0;
            walTerminationCount = 0;
        }
    }

    /**
     * Forgets the latest save point, keeping the updates.
     *
     * @throws RocksDBException {@link Status.Code#NotFound} if there is no save point
     */
    public synchronized void popSavePoint() throws RocksDBException {
        checkOpen();
        checkNotIterating();
        if (savePoints == 0) throw noSavePoint();
        savePoints--;
    }

    private static RocksDBException noSavePoint() {
        return new RocksDBException(new Status(Status.Code.NotFound, Status.SubCode.None, Status.Severity.NoError,
                "no save point in this WriteBatch"));
    }

    // ---- the WAL termination point ------------------------------------------------

    /** the size and count marked by markWalTerminationPoint; 0 if none; guarded by this */
    private long walTerminationSize;
    private int walTerminationCount;

    /**
     * Marks the batch's current end as the last record the write-ahead log
     * gets, as RocksDB's {@code MarkWalTerminationPoint}: when the batch is
     * written (with the WAL enabled), the records added after this point are
     * applied to the memtables but not logged, so a crash before they are
     * flushed loses them (and only them). Records after the point may be
     * puts, merges, deletes, single deletes, range deletes and log data; a
     * wide-column entity after it makes the write fail with
     * {@link Status.Code#NotSupported}. {@link #clear()} removes the mark, as
     * does a {@link #rollbackToSavePoint()} to before it.
     *
     * @throws IllegalStateException if the batch is closed, or inside its own iterate
     */
    public synchronized void markWalTerminationPoint() {
        checkOpen();
        checkNotIterating();
        walTerminationSize = size;
        walTerminationCount = count;
    }

    /**
     * The point {@link #markWalTerminationPoint()} marked, as RocksJava's
     * {@code getWalTerminationPoint}: a new {@link SavePoint} of the size,
     * count and RocksDB's content flags of the batch up to it; cleared (all
     * 0) if none is marked.
     *
     * @return the point
     * @throws IllegalStateException if the batch is closed
     */
    public synchronized SavePoint getWalTerminationPoint() {
        MemorySegment b = checkOpen();
        if (walTerminationSize == 0) return new SavePoint(0, 0, 0);
        return new SavePoint(walTerminationSize, walTerminationCount, contentFlags(b, walTerminationSize));
    }

    /** RocksDB's ContentFlags (db/write_batch.cc) of the records in b[HEADER, end). */
    private static long contentFlags(MemorySegment b, long end) {
        long[] flags = {0};
        try {
            parse(b.asSlice(0, end), end, null, (type, cf, key, value) -> {
                flags[0] |= switch (type) {
                    case PUT -> 1 << 1;
                    case DELETE -> 1 << 2;
                    case SINGLE_DELETE -> 1 << 3;
                    case MERGE -> 1 << 4;
                    case DELETE_RANGE -> 1 << 9;
                    case PUT_ENTITY -> 1 << 12;
                    case LOG_DATA -> 0;
                };
                return true;
            });
        } catch (RocksDBException e) {
            throw new IllegalStateException(e); // panrocks wrote the batch: it parses
        }
        return flags[0];
    }

    /** The WAL termination point's size for a write, or 0 if the WAL gets the whole batch; under the batch's lock. */
    long walTerminationSize() {
        return walTerminationSize != 0 && walTerminationSize < size ? walTerminationSize : 0;
    }

    /** The records up to the WAL termination point; under the batch's lock. */
    int walTerminationCount() {
        return walTerminationCount;
    }

    /**
     * A point in a batch: its size, record count and RocksDB's content flags
     * there, as RocksJava's {@code WriteBatch.SavePoint} (what
     * {@link #getWalTerminationPoint()} returns). A plain value.
     */
    public static class SavePoint {
        private long size;
        private long count;
        private long contentFlags;

        /**
         * A point.
         *
         * @param size the batch's size there, in bytes
         * @param count its record count there
         * @param contentFlags RocksDB's content flags of the records before it
         */
        public SavePoint(long size, long count, long contentFlags) {
            this.size = size;
            this.count = count;
            this.contentFlags = contentFlags;
        }

        /** Sets size, count and flags to 0: the point is cleared. */
        public void clear() {
            size = 0;
            count = 0;
            contentFlags = 0;
        }

        /**
         * The batch's size at the point.
         *
         * @return the size in bytes
         */
        public long getSize() {
            return size;
        }

        /**
         * The batch's record count at the point.
         *
         * @return the count
         */
        public long getCount() {
            return count;
        }

        /**
         * RocksDB's content flags of the records before the point.
         *
         * @return the flags
         */
        public long getContentFlags() {
            return contentFlags;
        }

        /**
         * Whether size, count and flags are all 0.
         *
         * @return true if cleared
         */
        public boolean isCleared() {
            return (size | count | contentFlags) == 0;
        }

        @Override
        public String toString() {
            return "SavePoint{size=" + size + ", count=" + count + ", contentFlags=" + contentFlags + "}";
        }
    }

    /**
     * Number of updates.
     *
     * @return the number of updates in the batch
     */
    public synchronized int count() {
        return count;
    }

    /**
     * Size of the serialized batch in bytes, as RocksDB's {@code GetDataSize()}.
     *
     * @return the size in bytes
     */
    public synchronized long getDataSize() {
        return size;
    }

    /** Removes every update and save point; the batch stays usable. */
    public synchronized void clear() {
        checkOpen();
        checkNotIterating();
        size = HEADER;
        count = 0;
        savePoints = 0;
        familyDb = null;
        mayHoldMerge = false;
        walTerminationSize = 0;
        walTerminationCount = 0;
    }

    /**
     * The serialized batch, as RocksJava's {@code WriteBatch.data()}: RocksDB's own format.
     *
     * @return a copy of the serialized batch
     */
    public synchronized byte[] data() {
        return serialized().toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * The serialized batch in native memory, for a write to {@code target};
     * valid while the batch is locked (see {@link RocksDB#write}).
     */
    MemorySegment serializedFor(NativeDb target) {
        if (familyDb != null && familyDb != target) {
            throw new IllegalArgumentException("this WriteBatch holds updates of column families of another DB ("
                    + familyDb + "); it can only be written there");
        }
        return serialized();
    }

    /** Whether a merge record may be in the batch (see mayHoldMerge); under the batch's lock. */
    boolean mayHoldMerge() {
        return mayHoldMerge;
    }

    private MemorySegment serialized() {
        MemorySegment b = checkOpen();
        b.set(COUNT, 8, count);
        return b.asSlice(0, size);
    }

    // ---- encoding --------------------------------------------------------------

    /** A record from arrays: copied straight from the heap, no segment objects. */
    private void record(ColumnFamilyHandle family, byte plainType, byte familyType, byte[] key, byte[] second) {
        long secondLength = second == null ? 0 : second.length;
        MemorySegment b = ensure(16 + key.length + secondLength);
        long p = header(b, family, plainType, familyType, key.length);
        MemorySegment.copy(key, 0, b, ValueLayout.JAVA_BYTE, p, key.length);
        p += key.length;
        if (second != null) {
            p = varint32(b, p, second.length);
            MemorySegment.copy(second, 0, b, ValueLayout.JAVA_BYTE, p, second.length);
            p += second.length;
        }
        commit(p);
    }

    /**
     * A record from buffers' [position, limit) (positions left to the
     * caller), copied with no segment made of them that leaves
     * {@link Bytes#copy} (see {@code BufferSegments}).
     */
    private void record(ColumnFamilyHandle family, byte plainType, byte familyType, ByteBuffer key, ByteBuffer second) {
        int keyLength = key.remaining();
        int secondLength = second == null ? 0 : second.remaining();
        MemorySegment b = ensure(16L + keyLength + secondLength);
        long p = header(b, family, plainType, familyType, keyLength);
        Bytes.copy(key, b, p, keyLength);
        p += keyLength;
        if (second != null) {
            p = varint32(b, p, secondLength);
            Bytes.copy(second, b, p, secondLength);
            p += secondLength;
        }
        commit(p);
    }

    /** A record from segments (native or heap). */
    private void record(ColumnFamilyHandle family, byte plainType, byte familyType, MemorySegment key,
                        MemorySegment second) {
        long keyLength = key.byteSize();
        long secondLength = second == null ? 0 : second.byteSize();
        if (keyLength > Bytes.MAX_ENGINE_LENGTH || secondLength > Bytes.MAX_ENGINE_LENGTH) {
            throw new IllegalArgumentException("keys and values are limited to " + Bytes.MAX_ENGINE_LENGTH + " bytes");
        }
        MemorySegment b = ensure(16 + keyLength + secondLength);
        long p = header(b, family, plainType, familyType, keyLength);
        CallerMemory.copy(key, 0, b, p, keyLength);
        p += keyLength;
        if (second != null) {
            p = varint32(b, p, secondLength);
            CallerMemory.copy(second, 0, b, p, secondLength);
            p += secondLength;
        }
        commit(p);
    }

    /** Tag, family ID (unless default) and key length; returns where the key goes. */
    private long header(MemorySegment b, ColumnFamilyHandle family, byte plainType, byte familyType, long keyLength) {
        if (family != null) family.checkUsable();
        int familyId = family == null ? 0 : family.getID();
        if (familyId != 0) bindTo(family);
        if (plainType == TYPE_MERGE) mayHoldMerge = true;
        long p = size;
        if (familyId == 0) {
            b.set(ValueLayout.JAVA_BYTE, p++, plainType);
        } else {
            b.set(ValueLayout.JAVA_BYTE, p++, familyType);
            p = varint32(b, p, familyId);
        }
        return varint32(b, p, keyLength);
    }

    /** Checks family before anything is written: a rejected update leaves the batch unchanged. */
    private void bindTo(ColumnFamilyHandle family) {
        NativeDb owner = family.owner();
        if (familyDb == null) {
            familyDb = owner;
        } else if (familyDb != owner) {
            throw new IllegalArgumentException(family + " belongs to another DB than the families already in this batch");
        }
    }

    private void commit(long end) {
        checkMaxBytes(end);
        size = end;
        count++;
    }

    /** RocksDB's max_bytes check: an update that would grow the batch past it is refused, the batch unchanged. */
    private void checkMaxBytes(long end) {
        if (maxBytes != 0 && end > maxBytes) {
            throw new UncheckedRocksDBException(new RocksDBException(new Status(Status.Code.Aborted,
                    Status.SubCode.MemoryLimit, Status.Severity.NoError, "Memory limit reached: the update would grow "
                            + "the batch to " + end + " bytes, over its maximum of " + maxBytes)));
        }
    }

    /**
     * RocksJava's {@code setMaxBytes}: the most bytes the serialized batch
     * (its 12-byte header included) may hold; an update that would grow it
     * past that is refused with {@link Status.Code#Aborted} /
     * {@link Status.SubCode#MemoryLimit}, and the batch stays as it was.
     * Unlike RocksJava, the refusal is an {@link UncheckedRocksDBException}
     * (panrocks' batch updates declare no checked exception); its
     * {@code getCause()} is the {@link RocksDBException}.
     *
     * @param maxBytes the limit in bytes, or 0 for none (the default)
     * @throws IllegalArgumentException if maxBytes is negative
     * @throws IllegalStateException if the batch is closed
     */
    public synchronized void setMaxBytes(long maxBytes) {
        if (maxBytes < 0) throw new IllegalArgumentException("maxBytes must not be negative: " + maxBytes);
        checkOpen();
        this.maxBytes = maxBytes;
    }

    private static long varint32(MemorySegment b, long p, long value) {
        while (value >= 0x80) {
            b.set(ValueLayout.JAVA_BYTE, p++, (byte) (value | 0x80));
            value >>>= 7;
        }
        b.set(ValueLayout.JAVA_BYTE, p++, (byte) value);
        return p;
    }

    private MemorySegment ensure(long extra) {
        MemorySegment b = checkOpen();
        checkNotIterating(); // every update passes here
        if (size + extra > b.byteSize()) {
            MemorySegment grown = NativeMemory.allocate(Math.max(size + extra, b.byteSize() * 2));
            MemorySegment.copy(b, 0, grown, 0, size);
            memory.replace(grown);
            b = grown;
        }
        return b;
    }

    private MemorySegment checkOpen() {
        return memory.handle();
    }

    /**
     * RocksJava's {@code isOwningHandle()}: whether the batch still holds its
     * native memory (a panrocks batch always owns it: there are no borrowed
     * batches).
     *
     * @return {@code true} until the batch is closed (or freed by its Cleaner)
     */
    public boolean isOwningHandle() {
        return !memory.isReleased();
    }

    /**
     * Frees the native memory; idempotent. Any later use throws
     * {@link IllegalStateException}. From inside the batch's own
     * {@link #iterate} handler, the close happens when iterate returns.
     */
    @Override
    public synchronized void close() {
        if (iterating > 0) { // closed from inside its own iterate: when iterate returns
            closeDeferred = true;
            return;
        }
        memory.close();
    }

    // =========================================================================
    // Walking a batch (iterate with a Handler or a visitor), log data, a
    // batch from its serialized form, and what it holds (the has* queries).
    // =========================================================================

    private static final byte TYPE_LOG_DATA = 0x3;
    private static final MemorySegment EMPTY = MemorySegment.ofArray(new byte[0]).asReadOnly();

    /** depth of iterate calls running on this batch (always under its lock) */
    private int iterating;
    /** a close asked for from inside iterate, performed when the outermost iterate returns */
    private boolean closeDeferred;

    private void checkNotIterating() {
        if (iterating > 0) {
            throw new IllegalStateException("a WriteBatch cannot be changed from inside its own iterate handler");
        }
    }

    /**
     * A batch holding {@code serialized}, a batch in RocksDB's format (as
     * {@link #data()} or RocksJava's {@code data()} return it), as
     * RocksJava's {@code WriteBatch(byte[])}. Only the records panrocks itself
     * writes are accepted (put, merge, delete, single delete, range delete,
     * wide-column entity, with or without a column family, and log data); an
     * entity must decode as RocksDB decodes it; the count in the header
     * must match them. Column families are named by ID, as in RocksDB: the
     * batch is bound to no DB, and a write applies each record to the family
     * of that ID in the DB written to.
     *
     * @param serialized the batch's bytes (copied)
     * @throws IllegalArgumentException if they are not such a batch
     */
    public WriteBatch(byte[] serialized) {
        this(Objects.requireNonNull(serialized, "serialized").length);
        MemorySegment source = MemorySegment.ofArray(serialized);
        int records;
        try {
            records = parse(source, serialized.length, null, null);
        } catch (RocksDBException e) {
            memory.close();
            throw new IllegalArgumentException("not a WriteBatch panrocks accepts: " + e.getMessage(), e);
        }
        int declared = serialized.length >= HEADER ? source.get(COUNT, 8) : -1;
        if (records != declared) {
            memory.close();
            throw new IllegalArgumentException("not a WriteBatch panrocks accepts: the header counts " + declared
                    + " records, the batch holds " + records);
        }
        MemorySegment.copy(source, 0, memory.handle(), 0, serialized.length);
        size = serialized.length;
        count = records;
        mayHoldMerge = true;
    }

    /**
     * A batch holding a copy of {@code record}, a batch RocksDB wrote to its
     * log (a {@link WalFilter}'s record): taken as it is, unparsed (it may
     * hold records a panrocks batch never writes, such as two-phase-commit
     * markers, which {@link #iterate} then reports as Corruption); its count
     * is the header's.
     */
    static WriteBatch ofLogRecord(MemorySegment record) {
        long length = record.byteSize();
        if (length < HEADER || length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a log record's batch of " + length + " bytes");
        }
        WriteBatch b = new WriteBatch((int) length);
        CallerMemory.copy(record, 0, b.memory.handle(), 0, length);
        b.size = length;
        b.count = record.get(COUNT, 8);
        b.mayHoldMerge = true;
        return b;
    }

    /**
     * Appends a blob that is written to the write-ahead log with the batch
     * but applied to no column family, as RocksDB's {@code PutLogData}: it is
     * not counted by {@link #count()}, and {@link #iterate} reports it.
     *
     * @param blob the blob
     * @return this
     * @throws IllegalArgumentException if over RocksDB's 4 GiB limit
     * @throws IllegalStateException if closed, or called from inside this batch's iterate
     */
    public synchronized WriteBatch putLogData(byte[] blob) {
        Objects.requireNonNull(blob, "blob");
        MemorySegment b = ensure(16 + blob.length);
        long p = size;
        b.set(ValueLayout.JAVA_BYTE, p++, TYPE_LOG_DATA);
        p = varint32(b, p, blob.length);
        MemorySegment.copy(blob, 0, b, ValueLayout.JAVA_BYTE, p, blob.length);
        checkMaxBytes(p + blob.length);
        size = p + blob.length;
        return this;
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[])}, for {@code key[position, limit)}; moves its position to the limit.
     *
     * @param key the key
     * @return this
     */
    public WriteBatch delete(ByteBuffer key) {
        return delete(null, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[])}, for {@code key[position, limit)}; moves its position to the limit.
     *
     * @param family the family ({@code null}: the default one)
     * @param key the key
     * @return this
     */
    public synchronized WriteBatch delete(ColumnFamilyHandle family, ByteBuffer key) {
        Objects.requireNonNull(key, "key");
        record(family, TYPE_DELETION, TYPE_CF_DELETION, key, null);
        key.position(key.limit());
        return this;
    }

    /**
     * This batch, as RocksJava's {@code getWriteBatch()} (which a
     * {@code WriteBatchWithIndex} answers with its inner batch).
     *
     * @return this
     */
    public WriteBatch getWriteBatch() {
        return this;
    }

    /**
     * Whether the batch holds a put.
     *
     * @return true if it does
     */
    public boolean hasPut() {
        return has(RecordType.PUT);
    }

    /**
     * Whether the batch holds a delete.
     *
     * @return true if it does
     */
    public boolean hasDelete() {
        return has(RecordType.DELETE);
    }

    /**
     * Whether the batch holds a single delete.
     *
     * @return true if it does
     */
    public boolean hasSingleDelete() {
        return has(RecordType.SINGLE_DELETE);
    }

    /**
     * Whether the batch holds a range delete.
     *
     * @return true if it does
     */
    public boolean hasDeleteRange() {
        return has(RecordType.DELETE_RANGE);
    }

    /**
     * Whether the batch holds a merge.
     *
     * @return true if it does
     */
    public boolean hasMerge() {
        return has(RecordType.MERGE);
    }

    /**
     * Whether the batch holds a wide-column entity ({@link #putEntity}), as
     * RocksDB's {@code HasPutEntity()}.
     *
     * @return true if it does
     */
    public boolean hasPutEntity() {
        return has(RecordType.PUT_ENTITY);
    }

    /**
     * Transaction markers: a panrocks batch never holds one.
     *
     * @return false
     */
    public boolean hasBeginPrepare() {
        return false;
    }

    /**
     * Transaction markers: a panrocks batch never holds one.
     *
     * @return false
     */
    public boolean hasEndPrepare() {
        return false;
    }

    /**
     * Transaction markers: a panrocks batch never holds one.
     *
     * @return false
     */
    public boolean hasCommit() {
        return false;
    }

    /**
     * Transaction markers: a panrocks batch never holds one.
     *
     * @return false
     */
    public boolean hasRollback() {
        return false;
    }

    private synchronized boolean has(RecordType wanted) {
        boolean[] found = new boolean[1];
        try {
            iterate((type, cf, key, value) -> {
                found[0] = type == wanted;
                return !found[0];
            });
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
        return found[0];
    }

    /** The kinds of records {@link #iterate(RecordVisitor)} reports. */
    public enum RecordType {
        /** A put: key and value. */
        PUT,
        /** A merge: key and operand. */
        MERGE,
        /** A delete: key, empty value. */
        DELETE,
        /** A single delete: key, empty value. */
        SINGLE_DELETE,
        /** A range delete: begin key as key, end key as value. */
        DELETE_RANGE,
        /** A {@link #putLogData} blob: empty key, the blob as value, family 0. */
        LOG_DATA,
        /**
         * A {@link #putEntity} (wide columns): the key, and as value the
         * serialized entity, in RocksDB's wide-column format, as the record
         * holds it (already checked to decode; {@link #columns(MemorySegment)}
         * decodes it into views).
         */
        PUT_ENTITY
    }

    /**
     * The columns of the serialized entity a {@link RecordType#PUT_ENTITY}
     * record's value holds, decoded as RocksDB decodes it: views of
     * {@code entity} (no copy), valid as long as it is.
     *
     * @param entity a serialized entity (RocksDB's wide-column format)
     * @return its columns, sorted by name
     * @throws RocksDBException {@link Status.Code#Corruption} for a malformed
     *         entity, {@link Status.Code#NotSupported} for a newer format
     *         version (RocksDB's codes and messages)
     */
    public static List<WideColumn> columns(MemorySegment entity) throws RocksDBException {
        return Entities.deserialize(Objects.requireNonNull(entity, "entity"));
    }

    /**
     * Receives the records of a batch, zero-copy: the segments are read-only
     * views of the batch's memory, valid only during the call (reading one
     * later throws {@link IllegalStateException}).
     */
    @FunctionalInterface
    public interface RecordVisitor {
        /**
         * One record.
         *
         * @param type what it is
         * @param columnFamilyId the ID of its column family (0: the default one)
         * @param key its key (see {@link RecordType})
         * @param value its value (see {@link RecordType})
         * @return false to stop at this record
         * @throws RocksDBException to stop with this failure (iterate rethrows it)
         */
        boolean visit(RecordType type, int columnFamilyId, MemorySegment key, MemorySegment value)
                throws RocksDBException;
    }

    /**
     * Receives the records of a batch as {@code byte[]}s, as RocksJava's
     * {@code WriteBatch.Handler}: the same abstract methods, so a RocksJava
     * handler compiles unchanged. As in RocksJava, every record comes to the
     * form with a column family ID (0 for the default family); the forms
     * without one and the transaction markers are never called (a panrocks
     * batch holds no markers). {@link #shouldContinue()} is asked before each
     * record. Unlike RocksJava, an exception a callback throws ends
     * {@link WriteBatch#iterate(Handler)} and reaches its caller (RocksJava
     * prints it and goes on).
     */
    public abstract static class Handler implements AutoCloseable {
        /** A handler. */
        protected Handler() {
        }

        /**
         * A put.
         *
         * @param columnFamilyId the family's ID
         * @param key the key
         * @param value the value
         * @throws RocksDBException to stop the walk
         */
        public abstract void put(int columnFamilyId, byte[] key, byte[] value) throws RocksDBException;

        /**
         * Never called by panrocks (RocksJava's shape).
         *
         * @param key the key
         * @param value the value
         */
        public abstract void put(byte[] key, byte[] value);

        /**
         * A merge.
         *
         * @param columnFamilyId the family's ID
         * @param key the key
         * @param value the operand
         * @throws RocksDBException to stop the walk
         */
        public abstract void merge(int columnFamilyId, byte[] key, byte[] value) throws RocksDBException;

        /**
         * Never called by panrocks (RocksJava's shape).
         *
         * @param key the key
         * @param value the operand
         */
        public abstract void merge(byte[] key, byte[] value);

        /**
         * A delete.
         *
         * @param columnFamilyId the family's ID
         * @param key the key
         * @throws RocksDBException to stop the walk
         */
        public abstract void delete(int columnFamilyId, byte[] key) throws RocksDBException;

        /**
         * Never called by panrocks (RocksJava's shape).
         *
         * @param key the key
         */
        public abstract void delete(byte[] key);

        /**
         * A single delete.
         *
         * @param columnFamilyId the family's ID
         * @param key the key
         * @throws RocksDBException to stop the walk
         */
        public abstract void singleDelete(int columnFamilyId, byte[] key) throws RocksDBException;

        /**
         * Never called by panrocks (RocksJava's shape).
         *
         * @param key the key
         */
        public abstract void singleDelete(byte[] key);

        /**
         * A range delete.
         *
         * @param columnFamilyId the family's ID
         * @param beginKey the first key deleted
         * @param endKey the key after the last
         * @throws RocksDBException to stop the walk
         */
        public abstract void deleteRange(int columnFamilyId, byte[] beginKey, byte[] endKey) throws RocksDBException;

        /**
         * Never called by panrocks (RocksJava's shape).
         *
         * @param beginKey the first key deleted
         * @param endKey the key after the last
         */
        public abstract void deleteRange(byte[] beginKey, byte[] endKey);

        /**
         * A wide-column entity ({@link WriteBatch#putEntity}); not abstract,
         * so that RocksJava's handlers (which have no such method) compile
         * unchanged. By default it fails the walk as RocksDB's own
         * {@code WriteBatch::Handler::PutEntityCF} does, and as RocksJava's
         * {@code iterate} does on such a batch: {@link Status.Code#NotSupported}
         * "PutEntityCF not implemented". Never skipped silently: a handler that
         * copies or replays a batch would lose the entity. Override it to
         * receive the entity.
         *
         * @param columnFamilyId the family's ID
         * @param key the key
         * @param columns the entity's columns (heap copies, sorted by name)
         * @throws RocksDBException to stop the walk (by default, NotSupported)
         */
        public void putEntity(int columnFamilyId, byte[] key, List<WideColumn> columns) throws RocksDBException {
            throw new RocksDBException(new Status(Status.Code.NotSupported, Status.SubCode.None,
                    Status.Severity.NoError, "PutEntityCF not implemented"));
        }

        /**
         * A {@link WriteBatch#putLogData} blob.
         *
         * @param blob the blob
         */
        public abstract void logData(byte[] blob);

        /**
         * Never called by panrocks: a panrocks batch holds no blob index.
         *
         * @param columnFamilyId the family's ID
         * @param key the key
         * @param value the blob index
         * @throws RocksDBException to stop the walk
         */
        public abstract void putBlobIndex(int columnFamilyId, byte[] key, byte[] value) throws RocksDBException;

        /**
         * Never called by panrocks: a panrocks batch holds no transaction marker.
         *
         * @throws RocksDBException to stop the walk
         */
        public abstract void markBeginPrepare() throws RocksDBException;

        /**
         * Never called by panrocks: a panrocks batch holds no transaction marker.
         *
         * @param xid the transaction's name
         * @throws RocksDBException to stop the walk
         */
        public abstract void markEndPrepare(byte[] xid) throws RocksDBException;

        /**
         * Never called by panrocks: a panrocks batch holds no transaction marker.
         *
         * @param emptyBatch whether the batch was empty
         * @throws RocksDBException to stop the walk
         */
        public abstract void markNoop(boolean emptyBatch) throws RocksDBException;

        /**
         * Never called by panrocks: a panrocks batch holds no transaction marker.
         *
         * @param xid the transaction's name
         * @throws RocksDBException to stop the walk
         */
        public abstract void markRollback(byte[] xid) throws RocksDBException;

        /**
         * Never called by panrocks: a panrocks batch holds no transaction marker.
         *
         * @param xid the transaction's name
         * @throws RocksDBException to stop the walk
         */
        public abstract void markCommit(byte[] xid) throws RocksDBException;

        /**
         * Never called by panrocks: a panrocks batch holds no transaction marker.
         *
         * @param xid the transaction's name
         * @param ts the commit timestamp
         * @throws RocksDBException to stop the walk
         */
        public abstract void markCommitWithTimestamp(byte[] xid, byte[] ts) throws RocksDBException;

        /**
         * Asked before each record: false stops the walk there.
         *
         * @return true (the default) to go on
         */
        public boolean shouldContinue() {
            return true;
        }

        /** Nothing to release (RocksJava's handler is a native object); present for try-with-resources code. */
        @Override
        public void close() {
        }
    }

    /**
     * Walks the batch's records in order, as RocksJava's
     * {@code iterate(Handler)}: each reaches the handler as {@code byte[]}s
     * (see {@link Handler}). The batch is locked meanwhile (other threads
     * wait); from inside the handler, it may be read (and written to a DB)
     * but not changed ({@link IllegalStateException}), and a {@link #close()}
     * happens when iterate returns.
     *
     * @param handler the handler
     * @throws RocksDBException what a callback threw
     * @throws IllegalStateException if the batch is closed
     */
    public void iterate(Handler handler) throws RocksDBException {
        Objects.requireNonNull(handler, "handler");
        iterate(handler, dispatchTo(handler));
    }

    /** Hands each record to handler's RocksJava-shaped method, as byte[]s. */
    private static RecordVisitor dispatchTo(Handler handler) {
        return (type, cf, key, value) -> {
            switch (type) {
                case PUT -> handler.put(cf, bytes(key), bytes(value));
                case MERGE -> handler.merge(cf, bytes(key), bytes(value));
                case DELETE -> handler.delete(cf, bytes(key));
                case SINGLE_DELETE -> handler.singleDelete(cf, bytes(key));
                case DELETE_RANGE -> handler.deleteRange(cf, bytes(key), bytes(value));
                case PUT_ENTITY -> handler.putEntity(cf, bytes(key), copies(Entities.deserialize(value)));
                case LOG_DATA -> handler.logData(bytes(value));
            }
            return true;
        };
    }

    /**
     * Walks a serialized batch that no WriteBatch owns (a WAL batch,
     * {@link TransactionLogIterator.BatchResult}), whose memory the caller
     * keeps alive meanwhile; the visitor's views die when this returns.
     */
    static long iterateSerialized(MemorySegment batch, Handler handler) throws RocksDBException {
        return walkSerialized(batch, handler, dispatchTo(handler));
    }

    /** As {@link #iterateSerialized(MemorySegment, Handler)}, zero-copy. */
    static long iterateSerialized(MemorySegment batch, RecordVisitor visitor) throws RocksDBException {
        return walkSerialized(batch, null, visitor);
    }

    private static long walkSerialized(MemorySegment batch, Handler handler, RecordVisitor visitor)
            throws RocksDBException {
        long[] visited = new long[1];
        try (Arena views = Arena.ofConfined()) {
            MemorySegment view = batch.reinterpret(batch.byteSize(), views, null).asReadOnly();
            parse(view, view.byteSize(), handler, (type, cf, key, value) -> {
                visited[0]++;
                return visitor.visit(type, cf, key, value);
            });
        }
        return visited[0];
    }

    /**
     * Walks the batch's records in order, zero-copy: each reaches the
     * visitor as read-only views of the batch's memory, valid during the call
     * only. Locking and what the visitor may do as {@link #iterate(Handler)}.
     *
     * @param visitor the visitor; returning false stops the walk
     * @return how many records were visited (log data included)
     * @throws RocksDBException what the visitor threw
     * @throws IllegalStateException if the batch is closed
     */
    public long iterate(RecordVisitor visitor) throws RocksDBException {
        Objects.requireNonNull(visitor, "visitor");
        return iterate(null, visitor);
    }

    private static byte[] bytes(MemorySegment view) {
        return view.toArray(ValueLayout.JAVA_BYTE);
    }

    /** Heap copies of columns that are views of the batch. */
    private static List<WideColumn> copies(List<WideColumn> views) {
        WideColumn[] copied = new WideColumn[views.size()];
        for (int i = 0; i < copied.length; i++) {
            copied[i] = WideColumn.of(bytes(views.get(i).name()), bytes(views.get(i).value()));
        }
        return List.of(copied);
    }

    private synchronized long iterate(Handler handler, RecordVisitor visitor) throws RocksDBException {
        MemorySegment b = checkOpen();
        long[] visited = new long[1];
        iterating++;
        try (Arena views = Arena.ofConfined()) {
            // read-only views of this batch's memory that die with the arena, before the memory can be freed
            MemorySegment view = b.reinterpret(size, views, null).asReadOnly();
            parse(view, size, handler, (type, cf, key, value) -> {
                visited[0]++;
                return visitor.visit(type, cf, key, value);
            });
        } finally {
            iterating--;
            if (iterating == 0 && closeDeferred) {
                closeDeferred = false;
                memory.close();
            }
            java.lang.ref.Reference.reachabilityFence(this);
        }
        return visited[0];
    }

    /**
     * Parses a serialized batch of {@code size} bytes, giving each record to
     * visitor (null: only checks), asking handler (if any) whether to go on
     * before each. Returns the records counted by the header (log data is not).
     *
     * @throws RocksDBException {@link Status.Code#Corruption} for a malformed batch, what visitor threw
     */
    private static int parse(MemorySegment b, long size, Handler handler, RecordVisitor visitor)
            throws RocksDBException {
        if (size < HEADER) throw corruption("a WriteBatch has a 12-byte header, this one has " + size + " bytes");
        long[] p = {HEADER};
        int counted = 0;
        while (p[0] < size) {
            if (handler != null && !handler.shouldContinue()) break;
            byte tag = b.get(ValueLayout.JAVA_BYTE, p[0]++);
            int cf = 0;
            RecordType type;
            boolean second = true;
            switch (tag) {
                case TYPE_VALUE, TYPE_CF_VALUE -> type = RecordType.PUT;
                case TYPE_MERGE, TYPE_CF_MERGE -> type = RecordType.MERGE;
                case TYPE_DELETION, TYPE_CF_DELETION -> {
                    type = RecordType.DELETE;
                    second = false;
                }
                case TYPE_SINGLE_DELETION, TYPE_CF_SINGLE_DELETION -> {
                    type = RecordType.SINGLE_DELETE;
                    second = false;
                }
                case TYPE_RANGE_DELETION, TYPE_CF_RANGE_DELETION -> type = RecordType.DELETE_RANGE;
                case TYPE_WIDE_COLUMN_ENTITY, TYPE_CF_WIDE_COLUMN_ENTITY -> type = RecordType.PUT_ENTITY;
                case TYPE_LOG_DATA -> type = RecordType.LOG_DATA;
                default -> throw corruption("unknown WriteBatch tag 0x" + Integer.toHexString(tag & 0xff)
                        + " at byte " + (p[0] - 1));
            }
            if (tag == TYPE_CF_VALUE || tag == TYPE_CF_MERGE || tag == TYPE_CF_DELETION
                    || tag == TYPE_CF_SINGLE_DELETION || tag == TYPE_CF_RANGE_DELETION
                    || tag == TYPE_CF_WIDE_COLUMN_ENTITY) {
                cf = (int) readVarint32(b, size, p);
            }
            MemorySegment key, value;
            if (type == RecordType.LOG_DATA) {
                key = EMPTY;
                value = readSlice(b, size, p);
            } else {
                key = readSlice(b, size, p);
                value = second ? readSlice(b, size, p) : EMPTY;
                counted++;
            }
            // an entity is checked as RocksDB's own deserialization checks it, before anyone sees it: a batch
            // made from bytes must not write an entity no read could decode
            if (type == RecordType.PUT_ENTITY) Entities.deserialize(value);
            if (visitor != null && !visitor.visit(type, cf, key, value)) break;
        }
        return counted;
    }

    private static long readVarint32(MemorySegment b, long size, long[] p) throws RocksDBException {
        long result = 0;
        for (int shift = 0; shift <= 28; shift += 7) {
            if (p[0] >= size) throw corruption("a WriteBatch record ends inside a varint");
            int octet = b.get(ValueLayout.JAVA_BYTE, p[0]++) & 0xff;
            result |= (long) (octet & 0x7f) << shift;
            if ((octet & 0x80) == 0) {
                if (result > 0xFFFF_FFFFL) break;
                return result;
            }
        }
        throw corruption("a WriteBatch record has a malformed varint32");
    }

    private static MemorySegment readSlice(MemorySegment b, long size, long[] p) throws RocksDBException {
        long length = readVarint32(b, size, p);
        if (length > size - p[0]) throw corruption("a WriteBatch record runs past the end of the batch");
        MemorySegment s = b.asSlice(p[0], length);
        p[0] += length;
        return s;
    }

    private static RocksDBException corruption(String message) {
        return new RocksDBException(new Status(Status.Code.Corruption, Status.SubCode.None, Status.Severity.NoError,
                message));
    }
}
