package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Column family management behind {@link RocksDB} (a cold path): create,
 * create several, drop. Handles are wrapped by the DB, which owns them.
 */
final class ColumnFamilies {
    private final RocksDB owner;
    private final NativeDb db;

    ColumnFamilies(RocksDB owner, NativeDb db) {
        this.owner = owner;
        this.db = db;
    }

    ColumnFamilyHandle create(ColumnFamilyDescriptor descriptor) throws RocksDBException {
        return create(descriptor, null);
    }

    /** ttl: null for a plain family; seconds for one of a TTL DB (TtlDB.createColumnFamilyWithTtl) */
    ColumnFamilyHandle create(ColumnFamilyDescriptor descriptor, Integer ttl) throws RocksDBException {
        Objects.requireNonNull(descriptor, "descriptor");
        BlockBasedTableConfig table = descriptor.getOptions().tableFormatConfig();
        Cache cache = table == null ? null : table.blockCache();
        // the cache stays locked against closing while the family takes its reference
        if (cache == null) return create(descriptor, MemorySegment.NULL, ttl);
        return cache.withHandle(h -> create(descriptor, h, ttl));
    }

    private ColumnFamilyHandle create(ColumnFamilyDescriptor descriptor, MemorySegment cache, Integer ttl)
            throws RocksDBException {
        CallContext c = db.enter();
        // Java callbacks: bound for this DB; it owns them from here (a failed creation
        // leaves them unused until the DB's close releases them)
        Callbacks.Bound bound = new Callbacks.Bound();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = panrocks_cf_descriptor.allocate(arena);
            panrocks_cf_descriptor.name(d, Opener.cString(arena, descriptor.nameBytes()));
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
            if (table != null) panrocks_cf_descriptor.table_options(d, arena.allocateFrom(table.optionString()));
            panrocks_cf_descriptor.block_cache(d, cache);
            Opener.cfPaths(arena, d, descriptor.getOptions().cfPaths());
            int rc = ttl == null ? panrocks_h.panrocks_create_column_family(db.handle(), d, c.size, c.error)
                    : panrocks_h.panrocks_create_column_family_with_ttl(db.handle(), d, ttl, c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return owner.wrapFamily(c.size.get(ValueLayout.ADDRESS, 0), false);
        } finally {
            db.exit(c);
        }
    }

    List<ColumnFamilyHandle> createAll(List<ColumnFamilyDescriptor> descriptors) throws RocksDBException {
        Objects.requireNonNull(descriptors, "descriptors");
        List<ColumnFamilyDescriptor> copy = new ArrayList<>(descriptors);
        for (ColumnFamilyDescriptor d : copy) Objects.requireNonNull(d, "descriptors must not contain null");
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        for (ColumnFamilyDescriptor d : copy) handles.add(create(d));
        return handles;
    }

    void drop(ColumnFamilyHandle family) throws RocksDBException {
        Objects.requireNonNull(family, "columnFamily");
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_drop_column_family(db.handle(), family.nativeHandle(db), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }
}
