package io.panrocks.internal.open;

import io.panrocks.DbPath;
import io.panrocks.RocksDBException;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.OpenPaths;
import io.panrocks.internal.OpenResources;
import io.panrocks.internal.callbacks.Callbacks;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_db_path;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_open_request;
import io.panrocks.internal.jfr.Jfr;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Opens a DB: turns the Java options into RocksDB option strings and a
 * {@code panrocks_open_request}, keeps the block caches alive during the
 * call, and wraps what comes back.
 */
public final class Opener {
    private Opener() {
    }

    private static final byte[] DEFAULT_FAMILY = "default".getBytes(StandardCharsets.UTF_8);

    /**
     * A DB with its own native open (a transaction DB): the open call, with
     * panrocks_open's outputs.
     */
    public interface Facade {
        /**
         * panrocks_open or an alternative with the same outputs; inside the open's arena.
         *
         * @param request the panrocks_open_request
         * @param dbOut receives the DB
         * @param handles receives the families' handles
         * @param error receives the error
         * @param arena the open's arena
         * @return 0 or the engine's code
         */
        int open(MemorySegment request, MemorySegment dbOut, MemorySegment handles, MemorySegment error, Arena arena);
    }

    /**
     * Makes the public facade of a DB just opened (its class's constructor).
     *
     * @param <D> the facade
     */
    @FunctionalInterface
    public interface Wrap<D extends AutoCloseable> {
        /**
         * The facade.
         *
         * @param db the DB
         * @param path its directory, absolute
         * @return the facade
         */
        D wrap(NativeDb db, Path path);
    }

    /**
     * A DB opened: its facade, and its families' handles in the order of the
     * request (empty unless asked for), the default one among them.
     *
     * @param <D> the facade
     * @param db the facade
     * @param familyHandles the families' native handles
     * @param defaultFamily the default family's native handle
     */
    public record Opened<D>(D db, List<MemorySegment> familyHandles, MemorySegment defaultFamily) {
    }

    /**
     * How a DB is opened: RocksDB's open call (plain, read-only, with TTL,
     * as a secondary, or a facade's own), and what it claims in {@link OpenPaths}.
     */
    public record Mode(Kind kind, boolean errorIfWal, int[] ttls, Path secondaryPath, Facade facade) {
        public enum Kind { READ_WRITE, READ_ONLY, TTL, TTL_READ_ONLY, SECONDARY }

        public static final Mode READ_WRITE = new Mode(Kind.READ_WRITE, false, null, null, null);

        public static Mode readOnly(boolean errorIfWal) {
            return new Mode(Kind.READ_ONLY, errorIfWal, null, null, null);
        }

        /** read-write, through the facade's own open */
        public static Mode withFacade(Facade facade) {
            return new Mode(Kind.READ_WRITE, false, null, null, facade);
        }

        /** ttls: one per family (seconds, <= 0 forever) */
        public static Mode ttl(int[] ttls, boolean readOnly) {
            return new Mode(readOnly ? Kind.TTL_READ_ONLY : Kind.TTL, false, ttls, null, null);
        }

        public static Mode secondary(Path secondaryPath) {
            return new Mode(Kind.SECONDARY, false, null, secondaryPath, null);
        }

        public boolean readOnly() {
            return kind != Kind.READ_WRITE && kind != Kind.TTL;
        }

        public boolean ttl() {
            return kind == Kind.TTL || kind == Kind.TTL_READ_ONLY;
        }

        /** panrocks.h's PANROCKS_OPEN_*; the library is loaded by then */
        public int nativeMode() {
            return switch (kind) {
                case READ_WRITE -> panrocks_h.PANROCKS_OPEN_READ_WRITE();
                case READ_ONLY -> panrocks_h.PANROCKS_OPEN_READ_ONLY();
                case TTL -> panrocks_h.PANROCKS_OPEN_TTL();
                case TTL_READ_ONLY -> panrocks_h.PANROCKS_OPEN_TTL_READ_ONLY();
                case SECONDARY -> panrocks_h.PANROCKS_OPEN_SECONDARY();
            };
        }
    }

    /**
     * Opens the DB at path with these families (checked by the facade: not
     * null, none null, at least one; handles wanted unless there is one).
     *
     * @param <D> the facade
     * @param options the DB's options
     * @param path its directory
     * @param families its families, "default" among them
     * @param handlesWanted whether the families' handles are asked for
     * @param mode how it opens
     * @param wrap makes the facade
     * @return the DB and its handles
     * @throws RocksDBException as the engine says
     */
    public static <D extends AutoCloseable> Opened<D> open(DbSpec options, Path path, List<FamilySpec> families,
                                                           boolean handlesWanted, Mode mode, Wrap<D> wrap)
            throws RocksDBException {
        // RocksDB opens no DB without its default family (InvalidArgument); RocksJava says so before the open, as here
        if (families.stream().noneMatch(d -> Arrays.equals(d.name(), DEFAULT_FAMILY))) {
            throw new IllegalArgumentException("columnFamilyDescriptors must include the default column family "
                    + "(RocksDB.DEFAULT_COLUMN_FAMILY, \"default\")");
        }
        if (mode.ttls() != null && mode.ttls().length != families.size()) {
            throw new IllegalArgumentException("ttlValues must hold one TTL per column family descriptor: "
                    + mode.ttls().length + " for " + families.size());
        }
        // a bad -Dpanrocks.jfr.slowReadSampling or -Dpanrocks.jfr.events fails the open before the engine is asked
        Jfr.sampling();
        Jfr.listenerWanted();
        NativeLibrary.ensureLoaded();
        NativeLibrary.refuseSecondEngine();
        Path absolute = path.toAbsolutePath();
        Path canonical = OpenPaths.canonical(path);
        Path wal = walDir(options);
        Path walCanonical = wal == null ? null : OpenPaths.canonical(wal);
        OpenResources resources = options.objects().resources(families); // caches and shared objects
        OpenPaths.Claim claim = claim(mode, absolute, canonical, wal, walCanonical, options.dbPaths());
        boolean opened = false;
        try {
            Opened<D> db = resources.withHandles(() -> openNow(options, absolute, canonical, walCanonical,
                    families, handlesWanted, mode, resources, claim, wrap));
            opened = true;
            return db;
        } finally {
            if (!opened) claim.release();
        }
    }

    /**
     * The WAL directory the options name ({@code wal_dir}, set typed or
     * raw; RocksDB strips one brace group and blanks around a value), or
     * null for the DB's own directory.
     */
    public static Path walDir(DbSpec options) {
        String value = options.walDir();
        if (value == null) return null;
        value = value.trim();
        while (value.length() >= 2 && value.startsWith("{") && value.endsWith("}")) {
            value = value.substring(1, value.length() - 1).trim();
        }
        if (value.isEmpty()) return null;
        try {
            return Path.of(value);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("walDir (wal_dir) is not a path: " + value, e);
        }
    }

    /**
     * What an open claims (see {@link OpenPaths}): a writer its directory
     * and its WAL directory (with the WAL archive in it); a read-only or
     * secondary DB (which take no lock, in RocksDB as here, and may sit
     * beside a writer) reads them, and a secondary writes its own directory
     * (its info log lives there).
     */
    private static OpenPaths.Claim claim(Mode mode, Path absolute, Path canonical, Path wal, Path walCanonical,
                                         List<DbPath> dataPaths) throws RocksDBException {
        OpenPaths.Use use = mode.readOnly() ? OpenPaths.Use.READ : OpenPaths.Use.WRITE;
        String holder = (mode.secondaryPath() != null ? "secondary DB " : mode.readOnly() ? "read-only DB " : "DB ")
                + absolute;
        List<OpenPaths.Folder> folders = new ArrayList<>();
        folders.add(new OpenPaths.Folder(absolute, canonical, "directory", use,
                wal == null ? OpenPaths.Reach.WITH_ARCHIVE : OpenPaths.Reach.FOLDER));
        if (wal != null) {
            folders.add(new OpenPaths.Folder(wal, walCanonical, "WAL directory", use, OpenPaths.Reach.WITH_ARCHIVE));
        }
        for (DbPath dataPath : dataPaths) { // db_paths: its SST files, as its directory's
            folders.add(new OpenPaths.Folder(dataPath.path(), "data path", use, OpenPaths.Reach.FOLDER));
        }
        if (mode.secondaryPath() != null) {
            folders.add(new OpenPaths.Folder(mode.secondaryPath().toAbsolutePath(), "secondary directory",
                    OpenPaths.Use.WRITE, OpenPaths.Reach.FOLDER));
        }
        try {
            return OpenPaths.claim(holder, folders);
        } catch (OpenPaths.InUse e) {
            throw e.refusal();
        }
    }

    private static <D extends AutoCloseable> Opened<D> openNow(DbSpec options, Path path, Path canonical,
                                                               Path walCanonical, List<FamilySpec> families,
                                                               boolean handlesWanted, Mode mode,
                                                               OpenResources resources, OpenPaths.Claim claim,
                                                               Wrap<D> wrap) throws RocksDBException {
        // Java callbacks: bound for this DB, released here unless it opens
        Callbacks.Bound bound = new Callbacks.Bound();
        boolean opened = false;
        try (Arena arena = Arena.ofConfined()) {
            int n = families.size();
            MemorySegment descriptors = panrocks_cf_descriptor.allocateArray(n, arena);
            for (int i = 0; i < n; i++) {
                FamilySpec d = families.get(i);
                MemorySegment slot = panrocks_cf_descriptor.asSlice(descriptors, i);
                panrocks_cf_descriptor.name(slot, cString(arena, d.name()));
                panrocks_cf_descriptor.options(slot,
                        arena.allocateFrom(Callbacks.familyOptionString(d.callbacks(), d.values(), bound)));
                TableSpec table = d.table();
                cfPaths(arena, slot, d.paths());
                panrocks_cf_descriptor.compaction_thread_limiter(slot, DbObjects.limiter(resources, d.limiter()));
                if (table != null) {
                    table.describe(arena, slot);
                    if (table.blockCache() != null) {
                        panrocks_cf_descriptor.block_cache(slot, resources.handle(table.blockCache()));
                    }
                }
            }
            MemorySegment request = panrocks_open_request.allocate(arena);
            // the canonical path, so that RocksDB's own lock registry sees one DB as one
            panrocks_open_request.path(request, arena.allocateFrom(canonical.toString()));
            panrocks_open_request.db_options(request,
                    arena.allocateFrom(withWalDir(Callbacks.dbOptionString(options.callbacks(), options.values(), bound,
                            path.toString()),
                            walCanonical)));
            panrocks_open_request.mode(request, mode.nativeMode());
            panrocks_open_request.error_if_wal_file_exists(request, mode.errorIfWal() ? 1 : 0);
            if (mode.secondaryPath() != null) {
                Path secondary = OpenPaths.canonical(mode.secondaryPath());
                panrocks_open_request.secondary_path(request, arena.allocateFrom(secondary.toString()));
            }
            if (mode.ttls() != null) {
                panrocks_open_request.ttls(request, arena.allocateFrom(ValueLayout.JAVA_INT, mode.ttls()));
            }
            panrocks_open_request.enable_statistics(request, options.statisticsEnabled() ? 1 : 0);
            panrocks_open_request.cf_count(request, n);
            panrocks_open_request.cfs(request, descriptors);
            // shared objects (panrocks_resources.h)
            panrocks_open_request.resources(request, options.objects().request(arena, resources, bound));
            List<DbPath> dbPaths = options.dbPaths();
            panrocks_open_request.db_path_count(request, dbPaths.size());
            panrocks_open_request.db_paths(request, dbPaths(arena, dbPaths));

            MemorySegment dbOut = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment handlesArray = arena.allocate(ValueLayout.ADDRESS, n);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = mode.facade() != null ? mode.facade().open(request, dbOut, handlesArray, error, arena)
                    : panrocks_h.panrocks_open(request, dbOut, handlesArray, error);
            if (rc != 0) {
                RocksDBException failure = Errors.toException(rc, error);
                throw bound.walFilter != null && bound.walFilter.failureCount() > 0
                        ? bound.walFilter.openFailure(failure) : failure;
            }

            NativeDb db = new NativeDb(dbOut.get(ValueLayout.ADDRESS, 0), path.toString(), claim);
            opened = true;
            D facade = wrap.wrap(db, path);
            bound.attach(db, facade); // the DB releases them once its engine is closed
            if (bound.walFilter != null && bound.walFilter.failureCount() > 0) {
                // it threw where RocksDB could not stop the open (the family map, with no record after it)
                RocksDBException failure = bound.walFilter.openFailure(null);
                try {
                    facade.close();
                } catch (Exception e) {
                    failure.addSuppressed(e);
                }
                throw failure;
            }
            List<MemorySegment> handles = new ArrayList<>();
            if (handlesWanted) for (int i = 0; i < n; i++) handles.add(handlesArray.getAtIndex(ValueLayout.ADDRESS, i));
            return new Opened<>(facade, handles, db.defaultFamily());
        } finally {
            if (!opened) bound.release(); // no engine refers to them
        }
    }

    /**
     * The DB's option string with {@code wal_dir} set to the folder claimed
     * for it (RocksDB takes the last value of an option), so that the engine
     * writes its logs where {@link OpenPaths} says it does, whatever the
     * working directory; a path RocksDB's syntax cannot carry as a plain
     * value keeps the caller's spelling.
     */
    public static String withWalDir(String dbOptions, Path walCanonical) {
        if (walCanonical == null) return dbOptions;
        String value = walCanonical.toString();
        if (!value.equals(value.trim())) return dbOptions; // RocksDB would trim it
        for (char c : new char[]{';', '{', '}', '\0'}) if (value.indexOf(c) >= 0) return dbOptions;
        return (dbOptions.isEmpty() ? "" : dbOptions + ";") + "wal_dir=" + value;
    }

    /**
     * RocksDB's DestroyDB on the DB at path, its folders claimed
     * {@link OpenPaths.Use#ALONE} meanwhile: nobody in this process may have
     * them open, and nobody may open them while the files go.
     */
    public static void destroy(DbSpec options, Path path) throws RocksDBException {
        NativeLibrary.ensureLoaded();
        Path absolute = path.toAbsolutePath();
        Path canonical = OpenPaths.canonical(path);
        Path wal = walDir(options);
        Path walCanonical = wal == null ? null : OpenPaths.canonical(wal);
        List<OpenPaths.Folder> folders = new ArrayList<>();
        folders.add(new OpenPaths.Folder(absolute, canonical, "directory", OpenPaths.Use.ALONE,
                wal == null ? OpenPaths.Reach.WITH_ARCHIVE : OpenPaths.Reach.FOLDER));
        if (wal != null) {
            folders.add(new OpenPaths.Folder(wal, walCanonical, "WAL directory", OpenPaths.Use.ALONE,
                    OpenPaths.Reach.WITH_ARCHIVE));
        }
        for (DbPath dataPath : options.dbPaths()) {
            folders.add(new OpenPaths.Folder(dataPath.path(), "data path", OpenPaths.Use.ALONE, OpenPaths.Reach.FOLDER));
        }
        OpenPaths.Claim claim;
        try {
            claim = OpenPaths.claim("destroyDB of " + absolute, folders);
        } catch (OpenPaths.InUse e) {
            throw e.refusal();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_destroy_db(arena.allocateFrom(canonical.toString()),
                    arena.allocateFrom(withWalDir(options.values().toString(), walCanonical)),
                    options.dbPaths().size(),
                    dbPaths(arena, options.dbPaths()), error);
            if (rc != 0) throw Errors.toException(rc, error);
        } finally {
            claim.release();
        }
    }

    /** A panrocks_db_path array of paths (absolute), or NULL when empty. */
    public static MemorySegment dbPaths(Arena arena, List<DbPath> paths) {
        if (paths.isEmpty()) return MemorySegment.NULL;
        MemorySegment array = panrocks_db_path.allocateArray(paths.size(), arena);
        for (int i = 0; i < paths.size(); i++) {
            MemorySegment slot = panrocks_db_path.asSlice(array, i);
            panrocks_db_path.path(slot, arena.allocateFrom(OpenPaths.canonical(paths.get(i).path()).toString()));
            panrocks_db_path.target_size(slot, paths.get(i).targetSize());
        }
        return array;
    }

    /** A family's cf_paths into its descriptor. */
    public static void cfPaths(Arena arena, MemorySegment descriptor, List<DbPath> paths) {
        panrocks_cf_descriptor.cf_path_count(descriptor, paths.size());
        panrocks_cf_descriptor.cf_paths(descriptor, dbPaths(arena, paths));
    }

    /** The names of the families of the DB at path (RocksJava's {@code listColumnFamilies}). */
    public static List<byte[]> listColumnFamilies(DbSpec options, Path path) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(path, "path");
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocateFrom(path.toAbsolutePath().toString());
            MemorySegment o = arena.allocateFrom(options.values().toString());
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_list_column_families(p, o, MemorySegment.NULL, 0, size, count, error);
            if (rc != 0) throw Errors.toException(rc, error);
            MemorySegment buffer = arena.allocate(Math.max(1, size.get(ValueLayout.JAVA_LONG, 0)));
            rc = panrocks_h.panrocks_list_column_families(p, o, buffer, buffer.byteSize(), size, count, error);
            if (rc != 0) throw Errors.toException(rc, error);
            List<byte[]> names = new ArrayList<>();
            long at = 0;
            for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                int length = buffer.get(ValueLayout.JAVA_INT_UNALIGNED, at);
                names.add(buffer.asSlice(at + 4, length).toArray(ValueLayout.JAVA_BYTE));
                at += 4 + length;
            }
            return names;
        }
    }

    public static MemorySegment cString(Arena arena, byte[] bytes) {
        MemorySegment s = arena.allocate(bytes.length + 1L);
        MemorySegment.copy(bytes, 0, s, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return s;
    }
}
