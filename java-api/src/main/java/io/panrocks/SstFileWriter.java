package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallerMemory;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.data.Entities;
import io.panrocks.internal.data.Staging;
import io.panrocks.internal.ffi.panrocks_env_options;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_slice;
import io.panrocks.internal.ffi.panrocks_sst_file_info;
import io.panrocks.internal.files.FileOps;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Writes SST files outside any DB, for {@link RocksDB#ingestExternalFile}
 * (RocksDB's {@code SstFileWriter}, RocksJava's shape): the fast way to
 * bulk-load sorted data.
 *
 * <pre>{@code
 * try (SstFileWriter writer = new SstFileWriter(new EnvOptions(), options)) {
 *     writer.open(Path.of("/tmp/batch-17.sst"));
 *     for (var e : sortedEntries) writer.put(e.key(), e.value());   // strictly ascending keys
 *     writer.finish();
 * }
 * db.ingestExternalFile(List.of("/tmp/batch-17.sst"), new IngestExternalFileOptions());
 * }</pre>
 *
 * <p>Keys must come in strictly ascending order of the comparator (bytewise):
 * a key that does not fails with RocksDB's {@link Status.Code#InvalidArgument}
 * and changes nothing, so the writer can go on. Range deletions may come in
 * any order. The file's options (compression, block size, filters, merge
 * operator) come from the {@link Options} given here; ingest it into a
 * column family with compatible ones.
 *
 * <p>The writer belongs to no DB: close it to free its native memory (a
 * forgotten one is freed by a Cleaner). One thread at a time; its methods
 * synchronize, so it may be handed between threads. A file that was opened
 * and never finished stays on disk, incomplete.
 */
public final class SstFileWriter implements AutoCloseable {
    private final StandaloneResource writer;
    /** native staging for keys and values from the heap, grown as needed */
    private final StandaloneResource scratch;
    /** an entry's value (or range end), staged beside its key in {@link #scratch} */
    private final StandaloneResource secondScratch;
    /** the error record of every call (the methods synchronize): no arena per entry */
    private final StandaloneResource errorRecord;
    private boolean opened;

    /**
     * A writer whose files are made with {@code options}' column family
     * options (the DB-wide ones matter little here) and written as
     * {@code envOptions} says.
     *
     * @param envOptions how files are written
     * @param options compression, table format, merge operator ...
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if RocksDB refuses the options, or they name a Java comparator
     * @throws IllegalStateException if RocksJava's engine is loaded in this process
     */
    public SstFileWriter(EnvOptions envOptions, Options options) {
        Objects.requireNonNull(envOptions, "envOptions");
        Objects.requireNonNull(options, "options");
        if (Bridge.familyCallbacks(options).comparator != null) {
            // the file would be sorted bytewise and named so: refuse rather than write an order nobody asked for
            throw new IllegalArgumentException("SstFileWriter cannot sort by a Java comparator (AbstractComparator); "
                    + "write the file with RocksDB's comparator of the same order");
        }
        NativeLibrary.ensureLoaded();
        NativeLibrary.refuseSecondEngine();
        MemorySegment handle = SstFileReader.withBlockCache(options, cache -> create(envOptions, options, cache));
        this.writer = new StandaloneResource("SstFileWriter", this, handle, panrocks_h::panrocks_sst_writer_destroy);
        this.scratch = new StandaloneResource("SstFileWriter", this, NativeMemory.allocate(256), NativeMemory::free);
        this.secondScratch = new StandaloneResource("SstFileWriter", this, NativeMemory.allocate(256),
                NativeMemory::free);
        this.errorRecord = new StandaloneResource("SstFileWriter", this, NativeMemory.allocateZeroed(panrocks_error.sizeof()),
                NativeMemory::free);
    }

    /**
     * As {@link #SstFileWriter(EnvOptions, Options)}, with default {@link EnvOptions}.
     *
     * @param options compression, table format, merge operator ...
     */
    public SstFileWriter(Options options) {
        this(new EnvOptions(), options);
    }

    private static MemorySegment create(EnvOptions envOptions, Options options, MemorySegment cache) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment env = panrocks_env_options.allocate(arena);
            panrocks_h.panrocks_env_options_init(env);
            panrocks_env_options.use_direct_writes(env, envOptions.useDirectWrites() ? 1 : 0);
            panrocks_env_options.fallocate_with_keep_size(env, envOptions.fallocateWithKeepSize() ? 1 : 0);
            panrocks_env_options.bytes_per_sync(env, envOptions.bytesPerSync());
            panrocks_env_options.writable_file_max_buffer_size(env, envOptions.writableFileMaxBufferSize());
            MemorySegment family = SstFileReader.defaultFamily(arena, options, cache);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_writer_create(env, arena.allocateFrom(options.dbValues.toString()), family,
                    out, error);
            if (rc != 0) throw new IllegalArgumentException("SstFileWriter: " + Errors.toException(rc, error).getMessage());
            return out.get(ValueLayout.ADDRESS, 0);
        }
    }

    /**
     * Starts a new file at {@code filePath} (replacing a file that is
     * there). A file started before and not finished is abandoned.
     *
     * <p>A path in a folder that a DB, a backup engine, a restore or a
     * checkpoint of this process uses (an open DB's directory or WAL
     * directory, under any spelling), or a hard link of a file in one, is
     * refused before anything is written: opening truncates the file.
     *
     * @param filePath the file to write
     * @throws NullPointerException if filePath is null
     * @throws IllegalArgumentException if the file is in use in this process
     *         (the message names it and its user)
     * @throws IllegalStateException if the writer is closed
     * @throws RocksDBException with RocksDB's status if the file cannot be created
     */
    public synchronized void open(Path filePath) throws RocksDBException {
        String path = FileOps.cPath(Objects.requireNonNull(filePath, "filePath"), "filePath");
        MemorySegment handle = writer.handle(); // a closed writer says so first
        FileOps.refuseFileInUse(filePath, "write");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_writer_open(handle, arena.allocateFrom(path), error);
            if (rc != 0) throw Errors.toException(rc, error);
            opened = true;
        }
    }

    /**
     * As {@link #open(Path)}, for a path given as a string.
     *
     * @param filePath the file to write
     * @throws RocksDBException as {@link #open(Path)}
     */
    public void open(String filePath) throws RocksDBException {
        open(Path.of(Objects.requireNonNull(filePath, "filePath")));
    }

    /**
     * Adds {@code key -> value}; keys must come in strictly ascending order.
     *
     * @param key the key
     * @param value the value
     * @throws NullPointerException if key or value is null
     * @throws IllegalStateException if the writer is closed
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if the key
     *         does not sort after the previous one, or no file is open
     */
    public synchronized void put(byte[] key, byte[] value) throws RocksDBException {
        twoKeys(Op.PUT, Bytes.key(key), Bytes.value(value));
    }

    /**
     * As {@link #put(byte[], byte[])}, for segments (native ones read in place).
     *
     * @param key the key
     * @param value the value
     * @throws IllegalStateException if a segment's arena is closed
     * @throws WrongThreadException if a segment is confined to another thread
     * @throws RocksDBException as {@link #put(byte[], byte[])}
     */
    public synchronized void put(MemorySegment key, MemorySegment value) throws RocksDBException {
        twoKeys(Op.PUT, Bytes.segment(key, "key"), Bytes.segment(value, "value"));
    }

    /**
     * As {@link #put(byte[], byte[])}, for {@code key[position, limit)} and
     * {@code value[position, limit)} (heap, direct and read-only buffers);
     * moves both positions to their limits.
     *
     * @param key the key
     * @param value the value
     * @throws RocksDBException as {@link #put(byte[], byte[])}
     */
    public synchronized void put(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        twoKeys(Op.PUT, Bytes.input(key, "key"), Bytes.input(value, "value"));
        key.position(key.limit());
        value.position(value.limit());
    }

    /**
     * Adds a merge operand for {@code key} (applied with the merge operator
     * of the family it is ingested into); keys in strictly ascending order.
     *
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as {@link #put(byte[], byte[])}
     */
    public synchronized void merge(byte[] key, byte[] value) throws RocksDBException {
        twoKeys(Op.MERGE, Bytes.key(key), Bytes.value(value));
    }

    /**
     * Adds a deletion of {@code key} (it hides the key's older values once
     * ingested); keys in strictly ascending order.
     *
     * @param key the key
     * @throws RocksDBException as {@link #put(byte[], byte[])}
     */
    public synchronized void delete(byte[] key) throws RocksDBException {
        twoKeys(Op.DELETE, Bytes.key(key), MemorySegment.NULL);
    }

    /**
     * RocksJava's {@code Slice}/{@code DirectSlice} form of
     * {@link #put(byte[], byte[])}: the slices' bytes, copied at the call.
     *
     * @param key the key
     * @param value the value
     * @throws NullPointerException if key or value is null
     * @throws RocksDBException as {@link #put(byte[], byte[])}
     */
    public void put(AbstractSlice<?> key, AbstractSlice<?> value) throws RocksDBException {
        put(Objects.requireNonNull(key, "key").toBytes(), Objects.requireNonNull(value, "value").toBytes());
    }

    /**
     * RocksJava's {@code Slice}/{@code DirectSlice} form of {@link #merge(byte[], byte[])}.
     *
     * @param key the key
     * @param value the operand
     * @throws NullPointerException if key or value is null
     * @throws RocksDBException as {@link #put(byte[], byte[])}
     */
    public void merge(AbstractSlice<?> key, AbstractSlice<?> value) throws RocksDBException {
        merge(Objects.requireNonNull(key, "key").toBytes(), Objects.requireNonNull(value, "value").toBytes());
    }

    /**
     * RocksJava's {@code Slice}/{@code DirectSlice} form of {@link #delete(byte[])}.
     *
     * @param key the key
     * @throws NullPointerException if key is null
     * @throws RocksDBException as {@link #put(byte[], byte[])}
     */
    public void delete(AbstractSlice<?> key) throws RocksDBException {
        delete(Objects.requireNonNull(key, "key").toBytes());
    }

    /**
     * Adds a deletion of every key in {@code [beginKey, endKey)}; range
     * deletions may come in any order.
     *
     * @param beginKey the first key deleted
     * @param endKey the first key not deleted
     * @throws NullPointerException if a key is null
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if endKey
     *         sorts before beginKey, or no file is open
     */
    public synchronized void deleteRange(byte[] beginKey, byte[] endKey) throws RocksDBException {
        twoKeys(Op.DELETE_RANGE, Objects.requireNonNull(beginKey, "beginKey"),
                Objects.requireNonNull(endKey, "endKey"));
    }

    /**
     * Adds a wide-column entity under {@code key} (RocksDB 8.6 and later);
     * keys in strictly ascending order.
     *
     * @param key the key
     * @param columns the entity's columns, names distinct
     * @throws IllegalArgumentException if two columns have one name
     * @throws RocksDBException {@link Status.Code#NotSupported} on an engine
     *         before RocksDB 8.6, or as {@link #put(byte[], byte[])}
     */
    public synchronized void putEntity(byte[] key, List<WideColumn> columns) throws RocksDBException {
        Bytes.key(key);
        Entities.checkedOrder(columns);
        int n = columns.size();
        long total = n * Entities.COLUMN + key.length;
        for (WideColumn c : columns) total += c.name().byteSize() + c.value().byteSize();
        MemorySegment s = scratch(total);
        MemorySegment.copy(key, 0, s, ValueLayout.JAVA_BYTE, n * Entities.COLUMN, key.length);
        long p = n * Entities.COLUMN + key.length;
        long name = io.panrocks.internal.ffi.panrocks_wide_column.name$offset();
        long value = io.panrocks.internal.ffi.panrocks_wide_column.value$offset();
        for (int i = 0; i < n; i++) {
            WideColumn c = columns.get(i);
            p = stage(s, i * Entities.COLUMN + name, p, c.name());
            p = stage(s, i * Entities.COLUMN + value, p, c.value());
        }
        MemorySegment error = errorRecord.handle();
        int rc = panrocks_h.panrocks_sst_writer_put_entity(writer.handle(), s.asSlice(n * Entities.COLUMN), key.length,
                s, n, error);
        if (rc != 0) throw Errors.toException(rc, error);
    }

    private static long stage(MemorySegment s, long slot, long at, MemorySegment bytes) {
        CallerMemory.copy(bytes, 0, s, at, bytes.byteSize());
        s.set(ValueLayout.JAVA_LONG, slot + panrocks_slice.data$offset(), s.address() + at);
        s.set(ValueLayout.JAVA_LONG, slot + panrocks_slice.size$offset(), bytes.byteSize());
        return at + bytes.byteSize();
    }

    private enum Op { PUT, MERGE, DELETE, DELETE_RANGE }

    /**
     * One entry: {@code a} and {@code b} each a byte[], a ByteBuffer
     * ([position, limit)) or a MemorySegment; a native segment is passed as
     * it is, everything else copied into native scratch (a into one buffer,
     * b into another: a slice of one would be a segment per entry), with no
     * segment made of an array or buffer (see BufferSegments).
     */
    private void twoKeys(Op op, Object a, Object b) throws RocksDBException {
        MemorySegment h = writer.handle();
        long aSize = Staging.length(a), bSize = Staging.length(b);
        MemorySegment first = Staging.readInPlace(a) ? (MemorySegment) a : Staging.copy(a, scratch(scratch, aSize));
        MemorySegment second = Staging.readInPlace(b) ? (MemorySegment) b
                : Staging.copy(b, scratch(secondScratch, bSize));
        MemorySegment error = errorRecord.handle();
        int rc;
        try {
            rc = switch (op) {
                case PUT -> panrocks_h.panrocks_sst_writer_put(h, first, aSize, second, bSize, error);
                case MERGE -> panrocks_h.panrocks_sst_writer_merge(h, first, aSize, second, bSize, error);
                case DELETE -> panrocks_h.panrocks_sst_writer_delete(h, first, aSize, error);
                case DELETE_RANGE -> panrocks_h.panrocks_sst_writer_delete_range(h, first, aSize, second, bSize, error);
            };
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        if (rc != 0) throw Errors.toException(rc, error);
    }

    /** The staging buffer, grown to at least size bytes. */
    private MemorySegment scratch(long size) {
        return scratch(scratch, size);
    }

    /** One of the staging buffers, grown to at least size bytes. */
    private static MemorySegment scratch(StandaloneResource buffer, long size) {
        MemorySegment s = buffer.handle();
        if (size > s.byteSize()) {
            MemorySegment grown = NativeMemory.allocate(Math.max(size, 2 * s.byteSize()));
            buffer.replace(grown);
            s = grown;
        }
        return s;
    }

    /**
     * Completes the current file; the writer may then {@link #open} another.
     *
     * @return what the file holds (as RocksDB's {@code ExternalSstFileInfo};
     *         RocksJava's {@code finish()} returns nothing)
     * @throws IllegalStateException if the writer is closed
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if no file
     *         is open or it has no entries, or RocksDB's status for an I/O error
     */
    public synchronized ExternalSstFileInfo finish() throws RocksDBException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = panrocks_sst_file_info.allocate(arena);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_writer_finish(writer.handle(), info, error);
            if (rc != 0) throw Errors.toException(rc, error);
            opened = false;
            return new ExternalSstFileInfo(Path.of(FileOps.string(panrocks_sst_file_info.file_path(info))),
                    FileOps.bytes(panrocks_sst_file_info.smallest_key(info)),
                    FileOps.bytes(panrocks_sst_file_info.largest_key(info)),
                    FileOps.bytes(panrocks_sst_file_info.smallest_range_del_key(info)),
                    FileOps.bytes(panrocks_sst_file_info.largest_range_del_key(info)),
                    panrocks_sst_file_info.sequence_number(info), panrocks_sst_file_info.file_size(info),
                    panrocks_sst_file_info.num_entries(info), panrocks_sst_file_info.num_range_del_entries(info),
                    panrocks_sst_file_info.version(info));
        }
    }

    /**
     * The bytes written to the current file so far.
     *
     * @return the size
     * @throws IllegalStateException if the writer is closed
     */
    public synchronized long fileSize() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_writer_file_size(writer.handle(), size, error);
            if (rc != 0) throw new IllegalStateException(Errors.toException(rc, error).getMessage());
            return size.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    /** Frees the writer's native memory; idempotent. A file not finished stays on disk, incomplete. */
    @Override
    public synchronized void close() {
        writer.close();
        scratch.close();
        secondScratch.close();
        errorRecord.close();
    }

    @Override
    public synchronized String toString() {
        return "SstFileWriter{" + (writer.isReleased() ? "closed" : opened ? "writing" : "idle") + "}";
    }
}
