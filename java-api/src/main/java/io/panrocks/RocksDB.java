package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.CriticalCalls;
import io.panrocks.internal.Leaks;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_read_options_spec;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * An open RocksDB database: the entry point of panrocks, shaped like
 * RocksJava's {@code org.rocksdb.RocksDB}.
 *
 * <h2>How the overloads are laid out</h2>
 * Every operation has one <i>main overload</i>, the one taking the most
 * arguments (column family, options, the data with offsets or as segments);
 * its javadoc is the operation's contract, written once, as in RocksDB's
 * {@code db.h}. The shorter overloads fill in the default column family
 * ({@code null} means the default one everywhere), {@link ReadOptions#DEFAULT}
 * or {@link WriteOptions#DEFAULT}, and say so in one line. Operations come in
 * this order: opening; writes (put, merge, delete, single delete, delete
 * range, batches); reads into a new array, into your buffer, zero-copy;
 * batched reads and existence; iterators and cursors; snapshots; column
 * families; maintenance and introspection; closing.
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
 * engine open until they are closed (see {@link PinnedValue}). A DB that
 * becomes unreachable unclosed, with every object of it, is closed by a
 * Cleaner with a warning.
 *
 * <h2>Errors</h2>
 * A missing key is an answer ({@code null} or {@link #NOT_FOUND}), not an
 * exception. Engine failures are {@link RocksDBException}s with RocksDB's
 * code, subcode and message. Bad arguments fail before any native call:
 * {@link NullPointerException} for a null key, value or options object,
 * {@link IndexOutOfBoundsException} for offsets and lengths outside an array,
 * {@link IllegalArgumentException} for a key or value over RocksDB's 4 GiB
 * limit or an object of another DB, {@link IllegalStateException} for a
 * closed object or a segment whose arena is closed, and
 * {@link WrongThreadException} for a segment confined to another thread.
 */
public final class RocksDB implements AutoCloseable {
    /** Returned by the reads into a caller's buffer when the key is absent. */
    public static final int NOT_FOUND = -1;

    private static final MemorySegment DEFAULT = MemorySegment.NULL;

    private final NativeDb db;
    private final Reads reads;
    private final Writes writes;
    private final ColumnFamilies families;
    private final Maintenance maintenance;
    private final Path path;
    private final boolean readOnly;
    private final boolean statistics;
    private final ColumnFamilyHandle defaultFamily;

    RocksDB(NativeDb db, Path path, boolean readOnly, DBOptions options) {
        this.db = db;
        this.reads = new Reads(this, db.handle(), options.adaptiveReadThreshold());
        this.writes = new Writes(db.handle());
        this.families = new ColumnFamilies(this, db);
        this.maintenance = new Maintenance(db);
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

    NativeDb nativeDb() {
        return db;
    }

    MemorySegment familyOf(ColumnFamilyHandle h) {
        return family(h);
    }

    /** Resolves a handle inside a call: NULL for the default family. */
    private MemorySegment family(ColumnFamilyHandle h) {
        return h == null ? DEFAULT : h.nativeHandle(db);
    }

    // =========================================================================
    // Opening
    // =========================================================================

    /**
     * Opens the DB at {@code path} for reading and writing, with its default
     * column family only, configured by {@code options}.
     *
     * <p>The path is resolved as the kernel would (symbolic links, {@code .}
     * and {@code ..}), and RocksDB is given that path. A DB open for writing
     * in this process cannot be opened for writing again under any spelling
     * of its path: the second open fails with a {@link RocksDBException} of
     * code {@link Status.Code#IOError}, as RocksDB's own lock does for the
     * same spelling. A DB with more column families than the default one
     * must be opened with
     * {@link #open(DBOptions, Path, List, List)}.
     *
     * @throws RocksDBException with RocksDB's status if the engine refuses
     *         (missing DB without {@code setCreateIfMissing(true)}, locked by
     *         another process, corrupted, options it cannot take)
     * @throws IllegalStateException if RocksJava's engine is loaded in this
     *         process (two engines cannot share one)
     */
    public static RocksDB open(Options options, Path path) throws RocksDBException {
        return Opener.open(options, path, false, false);
    }

    /** As {@link #open(Options, Path)}, with default options and {@code create_if_missing} set. */
    public static RocksDB open(Path path) throws RocksDBException {
        return open(new Options().setCreateIfMissing(true), path);
    }

    /** As {@link #open(Path)}, for a path given as a string. */
    public static RocksDB open(String path) throws RocksDBException {
        return open(Path.of(Objects.requireNonNull(path, "path")));
    }

    /** As {@link #open(Options, Path)}, for a path given as a string. */
    public static RocksDB open(Options options, String path) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * Opens the DB at {@code path} with the given column families: every
     * family that exists must be named, "default" included (with
     * {@code setCreateMissingColumnFamilies(true)}, missing ones are created).
     * {@code columnFamilyHandles} is cleared, then receives one handle per
     * descriptor, in order. Otherwise as {@link #open(Options, Path)}.
     */
    public static RocksDB open(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return Opener.open(options, path, columnFamilyDescriptors, columnFamilyHandles, false, false);
    }

    /**
     * Opens the DB at {@code path} read-only: writes fail with
     * {@link Status.Code#NotSupported}. A read-only DB takes no lock, in
     * RocksDB as here, so it may be opened beside a writer (it sees what was
     * flushed when it opened). Set {@code errorIfWalFileExists} to fail
     * instead when a write-ahead log holds data not yet in an SST file, which
     * a read-only DB would not see.
     */
    public static RocksDB openReadOnly(Options options, Path path, boolean errorIfWalFileExists)
            throws RocksDBException {
        return Opener.open(options, path, true, errorIfWalFileExists);
    }

    /** As {@link #openReadOnly(Options, Path, boolean)}, with default options. */
    public static RocksDB openReadOnly(Path path) throws RocksDBException {
        return openReadOnly(new Options(), path);
    }

    /** As {@link #openReadOnly(Options, Path, boolean)}, tolerating write-ahead logs. */
    public static RocksDB openReadOnly(Options options, Path path) throws RocksDBException {
        return Opener.open(options, path, true, false);
    }

    /** As {@link #openReadOnly(Options, Path, boolean)}, with column families as {@link #open(DBOptions, Path, List, List)}. */
    public static RocksDB openReadOnly(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                       List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return Opener.open(options, path, columnFamilyDescriptors, columnFamilyHandles, true, false);
    }

    /**
     * The names of the column families of the DB at {@code path}, without
     * opening it.
     *
     * @throws RocksDBException if there is no DB there, or it cannot be read
     */
    public static List<byte[]> listColumnFamilies(Options options, Path path) throws RocksDBException {
        return Opener.listColumnFamilies(new DBOptions(Objects.requireNonNull(options, "options")), path);
    }

    /** Version of the RocksDB engine panrocks runs on, e.g. "9.11.2". */
    public static String engineVersion() {
        return NativeLibrary.engineVersion();
    }

    /** Where the DB lives, as it was given to open (absolute). */
    public Path getPath() {
        return path;
    }

    /** Whether the DB was opened read-only. */
    public boolean isReadOnly() {
        return readOnly;
    }

    /** Whether the DB still accepts calls (false from the moment {@link #close()} starts). */
    public boolean isOpen() {
        return db.isOpen();
    }

    /** The handle of the default column family (owned by the DB; closing it does nothing to the family). */
    public ColumnFamilyHandle getDefaultColumnFamily() {
        return defaultFamily;
    }

    // =========================================================================
    // Writes
    // =========================================================================

    /**
     * Writes {@code value[valueOffset, valueOffset + valueLength)} under
     * {@code key[keyOffset, keyOffset + keyLength)} in {@code columnFamily}
     * ({@code null}: the default one), replacing any value the key had.
     *
     * <p>Both ranges are copied once into the calling thread's native scratch
     * and handed to the engine in one crossing; the arrays may be reused as
     * soon as the call returns. Durability follows {@code writeOptions}:
     * acknowledged writes are in the write-ahead log (fsynced with
     * {@code setSync(true)}), unless {@code setDisableWAL(true)}.
     *
     * @throws NullPointerException if writeOptions, key or value is null
     * @throws IndexOutOfBoundsException if a range lies outside its array
     * @throws IllegalArgumentException if columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException with RocksDB's status if the engine refuses the
     *         write (read-only DB, dropped family, I/O error, write stall with
     *         {@code setNoSlowdown(true)})
     */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family and options. */
    public void put(byte[] key, byte[] value) throws RocksDBException {
        put(null, WriteOptions.DEFAULT, key, value);
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default options. */
    public void put(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        put(columnFamily, WriteOptions.DEFAULT, key, value);
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family. */
    public void put(WriteOptions writeOptions, byte[] key, byte[] value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays. */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, byte[] value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, Bytes.key(key), 0, key.length, Bytes.value(value), 0, value.length);
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, default family. */
    public void put(WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        put(null, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}
     * for segments: native segments are read in place (no copy), heap ones
     * are copied once into the thread's scratch.
     *
     * @throws IllegalStateException if a segment's arena is closed
     * @throws WrongThreadException if a segment is confined to another thread
     */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, Bytes.segment(value, "value"));
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}, default family and options. */
    public void put(MemorySegment key, MemorySegment value) throws RocksDBException {
        put(null, WriteOptions.DEFAULT, key, value);
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}, default family. */
    public void put(WriteOptions writeOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    /**
     * RocksJava's ByteBuffer form of
     * {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}:
     * writes {@code key[position, limit)} and {@code value[position, limit)}
     * (heap, direct and read-only buffers alike) and moves both positions to
     * their limits.
     */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, Objects.requireNonNull(value, "value"));
    }

    /** As {@link #put(ColumnFamilyHandle, WriteOptions, ByteBuffer, ByteBuffer)}, default family. */
    public void put(WriteOptions writeOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    /**
     * Merges {@code value[valueOffset, +valueLength)} into the value of
     * {@code key[keyOffset, +keyLength)} with the column family's merge
     * operator (see {@link ColumnFamilyOptionsInterface#setMergeOperator}).
     * Otherwise as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}.
     *
     * @throws RocksDBException {@link Status.Code#NotSupported} if the family
     *         has no merge operator, or as a put
     */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                      byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family and options. */
    public void merge(byte[] key, byte[] value) throws RocksDBException {
        merge(null, WriteOptions.DEFAULT, key, value);
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default options. */
    public void merge(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        merge(columnFamily, WriteOptions.DEFAULT, key, value);
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family. */
    public void merge(WriteOptions writeOptions, byte[] key, byte[] value) throws RocksDBException {
        merge(null, writeOptions, key, value);
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays. */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, byte[] value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, Bytes.value(value), 0, value.length);
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, for segments (see the segment put). */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, Bytes.segment(value, "value"));
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}, default family and options. */
    public void merge(MemorySegment key, MemorySegment value) throws RocksDBException {
        merge(null, WriteOptions.DEFAULT, key, value);
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, for ByteBuffers (see the ByteBuffer put). */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, Objects.requireNonNull(value, "value"));
    }

    /** As {@link #merge(ColumnFamilyHandle, WriteOptions, ByteBuffer, ByteBuffer)}, default family. */
    public void merge(WriteOptions writeOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        merge(null, writeOptions, key, value);
    }

    /**
     * Deletes {@code key} from {@code columnFamily} ({@code null}: the
     * default one); a missing key is fine. Otherwise as
     * {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}.
     */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, null, 0, 0);
    }

    /** As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, default family and options. */
    public void delete(byte[] key) throws RocksDBException {
        delete(null, WriteOptions.DEFAULT, key);
    }

    /** As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, default options. */
    public void delete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        delete(columnFamily, WriteOptions.DEFAULT, key);
    }

    /** As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, default family. */
    public void delete(WriteOptions writeOptions, byte[] key) throws RocksDBException {
        delete(null, writeOptions, key);
    }

    /** As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, for a segment (read in place if native). */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, key, null);
    }

    /** As {@link #delete(ColumnFamilyHandle, WriteOptions, MemorySegment)}, default family and options. */
    public void delete(MemorySegment key) throws RocksDBException {
        delete(null, WriteOptions.DEFAULT, key);
    }

    /** As {@link #delete(ColumnFamilyHandle, WriteOptions, MemorySegment)}, default family. */
    public void delete(WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        delete(null, writeOptions, key);
    }

    /** As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, for {@code key[position, limit)}; moves its position to the limit. */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, key, null);
    }

    /**
     * RocksDB's SingleDelete: deletes a key that was written once and never
     * merged or overwritten since (the result is undefined in RocksDB
     * otherwise, though never a crash). Otherwise as
     * {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}.
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, null, 0, 0);
    }

    /** As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, default family and options. */
    public void singleDelete(byte[] key) throws RocksDBException {
        singleDelete(null, WriteOptions.DEFAULT, key);
    }

    /** As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, default options. */
    public void singleDelete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        singleDelete(columnFamily, WriteOptions.DEFAULT, key);
    }

    /** As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, default family. */
    public void singleDelete(WriteOptions writeOptions, byte[] key) throws RocksDBException {
        singleDelete(null, writeOptions, key);
    }

    /** As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, for a segment. */
    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, key, null);
    }

    /** As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, MemorySegment)}, default family and options. */
    public void singleDelete(MemorySegment key) throws RocksDBException {
        singleDelete(null, WriteOptions.DEFAULT, key);
    }

    /** As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, for {@code key[position, limit)}. */
    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, key, null);
    }

    /**
     * Deletes every key in {@code [beginKey, endKey)} of {@code columnFamily}
     * with one range tombstone (cheap to write; reads skip the range).
     * Otherwise as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}.
     *
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if endKey sorts before beginKey
     */
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

    /** As {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[], byte[])}, default family and options. */
    public void deleteRange(byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(null, WriteOptions.DEFAULT, beginKey, endKey);
    }

    /** As {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[], byte[])}, default options. */
    public void deleteRange(ColumnFamilyHandle columnFamily, byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(columnFamily, WriteOptions.DEFAULT, beginKey, endKey);
    }

    /** As {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[], byte[])}, default family. */
    public void deleteRange(WriteOptions writeOptions, byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(null, writeOptions, beginKey, endKey);
    }

    /**
     * Applies every update of {@code batch} atomically, in one crossing (the
     * batch is serialized in RocksDB's own format as it is filled); the batch
     * is left as it was and can be reused. The batch is locked meanwhile, so
     * other threads cannot change it under the write.
     *
     * @throws IllegalArgumentException if the batch holds updates of column
     *         families of another DB
     * @throws IllegalStateException if the batch or the DB is closed
     * @throws RocksDBException with RocksDB's status if the engine refuses the write
     */
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

    // the three write paths behind every overload

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

    // =========================================================================
    // Reads into a new array
    // =========================================================================

    /**
     * The value of {@code key} in {@code columnFamily} ({@code null}: the
     * default one) as seen by {@code readOptions} (its snapshot, read tier
     * ...), copied into a new array; {@code null} if the key is absent.
     *
     * <p>One crossing: a small value arrives copied into the thread's scratch,
     * a large one pinned in RocksDB's memory, and is copied once into the
     * array. For reads that allocate nothing, use
     * {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)},
     * and for zero-copy reads {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}.
     *
     * @throws NullPointerException if readOptions or key is null
     * @throws IllegalArgumentException if columnFamily or the snapshot belongs to another DB
     * @throws IllegalStateException if the DB, columnFamily or the snapshot is
     *         closed, or the value does not fit in a byte[] (2 GiB)
     * @throws RocksDBException with RocksDB's status on an engine failure
     *         (I/O error, corruption, {@link Status.Code#Incomplete} for a
     *         memory-only read that needed I/O)
     */
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

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options. */
    public byte[] get(byte[] key) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}, default options. */
    public byte[] get(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}, default family. */
    public byte[] get(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return get(null, readOptions, key);
    }

    // =========================================================================
    // Reads into your buffer
    // =========================================================================

    /**
     * Reads {@code key[keyOffset, keyOffset + keyLength)} and copies at most
     * {@code valueLength} bytes of its value to {@code value[valueOffset...]},
     * as RocksJava's {@code get(key, value)}: returns the value's full size,
     * or {@link #NOT_FOUND}. When the result exceeds {@code valueLength}, the
     * array holds a prefix: grow it and call again. Allocates nothing.
     *
     * @throws IndexOutOfBoundsException if a range lies outside its array
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
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

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family and options. */
    public int get(byte[] key, byte[] value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays, default options. */
    public int get(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key, value);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family. */
    public int get(ReadOptions readOptions, byte[] key, byte[] value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays. */
    public int get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, byte[] value)
            throws RocksDBException {
        Bytes.key(key);
        Bytes.value(value);
        return get(columnFamily, readOptions, key, 0, key.length, value, 0, value.length);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, default family. */
    public int get(ReadOptions readOptions, byte[] key, int keyOffset, int keyLength,
                   byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        return get(null, readOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}
     * for segments, returning the full size as a long: copies
     * {@code min(size, value.byteSize())} bytes into {@code value}. A native
     * {@code value} is filled by the engine directly; a heap one (over a
     * {@code byte[]}) through the thread's scratch. A native key is read in
     * place. Allocates nothing.
     *
     * @throws IllegalArgumentException if value is read-only
     * @throws IllegalStateException if a segment's arena is closed
     * @throws WrongThreadException if a segment is confined to another thread
     */
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

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, MemorySegment, MemorySegment)}, default family and options. */
    public long get(MemorySegment key, MemorySegment value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, MemorySegment, MemorySegment)}, default family. */
    public long get(ReadOptions readOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    /**
     * RocksJava's ByteBuffer read: reads {@code key[position, limit)} (and
     * moves its position to the limit), copies the value into {@code value}
     * from its position and sets its limit to position + min(size,
     * remaining). Returns the full size (capped at
     * {@link Integer#MAX_VALUE}) or {@link #NOT_FOUND}. Heap, direct and (for
     * the key) read-only buffers work; neither allocates.
     *
     * @throws IllegalArgumentException if value is read-only
     */
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

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, ByteBuffer, ByteBuffer)}, default family and options. */
    public int get(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, ByteBuffer, ByteBuffer)}, default family. */
    public int get(ReadOptions readOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    // =========================================================================
    // Zero-copy reads
    // =========================================================================

    /**
     * The scoped zero-copy read: calls {@code reader} with the value of
     * {@code key} as a read-only segment valid only while the reader runs
     * (using it later throws {@link IllegalStateException}, using it on
     * another thread {@link WrongThreadException}), and returns what the
     * reader returns; returns null without calling it if the key is absent.
     *
     * <p>Small values are copied into the thread's scratch, large ones
     * (above {@link #adaptiveReadThreshold()}) pinned; the reader cannot tell.
     * Nothing is allocated when the reader is inlined. The reader may call
     * this DB again (those calls use other scratch), but may not close it.
     *
     * @throws IllegalStateException if the reader closes this DB
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])};
     *         what the reader throws propagates unchanged
     */
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

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}, default family and options. */
    public <T> T get(byte[] key, Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, reader);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}, default family. */
    public <T> T get(ReadOptions readOptions, byte[] key, Function<? super MemorySegment, ? extends T> reader)
            throws RocksDBException {
        return get(null, readOptions, key, reader);
    }

    /** As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}, for a segment key (read in place if native). */
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

    /**
     * Reads {@code key} without copying: the value stays pinned in RocksDB's
     * memory until the returned {@link PinnedValue} is closed; null if the key
     * is absent. The value belongs to the calling thread (see
     * {@link PinnedValue} for its lifetime and threads). A pin costs an owned
     * handle (about 300 bytes on the heap); the scoped read
     * {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)} is the
     * allocation-free zero-copy form.
     *
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
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

    /** As {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options. */
    public PinnedValue getPinned(byte[] key) throws RocksDBException {
        return getPinned(null, ReadOptions.DEFAULT, key);
    }

    /** As {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}, default family. */
    public PinnedValue getPinned(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return getPinned(null, readOptions, key);
    }

    /** As {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}, for a segment key (read in place if native). */
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

    /** As {@link #getPinned(ColumnFamilyHandle, ReadOptions, MemorySegment)}, default family. */
    public PinnedValue getPinned(ReadOptions readOptions, MemorySegment key) throws RocksDBException {
        return getPinned(null, readOptions, key);
    }

    /**
     * The adaptive read, in one crossing: a value of at most
     * {@link #adaptiveReadThreshold()} bytes that fits in {@code buffer} (a
     * native segment of yours) is copied there and its pin released at once;
     * a larger one is returned pinned. Either way the result's
     * {@link PinnedValue#value()} holds the bytes (a slice of your buffer, or
     * RocksDB's memory); close it when done. Returns null if the key is absent.
     *
     * @throws IllegalArgumentException if buffer is a heap or read-only segment
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
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

    /** As {@link #getAdaptive(ColumnFamilyHandle, ReadOptions, byte[], MemorySegment)}, default family. */
    public PinnedValue getAdaptive(ReadOptions readOptions, byte[] key, MemorySegment buffer) throws RocksDBException {
        return getAdaptive(null, readOptions, key, buffer);
    }

    /**
     * Values up to this many bytes are copied by the adaptive reads; larger
     * ones are pinned (set with {@link DBOptionsInterface#setAdaptiveReadThreshold}).
     */
    public long adaptiveReadThreshold() {
        return reads.adaptiveThreshold();
    }

    // =========================================================================
    // Batched reads and existence
    // =========================================================================

    /**
     * Reads {@code keys.get(i)} in {@code columnFamilies.get(i)} for every i,
     * with one batched MultiGet per family (one engine call: one consistent
     * view, batched block reads), as RocksJava's {@code multiGetAsList}: the
     * list holds each value, or null for an absent key, in key order. The
     * lists are copied first, so the caller may change them afterwards.
     *
     * @throws IllegalArgumentException if the lists differ in size
     * @throws NullPointerException if a key is null
     * @throws IllegalStateException if a value does not fit in a byte[] (2 GiB)
     * @throws RocksDBException with the status of the first key that failed
     */
    public List<byte[]> multiGetAsList(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies, List<byte[]> keys)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Objects.requireNonNull(columnFamilies, "columnFamilies");
        Objects.requireNonNull(keys, "keys");
        List<ColumnFamilyHandle> familyList = new ArrayList<>(columnFamilies);
        List<byte[]> keyList = new ArrayList<>(keys);
        if (familyList.size() != keyList.size()) {
            throw new IllegalArgumentException("columnFamilies and keys differ in size: "
                    + familyList.size() + " and " + keyList.size());
        }
        for (byte[] k : keyList) Objects.requireNonNull(k, "keys must not contain null");
        CallContext c = db.enter();
        try {
            List<MemorySegment> handles = new ArrayList<>(keyList.size());
            for (ColumnFamilyHandle h : familyList) handles.add(family(h));
            return reads.multiGetAsList(c, handles, readOptions, keyList);
        } finally {
            db.exit(c);
        }
    }

    /** As {@link #multiGetAsList(ReadOptions, List, List)}, every key in the default family, default options. */
    public List<byte[]> multiGetAsList(List<byte[]> keys) throws RocksDBException {
        return multiGetAsList(ReadOptions.DEFAULT, keys);
    }

    /** As {@link #multiGetAsList(ReadOptions, List, List)}, every key in the default family. */
    public List<byte[]> multiGetAsList(ReadOptions readOptions, List<byte[]> keys) throws RocksDBException {
        Objects.requireNonNull(keys, "keys");
        return multiGetAsList(readOptions, Collections.nCopies(keys.size(), null), keys);
    }

    /** As {@link #multiGetAsList(ReadOptions, List, List)}, default options. */
    public List<byte[]> multiGetAsList(List<ColumnFamilyHandle> columnFamilies, List<byte[]> keys) throws RocksDBException {
        return multiGetAsList(ReadOptions.DEFAULT, columnFamilies, keys);
    }

    /**
     * A reusable batch for MultiGet over {@code columnFamily} ({@code null}:
     * the default one) that allocates nothing per execution, copying into one
     * buffer of yours or leaving values pinned (see {@link MultiGet}). It
     * belongs to the calling thread.
     */
    public MultiGet newMultiGet(ColumnFamilyHandle columnFamily) {
        CallContext c = db.enter();
        try {
            if (columnFamily != null) family(columnFamily); // checked now, kept by the batch
            return new MultiGet(this, db, c, columnFamily);
        } finally {
            db.exit(c);
        }
    }

    /** As {@link #newMultiGet(ColumnFamilyHandle)}, for the default family. */
    public MultiGet newMultiGet() {
        return newMultiGet(null);
    }

    /**
     * Whether {@code key} is present in {@code columnFamily}: a definite
     * answer from a real read that copies nothing.
     *
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
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

    /** As {@link #exists(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options. */
    public boolean exists(byte[] key) throws RocksDBException {
        return exists(null, ReadOptions.DEFAULT, key);
    }

    /**
     * RocksDB's cheap, memory-only probe: false means the key is certainly
     * absent; true means it may be present (bloom filters can be wrong this
     * way). When the value happened to be in memory, {@code valueHolder} (if
     * not null) receives it, else null.
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

    /** As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)}, default family and options, no value. */
    public boolean keyMayExist(byte[] key) throws RocksDBException {
        return keyMayExist(null, ReadOptions.DEFAULT, key, null);
    }

    /** As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)}, default family. */
    public boolean keyMayExist(ReadOptions readOptions, byte[] key, Holder<byte[]> valueHolder) throws RocksDBException {
        return keyMayExist(null, readOptions, key, valueHolder);
    }

    private static MemorySegment stage(CallContext c, MemorySegment key) {
        return key.isNative() ? key : c.stageKey(key);
    }

    private static int saturate(long size) {
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    // =========================================================================
    // Iterators and record cursors
    // =========================================================================

    /**
     * An iterator over {@code columnFamily} ({@code null}: the default one)
     * as of now (or of readOptions' snapshot); it copies what it needs of
     * {@code readOptions} (bounds included), so they may change afterwards.
     * It belongs to the calling thread; close it (see {@link RocksIterator}).
     *
     * @throws IllegalArgumentException if the engine refuses the read options
     */
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

    /** As {@link #newIterator(ColumnFamilyHandle, ReadOptions)}, default family and options. */
    public RocksIterator newIterator() {
        return newIterator(null, ReadOptions.DEFAULT);
    }

    /** As {@link #newIterator(ColumnFamilyHandle, ReadOptions)}, default family. */
    public RocksIterator newIterator(ReadOptions readOptions) {
        return newIterator(null, readOptions);
    }

    /** As {@link #newIterator(ColumnFamilyHandle, ReadOptions)}, default options. */
    public RocksIterator newIterator(ColumnFamilyHandle columnFamily) {
        return newIterator(columnFamily, ReadOptions.DEFAULT);
    }

    /**
     * A cursor that reads {@code columnFamily} ({@code null}: the default one)
     * in key order, within readOptions' iterate bounds, as zero-copy
     * {@link RecordBatch}es that any thread may read, forward and close.
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

    // =========================================================================
    // Snapshots
    // =========================================================================

    /**
     * A consistent view of the DB as of now, for {@link ReadOptions#setSnapshot};
     * close it (or {@link #releaseSnapshot}) when done: an open snapshot keeps
     * old versions of keys from being compacted away.
     */
    public Snapshot getSnapshot() throws RocksDBException {
        CallContext c = db.enter();
        try {
            return new Snapshot(this, db, c);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Same as {@code snapshot.close()}, as RocksJava spells it.
     *
     * @throws IllegalArgumentException if the snapshot belongs to another DB
     */
    public void releaseSnapshot(Snapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        if (!snapshot.belongsTo(this)) throw new IllegalArgumentException(snapshot + " belongs to another DB");
        snapshot.close();
    }

    // =========================================================================
    // Column families
    // =========================================================================

    /**
     * Creates a column family and returns its handle (owned by the DB: closing
     * the DB closes it). Its block cache, if any, may be closed afterwards:
     * the family keeps its own reference.
     *
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if a family
     *         of that name exists, or as the engine says
     */
    public ColumnFamilyHandle createColumnFamily(ColumnFamilyDescriptor descriptor) throws RocksDBException {
        return families.create(descriptor);
    }

    /** Creates several column families; stops at the first failure (the ones made stay, and are not returned). */
    public List<ColumnFamilyHandle> createColumnFamilies(List<ColumnFamilyDescriptor> descriptors)
            throws RocksDBException {
        return families.createAll(descriptors);
    }

    /**
     * Drops the family and, in time, its data. Its handle stays valid (reads
     * through it still work until it is closed, as in RocksDB); close it.
     */
    public void dropColumnFamily(ColumnFamilyHandle columnFamily) throws RocksDBException {
        families.drop(columnFamily);
    }

    // =========================================================================
    // Maintenance and introspection
    // =========================================================================

    /** Flushes the memtables of {@code columnFamily} ({@code null}: the default one) to SST files and waits for it. */
    public void flush(ColumnFamilyHandle columnFamily) throws RocksDBException {
        maintenance.flush(columnFamily);
    }

    /** As {@link #flush(ColumnFamilyHandle)}, for the default family. */
    public void flush() throws RocksDBException {
        flush(null);
    }

    /**
     * Compacts the keys in {@code [begin, end)} of {@code columnFamily}
     * ({@code null}: the default one; a null bound is open) and waits for it.
     */
    public void compactRange(ColumnFamilyHandle columnFamily, byte[] begin, byte[] end) throws RocksDBException {
        maintenance.compactRange(columnFamily, begin, end);
    }

    /** As {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}, the whole default family. */
    public void compactRange() throws RocksDBException {
        compactRange(null, null, null);
    }

    /** As {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}, the whole family. */
    public void compactRange(ColumnFamilyHandle columnFamily) throws RocksDBException {
        compactRange(columnFamily, null, null);
    }

    /** As {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}, in the default family. */
    public void compactRange(byte[] begin, byte[] end) throws RocksDBException {
        compactRange(null, begin, end);
    }

    /**
     * A DB property of {@code columnFamily} ({@code null}: the default one) as
     * text (e.g. "rocksdb.stats"), or null if RocksDB does not know it.
     */
    public String getProperty(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        return maintenance.property(columnFamily, name);
    }

    /** As {@link #getProperty(ColumnFamilyHandle, String)}, for the default family. */
    public String getProperty(String name) throws RocksDBException {
        return getProperty(null, name);
    }

    /**
     * A numeric DB property of {@code columnFamily} ({@code null}: the default
     * one), e.g. "rocksdb.estimate-num-keys"; -1 if unknown or not numeric.
     */
    public long getLongProperty(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        return maintenance.longProperty(columnFamily, name);
    }

    /** As {@link #getLongProperty(ColumnFamilyHandle, String)}, for the default family. */
    public long getLongProperty(String name) throws RocksDBException {
        return getLongProperty(null, name);
    }

    /**
     * Approximate bytes each range of {@code columnFamily} ({@code null}: the
     * default one) takes in SST files, and in memtables with
     * {@link SizeApproximationFlag#INCLUDE_MEMTABLES}, as RocksJava's.
     */
    public long[] getApproximateSizes(ColumnFamilyHandle columnFamily, List<Range> ranges,
                                      SizeApproximationFlag... flags) throws RocksDBException {
        return maintenance.approximateSizes(columnFamily, ranges, flags);
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

    // =========================================================================
    // Callbacks (issue 14)
    // =========================================================================

    /**
     * The first exception one of this DB's Java callbacks threw (a
     * comparator, merge operator, compaction filter or event listener), or
     * null. The callbacks' own failure rules apply (see
     * {@link AbstractComparator}, {@link AbstractMergeOperator},
     * {@link AbstractCompactionFilter}, {@link AbstractEventListener}); this
     * keeps what was thrown, also after the DB is closed. Each failure is
     * also logged (the first few per callback) on the {@code io.panrocks}
     * logger, and a read that failed because of one carries it as its
     * exception's cause.
     *
     * @return the exception, or null if none threw
     */
    public Throwable callbackFailure() {
        return db.firstCallbackFailure();
    }

    /**
     * How many calls of this DB's Java callbacks threw.
     *
     * @return the count
     */
    public int callbackFailureCount() {
        return db.callbackFailureCount();
    }

    // =========================================================================
    // Closing
    // =========================================================================

    /**
     * Closes the DB (see the class comment). Idempotent; any thread, but not
     * from inside one of its own calls (a reader or a visitor).
     *
     * @throws IllegalStateException if called from inside a call on this DB
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
