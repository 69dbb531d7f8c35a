package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_open_request;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Objects;

/**
 * An open RocksDB database: the entry point of panrocks, shaped like
 * RocksJava's {@code org.rocksdb.RocksDB}.
 *
 * <h2>Threads</h2>
 * A {@code RocksDB} is safe to use from many threads at once; reads take no
 * lock and scale with cores, as RocksDB's own {@code Get} does. Each thread
 * keeps its own native scratch (key and value buffers, a PinnableSlice), so
 * steady-state reads and writes allocate no native memory.
 *
 * <h2>Closing</h2>
 * {@link #close()} refuses new calls at once, waits for calls in progress on
 * other threads, releases everything the DB owns (snapshots, iterators,
 * column family handles), then closes the engine. Any later use of the DB
 * or of what it owned throws {@link IllegalStateException}.
 *
 * <h2>Errors</h2>
 * A missing key is an answer ({@code null} or {@link #NOT_FOUND}), not an
 * exception. Engine failures are {@link RocksDBException}s with RocksDB's
 * code, subcode and message. Bad arguments fail before any native call.
 */
public final class RocksDB implements AutoCloseable {
    /** Returned by the reads into a caller's buffer when the key is absent. */
    public static final int NOT_FOUND = -1;

    private static final int STATUS_NOT_FOUND = 1;

    private final NativeDb db;
    private final Path path;
    private final boolean readOnly;

    private RocksDB(NativeDb db, Path path, boolean readOnly) {
        this.db = db;
        this.path = path;
        this.readOnly = readOnly;
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

    /** Opens the DB at path for reading and writing. */
    public static RocksDB open(Options options, Path path) throws RocksDBException {
        return openInternal(options, path, false, false);
    }

    /** Opens the DB at path read-only; writes fail with {@link Status.Code#NotSupported}. */
    public static RocksDB openReadOnly(Path path) throws RocksDBException {
        return openReadOnly(new Options(), path);
    }

    public static RocksDB openReadOnly(Options options, Path path) throws RocksDBException {
        return openInternal(options, path, true, false);
    }

    /**
     * Opens read-only, failing if a write-ahead log holds data not yet in an
     * SST file (which a read-only DB would not see).
     */
    public static RocksDB openReadOnly(Options options, Path path, boolean errorIfWalFileExists)
            throws RocksDBException {
        return openInternal(options, path, true, errorIfWalFileExists);
    }

    private static RocksDB openInternal(Options options, Path path, boolean readOnly, boolean errorIfWal)
            throws RocksDBException {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(path, "path");
        NativeLibrary.ensureLoaded();
        Path absolute = path.toAbsolutePath();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment request = panrocks_open_request.allocate(arena);
            panrocks_open_request.path(request, arena.allocateFrom(absolute.toString()));
            panrocks_open_request.db_options(request, arena.allocateFrom(options.dbOptionsString()));
            panrocks_open_request.mode(request, readOnly
                    ? panrocks_h.PANROCKS_OPEN_READ_ONLY() : panrocks_h.PANROCKS_OPEN_READ_WRITE());
            panrocks_open_request.error_if_wal_file_exists(request, errorIfWal ? 1 : 0);
            panrocks_open_request.cf_count(request, 0);
            panrocks_open_request.cfs(request, MemorySegment.NULL);
            MemorySegment dbOut = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_open(request, dbOut, MemorySegment.NULL, error);
            if (rc != 0) throw Errors.toException(rc, error);
            MemorySegment handle = dbOut.get(ValueLayout.ADDRESS, 0);
            return new RocksDB(new NativeDb(handle, absolute.toString()), absolute, readOnly);
        }
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

    // ---- writes ------------------------------------------------------------

    public void put(byte[] key, byte[] value) throws RocksDBException {
        put(WriteOptions.DEFAULT, key, value);
    }

    public void put(WriteOptions writeOptions, byte[] key, byte[] value) throws RocksDBException {
        Bytes.key(key);
        Bytes.value(value);
        put(writeOptions, key, 0, key.length, value, 0, value.length);
    }

    /** Writes {@code value[valueOffset, valueOffset + valueLength)} under {@code key[keyOffset, keyOffset + keyLength)}. */
    public void put(WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.checkRange(key, keyOffset, keyLength, "key");
        Bytes.checkRange(value, valueOffset, valueLength, "value");
        CallContext c = db.enter();
        try {
            MemorySegment k = c.stageKey(key, keyOffset, keyLength);
            MemorySegment v = c.valueBuffer(valueLength);
            MemorySegment.copy(value, valueOffset, v, ValueLayout.JAVA_BYTE, 0, valueLength);
            int rc = panrocks_h.panrocks_put(db.handle(), MemorySegment.NULL, writeOptions.flags(),
                    k, keyLength, v, valueLength, c.error);
            c.trimScratch();
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    public void put(MemorySegment key, MemorySegment value) throws RocksDBException {
        put(WriteOptions.DEFAULT, key, value);
    }

    /**
     * Writes the bytes of {@code value} under the bytes of {@code key}. Native
     * segments are read in place; heap segments are copied once into this
     * thread's native scratch.
     */
    public void put(WriteOptions writeOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.segment(key, "key");
        Bytes.segment(value, "value");
        CallContext c = db.enter();
        try {
            MemorySegment k = key.isNative() ? key : c.stageKey(key);
            MemorySegment v = value;
            if (!value.isNative()) {
                v = c.valueBuffer(value.byteSize());
                MemorySegment.copy(value, 0, v, 0, value.byteSize());
            }
            int rc = panrocks_h.panrocks_put(db.handle(), MemorySegment.NULL, writeOptions.flags(),
                    k, key.byteSize(), v, value.byteSize(), c.error);
            c.trimScratch();
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    public void delete(byte[] key) throws RocksDBException {
        delete(WriteOptions.DEFAULT, key);
    }

    public void delete(WriteOptions writeOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            MemorySegment k = c.stageKey(key, 0, key.length);
            int rc = panrocks_h.panrocks_delete(db.handle(), MemorySegment.NULL, writeOptions.flags(),
                    k, key.length, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    public void delete(MemorySegment key) throws RocksDBException {
        delete(WriteOptions.DEFAULT, key);
    }

    public void delete(WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.segment(key, "key");
        CallContext c = db.enter();
        try {
            MemorySegment k = key.isNative() ? key : c.stageKey(key);
            int rc = panrocks_h.panrocks_delete(db.handle(), MemorySegment.NULL, writeOptions.flags(),
                    k, key.byteSize(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    // ---- reads -------------------------------------------------------------

    /** The value of key, or {@code null} if the key is absent. */
    public byte[] get(byte[] key) throws RocksDBException {
        return get(ReadOptions.DEFAULT, key);
    }

    public byte[] get(ReadOptions readOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            MemorySegment k = c.stageKey(key, 0, key.length);
            MemorySegment buffer = c.valueBuffer();
            long capacity = buffer.byteSize();
            // small values arrive copied in the scratch buffer, large ones
            // pinned: either way one crossing and one copy into the array
            int rc = panrocks_h.panrocks_get_adaptive(db.handle(), MemorySegment.NULL, readOptions.nativeHandle(c),
                    c.scratchPin, k, key.length, buffer, capacity, capacity, c.value, c.error);
            if (rc != 0) {
                if (rc == STATUS_NOT_FOUND) return null;
                throw c.failure(rc);
            }
            return c.valuePinned() ? copyPinned(c) : copyBuffered(c, buffer);
        } finally {
            db.exit(c);
        }
    }

    private static byte[] copyBuffered(CallContext c, MemorySegment buffer) {
        byte[] out = new byte[(int) c.valueSize()];
        MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, out, 0, out.length);
        return out;
    }

    private static byte[] copyPinned(CallContext c) {
        try {
            long size = c.valueSize();
            if (size > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a value of " + size
                        + " bytes does not fit in a byte[]; read it as a MemorySegment");
            }
            byte[] out = new byte[(int) size];
            Bytes.copyFromAddress(c.valueAddress(), out, 0, out.length);
            return out;
        } finally {
            panrocks_h.panrocks_pin_release(c.scratchPin);
        }
    }

    /**
     * Reads key into the caller's reusable array, as RocksJava's
     * {@code get(key, value)}: copies {@code min(size, value.length)} bytes
     * and returns the value's full size, or {@link #NOT_FOUND}. When the
     * result exceeds {@code value.length}, grow the array and call again.
     */
    public int get(byte[] key, byte[] value) throws RocksDBException {
        return get(ReadOptions.DEFAULT, key, value);
    }

    public int get(ReadOptions readOptions, byte[] key, byte[] value) throws RocksDBException {
        Bytes.key(key);
        Bytes.value(value);
        return get(readOptions, key, 0, key.length, value, 0, value.length);
    }

    /**
     * Reads {@code key[keyOffset, keyOffset + keyLength)} and copies at most
     * {@code valueLength} bytes of its value to {@code value[valueOffset...]};
     * returns the value's full size or {@link #NOT_FOUND}.
     */
    public int get(ReadOptions readOptions, byte[] key, int keyOffset, int keyLength,
                   byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.checkRange(key, keyOffset, keyLength, "key");
        Bytes.checkRange(value, valueOffset, valueLength, "value");
        CallContext c = db.enter();
        try {
            MemorySegment k = c.stageKey(key, keyOffset, keyLength);
            MemorySegment buffer = c.valueBuffer();
            long capacity = Math.min(buffer.byteSize(), valueLength);
            int rc = panrocks_h.panrocks_get_adaptive(db.handle(), MemorySegment.NULL, readOptions.nativeHandle(c),
                    c.scratchPin, k, keyLength, buffer, capacity, capacity, c.value, c.error);
            if (rc != 0) {
                if (rc == STATUS_NOT_FOUND) return NOT_FOUND;
                throw c.failure(rc);
            }
            long size = c.valueSize();
            int n = (int) Math.min(size, valueLength);
            if (c.valuePinned()) {
                try {
                    Bytes.copyFromAddress(c.valueAddress(), value, valueOffset, n);
                } finally {
                    panrocks_h.panrocks_pin_release(c.scratchPin);
                }
            } else {
                MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, value, valueOffset, n);
            }
            return (int) Math.min(size, Integer.MAX_VALUE);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Reads key into {@code value}: copies {@code min(size, value.byteSize())}
     * bytes and returns the full size, or {@link #NOT_FOUND}. A native
     * {@code value} segment is filled by the engine directly.
     */
    public long get(MemorySegment key, MemorySegment value) throws RocksDBException {
        return get(ReadOptions.DEFAULT, key, value);
    }

    public long get(ReadOptions readOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        Bytes.segment(value, "value");
        if (value.isReadOnly()) throw new IllegalArgumentException("value segment is read-only");
        CallContext c = db.enter();
        try {
            MemorySegment k = key.isNative() ? key : c.stageKey(key);
            if (value.isNative()) {
                int rc = panrocks_h.panrocks_get_copy(db.handle(), MemorySegment.NULL, readOptions.nativeHandle(c),
                        c.scratchPin, k, key.byteSize(), value, value.byteSize(), c.size, c.error);
                if (rc != 0) {
                    if (rc == STATUS_NOT_FOUND) return NOT_FOUND;
                    throw c.failure(rc);
                }
                return c.size.get(ValueLayout.JAVA_LONG, 0);
            }
            MemorySegment buffer = c.valueBuffer();
            long capacity = Math.min(buffer.byteSize(), value.byteSize());
            int rc = panrocks_h.panrocks_get_adaptive(db.handle(), MemorySegment.NULL, readOptions.nativeHandle(c),
                    c.scratchPin, k, key.byteSize(), buffer, capacity, capacity, c.value, c.error);
            if (rc != 0) {
                if (rc == STATUS_NOT_FOUND) return NOT_FOUND;
                throw c.failure(rc);
            }
            long size = c.valueSize();
            long n = Math.min(size, value.byteSize());
            if (c.valuePinned()) {
                try {
                    Bytes.copyFromAddress(c.valueAddress(), value, 0, n);
                } finally {
                    panrocks_h.panrocks_pin_release(c.scratchPin);
                }
            } else {
                MemorySegment.copy(buffer, 0, value, 0, n);
            }
            return size;
        } finally {
            db.exit(c);
        }
    }

    // ---- snapshots ---------------------------------------------------------

    /** A consistent view of the DB as of now; close it (or {@link #releaseSnapshot}) when done. */
    public Snapshot getSnapshot() throws RocksDBException {
        CallContext c = db.enter();
        try {
            return new Snapshot(db, c);
        } finally {
            db.exit(c);
        }
    }

    /** Same as {@code snapshot.close()}, as RocksJava spells it. */
    public void releaseSnapshot(Snapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot").close();
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
