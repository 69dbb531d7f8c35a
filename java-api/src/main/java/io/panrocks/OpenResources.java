package io.panrocks;

import io.panrocks.internal.SharedNative;
import io.panrocks.internal.ffi.panrocks_open_resources;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shared native objects an open hands to the engine: the
 * families' block caches and compaction thread limiters and the DB's statistics, write buffer manager, rate
 * limiter, SST file manager and row cache. Each is locked while the DB opens
 * (so none can be closed before the DB has taken its own reference), in
 * creation order, so two opens sharing objects never wait for each other.
 */
final class OpenResources {
    private final List<SharedNative> all = new ArrayList<>();
    private final DbObjects objects;
    private final Map<SharedNative, MemorySegment> handles = new IdentityHashMap<>();

    OpenResources(DbObjects objects, List<ColumnFamilyDescriptor> families) {
        this.objects = objects;
        for (ColumnFamilyDescriptor d : families) {
            BlockBasedTableConfig t = d.getOptions().tableFormatConfig();
            if (t != null && t.blockCache() != null) add(t.blockCache().shared);
            ConcurrentTaskLimiter limiter = d.getOptions().compactionThreadLimiter();
            if (limiter != null) add(shared(limiter));
        }
        if (objects.statistics != null) add(objects.statistics.shared);
        if (objects.writeBufferManager != null) add(objects.writeBufferManager.shared);
        if (objects.rateLimiter != null) add(objects.rateLimiter.shared);
        if (objects.sstFileManager != null) add(objects.sstFileManager.shared);
        if (objects.rowCache != null) add(objects.rowCache.shared);
        if (objects.env != null) add(objects.env.shared());
        all.sort(Comparator.comparingLong(s -> s.order));
    }

    /** Adds s to the objects locked (kept in creation order). */
    void add(SharedNative s) {
        for (SharedNative t : all) if (t == s) return;
        all.add(s);
        all.sort(Comparator.comparingLong(t -> t.order));
    }

    /** The handle of any object added, inside {@link #withHandles}. */
    MemorySegment handle(SharedNative s) {
        return handles.get(s);
    }

    /** What runs while every object is locked and its handle known. */
    interface Action<T> {
        T run() throws RocksDBException;
    }

    /**
     * Runs action with every object locked.
     *
     * @throws IllegalStateException naming the object if one is closed
     */
    <T> T withHandles(Action<T> action) throws RocksDBException {
        return withHandles(0, action);
    }

    private <T> T withHandles(int i, Action<T> action) throws RocksDBException {
        if (i == all.size()) return action.run();
        SharedNative s = all.get(i);
        return s.withHandle(h -> {
            handles.put(s, h);
            return withHandles(i + 1, action);
        });
    }

    /** The handle of a compaction thread limiter, inside {@link #withHandles}; NULL for null. */
    MemorySegment limiter(ConcurrentTaskLimiter limiter) {
        return limiter == null ? MemorySegment.NULL : handles.get(shared(limiter));
    }

    private static SharedNative shared(ConcurrentTaskLimiter limiter) {
        return ((ConcurrentTaskLimiterImpl) limiter).shared; // the sealed class's only kind
    }

    /** The handle of a block cache, inside {@link #withHandles}. */
    MemorySegment cache(Cache cache) {
        return handles.get(cache.shared);
    }

    /**
     * The open request's {@code resources}: NULL when the DB refers to no
     * object. A Java logger and compaction service are bound here, into bound (the DB owns it once open).
     *
     * @throws IllegalStateException if the logger is closed
     */
    MemorySegment request(Arena arena, Callbacks.Bound bound) {
        DbObjects o = objects;
        if (o.statistics == null && o.writeBufferManager == null && o.rateLimiter == null && o.sstFileManager == null
                && o.rowCache == null && o.env == null && o.logger == null && o.compactionService == null) {
            return MemorySegment.NULL;
        }
        MemorySegment r = panrocks_open_resources.allocate(arena);
        if (o.statistics != null) panrocks_open_resources.statistics(r, handles.get(o.statistics.shared));
        if (o.writeBufferManager != null) {
            panrocks_open_resources.write_buffer_manager(r, handles.get(o.writeBufferManager.shared));
        }
        if (o.rateLimiter != null) panrocks_open_resources.rate_limiter(r, handles.get(o.rateLimiter.shared));
        if (o.sstFileManager != null) panrocks_open_resources.sst_file_manager(r, handles.get(o.sstFileManager.shared));
        if (o.rowCache != null) panrocks_open_resources.row_cache(r, handles.get(o.rowCache.shared));
        if (o.env != null) panrocks_open_resources.env(r, handles.get(o.env.shared()));
        if (o.logger != null) panrocks_open_resources.info_log(r, bound.add(LoggerBinding.bind(o.logger)).nativeHandle());
        if (o.compactionService != null) {
            panrocks_open_resources.compaction_service(r,
                    bound.add(CompactionServiceBinding.bind(o.compactionService)).nativeHandle());
        }
        return r;
    }
}
