package io.panrocks.internal.open;

import io.panrocks.LiveFileMetaData;
import io.panrocks.RocksDBException;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.FamilyHandle;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.OpenResources;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.callbacks.Callbacks;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Column family management behind the DB's facade (a cold path): create,
 * create several, drop. The families arrive as {@link FamilySpec}s (the
 * facade checked them); a new family's handle object is made by the facade's
 * {@code wrap} (the DB owns it).
 *
 * @param <H> the facade's handle type
 */
public final class ColumnFamilies<H> {
    /** the DB's facade, shown to the listeners of a new family's callbacks */
    private final Object owner;
    private final NativeDb db;
    private final Function<MemorySegment, H> wrap;

    /**
     * The families of db.
     *
     * @param owner the DB's facade
     * @param db the DB
     * @param wrap makes the handle object of a new family's native handle
     */
    public ColumnFamilies(Object owner, NativeDb db, Function<MemorySegment, H> wrap) {
        this.owner = owner;
        this.db = db;
        this.wrap = wrap;
    }

    public H create(FamilySpec descriptor) throws RocksDBException {
        return create(descriptor, null);
    }

    /** ttl: null for a plain family; seconds for one of a TTL DB (TtlDB.createColumnFamilyWithTtl) */
    public H create(FamilySpec descriptor, Integer ttl) throws RocksDBException {
        return create(descriptor, ttl, null);
    }

    /**
     * RocksJava's createColumnFamilyWithImport: a new family made of exported
     * files (the facade checked the arguments).
     *
     * @param descriptor the new family
     * @param move whether the files are moved into the DB (else copied or linked)
     * @param exports the native side of each export, at least one, in order
     * @param files the files of each export, in the same order
     * @return the new family's handle
     * @throws IllegalArgumentException if a file to move is in use in this process
     * @throws IllegalStateException if an export is closed
     * @throws RocksDBException as the engine says
     */
    public H createWithImport(FamilySpec descriptor, boolean move, List<SharedNative> exports,
                              List<List<LiveFileMetaData>> files) throws RocksDBException {
        if (move) {
            // a move links each file into the DB, then removes its name in the export: never a name in a folder
            // a DB, backup or checkpoint of this process uses (another name of the file, as an export's hard
            // link of the source DB's file, keeps its data; RocksDB rewrites nothing in an imported file)
            for (List<LiveFileMetaData> m : files) {
                for (LiveFileMetaData f : m) {
                    String user = io.panrocks.internal.OpenPaths.userOfFolderOf(Path.of(f.path(), f.fileName()));
                    if (user != null) {
                        throw new IllegalArgumentException("cannot move a file that is in use in this process: " + user);
                    }
                }
            }
        }
        return create(descriptor, null, new Import(List.copyOf(exports), move));
    }

    /** The exports a new family is made of, by their native sides (null: an empty family). */
    private record Import(List<SharedNative> exports, boolean moveFiles) {
    }

    private H create(FamilySpec descriptor, Integer ttl, Import imported) throws RocksDBException {
        TableSpec table = descriptor.table();
        SharedNative cache = table == null ? null : table.blockCache();
        SharedNative limiter = descriptor.limiter();
        if (cache == null && limiter == null && imported == null) {
            return create(descriptor, MemorySegment.NULL, MemorySegment.NULL, ttl, null, null);
        }
        // the cache, the limiter and the exports stay locked against closing while the family takes its references
        OpenResources resources = DbObjects.NONE.resources(List.of(descriptor));
        if (imported != null) for (SharedNative m : imported.exports()) resources.add(m);
        return resources.withHandles(() -> create(descriptor, cache == null ? MemorySegment.NULL : resources.handle(cache),
                DbObjects.limiter(resources, limiter), ttl, imported, resources));
    }

    private H create(FamilySpec descriptor, MemorySegment cache, MemorySegment limiter, Integer ttl, Import imported,
                     OpenResources resources) throws RocksDBException {
        CallContext c = db.enter();
        // Java callbacks: bound for this DB; it owns them from here (a failed creation
        // leaves them unused until the DB's close releases them)
        Callbacks.Bound bound = new Callbacks.Bound();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = panrocks_cf_descriptor.allocate(arena);
            panrocks_cf_descriptor.name(d, Opener.cString(arena, descriptor.name()));
            String options;
            try {
                options = Callbacks.familyOptionString(descriptor.callbacks(), descriptor.values(), bound);
            } catch (RuntimeException | Error e) {
                bound.release();
                throw e;
            }
            bound.attach(db, owner);
            panrocks_cf_descriptor.options(d, arena.allocateFrom(options));
            TableSpec table = descriptor.table();
            if (table != null) table.describe(arena, d);
            panrocks_cf_descriptor.block_cache(d, cache);
            panrocks_cf_descriptor.compaction_thread_limiter(d, limiter);
            Opener.cfPaths(arena, d, descriptor.paths());
            int rc;
            if (imported != null) {
                List<SharedNative> exports = imported.exports();
                MemorySegment array = arena.allocate(ValueLayout.ADDRESS, exports.size());
                for (int i = 0; i < exports.size(); i++) {
                    array.setAtIndex(ValueLayout.ADDRESS, i, resources.handle(exports.get(i)));
                }
                rc = panrocks_h.panrocks_create_column_family_with_import(db.handle(), d, imported.moveFiles() ? 1 : 0,
                        array, exports.size(), c.size, c.error);
            } else if (ttl == null) {
                rc = panrocks_h.panrocks_create_column_family(db.handle(), d, c.size, c.error);
            } else {
                rc = panrocks_h.panrocks_create_column_family_with_ttl(db.handle(), d, ttl, c.size, c.error);
            }
            if (rc != 0) throw c.failure(rc);
            return wrap.apply(c.size.get(ValueLayout.ADDRESS, 0));
        } finally {
            db.exit(c);
        }
    }

    public List<H> createAll(List<FamilySpec> descriptors) throws RocksDBException {
        List<H> handles = new ArrayList<>();
        for (FamilySpec d : descriptors) handles.add(create(d));
        return handles;
    }

    /**
     * Drops a family (its handle stays usable for reads of what it held until closed, as RocksDB's).
     *
     * @param family the family's engine side, not null
     * @throws RocksDBException as the engine says
     */
    public void drop(FamilyHandle family) throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_drop_column_family(db.handle(), FamilyHandle.nativeHandle(family, db), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }
}
