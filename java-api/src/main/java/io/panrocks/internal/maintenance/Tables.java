package io.panrocks.internal.maintenance;

import io.panrocks.RocksDBException;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.FamilyHandle;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

/**
 * The cold paths behind {@code RocksDB}'s table properties: each runs
 * inside a call (so the DB's close waits for it) and copies what the
 * engine answered into Java objects (made by the caller's
 * {@link TablePropertiesCodec.Maker}) before it returns.
 */
public final class Tables {
    private final NativeDb db;

    public Tables(NativeDb db) {
        this.db = db;
    }

    public <T> Map<String, T> propertiesOfAllTables(FamilyHandle columnFamily, TablePropertiesCodec.Maker<T> maker)
            throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_properties_of_all_tables(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return TablePropertiesCodec.collection(c.size.get(ValueLayout.ADDRESS, 0), maker);
        } finally {
            db.exit(c);
        }
    }

    /** The properties of the tables overlapping the ranges {@code [starts[i], limits[i])}. */
    public <T> Map<String, T> propertiesOfTablesInRange(FamilyHandle columnFamily, byte[][] starts, byte[][] limits,
                                                        TablePropertiesCodec.Maker<T> maker) throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int n = starts.length;
            MemorySegment bounds = panrocks_slice.allocateArray(Math.max(2L * n, 1), arena);
            for (int i = 0; i < n; i++) {
                bound(panrocks_slice.asSlice(bounds, 2L * i), starts[i], arena);
                bound(panrocks_slice.asSlice(bounds, 2L * i + 1), limits[i], arena);
            }
            int rc = panrocks_h.panrocks_properties_of_tables_in_range(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), bounds, n,
                    c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return TablePropertiesCodec.collection(c.size.get(ValueLayout.ADDRESS, 0), maker);
        } finally {
            db.exit(c);
        }
    }

    private static void bound(MemorySegment slice, byte[] key, Arena arena) {
        panrocks_slice.data(slice, arena.allocateFrom(ValueLayout.JAVA_BYTE, key));
        panrocks_slice.size(slice, key.length);
    }
}
