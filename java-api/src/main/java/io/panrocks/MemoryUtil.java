package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How much memory DBs and caches use, by kind (RocksDB's and RocksJava's
 * {@code MemoryUtil}).
 */
public final class MemoryUtil {
    private MemoryUtil() {
    }

    /**
     * RocksDB's {@code MemoryUtil::GetApproximateMemoryUsageByType}: the
     * memory of the memtables, table readers and caches of {@code dbs}, and
     * of {@code caches}, by kind. A cache used by a DB and also listed is
     * counted once; a DB listed twice, once. The map holds the kinds RocksDB
     * reported: none for no DB and no cache (as RocksJava's).
     *
     * @param dbs open DBs, or null for none
     * @param caches caches, or null for none
     * @return the bytes of each kind reported (a new, modifiable map)
     * @throws NullPointerException if a list entry is null
     * @throws IllegalStateException if a DB or a cache is closed
     * @throws UncheckedRocksDBException if the engine failed (RocksDB's
     *         status in its cause; RocksJava's signature declares no checked exception)
     */
    public static Map<MemoryUsageType, Long> getApproximateMemoryUsageByType(List<RocksDB> dbs, Set<Cache> caches) {
        List<NativeDb> engines = distinctEngines(dbs == null ? List.of() : dbs);
        List<SharedNative> shared = new ArrayList<>();
        if (caches != null) {
            Map<SharedNative, Boolean> seen = new IdentityHashMap<>();
            for (Cache cache : caches) {
                SharedNative s = Objects.requireNonNull(cache, "caches must not contain null").shared;
                if (seen.put(s, Boolean.TRUE) == null) shared.add(s);
            }
        }
        shared.sort(Comparator.comparingLong(s -> s.order)); // the one lock order of shared natives
        List<CallContext> entered = new ArrayList<>(engines.size());
        try {
            for (NativeDb engine : engines) entered.add(engine.enter());
            return withCaches(engines, shared, 0, new MemorySegment[shared.size()]);
        } finally {
            for (int i = entered.size() - 1; i >= 0; i--) engines.get(i).exit(entered.get(i));
        }
    }

    private static List<NativeDb> distinctEngines(Collection<RocksDB> dbs) {
        Map<NativeDb, Boolean> seen = new IdentityHashMap<>();
        List<NativeDb> out = new ArrayList<>();
        for (RocksDB db : dbs) {
            NativeDb engine = Objects.requireNonNull(db, "dbs must not contain null").nativeDb();
            if (seen.put(engine, Boolean.TRUE) == null) out.add(engine);
        }
        return out;
    }

    /** Holds the caches' locks (in their order), then makes the call with every handle. */
    private static Map<MemoryUsageType, Long> withCaches(List<NativeDb> engines, List<SharedNative> caches, int next,
                                                         MemorySegment[] handles) {
        if (next < caches.size()) {
            return caches.get(next).withHandle(h -> {
                handles[next] = h;
                return withCaches(engines, caches, next + 1, handles);
            });
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dbArray = arena.allocate(ValueLayout.ADDRESS, Math.max(1, engines.size()));
            for (int i = 0; i < engines.size(); i++) dbArray.setAtIndex(ValueLayout.ADDRESS, i, engines.get(i).handle());
            MemorySegment cacheArray = arena.allocate(ValueLayout.ADDRESS, Math.max(1, handles.length));
            for (int i = 0; i < handles.length; i++) cacheArray.setAtIndex(ValueLayout.ADDRESS, i, handles[i]);
            int kinds = panrocks_h.PANROCKS_MEMORY_USAGE_TYPES();
            MemorySegment usage = arena.allocate(ValueLayout.JAVA_LONG, kinds);
            MemorySegment reported = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment error = arena.allocate(panrocks_error.sizeof());
            int rc = panrocks_h.panrocks_memory_usage_by_type(dbArray, engines.size(), cacheArray, handles.length,
                    usage, reported, error);
            if (rc != 0) throw new UncheckedRocksDBException(Errors.toException(rc, error));
            Map<MemoryUsageType, Long> out = new EnumMap<>(MemoryUsageType.class);
            int mask = reported.get(ValueLayout.JAVA_INT, 0);
            for (int i = 0; i < kinds; i++) {
                if ((mask & (1 << i)) != 0) {
                    out.put(MemoryUsageType.getMemoryUsageType((byte) i), usage.getAtIndex(ValueLayout.JAVA_LONG, i));
                }
            }
            return out;
        }
    }
}
