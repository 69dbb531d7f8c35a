package io.panrocks;

import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;

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
    private long[] savedSizes = new long[4];
    private int[] savedCounts = new int[4];
    private int savePoints;
    /** the DB of the non-default families recorded since the last clear(); null if none */
    private NativeDb familyDb;

    public WriteBatch() {
        this(1024);
    }

    /** A batch with room for {@code reservedBytes} before it grows. */
    public WriteBatch(int reservedBytes) {
        if (reservedBytes < 0) throw new IllegalArgumentException("reservedBytes must be >= 0, was " + reservedBytes);
        // the header's sequence stays 0
        memory = new StandaloneResource("WriteBatch", this, NativeMemory.allocateZeroed(Math.max(HEADER + 64L, reservedBytes)),
                NativeMemory::free);
    }

    // ---- updates ------------------------------------------------------------

    public WriteBatch put(byte[] key, byte[] value) {
        return put(null, key, value);
    }

    public synchronized WriteBatch put(ColumnFamilyHandle family, byte[] key, byte[] value) {
        Bytes.key(key);
        Bytes.value(value);
        record(family, TYPE_VALUE, TYPE_CF_VALUE, key, value);
        return this;
    }

    public WriteBatch put(MemorySegment key, MemorySegment value) {
        return put(null, key, value);
    }

    public synchronized WriteBatch put(ColumnFamilyHandle family, MemorySegment key, MemorySegment value) {
        record(family, TYPE_VALUE, TYPE_CF_VALUE, Bytes.segment(key, "key"), Bytes.segment(value, "value"));
        return this;
    }

    /** Adds key[position, limit) -> value[position, limit) and moves both positions to their limits. */
    public WriteBatch put(ByteBuffer key, ByteBuffer value) {
        return put(null, key, value);
    }

    public synchronized WriteBatch put(ColumnFamilyHandle family, ByteBuffer key, ByteBuffer value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        record(family, TYPE_VALUE, TYPE_CF_VALUE, MemorySegment.ofBuffer(key), MemorySegment.ofBuffer(value));
        key.position(key.limit());
        value.position(value.limit());
        return this;
    }

    public WriteBatch merge(byte[] key, byte[] value) {
        return merge(null, key, value);
    }

    public synchronized WriteBatch merge(ColumnFamilyHandle family, byte[] key, byte[] value) {
        Bytes.key(key);
        Bytes.value(value);
        record(family, TYPE_MERGE, TYPE_CF_MERGE, key, value);
        return this;
    }

    public synchronized WriteBatch merge(ColumnFamilyHandle family, MemorySegment key, MemorySegment value) {
        record(family, TYPE_MERGE, TYPE_CF_MERGE, Bytes.segment(key, "key"), Bytes.segment(value, "value"));
        return this;
    }

    public WriteBatch delete(byte[] key) {
        return delete(null, key);
    }

    public synchronized WriteBatch delete(ColumnFamilyHandle family, byte[] key) {
        record(family, TYPE_DELETION, TYPE_CF_DELETION, Bytes.key(key), null);
        return this;
    }

    public synchronized WriteBatch delete(ColumnFamilyHandle family, MemorySegment key) {
        record(family, TYPE_DELETION, TYPE_CF_DELETION, Bytes.segment(key, "key"), null);
        return this;
    }

    /** Deletes a key written once (and not merged): cheaper for RocksDB than delete; see RocksDB's SingleDelete. */
    public WriteBatch singleDelete(byte[] key) {
        return singleDelete(null, key);
    }

    public synchronized WriteBatch singleDelete(ColumnFamilyHandle family, byte[] key) {
        record(family, TYPE_SINGLE_DELETION, TYPE_CF_SINGLE_DELETION, Bytes.key(key), null);
        return this;
    }

    /** Deletes every key in [beginKey, endKey). */
    public WriteBatch deleteRange(byte[] beginKey, byte[] endKey) {
        return deleteRange(null, beginKey, endKey);
    }

    public synchronized WriteBatch deleteRange(ColumnFamilyHandle family, byte[] beginKey, byte[] endKey) {
        Objects.requireNonNull(beginKey, "beginKey");
        Objects.requireNonNull(endKey, "endKey");
        record(family, TYPE_RANGE_DELETION, TYPE_CF_RANGE_DELETION, beginKey, endKey);
        return this;
    }

    // ---- wide columns (issue 13) ------------------------------------------------

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
        MemorySegment.copy(key, 0, b, p, keyLength);
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
        if (savePoints == 0) throw noSavePoint();
        savePoints--;
        size = savedSizes[savePoints];
        count = savedCounts[savePoints];
    }

    /** Forgets the latest save point, keeping the updates. */
    public synchronized void popSavePoint() throws RocksDBException {
        checkOpen();
        if (savePoints == 0) throw noSavePoint();
        savePoints--;
    }

    private static RocksDBException noSavePoint() {
        return new RocksDBException(new Status(Status.Code.NotFound, Status.SubCode.None, Status.Severity.NoError,
                "no save point in this WriteBatch"));
    }

    /** Number of updates. */
    public synchronized int count() {
        return count;
    }

    /** Size of the serialized batch in bytes, as RocksDB's {@code GetDataSize()}. */
    public synchronized long getDataSize() {
        return size;
    }

    /** Removes every update and save point; the batch stays usable. */
    public synchronized void clear() {
        checkOpen();
        size = HEADER;
        count = 0;
        savePoints = 0;
        familyDb = null;
    }

    /** The serialized batch, as RocksJava's {@code WriteBatch.data()}: RocksDB's own format. */
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
        MemorySegment.copy(key, 0, b, p, keyLength);
        p += keyLength;
        if (second != null) {
            p = varint32(b, p, secondLength);
            MemorySegment.copy(second, 0, b, p, secondLength);
            p += secondLength;
        }
        commit(p);
    }

    /** Tag, family ID (unless default) and key length; returns where the key goes. */
    private long header(MemorySegment b, ColumnFamilyHandle family, byte plainType, byte familyType, long keyLength) {
        if (family != null) family.checkUsable();
        int familyId = family == null ? 0 : family.getID();
        if (familyId != 0) bindTo(family);
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
        size = end;
        count++;
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

    /** Frees the native memory; idempotent. Any later use throws {@link IllegalStateException}. */
    @Override
    public synchronized void close() {
        memory.close();
    }
}
