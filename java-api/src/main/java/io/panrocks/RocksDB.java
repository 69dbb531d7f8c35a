package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.CriticalCalls;
import io.panrocks.internal.Leaks;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_read_options_spec;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * An open RocksDB database: the entry point of panrocks, shaped like
 * RocksJava's {@code org.rocksdb.RocksDB}. Every operation has a form for
 * the default column family and one taking a {@link ColumnFamilyHandle}.
 *
 * <h2>Threads</h2>
 * A {@code RocksDB} is safe to use from many threads at once; reads take no
 * lock and scale with cores, as RocksDB's own {@code Get} does. Each thread
 * keeps its own native scratch (key and value buffers, PinnableSlices), so
 * steady-state reads and writes allocate no native memory.
 *
 * <h2>Closing</h2>
 * {@link #close()} refuses new calls at once, waits for calls in progress on
 * other threads, releases everything the DB owns (snapshots, iterators,
 * pinned values, column family handles), then closes the engine. Any later
 * use of the DB or of what it owned throws {@link IllegalStateException}.
 * Pinned values and iterators that other live threads still hold keep the
 * engine open until they are closed (see {@link PinnedValue}).
 *
 * <h2>Errors</h2>
 * A missing key is an answer ({@code null} or {@link #NOT_FOUND}), not an
 * exception. Engine failures are {@link RocksDBException}s with RocksDB's
 * code, subcode and message. Bad arguments fail before any native call.
 */
public final class RocksDB implements AutoCloseable {
    /** Returned by the reads into a caller's buffer when the key is absent. */
    public static final int NOT_FOUND = -1;

    private static final MemorySegment DEFAULT = MemorySegment.NULL;

    private final NativeDb db;
    private final Reads reads;
    private final Writes writes;
    private final Path path;
    private final boolean readOnly;
    private final boolean statistics;
    private final ColumnFamilyHandle defaultFamily;

    RocksDB(NativeDb db, Path path, boolean readOnly, DBOptions options) {
        this.db = db;
        this.reads = new Reads(this, db.handle(), options.adaptiveReadThreshold());
        this.writes = new Writes(db.handle());
        this.path = path;
        this.readOnly = readOnly;
        this.statistics = options.statisticsEnabled();
        this.defaultFamily = new ColumnFamilyHandle(this, db, db.defaultFamily(), true);
        // a DB never closed is closed when unreachable (the action holds the NativeDb, not this)
        Leaks.CLEANER.register(this, db.closerForForgotten(Leaks.creationSite()));
    }

    ColumnFamilyHandle wrapFamily(MemorySegment handle, boolean isDefault) {
        return new ColumnFamilyHandle(this, db, handle, isDefault);
    }

    // ---- opening -------------------------------------------------------------

    /** Opens (creating if missing) the DB at path with default options, as RocksJava's {@code open(path)}. */
    public static RocksDB open(Path path) throws RocksDBException {
        return open(new Options().setCreateIfMissing(true), path);
    }

    public static RocksDB open(String path) throws RocksDBException {
        return open(Path.of(Objects.requireNonNull(path, "path")));
    }

    public static RocksDB open(Options options, String path) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")));
    }

    /** Opens the DB at path for reading and writing, with its default column family only. */
    public static RocksDB open(Options options, Path path) throws RocksDBException {
        return Opener.open(options, path, false, false);
    }

    /**
     * Opens the DB at path with the given column families (all that exist
     * must be named, "default" included; with
     * {@code setCreateMissingColumnFamilies(true)} missing ones are created).
     * {@code columnFamilyHandles} receives one handle per descriptor, in order.
     */
    public static RocksDB open(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return Opener.open(options, path, columnFamilyDescriptors, columnFamilyHandles, false, false);
    }

    /** Opens the DB at path read-only; writes fail with {@link Status.Code#NotSupported}. */
    public static RocksDB openReadOnly(Path path) throws RocksDBException {
        return openReadOnly(new Options(), path);
    }

    public static RocksDB openReadOnly(Options options, Path path) throws RocksDBException {
        return Opener.open(options, path, true, false);
    }

    /**
     * Opens read-only, failing if a write-ahead log holds data not yet in an
     * SST file (which a read-only DB would not see).
     */
    public static RocksDB openReadOnly(Options options, Path path, boolean errorIfWalFileExists)
            throws RocksDBException {
        return Opener.open(options, path, true, errorIfWalFileExists);
    }

    public static RocksDB openReadOnly(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                       List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return Opener.open(options, path, columnFamilyDescriptors, columnFamilyHandles, true, false);
    }

    /** The names of the column families of the DB at path. */
    public static List<byte[]> listColumnFamilies(Options options, Path path) throws RocksDBException {
        return Opener.listColumnFamilies(new DBOptions(Objects.requireNonNull(options, "options")), path);
    }

    /** Version of the RocksDB engine panrocks runs on, e.g. "7.8.3". */
    public static String engineVersion() {
        return NativeLibrary.engineVersion();
    }

    /** Where the DB lives. */
    public Path getPath() {
        return path;
    }

    public boolean isReadOnly() {
        return readOnly;
    }

    public boolean isOpen() {
        return db.isOpen();
    }

    MemorySegment familyOf(ColumnFamilyHandle h) {
        return family(h);
    }

    /** Resolves a handle inside a call: NULL for the default family. */
    private MemorySegment family(ColumnFamilyHandle h) {
        return h == null ? DEFAULT : h.nativeHandle(db);
    }
    // ---- put ----

    /** Writes value under key. */
    public void put(byte[] key, byte[] value) throws RocksDBException {
        put(null, WriteOptions.DEFAULT, key, value);
    }

    public void put(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        put(columnFamily, WriteOptions.DEFAULT, key, value);
    }

    public void put(WriteOptions writeOptions, byte[] key, byte[] value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, byte[] value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, Bytes.key(key), 0, key.length, Bytes.value(value), 0, value.length);
    }

    /** With {@code key[keyOffset, +keyLength)} and {@code value[valueOffset, +valueLength)}. */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    public void put(MemorySegment key, MemorySegment value) throws RocksDBException {
        put(null, WriteOptions.DEFAULT, key, value);
    }

    /** Native segments are read in place; heap ones are copied once into the thread's scratch. */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, Bytes.segment(value, "value"));
    }

    public void put(WriteOptions writeOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    /** RocksJava's ByteBuffer form: writes key[position, limit) and value[position, limit), moving both positions to their limits. */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, Objects.requireNonNull(value, "value"));
    }

    // ---- merge ----

    /** Merges value into key with the column family's merge operator. */
    public void merge(byte[] key, byte[] value) throws RocksDBException {
        merge(null, WriteOptions.DEFAULT, key, value);
    }

    public void merge(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        merge(columnFamily, WriteOptions.DEFAULT, key, value);
    }

    public void merge(WriteOptions writeOptions, byte[] key, byte[] value) throws RocksDBException {
        merge(null, writeOptions, key, value);
    }

    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, byte[] value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, Bytes.value(value), 0, value.length);
    }

    /** With {@code key[keyOffset, +keyLength)} and {@code value[valueOffset, +valueLength)}. */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    public void merge(MemorySegment key, MemorySegment value) throws RocksDBException {
        merge(null, WriteOptions.DEFAULT, key, value);
    }

    /** Native segments are read in place; heap ones are copied once into the thread's scratch. */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, Bytes.segment(value, "value"));
    }

    public void merge(WriteOptions writeOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        merge(null, writeOptions, key, value);
    }

    /** RocksJava's ByteBuffer form: writes key[position, limit) and value[position, limit), moving both positions to their limits. */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, Objects.requireNonNull(value, "value"));
    }

    // ---- delete ----

    /** Deletes key (a missing key is fine). */
    public void delete(byte[] key) throws RocksDBException {
        delete(null, WriteOptions.DEFAULT, key);
    }

    public void delete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        delete(columnFamily, WriteOptions.DEFAULT, key);
    }

    public void delete(WriteOptions writeOptions, byte[] key) throws RocksDBException {
        delete(null, writeOptions, key);
    }

    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, null, 0, 0);
    }

    public void delete(MemorySegment key) throws RocksDBException {
        delete(null, WriteOptions.DEFAULT, key);
    }

    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, key, null);
    }

    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, key, null);
    }

    // ---- singleDelete ----

    /** Deletes a key that was written once and never merged or overwritten: RocksDB's SingleDelete. */
    public void singleDelete(byte[] key) throws RocksDBException {
        singleDelete(null, WriteOptions.DEFAULT, key);
    }

    public void singleDelete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        singleDelete(columnFamily, WriteOptions.DEFAULT, key);
    }

    public void singleDelete(WriteOptions writeOptions, byte[] key) throws RocksDBException {
        singleDelete(null, writeOptions, key);
    }

    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, null, 0, 0);
    }

    public void singleDelete(MemorySegment key) throws RocksDBException {
        singleDelete(null, WriteOptions.DEFAULT, key);
    }

    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, key, null);
    }

    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, key, null);
    }

    // ---- the three write paths behind every overload ----

    private void write(Writes.Op op, ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key,
                       int keyOffset, int keyLength, byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.checkRange(key, keyOffset, keyLength, "key");
        if (op.hasValue()) Bytes.checkRange(value, valueOffset, valueLength, "value");
        CallContext c = db.enter();
        try {
            writes.write(c, op, family(columnFamily), writeOptions.flags(), key, keyOffset, keyLength,
                    value, valueOffset, valueLength);
        } finally {
            db.exit(c);
        }
    }

    /** value null: a delete */
    private void write(Writes.Op op, ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key,
                       MemorySegment value) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.segment(key, "key");
        CallContext c = db.enter();
        try {
            writes.write(c, op, family(columnFamily), writeOptions.flags(), key, value);
        } finally {
            db.exit(c);
        }
    }

    /** value null: a delete */
    private void write(Writes.Op op, ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key,
                       ByteBuffer value) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.keyBuffer(key, "key");
        if (op.hasValue()) Bytes.keyBuffer(value, "value");
        CallContext c = db.enter();
        try {
            writes.write(c, op, family(columnFamily), writeOptions.flags(), key, value);
        } finally {
            db.exit(c);
        }
    }

    /** Writes {@code value[valueOffset, +valueLength)} under {@code key[keyOffset, +keyLength)}. */
    public void put(WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        put(null, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    public void put(WriteOptions writeOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    public void delete(WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        delete(null, writeOptions, key);
    }

    // ---- deleteRange ----
    /** Deletes every key in [beginKey, endKey). */
    public void deleteRange(byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(null, WriteOptions.DEFAULT, beginKey, endKey);
    }

    public void deleteRange(ColumnFamilyHandle columnFamily, byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(columnFamily, WriteOptions.DEFAULT, beginKey, endKey);
    }

    public void deleteRange(WriteOptions writeOptions, byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(null, writeOptions, beginKey, endKey);
    }

    public void deleteRange(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] beginKey, byte[] endKey)
            throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Objects.requireNonNull(beginKey, "beginKey");
        Objects.requireNonNull(endKey, "endKey");
        CallContext c = db.enter();
        try {
            writes.deleteRange(c, family(columnFamily), writeOptions.flags(), beginKey, endKey);
        } finally {
            db.exit(c);
        }
    }

    // ---- write batches ----
    /** Applies every update of batch atomically; the batch stays as it was and can be reused. */
    public void write(WriteOptions writeOptions, WriteBatch batch) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Objects.requireNonNull(batch, "batch");
        synchronized (batch) {
            CallContext c = db.enter();
            try {
                writes.write(c, writeOptions.flags(), batch);
            } finally {
                db.exit(c);
            }
        }
    }

    // ---- reads: copies -----------------------------------------------------

    /** The value of key, or {@code null} if the key is absent. */
    public byte[] get(byte[] key) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key);
    }

    public byte[] get(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key);
    }

    public byte[] get(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return get(null, readOptions, key);
    }

    public byte[] get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.get(c, family(columnFamily), readOptions, c.stageKey(key, 0, key.length), key.length);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Reads key into the caller's reusable array, as RocksJava's
     * {@code get(key, value)}: copies {@code min(size, value.length)} bytes
     * and returns the value's full size, or {@link #NOT_FOUND}. When the
     * result exceeds {@code value.length}, grow the array and call again.
     * Allocates nothing.
     */
    public int get(byte[] key, byte[] value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    public int get(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key, value);
    }

    public int get(ReadOptions readOptions, byte[] key, byte[] value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    public int get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, byte[] value)
            throws RocksDBException {
        Bytes.key(key);
        Bytes.value(value);
        return get(columnFamily, readOptions, key, 0, key.length, value, 0, value.length);
    }

    public int get(ReadOptions readOptions, byte[] key, int keyOffset, int keyLength,
                   byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        return get(null, readOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    /**
     * Reads {@code key[keyOffset, keyOffset + keyLength)} and copies at most
     * {@code valueLength} bytes of its value to {@code value[valueOffset...]};
     * returns the value's full size or {@link #NOT_FOUND}. Allocates nothing.
     */
    public int get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, int keyOffset, int keyLength,
                   byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.checkRange(key, keyOffset, keyLength, "key");
        Bytes.checkRange(value, valueOffset, valueLength, "value");
        CallContext c = db.enter();
        try {
            MemorySegment cf = family(columnFamily);
            if (CriticalCalls.ENABLED && readOptions.readTier() == ReadTier.READ_ALL_TIER) {
                long size = reads.getCritical(c, cf, readOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
                if (size != Long.MIN_VALUE) return saturate(size);
            }
            return saturate(reads.get(c, cf, readOptions, c.stageKey(key, keyOffset, keyLength),
                    keyLength, value, valueOffset, valueLength));
        } finally {
            db.exit(c);
        }
    }

    /**
     * Reads key into {@code value}: copies {@code min(size, value.byteSize())}
     * bytes and returns the full size, or {@link #NOT_FOUND}. A native
     * {@code value} is filled by the engine directly; a heap one (over a
     * {@code byte[]}) through the thread's scratch. Allocates nothing.
     */
    public long get(MemorySegment key, MemorySegment value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    public long get(ReadOptions readOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    public long get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        Bytes.output(value, "value");
        CallContext c = db.enter();
        try {
            return reads.get(c, family(columnFamily), readOptions, stage(c, key), key.byteSize(), value);
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksJava's ByteBuffer read: reads {@code key} from its position to its
     * limit (and moves its position to the limit), copies the value into
     * {@code value} from its position and sets its limit to position +
     * min(size, remaining). Returns the full size or {@link #NOT_FOUND}.
     * Heap and direct buffers both work; neither allocates.
     */
    public int get(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    public int get(ReadOptions readOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    public int get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.keyBuffer(key, "key");
        Bytes.output(value, "value");
        CallContext c = db.enter();
        try {
            return reads.get(c, family(columnFamily), readOptions, key, value);
        } finally {
            db.exit(c);
        }
    }

    // ---- reads: zero-copy ----------------------------------------------------

    /**
     * Reads key without copying: the value stays pinned in RocksDB's memory
     * until the returned {@link PinnedValue} is closed. Returns null if the
     * key is absent. The value belongs to the calling thread.
     */
    public PinnedValue getPinned(byte[] key) throws RocksDBException {
        return getPinned(null, ReadOptions.DEFAULT, key);
    }

    public PinnedValue getPinned(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return getPinned(null, readOptions, key);
    }

    public PinnedValue getPinned(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.getPinned(c, family(columnFamily), readOptions, c.stageKey(key, 0, key.length), key.length);
        } finally {
            db.exit(c);
        }
    }

    public PinnedValue getPinned(ReadOptions readOptions, MemorySegment key) throws RocksDBException {
        return getPinned(null, readOptions, key);
    }

    public PinnedValue getPinned(ColumnFamilyHandle columnFamily, ReadOptions readOptions, MemorySegment key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        CallContext c = db.enter();
        try {
            return reads.getPinned(c, family(columnFamily), readOptions, stage(c, key), key.byteSize());
        } finally {
            db.exit(c);
        }
    }

    /**
     * The adaptive read, in one crossing: a value of at most
     * {@link #adaptiveReadThreshold()} bytes that fits in {@code buffer} (a
     * native segment of yours) is copied there and its pin released at once;
     * a larger one is returned pinned. Either way the result's
     * {@link PinnedValue#value()} holds the bytes; close it when done.
     * Returns null if the key is absent.
     */
    public PinnedValue getAdaptive(ReadOptions readOptions, byte[] key, MemorySegment buffer) throws RocksDBException {
        return getAdaptive(null, readOptions, key, buffer);
    }

    public PinnedValue getAdaptive(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                                   MemorySegment buffer) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Bytes.output(buffer, "buffer");
        if (!buffer.isNative()) throw new IllegalArgumentException("buffer must be a native segment");
        CallContext c = db.enter();
        try {
            return reads.getAdaptive(c, family(columnFamily), readOptions, c.stageKey(key, 0, key.length), key.length,
                    buffer);
        } finally {
            db.exit(c);
        }
    }

    /**
     * The scoped zero-copy read: calls {@code reader} with the value as a
     * read-only segment that is valid only while the reader runs (using it
     * later throws {@link IllegalStateException}), and returns what the
     * reader returns; returns null without calling it if the key is absent.
     * Small values are copied into the thread's scratch, large ones pinned
     * (above {@link #adaptiveReadThreshold()}); the reader cannot tell.
     * Nothing is allocated when the reader is inlined. The reader may call
     * this DB again, but must not close it.
     */
    public <T> T get(byte[] key, Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, reader);
    }

    public <T> T get(ReadOptions readOptions, byte[] key, Function<? super MemorySegment, ? extends T> reader)
            throws RocksDBException {
        return get(null, readOptions, key, reader);
    }

    public <T> T get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                     Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Objects.requireNonNull(reader, "reader");
        CallContext c = db.enter();
        try {
            return reads.get(c, family(columnFamily), readOptions, c.stageKey(key, 0, key.length), key.length, reader);
        } finally {
            db.exit(c);
        }
    }

    public <T> T get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, MemorySegment key,
                     Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        Objects.requireNonNull(reader, "reader");
        CallContext c = db.enter();
        try {
            return reads.get(c, family(columnFamily), readOptions, stage(c, key), key.byteSize(), reader);
        } finally {
            db.exit(c);
        }
    }

    /** Values up to this many bytes are copied by the adaptive reads; larger ones are pinned. */
    public long adaptiveReadThreshold() {
        return reads.adaptiveThreshold();
    }

    // ---- reads: batched and existence ------------------------------------------

    /**
     * Reads all keys with one batched MultiGet; the list holds each value or
     * null for an absent key, in key order (RocksJava's {@code multiGetAsList}).
     */
    public List<byte[]> multiGetAsList(List<byte[]> keys) throws RocksDBException {
        return multiGetAsList(ReadOptions.DEFAULT, keys);
    }

    public List<byte[]> multiGetAsList(ReadOptions readOptions, List<byte[]> keys) throws RocksDBException {
        Objects.requireNonNull(keys, "keys");
        return multiGetAsList(readOptions, java.util.Collections.nCopies(keys.size(), null), keys);
    }

    /** As RocksJava's: {@code columnFamilies.get(i)} is the family of {@code keys.get(i)}; one MultiGet per family. */
    public List<byte[]> multiGetAsList(List<ColumnFamilyHandle> columnFamilies, List<byte[]> keys) throws RocksDBException {
        return multiGetAsList(ReadOptions.DEFAULT, columnFamilies, keys);
    }

    public List<byte[]> multiGetAsList(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies, List<byte[]> keys)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Objects.requireNonNull(columnFamilies, "columnFamilies");
        Objects.requireNonNull(keys, "keys");
        // copies: the caller's lists may change under us
        List<ColumnFamilyHandle> familyList = new ArrayList<>(columnFamilies);
        List<byte[]> keyList = new ArrayList<>(keys);
        if (familyList.size() != keyList.size()) {
            throw new IllegalArgumentException("columnFamilies and keys differ in size: "
                    + familyList.size() + " and " + keyList.size());
        }
        for (byte[] k : keyList) Objects.requireNonNull(k, "keys must not contain null");
        CallContext c = db.enter();
        try {
            List<MemorySegment> families = new ArrayList<>(keyList.size());
            for (ColumnFamilyHandle h : familyList) families.add(family(h));
            return reads.multiGetAsList(c, families, readOptions, keyList);
        } finally {
            db.exit(c);
        }
    }

    /** A reusable batch for allocation-free MultiGet into one buffer, or pinned. */
    public MultiGet newMultiGet() {
        return newMultiGet(null);
    }

    public MultiGet newMultiGet(ColumnFamilyHandle columnFamily) {
        CallContext c = db.enter();
        try {
            if (columnFamily != null) family(columnFamily); // checked now, kept by the batch
            return new MultiGet(this, db, c, columnFamily);
        } finally {
            db.exit(c);
        }
    }

    /** Whether key is present: a real read that copies nothing. */
    public boolean exists(byte[] key) throws RocksDBException {
        return exists(null, ReadOptions.DEFAULT, key);
    }

    public boolean exists(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.exists(c, family(columnFamily), readOptions, c.stageKey(key, 0, key.length), key.length);
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksDB's cheap, memory-only probe: false means the key is certainly
     * absent; true means it may be present (bloom filters can be wrong this way).
     */
    public boolean keyMayExist(byte[] key) throws RocksDBException {
        return keyMayExist(null, ReadOptions.DEFAULT, key, null);
    }

    public boolean keyMayExist(ReadOptions readOptions, byte[] key, Holder<byte[]> valueHolder) throws RocksDBException {
        return keyMayExist(null, readOptions, key, valueHolder);
    }

    /**
     * As {@link #keyMayExist(byte[])}; when the value happened to be in
     * memory, {@code valueHolder} receives it (else null).
     */
    public boolean keyMayExist(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                               Holder<byte[]> valueHolder) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.keyMayExist(c, family(columnFamily), readOptions, c.stageKey(key, 0, key.length), key.length,
                    valueHolder);
        } finally {
            db.exit(c);
        }
    }

    private static MemorySegment stage(CallContext c, MemorySegment key) {
        return key.isNative() ? key : c.stageKey(key);
    }

    private static int saturate(long size) {
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    // ---- iterators -----------------------------------------------------------------

    /** An iterator over the default column family (see {@link RocksIterator}). */
    public RocksIterator newIterator() {
        return newIterator(null, ReadOptions.DEFAULT);
    }

    public RocksIterator newIterator(ReadOptions readOptions) {
        return newIterator(null, readOptions);
    }

    public RocksIterator newIterator(ColumnFamilyHandle columnFamily) {
        return newIterator(columnFamily, ReadOptions.DEFAULT);
    }

    /** An iterator over columnFamily; it copies what it needs of readOptions (bounds included). */
    public RocksIterator newIterator(ColumnFamilyHandle columnFamily, ReadOptions readOptions) {
        Objects.requireNonNull(readOptions, "readOptions");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment spec = panrocks_read_options_spec.allocate(arena);
            readOptions.fillSpec(db, spec, arena);
            int rc = panrocks_h.panrocks_iterator_create(db.handle(), family(columnFamily), spec, c.size, c.error);
            if (rc != 0) throw new IllegalArgumentException("cannot create an iterator: " + c.failure(rc).getMessage());
            return new RocksIterator(this, db, c, c.size.get(ValueLayout.ADDRESS, 0));
        } finally {
            db.exit(c);
        }
    }

    // ---- record batches -------------------------------------------------------------

    /**
     * A cursor that reads columnFamily (null: the default one) in key order,
     * within readOptions' iterate bounds, as zero-copy {@link RecordBatch}es.
     */
    public RecordCursor newRecordCursor(ColumnFamilyHandle columnFamily, ReadOptions readOptions) {
        Objects.requireNonNull(readOptions, "readOptions");
        if (columnFamily != null && !columnFamily.belongsTo(db)) {
            throw new IllegalArgumentException(columnFamily + " belongs to another DB");
        }
        Snapshot snapshot = readOptions.snapshot();
        if (snapshot != null) snapshot.checkUsableOn(db); // fail here, not at the first batch
        return new RecordCursor(this, db, columnFamily, readOptions);
    }

    NativeDb nativeDb() {
        return db;
    }

    // ---- column families -------------------------------------------------------------

    /** The handle of the default column family (owned by the DB; closing it is a no-op on the family). */
    public ColumnFamilyHandle getDefaultColumnFamily() {
        return defaultFamily;
    }

    /** Creates a column family and returns its handle (owned by the DB). */
    public ColumnFamilyHandle createColumnFamily(ColumnFamilyDescriptor descriptor) throws RocksDBException {
        Objects.requireNonNull(descriptor, "descriptor");
        BlockBasedTableConfig table = descriptor.getOptions().tableFormatConfig();
        LRUCache cache = table == null ? null : table.blockCache();
        if (cache == null) return createColumnFamily(descriptor, MemorySegment.NULL);
        return cache.withHandle(h -> createColumnFamily(descriptor, h));
    }

    private ColumnFamilyHandle createColumnFamily(ColumnFamilyDescriptor descriptor, MemorySegment cache)
            throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = io.panrocks.internal.ffi.panrocks_cf_descriptor.allocate(arena);
            io.panrocks.internal.ffi.panrocks_cf_descriptor.name(d, Opener.cString(arena, descriptor.nameBytes()));
            io.panrocks.internal.ffi.panrocks_cf_descriptor.options(d,
                    arena.allocateFrom(descriptor.getOptions().values.toString()));
            BlockBasedTableConfig table = descriptor.getOptions().tableFormatConfig();
            if (table != null) {
                io.panrocks.internal.ffi.panrocks_cf_descriptor.table_options(d, arena.allocateFrom(table.optionString()));
            }
            io.panrocks.internal.ffi.panrocks_cf_descriptor.block_cache(d, cache);
            int rc = panrocks_h.panrocks_create_column_family(db.handle(), d, c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return wrapFamily(c.size.get(ValueLayout.ADDRESS, 0), false);
        } finally {
            db.exit(c);
        }
    }

    /** Creates several column families; stops at the first failure (the ones made stay). */
    public List<ColumnFamilyHandle> createColumnFamilies(List<ColumnFamilyDescriptor> descriptors)
            throws RocksDBException {
        Objects.requireNonNull(descriptors, "descriptors");
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        for (ColumnFamilyDescriptor d : descriptors) handles.add(createColumnFamily(d));
        return handles;
    }

    /** Drops the family and its data; its handle stays usable for nothing but close. */
    public void dropColumnFamily(ColumnFamilyHandle columnFamily) throws RocksDBException {
        Objects.requireNonNull(columnFamily, "columnFamily");
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_drop_column_family(db.handle(), family(columnFamily), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    // ---- maintenance ---------------------------------------------------------

    /** Flushes the memtables of the default family to SST files and waits for it. */
    public void flush() throws RocksDBException {
        flush(null);
    }

    public void flush(ColumnFamilyHandle columnFamily) throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_flush(db.handle(), family(columnFamily), 1, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** Compacts the whole key space of the default family. */
    public void compactRange() throws RocksDBException {
        compactRange(null, null, null);
    }

    public void compactRange(ColumnFamilyHandle columnFamily) throws RocksDBException {
        compactRange(columnFamily, null, null);
    }

    /** Compacts keys in [begin, end); null bounds are open. */
    public void compactRange(byte[] begin, byte[] end) throws RocksDBException {
        compactRange(null, begin, end);
    }

    public void compactRange(ColumnFamilyHandle columnFamily, byte[] begin, byte[] end) throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_compact_range(db.handle(), family(columnFamily), slice(arena, begin),
                    slice(arena, end), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    private static MemorySegment slice(Arena arena, byte[] bytes) {
        MemorySegment s = panrocks_slice.allocate(arena);
        if (bytes != null) {
            panrocks_slice.data(s, arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes));
            panrocks_slice.size(s, bytes.length);
        }
        return s;
    }

    /** A DB property as text (e.g. "rocksdb.stats"), or null if RocksDB does not know it. */
    public String getProperty(String name) throws RocksDBException {
        return getProperty(null, name);
    }

    public String getProperty(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        Objects.requireNonNull(name, "name");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocateFrom(name);
            MemorySegment cf = family(columnFamily);
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            int rc = panrocks_h.panrocks_get_property(db.handle(), cf, n, buffer, buffer.byteSize(), c.size, c.error);
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw c.failure(rc);
            long size = c.size.get(ValueLayout.JAVA_LONG, 0);
            if (size > buffer.byteSize()) {
                buffer = f.buffer(size);
                rc = panrocks_h.panrocks_get_property(db.handle(), cf, n, buffer, buffer.byteSize(), c.size, c.error);
                if (rc != 0) throw c.failure(rc);
                size = Math.min(c.size.get(ValueLayout.JAVA_LONG, 0), buffer.byteSize());
            }
            return new String(buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        } finally {
            db.exit(c);
        }
    }

    /** A numeric DB property (e.g. "rocksdb.estimate-num-keys"), or -1 if unknown or not numeric. */
    public long getLongProperty(String name) throws RocksDBException {
        return getLongProperty(null, name);
    }

    public long getLongProperty(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        Objects.requireNonNull(name, "name");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_get_int_property(db.handle(), family(columnFamily), arena.allocateFrom(name),
                    c.size, c.error);
            if (rc == Reads.NOT_FOUND) return -1;
            if (rc != 0) throw c.failure(rc);
            return c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            db.exit(c);
        }
    }

    /** Approximate bytes each range takes on disk (and in memtables, if asked), as RocksJava's. */
    public long[] getApproximateSizes(ColumnFamilyHandle columnFamily, List<Range> ranges,
                                      SizeApproximationFlag... flags) throws RocksDBException {
        Objects.requireNonNull(ranges, "ranges");
        boolean memtables = List.of(flags).contains(SizeApproximationFlag.INCLUDE_MEMTABLES);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int n = ranges.size();
            MemorySegment starts = panrocks_slice.allocateArray(Math.max(n, 1), arena);
            MemorySegment limits = panrocks_slice.allocateArray(Math.max(n, 1), arena);
            for (int i = 0; i < n; i++) {
                Range r = Objects.requireNonNull(ranges.get(i), "ranges must not contain null");
                MemorySegment.copy(slice(arena, r.start()), 0, starts, panrocks_slice.sizeof() * i, panrocks_slice.sizeof());
                MemorySegment.copy(slice(arena, r.limit()), 0, limits, panrocks_slice.sizeof() * i, panrocks_slice.sizeof());
            }
            MemorySegment sizes = arena.allocate(ValueLayout.JAVA_LONG, Math.max(n, 1));
            int rc = panrocks_h.panrocks_approximate_sizes(db.handle(), family(columnFamily), n, starts, limits,
                    memtables ? 1 : 0, sizes, c.error);
            if (rc != 0) throw c.failure(rc);
            return n == 0 ? new long[0] : sizes.toArray(ValueLayout.JAVA_LONG);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Tickers and histograms, for a DB opened with
     * {@link DBOptionsInterface#setStatisticsEnabled(boolean)}.
     *
     * @throws IllegalStateException if statistics were not enabled
     */
    public Statistics getStatistics() {
        if (!statistics) {
            throw new IllegalStateException("statistics are off for " + path + ": open with setStatisticsEnabled(true)");
        }
        return new Statistics(db);
    }

    // ---- snapshots ---------------------------------------------------------

    /** A consistent view of the DB as of now; close it (or {@link #releaseSnapshot}) when done. */
    public Snapshot getSnapshot() throws RocksDBException {
        CallContext c = db.enter();
        try {
            return new Snapshot(this, db, c);
        } finally {
            db.exit(c);
        }
    }

    /** Same as {@code snapshot.close()}, as RocksJava spells it. */
    public void releaseSnapshot(Snapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        if (!snapshot.belongsTo(this)) throw new IllegalArgumentException(snapshot + " belongs to another DB");
        snapshot.close();
    }

    // ---- lifecycle ---------------------------------------------------------

    /**
     * Closes the DB (see the class comment). Idempotent.
     *
     * @throws RocksDBException if the engine reported an error while closing;
     *         the DB is closed regardless
     */
    @Override
    public void close() throws RocksDBException {
        db.close();
    }

    @Override
    public String toString() {
        return "RocksDB{" + path + (readOnly ? ", read-only" : "") + (db.isOpen() ? "" : ", closed") + "}";
    }
}
