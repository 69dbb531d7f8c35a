package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The cold paths behind {@link RocksDB}'s table properties: each runs
 * inside a call (so the DB's close waits for it) and copies what the
 * engine answered into Java objects before it returns.
 */
final class Tables {
    private final NativeDb db;

    Tables(NativeDb db) {
        this.db = db;
    }


    Map<String, TableProperties> propertiesOfAllTables(ColumnFamilyHandle columnFamily) throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_properties_of_all_tables(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return TablePropertiesCodec.collection(c.size.get(ValueLayout.ADDRESS, 0));
        } finally {
            db.exit(c);
        }
    }

    Map<String, TableProperties> propertiesOfTablesInRange(ColumnFamilyHandle columnFamily, List<Range> ranges)
            throws RocksDBException {
        List<Range> copy = new ArrayList<>(Objects.requireNonNull(ranges, "ranges")); // the caller's list may change
        for (Range r : copy) Objects.requireNonNull(r, "ranges must not contain null");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int n = copy.size();
            MemorySegment bounds = panrocks_slice.allocateArray(Math.max(2L * n, 1), arena);
            for (int i = 0; i < n; i++) {
                bound(panrocks_slice.asSlice(bounds, 2L * i), copy.get(i).start(), arena);
                bound(panrocks_slice.asSlice(bounds, 2L * i + 1), copy.get(i).limit(), arena);
            }
            int rc = panrocks_h.panrocks_properties_of_tables_in_range(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), bounds, n,
                    c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return TablePropertiesCodec.collection(c.size.get(ValueLayout.ADDRESS, 0));
        } finally {
            db.exit(c);
        }
    }

    private static void bound(MemorySegment slice, byte[] key, Arena arena) {
        panrocks_slice.data(slice, arena.allocateFrom(ValueLayout.JAVA_BYTE, key));
        panrocks_slice.size(slice, key.length);
    }
}
