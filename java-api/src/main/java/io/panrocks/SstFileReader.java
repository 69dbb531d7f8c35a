package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_read_options_spec;
import io.panrocks.internal.maintenance.TablePropertiesCodec;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads one SST file outside any DB (RocksDB's {@code SstFileReader},
 * RocksJava's shape): its entries through an iterator, its checksums, its
 * {@link TableProperties}. A file written by {@link SstFileWriter}, or one
 * of a DB's files (read it while the DB runs only if it cannot be deleted
 * meanwhile: a compaction may delete it).
 *
 * <pre>{@code
 * try (SstFileReader reader = new SstFileReader(options)) {
 *     reader.open("/tmp/batch-17.sst");
 *     reader.verifyChecksum();
 *     try (SstFileReaderIterator it = reader.newIterator(new ReadOptions())) {
 *         for (it.seekToFirst(); it.isValid(); it.next()) use(it.keyBytes(), it.valueBytes());
 *     }
 * }
 * }</pre>
 *
 * <h2>Lifetime</h2>
 * The reader belongs to no DB: close it to free its native memory (a
 * forgotten one is freed by a Cleaner). Its iterators read the reader's
 * native state, which therefore lives until the reader and every iterator
 * of it are released: closing the reader while iterators are open is safe;
 * from then on the reader and those iterators refuse every call but
 * {@link SstFileReaderIterator#close()} with {@link IllegalStateException},
 * and the memory goes when the last of them is closed (or collected).
 * Opening another file while iterators of the reader are open is refused
 * ({@link IllegalStateException}): they read the file opened before.
 *
 * <h2>Threads</h2>
 * The reader's methods synchronize, so it may be shared; each iterator
 * belongs to the thread that created it.
 */
public final class SstFileReader implements AutoCloseable {
    private final Native state;
    private final StandaloneResource reader;
    private volatile boolean closed;
    private boolean opened;

    /**
     * The native reader and who still uses it: the reader object and each
     * of its iterators not yet released. Freed when the count reaches zero,
     * so an iterator never outlives the table it reads, whatever order
     * {@code close()} and the Cleaner release them in.
     */
    static final class Native {
        final MemorySegment handle;
        private int users = 1;

        Native(MemorySegment handle) {
            this.handle = handle;
        }

        synchronized void retain() {
            if (users == 0) throw new IllegalStateException("SstFileReader is closed");
            users++;
        }

        synchronized void release() {
            if (users == 0) return;
            if (--users == 0) panrocks_h.panrocks_sst_reader_destroy(handle);
        }

        synchronized int iterators() {
            return Math.max(0, users - 1);
        }
    }

    /**
     * A reader that decodes files with {@code options}' table format,
     * comparator (RocksDB's own ones) and merge operator (RocksDB's
     * built-in ones: a Java merge operator is not used here, so an
     * iterator over merge operands fails with a status).
     *
     * @param options the options the file was written with
     * @throws NullPointerException if options is null
     * @throws IllegalArgumentException if RocksDB refuses the options, or they name a Java comparator
     * @throws IllegalStateException if RocksJava's engine is loaded in this process
     */
    public SstFileReader(Options options) {
        Objects.requireNonNull(options, "options");
        if (Bridge.familyCallbacks(options).comparator != null) {
            // the reader would compare with a bytewise order the file was not sorted by
            throw new IllegalArgumentException("SstFileReader cannot order by a Java comparator (AbstractComparator); "
                    + "read the file with RocksDB's comparator of the same order");
        }
        NativeLibrary.ensureLoaded();
        NativeLibrary.refuseSecondEngine();
        MemorySegment handle = withBlockCache(options, cache -> create(options, cache));
        this.state = new Native(handle);
        Native s = state;
        this.reader = new StandaloneResource("SstFileReader", this, handle, h -> s.release());
    }

    /**
     * What create makes of the handle of options' block cache (NULL if none),
     * held for the call: a reader or writer of SST files keeps the cache it
     * reads through alive.
     */
    static MemorySegment withBlockCache(Options options, Function<MemorySegment, MemorySegment> create) {
        BlockBasedTableConfig table = options.tableFormatConfig();
        Cache cache = table == null ? null : table.blockCache();
        return cache == null ? create.apply(MemorySegment.NULL) : cache.withHandle(create::apply);
    }

    /**
     * The descriptor of the one family a reader or writer of SST files
     * knows: "default", with options' family options and table format,
     * reading through cache (NULL if none).
     */
    static MemorySegment defaultFamily(Arena arena, Options options, MemorySegment cache) {
        MemorySegment family = panrocks_cf_descriptor.allocate(arena);
        panrocks_cf_descriptor.name(family, arena.allocateFrom("default"));
        panrocks_cf_descriptor.options(family, arena.allocateFrom(options.cfValues.toString()));
        BlockBasedTableConfig table = options.tableFormatConfig();
        if (table != null) table.describe(arena, family);
        panrocks_cf_descriptor.block_cache(family, cache);
        return family;
    }

    private static MemorySegment create(Options options, MemorySegment cache) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment family = defaultFamily(arena, options, cache);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_reader_create(arena.allocateFrom(options.dbValues.toString()), family, out,
                    error);
            if (rc != 0) throw new IllegalArgumentException("SstFileReader: " + Errors.toException(rc, error).getMessage());
            return out.get(ValueLayout.ADDRESS, 0);
        }
    }

    /**
     * Opens the SST file at {@code filePath} (replacing the file opened
     * before). The file is only read.
     *
     * @param filePath the file
     * @throws NullPointerException if filePath is null
     * @throws IllegalArgumentException if the path contains a zero character
     * @throws IllegalStateException if the reader is closed, or iterators of it are open
     * @throws RocksDBException with RocksDB's status if the file is missing or is not an SST file
     *         (then no file is open)
     */
    public synchronized void open(String filePath) throws RocksDBException {
        Objects.requireNonNull(filePath, "filePath");
        if (filePath.indexOf('\0') >= 0) throw new IllegalArgumentException("filePath must not contain a zero character");
        MemorySegment handle = handle();
        int iterators = state.iterators();
        if (iterators > 0) {
            throw new IllegalStateException("SstFileReader: close its " + iterators + " open iterator(s) before opening "
                    + "another file (they read the file opened before)");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = panrocks_error.allocate(arena);
            opened = false; // a failed open leaves no file open
            int rc = panrocks_h.panrocks_sst_reader_open(handle, arena.allocateFrom(filePath), error);
            if (rc != 0) throw Errors.toException(rc, error);
            opened = true;
        }
    }

    /**
     * As {@link #open(String)}, for a path.
     *
     * @param filePath the file
     * @throws RocksDBException as {@link #open(String)}
     */
    public void open(Path filePath) throws RocksDBException {
        open(Objects.requireNonNull(filePath, "filePath").toString());
    }

    /**
     * An iterator over the file's entries, not yet positioned (seek it
     * first). Of {@code readOptions}, the bounds, checksum verification,
     * fill-cache, readahead and pin settings apply; a snapshot does not (the
     * file is not a DB).
     *
     * @param readOptions the read options; not null
     * @return a new iterator, belonging to the calling thread; close it when done
     * @throws NullPointerException if readOptions is null
     * @throws IllegalStateException if the reader is closed or no file is open
     */
    public synchronized SstFileReaderIterator newIterator(ReadOptions readOptions) {
        Objects.requireNonNull(readOptions, "readOptions");
        MemorySegment handle = handle();
        requireFile();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment spec = panrocks_read_options_spec.allocate(arena);
            readOptions.fillSpecForFile(spec, arena);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_reader_iterator(handle, spec, out, error);
            if (rc != 0) {
                throw new IllegalArgumentException("cannot create an iterator: "
                        + Errors.toException(rc, error).getMessage());
            }
            MemorySegment iterator = out.get(ValueLayout.ADDRESS, 0);
            try {
                state.retain();
            } catch (Throwable t) {
                panrocks_h.panrocks_iterator_destroy(iterator);
                throw t;
            }
            return new SstFileReaderIterator(this, state, iterator);
        }
    }

    /**
     * Reads every block of the file and checks its checksum.
     *
     * @throws IllegalStateException if the reader is closed or no file is open
     * @throws RocksDBException with RocksDB's status ({@link Status.Code#Corruption}) if a block is damaged
     */
    public synchronized void verifyChecksum() throws RocksDBException {
        MemorySegment handle = handle();
        requireFile();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_reader_verify_checksum(handle, error);
            if (rc != 0) throw Errors.toException(rc, error);
        }
    }

    /**
     * The properties of the open file.
     *
     * @return a copy of them
     * @throws IllegalStateException if the reader is closed or no file is open
     * @throws RocksDBException with RocksDB's status if they cannot be read
     */
    public synchronized TableProperties getTableProperties() throws RocksDBException {
        MemorySegment handle = handle();
        requireFile();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_reader_properties(handle, out, error);
            if (rc != 0) throw Errors.toException(rc, error);
            return TablePropertiesCodec.single(out.get(ValueLayout.ADDRESS, 0), TableProperties::new);
        }
    }

    /**
     * Whether the reader is still open (RocksJava's {@code isOwningHandle}).
     *
     * @return false once closed
     */
    public boolean isOwningHandle() {
        return !closed;
    }

    /**
     * Closes the reader: from now on it, and each iterator of it still open,
     * refuses every call with {@link IllegalStateException} (an iterator's
     * {@code close()} excepted). Its native memory is freed now, or, while
     * iterators of it are open, when the last of them is closed. Idempotent.
     */
    @Override
    public synchronized void close() {
        closed = true;
        reader.close();
    }

    /** Whether the reader was closed: its iterators refuse use from then on. */
    boolean isClosed() {
        return closed;
    }

    private MemorySegment handle() {
        if (closed) throw new IllegalStateException("SstFileReader is closed");
        return reader.handle();
    }

    private void requireFile() {
        if (!opened) throw new IllegalStateException("SstFileReader has no file open (call open first)");
    }

    @Override
    public String toString() {
        return "SstFileReader{" + (closed ? "closed" : opened ? "open" : "no file") + "}";
    }
}
