package io.panrocks.internal.open;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.Cache;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ConcurrentTaskLimiter;
import io.panrocks.ExportImportFilesMetaData;
import io.panrocks.ImportColumnFamilyOptions;
import io.panrocks.LiveFileMetaData;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.OpenResources;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.callbacks.Callbacks;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Column family management behind {@link RocksDB} (a cold path): create,
 * create several, drop. Handles are wrapped by the DB, which owns them.
 */
public final class ColumnFamilies {
    /** what the public types keep package-private */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private final RocksDB owner;
    private final NativeDb db;

    public ColumnFamilies(RocksDB owner, NativeDb db) {
        this.owner = owner;
        this.db = db;
    }

    public ColumnFamilyHandle create(ColumnFamilyDescriptor descriptor) throws RocksDBException {
        return create(descriptor, null);
    }

    /** ttl: null for a plain family; seconds for one of a TTL DB (TtlDB.createColumnFamilyWithTtl) */
    public ColumnFamilyHandle create(ColumnFamilyDescriptor descriptor, Integer ttl) throws RocksDBException {
        return create(descriptor, ttl, null);
    }

    /** RocksJava's createColumnFamilyWithImport: a new family made of exported files. */
    public ColumnFamilyHandle createWithImport(ColumnFamilyDescriptor descriptor, ImportColumnFamilyOptions options,
                                               List<ExportImportFilesMetaData> metadata) throws RocksDBException {
        Objects.requireNonNull(descriptor, "columnFamilyDescriptor");
        Objects.requireNonNull(options, "importColumnFamilyOptions");
        List<ExportImportFilesMetaData> exports = List.copyOf(Objects.requireNonNull(metadata, "metadatas")); // NPE on null
        if (exports.isEmpty()) throw new IllegalArgumentException("metadatas is empty");
        boolean move = options.moveFiles();
        if (move) {
            // a move links each file into the DB, then removes its name in the export: never a name in a folder
            // a DB, backup or checkpoint of this process uses (another name of the file, as an export's hard
            // link of the source DB's file, keeps its data; RocksDB rewrites nothing in an imported file)
            for (ExportImportFilesMetaData m : exports) {
                for (LiveFileMetaData f : m.files()) {
                    String user = io.panrocks.internal.OpenPaths.userOfFolderOf(Path.of(f.path(), f.fileName()));
                    if (user != null) {
                        throw new IllegalArgumentException("cannot move a file that is in use in this process: " + user);
                    }
                }
            }
        }
        return create(descriptor, null, new Import(exports, move));
    }

    /** The exports a new family is made of (null: an empty family). */
    private record Import(List<ExportImportFilesMetaData> exports, boolean moveFiles) {
    }

    private ColumnFamilyHandle create(ColumnFamilyDescriptor descriptor, Integer ttl, Import imported)
            throws RocksDBException {
        Objects.requireNonNull(descriptor, "descriptor");
        BlockBasedTableConfig table = descriptor.getOptions().tableFormatConfig();
        Cache cache = table == null ? null : table.blockCache();
        ConcurrentTaskLimiter limiter = descriptor.getOptions().compactionThreadLimiter();
        if (cache == null && limiter == null && imported == null) {
            return create(descriptor, MemorySegment.NULL, MemorySegment.NULL, ttl, null, null);
        }
        // the cache, the limiter and the exports stay locked against closing while the family takes its references
        OpenResources resources = new DbObjects().resources(List.of(descriptor));
        if (imported != null) for (ExportImportFilesMetaData m : imported.exports()) resources.add(PUBLIC.shared(m));
        return resources.withHandles(() -> create(descriptor, cache == null ? MemorySegment.NULL : resources.handle(PUBLIC.shared(cache)),
                DbObjects.limiter(resources, limiter), ttl, imported, resources));
    }

    private ColumnFamilyHandle create(ColumnFamilyDescriptor descriptor, MemorySegment cache, MemorySegment limiter,
                                      Integer ttl, Import imported, OpenResources resources) throws RocksDBException {
        CallContext c = db.enter();
        // Java callbacks: bound for this DB; it owns them from here (a failed creation
        // leaves them unused until the DB's close releases them)
        Callbacks.Bound bound = new Callbacks.Bound();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = panrocks_cf_descriptor.allocate(arena);
            panrocks_cf_descriptor.name(d, Opener.cString(arena, PUBLIC.familyName(descriptor)));
            String options;
            try {
                options = Callbacks.familyOptionString(descriptor.getOptions(), bound);
            } catch (RuntimeException | Error e) {
                bound.release();
                throw e;
            }
            bound.attach(db, owner);
            panrocks_cf_descriptor.options(d, arena.allocateFrom(options));
            BlockBasedTableConfig table = descriptor.getOptions().tableFormatConfig();
            if (table != null) PUBLIC.describeTable(table, arena, d);
            panrocks_cf_descriptor.block_cache(d, cache);
            panrocks_cf_descriptor.compaction_thread_limiter(d, limiter);
            Opener.cfPaths(arena, d, descriptor.getOptions().cfPaths());
            int rc;
            if (imported != null) {
                List<ExportImportFilesMetaData> exports = imported.exports();
                MemorySegment array = arena.allocate(ValueLayout.ADDRESS, exports.size());
                for (int i = 0; i < exports.size(); i++) {
                    array.setAtIndex(ValueLayout.ADDRESS, i, resources.handle(PUBLIC.shared(exports.get(i))));
                }
                rc = panrocks_h.panrocks_create_column_family_with_import(db.handle(), d, imported.moveFiles() ? 1 : 0,
                        array, exports.size(), c.size, c.error);
            } else if (ttl == null) {
                rc = panrocks_h.panrocks_create_column_family(db.handle(), d, c.size, c.error);
            } else {
                rc = panrocks_h.panrocks_create_column_family_with_ttl(db.handle(), d, ttl, c.size, c.error);
            }
            if (rc != 0) throw c.failure(rc);
            return PUBLIC.wrapFamily(owner, c.size.get(ValueLayout.ADDRESS, 0), false);
        } finally {
            db.exit(c);
        }
    }

    public List<ColumnFamilyHandle> createAll(List<ColumnFamilyDescriptor> descriptors) throws RocksDBException {
        Objects.requireNonNull(descriptors, "descriptors");
        List<ColumnFamilyDescriptor> copy = new ArrayList<>(descriptors);
        for (ColumnFamilyDescriptor d : copy) Objects.requireNonNull(d, "descriptors must not contain null");
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        for (ColumnFamilyDescriptor d : copy) handles.add(create(d));
        return handles;
    }

    public void drop(ColumnFamilyHandle family) throws RocksDBException {
        Objects.requireNonNull(family, "columnFamily");
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_drop_column_family(db.handle(), PUBLIC.familyHandle(family, db), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }
}
