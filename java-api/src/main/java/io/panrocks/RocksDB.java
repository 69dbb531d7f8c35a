package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.CallerMemory;
import io.panrocks.internal.CriticalCalls;
import io.panrocks.internal.FamilyHandle;
import io.panrocks.internal.Leaks;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.PinSlot;
import io.panrocks.internal.RangeWalkScratch;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.SnapshotHandle;
import io.panrocks.internal.callbacks.ListenerBinding;
import io.panrocks.internal.callbacks.TableFilterBinding;
import io.panrocks.internal.data.Entities;
import io.panrocks.internal.data.Reads;
import io.panrocks.internal.data.Staging;
import io.panrocks.internal.data.Timestamps;
import io.panrocks.internal.data.Writes;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_read_options_spec;
import io.panrocks.internal.files.FileOps;
import io.panrocks.internal.jfr.Jfr;
import io.panrocks.internal.maintenance.Maintenance;
import io.panrocks.internal.maintenance.Tables;
import io.panrocks.internal.open.ColumnFamilies;
import io.panrocks.internal.open.FamilySpec;
import io.panrocks.internal.open.Opener;
import io.panrocks.internal.open.RemoteCompaction;
import io.panrocks.internal.options.OptionDefaults;
import io.panrocks.internal.options.RunningOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * An open RocksDB database: the entry point of panrocks, shaped like
 * RocksJava's {@code org.rocksdb.RocksDB}. Only panrocks subclasses it
 * ({@link TtlDB}, a DB opened with a time to live).
 *
 * <h2>How the overloads are laid out</h2>
 * Every operation has one <i>main overload</i>, the one taking the most
 * arguments (column family, options, the data with offsets or as segments);
 * its javadoc is the operation's contract, written once, as in RocksDB's
 * {@code db.h}. The shorter overloads fill in the default column family
 * ({@code null} means the default one everywhere), {@link ReadOptions#DEFAULT}
 * or {@link WriteOptions#DEFAULT}, and say so in one line. RocksJava's forms
 * (offsets into arrays, {@code String} paths, {@code ByteBuffer}s) sit with
 * the other overloads of their operation. The source has one section per
 * kind of operation, always in this order:
 * <ol>
 * <li>opening and identity ({@code open}, {@code openReadOnly},
 *     {@code openAsSecondary}, {@code listColumnFamilies}, the path);</li>
 * <li>writes ({@code put}, {@code merge}, {@code delete}, {@code singleDelete},
 *     {@code deleteRange}, {@code write} of a batch);</li>
 * <li>reads into a new array ({@code byte[] get});</li>
 * <li>reads into your buffer ({@code int get} into an array, a
 *     {@code ByteBuffer} or a {@code MemorySegment});</li>
 * <li>zero-copy reads ({@code get} with a reader, {@code getPinned},
 *     {@code getAdaptive});</li>
 * <li>batched reads and existence ({@code multiGetAsList},
 *     {@code multiGetByteBuffers}, {@code newMultiGet}, {@code exists},
 *     {@code keyMayExist});</li>
 * <li>wide columns ({@code putEntity}, {@code getEntity},
 *     {@code getEntityColumns}, {@code multiGetEntity});</li>
 * <li>iterators and record cursors;</li>
 * <li>snapshots;</li>
 * <li>column families;</li>
 * <li>maintenance and introspection (flush, compaction, properties, sizes,
 *     statistics, catching up with a primary);</li>
 * <li>files and bulk loading (file deletions, live files, WAL files,
 *     ingestion);</li>
 * <li>callbacks;</li>
 * <li>closing.</li>
 * </ol>
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
 *
 * <h2>Slow reads in JFR</h2>
 * While a Java Flight Recorder recording has the event
 * {@code io.panrocks.SlowRead} on, one point read ({@code get}, RocksDB's
 * {@code DB::Get}) in {@code -Dpanrocks.jfr.slowReadSampling} (default 16,
 * at random, read when the DB opens) is timed, and committed as that event
 * (key and value lengths, family, duration, stack) if it took at least the
 * recording's threshold (10 ms unless set). Timed: the {@code get} forms
 * that copy the value ({@code byte[]}, into an array, a segment or a
 * buffer); not the zero-copy ones, {@code multiGet}, iterators or
 * transactions. Without a recording a read asks one static field of the
 * JDK's. Flushes, compactions and the other background events are JFR
 * events too ({@link AbstractEventListener}, "JFR events").
 *
 * <h2>Transaction DBs</h2>
 * {@link TransactionDB} and {@link OptimisticTransactionDB} extend this class
 * (as in RocksJava): every method here works on them too. No other class can
 * extend it (its constructor is not public).
 */
public class RocksDB implements AutoCloseable {
    /** Returned by the reads into a caller's buffer when the key is absent. */
    public static final int NOT_FOUND = -1;

    /** a found key's status in a multiGetByteBuffers result (Status is immutable) */
    private static final Status FOUND = new Status(Status.Code.Ok, Status.SubCode.None, Status.Severity.NoError, null);

    private final NativeDb db;
    private final Reads reads;
    private final Writes writes;
    private final ColumnFamilies<ColumnFamilyHandle> families;
    private final Maintenance maintenance;
    private final FileOps files;
    private final RunningOptions runningOptions;
    private final Path path;
    private final boolean readOnly;
    private final boolean statistics;
    private final ColumnFamilyHandle defaultFamily;
    private final Env env;
    /** one point read in this many is timed while a recording has io.panrocks.SlowRead on */
    private final int slowReadSampling;

    RocksDB(NativeDb db, Path path, boolean readOnly, DBOptions options) {
        this.db = db;
        this.slowReadSampling = Jfr.sampling();
        this.reads = new Reads(db.handle(), options.adaptiveReadThreshold());
        this.writes = new Writes(db.handle());
        this.families = new ColumnFamilies<>(this, db, h -> wrapFamily(h, false));
        this.maintenance = new Maintenance(db);
        this.files = new FileOps(db);
        this.runningOptions = new RunningOptions(db);
        this.path = path;
        this.readOnly = readOnly;
        this.statistics = options.statisticsEnabled();
        this.env = options.getEnv();
        this.defaultFamily = new ColumnFamilyHandle(this, db, db.defaultFamily(), true);
        // a DB never closed is closed when unreachable (the action holds the NativeDb, not this)
        Leaks.CLEANER.register(this, db.closerForForgotten(Leaks.creationSite()));
    }

    /** A sampled read ended: its io.panrocks.SlowRead event, committed if it took the recording's threshold. */
    private void endRead(Object timed, ColumnFamilyHandle columnFamily, long keyLength, long valueLength) {
        Jfr.endRead(timed, path.toString(), columnFamily == null ? null : columnFamily.getName(), keyLength,
                valueLength, slowReadSampling);
    }

    ColumnFamilyHandle wrapFamily(MemorySegment handle, boolean isDefault) {
        return new ColumnFamilyHandle(this, db, handle, isDefault);
    }

    // ---- opening: the facade converts, the engine side (internal.open.Opener) opens ----

    /**
     * Makes the facade of a DB just opened: its class's constructor.
     *
     * @param <D> the facade's class
     */
    @FunctionalInterface
    interface Facade<D extends RocksDB> {
        D wrap(NativeDb db, Path path, DBOptions options, Opener.Mode mode);
    }

    /** "default", as a new array (RocksJava's DEFAULT_COLUMN_FAMILY is a public, writable one). */
    private static byte[] defaultFamilyName() {
        return "default".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A plain DB's facade, or a TTL DB's. */
    static final Facade<RocksDB> PLAIN = (db, path, options, mode) -> mode.ttl()
            ? new TtlDB(db, path, mode.readOnly(), options) : new RocksDB(db, path, mode.readOnly(), options);

    /** Opens with the default family only, configured by options. */
    static <D extends RocksDB> D open(Options options, Path path, Opener.Mode mode, Facade<D> facade)
            throws RocksDBException {
        Objects.requireNonNull(options, "options");
        ColumnFamilyOptions defaultFamily = new ColumnFamilyOptions(options);
        // null: no handle objects for the caller; the DB's own default handle serves
        return open(new DBOptions(options), path, List.of(new ColumnFamilyDescriptor(defaultFamilyName(),
                defaultFamily)), null, mode, facade);
    }

    /** Opens with these families; their handles into handlesOut (null: one family, no handles wanted). */
    static <D extends RocksDB> D open(DBOptions options, Path path, List<ColumnFamilyDescriptor> families,
                                      List<ColumnFamilyHandle> handlesOut, Opener.Mode mode, Facade<D> facade)
            throws RocksDBException {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(families, "columnFamilyDescriptors");
        if (handlesOut == null && families.size() != 1) throw new IllegalArgumentException("columnFamilyHandles is null");
        if (families.isEmpty()) throw new IllegalArgumentException("columnFamilyDescriptors must name at least \"default\"");
        List<FamilySpec> specs = ColumnFamilyDescriptor.specs(families, "columnFamilyDescriptors");
        Opener.Opened<D> opened = Opener.open(options.spec(), path, specs, handlesOut != null, mode,
                (db, absolute) -> facade.wrap(db, absolute, options, mode));
        if (handlesOut != null) {
            handlesOut.clear();
            for (MemorySegment h : opened.familyHandles()) {
                handlesOut.add(opened.db().wrapFamily(h, h.equals(opened.defaultFamily())));
            }
        }
        return opened.db();
    }

    NativeDb nativeDb() {
        return db;
    }

    ColumnFamilies<ColumnFamilyHandle> columnFamilies() {
        return families;
    }

    FileOps files() {
        return files;
    }


    private static int saturate(long size) {
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    // =========================================================================
    // Opening and identity
    // =========================================================================

    /**
     * Opens the DB at {@code path} for reading and writing, with its default
     * column family only, configured by {@code options}.
     *
     * <p>The path is resolved as the kernel would (symbolic links, {@code .}
     * and {@code ..}), and RocksDB is given that path; so is the WAL
     * directory ({@link DBOptionsInterface#setWalDir}). A DB open for writing
     * in this process cannot be opened for writing again under any spelling
     * of its path: the second open fails with a {@link RocksDBException} of
     * code {@link Status.Code#IOError}, as RocksDB's own lock does for the
     * same spelling. The same goes for its WAL directory: no other DB of this
     * process may write its files, or keep its WAL, in this DB's directory or
     * WAL directory (IOError), nor may a backup engine or a restore use them
     * ({@link Status.Code#Busy}). A DB with more column families than the default one
     * must be opened with
     * {@link #open(DBOptions, Path, List, List)}.
     *
     * @param options the options to open with; not null
     * @param path the DB's directory
     * @return the open DB; close it when done
     * @throws RocksDBException with RocksDB's status if the engine refuses
     *         (missing DB without {@code setCreateIfMissing(true)}, locked by
     *         another process, corrupted, options it cannot take)
     * @throws IllegalStateException if RocksJava's engine is loaded in this
     *         process (two engines cannot share one)
     */
    public static RocksDB open(Options options, Path path) throws RocksDBException {
        return open(options, path, Opener.Mode.READ_WRITE, PLAIN);
    }

    /**
     * As {@link #open(Options, Path)}, with default options and {@code create_if_missing} set.
     *
     * @param path the DB's directory
     * @return the open DB; close it when done
     * @throws RocksDBException as {@link #open(Options, Path)}
     */
    public static RocksDB open(Path path) throws RocksDBException {
        return open(new Options().setCreateIfMissing(true), path);
    }

    /**
     * As {@link #open(Path)}, for a path given as a string.
     *
     * @param path the DB's directory
     * @return the open DB; close it when done
     * @throws RocksDBException as {@link #open(Path)}
     */
    public static RocksDB open(String path) throws RocksDBException {
        return open(Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * As {@link #open(Options, Path)}, for a path given as a string.
     *
     * @param options the options to open with; not null
     * @param path the DB's directory
     * @return the open DB; close it when done
     * @throws RocksDBException as {@link #open(Options, Path)}
     */
    public static RocksDB open(Options options, String path) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * Opens the DB at {@code path} with the given column families: every
     * family that exists must be named, "default" included (with
     * {@code setCreateMissingColumnFamilies(true)}, missing ones are created).
     * {@code columnFamilyHandles} is cleared, then receives one handle per
     * descriptor, in order. Otherwise as {@link #open(Options, Path)}.
     *
     * @param options the options to open with; not null
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families to open, "default" included
     * @param columnFamilyHandles cleared, then receives one handle per descriptor, in order
     * @return the open DB; close it when done
     * @throws RocksDBException as {@link #open(Options, Path)}; {@link Status.Code#InvalidArgument} if
     *         an existing family is left out, or (without create-missing) a named one does not exist
     */
    public static RocksDB open(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return open(options, path, columnFamilyDescriptors, columnFamilyHandles, Opener.Mode.READ_WRITE, PLAIN);
    }

    /**
     * As {@link #open(DBOptions, Path, List, List)}, for a path given as a string.
     *
     * @param options the DB-wide options
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB, "default" included
     * @param columnFamilyHandles receives one handle per descriptor
     * @return the open DB
     * @throws RocksDBException as {@link #open(DBOptions, Path, List, List)}
     */
    public static RocksDB open(DBOptions options, String path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")), columnFamilyDescriptors, columnFamilyHandles);
    }

    /**
     * As {@link #open(DBOptions, Path, List, List)} with default DB options
     * (no {@code create_if_missing}, as RocksJava's).
     *
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB, "default" included
     * @param columnFamilyHandles receives one handle per descriptor
     * @return the open DB
     * @throws RocksDBException as {@link #open(DBOptions, Path, List, List)}
     */
    public static RocksDB open(String path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return open(new DBOptions(), path, columnFamilyDescriptors, columnFamilyHandles);
    }

    /**
     * As {@link #open(String, List, List)}, for a {@link Path}.
     *
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB, "default" included
     * @param columnFamilyHandles receives one handle per descriptor
     * @return the open DB
     * @throws RocksDBException as {@link #open(DBOptions, Path, List, List)}
     */
    public static RocksDB open(Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return open(new DBOptions(), path, columnFamilyDescriptors, columnFamilyHandles);
    }

    /**
     * Opens the DB at {@code path} read-only: writes fail with
     * {@link Status.Code#NotSupported}. A read-only DB takes no lock, in
     * RocksDB as here, so it may be opened beside a writer: it sees the DB
     * as it was when it opened (its write-ahead logs replayed into memory)
     * and does not follow later writes (a secondary instance does:
     * {@link #openAsSecondary(Options, Path, Path)}). With
     * {@code errorIfWalFileExists}, RocksDB refuses to open, with
     * {@link Status.Code#Corruption}, when the directory holds any
     * write-ahead log file (even an empty one).
     *
     * @param options the options to open with; not null
     * @param path the DB's directory
     * @param errorIfWalFileExists whether to refuse a directory holding a write-ahead log file
     * @return the DB, open read-only; close it when done
     * @throws RocksDBException as {@link #open(Options, Path)}; {@link Status.Code#Corruption} for a
     *         write-ahead log file with {@code errorIfWalFileExists}
     */
    public static RocksDB openReadOnly(Options options, Path path, boolean errorIfWalFileExists)
            throws RocksDBException {
        return open(options, path, Opener.Mode.readOnly(errorIfWalFileExists), PLAIN);
    }

    /**
     * As {@link #openReadOnly(Options, Path, boolean)}, with default options.
     *
     * @param path the DB's directory
     * @return the DB, open read-only; close it when done
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(Path path) throws RocksDBException {
        return openReadOnly(new Options(), path);
    }

    /**
     * As {@link #openReadOnly(Options, Path, boolean)}, tolerating write-ahead logs.
     *
     * @param options the options to open with; not null
     * @param path the DB's directory
     * @return the DB, open read-only; close it when done
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(Options options, Path path) throws RocksDBException {
        return open(options, path, Opener.Mode.readOnly(false), PLAIN);
    }

    /**
     * As {@link #openReadOnly(Options, Path, boolean)}, with column families as {@link #open(DBOptions, Path, List, List)}.
     *
     * @param options the options to open with; not null
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families to open, "default" included
     * @param columnFamilyHandles cleared, then receives one handle per descriptor, in order
     * @return the DB, open read-only; close it when done
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                       List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return openReadOnly(options, path, columnFamilyDescriptors, columnFamilyHandles, false);
    }

    /**
     * As {@link #openReadOnly(Options, Path, boolean)}, with column families
     * as {@link #open(DBOptions, Path, List, List)} (any subset of the DB's
     * families, "default" included).
     *
     * @param options the DB-wide options
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families to open
     * @param columnFamilyHandles cleared, then receives one handle per descriptor
     * @param errorIfWalFileExists whether to refuse a directory holding a write-ahead log file
     * @return the open DB
     * @throws RocksDBException as {@link #open(Options, Path)}; Corruption for a WAL file with errorIfWalFileExists
     */
    public static RocksDB openReadOnly(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                       List<ColumnFamilyHandle> columnFamilyHandles, boolean errorIfWalFileExists)
            throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return open(options, path, columnFamilyDescriptors, columnFamilyHandles,
                Opener.Mode.readOnly(errorIfWalFileExists), PLAIN);
    }

    /**
     * As {@link #openReadOnly(DBOptions, Path, List, List, boolean)}, for a path given as a string.
     *
     * @param options the DB-wide options
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families to open, "default" included
     * @param columnFamilyHandles receives one handle per descriptor
     * @param errorIfWalFileExists fail if a write-ahead log holds data not yet in an SST file
     * @return the open, read-only DB
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(DBOptions options, String path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                       List<ColumnFamilyHandle> columnFamilyHandles, boolean errorIfWalFileExists)
            throws RocksDBException {
        return openReadOnly(options, Path.of(Objects.requireNonNull(path, "path")), columnFamilyDescriptors,
                columnFamilyHandles, errorIfWalFileExists);
    }

    /**
     * As {@link #openReadOnly(DBOptions, Path, List, List)}, for a path given as a string.
     *
     * @param options the DB-wide options
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families to open, "default" included
     * @param columnFamilyHandles receives one handle per descriptor
     * @return the open, read-only DB
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(DBOptions options, String path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                       List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return openReadOnly(options, Path.of(Objects.requireNonNull(path, "path")), columnFamilyDescriptors,
                columnFamilyHandles);
    }

    /**
     * As {@link #openReadOnly(DBOptions, Path, List, List)}, default DB options, path as a string.
     *
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families to open, "default" included
     * @param columnFamilyHandles receives one handle per descriptor
     * @return the open, read-only DB
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(String path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                       List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return openReadOnly(new DBOptions(), path, columnFamilyDescriptors, columnFamilyHandles);
    }

    /**
     * As {@link #openReadOnly(Options, Path, boolean)}, for a path given as a string.
     *
     * @param options the options
     * @param path the DB's directory
     * @param errorIfWalFileExists fail if a write-ahead log holds data not yet in an SST file
     * @return the open, read-only DB
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(Options options, String path, boolean errorIfWalFileExists)
            throws RocksDBException {
        return openReadOnly(options, Path.of(Objects.requireNonNull(path, "path")), errorIfWalFileExists);
    }

    /**
     * As {@link #openReadOnly(Options, Path)}, for a path given as a string.
     *
     * @param options the options
     * @param path the DB's directory
     * @return the open, read-only DB
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(Options options, String path) throws RocksDBException {
        return openReadOnly(options, Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * As {@link #openReadOnly(Path)}, for a path given as a string.
     *
     * @param path the DB's directory
     * @return the open, read-only DB
     * @throws RocksDBException as {@link #openReadOnly(Options, Path, boolean)}
     */
    public static RocksDB openReadOnly(String path) throws RocksDBException {
        return openReadOnly(Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * The names of the column families of the DB at {@code path}, without
     * opening it.
     *
     * @param options the options used to read the DB's files; not null
     * @param path the DB's directory
     * @return the family names as bytes, "default" included
     * @throws RocksDBException if there is no DB there, or it cannot be read
     */
    public static List<byte[]> listColumnFamilies(Options options, Path path) throws RocksDBException {
        return Opener.listColumnFamilies(new DBOptions(Objects.requireNonNull(options, "options")).spec(),
                Objects.requireNonNull(path, "path"));
    }

    /**
     * As {@link #listColumnFamilies(Options, Path)}, for a path given as a string.
     *
     * @param options the options (their DB-wide part is used)
     * @param path the DB's directory
     * @return the families' names
     * @throws RocksDBException if there is no DB there, or it cannot be read
     */
    public static List<byte[]> listColumnFamilies(Options options, String path) throws RocksDBException {
        return listColumnFamilies(options, Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * Version of the RocksDB engine panrocks runs on, e.g. "9.11.2".
     *
     * @return the engine's version as major.minor.patch
     */
    public static String engineVersion() {
        return NativeLibrary.engineVersion();
    }

    /**
     * Where the DB lives, as it was given to open (absolute).
     *
     * @return the DB's absolute path
     */
    public Path getPath() {
        return path;
    }

    /**
     * Whether the DB was opened read-only.
     *
     * @return {@code true} if the DB was opened read-only
     */
    public boolean isReadOnly() {
        return readOnly;
    }

    /**
     * The engine's version as numbers, as RocksJava's {@code rocksdbVersion()}.
     *
     * @return {@link #engineVersion()} as a {@link Version}
     */
    public static Version rocksdbVersion() {
        return Version.parse(engineVersion());
    }

    /**
     * A RocksDB version, as RocksJava's {@code RocksDB.Version}.
     */
    public static final class Version {
        private final int major, minor, patch;

        /**
         * A version from its three numbers.
         *
         * @param major the major version
         * @param minor the minor version
         * @param patch the patch level
         */
        public Version(int major, int minor, int patch) {
            this.major = major;
            this.minor = minor;
            this.patch = patch;
        }

        static Version parse(String text) {
            String[] parts = text.split("\\.");
            if (parts.length != 3) throw new IllegalStateException("not a version: " + text);
            return new Version(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        }

        /**
         * The major version.
         *
         * @return e.g. 11 for 11.8.1
         */
        public int getMajor() {
            return major;
        }

        /**
         * The minor version.
         *
         * @return e.g. 8 for 11.8.1
         */
        public int getMinor() {
            return minor;
        }

        /**
         * The patch level.
         *
         * @return e.g. 1 for 11.8.1
         */
        public int getPatch() {
            return patch;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Version v && v.major == major && v.minor == minor && v.patch == patch;
        }

        @Override
        public int hashCode() {
            return (major * 31 + minor) * 31 + patch;
        }

        /** @return {@code major.minor.patch} */
        @Override
        public String toString() {
            return major + "." + minor + "." + patch;
        }
    }

    /**
     * The environment the DB was opened with ({@code Options.setEnv}), as RocksJava's {@code getEnv()}.
     *
     * @return {@link Env#getDefault()} unless the options named another
     */
    public Env getEnv() {
        return env;
    }

    /**
     * Whether the DB is closed, as RocksJava's {@code isClosed()}: the opposite of {@link #isOpen()}.
     *
     * @return {@code true} from the moment {@link #close()} starts
     */
    public boolean isClosed() {
        return !isOpen();
    }

    /**
     * Whether the DB still accepts calls (false from the moment {@link #close()} starts).
     *
     * @return {@code true} until {@link #close()} starts
     */
    public boolean isOpen() {
        return db.isOpen();
    }

    /**
     * The handle of the default column family (owned by the DB; closing it does nothing to the family).
     *
     * @return the default family's handle, owned by the DB
     */
    public ColumnFamilyHandle getDefaultColumnFamily() {
        return defaultFamily;
    }

    /** The name of the default column family, as RocksJava's {@code DEFAULT_COLUMN_FAMILY}: "default" in UTF-8. */
    public static final byte[] DEFAULT_COLUMN_FAMILY = "default".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    /**
     * Loads panrocks' native library now, as RocksJava's
     * {@code loadLibrary()} loads its own; panrocks also loads it on first use,
     * so calling this is optional.
     *
     * @throws IllegalStateException if RocksJava's engine is loaded in this
     *         process (two engines cannot share one)
     */
    public static void loadLibrary() {
        NativeLibrary.ensureLoaded();
        NativeLibrary.refuseSecondEngine();
    }

    /**
     * The DB's path, as RocksJava's {@code getName()} (RocksDB's {@code GetName}).
     *
     * @return {@link #getPath()} as a string
     */
    public String getName() {
        return path.toString();
    }

    /**
     * Opens a <i>secondary instance</i> of the DB at {@code primaryPath}: a
     * read-only view that follows a primary (in this process or another) as
     * far as {@link #tryCatchUpWithPrimary()} has replayed its MANIFEST and
     * write-ahead logs. It takes no lock on the primary's directory, so any
     * number of secondaries may sit beside the primary; writes fail with
     * {@link Status.Code#NotSupported}, and so do flushes and compactions.
     * {@code secondaryPath} is the secondary's own directory (its info log
     * lives there): no other DB of this process may have it open.
     * RocksDB recommends {@code setMaxOpenFiles(-1)} for a secondary, so that
     * it keeps the files it read open after the primary deletes them.
     *
     * @param options the DB-wide options and those of the default family
     * @param primaryPath the primary's directory
     * @param secondaryPath the secondary's own directory (created if missing)
     * @return the open secondary ({@link #isReadOnly()} is true)
     * @throws RocksDBException with RocksDB's status if the engine refuses
     *         (no DB at primaryPath, say), or {@link Status.Code#IOError} if
     *         secondaryPath is open in this process
     * @throws IllegalStateException if RocksJava's engine is loaded in this process
     */
    public static RocksDB openAsSecondary(Options options, Path primaryPath, Path secondaryPath) throws RocksDBException {
        return open(options, primaryPath, Opener.Mode.secondary(Objects.requireNonNull(secondaryPath, "secondaryPath")),
                PLAIN);
    }

    /**
     * As {@link #openAsSecondary(Options, Path, Path)}, for paths given as strings.
     *
     * @param options the DB-wide options and those of the default family
     * @param primaryPath the primary's directory
     * @param secondaryPath the secondary's own directory
     * @return the open secondary
     * @throws RocksDBException as {@link #openAsSecondary(Options, Path, Path)}
     */
    public static RocksDB openAsSecondary(Options options, String primaryPath, String secondaryPath)
            throws RocksDBException {
        return openAsSecondary(options, Path.of(Objects.requireNonNull(primaryPath, "primaryPath")),
                Path.of(Objects.requireNonNull(secondaryPath, "secondaryPath")));
    }

    /**
     * As {@link #openAsSecondary(Options, Path, Path)}, with column families:
     * any subset of the primary's families, "default" included (RocksDB
     * refuses a family that does not exist). Families the primary creates
     * later are not seen; a family the primary drops stays readable through
     * its handle. {@code columnFamilyHandles} is cleared, then receives one
     * handle per descriptor, in order.
     *
     * @param options the DB-wide options
     * @param primaryPath the primary's directory
     * @param secondaryPath the secondary's own directory
     * @param columnFamilyDescriptors the families to open, "default" included
     * @param columnFamilyHandles receives their handles
     * @return the open secondary
     * @throws RocksDBException as {@link #openAsSecondary(Options, Path, Path)}
     */
    public static RocksDB openAsSecondary(DBOptions options, Path primaryPath, Path secondaryPath,
                                          List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                          List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return open(options, primaryPath, columnFamilyDescriptors, columnFamilyHandles,
                Opener.Mode.secondary(Objects.requireNonNull(secondaryPath, "secondaryPath")), PLAIN);
    }

    /**
     * As {@link #openAsSecondary(DBOptions, Path, Path, List, List)}, for paths given as strings.
     *
     * @param options the DB-wide options
     * @param primaryPath the primary's directory
     * @param secondaryPath the secondary's own directory
     * @param columnFamilyDescriptors the families to open, "default" included
     * @param columnFamilyHandles receives their handles
     * @return the open secondary
     * @throws RocksDBException as {@link #openAsSecondary(Options, Path, Path)}
     */
    public static RocksDB openAsSecondary(DBOptions options, String primaryPath, String secondaryPath,
                                          List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                          List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return openAsSecondary(options, Path.of(Objects.requireNonNull(primaryPath, "primaryPath")),
                Path.of(Objects.requireNonNull(secondaryPath, "secondaryPath")), columnFamilyDescriptors,
                columnFamilyHandles);
    }

    // ---- RocksJava's destroyDB -------------------------------------------------

    /**
     * Deletes the DB at {@code path}: RocksDB's {@code DestroyDB}, which
     * removes its files (SST files, WAL files in its WAL directory, MANIFEST,
     * OPTIONS, LOCK, info logs) and then the folders if they are left empty.
     * Files RocksDB did not write stay. Refused while a DB, a backup engine,
     * a restore or a checkpoint of this process uses the directory or the
     * WAL directory, under any spelling of the path ({@link Status.Code#Busy});
     * another process's open DB is left to RocksDB's LOCK file.
     * A path with no DB there is no error.
     *
     * @param path the DB's directory; not null
     * @param options the options the DB was created with (their WAL
     *         directory, and data paths are cleaned too); not null
     * @throws IllegalArgumentException if the options name an environment
     *         other than {@link Env#getDefault()}
     * @throws RocksDBException with RocksDB's status if the files cannot be
     *         deleted, or the path is in use in this process
     */
    public static void destroyDB(Path path, Options options) throws RocksDBException {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(options, "options");
        if (options.getEnv() != Env.getDefault()) {
            throw new IllegalArgumentException("destroyDB works on files of the default environment only, not on "
                    + options.getEnv());
        }
        Opener.destroy(new DBOptions(options).spec(), path);
    }

    /**
     * As {@link #destroyDB(Path, Options)}, for a path given as a string.
     *
     * @param path the DB's directory; not null
     * @param options the options the DB was created with; not null
     * @throws RocksDBException as {@link #destroyDB(Path, Options)}
     */
    public static void destroyDB(String path, Options options) throws RocksDBException {
        destroyDB(Path.of(Objects.requireNonNull(path, "path")), options);
    }

    /**
     * Runs, as a remote compaction worker, the compaction a primary's
     * {@link CompactionService#schedule} received: RocksDB's
     * {@code DB::OpenAndCompact} (EXPERIMENTAL in the engine). It opens the
     * primary's DB at {@code dbPath} as a secondary (read only, WAL not
     * replayed), compacts the input files the job names, writes the output
     * files into {@code outputDirectory} (created if missing) and returns the
     * serialized result for the primary's {@link CompactionService#waitForResult}.
     * The primary's files are never changed: the primary installs the output
     * when it gets the result. The DB's directory must be reachable from here
     * (same machine, or a shared file system), and the primary must not delete
     * the input files meanwhile (it keeps them while it waits).
     *
     * <p>{@code familyOptions} gives what RocksDB's
     * {@code CompactionServiceOptionsOverride} takes from the column family:
     * comparator, merge operator, compaction filter (factory), prefix
     * extractor, table format, SST partitioner. They must be the primary's
     * (RocksDB reads the rest of the options from the DB's OPTIONS file);
     * Java callbacks among them run in this process, bound for this call.
     *
     * <p>With {@link OpenAndCompactOptions#setAllowResumption resumption} on,
     * a call over the same output directory after an interrupted one (a crash,
     * a kill, a cancel) resumes from the progress saved there, output file by
     * output file; off, the output directory must be empty.
     *
     * @param options resumption, cancel flag, statistics; not null, not closed
     * @param familyOptions the column family's options as the primary has them; null: RocksDB's defaults
     * @param dbPath the primary's DB directory ({@link CompactionServiceJobInfo#dbName()}); not null
     * @param outputDirectory where the output files go; not null
     * @param input what {@code schedule} received; not null, not empty
     * @return the result, for the primary's {@code waitForResult}
     * @throws NullPointerException if options, dbPath, outputDirectory or input is null
     * @throws IllegalArgumentException if a path holds a zero character, or input is empty
     * @throws IllegalStateException if options is closed
     * @throws RocksDBException with RocksDB's status if the compaction fails (an input that does not
     *         parse, a missing file, a cancel: {@code Incomplete}, subcode {@code ManualCompactionPaused})
     */
    public static byte[] openAndCompact(OpenAndCompactOptions options, ColumnFamilyOptions familyOptions,
                                        String dbPath, String outputDirectory, byte[] input) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(dbPath, "dbPath");
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        Objects.requireNonNull(input, "input");
        if (dbPath.indexOf('\0') >= 0) throw new IllegalArgumentException("dbPath must not contain a zero character");
        if (outputDirectory.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("outputDirectory must not contain a zero character");
        }
        if (input.length == 0) throw new IllegalArgumentException("input must not be empty: it is what schedule received");
        FamilySpec family = new ColumnFamilyDescriptor(defaultFamilyName(),
                familyOptions != null ? familyOptions : new ColumnFamilyOptions()).spec();
        MemorySegment flag = options.acquire();
        try {
            Statistics statistics = options.statistics(); // of one's own (OpenAndCompactOptions checks): never a view
            return RemoteCompaction.openAndCompact(family, statistics == null ? null : statistics.shared,
                    options.allowResumption(), flag, dbPath, outputDirectory, input);
        } finally {
            options.release();
        }
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
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null, read from {@code keyOffset}
     * @param keyOffset where the key starts in {@code key}
     * @param keyLength the key's length in bytes
     * @param value the value; not null, read from {@code valueOffset}
     * @param valueOffset where the value starts in {@code value}
     * @param valueLength the value's length in bytes
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

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family and options.
     *
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void put(byte[] key, byte[] value) throws RocksDBException {
        put(null, WriteOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void put(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        put(columnFamily, WriteOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void put(WriteOptions writeOptions, byte[] key, byte[] value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, byte[] value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, Bytes.key(key), 0, key.length, Bytes.value(value), 0, value.length);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null, read from {@code keyOffset}
     * @param keyOffset where the key starts in {@code key}
     * @param keyLength the key's length in bytes
     * @param value the value; not null, read from {@code valueOffset}
     * @param valueOffset where the value starts in {@code value}
     * @param valueLength the value's length in bytes
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void put(WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        put(null, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}
     * for segments: native segments are read in place (no copy), heap ones
     * are copied once into the thread's scratch.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value the value's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws IllegalStateException if a segment's arena is closed
     * @throws WrongThreadException if a segment is confined to another thread
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, Bytes.segment(value, "value"));
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}, default family and options.
     *
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value the value's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment,
     *         MemorySegment)}
     */
    public void put(MemorySegment key, MemorySegment value) throws RocksDBException {
        put(null, WriteOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value the value's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment,
     *         MemorySegment)}
     */
    public void put(WriteOptions writeOptions, MemorySegment key, MemorySegment value) throws RocksDBException {
        put(null, writeOptions, key, value);
    }

    /**
     * RocksJava's ByteBuffer form of
     * {@link #put(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}:
     * writes {@code key[position, limit)} and {@code value[position, limit)}
     * (heap, direct and read-only buffers alike) and moves both positions to
     * their limits.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value the value, from its position to its limit; its position moves to the limit
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        write(Writes.Op.PUT, columnFamily, writeOptions, key, Objects.requireNonNull(value, "value"));
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, ByteBuffer, ByteBuffer)}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value the value, from its position to its limit; its position moves to the limit
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, ByteBuffer,
     *         ByteBuffer)}
     */
    public void put(WriteOptions writeOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        write(Writes.Op.PUT, null, writeOptions, key, Objects.requireNonNull(value, "value"));
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, default family and options.
     *
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param value the value array
     * @param vOffset where the value starts
     * @param vLen the value's length
     * @throws RocksDBException as the main overload
     */
    public void put(byte[] key, int offset, int len, byte[] value, int vOffset, int vLen) throws RocksDBException {
        put(null, WriteOptions.DEFAULT, key, offset, len, value, vOffset, vLen);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param value the value array
     * @param vOffset where the value starts
     * @param vLen the value's length
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, byte[] key, int offset, int len, byte[] value, int vOffset,
                    int vLen) throws RocksDBException {
        put(columnFamily, WriteOptions.DEFAULT, key, offset, len, value, vOffset, vLen);
    }

    /**
     * Merges {@code value[valueOffset, +valueLength)} into the value of
     * {@code key[keyOffset, +keyLength)} with the column family's merge
     * operator (see {@link ColumnFamilyOptionsInterface#setMergeOperator}).
     * Otherwise as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null, read from {@code keyOffset}
     * @param keyOffset where the key starts in {@code key}
     * @param keyLength the key's length in bytes
     * @param value the value; not null, read from {@code valueOffset}
     * @param valueOffset where the value starts in {@code value}
     * @param valueLength the value's length in bytes
     * @throws RocksDBException {@link Status.Code#NotSupported} if the family
     *         has no merge operator, or as a put
     */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, int keyOffset, int keyLength,
                      byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, keyOffset, keyLength, value, valueOffset, valueLength);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family and options.
     *
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void merge(byte[] key, byte[] value) throws RocksDBException {
        merge(null, WriteOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void merge(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        merge(columnFamily, WriteOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void merge(WriteOptions writeOptions, byte[] key, byte[] value) throws RocksDBException {
        merge(null, writeOptions, key, value);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, whole arrays.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @param value the value; not null
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, byte[] value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, Bytes.value(value), 0, value.length);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, for segments (see the segment put).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value the value's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, Bytes.segment(value, "value"));
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, MemorySegment, MemorySegment)}, default family and options.
     *
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value the value's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, MemorySegment,
     *         MemorySegment)}
     */
    public void merge(MemorySegment key, MemorySegment value) throws RocksDBException {
        merge(null, WriteOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, for ByteBuffers (see the ByteBuffer put).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value the value, from its position to its limit; its position moves to the limit
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        write(Writes.Op.MERGE, columnFamily, writeOptions, key, Objects.requireNonNull(value, "value"));
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, ByteBuffer, ByteBuffer)}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value the value, from its position to its limit; its position moves to the limit
     * @throws RocksDBException as {@link #merge(ColumnFamilyHandle, WriteOptions, ByteBuffer,
     *         ByteBuffer)}
     */
    public void merge(WriteOptions writeOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        merge(null, writeOptions, key, value);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, default family and options.
     *
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param value the operand array
     * @param vOffset where the operand starts
     * @param vLen the operand's length
     * @throws RocksDBException as the main overload
     */
    public void merge(byte[] key, int offset, int len, byte[] value, int vOffset, int vLen) throws RocksDBException {
        merge(null, WriteOptions.DEFAULT, key, offset, len, value, vOffset, vLen);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param value the operand array
     * @param vOffset where the operand starts
     * @param vLen the operand's length
     * @throws RocksDBException as the main overload
     */
    public void merge(ColumnFamilyHandle columnFamily, byte[] key, int offset, int len, byte[] value, int vOffset,
                      int vLen) throws RocksDBException {
        merge(columnFamily, WriteOptions.DEFAULT, key, offset, len, value, vOffset, vLen);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}, default family.
     *
     * @param writeOptions the write options
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param value the operand array
     * @param vOffset where the operand starts
     * @param vLen the operand's length
     * @throws RocksDBException as the main overload
     */
    public void merge(WriteOptions writeOptions, byte[] key, int offset, int len, byte[] value, int vOffset, int vLen)
            throws RocksDBException {
        merge(null, writeOptions, key, offset, len, value, vOffset, vLen);
    }

    /**
     * Deletes {@code key} from {@code columnFamily} ({@code null}: the
     * default one); a missing key is fine. Otherwise as
     * {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, null, 0, 0);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, default family and options.
     *
     * @param key the key; not null
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void delete(byte[] key) throws RocksDBException {
        delete(null, WriteOptions.DEFAULT, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        delete(columnFamily, WriteOptions.DEFAULT, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void delete(WriteOptions writeOptions, byte[] key) throws RocksDBException {
        delete(null, writeOptions, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, for a segment (read in place if native).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, key, null);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, MemorySegment)}, default family and options.
     *
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, MemorySegment)}
     */
    public void delete(MemorySegment key) throws RocksDBException {
        delete(null, WriteOptions.DEFAULT, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, MemorySegment)}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, MemorySegment)}
     */
    public void delete(WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        delete(null, writeOptions, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, for {@code key[position, limit)}; moves its position to the limit.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key) throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, key, null);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}, for {@code key[offset, offset + len)}.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param writeOptions the write options
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @throws IndexOutOfBoundsException if the range lies outside the array
     * @throws RocksDBException as the main overload
     */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, int offset, int len)
            throws RocksDBException {
        write(Writes.Op.DELETE, columnFamily, writeOptions, key, offset, len, null, 0, 0);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[], int, int)}, default family and options.
     *
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @throws RocksDBException as the main overload
     */
    public void delete(byte[] key, int offset, int len) throws RocksDBException {
        delete(null, WriteOptions.DEFAULT, key, offset, len);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[], int, int)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @throws RocksDBException as the main overload
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[] key, int offset, int len) throws RocksDBException {
        delete(columnFamily, WriteOptions.DEFAULT, key, offset, len);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[], int, int)}, default family.
     *
     * @param writeOptions the write options
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @throws RocksDBException as the main overload
     */
    public void delete(WriteOptions writeOptions, byte[] key, int offset, int len) throws RocksDBException {
        delete(null, writeOptions, key, offset, len);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, ByteBuffer)}, default family.
     *
     * @param writeOptions the write options
     * @param key the key, {@code [position, limit)}; its position moves to the limit
     * @throws RocksDBException as the main overload
     */
    public void delete(WriteOptions writeOptions, ByteBuffer key) throws RocksDBException {
        write(Writes.Op.DELETE, null, writeOptions, key, null);
    }

    /**
     * RocksDB's SingleDelete: deletes a key that was written once and never
     * merged or overwritten since (the result is undefined in RocksDB
     * otherwise, though never a crash). Otherwise as
     * {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, Bytes.key(key), 0, key.length, null, 0, 0);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, default family and options.
     *
     * @param key the key; not null
     * @throws RocksDBException as {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void singleDelete(byte[] key) throws RocksDBException {
        singleDelete(null, WriteOptions.DEFAULT, key);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @throws RocksDBException as {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        singleDelete(columnFamily, WriteOptions.DEFAULT, key);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key; not null
     * @throws RocksDBException as {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void singleDelete(WriteOptions writeOptions, byte[] key) throws RocksDBException {
        singleDelete(null, writeOptions, key);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, for a segment.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, key, null);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, MemorySegment)}, default family and options.
     *
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @throws RocksDBException as {@link #singleDelete(ColumnFamilyHandle, WriteOptions,
     *         MemorySegment)}
     */
    public void singleDelete(MemorySegment key) throws RocksDBException {
        singleDelete(null, WriteOptions.DEFAULT, key);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}, for {@code key[position, limit)}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @throws RocksDBException as {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[])}
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key) throws RocksDBException {
        write(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, key, null);
    }

    /**
     * Deletes every key in {@code [beginKey, endKey)} of {@code columnFamily}
     * with one range tombstone (cheap to write; reads skip the range).
     * Otherwise as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[])}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param beginKey the first key deleted (inclusive); not null
     * @param endKey the key the range stops before (exclusive); not null
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if endKey sorts before beginKey
     */
    public void deleteRange(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] beginKey, byte[] endKey)
            throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Objects.requireNonNull(beginKey, "beginKey");
        Objects.requireNonNull(endKey, "endKey");
        CallContext c = db.enter();
        try {
            writes.deleteRange(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), writeOptions.flags(), beginKey, endKey);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[], byte[])}, default family and options.
     *
     * @param beginKey the first key deleted (inclusive); not null
     * @param endKey the key the range stops before (exclusive); not null
     * @throws RocksDBException as {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[],
     *         byte[])}
     */
    public void deleteRange(byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(null, WriteOptions.DEFAULT, beginKey, endKey);
    }

    /**
     * As {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[], byte[])}, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param beginKey the first key deleted (inclusive); not null
     * @param endKey the key the range stops before (exclusive); not null
     * @throws RocksDBException as {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[],
     *         byte[])}
     */
    public void deleteRange(ColumnFamilyHandle columnFamily, byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(columnFamily, WriteOptions.DEFAULT, beginKey, endKey);
    }

    /**
     * As {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[], byte[])}, default family.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param beginKey the first key deleted (inclusive); not null
     * @param endKey the key the range stops before (exclusive); not null
     * @throws RocksDBException as {@link #deleteRange(ColumnFamilyHandle, WriteOptions, byte[],
     *         byte[])}
     */
    public void deleteRange(WriteOptions writeOptions, byte[] beginKey, byte[] endKey) throws RocksDBException {
        deleteRange(null, writeOptions, beginKey, endKey);
    }

    /**
     * Applies every update of {@code batch} atomically, in one crossing (the
     * batch is serialized in RocksDB's own format as it is filled); the batch
     * is left as it was and can be reused. The batch is locked meanwhile, so
     * other threads cannot change it under the write.
     *
     * @param writeOptions the write options (sync, write-ahead log, slowdown); not null
     * @param batch the updates to apply; not null, unchanged by the write
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
                writes.writeBatch(c, writeOptions.flags(), batch.serializedFor(db), batch.walTerminationSize(),
                        batch.walTerminationCount(), batch.mayHoldMerge());
            } finally {
                db.exit(c);
            }
        }
    }

    /**
     * Applies every update of an indexed batch atomically, as
     * {@link #write(WriteOptions, WriteBatch)}; the batch is left as it was.
     *
     * @param writeOptions durability and flow control of the write
     * @param batch the updates
     * @throws IllegalArgumentException if the batch holds updates of column
     *         families of another DB
     * @throws IllegalStateException if the batch or the DB is closed
     * @throws RocksDBException with RocksDB's status if the engine refuses the write
     */
    public void write(WriteOptions writeOptions, WriteBatchWithIndex batch) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Objects.requireNonNull(batch, "batch");
        batch.writeTo(this, db, writeOptions.flags());
    }

    // the three write paths behind every overload

    private void write(Writes.Op op, ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key,
                       int keyOffset, int keyLength, byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.checkRange(key, keyOffset, keyLength, "key");
        if (op.hasValue()) Bytes.checkRange(value, valueOffset, valueLength, "value");
        CallContext c = db.enter();
        try {
            writes.write(c, op, ColumnFamilyHandle.nativeHandle(columnFamily, db), writeOptions.flags(), key, keyOffset, keyLength,
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
            writes.write(c, op, ColumnFamilyHandle.nativeHandle(columnFamily, db), writeOptions.flags(), key, value);
        } finally {
            db.exit(c);
        }
    }

    /** RocksJava's buffer writes: [position, limit) of each, which moves to its limit. */
    private void write(Writes.Op op, ColumnFamilyHandle columnFamily, WriteOptions writeOptions, ByteBuffer key,
                       ByteBuffer value) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.input(key, "key");
        if (op.hasValue()) Bytes.input(value, "value");
        CallContext c = db.enter();
        try {
            writes.write(c, op, ColumnFamilyHandle.nativeHandle(columnFamily, db), writeOptions.flags(), key, value);
        } finally {
            db.exit(c);
        }
        key.position(key.limit());
        if (op.hasValue()) value.position(value.limit());
    }

    // ---- user-defined timestamps: writes at a timestamp ----------------------

    /**
     * Writes {@code value} under {@code key} at {@code timestamp}, in a column
     * family with user-defined timestamps (its comparator one of
     * {@link BuiltinComparator}'s {@code _WITH_U64_TS}): a new version of the
     * key, which reads as of {@code timestamp} or later see
     * ({@link ReadOptions#setTimestamp(long)}) and earlier ones do not. The
     * key is the key alone; RocksDB keeps the timestamp beside it. Versions
     * are expected at increasing timestamps per key; RocksDB does not check
     * (a version written at an older timestamp after a newer one is seen only
     * by reads between the two).
     *
     * <p>Such a family refuses the writes without a timestamp
     * ({@link #put(ColumnFamilyHandle, WriteOptions, byte[], byte[])} and the
     * others, and {@link #write write batches}), and a family without
     * timestamps refuses these, with RocksDB's {@code InvalidArgument}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options; not null
     * @param key the key; not null
     * @param timestamp the version's timestamp, 0 to {@link Long#MAX_VALUE}
     * @param value the value; not null
     * @throws NullPointerException if writeOptions, key or value is null
     * @throws IllegalArgumentException if timestamp is negative, or columnFamily
     *         belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException {@link Status.Code#InvalidArgument} on a family
     *         without timestamps; otherwise as
     *         {@link #put(ColumnFamilyHandle, WriteOptions, byte[], int, int, byte[], int, int)}
     */
    public void put(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, long timestamp,
                    byte[] value) throws RocksDBException {
        writeAt(Writes.Op.PUT, columnFamily, writeOptions, key, timestamp, value);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}, default write options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @param timestamp the version's timestamp, 0 to {@link Long#MAX_VALUE}
     * @param value the value; not null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     */
    public void put(ColumnFamilyHandle columnFamily, byte[] key, long timestamp, byte[] value) throws RocksDBException {
        put(columnFamily, WriteOptions.DEFAULT, key, timestamp, value);
    }

    /**
     * Merges {@code value} into {@code key} at {@code timestamp} with the
     * family's merge operator, as
     * {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     * writes a value: a read as of a timestamp merges the operands written at
     * or below it onto the newest value there.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options; not null
     * @param key the key; not null
     * @param timestamp the operand's timestamp, 0 to {@link Long#MAX_VALUE}
     * @param value the operand; not null
     * @throws NullPointerException if writeOptions, key or value is null
     * @throws IllegalArgumentException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     */
    public void merge(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, long timestamp,
                      byte[] value) throws RocksDBException {
        writeAt(Writes.Op.MERGE, columnFamily, writeOptions, key, timestamp, value);
    }

    /**
     * Deletes {@code key} at {@code timestamp}: reads as of {@code timestamp}
     * or later find no value (until a newer version), earlier ones still see
     * the versions before it. As
     * {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options; not null
     * @param key the key; not null
     * @param timestamp the deletion's timestamp, 0 to {@link Long#MAX_VALUE}
     * @throws NullPointerException if writeOptions or key is null
     * @throws IllegalArgumentException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     */
    public void delete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, long timestamp)
            throws RocksDBException {
        writeAt(Writes.Op.DELETE, columnFamily, writeOptions, key, timestamp, null);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, WriteOptions, byte[], long)}, default write options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @param timestamp the deletion's timestamp, 0 to {@link Long#MAX_VALUE}
     * @throws RocksDBException as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[], long)}
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[] key, long timestamp) throws RocksDBException {
        delete(columnFamily, WriteOptions.DEFAULT, key, timestamp);
    }

    /**
     * {@link #singleDelete(ColumnFamilyHandle, WriteOptions, byte[]) singleDelete}
     * at {@code timestamp}: as
     * {@link #delete(ColumnFamilyHandle, WriteOptions, byte[], long)}, for a key
     * written once since its last deletion (RocksDB's contract; otherwise the
     * outcome is undefined).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options; not null
     * @param key the key; not null
     * @param timestamp the deletion's timestamp, 0 to {@link Long#MAX_VALUE}
     * @throws NullPointerException if writeOptions or key is null
     * @throws IllegalArgumentException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key, long timestamp)
            throws RocksDBException {
        writeAt(Writes.Op.SINGLE_DELETE, columnFamily, writeOptions, key, timestamp, null);
    }

    /**
     * Deletes the keys in [{@code beginKey}, {@code endKey}) at
     * {@code timestamp}, as {@link #delete(ColumnFamilyHandle, WriteOptions, byte[], long)}
     * deletes one. The bounds are keys alone.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param writeOptions the write options; not null
     * @param beginKey the first key deleted; not null
     * @param endKey the first key kept; not null
     * @param timestamp the deletion's timestamp, 0 to {@link Long#MAX_VALUE}
     * @throws NullPointerException if writeOptions, beginKey or endKey is null
     * @throws IllegalArgumentException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
     */
    public void deleteRange(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] beginKey, byte[] endKey,
                            long timestamp) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Objects.requireNonNull(beginKey, "beginKey");
        Objects.requireNonNull(endKey, "endKey");
        Timestamps.check(timestamp, "timestamp");
        CallContext c = db.enter();
        try {
            Timestamps.deleteRange(db.handle(), c, ColumnFamilyHandle.nativeHandle(columnFamily, db), writeOptions.flags(), beginKey, endKey,
                    timestamp);
        } finally {
            db.exit(c);
        }
    }

    /** value null: a deletion */
    private void writeAt(Writes.Op op, ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key,
                         long timestamp, byte[] value) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Objects.requireNonNull(key, "key");
        if (op.hasValue()) Objects.requireNonNull(value, "value");
        Timestamps.check(timestamp, "timestamp");
        CallContext c = db.enter();
        try {
            Timestamps.write(db.handle(), c, op, ColumnFamilyHandle.nativeHandle(columnFamily, db), writeOptions.flags(), key, timestamp, value);
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
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @return a new array holding the value, or {@code null} if the key is absent
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
        Object timed = Jfr.beginRead(slowReadSampling);
        CallContext c = db.enter();
        byte[] v;
        try {
            v = reads.get(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key, 0, key.length),
                    key.length);
        } finally {
            db.exit(c);
        }
        if (timed != null) endRead(timed, columnFamily, key.length, v == null ? NOT_FOUND : v.length);
        return v;
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options.
     *
     * @param key the key; not null
     * @return a new array holding the value, or {@code null} if the key is absent
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public byte[] get(byte[] key) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @return a new array holding the value, or {@code null} if the key is absent
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public byte[] get(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @return a new array holding the value, or {@code null} if the key is absent
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public byte[] get(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return get(null, readOptions, key);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}, for {@code key[offset, offset + len)}.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param readOptions the read options
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @return the value, or null if absent
     * @throws IndexOutOfBoundsException if the range lies outside the array
     * @throws RocksDBException as the main overload
     */
    public byte[] get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, int offset, int len)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.checkRange(key, offset, len, "key");
        Object timed = Jfr.beginRead(slowReadSampling);
        CallContext c = db.enter();
        byte[] v;
        try {
            v = reads.get(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key, offset, len), len);
        } finally {
            db.exit(c);
        }
        if (timed != null) endRead(timed, columnFamily, len, v == null ? NOT_FOUND : v.length);
        return v;
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default family and options.
     *
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @return the value, or null if absent
     * @throws RocksDBException as the main overload
     */
    public byte[] get(byte[] key, int offset, int len) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, offset, len);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @return the value, or null if absent
     * @throws RocksDBException as the main overload
     */
    public byte[] get(ColumnFamilyHandle columnFamily, byte[] key, int offset, int len) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key, offset, len);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default family.
     *
     * @param readOptions the read options
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @return the value, or null if absent
     * @throws RocksDBException as the main overload
     */
    public byte[] get(ReadOptions readOptions, byte[] key, int offset, int len) throws RocksDBException {
        return get(null, readOptions, key, offset, len);
    }

    // ---- user-defined timestamps: reads with the version's timestamp ----------

    /**
     * The value of {@code key} as of {@code readOptions}' read timestamp
     * ({@link ReadOptions#setTimestamp(long)}, required), with the timestamp
     * of the version found: the newest at or below the read timestamp. For
     * column families with user-defined timestamps (see
     * {@link BuiltinComparator}). One crossing for values up to the thread's
     * scratch size, two for a larger one (then both answers come from the
     * second read).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options, with a read timestamp; not null
     * @param key the key; not null
     * @return the value and its timestamp, or null if the key has no value then
     * @throws NullPointerException if readOptions or key is null
     * @throws IllegalArgumentException if columnFamily or readOptions' snapshot
     *         belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException {@link Status.Code#InvalidArgument} without a
     *         read timestamp, on a family without timestamps, or below the
     *         family's {@linkplain #getFullHistoryTsLow full-history bound}
     */
    public TimestampedValue getWithTimestamp(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Objects.requireNonNull(key, "key");
        CallContext c = db.enter();
        try {
            byte[] value = Timestamps.get(db.handle(), c, ColumnFamilyHandle.nativeHandle(columnFamily, db),
                    readOptions.nativeHandle(c), key);
            return value == null ? null : new TimestampedValue(value, Timestamps.timestampRead(c));
        } finally {
            db.exit(c);
        }
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
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null, read from {@code keyOffset}
     * @param keyOffset where the key starts in {@code key}
     * @param keyLength the key's length in bytes
     * @param value receives a copy of the value (or its first bytes), from {@code valueOffset}
     * @param valueOffset where the copy starts in {@code value}
     * @param valueLength at most this many bytes of the value are copied
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws IndexOutOfBoundsException if a range lies outside its array
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public int get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, int keyOffset, int keyLength,
                   byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.checkRange(key, keyOffset, keyLength, "key");
        Bytes.checkRange(value, valueOffset, valueLength, "value");
        Object timed = Jfr.beginRead(slowReadSampling);
        CallContext c = db.enter();
        long size;
        try {
            MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, db);
            size = CriticalCalls.ENABLED && readOptions.readTier() == ReadTier.READ_ALL_TIER
                    ? reads.getCritical(c, cf, readOptions.memoryOnlyHandle(c), key, keyOffset, keyLength, value, valueOffset, valueLength)
                    : Long.MIN_VALUE;
            if (size == Long.MIN_VALUE) {
                size = reads.get(c, cf, readOptions.nativeHandle(c), Staging.key(c, key, keyOffset, keyLength),
                        keyLength, value, valueOffset, valueLength);
            }
        } finally {
            db.exit(c);
        }
        if (timed != null) endRead(timed, columnFamily, keyLength, size);
        return saturate(size);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family and options.
     *
     * @param key the key; not null
     * @param value receives a copy of the value (or its first bytes)
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public int get(byte[] key, byte[] value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param key the key; not null
     * @param value receives a copy of the value (or its first bytes)
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public int get(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param value receives a copy of the value (or its first bytes)
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public int get(ReadOptions readOptions, byte[] key, byte[] value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, whole arrays.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param value receives a copy of the value (or its first bytes)
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public int get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, byte[] value)
            throws RocksDBException {
        Bytes.key(key);
        Bytes.value(value);
        return get(columnFamily, readOptions, key, 0, key.length, value, 0, value.length);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null, read from {@code keyOffset}
     * @param keyOffset where the key starts in {@code key}
     * @param keyLength the key's length in bytes
     * @param value receives a copy of the value (or its first bytes), from {@code valueOffset}
     * @param valueOffset where the copy starts in {@code value}
     * @param valueLength at most this many bytes of the value are copied
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int,
     *         byte[], int, int)}
     */
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
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value receives a copy of the value (or its first {@code value.byteSize()} bytes);
     *         writable
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws IllegalArgumentException if value is read-only
     * @throws IllegalStateException if a segment's arena is closed
     * @throws WrongThreadException if a segment is confined to another thread
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int,
     *         byte[], int, int)}
     */
    public long get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, MemorySegment key, MemorySegment value)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        Bytes.output(value, "value");
        Object timed = Jfr.beginRead(slowReadSampling);
        CallContext c = db.enter();
        long size;
        try {
            size = reads.get(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key), key.byteSize(),
                    value);
        } finally {
            db.exit(c);
        }
        if (timed != null) endRead(timed, columnFamily, key.byteSize(), size);
        return size;
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, MemorySegment, MemorySegment)}, default family and options.
     *
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value receives a copy of the value (or its first {@code value.byteSize()} bytes);
     *         writable
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, MemorySegment,
     *         MemorySegment)}
     */
    public long get(MemorySegment key, MemorySegment value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, MemorySegment, MemorySegment)}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param value receives a copy of the value (or its first {@code value.byteSize()} bytes);
     *         writable
     * @return the value's full size in bytes, or {@link #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, MemorySegment,
     *         MemorySegment)}
     */
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
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value receives the value from its position; its limit is set to the end of the bytes
     *         copied
     * @return the value's full size in bytes (at most {@link Integer#MAX_VALUE}), or {@link
     *         #NOT_FOUND}
     * @throws IllegalArgumentException if value is read-only
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public int get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.input(key, "key");
        Bytes.output(value, "value");
        long keyLength = key.remaining(); // before the read: a read may not move it, but say what was asked
        Object timed = Jfr.beginRead(slowReadSampling);
        CallContext c = db.enter();
        int size;
        try {
            size = reads.get(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), key, value);
        } finally {
            db.exit(c);
        }
        if (timed != null) endRead(timed, columnFamily, keyLength, size);
        return size;
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, ByteBuffer, ByteBuffer)}, default family and options.
     *
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value receives the value from its position; its limit is set to the end of the bytes
     *         copied
     * @return the value's full size in bytes (at most {@link Integer#MAX_VALUE}), or {@link
     *         #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, ByteBuffer,
     *         ByteBuffer)}
     */
    public int get(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, ByteBuffer, ByteBuffer)}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value receives the value from its position; its limit is set to the end of the bytes
     *         copied
     * @return the value's full size in bytes (at most {@link Integer#MAX_VALUE}), or {@link
     *         #NOT_FOUND}
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, ByteBuffer,
     *         ByteBuffer)}
     */
    public int get(ReadOptions readOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return get(null, readOptions, key, value);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, default family and options.
     *
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param value the buffer
     * @param vOffset where the value goes
     * @param vLen room for it
     * @return the value's full size, or {@link #NOT_FOUND}
     * @throws RocksDBException as the main overload
     */
    public int get(byte[] key, int offset, int len, byte[] value, int vOffset, int vLen) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, offset, len, value, vOffset, vLen);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], int, int, byte[], int, int)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param value the buffer
     * @param vOffset where the value goes
     * @param vLen room for it
     * @return the value's full size, or {@link #NOT_FOUND}
     * @throws RocksDBException as the main overload
     */
    public int get(ColumnFamilyHandle columnFamily, byte[] key, int offset, int len, byte[] value, int vOffset,
                   int vLen) throws RocksDBException {
        return get(columnFamily, ReadOptions.DEFAULT, key, offset, len, value, vOffset, vLen);
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
     * @param <T> the type of what the reader returns
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param reader called once with the value, valid only during the call; not called if the key is
     *         absent
     * @return what the reader returned, or {@code null} if the key is absent
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
            return reads.get(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key, 0, key.length),
                    key.length, reader);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}, default family and options.
     *
     * @param <T> the type of what the reader returns
     * @param key the key; not null
     * @param reader called once with the value, valid only during the call; not called if the key is
     *         absent
     * @return what the reader returned, or {@code null} if the key is absent
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}
     */
    public <T> T get(byte[] key, Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        return get(null, ReadOptions.DEFAULT, key, reader);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}, default family.
     *
     * @param <T> the type of what the reader returns
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param reader called once with the value, valid only during the call; not called if the key is
     *         absent
     * @return what the reader returned, or {@code null} if the key is absent
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}
     */
    public <T> T get(ReadOptions readOptions, byte[] key, Function<? super MemorySegment, ? extends T> reader)
            throws RocksDBException {
        return get(null, readOptions, key, reader);
    }

    /**
     * As {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}, for a segment key (read in place if native).
     *
     * @param <T> the type of what the reader returns
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @param reader called once with the value, valid only during the call; not called if the key is
     *         absent
     * @return what the reader returned, or {@code null} if the key is absent
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)}
     */
    public <T> T get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, MemorySegment key,
                     Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        Objects.requireNonNull(reader, "reader");
        CallContext c = db.enter();
        try {
            return reads.get(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key), key.byteSize(),
                    reader);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Reads {@code key} without copying: the value stays pinned in RocksDB's
     * memory until the returned {@link PinnedValue} is closed; null if the key
     * is absent. The value belongs to the calling thread (see
     * {@link PinnedValue} for its lifetime and threads). The pin comes from
     * a pool of the calling thread; the value and the confined arena its
     * view lives in cost up to about 230 bytes on the heap; the scoped read
     * {@link #get(ColumnFamilyHandle, ReadOptions, byte[], Function)} is the
     * allocation-free zero-copy form.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @return the pinned value (close it when done), or {@code null} if the key is absent
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedValue getPinned(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return PinnedValue.lend(this, c, reads.getPinned(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c),
                    Staging.key(c, key, 0, key.length), key.length));
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options.
     *
     * @param key the key; not null
     * @return the pinned value (close it when done), or {@code null} if the key is absent
     * @throws RocksDBException as {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedValue getPinned(byte[] key) throws RocksDBException {
        return getPinned(null, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @return the pinned value (close it when done), or {@code null} if the key is absent
     * @throws RocksDBException as {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedValue getPinned(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return getPinned(null, readOptions, key);
    }

    /**
     * As {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}, for a segment key (read in place if native).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @return the pinned value (close it when done), or {@code null} if the key is absent
     * @throws RocksDBException as {@link #getPinned(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedValue getPinned(ColumnFamilyHandle columnFamily, ReadOptions readOptions, MemorySegment key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        CallContext c = db.enter();
        try {
            return PinnedValue.lend(this, c, reads.getPinned(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c),
                    Staging.key(c, key), key.byteSize()));
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #getPinned(ColumnFamilyHandle, ReadOptions, MemorySegment)}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key's bytes, all of the segment (native: read in place; heap: copied once)
     * @return the pinned value (close it when done), or {@code null} if the key is absent
     * @throws RocksDBException as {@link #getPinned(ColumnFamilyHandle, ReadOptions, MemorySegment)}
     */
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
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param buffer a writable native segment that receives a value small enough to fit
     * @return the value, copied into {@code buffer} or pinned (close it either way), or {@code null}
     *         if the key is absent
     * @throws IllegalArgumentException if buffer is a heap or read-only segment
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedValue getAdaptive(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                                   MemorySegment buffer) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Bytes.output(buffer, "buffer");
        if (!CallerMemory.inPlace(buffer)) {
            // the engine writes into it; a file truncated under a mapping would fault inside the engine
            throw new IllegalArgumentException("buffer must be a native segment, not one mapped from a file");
        }
        CallContext c = db.enter();
        try {
            PinSlot slot = reads.getAdaptive(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c),
                    Staging.key(c, key, 0, key.length), key.length, buffer);
            if (slot == null || c.valuePinned()) return PinnedValue.lend(this, c, slot);
            return new PinnedValue(this, buffer.asSlice(0, c.valueSize()).asReadOnly());
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #getAdaptive(ColumnFamilyHandle, ReadOptions, byte[], MemorySegment)}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param buffer a writable native segment that receives a value small enough to fit
     * @return the value, copied into {@code buffer} or pinned (close it either way), or {@code null}
     *         if the key is absent
     * @throws RocksDBException as {@link #getAdaptive(ColumnFamilyHandle, ReadOptions, byte[],
     *         MemorySegment)}
     */
    public PinnedValue getAdaptive(ReadOptions readOptions, byte[] key, MemorySegment buffer) throws RocksDBException {
        return getAdaptive(null, readOptions, key, buffer);
    }

    /**
     * Values up to this many bytes are copied by the adaptive reads; larger
     * ones are pinned (set with {@link DBOptionsInterface#setAdaptiveReadThreshold}).
     *
     * @return the threshold in bytes
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
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param columnFamilies the family of each key (same size as {@code keys}); a null element means
     *         the default one
     * @param keys the keys to read, in order; none null
     * @return one value per key, in key order; {@code null} for an absent key
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
        Reads.checkFamiliesAndKeys(familyList, keyList);
        CallContext c = db.enter();
        try {
            List<MemorySegment> handles = new ArrayList<>(keyList.size());
            for (ColumnFamilyHandle h : familyList) handles.add(ColumnFamilyHandle.nativeHandle(h, db));
            return reads.multiGetAsList(c, handles, readOptions.nativeHandle(c), keyList);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #multiGetAsList(ReadOptions, List, List)}, every key in the default family, default options.
     *
     * @param keys the keys to read, in order; none null
     * @return one value per key, in key order; {@code null} for an absent key
     * @throws RocksDBException as {@link #multiGetAsList(ReadOptions, List, List)}
     */
    public List<byte[]> multiGetAsList(List<byte[]> keys) throws RocksDBException {
        return multiGetAsList(ReadOptions.DEFAULT, keys);
    }

    /**
     * As {@link #multiGetAsList(ReadOptions, List, List)}, every key in the default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param keys the keys to read, in order; none null
     * @return one value per key, in key order; {@code null} for an absent key
     * @throws RocksDBException as {@link #multiGetAsList(ReadOptions, List, List)}
     */
    public List<byte[]> multiGetAsList(ReadOptions readOptions, List<byte[]> keys) throws RocksDBException {
        Objects.requireNonNull(keys, "keys");
        return multiGetAsList(readOptions, Collections.nCopies(keys.size(), null), keys);
    }

    /**
     * As {@link #multiGetAsList(ReadOptions, List, List)}, default options.
     *
     * @param columnFamilies the family of each key (same size as {@code keys}); a null element means
     *         the default one
     * @param keys the keys to read, in order; none null
     * @return one value per key, in key order; {@code null} for an absent key
     * @throws RocksDBException as {@link #multiGetAsList(ReadOptions, List, List)}
     */
    public List<byte[]> multiGetAsList(List<ColumnFamilyHandle> columnFamilies, List<byte[]> keys) throws RocksDBException {
        return multiGetAsList(ReadOptions.DEFAULT, columnFamilies, keys);
    }

    /**
     * A reusable batch for MultiGet over {@code columnFamily} ({@code null}:
     * the default one) that allocates nothing per execution, copying into one
     * buffer of yours or leaving values pinned (see {@link MultiGet}). It
     * belongs to the calling thread.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @return a new, empty batch; close it when done
     */
    public MultiGet newMultiGet(ColumnFamilyHandle columnFamily) {
        CallContext c = db.enter();
        try {
            if (columnFamily != null) ColumnFamilyHandle.nativeHandle(columnFamily, db); // checked now, kept by the batch
            return new MultiGet(this, db, c, columnFamily);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #newMultiGet(ColumnFamilyHandle)}, for the default family.
     *
     * @return a new, empty batch; close it when done
     */
    public MultiGet newMultiGet() {
        return newMultiGet(null);
    }

    /**
     * Whether {@code key} is present in {@code columnFamily}: a definite
     * answer from a real read that copies nothing.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public boolean exists(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.exists(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key, 0, key.length),
                    key.length);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #exists(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options.
     *
     * @param key the key; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as {@link #exists(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public boolean exists(byte[] key) throws RocksDBException {
        return exists(null, ReadOptions.DEFAULT, key);
    }

    /**
     * RocksDB's cheap, memory-only probe: false means the key is certainly
     * absent; true means it may be present (bloom filters can be wrong this
     * way). When the value happened to be in memory, {@code valueHolder} (if
     * not null) receives it, else null.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param valueHolder if not null, receives the value when the probe found it in memory (else its
     *         value is set to null)
     * @return {@code false} if the key is certainly absent; {@code true} if it may be present
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public boolean keyMayExist(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                               Holder<byte[]> valueHolder) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return reads.keyMayExist(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key, 0,
                    key.length), key.length,
                    valueHolder == null ? null : valueHolder::setValue);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)}, default family and options, no value.
     *
     * @param key the key; not null
     * @return {@code false} if the key is certainly absent; {@code true} if it may be present
     * @throws RocksDBException as {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[],
     *         Holder)}
     */
    public boolean keyMayExist(byte[] key) throws RocksDBException {
        return keyMayExist(null, ReadOptions.DEFAULT, key, null);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key; not null
     * @param valueHolder if not null, receives the value when the probe found it in memory (else its
     *         value is set to null)
     * @return {@code false} if the key is certainly absent; {@code true} if it may be present
     * @throws RocksDBException as {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[],
     *         Holder)}
     */
    public boolean keyMayExist(ReadOptions readOptions, byte[] key, Holder<byte[]> valueHolder) throws RocksDBException {
        return keyMayExist(null, readOptions, key, valueHolder);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)}, default family and options.
     *
     * @param key the key
     * @param valueHolder receives the value if it happened to be in memory, else null; may be null
     * @return false if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(byte[] key, Holder<byte[]> valueHolder) throws RocksDBException {
        return keyMayExist(null, ReadOptions.DEFAULT, key, valueHolder);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key
     * @param valueHolder receives the value if it happened to be in memory, else null; may be null
     * @return false if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(ColumnFamilyHandle columnFamily, byte[] key, Holder<byte[]> valueHolder)
            throws RocksDBException {
        return keyMayExist(columnFamily, ReadOptions.DEFAULT, key, valueHolder);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)},
     * for {@code key[offset, offset + len)}.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param readOptions the read options
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param valueHolder receives the value if it happened to be in memory, else null; may be null
     * @return false if the key is certainly absent
     * @throws IndexOutOfBoundsException if the range lies outside the array
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, int offset, int len,
                               Holder<byte[]> valueHolder) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.checkRange(key, offset, len, "key");
        CallContext c = db.enter();
        try {
            return reads.keyMayExist(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key, offset,
                    len),
                    len,
                    valueHolder == null ? null : valueHolder::setValue);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], int, int, Holder)}, default family and options.
     *
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param valueHolder receives the value if it happened to be in memory, else null; may be null
     * @return false if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(byte[] key, int offset, int len, Holder<byte[]> valueHolder) throws RocksDBException {
        return keyMayExist(null, ReadOptions.DEFAULT, key, offset, len, valueHolder);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], int, int, Holder)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param valueHolder receives the value if it happened to be in memory, else null; may be null
     * @return false if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(ColumnFamilyHandle columnFamily, byte[] key, int offset, int len,
                               Holder<byte[]> valueHolder) throws RocksDBException {
        return keyMayExist(columnFamily, ReadOptions.DEFAULT, key, offset, len, valueHolder);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], int, int, Holder)}, default family.
     *
     * @param readOptions the read options
     * @param key the key array
     * @param offset where the key starts
     * @param len the key's length
     * @param valueHolder receives the value if it happened to be in memory, else null; may be null
     * @return false if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(ReadOptions readOptions, byte[] key, int offset, int len, Holder<byte[]> valueHolder)
            throws RocksDBException {
        return keyMayExist(null, readOptions, key, offset, len, valueHolder);
    }

    /**
     * RocksJava's {@code multiGetByteBuffers}: reads {@code keys} (each
     * buffer's {@code [position, limit)}, left unmoved) with one batched
     * MultiGet per column family, and copies each found value into the
     * matching buffer of {@code values} from index 0, up to its capacity,
     * then flips it (position 0, limit the bytes written), as RocksJava does.
     * {@code columnFamilies} names one family per key, one for all keys, or
     * none (the default family). Per-key failures are statuses, not
     * exceptions. Unlike RocksJava, heap buffers work too.
     *
     * @param readOptions the read options
     * @param columnFamilies the families
     * @param keys the keys
     * @param values one buffer per key
     * @return one result per key, in order
     * @throws IllegalArgumentException if the lists' sizes do not match, a
     *         value buffer is read-only, or a family belongs to another DB
     * @throws IllegalStateException if the DB or a family is closed
     * @throws RocksDBException with RocksDB's status if the engine fails the whole call
     */
    public List<ByteBufferGetStatus> multiGetByteBuffers(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies,
                                                         List<ByteBuffer> keys, List<ByteBuffer> values)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        List<ColumnFamilyHandle> familyList = new ArrayList<>(Objects.requireNonNull(columnFamilies, "columnFamilies"));
        List<ByteBuffer> keyList = new ArrayList<>(Objects.requireNonNull(keys, "keys"));
        List<ByteBuffer> valueList = new ArrayList<>(Objects.requireNonNull(values, "values"));
        int n = keyList.size();
        if (valueList.size() != n) {
            throw new IllegalArgumentException("For each key there must be a corresponding value: " + n + " keys, "
                    + valueList.size() + " values");
        }
        if (familyList.size() > 1 && familyList.size() != n) {
            throw new IllegalArgumentException("columnFamilies must name one family for all keys or one per key: "
                    + familyList.size() + " families, " + n + " keys");
        }
        MemorySegment[] keySegments = new MemorySegment[n];
        for (int i = 0; i < n; i++) {
            keySegments[i] = Bytes.keyBuffer(Objects.requireNonNull(keyList.get(i), "keys must not contain null"), "key");
            Bytes.output(Objects.requireNonNull(valueList.get(i), "values must not contain null"), "value");
        }
        if (n == 0) return new ArrayList<>();
        CallContext c = db.enter();
        try {
            List<MemorySegment> handles = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                handles.add(ColumnFamilyHandle.nativeHandle(familyList.isEmpty() ? null : familyList.get(familyList.size() == 1 ? 0 : i), db));
            }
            int[] statuses = new int[n];
            int[] subcodes = new int[n];
            int[] sizes = new int[n];
            reads.multiGetByteBuffers(c, handles, readOptions.nativeHandle(c), keySegments, valueList, statuses, subcodes,
                    sizes);
            List<ByteBufferGetStatus> results = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                results.add(statuses[i] == Reads.OK ? new ByteBufferGetStatus(FOUND, sizes[i], valueList.get(i))
                        : new ByteBufferGetStatus(new Status(Status.Code.of(statuses[i]), Status.SubCode.of(subcodes[i]),
                                Status.Severity.NoError, null), 0, null));
            }
            return results;
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #multiGetByteBuffers(ReadOptions, List, List, List)}, default family and options.
     *
     * @param keys the keys
     * @param values one buffer per key
     * @return one result per key
     * @throws RocksDBException as {@link #multiGetByteBuffers(ReadOptions, List, List, List)}
     */
    public List<ByteBufferGetStatus> multiGetByteBuffers(List<ByteBuffer> keys, List<ByteBuffer> values)
            throws RocksDBException {
        return multiGetByteBuffers(ReadOptions.DEFAULT, List.of(), keys, values);
    }

    /**
     * As {@link #multiGetByteBuffers(ReadOptions, List, List, List)}, default family.
     *
     * @param readOptions the read options
     * @param keys the keys
     * @param values one buffer per key
     * @return one result per key
     * @throws RocksDBException as {@link #multiGetByteBuffers(ReadOptions, List, List, List)}
     */
    public List<ByteBufferGetStatus> multiGetByteBuffers(ReadOptions readOptions, List<ByteBuffer> keys,
                                                         List<ByteBuffer> values) throws RocksDBException {
        return multiGetByteBuffers(readOptions, List.of(), keys, values);
    }

    /**
     * As {@link #multiGetByteBuffers(ReadOptions, List, List, List)}, default options.
     *
     * @param columnFamilies the families
     * @param keys the keys
     * @param values one buffer per key
     * @return one result per key
     * @throws RocksDBException as {@link #multiGetByteBuffers(ReadOptions, List, List, List)}
     */
    public List<ByteBufferGetStatus> multiGetByteBuffers(List<ColumnFamilyHandle> columnFamilies, List<ByteBuffer> keys,
                                                         List<ByteBuffer> values) throws RocksDBException {
        return multiGetByteBuffers(ReadOptions.DEFAULT, columnFamilies, keys, values);
    }

    // ---- RocksJava's keyExists, and keyMayExist over ByteBuffers ----------------

    /**
     * RocksJava's {@code keyExists}: whether {@code key[offset, offset + len)}
     * is present in {@code columnFamily}, a definite answer (never a false
     * positive, unlike {@link #keyMayExist(byte[])}): a real read that copies
     * nothing, one crossing, as {@link #exists(ColumnFamilyHandle, ReadOptions, byte[])}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param key the key array; not null
     * @param offset where the key starts
     * @param len the key's length
     * @return {@code true} if the key is present
     * @throws IndexOutOfBoundsException if the range lies outside the array
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public boolean keyExists(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key, int offset, int len)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.checkRange(key, offset, len, "key");
        CallContext c = db.enter();
        try {
            return reads.exists(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key, offset, len),
                    len);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, the whole array.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param readOptions the read options; not null
     * @param key the key; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key)
            throws RocksDBException {
        return keyExists(columnFamily, readOptions, Bytes.key(key), 0, key.length);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default family and options.
     *
     * @param key the key; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(byte[] key) throws RocksDBException {
        return keyExists(null, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default family and options.
     *
     * @param key the key array; not null
     * @param offset where the key starts
     * @param len the key's length
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(byte[] key, int offset, int len) throws RocksDBException {
        return keyExists(null, ReadOptions.DEFAULT, key, offset, len);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        return keyExists(columnFamily, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key array; not null
     * @param offset where the key starts
     * @param len the key's length
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ColumnFamilyHandle columnFamily, byte[] key, int offset, int len)
            throws RocksDBException {
        return keyExists(columnFamily, ReadOptions.DEFAULT, key, offset, len);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default family.
     *
     * @param readOptions the read options; not null
     * @param key the key; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return keyExists(null, readOptions, key);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)}, default family.
     *
     * @param readOptions the read options; not null
     * @param key the key array; not null
     * @param offset where the key starts
     * @param len the key's length
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ReadOptions readOptions, byte[] key, int offset, int len) throws RocksDBException {
        return keyExists(null, readOptions, key, offset, len);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, byte[], int, int)},
     * for {@code key[position, limit)}; the key's position does not move (as
     * in RocksJava). Heap, direct and read-only buffers work.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param readOptions the read options; not null
     * @param key the key, from its position to its limit; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ColumnFamilyHandle columnFamily, ReadOptions readOptions, ByteBuffer key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.input(key, "key");
        CallContext c = db.enter();
        try {
            return reads.exists(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key), key
                    .remaining());
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, ByteBuffer)}, default family and options.
     *
     * @param key the key, from its position to its limit; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ByteBuffer key) throws RocksDBException {
        return keyExists(null, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, ByteBuffer)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key, from its position to its limit; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ColumnFamilyHandle columnFamily, ByteBuffer key) throws RocksDBException {
        return keyExists(columnFamily, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #keyExists(ColumnFamilyHandle, ReadOptions, ByteBuffer)}, default family.
     *
     * @param readOptions the read options; not null
     * @param key the key, from its position to its limit; not null
     * @return {@code true} if the key is present
     * @throws RocksDBException as the main overload
     */
    public boolean keyExists(ReadOptions readOptions, ByteBuffer key) throws RocksDBException {
        return keyExists(null, readOptions, key);
    }

    /**
     * RocksJava's {@code keyMayExist(key, value)}: RocksDB's memory-only probe
     * (as {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)})
     * for {@code key[position, limit)}, whose position moves to its limit.
     * When the value was found in memory, it is copied into {@code value} from
     * its position (as much as fits) and the answer is
     * {@link KeyMayExist.KeyMayExistEnum#kExistsWithValue} with the value's
     * full length; the value's limit becomes position + the bytes copied
     * (position when nothing was copied). Heap and direct buffers work.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param readOptions the read options; not null
     * @param key the key, from its position to its limit; not null
     * @param value receives the value from its position; not null, not read-only
     * @return the answer, with the value's full length when it came back
     * @throws NullPointerException if value is null (RocksJava: an assertion)
     * @throws IllegalArgumentException if value is read-only
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public KeyMayExist keyMayExist(ColumnFamilyHandle columnFamily, ReadOptions readOptions, ByteBuffer key,
                                   ByteBuffer value) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.input(key, "key");
        Bytes.output(value, "value");
        CallContext c = db.enter();
        try {
            int outcome = reads.keyMayExist(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c),
                    key, value);
            return switch (outcome) {
                case Reads.MAY_NOT_EXIST -> new KeyMayExist(KeyMayExist.KeyMayExistEnum.kNotExist, 0);
                case Reads.EXISTS_WITHOUT_VALUE -> new KeyMayExist(KeyMayExist.KeyMayExistEnum.kExistsWithoutValue, 0);
                default -> new KeyMayExist(KeyMayExist.KeyMayExistEnum.kExistsWithValue, outcome);
            };
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, ByteBuffer, ByteBuffer)}, default family and options.
     *
     * @param key the key, from its position to its limit; not null
     * @param value receives the value from its position; not null
     * @return the answer
     * @throws RocksDBException as the main overload
     */
    public KeyMayExist keyMayExist(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return keyMayExist(null, ReadOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, ByteBuffer, ByteBuffer)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key, from its position to its limit; not null
     * @param value receives the value from its position; not null
     * @return the answer
     * @throws RocksDBException as the main overload
     */
    public KeyMayExist keyMayExist(ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        return keyMayExist(columnFamily, ReadOptions.DEFAULT, key, value);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, ByteBuffer, ByteBuffer)}, default family.
     *
     * @param readOptions the read options; not null
     * @param key the key, from its position to its limit; not null
     * @param value receives the value from its position; not null
     * @return the answer
     * @throws RocksDBException as the main overload
     */
    public KeyMayExist keyMayExist(ReadOptions readOptions, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        return keyMayExist(null, readOptions, key, value);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, byte[], Holder)},
     * for {@code key[position, limit)}, whose position moves to its limit; no value.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param readOptions the read options; not null
     * @param key the key, from its position to its limit; not null
     * @return {@code false} if the key is certainly absent; {@code true} if it may be present
     * @throws RocksDBException as {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public boolean keyMayExist(ColumnFamilyHandle columnFamily, ReadOptions readOptions, ByteBuffer key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.input(key, "key");
        CallContext c = db.enter();
        try {
            boolean may = reads.keyMayExist(c, ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c, key),
                    key.remaining(), null);
            key.position(key.limit());
            return may;
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, ByteBuffer)}, default family and options.
     *
     * @param key the key, from its position to its limit; not null
     * @return {@code false} if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(ByteBuffer key) throws RocksDBException {
        return keyMayExist(null, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, ByteBuffer)}, default options.
     *
     * @param columnFamily the family ({@code null}: the default one)
     * @param key the key, from its position to its limit; not null
     * @return {@code false} if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(ColumnFamilyHandle columnFamily, ByteBuffer key) throws RocksDBException {
        return keyMayExist(columnFamily, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #keyMayExist(ColumnFamilyHandle, ReadOptions, ByteBuffer)}, default family.
     *
     * @param readOptions the read options; not null
     * @param key the key, from its position to its limit; not null
     * @return {@code false} if the key is certainly absent
     * @throws RocksDBException as the main overload
     */
    public boolean keyMayExist(ReadOptions readOptions, ByteBuffer key) throws RocksDBException {
        return keyMayExist(null, readOptions, key);
    }

    // =========================================================================
    // Wide columns
    // =========================================================================

    /**
     * Writes a wide-column entity under {@code key} in {@code columnFamily}
     * ({@code null}: the default one), replacing whatever the key held
     * (RocksDB's {@code PutEntity}). The columns may come in any order;
     * RocksDB stores them sorted by name. The default column (empty name) is
     * what a plain {@link #get(byte[]) get} of the key returns; an entity
     * without one reads as an empty value there. Key and columns are copied
     * once into the thread's native scratch, in one crossing.
     *
     * @param columnFamily the family; null for the default one
     * @param writeOptions durability, as for a put
     * @param key the key
     * @param columns the entity's columns (names distinct; the list may be empty)
     * @throws NullPointerException if an argument or a column is null
     * @throws IllegalArgumentException if two columns have one name, a name or
     *         value exceeds RocksDB's 4 GiB limit, or columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed, or a segment's arena is
     * @throws WrongThreadException if a segment is confined to another thread
     * @throws RocksDBException {@link Status.Code#NotSupported} on an engine
     *         before RocksDB 8.0 or a {@link TtlDB}, or as a put
     */
    public void putEntity(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, byte[] key,
                          List<WideColumn> columns) throws RocksDBException {
        putEntity(columnFamily, writeOptions, MemorySegment.ofArray(Bytes.key(key)), columns);
    }

    /**
     * As {@link #putEntity(ColumnFamilyHandle, WriteOptions, byte[], List)}, default family and options.
     *
     * @param key the key
     * @param columns the entity's columns
     * @throws RocksDBException as {@link #putEntity(ColumnFamilyHandle, WriteOptions, byte[], List)}
     */
    public void putEntity(byte[] key, List<WideColumn> columns) throws RocksDBException {
        putEntity(null, WriteOptions.DEFAULT, key, columns);
    }

    /**
     * As {@link #putEntity(ColumnFamilyHandle, WriteOptions, byte[], List)}, default options.
     *
     * @param columnFamily the family; null for the default one
     * @param key the key
     * @param columns the entity's columns
     * @throws RocksDBException as {@link #putEntity(ColumnFamilyHandle, WriteOptions, byte[], List)}
     */
    public void putEntity(ColumnFamilyHandle columnFamily, byte[] key, List<WideColumn> columns) throws RocksDBException {
        putEntity(columnFamily, WriteOptions.DEFAULT, key, columns);
    }

    /**
     * As {@link #putEntity(ColumnFamilyHandle, WriteOptions, byte[], List)}, for a segment key.
     *
     * @param columnFamily the family; null for the default one
     * @param writeOptions durability, as for a put
     * @param key the key (heap or native)
     * @param columns the entity's columns
     * @throws RocksDBException as {@link #putEntity(ColumnFamilyHandle, WriteOptions, byte[], List)}
     */
    public void putEntity(ColumnFamilyHandle columnFamily, WriteOptions writeOptions, MemorySegment key,
                          List<WideColumn> columns) throws RocksDBException {
        Objects.requireNonNull(writeOptions, "writeOptions");
        Bytes.segment(key, "key");
        Entities.checkedOrder(columns);
        CallContext c = db.enter();
        try {
            Entities.put(c, db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), writeOptions.flags(), key, columns);
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Reads the wide-column entity of {@code key} without copying: its
     * columns stay where RocksDB holds them (pinned) until the returned
     * {@link PinnedEntity} is closed; null if the key is absent. A plain value
     * reads as an entity with only the default column. The entity belongs
     * to the calling thread (see {@link PinnedEntity}).
     *
     * @param columnFamily the family; null for the default one
     * @param readOptions snapshot, read tier ...
     * @param key the key
     * @return the entity, or null
     * @throws NullPointerException if readOptions or key is null
     * @throws IllegalArgumentException if columnFamily or the snapshot belongs to another DB
     * @throws IllegalStateException if the DB, columnFamily or the snapshot is closed
     * @throws RocksDBException {@link Status.Code#NotSupported} on an engine
     *         before RocksDB 8.0 or a {@link TtlDB}; otherwise as
     *         {@link #get(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedEntity getEntity(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return Entities.getPinned(this, c, db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c),
                    Staging.key(c, key, 0, key.length), key.length, PinnedEntity::new);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options.
     *
     * @param key the key
     * @return the entity, or null
     * @throws RocksDBException as {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedEntity getEntity(byte[] key) throws RocksDBException {
        return getEntity(null, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}, default options.
     *
     * @param columnFamily the family; null for the default one
     * @param key the key
     * @return the entity, or null
     * @throws RocksDBException as {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedEntity getEntity(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        return getEntity(columnFamily, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}, for a segment key (read in place if native).
     *
     * @param columnFamily the family; null for the default one
     * @param readOptions snapshot, read tier ...
     * @param key the key
     * @return the entity, or null
     * @throws IllegalStateException if the key's arena is closed
     * @throws WrongThreadException if the key is confined to another thread
     * @throws RocksDBException as {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedEntity getEntity(ColumnFamilyHandle columnFamily, ReadOptions readOptions, MemorySegment key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(key, "key");
        CallContext c = db.enter();
        try {
            return Entities.getPinned(this, c, db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging
                    .key(c, key),
                    key.byteSize(), PinnedEntity::new);
        } finally {
            db.exit(c);
        }
    }

    /**
     * The wide-column entity of {@code key}, its columns copied to the heap
     * (sorted by name); null if the key is absent. Otherwise as
     * {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}.
     *
     * @param columnFamily the family; null for the default one
     * @param readOptions snapshot, read tier ...
     * @param key the key
     * @return the columns (an unmodifiable list), or null
     * @throws IllegalStateException if a column does not fit in a byte[] (2 GiB)
     * @throws RocksDBException as {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public List<WideColumn> getEntityColumns(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = db.enter();
        try {
            return Entities.getCopy(c, db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c), Staging.key(c,
                    key, 0,
                    key.length),
                    key.length);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #getEntityColumns(ColumnFamilyHandle, ReadOptions, byte[])}, default family and options.
     *
     * @param key the key
     * @return the columns, or null
     * @throws RocksDBException as {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public List<WideColumn> getEntityColumns(byte[] key) throws RocksDBException {
        return getEntityColumns(null, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #getEntityColumns(ColumnFamilyHandle, ReadOptions, byte[])}, default options.
     *
     * @param columnFamily the family; null for the default one
     * @param key the key
     * @return the columns, or null
     * @throws RocksDBException as {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public List<WideColumn> getEntityColumns(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        return getEntityColumns(columnFamily, ReadOptions.DEFAULT, key);
    }

    /**
     * As {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}, keeping
     * only the columns named in {@code columnNames}: the filter runs in the
     * native call, so only those columns are handed back (still zero-copy,
     * in the same one crossing). The empty name ({@link WideColumn#DEFAULT_NAME})
     * selects the default column; a name the entity lacks is skipped; a name
     * listed twice counts once. A key whose entity has none of them is found
     * with no columns (an empty {@link PinnedEntity}), not null.
     *
     * @param columnFamily the family; null for the default one
     * @param readOptions snapshot, read tier ...
     * @param key the key
     * @param columnNames the names of the columns to keep (copied first; may be empty: keep none)
     * @return the entity with the selected columns, or null if the key is absent
     * @throws NullPointerException if readOptions, key, columnNames or a name is null
     * @throws RocksDBException as {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[])}
     */
    public PinnedEntity getEntity(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key,
                                  List<byte[]> columnNames) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        byte[][] names = Entities.checkedNames(columnNames, false);
        CallContext c = db.enter();
        try {
            return Entities.getPinnedSelected(this, c, db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), readOptions.nativeHandle(c),
                    MemorySegment.ofArray(key), names, PinnedEntity::new);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Reads the wide-column entities of many keys in one batched call
     * (RocksDB's {@code MultiGetEntity}: one crossing, one consistent view,
     * batched block reads), without copying: key {@code i} is read in
     * {@code columnFamilies.get(i)}, and its outcome is entry {@code i} of the
     * result (duplicate keys each get theirs). Each found key's columns stay
     * where RocksDB holds them (pinned) until the returned
     * {@link PinnedEntities} is closed; an absent key and a key RocksDB failed
     * to read are reported by that key's {@link PinnedEntities#status(int) status}
     * (RocksDB's code, subcode and message), not by the call.
     *
     * <p>With {@code columnNames} non-null, only the columns so named are kept,
     * filtered in the native call as
     * {@link #getEntity(ColumnFamilyHandle, ReadOptions, byte[], List)} does;
     * null keeps every column. The lists are copied first, so the caller may
     * change them afterwards. The result belongs to the calling thread.
     *
     * @param readOptions snapshot, read tier ...
     * @param columnFamilies the family of each key (same size as {@code keys}); a null element means
     *         the default one
     * @param keys the keys, in order; none null (may be empty)
     * @param columnNames the names of the columns to keep, or null for all of them
     * @return one outcome per key, in key order; close it when done
     * @throws NullPointerException if readOptions, columnFamilies, keys, a key or a name is null
     * @throws IllegalArgumentException if the lists differ in size, or a family or the snapshot
     *         belongs to another DB
     * @throws IllegalStateException if the DB, a family or the snapshot is closed
     * @throws RocksDBException {@link Status.Code#NotSupported} on an engine before RocksDB 8.0
     *         or a {@link TtlDB}
     */
    public PinnedEntities multiGetEntity(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies,
                                         List<byte[]> keys, List<byte[]> columnNames) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Objects.requireNonNull(columnFamilies, "columnFamilies");
        ColumnFamilyHandle[] familyList = columnFamilies.toArray(new ColumnFamilyHandle[0]);
        byte[][] keyList = checkedKeys(keys);
        if (familyList.length != keyList.length) {
            throw new IllegalArgumentException("columnFamilies and keys differ in size: "
                    + familyList.length + " and " + keyList.length);
        }
        byte[][] names = Entities.checkedNames(columnNames, true);
        CallContext c = db.enter();
        try {
            MemorySegment[] handles = new MemorySegment[familyList.length];
            for (int i = 0; i < handles.length; i++) handles[i] = ColumnFamilyHandle.nativeHandle(familyList[i], db);
            return Entities.multiGet(this, c, db.handle(), MemorySegment.NULL, handles, readOptions.nativeHandle(c), keyList, names,
                    PinnedEntities::new);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #multiGetEntity(ReadOptions, List, List, List)}, every column.
     *
     * @param readOptions snapshot, read tier ...
     * @param columnFamilies the family of each key; a null element means the default one
     * @param keys the keys
     * @return one outcome per key; close it when done
     * @throws RocksDBException as {@link #multiGetEntity(ReadOptions, List, List, List)}
     */
    public PinnedEntities multiGetEntity(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies,
                                         List<byte[]> keys) throws RocksDBException {
        return multiGetEntity(readOptions, columnFamilies, keys, null);
    }

    /**
     * As {@link #multiGetEntity(ReadOptions, List, List, List)}, every key in {@code columnFamily}.
     *
     * @param columnFamily the family; null for the default one
     * @param readOptions snapshot, read tier ...
     * @param keys the keys
     * @param columnNames the names of the columns to keep, or null for all of them
     * @return one outcome per key; close it when done
     * @throws RocksDBException as {@link #multiGetEntity(ReadOptions, List, List, List)}
     */
    public PinnedEntities multiGetEntity(ColumnFamilyHandle columnFamily, ReadOptions readOptions,
                                         List<byte[]> keys, List<byte[]> columnNames) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        byte[][] keyList = checkedKeys(keys);
        byte[][] names = Entities.checkedNames(columnNames, true);
        CallContext c = db.enter();
        try {
            return Entities.multiGet(this, c, db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), null, readOptions.nativeHandle(c),
                    keyList, names,
                    PinnedEntities::new);
        } finally {
            db.exit(c);
        }
    }

    /**
     * As {@link #multiGetEntity(ReadOptions, List, List, List)}, every key in {@code columnFamily}, every column.
     *
     * @param columnFamily the family; null for the default one
     * @param readOptions snapshot, read tier ...
     * @param keys the keys
     * @return one outcome per key; close it when done
     * @throws RocksDBException as {@link #multiGetEntity(ReadOptions, List, List, List)}
     */
    public PinnedEntities multiGetEntity(ColumnFamilyHandle columnFamily, ReadOptions readOptions, List<byte[]> keys)
            throws RocksDBException {
        return multiGetEntity(columnFamily, readOptions, keys, null);
    }

    /**
     * As {@link #multiGetEntity(ReadOptions, List, List, List)}, every key in the default family,
     * every column, default options.
     *
     * @param keys the keys
     * @return one outcome per key; close it when done
     * @throws RocksDBException as {@link #multiGetEntity(ReadOptions, List, List, List)}
     */
    public PinnedEntities multiGetEntity(List<byte[]> keys) throws RocksDBException {
        return multiGetEntity(null, ReadOptions.DEFAULT, keys, null);
    }

    /** A copy of a batch's key list, checked: neither the list nor a key null. */
    private static byte[][] checkedKeys(List<byte[]> keys) {
        Objects.requireNonNull(keys, "keys");
        byte[][] out = keys.toArray(new byte[0][]);
        for (byte[] k : out) Objects.requireNonNull(k, "keys must not contain null");
        return out;
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
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @return a new iterator, not yet positioned (seek it first); close it when done
     * @throws IllegalArgumentException if the engine refuses the read options
     */
    public RocksIterator newIterator(ColumnFamilyHandle columnFamily, ReadOptions readOptions) {
        Objects.requireNonNull(readOptions, "readOptions");
        if (readOptions.tableFilter() != null) return newFilteredIterator(columnFamily, readOptions);
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment spec = panrocks_read_options_spec.allocate(arena);
            readOptions.fillSpec(db, spec, arena);
            int rc = panrocks_h.panrocks_iterator_create(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), spec, c.size, c.error);
            if (rc != 0) throw new IllegalArgumentException("cannot create an iterator: " + c.failure(rc).getMessage());
            return new RocksIterator(this, db, c, c.size.get(ValueLayout.ADDRESS, 0), columnFamily,
                    readOptions.iteratorsMayReadAhead());
        } finally {
            db.exit(c);
        }
    }

    /** bounds longer than this (together) are not kept in the thread's key buffer after the walk */
    private static final int LARGE_BOUNDS = 64 * 1024;

    /**
     * Reads the start of a key range in one crossing: an iterator over
     * [{@code lower}, {@code upper}) of {@code columnFamily} ({@code null}:
     * the default one) as of now (or of readOptions' snapshot), placed on the
     * range's first entry ({@code forward}) or last, whose entries go to
     * {@code visitor} in that order, at most {@code limit} of them and as many
     * as one crossing brings back (up to 256, or 128 KiB of small ones). For
     * the many ranges that end within that, this is the whole read: no
     * iterator is left to close, and it allocates no native memory. A
     * longer range is handed over: the result is an open iterator standing on
     * the first entry not visited, over the same view of the DB, to go on with
     * ({@link RocksIterator#scanForward}/{@link RocksIterator#scanBackward}
     * visit that entry first); it belongs to the calling thread, close it.
     *
     * <p>The visitor's segments are read-only views of the walk's copies,
     * valid only during its call (they throw afterwards). It returns false to
     * stop: the range is not read further, and the result is null. It may
     * read the DB (a nested walk gets memory of its own) but not close it.
     *
     * <p>{@code readOptions}' own bounds are ignored: {@code lower} and
     * {@code upper} replace them ({@code null}: open on that side).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param lower the inclusive lower bound, or {@code null}
     * @param upper the exclusive upper bound, or {@code null}
     * @param forward true: from the lower end up; false: from the upper end down
     * @param limit the most entries to visit in this call; positive
     * @param visitor called with each entry; returns false to stop
     * @return null when the range was read to its end or the visitor stopped;
     *         else an open iterator on the first entry not visited
     * @throws RocksDBException if the engine fails to read (I/O error, corruption)
     * @throws IllegalArgumentException if limit is not positive, or the engine refuses the read options
     */
    public RocksIterator scanRange(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] lower,
                                   byte[] upper, boolean forward, int limit, RocksIterator.EntryVisitor visitor)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Objects.requireNonNull(visitor, "visitor");
        if (limit < 1) throw new IllegalArgumentException("limit must be positive, was " + limit);
        if (readOptions.tableFilter() != null)
            return scanRangeFiltered(columnFamily, readOptions, lower, upper,
                    forward, limit, visitor);
        long lowerSize = lower == null ? 0 : lower.length;
        long upperSize = upper == null ? 0 : upper.length;
        CallContext c = db.enter();
        RangeWalkScratch w = null;
        MemorySegment handle = MemorySegment.NULL;
        try {
            MemorySegment options = readOptions.nativeHandle(c);
            // both bounds in the thread's key buffer, back to back (a zero-length bound still needs an address)
            MemorySegment bounds = c.keyBuffer(Math.max(1, lowerSize + upperSize));
            if (lower != null) MemorySegment.copy(lower, 0, bounds, ValueLayout.JAVA_BYTE, 0, lower.length);
            if (upper != null) MemorySegment.copy(upper, 0, bounds, ValueLayout.JAVA_BYTE, lowerSize, upper.length);
            w = c.takeRangeWalkScratch();
            // one more than the limit: the walk then stops on the first entry past it, uncopied
            int maxEntries = Math.min(limit, RangeWalkScratch.ENTRIES) + 1;
            int rc = panrocks_h.panrocks_iterator_walk_range(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), options,
                    lower == null ? MemorySegment.NULL : bounds, lowerSize,
                    upper == null ? MemorySegment.NULL : bounds.asSlice(lowerSize), upperSize,
                    forward ? panrocks_h.PANROCKS_FORWARD() : panrocks_h.PANROCKS_BACKWARD(), maxEntries,
                    RocksIterator.COPY_LIMIT, w.buffer, w.buffer.byteSize(), w.entries, w.count, w.iterator, c.error);
            if (rc != 0) {
                RocksDBException e = c.failure(rc);
                if (rc == panrocks_h.PANROCKS_INVALID_ARGUMENT()) {
                    throw new IllegalArgumentException("cannot read the range: " + e.getMessage(), e);
                }
                throw e;
            }
            long count = w.count.get(ValueLayout.JAVA_LONG, 0);
            handle = w.iterator.get(ValueLayout.ADDRESS, 0);
            boolean more = !MemorySegment.NULL.equals(handle);
            // with an iterator left, the last entry filled is where it stands: not visited here
            long visit = more ? count - 1 : count;
            for (long i = 0; i < visit; i++) {
                long at = i * RocksIterator.ENTRY;
                MemorySegment e = w.entries;
                long k = e.get(ValueLayout.JAVA_LONG, at + RocksIterator.KEY);
                long ks = e.get(ValueLayout.JAVA_LONG, at + RocksIterator.KEY_SIZE);
                long v = e.get(ValueLayout.JAVA_LONG, at + RocksIterator.VALUE);
                long vs = e.get(ValueLayout.JAVA_LONG, at + RocksIterator.VALUE_SIZE);
                if (!visitor.visit(w.views.view(k, ks), w.views.view(v, vs))) return null; // destroys the iterator
            }
            if (!more) return null;
            MemorySegment taken = handle;
            handle = MemorySegment.NULL; // the iterator owns it now (and releases it if its construction fails)
            RocksIterator it = new RocksIterator(this, db, c, taken, columnFamily, readOptions.iteratorsMayReadAhead());
            it.standOn(w.entries.asSlice((count - 1) * RocksIterator.ENTRY, RocksIterator.ENTRY));
            return it;
        } finally {
            if (!MemorySegment.NULL.equals(handle)) panrocks_h.panrocks_iterator_destroy(handle);
            if (w != null) c.returnRangeWalkScratch(w);
            // bounds of a size no key buffer should keep
            if (lowerSize + upperSize > LARGE_BOUNDS) c.trimScratch();
            db.exit(c);
        }
    }

    /** {@link #scanRange} with a table filter: an iterator of its own, walked with a scan. */
    private RocksIterator scanRangeFiltered(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] lower,
                                            byte[] upper, boolean forward, int limit,
                                            RocksIterator.EntryVisitor visitor) throws RocksDBException {
        ReadOptions bounded = new ReadOptions(readOptions).setIterateLowerBound(lower).setIterateUpperBound(upper);
        RocksIterator it = newIterator(columnFamily, bounded);
        boolean handOver = false;
        try {
            if (forward) it.seekToFirst();
            else it.seekToLast();
            long[] visited = {0};
            boolean[] stopped = {false};
            RocksIterator.EntryVisitor counting = (k, v) -> {
                if (visited[0] == limit) return false; // stands on the first entry not visited
                visited[0]++;
                if (visitor.visit(k, v)) return true;
                stopped[0] = true;
                return false;
            };
            if (forward) it.scanForward(counting);
            else it.scanBackward(counting);
            it.status();
            handOver = !stopped[0] && it.isValid();
            return handOver ? it : null;
        } finally {
            if (!handOver) it.close();
        }
    }

    /**
     * As {@link #newIterator(ColumnFamilyHandle, ReadOptions)}, default family and options.
     *
     * @return a new iterator, not yet positioned (seek it first); close it when done
     */
    public RocksIterator newIterator() {
        return newIterator(null, ReadOptions.DEFAULT);
    }

    /**
     * As {@link #newIterator(ColumnFamilyHandle, ReadOptions)}, default family.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @return a new iterator, not yet positioned (seek it first); close it when done
     */
    public RocksIterator newIterator(ReadOptions readOptions) {
        return newIterator(null, readOptions);
    }

    /**
     * As {@link #newIterator(ColumnFamilyHandle, ReadOptions)}, default options.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @return a new iterator, not yet positioned (seek it first); close it when done
     */
    public RocksIterator newIterator(ColumnFamilyHandle columnFamily) {
        return newIterator(columnFamily, ReadOptions.DEFAULT);
    }

    /**
     * A cursor that reads {@code columnFamily} ({@code null}: the default one)
     * in key order, within readOptions' iterate bounds, as zero-copy
     * {@link RecordBatch}es that any thread may read, forward and close.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @return a new cursor at the family's first key (or the lower bound); close it when done
     */
    public RecordCursor newRecordCursor(ColumnFamilyHandle columnFamily, ReadOptions readOptions) {
        Objects.requireNonNull(readOptions, "readOptions");
        if (!db.isOpen()) throw db.closed();
        if (columnFamily != null && !columnFamily.belongsTo(db)) {
            throw new IllegalArgumentException(columnFamily + " belongs to another DB");
        }
        Snapshot snapshot = readOptions.snapshot();
        if (snapshot != null) snapshot.handle.checkUsableOn(db, null); // fail here, not at the first batch
        return new RecordCursor(this, db, columnFamily, readOptions);
    }

    /**
     * RocksJava's {@code newIterators}: one iterator per family of
     * {@code columnFamilies} ({@code null} entries: the default one), all
     * over one consistent view, as RocksDB's {@code NewIterators}: as of
     * readOptions' snapshot, or of a snapshot taken for the call (released
     * once the iterators exist; they keep their view). Each belongs to the
     * calling thread; close them.
     *
     * @param columnFamilies the families, in the order of the iterators returned
     * @param readOptions the read options; not null
     * @return the iterators, one per family
     * @throws NullPointerException if a list or readOptions is null
     * @throws IllegalArgumentException if a family belongs to another DB
     * @throws RocksDBException if the snapshot cannot be taken
     */
    public List<RocksIterator> newIterators(List<ColumnFamilyHandle> columnFamilies, ReadOptions readOptions)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        List<ColumnFamilyHandle> families = new ArrayList<>(Objects.requireNonNull(columnFamilies, "columnFamilies"));
        Snapshot own = readOptions.snapshot() == null ? getSnapshot() : null;
        List<RocksIterator> iterators = new ArrayList<>(families.size());
        try {
            ReadOptions ro = own == null ? readOptions : new ReadOptions(readOptions).setSnapshot(own);
            for (ColumnFamilyHandle family : families) iterators.add(newIterator(family, ro));
            return iterators;
        } catch (RuntimeException | Error e) {
            for (RocksIterator it : iterators) it.close();
            throw e;
        } finally {
            if (own != null) own.close();
        }
    }

    /**
     * As {@link #newIterators(List, ReadOptions)}, default options.
     *
     * @param columnFamilies the families
     * @return the iterators, one per family
     * @throws RocksDBException as {@link #newIterators(List, ReadOptions)}
     */
    public List<RocksIterator> newIterators(List<ColumnFamilyHandle> columnFamilies) throws RocksDBException {
        return newIterators(columnFamilies, ReadOptions.DEFAULT);
    }

    // ---- iterators with a table filter (ReadOptions.setTableFilter) ----

    /**
     * newIterator with a table filter: the filter's upcall is bound to this
     * iterator, and released with it (the engine calls it until then).
     */
    private RocksIterator newFilteredIterator(ColumnFamilyHandle columnFamily, ReadOptions readOptions) {
        TableFilterBinding filter = new TableFilterBinding(readOptions.tableFilter(), db);
        boolean handedOver = false;
        try {
            CallContext c = db.enter();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment spec = panrocks_read_options_spec.allocate(arena);
                readOptions.fillSpec(db, spec, arena);
                int rc = panrocks_h.panrocks_iterator_create_filtered(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), spec,
                        filter.function(), MemorySegment.NULL, c.size, c.error);
                if (rc != 0) throw new IllegalArgumentException("cannot create an iterator: " + c.failure(rc).getMessage());
                MemorySegment handle = c.size.get(ValueLayout.ADDRESS, 0);
                handedOver = true; // the iterator releases the filter, even if its constructor fails
                return new RocksIterator(this, db, c, handle, columnFamily, null, null, filter::release,
                        readOptions.iteratorsMayReadAhead());
            } finally {
                db.exit(c);
            }
        } finally {
            if (!handedOver) filter.release();
        }
    }

    // =========================================================================
    // Snapshots
    // =========================================================================

    /**
     * A consistent view of the DB as of now, for {@link ReadOptions#setSnapshot};
     * close it (or {@link #releaseSnapshot}) when done: an open snapshot keeps
     * old versions of keys from being compacted away.
     *
     * @return the new snapshot; close it when done
     * @throws RocksDBException if the engine cannot take a snapshot
     */
    public Snapshot getSnapshot() throws RocksDBException {
        CallContext c = db.enter();
        try {
            return new Snapshot(SnapshotHandle.OfDb.take(this, db, c));
        } finally {
            db.exit(c);
        }
    }

    /**
     * Same as {@code snapshot.close()}, as RocksJava spells it.
     *
     * @param snapshot the snapshot to release; not null
     * @throws IllegalArgumentException if the snapshot belongs to another DB
     */
    public void releaseSnapshot(Snapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        if (!snapshot.handle.belongsTo(this)) throw new IllegalArgumentException(snapshot + " belongs to another DB");
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
     * @param descriptor the new family's name and options
     * @return the new family's handle
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if a family
     *         of that name exists, or as the engine says
     */
    public ColumnFamilyHandle createColumnFamily(ColumnFamilyDescriptor descriptor) throws RocksDBException {
        return families.create(Objects.requireNonNull(descriptor, "descriptor").spec());
    }

    /**
     * Creates several column families; stops at the first failure (the ones made stay, and are not returned).
     *
     * @param descriptors the new families' names and options, created in order
     * @return the new families' handles, in descriptor order
     * @throws RocksDBException as {@link #createColumnFamily(ColumnFamilyDescriptor)}, for the first
     *         descriptor that fails
     */
    public List<ColumnFamilyHandle> createColumnFamilies(List<ColumnFamilyDescriptor> descriptors)
            throws RocksDBException {
        return families.createAll(ColumnFamilyDescriptor.specs(descriptors, "descriptors"));
    }

    /**
     * Creates one family per name, all with {@code columnFamilyOptions}, as
     * {@link #createColumnFamilies(List)}.
     *
     * @param columnFamilyOptions the families' options
     * @param columnFamilyNames their names
     * @return their handles, in order
     * @throws RocksDBException as {@link #createColumnFamily(ColumnFamilyDescriptor)}
     */
    public List<ColumnFamilyHandle> createColumnFamilies(ColumnFamilyOptions columnFamilyOptions,
                                                         List<byte[]> columnFamilyNames) throws RocksDBException {
        Objects.requireNonNull(columnFamilyOptions, "columnFamilyOptions");
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] name : Objects.requireNonNull(columnFamilyNames, "columnFamilyNames")) {
            descriptors.add(new ColumnFamilyDescriptor(Objects.requireNonNull(name, "columnFamilyNames must not contain null"),
                    columnFamilyOptions));
        }
        return createColumnFamilies(descriptors);
    }

    /**
     * Drops the family and, in time, its data. Its handle stays valid (reads
     * through it still work until it is closed, as in RocksDB); close it.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @throws RocksDBException if the engine refuses (the default family cannot be dropped, read-only
     *         DB)
     */
    public void dropColumnFamily(ColumnFamilyHandle columnFamily) throws RocksDBException {
        families.drop(ColumnFamilyHandle.internal(Objects.requireNonNull(columnFamily, "columnFamily")));
    }

    /**
     * Drops each family, in order, as {@link #dropColumnFamily}; stops at the first failure.
     *
     * @param columnFamilies the families
     * @throws RocksDBException as {@link #dropColumnFamily}
     */
    public void dropColumnFamilies(List<ColumnFamilyHandle> columnFamilies) throws RocksDBException {
        for (ColumnFamilyHandle h : new ArrayList<>(Objects.requireNonNull(columnFamilies, "columnFamilies"))) {
            dropColumnFamily(h);
        }
    }

    /**
     * Releases a family handle before the DB closes: the same as
     * {@code columnFamily.close()}, as RocksJava spells it.
     *
     * @param columnFamily a handle of this DB
     * @throws IllegalArgumentException if it belongs to another DB
     */
    public void destroyColumnFamilyHandle(ColumnFamilyHandle columnFamily) {
        Objects.requireNonNull(columnFamily, "columnFamily");
        if (!columnFamily.belongsTo(db)) throw new IllegalArgumentException(columnFamily + " belongs to another DB");
        columnFamily.close();
    }

    // ---- RocksJava's ColumnFamilyHandle.getDescriptor, createColumnFamilyWithImport ----

    /**
     * Creates a column family made of the files of exported families
     * (RocksDB's {@code CreateColumnFamilyWithImport}, as RocksJava's): the
     * exports' files are hard linked (or copied, or moved with
     * {@link ImportColumnFamilyOptions#setMoveFiles}) into the DB, with their
     * levels and sequence numbers. The exports' user keys must not overlap
     * one another, and their comparator must be the family's. A move is
     * refused for a file whose name lies in a folder a DB, backup engine or
     * checkpoint of this process uses (the export's hard links of the source
     * DB's files are not: removing one name keeps the other's data).
     *
     * @param columnFamilyDescriptor the new family's name and options
     * @param importColumnFamilyOptions how
     * @param metadatas what {@link Checkpoint#exportColumnFamily} returned, at least one
     * @return the new family's handle
     * @throws NullPointerException if an argument or an element is null
     * @throws IllegalArgumentException if metadatas is empty, or a file to move is in use
     * @throws IllegalStateException if the DB or an export is closed
     * @throws RocksDBException with RocksDB's status: {@link Status.Code#InvalidArgument}
     *         if a family of that name exists, the comparators differ or the
     *         exports overlap; an I/O error if a file is gone;
     *         {@link Status.Code#NotSupported} on a read-only DB or a
     *         {@link TtlDB} (its reads would take part of each imported value
     *         for a timestamp)
     */
    public ColumnFamilyHandle createColumnFamilyWithImport(ColumnFamilyDescriptor columnFamilyDescriptor,
                                                           ImportColumnFamilyOptions importColumnFamilyOptions,
                                                           List<ExportImportFilesMetaData> metadatas)
            throws RocksDBException {
        FamilySpec spec = Objects.requireNonNull(columnFamilyDescriptor, "columnFamilyDescriptor").spec();
        Objects.requireNonNull(importColumnFamilyOptions, "importColumnFamilyOptions");
        List<ExportImportFilesMetaData> exports = List.copyOf(Objects.requireNonNull(metadatas, "metadatas")); // NPE on null
        if (exports.isEmpty()) throw new IllegalArgumentException("metadatas is empty");
        List<SharedNative> natives = new ArrayList<>(exports.size());
        List<List<LiveFileMetaData>> files = new ArrayList<>(exports.size());
        for (ExportImportFilesMetaData m : exports) {
            natives.add(m.shared);
            files.add(m.files());
        }
        return families.createWithImport(spec, importColumnFamilyOptions.moveFiles(), natives, files);
    }

    /**
     * As {@link #createColumnFamilyWithImport(ColumnFamilyDescriptor, ImportColumnFamilyOptions, List)}, from one export.
     *
     * @param columnFamilyDescriptor the new family's name and options
     * @param importColumnFamilyOptions how
     * @param metadata what {@link Checkpoint#exportColumnFamily} returned
     * @return the new family's handle
     * @throws RocksDBException as the main overload
     */
    public ColumnFamilyHandle createColumnFamilyWithImport(ColumnFamilyDescriptor columnFamilyDescriptor,
                                                           ImportColumnFamilyOptions importColumnFamilyOptions,
                                                           ExportImportFilesMetaData metadata) throws RocksDBException {
        return createColumnFamilyWithImport(columnFamilyDescriptor, importColumnFamilyOptions,
                java.util.Collections.singletonList(Objects.requireNonNull(metadata, "metadata")));
    }

    /** The running options of a family of this DB as RocksDB writes them, for {@link ColumnFamilyHandle#getDescriptor()}. */
    String runningFamilyOptions(ColumnFamilyHandle columnFamily) throws RocksDBException {
        Objects.requireNonNull(columnFamily, "columnFamily");
        return runningOptions.options(ColumnFamilyHandle.internal(columnFamily));
    }

    // =========================================================================
    // Maintenance and introspection
    // =========================================================================

    /**
     * Flushes the memtables of {@code columnFamily} ({@code null}: the default one) to SST files and waits for it.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @throws IllegalStateException if the DB is closed, or inside a callback of any DB (a flush
     *         waits for RocksDB's background threads: see {@link AbstractEventListener})
     * @throws RocksDBException with RocksDB's status if the engine refuses the flush (read-only DB,
     *         I/O error)
     */
    public void flush(ColumnFamilyHandle columnFamily) throws RocksDBException {
        maintenance.flush(ColumnFamilyHandle.internal(columnFamily));
    }

    /**
     * As {@link #flush(ColumnFamilyHandle)}, for the default family.
     *
     * @throws RocksDBException as {@link #flush(ColumnFamilyHandle)}
     */
    public void flush() throws RocksDBException {
        flush((ColumnFamilyHandle) null);
    }

    /**
     * Flushes the memtables of {@code columnFamilies} (all together: with
     * {@code atomicFlush}, atomically) to SST files, as
     * {@code flushOptions} says: with {@code waitForFlush} false it only
     * schedules the flush; with {@code allowWriteStall} false it first waits
     * until the flush would not stall writes.
     *
     * @param flushOptions how
     * @param columnFamilies the families (an empty list: the default one)
     * @throws IllegalArgumentException if a family belongs to another DB
     * @throws IllegalStateException if the DB or a family is closed
     * @throws RocksDBException with RocksDB's status if the engine refuses
     */
    public void flush(FlushOptions flushOptions, List<ColumnFamilyHandle> columnFamilies) throws RocksDBException {
        Objects.requireNonNull(flushOptions, "flushOptions");
        List<FamilyHandle> families = new ArrayList<>();
        for (ColumnFamilyHandle family : Objects.requireNonNull(columnFamilies, "columnFamilies")) {
            families.add(ColumnFamilyHandle.internal(family));
        }
        maintenance.flush(families, flushOptions.waitForFlush(), flushOptions.allowWriteStall(), flushOptions.listenerWait());
    }

    /**
     * As {@link #flush(FlushOptions, List)}, for the default family.
     *
     * @param flushOptions how
     * @throws RocksDBException as {@link #flush(FlushOptions, List)}
     */
    public void flush(FlushOptions flushOptions) throws RocksDBException {
        flush(flushOptions, List.of());
    }

    /**
     * As {@link #flush(FlushOptions, List)}, for one family ({@code null}: the default one).
     *
     * @param flushOptions how
     * @param columnFamily the family
     * @throws RocksDBException as {@link #flush(FlushOptions, List)}
     */
    public void flush(FlushOptions flushOptions, ColumnFamilyHandle columnFamily) throws RocksDBException {
        flush(flushOptions, java.util.Collections.singletonList(columnFamily));
    }

    /**
     * Stops every running and queued compaction of this DB, automatic and
     * manual, and returns once none runs (RocksDB 11's
     * {@code DB::AbortAllCompactions}); their output files are removed, so
     * nothing half-done is installed. Until {@link #resumeAllCompactions()}
     * has been called as many times, compactions stop as soon as they start:
     * {@link #compactRange} and {@link #compactFiles} fail with
     * {@code Incomplete}, subcode {@link Status.SubCode#CompactionAborted}
     * (a manual compaction already running when the abort came fails with
     * {@code Incomplete}, {@link Status.SubCode#ManualCompactionPaused}).
     * Flushes go on (writes may stall once level 0 fills). The engine counts
     * aborts, so independent callers do not resume each other's.
     *
     * @throws IllegalStateException if the DB is closed, or inside a callback of any DB (the abort
     *         waits for RocksDB's background threads)
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public void abortAllCompactions() {
        maintenance.abortOrResumeAllCompactions(true);
    }

    /**
     * Undoes one {@link #abortAllCompactions()}; after the last one,
     * compactions are scheduled again. A resume without an abort before it
     * does nothing.
     *
     * @throws IllegalStateException if the DB is closed
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public void resumeAllCompactions() {
        maintenance.abortOrResumeAllCompactions(false);
    }

    /**
     * Compacts the keys in {@code [begin, end)} of {@code columnFamily}
     * ({@code null}: the default one; a null bound is open) and waits for it.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param begin the first key compacted (inclusive), or {@code null} to start at the family's first
     *         key
     * @param end the key compaction stops before (exclusive), or {@code null} to go to the family's
     *         end
     * @throws IllegalStateException if the DB is closed, or inside a callback of any DB (a compaction
     *         waits for RocksDB's background threads: see {@link AbstractEventListener})
     * @throws RocksDBException with RocksDB's status if the engine refuses the compaction (read-only
     *         DB, I/O error)
     */
    public void compactRange(ColumnFamilyHandle columnFamily, byte[] begin, byte[] end) throws RocksDBException {
        maintenance.compactRange(ColumnFamilyHandle.internal(columnFamily), begin, end);
    }

    /**
     * As {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}, the whole default family.
     *
     * @throws RocksDBException as {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}
     */
    public void compactRange() throws RocksDBException {
        compactRange(null, null, null);
    }

    /**
     * As {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}, the whole family.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @throws RocksDBException as {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}
     */
    public void compactRange(ColumnFamilyHandle columnFamily) throws RocksDBException {
        compactRange(columnFamily, null, null);
    }

    /**
     * As {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param begin the first key compacted (inclusive), or {@code null} to start at the family's first
     *         key
     * @param end the key compaction stops before (exclusive), or {@code null} to go to the family's
     *         end
     * @throws RocksDBException as {@link #compactRange(ColumnFamilyHandle, byte[], byte[])}
     */
    public void compactRange(byte[] begin, byte[] end) throws RocksDBException {
        compactRange(null, begin, end);
    }

    /**
     * Compacts the keys in {@code [begin, end)} of {@code columnFamily}
     * ({@code null}: the default one; a null bound is open) as
     * {@code compactRangeOptions} says (target level, last level, exclusive,
     * subcompactions), and waits for it.
     *
     * @param columnFamily the family
     * @param begin the first key, or null
     * @param end the key after the last, or null
     * @param compactRangeOptions how
     * @throws IllegalArgumentException if columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException with RocksDB's status if the engine refuses
     *         ({@link Status.Code#InvalidArgument} for a target level the family does not have)
     */
    public void compactRange(ColumnFamilyHandle columnFamily, byte[] begin, byte[] end,
                             CompactRangeOptions compactRangeOptions) throws RocksDBException {
        Objects.requireNonNull(compactRangeOptions, "compactRangeOptions");
        maintenance.compactRange(ColumnFamilyHandle.internal(columnFamily), begin, end, compactRangeOptions::fill);
    }

    /**
     * A DB property of {@code columnFamily} ({@code null}: the default one) as
     * text (e.g. "rocksdb.stats"), or null if RocksDB does not know it.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param name the property's name, e.g. "rocksdb.stats"
     * @return the property's text, or {@code null} if RocksDB does not know it
     * @throws RocksDBException if the engine fails to compute the property
     */
    public String getProperty(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        return maintenance.property(ColumnFamilyHandle.internal(columnFamily), name);
    }

    /**
     * As {@link #getProperty(ColumnFamilyHandle, String)}, for the default family.
     *
     * @param name the property's name, e.g. "rocksdb.stats"
     * @return the property's text, or {@code null} if RocksDB does not know it
     * @throws RocksDBException as {@link #getProperty(ColumnFamilyHandle, String)}
     */
    public String getProperty(String name) throws RocksDBException {
        return getProperty(null, name);
    }

    /**
     * A numeric DB property of {@code columnFamily} ({@code null}: the default
     * one), e.g. "rocksdb.estimate-num-keys"; -1 if unknown or not numeric.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param name the property's name, e.g. "rocksdb.estimate-num-keys"
     * @return the property's value, or -1 if unknown or not numeric
     * @throws RocksDBException if the engine fails to compute the property
     */
    public long getLongProperty(ColumnFamilyHandle columnFamily, String name) throws RocksDBException {
        return maintenance.longProperty(ColumnFamilyHandle.internal(columnFamily), name);
    }

    /**
     * As {@link #getLongProperty(ColumnFamilyHandle, String)}, for the default family.
     *
     * @param name the property's name, e.g. "rocksdb.estimate-num-keys"
     * @return the property's value, or -1 if unknown or not numeric
     * @throws RocksDBException as {@link #getLongProperty(ColumnFamilyHandle, String)}
     */
    public long getLongProperty(String name) throws RocksDBException {
        return getLongProperty(null, name);
    }

    /**
     * Approximate bytes each range of {@code columnFamily} ({@code null}: the
     * default one) takes in SST files, and in memtables with
     * {@link SizeApproximationFlag#INCLUDE_MEMTABLES}, as RocksJava's.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param ranges the key ranges to size, in order
     * @param flags {@link SizeApproximationFlag#INCLUDE_MEMTABLES} to count memtables too,
     *        {@link SizeApproximationFlag#INCLUDE_BLOB_FILES} the blob files' share (SST files are always counted)
     * @return the approximate size in bytes of each range, in order
     * @throws RocksDBException if the engine cannot compute the sizes
     * @throws UnsupportedOperationException for INCLUDE_BLOB_FILES on an engine older than RocksDB 11
     */
    public long[] getApproximateSizes(ColumnFamilyHandle columnFamily, List<Range> ranges,
                                      SizeApproximationFlag... flags) throws RocksDBException {
        Objects.requireNonNull(ranges, "ranges");
        Objects.requireNonNull(flags, "flags");
        byte[][][] bounds = bounds(ranges);
        List<SizeApproximationFlag> flagList = Arrays.asList(flags);
        return maintenance.approximateSizes(ColumnFamilyHandle.internal(columnFamily), bounds[0], bounds[1],
                flagList.contains(SizeApproximationFlag.INCLUDE_MEMTABLES),
                flagList.contains(SizeApproximationFlag.INCLUDE_BLOB_FILES));
    }

    /**
     * As {@link #getApproximateSizes(ColumnFamilyHandle, List, SizeApproximationFlag...)}, for the default family.
     *
     * @param ranges the key ranges
     * @param flags what to count
     * @return bytes per range
     * @throws RocksDBException as the main overload
     */
    public long[] getApproximateSizes(List<Range> ranges, SizeApproximationFlag... flags) throws RocksDBException {
        return getApproximateSizes(null, ranges, flags);
    }

    /**
     * How many entries and bytes the memtables of {@code columnFamily}
     * ({@code null}: the default one), mutable and immutable, hold in the
     * key range {@code [range.start, range.limit)}: RocksDB's estimate
     * ({@code GetApproximateMemTableStats}), cheap enough to poll, reading
     * no file. What has been flushed is not counted (see
     * {@link #getApproximateSizes(ColumnFamilyHandle, List, SizeApproximationFlag...)}).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param range the key range
     * @return the approximate entry count and size in bytes
     * @throws NullPointerException if range is null
     * @throws IllegalArgumentException if columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     */
    public CountAndSize getApproximateMemTableStats(ColumnFamilyHandle columnFamily, Range range) {
        Objects.requireNonNull(range, "range");
        long[] countAndSize = maintenance.memTableStats(ColumnFamilyHandle.internal(columnFamily), range.start(),
                range.limit());
        return new CountAndSize(countAndSize[0], countAndSize[1]);
    }

    /**
     * As {@link #getApproximateMemTableStats(ColumnFamilyHandle, Range)}, for the default family.
     *
     * @param range the key range
     * @return the approximate entry count and size in bytes
     */
    public CountAndSize getApproximateMemTableStats(Range range) {
        return getApproximateMemTableStats(null, range);
    }

    /**
     * An entry count and a size in bytes, as
     * {@link #getApproximateMemTableStats(ColumnFamilyHandle, Range)} answers
     * (public fields, as RocksJava's {@code RocksDB.CountAndSize}).
     */
    public static final class CountAndSize {
        /** the number of entries */
        public final long count;
        /** the size in bytes */
        public final long size;

        /**
         * A count and a size.
         *
         * @param count the number of entries
         * @param size the size in bytes
         */
        public CountAndSize(long count, long size) {
            this.count = count;
            this.size = size;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CountAndSize other && count == other.count && size == other.size;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(count) * 31 + Long.hashCode(size);
        }

        @Override
        public String toString() {
            return "CountAndSize{count=" + count + ", size=" + size + "}";
        }
    }

    /**
     * Reads every live table and blob file whole and checks each block's
     * checksum ({@code DB::VerifyChecksum}), as RocksJava's
     * {@code verifyChecksum}: a way to find silent corruption on disk
     * before a read meets it. Its reads bypass the block cache and count as
     * {@link IOActivity#kVerifyDBChecksum}.
     *
     * @throws IllegalStateException if the DB is closed
     * @throws RocksDBException {@link Status.Code#Corruption} naming the first bad file, or the IO error met
     */
    public void verifyChecksum() throws RocksDBException {
        maintenance.verifyChecksum();
    }

    /**
     * The DB's unique identity: the ID RocksDB keeps in its {@code IDENTITY}
     * file, stable across reopens, different for every DB (a copied
     * directory keeps it; backups and replicas use it to tell DBs apart).
     *
     * @return the identity (a UUID's text, for DBs RocksDB created)
     * @throws IllegalStateException if the DB is closed
     * @throws RocksDBException if the engine cannot read it
     */
    public String getDbIdentity() throws RocksDBException {
        return maintenance.identity();
    }

    /**
     * The ID of this opening of the DB ({@code DB::GetDbSessionId}): new at
     * every open, and different for a read-only or secondary instance of the
     * same directory, where {@link #getDbIdentity()} stays. RocksDB writes it
     * in its {@code LOG} and in the properties of every table file the session
     * creates, so it ties a file or a log line to the process that wrote it.
     * RocksJava has no such method; its name follows {@code getDbIdentity}.
     *
     * @return the session ID (20 characters of digits and upper-case letters)
     * @throws IllegalStateException if the DB is closed
     * @throws RocksDBException if the engine cannot give it
     */
    public String getDbSessionId() throws RocksDBException {
        return maintenance.sessionId();
    }

    /**
     * Tickers and histograms, for a DB opened with
     * {@link DBOptionsInterface#setStatisticsEnabled(boolean)} or
     * {@link DBOptionsInterface#setStatistics(Statistics)}: a view that fails
     * once the DB is closed (see {@link Statistics}).
     *
     * @return the DB's statistics
     * @throws IllegalStateException if statistics were not enabled
     */
    public Statistics getStatistics() {
        if (!db.isOpen()) throw db.closed();
        if (!statistics) {
            throw new IllegalStateException("statistics are off for " + path + ": open with setStatisticsEnabled(true)");
        }
        CallContext c = db.enter();
        try {
            return new Statistics(db, c);
        } finally {
            db.exit(c);
        }
    }

    /**
     * On a secondary instance: replays what the primary wrote since the last
     * catch-up (its MANIFEST and write-ahead logs), so that later reads and
     * iterators see it. Iterators created before keep their view.
     *
     * @throws RocksDBException {@link Status.Code#NotSupported} on a DB that
     *         is not a secondary, or RocksDB's status if replaying fails
     * @throws IllegalStateException if the DB is closed
     */
    public void tryCatchUpWithPrimary() throws RocksDBException {
        files.tryCatchUpWithPrimary();
    }

    /**
     * Sets how much RocksDB measures into the {@link PerfContext} and
     * {@link IOStatsContext} <b>of the calling thread</b>: RocksDB keeps the
     * level per thread (a {@code thread_local}), for every DB of the process,
     * so other threads keep theirs (each starts at
     * {@link PerfLevel#ENABLE_COUNT}, the engine's default). As RocksJava's
     * {@code setPerfLevel}. On a virtual thread the level is its carrier
     * thread's at the time of the call. What each level costs on a get:
     * docs/benchmarks.md, "Perf levels".
     *
     * @param level the level
     * @throws NullPointerException if level is null
     * @throws IllegalArgumentException for {@link PerfLevel#UNINITIALIZED}
     *         and {@link PerfLevel#OUT_OF_BOUNDS}, which are not levels
     * @throws IllegalStateException if the DB is closed
     */
    public void setPerfLevel(PerfLevel level) {
        int code = Objects.requireNonNull(level, "level").nativeCode();
        if (!db.isOpen()) throw db.closed();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = io.panrocks.internal.ffi.panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_perf_set_level(code, error);
            if (rc != 0) {
                throw new IllegalArgumentException("perf level " + level + ": "
                        + io.panrocks.internal.Errors.toException(rc, error).getMessage());
            }
        }
    }

    /**
     * The calling thread's perf level (see {@link #setPerfLevel(PerfLevel)}).
     *
     * @return the level; {@link PerfLevel#OUT_OF_BOUNDS} for a level of the
     *         engine that has no constant here
     * @throws IllegalStateException if the DB is closed
     */
    public PerfLevel getPerfLevel() {
        if (!db.isOpen()) throw db.closed();
        return PerfLevel.ofNativeCode(panrocks_h.panrocks_perf_level());
    }

    /**
     * The calling thread's {@link PerfContext}: confined to this thread
     * (another thread gets {@link WrongThreadException} from it), a view
     * that fails once this DB is closed. The counters are the thread's,
     * for every DB it used, since its last reset.
     *
     * @return this thread's context
     * @throws IllegalStateException if the DB is closed
     */
    public PerfContext getPerfContext() {
        if (!db.isOpen()) throw db.closed();
        return new PerfContext(db);
    }

    /**
     * The calling thread's {@link IOStatsContext} (panrocks' own, as
     * {@link #getPerfContext()}: RocksJava has none).
     *
     * @return this thread's context
     * @throws IllegalStateException if the DB is closed
     */
    public IOStatsContext getIOStatsContext() {
        if (!db.isOpen()) throw db.closed();
        return new IOStatsContext(db);
    }

    /**
     * This DB's file IO since it opened, by what the engine did it for
     * ({@code Env::IOActivity}: flush, compaction, DB open, get, multiGet,
     * iterators, checksum verification; untagged IO such as WAL writes as
     * {@link IOActivity#kUnknown}). Every DB counts: panrocks's file system
     * layer under it adds each file operation to its activity's counters
     * (one atomic add per operation; block cache hits read no file). For
     * the latency of each activity's file IO, see
     * {@link IOActivity#readHistogram()}.
     *
     * @return the counters now
     * @throws IllegalStateException if the DB is closed
     * @throws RocksDBException {@link Status.Code#NotSupported} on an engine before 9.0, which tags no IO
     */
    public IOActivityStats getIOActivityStats() throws RocksDBException {
        return new IOActivityStats(maintenance.ioActivity());
    }

    // ---- user-defined timestamps: the full-history bound ---------------------

    /**
     * Raises the column family's {@code full_history_ts_low}
     * ({@code DB::IncreaseFullHistoryTsLow}): history below it is no longer
     * kept. Compactions from then on drop each version that a newer one at or
     * below the bound hides (deletions included), and reads as of a timestamp
     * below it fail with {@code InvalidArgument}. Reads at or above it see
     * what they saw before.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param timestamp the new bound, 0 to {@link Long#MAX_VALUE}; not below the current one
     * @throws IllegalArgumentException if timestamp is negative, or columnFamily
     *         belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException {@link Status.Code#InvalidArgument} on a family
     *         without timestamps or below the current bound;
     *         {@link Status.Code#TryAgain} if another thread raised it higher meanwhile
     */
    public void increaseFullHistoryTsLow(ColumnFamilyHandle columnFamily, long timestamp) throws RocksDBException {
        Timestamps.check(timestamp, "timestamp");
        CallContext c = db.enter();
        try {
            Timestamps.increaseFullHistoryTsLow(db.handle(), c, ColumnFamilyHandle.nativeHandle(columnFamily, db), timestamp);
        } finally {
            db.exit(c);
        }
    }

    /**
     * The column family's {@code full_history_ts_low}
     * ({@code DB::GetFullHistoryTsLow}); see {@link #increaseFullHistoryTsLow}.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @return the bound, or 0 while it was never raised (no history dropped)
     * @throws IllegalArgumentException if columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException {@link Status.Code#InvalidArgument} on a family without timestamps
     */
    public long getFullHistoryTsLow(ColumnFamilyHandle columnFamily) throws RocksDBException {
        CallContext c = db.enter();
        try {
            return Timestamps.getFullHistoryTsLow(db.handle(), c, ColumnFamilyHandle.nativeHandle(columnFamily, db));
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksJava's {@code getAggregatedLongProperty} (RocksDB's
     * {@code GetAggregatedIntProperty}): a numeric property summed over
     * every column family of the DB, e.g. "rocksdb.estimate-num-keys".
     *
     * @param name the property's name
     * @return the sum, or -1 if RocksDB cannot sum the property (unknown or
     *         not numeric; RocksJava throws instead, panrocks answers as
     *         {@link #getLongProperty(String)} does)
     * @throws NullPointerException if name is null
     * @throws IllegalArgumentException if name holds a zero character
     * @throws RocksDBException if the engine fails
     */
    public long getAggregatedLongProperty(String name) throws RocksDBException {
        return maintenance.aggregatedLongProperty(name);
    }

    // ---- options of the running DB (RocksDB's SetOptions, GetOptions) ----

    /**
     * Changes mutable options of {@code columnFamily} ({@code null}: the
     * default one) while the DB runs: RocksDB's {@code SetOptions}, which
     * applies them all or none, and writes a new OPTIONS file. The change
     * lasts until the DB closes; the next open takes its options from the
     * caller again.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param mutableColumnFamilyOptions the options to change; not null
     * @throws NullPointerException if mutableColumnFamilyOptions is null
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if no
     *         option is set or RocksDB refuses a value; {@link Status.Code#NotSupported}
     *         on a DB opened read-only or as a secondary (RocksDB's read-only DB
     *         would write into the folder a writer may use)
     * @throws IllegalStateException if the DB or the handle is closed
     * @throws IllegalArgumentException if the handle belongs to another DB
     */
    public void setOptions(ColumnFamilyHandle columnFamily, MutableColumnFamilyOptions mutableColumnFamilyOptions)
            throws RocksDBException {
        Objects.requireNonNull(mutableColumnFamilyOptions, "mutableColumnFamilyOptions");
        runningOptions.setOptions(ColumnFamilyHandle.internal(columnFamily), mutableColumnFamilyOptions.toString());
    }

    /**
     * As {@link #setOptions(ColumnFamilyHandle, MutableColumnFamilyOptions)}, for the default family.
     *
     * @param mutableColumnFamilyOptions the options to change; not null
     * @throws RocksDBException as {@link #setOptions(ColumnFamilyHandle, MutableColumnFamilyOptions)}
     */
    public void setOptions(MutableColumnFamilyOptions mutableColumnFamilyOptions) throws RocksDBException {
        setOptions(null, mutableColumnFamilyOptions);
    }

    /**
     * The running values of {@code columnFamily}'s mutable options
     * ({@code null}: the default family), as RocksDB reports them
     * ({@code GetOptions}): every mutable option is set in the builder,
     * including the values RocksDB chose itself (a value it writes unsigned
     * above {@code Long.MAX_VALUE} reads back negative, as in RocksJava; a
     * value the builder's setter would refuse, such as RocksDB's -1 for
     * "automatic", is kept as RocksDB wrote it).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @return a builder holding the running values
     * @throws RocksDBException if the engine cannot write its options as text
     * @throws IllegalStateException if the DB or the handle is closed
     * @throws IllegalArgumentException if the handle belongs to another DB
     */
    public MutableColumnFamilyOptions.MutableColumnFamilyOptionsBuilder getOptions(ColumnFamilyHandle columnFamily)
            throws RocksDBException {
        return MutableColumnFamilyOptions.fromEngine(runningOptions.options(ColumnFamilyHandle.internal(columnFamily)));
    }

    /**
     * The number of levels of a family, as RocksJava's {@code numberLevels} (RocksDB's
     * {@code NumberLevels}: the family's running {@code num_levels}).
     *
     * @param columnFamily the family, or {@code null} for the default one
     * @return the number of levels
     * @throws UncheckedRocksDBException if the engine cannot write its options as text (RocksJava's declares
     *         no checked exception)
     * @throws IllegalStateException if the DB or the handle is closed
     * @throws IllegalArgumentException if the handle belongs to another DB
     */
    public int numberLevels(ColumnFamilyHandle columnFamily) {
        return runningInt(columnFamily, "num_levels");
    }

    /**
     * As {@link #numberLevels(ColumnFamilyHandle)}, for the default family.
     *
     * @return the number of levels
     */
    public int numberLevels() {
        return numberLevels(null);
    }

    /**
     * The number of level-0 files that stops writes in a family, as RocksJava's
     * {@code level0StopWriteTrigger} (RocksDB's {@code Level0StopWriteTrigger}: the running
     * {@code level0_stop_writes_trigger}).
     *
     * @param columnFamily the family, or {@code null} for the default one
     * @return the number of files
     * @throws UncheckedRocksDBException as {@link #numberLevels(ColumnFamilyHandle)}
     * @throws IllegalStateException if the DB or the handle is closed
     * @throws IllegalArgumentException if the handle belongs to another DB
     */
    public int level0StopWriteTrigger(ColumnFamilyHandle columnFamily) {
        return runningInt(columnFamily, "level0_stop_writes_trigger");
    }

    /**
     * As {@link #level0StopWriteTrigger(ColumnFamilyHandle)}, for the default family.
     *
     * @return the number of files
     */
    public int level0StopWriteTrigger() {
        return level0StopWriteTrigger(null);
    }

    /** One integer option of a family's running options. */
    private int runningInt(ColumnFamilyHandle columnFamily, String name) {
        String text;
        try {
            text = runningOptions.options(ColumnFamilyHandle.internal(columnFamily));
        } catch (RocksDBException e) {
            throw new UncheckedRocksDBException(e);
        }
        String value = OptionDefaults.parse(text).get(name);
        if (value == null) throw new IllegalStateException("the engine's options do not name " + name);
        return Integer.parseInt(value);
    }

    /**
     * As {@link #getOptions(ColumnFamilyHandle)}, for the default family.
     *
     * @return a builder holding the running values
     * @throws RocksDBException as {@link #getOptions(ColumnFamilyHandle)}
     */
    public MutableColumnFamilyOptions.MutableColumnFamilyOptionsBuilder getOptions() throws RocksDBException {
        return getOptions(null);
    }

    /**
     * Changes mutable DB-wide options while the DB runs: RocksDB's
     * {@code SetDBOptions}, all or none; a new OPTIONS file is written. The
     * change lasts until the DB closes.
     *
     * @param mutableDBoptions the options to change; not null
     * @throws NullPointerException if mutableDBoptions is null
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if no
     *         option is set or RocksDB refuses a value; {@link Status.Code#NotSupported}
     *         on a DB opened read-only or as a secondary
     * @throws IllegalStateException if the DB is closed
     */
    public void setDBOptions(MutableDBOptions mutableDBoptions) throws RocksDBException {
        runningOptions.setDBOptions(Objects.requireNonNull(mutableDBoptions, "mutableDBoptions").toString());
    }

    /**
     * The running values of the mutable DB-wide options, as RocksDB reports
     * them ({@code GetDBOptions}).
     *
     * @return a builder holding the running values
     * @throws RocksDBException if the engine cannot write its options as text
     * @throws IllegalStateException if the DB is closed
     */
    public MutableDBOptions.MutableDBOptionsBuilder getDBOptions() throws RocksDBException {
        return MutableDBOptions.fromEngine(runningOptions.dbOptions());
    }

    // ---- RocksJava's syncWal ---------------------------------------------------

    /**
     * Makes the WAL written so far durable (RocksDB's {@code SyncWAL}): the
     * writes made with {@link WriteOptions#setSync(boolean) sync} off survive
     * a machine crash once this returns. Works on a {@link TransactionDB} and
     * an {@link OptimisticTransactionDB} too.
     *
     * @throws RocksDBException with RocksDB's status: {@link Status.Code#NotSupported}
     *         on a DB opened read-only or as a secondary, an I/O error if the sync fails
     * @throws IllegalStateException if the DB is closed
     */
    public void syncWal() throws RocksDBException {
        maintenance.syncWal();
    }

    /**
     * Brings the DB back to writing after a background error (RocksDB's
     * {@code Resume}): once a flush or compaction fails (a full disk, an I/O
     * error), writes fail with that error, or with {@link Status.Code#Incomplete}
     * naming it, until the cause is gone and the DB resumes. From a full disk
     * ({@link Status.SubCode#NoSpace}) a writable DB resumes by itself: panrocks
     * tries every second until the space is back or the DB closes, in place
     * of RocksDB's own recovery, during which a writer that met a write stop
     * waited without a time limit. Meanwhile writes fail at once instead of
     * waiting. Other errors need this call, or a reopen.
     *
     * <p>Does nothing on a DB without a background error (a read-only one included).
     *
     * @throws RocksDBException with RocksDB's status if the cause is still there
     *         (the error again) or the error cannot be recovered from
     *         ({@link Status.Code#Corruption}, a fatal error: reopen the DB)
     * @throws IllegalStateException if the DB is closed
     */
    public void resume() throws RocksDBException {
        maintenance.resume();
    }

    // ---- RocksJava's compactFiles ----------------------------------------------

    /**
     * Compacts the SST files {@code inputFileNames} of {@code columnFamily}
     * ({@code null}: the default one) into {@code outputLevel}, on the
     * calling thread, and waits for it (RocksDB's {@code CompactFiles}). A
     * name is an SST file's number with its {@code .sst} suffix, with or
     * without a directory: {@code "000012.sst"}, {@code "/000012.sst"} (as
     * {@link #getLiveFiles()} and {@link LiveFileMetaData#fileName()} spell
     * it) or a full path. RocksDB adds the files of the levels between that
     * overlap the inputs' key range. A compaction filter of the family runs
     * on this thread.
     *
     * @param compactionOptions how (compression, output file size, subcompactions)
     * @param columnFamily the column family, or {@code null} for the default one
     * @param inputFileNames the files to compact, at least one
     * @param outputLevel the level the output goes to: no lower than any
     *         input's level, and one the family has
     * @param outputPathId the index of the family's {@code cf_paths} (or the
     *         DB's {@code db_paths}) the output goes to; -1: the only path
     * @param compactionJobInfo {@code null}, or an info that receives the
     *         job's description when the compaction succeeded
     * @return the paths of the files the compaction wrote
     * @throws NullPointerException if compactionOptions or inputFileNames is
     *         null, or a name in it is
     * @throws IllegalArgumentException if a name contains a zero character,
     *         or columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed, or
     *         inside a callback of any DB (a compaction waits for RocksDB's
     *         background threads: see {@link AbstractEventListener})
     * @throws RocksDBException with RocksDB's status:
     *         {@link Status.Code#InvalidArgument} for an empty list, a file
     *         the family does not have, a level it does not have or one above
     *         an input's, an output path it does not have;
     *         {@link Status.Code#Aborted} if an input is being compacted;
     *         {@link Status.Code#NotSupported} on a read-only DB or a
     *         secondary
     */
    public List<String> compactFiles(CompactionOptions compactionOptions, ColumnFamilyHandle columnFamily,
                                     List<String> inputFileNames, int outputLevel, int outputPathId,
                                     CompactionJobInfo compactionJobInfo) throws RocksDBException {
        Objects.requireNonNull(compactionOptions, "compactionOptions");
        return maintenance.compactFiles(compactionOptions::fill, ColumnFamilyHandle.internal(columnFamily), inputFileNames,
                outputLevel, outputPathId, compactionJobInfo == null ? null
                        : (info, arena) -> compactionJobInfo.assign(ListenerBinding.compactionJobInfo(info, arena)));
    }

    /**
     * As {@link #compactFiles(CompactionOptions, ColumnFamilyHandle, List, int, int, CompactionJobInfo)},
     * in the default family.
     *
     * @param compactionOptions how
     * @param inputFileNames the files to compact
     * @param outputLevel the level the output goes to
     * @param outputPathId the output path's index; -1: the only path
     * @param compactionJobInfo {@code null}, or an info that receives the job's description
     * @return the paths of the files written
     * @throws RocksDBException as the main overload
     */
    public List<String> compactFiles(CompactionOptions compactionOptions, List<String> inputFileNames,
                                     int outputLevel, int outputPathId, CompactionJobInfo compactionJobInfo)
            throws RocksDBException {
        return compactFiles(compactionOptions, null, inputFileNames, outputLevel, outputPathId, compactionJobInfo);
    }

    // ---- table properties (RocksJava's getPropertiesOfAllTables, getPropertiesOfTablesInRange) ----

    /**
     * The properties of every live SST file of {@code columnFamily}
     * ({@code null}: the default one), by file path (RocksDB's
     * {@code GetPropertiesOfAllTables}). Reads each file's properties block
     * (from the table cache when the file is open there). Memtables have
     * none: flush first to see what they hold.
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @return a new map from file path to its properties (empty when there are no files)
     * @throws IllegalArgumentException if columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException with RocksDB's status if a file cannot be read
     */
    public Map<String, TableProperties> getPropertiesOfAllTables(ColumnFamilyHandle columnFamily)
            throws RocksDBException {
        return new Tables(db).propertiesOfAllTables(ColumnFamilyHandle.internal(columnFamily), TableProperties::new);
    }

    /**
     * As {@link #getPropertiesOfAllTables(ColumnFamilyHandle)}, for the default family.
     *
     * @return a new map from file path to its properties
     * @throws RocksDBException as the main overload
     */
    public Map<String, TableProperties> getPropertiesOfAllTables() throws RocksDBException {
        return getPropertiesOfAllTables(null);
    }

    /**
     * The properties of the live SST files of {@code columnFamily}
     * ({@code null}: the default one) whose keys overlap one of
     * {@code ranges} ({@code [start, limit)} each), by file path (RocksDB's
     * {@code GetPropertiesOfTablesInRange}).
     *
     * @param columnFamily the column family, or {@code null} for the default one
     * @param ranges the key ranges; not null, no null element (empty: no file)
     * @return a new map from file path to its properties
     * @throws NullPointerException if ranges is or holds null
     * @throws IllegalArgumentException if columnFamily belongs to another DB
     * @throws IllegalStateException if the DB or columnFamily is closed
     * @throws RocksDBException with RocksDB's status if a file cannot be read
     */
    public Map<String, TableProperties> getPropertiesOfTablesInRange(ColumnFamilyHandle columnFamily,
                                                                     List<Range> ranges) throws RocksDBException {
        byte[][][] bounds = bounds(Objects.requireNonNull(ranges, "ranges"));
        return new Tables(db).propertiesOfTablesInRange(ColumnFamilyHandle.internal(columnFamily), bounds[0], bounds[1],
                TableProperties::new);
    }

    /** The starts and the limits of ranges, from a copy taken first (the caller's list may change under us). */
    private static byte[][][] bounds(List<Range> ranges) {
        List<Range> copy = new ArrayList<>(ranges);
        byte[][] starts = new byte[copy.size()][];
        byte[][] limits = new byte[copy.size()][];
        for (int i = 0; i < starts.length; i++) {
            Range r = Objects.requireNonNull(copy.get(i), "ranges must not contain null");
            starts[i] = r.start();
            limits[i] = r.limit();
        }
        return new byte[][][]{starts, limits};
    }

    /**
     * As {@link #getPropertiesOfTablesInRange(ColumnFamilyHandle, List)}, for the default family.
     *
     * @param ranges the key ranges
     * @return a new map from file path to its properties
     * @throws RocksDBException as the main overload
     */
    public Map<String, TableProperties> getPropertiesOfTablesInRange(List<Range> ranges) throws RocksDBException {
        return getPropertiesOfTablesInRange(null, ranges);
    }

    // =========================================================================
    // Files and bulk loading
    // Checkpoints, backups and SST files have classes of their own
    // (Checkpoint, BackupEngine, SstFileWriter); TTL DBs are TtlDB.
    // =========================================================================

    /**
     * Stops RocksDB from deleting obsolete files (those compactions and
     * flushes leave behind) until {@link #enableFileDeletions()}: the files
     * {@link #getLiveFiles()} lists then stay on disk while you copy them.
     * Calls are counted: each needs its own enable.
     *
     * @throws RocksDBException with RocksDB's status if the engine refuses
     * @throws IllegalStateException if the DB is closed
     */
    public void disableFileDeletions() throws RocksDBException {
        files.disableFileDeletions();
    }

    /**
     * Undoes one {@link #disableFileDeletions()} (RocksDB 9's
     * {@code EnableFileDeletions()}); deletions resume when every disable is
     * undone.
     *
     * @throws RocksDBException with RocksDB's status if the engine refuses
     * @throws IllegalStateException if the DB is closed
     */
    public void enableFileDeletions() throws RocksDBException {
        files.enableFileDeletions(false);
    }

    /**
     * As {@link #enableFileDeletions()}; with {@code force}, undoes every
     * disable at once, as RocksJava's {@code enableFileDeletions(true)} (also
     * those of a backup or checkpoint running on another thread, which then
     * copies files RocksDB may delete under it: prefer {@code false}).
     *
     * @param force whether to undo every disable, not just one
     * @throws RocksDBException with RocksDB's status if the engine refuses
     * @throws IllegalStateException if the DB is closed
     */
    public void enableFileDeletions(boolean force) throws RocksDBException {
        files.enableFileDeletions(force);
    }

    /**
     * The files that make up the DB now, after flushing the memtables (as
     * RocksJava's {@code getLiveFiles()}). See {@link #getLiveFiles(boolean)}.
     *
     * @return the files and the MANIFEST's valid size
     * @throws RocksDBException as {@link #getLiveFiles(boolean)}
     */
    public LiveFiles getLiveFiles() throws RocksDBException {
        return getLiveFiles(true);
    }

    /**
     * The files that make up the DB now (SST files, the current MANIFEST,
     * CURRENT, the OPTIONS file), as names relative to the DB's directory
     * ("/000012.sst"), and the number of bytes of the MANIFEST that are
     * valid. With {@code flushMemtable}, the memtables are flushed first
     * (not on a read-only DB), so that the files hold every write; without,
     * recent writes are only in the write-ahead logs
     * ({@link #getSortedWalFiles()}). To copy them, first
     * {@link #disableFileDeletions()}.
     *
     * @param flushMemtable whether to flush the memtables first
     * @return the files and the MANIFEST's valid size
     * @throws RocksDBException with RocksDB's status if the flush or the listing fails
     * @throws IllegalStateException if the DB is closed
     */
    public LiveFiles getLiveFiles(boolean flushMemtable) throws RocksDBException {
        return files.liveFiles(flushMemtable, LiveFiles::new);
    }

    /**
     * What {@link #getLiveFiles(boolean)} returns, as RocksJava's
     * {@code RocksDB.LiveFiles}: public final fields.
     */
    public static final class LiveFiles {
        /** The number of bytes of the current MANIFEST that are valid (copy that many). */
        public final long manifestFileSize;
        /** The files, relative to the DB's directory ("/000012.sst", "/MANIFEST-000005", "/CURRENT" ...); unmodifiable. */
        public final List<String> files;

        LiveFiles(long manifestFileSize, List<String> files) {
            this.manifestFileSize = manifestFileSize;
            this.files = files;
        }

        @Override
        public String toString() {
            return "LiveFiles{manifestFileSize=" + manifestFileSize + ", files=" + files + "}";
        }
    }

    /**
     * Every SST file of every column family: where it is, its level, key
     * and sequence ranges, entries (RocksDB's {@code GetLiveFilesMetaData}).
     *
     * @return the files (an unmodifiable list)
     * @throws IllegalStateException if the DB is closed
     */
    public List<LiveFileMetaData> getLiveFilesMetaData() {
        try {
            return files.liveFilesMetaData(LiveFileMetaData::new);
        } catch (RocksDBException e) {
            throw new IllegalStateException("listing the SST files of " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * The write-ahead log files, oldest first: those still in use (alive)
     * and those moved to the archive (kept by {@code walTtlSeconds} /
     * {@code walSizeLimitMB}).
     *
     * @return the WAL files (an unmodifiable list)
     * @throws RocksDBException with RocksDB's status if listing fails
     * @throws IllegalStateException if the DB is closed
     */
    public List<LogFile> getSortedWalFiles() throws RocksDBException {
        return files.sortedWalFiles((name, number, alive, startSequence, size) -> new LogFile(name, number,
                alive ? WalFileType.kAliveLogFile : WalFileType.kArchivedLogFile, startSequence, size));
    }

    /**
     * The sequence number of the most recent write (0 for an empty DB); each
     * update of a write or batch takes one.
     *
     * @return the latest sequence number
     * @throws IllegalStateException if the DB is closed
     */
    public long getLatestSequenceNumber() {
        try {
            return files.latestSequenceNumber();
        } catch (RocksDBException e) {
            throw new IllegalStateException("reading the sequence number of " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Adds SST files made by an {@link SstFileWriter} (or a checkpoint, or
     * another DB) to {@code columnFamily} ({@code null}: the default one)
     * atomically: either every file is added, or none. The files' keys
     * become visible at once, ordered after every earlier write (RocksDB
     * assigns them a sequence number when they overlap existing data, if
     * {@link IngestExternalFileOptions#setAllowGlobalSeqNo allowed}).
     * Readers go on meanwhile: iterators and snapshots taken before keep
     * their view (with {@code snapshotConsistency}). The files are copied,
     * or hard-linked with {@link IngestExternalFileOptions#setMoveFiles}.
     *
     * <p>A file that a DB, a backup engine, a restore or a checkpoint of this
     * process uses is refused, moved or copied, before anything is ingested:
     * any file in the directory or WAL directory (and its archive) of an open
     * DB, this one included, or in a backup engine's folders, under any
     * spelling of its path (symbolic links, {@code ..}, relative paths, bind
     * mounts), and a hard link of such a file. A move would unlink a file the
     * DB's MANIFEST lists; RocksDB may rewrite an ingested file in place.
     *
     * @param columnFamily the family to add to; null for the default one
     * @param filePathList the SST files (paths as strings, as RocksJava's)
     * @param ingestExternalFileOptions how to add them
     * @throws NullPointerException if the list, a path or the options are null
     * @throws IllegalArgumentException if the list is empty, columnFamily
     *         belongs to another DB, or a file is in use in this process (the
     *         message names the file and its user)
     * @throws RocksDBException with RocksDB's status: InvalidArgument for
     *         files whose ranges overlap each other or the DB's data when that
     *         is not allowed, a missing or corrupt file, a dropped family ...
     * @throws IllegalStateException if the DB or columnFamily is closed
     */
    public void ingestExternalFile(ColumnFamilyHandle columnFamily, List<String> filePathList,
                                   IngestExternalFileOptions ingestExternalFileOptions) throws RocksDBException {
        Objects.requireNonNull(filePathList, "filePathList");
        Objects.requireNonNull(ingestExternalFileOptions, "ingestExternalFileOptions");
        List<String> paths = new ArrayList<>(filePathList); // the caller's list may change under us
        if (paths.isEmpty()) throw new IllegalArgumentException("filePathList is empty");
        String[] absolute = new String[paths.size()];
        for (int i = 0; i < absolute.length; i++) {
            absolute[i] = FileOps.cPath(Path.of(Objects.requireNonNull(paths.get(i), "filePathList must not contain null")),
                    "a file path");
        }
        for (String p : paths) FileOps.refuseFileInUse(Path.of(p), "ingest");
        files.ingest(ColumnFamilyHandle.internal(columnFamily), absolute, ingestExternalFileOptions::fill);
    }

    /**
     * As {@link #ingestExternalFile(ColumnFamilyHandle, List, IngestExternalFileOptions)}, into the default family.
     *
     * @param filePathList the SST files
     * @param ingestExternalFileOptions how to add them
     * @throws RocksDBException as {@link #ingestExternalFile(ColumnFamilyHandle, List, IngestExternalFileOptions)}
     */
    public void ingestExternalFile(List<String> filePathList, IngestExternalFileOptions ingestExternalFileOptions)
            throws RocksDBException {
        ingestExternalFile(null, filePathList, ingestExternalFileOptions);
    }

    /**
     * The updates since {@code sequenceNumber}, read from the write-ahead
     * log batch by batch, as RocksJava's {@code getUpdatesSince}: the walk
     * stands on the batch holding {@code sequenceNumber} (0: the first
     * update). Keep the WALs long enough for it ({@code setWalTtlSeconds},
     * {@code setWalSizeLimitMB}): RocksDB deletes them after a flush
     * otherwise. Unlike RocksDB, a walk never starts after a gap silently
     * (see {@link TransactionLogIterator}). It belongs to the calling thread;
     * close it.
     *
     * @param sequenceNumber the first update wanted (0: the first one)
     * @return the walk, on the batch holding that update, or invalid if
     *         nothing was written from there yet
     * @throws RocksDBException NotFound "Requested sequence not yet written in
     *         the db" for a sequence past {@link #getLatestSequenceNumber()};
     *         NotFound from panrocks when the WAL no longer (or never) holds
     *         it; NotSupported on write-prepared transaction DBs; I/O errors
     * @throws IllegalArgumentException if sequenceNumber is negative
     * @throws IllegalStateException if the DB is closed
     */
    public TransactionLogIterator getUpdatesSince(long sequenceNumber) throws RocksDBException {
        return TransactionLogIterator.open(db, sequenceNumber);
    }

    /**
     * The write-ahead log file being written (RocksDB's
     * {@code GetCurrentWalFile}); RocksJava 9.11 has no such method.
     *
     * @return the file, its name relative to the WAL directory ("/000012.log")
     * @throws RocksDBException with RocksDB's status (NotSupported on read-only and secondary DBs)
     * @throws IllegalStateException if the DB is closed
     */
    public LogFile getCurrentWalFile() throws RocksDBException {
        Maintenance.WalFile file = maintenance.currentWalFile();
        return new LogFile(file.path(), file.number(), file.alive() ? WalFileType.kAliveLogFile : WalFileType.kArchivedLogFile,
                file.startSequence(), file.size());
    }

    // =========================================================================
    // Callbacks
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
     * from inside one of its own calls (a reader or a visitor), nor from
     * inside a callback of any DB (see {@link AbstractEventListener}).
     * Once the JVM is shutting down (a close in a shutdown hook), the close
     * waits at most {@code -Dpanrocks.shutdown.closeTimeoutMillis} (default
     * 10 seconds) for calls and background work in progress, since one of
     * them may never end (a callback that called {@code System.exit}).
     *
     * @throws IllegalStateException if called from inside a call on this DB
     *         or a callback; or, at the JVM's shutdown, if the time ran out
     *         (the DB refuses calls; its engine is left for the process's
     *         exit to end, and writes made with the write-ahead log are
     *         recovered at the next open)
     * @throws UncheckedRocksDBException if the engine reported an error while
     *         closing (RocksJava's {@code close()} drops it; {@link #closeE()}
     *         throws it checked); the DB is closed regardless
     */
    @Override
    public void close() {
        try {
            db.close();
        } catch (RocksDBException e) {
            throw new UncheckedRocksDBException(e);
        }
    }

    @Override
    public String toString() {
        return "RocksDB{" + path + (readOnly ? ", read-only" : "") + (db.isOpen() ? "" : ", closed") + "}";
    }

    /**
     * As {@link #close()}, but an error the engine reported while closing is
     * thrown as the checked {@link RocksDBException} (RocksJava's
     * {@code closeE()}).
     *
     * @throws RocksDBException if the engine reported an error while closing;
     *         the DB is closed regardless
     */
    public void closeE() throws RocksDBException {
        db.close();
    }
}
