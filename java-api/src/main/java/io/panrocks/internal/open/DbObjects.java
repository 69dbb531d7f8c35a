package io.panrocks.internal.open;

import io.panrocks.CompactionService;
import io.panrocks.internal.OpenResources;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.callbacks.Callbacks;
import io.panrocks.internal.callbacks.CompactionServiceBinding;
import io.panrocks.internal.callbacks.LoggerBinding;
import io.panrocks.internal.ffi.panrocks_open_resources;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The native objects a DB's options refer to: statistics, rate
 * limiter, SST file manager, write buffer manager, row cache, environment.
 * They cannot be option strings; the open passes them as
 * {@code panrocks_open_resources} and the DB takes its own reference to
 * each. Made by the public options (which keep the objects the user set)
 * from the native side of each: its {@link SharedNative}, or null for none.
 *
 * @param statistics the statistics' native side (an object of one's own, never a DB's view), or null
 * @param rateLimiter the rate limiter's, or null
 * @param sstFileManager the SST file manager's, or null
 * @param writeBufferManager the write buffer manager's, or null
 * @param rowCache the row cache's, or null
 * @param env the environment's, or null for the default environment
 * @param logger a Logger (opaque here: bound through its port); null: RocksDB's own LOG file
 * @param compactionService the compaction service, or null: compactions run in the DB
 */
public record DbObjects(SharedNative statistics, SharedNative rateLimiter, SharedNative sstFileManager,
                        SharedNative writeBufferManager, SharedNative rowCache, SharedNative env, Object logger,
                        CompactionService compactionService) {
    /** what the public types keep package-private */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    /** No object: what a new column family of an open DB refers to. */
    public static final DbObjects NONE = new DbObjects(null, null, null, null, null, null, null, null);

    /**
     * The shared objects an open of these objects and families hands to the
     * engine, to lock while it opens: the families' block caches and
     * compaction thread limiters, then this DB's objects.
     */
    public OpenResources resources(List<FamilySpec> families) {
        OpenResources resources = new OpenResources();
        for (FamilySpec d : families) {
            TableSpec t = d.table();
            if (t != null && t.blockCache() != null) resources.add(t.blockCache());
            SharedNative limiter = d.limiter();
            if (limiter != null) resources.add(limiter);
        }
        if (statistics != null) resources.add(statistics);
        if (writeBufferManager != null) resources.add(writeBufferManager);
        if (rateLimiter != null) resources.add(rateLimiter);
        if (sstFileManager != null) resources.add(sstFileManager);
        if (rowCache != null) resources.add(rowCache);
        if (env != null) resources.add(env);
        return resources;
    }

    /** The handle of a compaction thread limiter, inside {@link OpenResources#withHandles}; NULL for null. */
    public static MemorySegment limiter(OpenResources resources, SharedNative limiter) {
        return limiter == null ? MemorySegment.NULL : resources.handle(limiter);
    }

    /**
     * The open request's {@code resources}, inside
     * {@link OpenResources#withHandles}: NULL when the DB refers to no
     * object. A Java logger and compaction service are bound here, into bound
     * (the DB owns it once open).
     *
     * @throws IllegalStateException if the logger is closed
     */
    public MemorySegment request(Arena arena, OpenResources resources, Callbacks.Bound bound) {
        if (statistics == null && writeBufferManager == null && rateLimiter == null && sstFileManager == null
                && rowCache == null && env == null && logger == null && compactionService == null) {
            return MemorySegment.NULL;
        }
        MemorySegment r = panrocks_open_resources.allocate(arena);
        if (statistics != null) panrocks_open_resources.statistics(r, resources.handle(statistics));
        if (writeBufferManager != null) {
            panrocks_open_resources.write_buffer_manager(r, resources.handle(writeBufferManager));
        }
        if (rateLimiter != null) panrocks_open_resources.rate_limiter(r, resources.handle(rateLimiter));
        if (sstFileManager != null) panrocks_open_resources.sst_file_manager(r, resources.handle(sstFileManager));
        if (rowCache != null) panrocks_open_resources.row_cache(r, resources.handle(rowCache));
        if (env != null) panrocks_open_resources.env(r, resources.handle(env));
        if (logger != null) panrocks_open_resources.info_log(r, bound.add(LoggerBinding.bind(PUBLIC.logPort(logger))).nativeHandle());
        if (compactionService != null) {
            panrocks_open_resources.compaction_service(r,
                    bound.add(CompactionServiceBinding.bind(compactionService)).nativeHandle());
        }
        return r;
    }
}
