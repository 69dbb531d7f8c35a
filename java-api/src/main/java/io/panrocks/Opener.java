package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.OpenPaths;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_open_request;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Opens a DB: turns the Java options into RocksDB option strings and a
 * {@code panrocks_open_request}, keeps the block caches alive during the
 * call, and wraps what comes back.
 */
final class Opener {
    private Opener() {
    }

    static final byte[] DEFAULT_FAMILY = "default".getBytes(StandardCharsets.UTF_8);

    /** Opens with the default family only, configured by options. */
    static RocksDB open(Options options, Path path, boolean readOnly, boolean errorIfWal) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        ColumnFamilyOptions defaultFamily = new ColumnFamilyOptions(options);
        // null: no handle objects for the caller; the DB's own default handle serves
        return open(new DBOptions(options), path,
                List.of(new ColumnFamilyDescriptor(DEFAULT_FAMILY, defaultFamily)), null, readOnly, errorIfWal);
    }

    static RocksDB open(DBOptions options, Path path, List<ColumnFamilyDescriptor> families,
                        List<ColumnFamilyHandle> handlesOut, boolean readOnly, boolean errorIfWal)
            throws RocksDBException {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(families, "columnFamilyDescriptors");
        if (handlesOut == null && families.size() != 1) throw new IllegalArgumentException("columnFamilyHandles is null");
        if (families.isEmpty()) throw new IllegalArgumentException("columnFamilyDescriptors must name at least \"default\"");
        for (ColumnFamilyDescriptor d : families) Objects.requireNonNull(d, "columnFamilyDescriptors must not contain null");
        NativeLibrary.ensureLoaded();
        NativeLibrary.refuseSecondEngine();
        Path absolute = path.toAbsolutePath();
        Path canonical = OpenPaths.canonical(path);
        List<LRUCache> caches = new ArrayList<>();
        for (ColumnFamilyDescriptor d : families) {
            BlockBasedTableConfig t = d.getOptions().tableFormatConfig();
            if (t != null && t.blockCache() != null && !caches.contains(t.blockCache())) caches.add(t.blockCache());
        }
        // A read-only DB takes no lock, in RocksDB as here: it may sit beside a writer.
        OpenPaths.Claim claim = null;
        if (!readOnly) {
            claim = OpenPaths.claim(canonical, absolute.toString());
            if (claim == null) throw alreadyOpen(absolute, canonical);
        }
        OpenPaths.Claim held = claim;
        boolean opened = false;
        try {
            RocksDB db = withCaches(caches, 0, new ArrayList<>(), cacheHandles -> openNow(options, absolute, canonical,
                    families, handlesOut, readOnly, errorIfWal, caches, cacheHandles, held));
            opened = true;
            return db;
        } finally {
            if (!opened && claim != null) claim.release();
        }
    }

    /** The refusal of a second writable open of one directory, with RocksDB's code for the same case. */
    private static RocksDBException alreadyOpen(Path path, Path canonical) {
        String holder = OpenPaths.holder(canonical);
        return new RocksDBException(new Status(Status.Code.IOError, Status.SubCode.None, Status.Severity.NoError,
                "lock " + canonical.resolve("LOCK") + ": the DB is already open in this process"
                        + (holder == null ? "" : " (as " + holder + ")")
                        + (path.equals(canonical) ? "" : "; " + path + " is the same directory")));
    }

    private interface OpenAction {
        RocksDB open(List<MemorySegment> cacheHandles) throws RocksDBException;
    }

    /** Holds every cache's handle (each cache locked against closing) while the DB opens. */
    private static RocksDB withCaches(List<LRUCache> caches, int i, List<MemorySegment> handles, OpenAction action)
            throws RocksDBException {
        if (i == caches.size()) return action.open(handles);
        return caches.get(i).withHandle(h -> {
            handles.add(h);
            return withCaches(caches, i + 1, handles, action);
        });
    }

    private static RocksDB openNow(DBOptions options, Path path, Path canonical, List<ColumnFamilyDescriptor> families,
                                   List<ColumnFamilyHandle> handlesOut, boolean readOnly, boolean errorIfWal,
                                   List<LRUCache> caches, List<MemorySegment> cacheHandles, OpenPaths.Claim claim)
            throws RocksDBException {
        // Java callbacks (issue 14): bound for this DB, released here unless it opens
        Callbacks.Bound bound = new Callbacks.Bound();
        boolean opened = false;
        try (Arena arena = Arena.ofConfined()) {
            int n = families.size();
            MemorySegment descriptors = panrocks_cf_descriptor.allocateArray(n, arena);
            for (int i = 0; i < n; i++) {
                ColumnFamilyDescriptor d = families.get(i);
                MemorySegment slot = panrocks_cf_descriptor.asSlice(descriptors, i);
                panrocks_cf_descriptor.name(slot, cString(arena, d.nameBytes()));
                panrocks_cf_descriptor.options(slot,
                        arena.allocateFrom(Callbacks.familyOptionString(d.getOptions(), bound)));
                BlockBasedTableConfig table = d.getOptions().tableFormatConfig();
                if (table != null) {
                    panrocks_cf_descriptor.table_options(slot, arena.allocateFrom(table.optionString()));
                    if (table.blockCache() != null) {
                        panrocks_cf_descriptor.block_cache(slot, cacheHandles.get(caches.indexOf(table.blockCache())));
                    }
                }
            }
            MemorySegment request = panrocks_open_request.allocate(arena);
            // the canonical path, so that RocksDB's own lock registry sees one DB as one
            panrocks_open_request.path(request, arena.allocateFrom(canonical.toString()));
            panrocks_open_request.db_options(request, arena.allocateFrom(Callbacks.dbOptionString(options, bound)));
            panrocks_open_request.mode(request, readOnly
                    ? panrocks_h.PANROCKS_OPEN_READ_ONLY() : panrocks_h.PANROCKS_OPEN_READ_WRITE());
            panrocks_open_request.error_if_wal_file_exists(request, errorIfWal ? 1 : 0);
            panrocks_open_request.enable_statistics(request, options.statisticsEnabled() ? 1 : 0);
            panrocks_open_request.cf_count(request, n);
            panrocks_open_request.cfs(request, descriptors);

            MemorySegment dbOut = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment handlesArray = arena.allocate(ValueLayout.ADDRESS, n);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_open(request, dbOut, handlesArray, error);
            if (rc != 0) throw Errors.toException(rc, error);

            NativeDb db = new NativeDb(dbOut.get(ValueLayout.ADDRESS, 0), path.toString(), claim);
            opened = true;
            RocksDB rocks = new RocksDB(db, path, readOnly, options);
            bound.attach(db, rocks); // the DB releases them once its engine is closed
            if (handlesOut == null) return rocks;
            handlesOut.clear();
            for (int i = 0; i < n; i++) {
                MemorySegment h = handlesArray.getAtIndex(ValueLayout.ADDRESS, i);
                handlesOut.add(rocks.wrapFamily(h, h.equals(db.defaultFamily())));
            }
            return rocks;
        } finally {
            if (!opened) bound.release(); // no engine refers to them
        }
    }

    /** The names of the families of the DB at path (RocksJava's {@code listColumnFamilies}). */
    static List<byte[]> listColumnFamilies(DBOptions options, Path path) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(path, "path");
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocateFrom(path.toAbsolutePath().toString());
            MemorySegment o = arena.allocateFrom(options.values.toString());
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

    static MemorySegment cString(Arena arena, byte[] bytes) {
        MemorySegment s = arena.allocate(bytes.length + 1L);
        MemorySegment.copy(bytes, 0, s, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return s;
    }
}
