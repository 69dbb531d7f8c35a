package io.panrocks;

import io.panrocks.internal.OpenResources;
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
 * limiter, SST file manager, write buffer manager, row cache. They cannot
 * be option strings; the open passes them as {@code panrocks_open_resources}
 * and the DB takes its own reference to each.
 */
final class DbObjects {
    Statistics statistics;
    RateLimiter rateLimiter;
    SstFileManager sstFileManager;
    WriteBufferManager writeBufferManager;
    Cache rowCache;
    /** null: the default environment */
    Env env;
    /** RocksDB's db_paths (not an option string: the engine parses none) */
    List<DbPath> dbPaths = List.of();
    /** null: RocksDB's own LOG file */
    Logger logger;
    /** null: compactions run in the DB */
    CompactionService compactionService;

    DbObjects() {
    }

    /** The objects of a DBOptions or Options (the interface's setters store them here). */
    static DbObjects of(DBOptionsInterface<?> options) {
        if (options instanceof DBOptions d) return d.objects;
        if (options instanceof Options o) return o.objects;
        throw new IllegalArgumentException("unknown options class " + options.getClass().getName());
    }

    DbObjects(DbObjects other) {
        statistics = other.statistics;
        rateLimiter = other.rateLimiter;
        sstFileManager = other.sstFileManager;
        writeBufferManager = other.writeBufferManager;
        rowCache = other.rowCache;
        env = other.env;
        dbPaths = other.dbPaths;
        logger = other.logger;
        compactionService = other.compactionService;
    }

    /**
     * The shared objects an open of these objects and families hands to the
     * engine, to lock while it opens: the families' block caches and
     * compaction thread limiters, then this DB's objects.
     */
    OpenResources resources(List<ColumnFamilyDescriptor> families) {
        OpenResources resources = new OpenResources();
        for (ColumnFamilyDescriptor d : families) {
            BlockBasedTableConfig t = d.getOptions().tableFormatConfig();
            if (t != null && t.blockCache() != null) resources.add(t.blockCache().shared);
            ConcurrentTaskLimiter limiter = d.getOptions().compactionThreadLimiter();
            if (limiter != null) resources.add(shared(limiter));
        }
        if (statistics != null) resources.add(statistics.shared);
        if (writeBufferManager != null) resources.add(writeBufferManager.shared);
        if (rateLimiter != null) resources.add(rateLimiter.shared);
        if (sstFileManager != null) resources.add(sstFileManager.shared);
        if (rowCache != null) resources.add(rowCache.shared);
        if (env != null) resources.add(env.shared());
        return resources;
    }

    /** The handle of a compaction thread limiter, inside {@link OpenResources#withHandles}; NULL for null. */
    static MemorySegment limiter(OpenResources resources, ConcurrentTaskLimiter limiter) {
        return limiter == null ? MemorySegment.NULL : resources.handle(shared(limiter));
    }

    private static SharedNative shared(ConcurrentTaskLimiter limiter) {
        return ((ConcurrentTaskLimiterImpl) limiter).shared; // the sealed class's only kind
    }

    /**
     * The open request's {@code resources}, inside
     * {@link OpenResources#withHandles}: NULL when the DB refers to no
     * object. A Java logger and compaction service are bound here, into bound
     * (the DB owns it once open).
     *
     * @throws IllegalStateException if the logger is closed
     */
    MemorySegment request(Arena arena, OpenResources resources, Callbacks.Bound bound) {
        if (statistics == null && writeBufferManager == null && rateLimiter == null && sstFileManager == null
                && rowCache == null && env == null && logger == null && compactionService == null) {
            return MemorySegment.NULL;
        }
        MemorySegment r = panrocks_open_resources.allocate(arena);
        if (statistics != null) panrocks_open_resources.statistics(r, resources.handle(statistics.shared));
        if (writeBufferManager != null) {
            panrocks_open_resources.write_buffer_manager(r, resources.handle(writeBufferManager.shared));
        }
        if (rateLimiter != null) panrocks_open_resources.rate_limiter(r, resources.handle(rateLimiter.shared));
        if (sstFileManager != null) panrocks_open_resources.sst_file_manager(r, resources.handle(sstFileManager.shared));
        if (rowCache != null) panrocks_open_resources.row_cache(r, resources.handle(rowCache.shared));
        if (env != null) panrocks_open_resources.env(r, resources.handle(env.shared()));
        if (logger != null) panrocks_open_resources.info_log(r, bound.add(LoggerBinding.bind(logger)).nativeHandle());
        if (compactionService != null) {
            panrocks_open_resources.compaction_service(r,
                    bound.add(CompactionServiceBinding.bind(compactionService)).nativeHandle());
        }
        return r;
    }

    /** Of a statistics object of one's own: a view of a DB's cannot be given to another DB. */
    static Statistics ownStatistics(Statistics statistics) {
        if (statistics != null && statistics.shared == null) {
            throw new IllegalArgumentException("the statistics view of an open DB cannot be given to another DB: "
                    + "create a Statistics object and give it to both");
        }
        return statistics;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (statistics != null) sb.append(";statistics");
        if (rateLimiter != null) sb.append(";rate_limiter");
        if (sstFileManager != null) sb.append(";sst_file_manager");
        if (writeBufferManager != null) sb.append(";write_buffer_manager");
        if (rowCache != null) sb.append(";row_cache=").append(rowCache.capacity());
        if (env != null) sb.append(";env=").append(env);
        if (!dbPaths.isEmpty()) sb.append(";db_paths=").append(dbPaths);
        if (logger != null) sb.append(";info_log=").append(logger.getClass().getName());
        if (compactionService != null) sb.append(";compaction_service=").append(compactionService.getClass().getName());
        return sb.toString();
    }
}
