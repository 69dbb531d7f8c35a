package io.panrocks.internal.data;

import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.WideColumn;
import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.CallerMemory;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.ViewScope;
import io.panrocks.internal.ffi.panrocks_entity_result;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_slice;
import io.panrocks.internal.ffi.panrocks_wide_column;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Wide columns behind {@link RocksDB}, {@link RocksIterator} and
 * {@link WriteBatch}: staging an entity for RocksDB's PutEntity, reading
 * one (zero-copy into a {@link PinnedEntity}, or copied), turning the
 * engine's column arrays into views, and serializing an entity in RocksDB's
 * own format for a write batch.
 *
 * <p>Every method taking a {@link CallContext} runs inside a call the
 * caller entered.
 */
public final class Entities {
    public static final long COLUMN = panrocks_wide_column.sizeof();
    private static final long NAME = panrocks_wide_column.name$offset();
    private static final long VALUE = panrocks_wide_column.value$offset();
    private static final long DATA = panrocks_slice.data$offset();
    private static final long SIZE = panrocks_slice.size$offset();
    /** the serialization version RocksDB writes (db/wide/wide_column_serialization.h) */
    public static final int SERIALIZATION_VERSION = 1;

    private static volatile Boolean supported;

    private Entities() {
    }

    /** Whether the loaded library supports wide columns (RocksDB 8.0 and later). */
    public static boolean supported() {
        Boolean s = supported;
        if (s == null) {
            io.panrocks.internal.NativeLibrary.ensureLoaded();
            supported = s = panrocks_h.panrocks_wide_columns_supported() != 0;
        }
        return s;
    }

    // ---- checks -----------------------------------------------------------------

    /**
     * Checks the columns (non-null, usable segments within RocksDB's limits,
     * distinct names) and returns their indexes sorted by name.
     *
     * @throws IllegalArgumentException for two columns with one name
     */
    public static int[] checkedOrder(List<WideColumn> columns) {
        Objects.requireNonNull(columns, "columns");
        int n = columns.size();
        Integer[] order = new Integer[n];
        MemorySegment[] names = new MemorySegment[n];
        for (int i = 0; i < n; i++) {
            WideColumn c = Objects.requireNonNull(columns.get(i), "columns must not contain null");
            names[i] = Bytes.segment(c.name(), "column name");
            Bytes.segment(c.value(), "column value");
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Bytes.compareNames(names[a], names[b]));
        int[] sorted = new int[n];
        for (int i = 0; i < n; i++) {
            sorted[i] = order[i];
            if (i > 0 && Bytes.compareNames(names[order[i - 1]], names[order[i]]) == 0) {
                throw new IllegalArgumentException("two columns are named " + columns.get(order[i]).toString()
                        .replaceFirst(" = .*", "}") + ": the names of an entity's columns must be distinct");
            }
        }
        return sorted;
    }

    // ---- PutEntity --------------------------------------------------------------

    /**
     * Writes the entity through RocksDB's PutEntity: key and columns are
     * copied once into the thread's scratch (column array first, then the
     * bytes), so no caller memory is read outside the call's own arguments.
     */
    public static void put(CallContext c, MemorySegment db, MemorySegment cf, int flags, MemorySegment key,
                           List<WideColumn> columns) throws RocksDBException {
        int n = columns.size();
        long total = n * COLUMN + key.byteSize();
        for (WideColumn w : columns) total += w.name().byteSize() + w.value().byteSize();
        MemorySegment scratch = c.keyBuffer(Math.max(1, total));
        try {
            long p = n * COLUMN;
            CallerMemory.copy(key, 0, scratch, p, key.byteSize());
            long keyAt = p;
            p += key.byteSize();
            for (int i = 0; i < n; i++) {
                WideColumn w = columns.get(i);
                p = stage(scratch, i * COLUMN + NAME, p, w.name());
                p = stage(scratch, i * COLUMN + VALUE, p, w.value());
            }
            int rc = panrocks_h.panrocks_put_entity(db, cf, flags, scratch.asSlice(keyAt), key.byteSize(), scratch, n,
                    c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            c.trimScratch();
        }
    }

    /** Copies bytes to scratch[at..] and points the slice at slot to them; returns the next free offset. */
    private static long stage(MemorySegment scratch, long slot, long at, MemorySegment bytes) {
        long size = bytes.byteSize();
        CallerMemory.copy(bytes, 0, scratch, at, size);
        scratch.set(ValueLayout.JAVA_LONG, slot + DATA, scratch.address() + at);
        scratch.set(ValueLayout.JAVA_LONG, slot + SIZE, size);
        return at + size;
    }

    // ---- GetEntity --------------------------------------------------------------

    /**
     * Makes the public entity over pinned columns (a constructor reference of
     * the facade's type, so that nothing here names it).
     *
     * @param <O> the DB facade that read it
     * @param <E> the entity type
     */
    @FunctionalInterface
    public interface EntityMaker<O, E> {
        /**
         * The entity.
         *
         * @param owner the facade that read it
         * @param columns views of scope
         * @param scope the views' scope, closed with resource
         * @param resource what holds the native entity
         * @return the entity
         */
        E make(O owner, List<WideColumn> columns, ViewScope scope, DbResource resource);
    }

    /**
     * Makes the public result of a multi-get over its pinned results.
     *
     * @param <O> the DB facade that read them
     * @param <E> the result type
     */
    @FunctionalInterface
    public interface BatchMaker<O, E> {
        /**
         * The result.
         *
         * @param owner the facade that read them
         * @param size the number of keys
         * @param results the native results' address
         * @param scope the views' scope, closed with resource
         * @param resource what holds the native results
         * @return the result
         */
        E make(O owner, int size, long results, ViewScope scope, DbResource resource);
    }

    /** Reads k's entity into a native entity of the thread's pool, keeping it pinned; null if absent. */
    public static <O, E> E getPinned(O owner, CallContext c, MemorySegment db, MemorySegment cf, MemorySegment ro,
                                     MemorySegment k, long keyLength, EntityMaker<O, E> maker) throws RocksDBException {
        MemorySegment entity = c.takeEntity();
        boolean handedOver = false;
        try {
            if (!read(c, db, cf, ro, entity, k, keyLength)) return null;
            handedOver = true;
            return handOver(owner, c, entity, maker);
        } finally {
            if (!handedOver) release(c, entity);
        }
    }

    /**
     * The pinned entity of entity, just read (its columns at c.value, their
     * count in c.size), made by maker: entity is its from here on, and goes
     * back to the thread's pool when it is released (or here, if making it
     * fails before that is arranged).
     */
    private static <O, E> E handOver(O owner, CallContext c, MemorySegment entity, EntityMaker<O, E> maker) {
        ViewScope scope;
        List<WideColumn> columns;
        DbResource resource;
        try {
            scope = new ViewScope();
            columns = views(scope, c.valueAddress(), c.size.get(ValueLayout.JAVA_LONG, 0));
            resource = DbResource.confined(c, "PinnedEntity", scope, false, () -> release(c, entity));
        } catch (Throwable t) {
            release(c, entity);
            throw t;
        }
        return maker.make(owner, columns, scope, resource);
    }

    /** Releases the engine's columns held in entity and returns it to the thread's pool. */
    private static void release(CallContext c, MemorySegment entity) {
        panrocks_h.panrocks_entity_release(entity);
        c.returnEntity(entity);
    }

    /** Reads k's entity and copies its columns to the heap; null if absent. */
    public static List<WideColumn> getCopy(CallContext c, MemorySegment db, MemorySegment cf, MemorySegment ro,
                                           MemorySegment k, long keyLength) throws RocksDBException {
        MemorySegment entity = c.takeEntity();
        try {
            if (!read(c, db, cf, ro, entity, k, keyLength)) return null;
            long array = c.valueAddress();
            int n = count(c.size.get(ValueLayout.JAVA_LONG, 0));
            WideColumn[] out = new WideColumn[n];
            for (int i = 0; i < n; i++) {
                long at = array + i * COLUMN;
                out[i] = WideColumn.of(copy(at + NAME), copy(at + VALUE));
            }
            return List.of(out);
        } finally {
            release(c, entity);
        }
    }

    /** One GetEntity into entity: true if found (columns at c.value, count in c.size). */
    private static boolean read(CallContext c, MemorySegment db, MemorySegment cf, MemorySegment ro, MemorySegment entity,
                                MemorySegment k, long keyLength) throws RocksDBException {
        int rc;
        try {
            rc = panrocks_h.panrocks_get_entity(db, cf, ro, entity, k, keyLength, c.value, c.size,
                    c.error);
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        if (rc == Reads.NOT_FOUND) return false;
        if (rc != 0) throw c.failure(rc);
        return true;
    }

    /** The engine's column array at address (count columns) as views of scope. */
    public static List<WideColumn> views(ViewScope scope, long address, long count) {
        int n = count(count);
        WideColumn[] out = new WideColumn[n];
        for (int i = 0; i < n; i++) {
            long at = address + i * COLUMN;
            out[i] = new WideColumn(view(scope, at + NAME), view(scope, at + VALUE));
        }
        return List.of(out);
    }

    private static MemorySegment view(ViewScope scope, long slice) {
        return scope.view(Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, slice + DATA),
                Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, slice + SIZE));
    }

    private static byte[] copy(long slice) {
        return Bytes.copyOut(Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, slice + DATA),
                Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, slice + SIZE));
    }

    private static int count(long n) {
        if (n < 0 || n > Integer.MAX_VALUE - 8) throw new IllegalStateException("an entity of " + n + " columns");
        return (int) n;
    }

    // ---- column selection and MultiGetEntity ------------------------------------

    private static final long SLICE = panrocks_slice.sizeof();
    private static final long RESULT = panrocks_entity_result.sizeof();
    private static final long RESULT_COLUMNS = panrocks_entity_result.columns$offset();
    private static final long RESULT_COUNT = panrocks_entity_result.count$offset();
    private static final long RESULT_STATUS = panrocks_entity_result.status$offset();
    private static final long RESULT_SUBCODE = panrocks_entity_result.subcode$offset();
    private static final long RESULT_MESSAGE = panrocks_entity_result.message$offset();

    /**
     * Checks a selection of column names (non-null list, no null name) and
     * copies it, so the caller may change it afterwards; null stays null
     * (every column).
     */
    public static byte[][] checkedNames(Collection<byte[]> names, boolean nullMeansAll) {
        if (names == null) {
            if (nullMeansAll) return null;
            throw new NullPointerException("columnNames");
        }
        byte[][] out = names.toArray(new byte[0][]);
        for (byte[] n : out) Objects.requireNonNull(n, "columnNames must not contain null");
        return out;
    }

    /** Bytes of the names, for sizing the scratch. */
    private static long bytes(byte[][] arrays) {
        long total = 0;
        if (arrays != null) for (byte[] a : arrays) total += a.length;
        return total;
    }

    /** Writes the slices of arrays at scratch[slot..] and their bytes at scratch[at..]; returns the next free offset. */
    private static long stageAll(MemorySegment scratch, long slot, long at, byte[][] arrays) {
        for (int i = 0; i < arrays.length; i++) {
            at = stage(scratch, slot + i * SLICE, at, MemorySegment.ofArray(arrays[i]));
        }
        return at;
    }

    /**
     * GetEntity keeping only the named columns, filtered in the native call;
     * key is checked (heap or native). Null if the key is absent.
     */
    public static <O, E> E getPinnedSelected(O owner, CallContext c, MemorySegment db, MemorySegment cf,
                                             MemorySegment options, MemorySegment key, byte[][] names,
                                             EntityMaker<O, E> maker) throws RocksDBException {
        int m = names.length;
        long total = m * SLICE + key.byteSize() + bytes(names);
        MemorySegment entity = c.takeEntity();
        boolean handedOver = false;
        try {
            MemorySegment scratch = c.keyBuffer(Math.max(1, total));
            long keyAt = m * SLICE;
            CallerMemory.copy(key, 0, scratch, keyAt, key.byteSize());
            stageAll(scratch, 0, keyAt + key.byteSize(), names);
            int rc;
            try {
                rc = panrocks_h.panrocks_get_entity_selected(db, cf, options, entity, scratch.asSlice(keyAt),
                        key.byteSize(), m == 0 ? MemorySegment.NULL : scratch, m, c.value, c.size, c.error);
            } catch (AssertionError e) {
                throw Bytes.linkerFailure(e);
            }
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw c.failure(rc);
            handedOver = true;
            return handOver(owner, c, entity, maker);
        } finally {
            c.trimScratch();
            if (!handedOver) release(c, entity);
        }
    }

    /**
     * One MultiGetEntity over keys: families null reads every key in cf,
     * else key i in families[i]; names null keeps every column. Keys,
     * families and names are staged in the thread's scratch (key slices,
     * family pointers, name slices, then the bytes), the engine called once,
     * and the result handed to a PinnedEntities that owns it.
     */
    public static <O, E> E multiGet(O owner, CallContext c, MemorySegment db, MemorySegment cf,
                                    MemorySegment[] families, MemorySegment options, byte[][] keys, byte[][] names,
                                    BatchMaker<O, E> maker) throws RocksDBException {
        int n = keys.length;
        int m = names == null ? 0 : names.length;
        long familiesAt = n * SLICE;
        long namesAt = familiesAt + (families == null ? 0 : n * 8L);
        long bytesAt = namesAt + m * SLICE;
        long total = bytesAt + bytes(keys) + bytes(names);
        MemorySegment entities = c.takeEntityBatch();
        boolean handedOver = false;
        try {
            MemorySegment scratch = c.keyBuffer(Math.max(1, total));
            long at = stageAll(scratch, 0, bytesAt, keys);
            if (names != null) stageAll(scratch, namesAt, at, names);
            if (families != null) {
                for (int i = 0; i < n; i++) scratch.set(ValueLayout.ADDRESS, familiesAt + i * 8L, families[i]);
            }
            int rc = panrocks_h.panrocks_multi_get_entity(db, cf,
                    families == null ? MemorySegment.NULL : scratch.asSlice(familiesAt), options, entities,
                    n == 0 ? MemorySegment.NULL : scratch, n,
                    names == null ? MemorySegment.NULL : scratch.asSlice(namesAt), m, c.value, c.error);
            if (rc != 0) throw c.failure(rc);
            long results = c.valueAddress();
            ViewScope scope = new ViewScope();
            DbResource resource = DbResource.confined(c, "PinnedEntities", scope, false,
                    () -> c.returnEntityBatch(entities, n));
            handedOver = true;
            return maker.make(owner, n, results, scope, resource);
        } finally {
            c.trimScratch();
            if (!handedOver) c.returnEntityBatch(entities, n);
        }
    }

    /** The status code of result i (0 found, NOT_FOUND, else RocksDB's code); read while the result is held. */
    public static int resultCode(long results, int i) {
        return Bytes.EVERYTHING.get(ValueLayout.JAVA_INT, results + i * RESULT + RESULT_STATUS);
    }

    /** Result i's status with RocksDB's code, subcode and message. */
    public static Status resultStatus(long results, int i) {
        long at = results + i * RESULT;
        int code = resultCode(results, i);
        if (code == 0) return new Status(Status.Code.Ok, Status.SubCode.None, Status.Severity.NoError, "");
        if (code == Reads.NOT_FOUND) {
            return new Status(Status.Code.NotFound, Status.SubCode.None, Status.Severity.NoError, "");
        }
        long message = at + RESULT_MESSAGE;
        byte[] text = new byte[Bytes.checkFitsArray(Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, message + SIZE))];
        Bytes.copyFromAddress(Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, message + DATA), text, 0, text.length);
        return new Status(Status.Code.of(code),
                Status.SubCode.of(Bytes.EVERYTHING.get(ValueLayout.JAVA_INT, at + RESULT_SUBCODE)),
                Status.Severity.NoError, new String(text, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Result i's columns as views of scope (a found key's). */
    public static List<WideColumn> resultColumns(ViewScope scope, long results, int i) {
        long at = results + i * RESULT;
        return views(scope, Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, at + RESULT_COLUMNS),
                Bytes.EVERYTHING.get(ValueLayout.JAVA_LONG, at + RESULT_COUNT));
    }

    /** The value of the column named name in columns (sorted by name), or null: a binary search. */
    public static MemorySegment find(List<WideColumn> columns, byte[] name) {
        MemorySegment wanted = MemorySegment.ofArray(name);
        int low = 0, high = columns.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            WideColumn c = columns.get(mid);
            int cmp = Bytes.compareNames(c.name(), wanted);
            if (cmp == 0) return c.value();
            if (cmp < 0) low = mid + 1;
            else high = mid - 1;
        }
        return null;
    }

    // ---- serialization (for write batches) -------------------------------------------

    /**
     * The size of the entity RocksDB's WideColumnSerialization writes:
     * varint32 version, varint32 count, per column (sorted by name) a
     * varint32-prefixed name and a varint32 value size, then the values.
     */
    public static long serializedSize(List<WideColumn> columns) {
        long size = varintSize(SERIALIZATION_VERSION) + varintSize(columns.size());
        for (WideColumn c : columns) {
            long name = c.name().byteSize(), value = c.value().byteSize();
            size += varintSize(name) + name + varintSize(value) + value;
        }
        return size;
    }

    /** Writes the serialized entity (columns in {@code order}) at b[p..]; returns the end. */
    public static long serialize(MemorySegment b, long p, List<WideColumn> columns, int[] order) {
        p = varint32(b, p, SERIALIZATION_VERSION);
        p = varint32(b, p, columns.size());
        for (int i : order) {
            WideColumn c = columns.get(i);
            p = varint32(b, p, c.name().byteSize());
            CallerMemory.copy(c.name(), 0, b, p, c.name().byteSize());
            p += c.name().byteSize();
            p = varint32(b, p, c.value().byteSize());
        }
        for (int i : order) {
            MemorySegment value = columns.get(i).value();
            CallerMemory.copy(value, 0, b, p, value.byteSize());
            p += value.byteSize();
        }
        return p;
    }

    /**
     * The columns of a serialized entity (RocksDB's wide-column format, as a
     * batch record holds it), checked as RocksDB's
     * {@code WideColumnSerialization::Deserialize} checks it: a known
     * version, names strictly ascending (bytewise), every value inside the
     * entity. The columns are slices of {@code entity} (no copy).
     *
     * @throws RocksDBException {@code NotSupported} for a newer version,
     *         {@code Corruption} for a malformed entity (RocksDB's messages)
     */
    public static List<WideColumn> deserialize(MemorySegment entity) throws RocksDBException {
        long size = entity.byteSize();
        long[] p = {0};
        long version = entityVarint(entity, size, p, "Error decoding wide column version");
        if (version > SERIALIZATION_VERSION) {
            throw new RocksDBException(new Status(Status.Code.NotSupported, Status.SubCode.None,
                    Status.Severity.NoError, "Unsupported wide column version"));
        }
        long count = entityVarint(entity, size, p, "Error decoding number of wide columns");
        if (count > size) throw entityCorruption("Error decoding wide column name"); // each name takes a byte
        MemorySegment[] names = new MemorySegment[(int) count];
        long[] valueSizes = new long[(int) count];
        for (int i = 0; i < count; i++) {
            long nameLength = entityVarint(entity, size, p, "Error decoding wide column name");
            if (nameLength > size - p[0]) throw entityCorruption("Error decoding wide column name");
            names[i] = entity.asSlice(p[0], nameLength);
            p[0] += nameLength;
            if (i > 0 && compareBytes(names[i - 1], names[i]) >= 0) throw entityCorruption("Wide columns out of order");
            valueSizes[i] = entityVarint(entity, size, p, "Error decoding wide column value size");
        }
        List<WideColumn> columns = new java.util.ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            if (valueSizes[i] > size - p[0]) throw entityCorruption("Error decoding wide column value payload");
            columns.add(new WideColumn(names[i], entity.asSlice(p[0], valueSizes[i])));
            p[0] += valueSizes[i];
        }
        // RocksDB 11 refuses bytes after the last value (9.x ignored them): an entity is exactly its encoding
        if (p[0] != size) throw entityCorruption("Unexpected trailing data after wide column entity");
        return columns;
    }

    private static long entityVarint(MemorySegment b, long size, long[] p, String what) throws RocksDBException {
        long result = 0;
        for (int shift = 0; shift <= 28 && p[0] < size; shift += 7) {
            int octet = b.get(ValueLayout.JAVA_BYTE, p[0]++) & 0xff;
            result |= (long) (octet & 0x7f) << shift;
            if ((octet & 0x80) == 0) {
                if (result > 0xFFFF_FFFFL) break;
                return result;
            }
        }
        throw entityCorruption(what);
    }

    private static RocksDBException entityCorruption(String message) {
        return new RocksDBException(new Status(Status.Code.Corruption, Status.SubCode.None, Status.Severity.NoError,
                message));
    }

    /** Bytewise (unsigned) order of two names. */
    private static int compareBytes(MemorySegment a, MemorySegment b) {
        long mismatch = a.mismatch(b);
        if (mismatch < 0) return 0;
        if (mismatch == a.byteSize()) return -1;
        if (mismatch == b.byteSize()) return 1;
        return Integer.compare(a.get(ValueLayout.JAVA_BYTE, mismatch) & 0xff, b.get(ValueLayout.JAVA_BYTE, mismatch) & 0xff);
    }

    public static int varintSize(long value) {
        int n = 1;
        while (value >= 0x80) {
            value >>>= 7;
            n++;
        }
        return n;
    }

    public static long varint32(MemorySegment b, long p, long value) {
        while (value >= 0x80) {
            b.set(ValueLayout.JAVA_BYTE, p++, (byte) (value | 0x80));
            value >>>= 7;
        }
        b.set(ValueLayout.JAVA_BYTE, p++, (byte) value);
        return p;
    }
}
