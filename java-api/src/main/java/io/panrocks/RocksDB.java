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
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

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

    /** the default column family, as the C ABI spells it */
    private static final MemorySegment NO_FAMILY = MemorySegment.NULL;

    private final NativeDb db;
    private final Reads reads;
    private final Path path;
    private final boolean readOnly;

    private RocksDB(NativeDb db, Path path, boolean readOnly, long adaptiveReadThreshold) {
        this.db = db;
        this.reads = new Reads(db, adaptiveReadThreshold);
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
            return new RocksDB(new NativeDb(handle, absolute.toString()), absolute, readOnly,
                    options.adaptiveReadThreshold());
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
            MemorySegment v = c.frame().buffer(valueLength);
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
                v = c.frame().buffer(value.byteSize());
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

    // ---- reads: copies -----------------------------------------------------

    /** The value of key, or {@code null} if the key is absent. */
    public byte[] get(byte[] key) throws RocksDBException {
        return get(ReadOptions.DEFAULT, key);
    }

    public byte[] get(ReadOptions readOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        return reads.get(NO_FAMILY, readOptions, key, 0, key.length);
    }

    /**
     * Reads key into the caller's reusable array, as RocksJava's
     * {@code get(key, value)}: copies {@code min(size, value.length)} bytes
     * and returns the value's full size, or {@link #NOT_FOUND}. When the
     * result exceeds {@code value.length}, grow the array and call again.
     * Allocates nothing.
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
     * returns the value's full size or {@link #NOT_FOUND}. Allocates nothing.
     */
    public int get(ReadOptions readOptions, byte[] key, int keyOffset, int keyLength,
                   byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.checkRange(key, keyOffset, keyLength, "key");
        Bytes.checkRange(value, valueOffset, valueLength, "value");
        return saturate(reads.get(NO_FAMILY, readOptions, key, keyOffset, keyLength, value, valueOffset, valueLength));
    }

    /**
     * Reads key into {@code value}: copies {@code min(size, value.byteSize())}
     * bytes and returns the full size, or {@link #NOT_FOUND}. A native
     * {@code value} is filled by the engine directly; a heap one (over a
     * {@code byte[]}) through the thread's scratch. Allocates nothing.
     */
    public long get(MemorySegment key, MemorySegment value) throws RocksDBException {
        return get(ReadOptions.DEFAULT, key, value);
    }

    public long get(ReadOptions readOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        Bytes.writable(value, "value");
        return reads.get(NO_FAMILY, readOptions, key, value);
    }

    /**
     * RocksJava's ByteBuffer read: reads {@code key} from its position to its
     * limit (and moves its position to the limit), copies the value into
     * {@code value} from its position and sets its limit to position +
     * min(size, remaining). Returns the full size or {@link #NOT_FOUND}.
     * Heap and direct buffers both work; neither allocates.
     */
    public int get(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return get(ReadOptions.DEFAULT, key, value);
    }

    public int get(ReadOptions readOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Bytes.writable(value, "value");
        return reads.get(NO_FAMILY, readOptions, key, value);
    }

    // ---- reads: zero-copy ----------------------------------------------------

    /**
     * Reads key without copying: the value stays pinned in RocksDB's memory
     * until the returned {@link PinnedValue} is closed. Returns null if the
     * key is absent. The value belongs to the calling thread.
     */
    public PinnedValue getPinned(byte[] key) throws RocksDBException {
        return getPinned(ReadOptions.DEFAULT, key);
    }

    public PinnedValue getPinned(ReadOptions readOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.getPinned(NO_FAMILY, readOptions, c.stageKey(key, 0, key.length), key.length);
        } finally {
            db.exit(c);
        }
    }

    public PinnedValue getPinned(ReadOptions readOptions, MemorySegment key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        CallContext c = db.enter();
        try {
            return reads.getPinned(NO_FAMILY, readOptions, key.isNative() ? key : c.stageKey(key), key.byteSize());
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
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Bytes.writable(buffer, "buffer");
        if (!buffer.isNative()) throw new IllegalArgumentException("buffer must be a native segment");
        CallContext c = db.enter();
        try {
            return reads.getAdaptive(NO_FAMILY, readOptions, c.stageKey(key, 0, key.length), key.length, buffer);
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
        return get(ReadOptions.DEFAULT, key, reader);
    }

    public <T> T get(ReadOptions readOptions, byte[] key, Function<? super MemorySegment, ? extends T> reader)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Objects.requireNonNull(reader, "reader");
        return reads.get(NO_FAMILY, readOptions, key, 0, key.length, reader);
    }

    public <T> T get(ReadOptions readOptions, MemorySegment key, Function<? super MemorySegment, ? extends T> reader)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        Objects.requireNonNull(reader, "reader");
        CallContext c = db.enter();
        try {
            return reads.get(NO_FAMILY, readOptions, key.isNative() ? key : c.stageKey(key), key.byteSize(), reader);
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
        Objects.requireNonNull(readOptions, "readOptions");
        Objects.requireNonNull(keys, "keys");
        for (byte[] k : keys) Objects.requireNonNull(k, "keys must not contain null");
        return reads.multiGetAsList(NO_FAMILY, readOptions, keys);
    }

    /** A reusable batch for allocation-free MultiGet into one buffer, or pinned. */
    public MultiGet newMultiGet() {
        CallContext c = db.enter();
        try {
            return new MultiGet(db, c, NO_FAMILY);
        } finally {
            db.exit(c);
        }
    }

    /** Whether key is present: a real read that copies nothing. */
    public boolean exists(byte[] key) throws RocksDBException {
        return exists(ReadOptions.DEFAULT, key);
    }

    public boolean exists(ReadOptions readOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.exists(NO_FAMILY, readOptions, c.stageKey(key, 0, key.length), key.length);
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksDB's cheap, memory-only probe: false means the key is certainly
     * absent; true means it may be present (bloom filters can be wrong this way).
     */
    public boolean keyMayExist(byte[] key) throws RocksDBException {
        return keyMayExist(ReadOptions.DEFAULT, key, null);
    }

    /**
     * As {@link #keyMayExist(byte[])}; when the value happened to be in
     * memory, {@code valueHolder} receives it (else null).
     */
    public boolean keyMayExist(ReadOptions readOptions, byte[] key, Holder<byte[]> valueHolder) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.keyMayExist(NO_FAMILY, readOptions, c.stageKey(key, 0, key.length), key.length, valueHolder);
        } finally {
            db.exit(c);
        }
    }

    private static int saturate(long size) {
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    // ---- maintenance ---------------------------------------------------------

    /** Flushes the memtables to SST files and waits for it. */
    public void flush() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_flush(db.handle(), NO_FAMILY, 1, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** Compacts the whole key space. */
    public void compactRange() throws RocksDBException {
        compactRange(null, null);
    }

    /** Compacts keys in [begin, end); null bounds are open. */
    public void compactRange(byte[] begin, byte[] end) throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment b = slice(arena, begin), e = slice(arena, end);
            int rc = panrocks_h.panrocks_compact_range(db.handle(), NO_FAMILY, b, e, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    private static MemorySegment slice(Arena arena, byte[] bytes) {
        MemorySegment s = io.panrocks.internal.ffi.panrocks_slice.allocate(arena);
        if (bytes != null) {
            io.panrocks.internal.ffi.panrocks_slice.data(s, arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes));
            io.panrocks.internal.ffi.panrocks_slice.size(s, bytes.length);
        }
        return s;
    }

    /** A DB property as text (e.g. "rocksdb.stats"), or null if RocksDB does not know it. */
    public String getProperty(String name) throws RocksDBException {
        Objects.requireNonNull(name, "name");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocateFrom(name);
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            int rc = panrocks_h.panrocks_get_property(db.handle(), NO_FAMILY, n, buffer, buffer.byteSize(), c.size, c.error);
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw c.failure(rc);
            long size = c.size.get(ValueLayout.JAVA_LONG, 0);
            if (size > buffer.byteSize()) {
                buffer = f.buffer(size);
                rc = panrocks_h.panrocks_get_property(db.handle(), NO_FAMILY, n, buffer, buffer.byteSize(), c.size, c.error);
                if (rc != 0) throw c.failure(rc);
                size = Math.min(size, c.size.get(ValueLayout.JAVA_LONG, 0));
            }
            return new String(buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE), java.nio.charset.StandardCharsets.UTF_8);
        } finally {
            db.exit(c);
        }
    }

    /** A numeric DB property (e.g. "rocksdb.estimate-num-keys"), or -1 if unknown or not numeric. */
    public long getLongProperty(String name) throws RocksDBException {
        Objects.requireNonNull(name, "name");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_get_int_property(db.handle(), NO_FAMILY, arena.allocateFrom(name), c.size, c.error);
            if (rc == Reads.NOT_FOUND) return -1;
            if (rc != 0) throw c.failure(rc);
            return c.size.get(ValueLayout.JAVA_LONG, 0);
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
