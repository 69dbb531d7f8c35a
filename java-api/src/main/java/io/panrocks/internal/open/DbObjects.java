package io.panrocks.internal.open;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.Cache;
import io.panrocks.CompactionService;
import io.panrocks.ConcurrentTaskLimiter;
import io.panrocks.DbPath;
import io.panrocks.Env;
import io.panrocks.RateLimiter;
import io.panrocks.SstFileManager;
import io.panrocks.Statistics;
import io.panrocks.WriteBufferManager;
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
 * limiter, SST file manager, write buffer manager, row cache. They cannot
 * be option strings; the open passes them as {@code panrocks_open_resources}
 * and the DB takes its own reference to each.
 */
public final class DbObjects {
    /** what the public types keep package-private */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    public Statistics statistics;
    public RateLimiter rateLimiter;
    public SstFileManager sstFileManager;
    public WriteBufferManager writeBufferManager;
    public Cache rowCache;
    /** null: the default environment */
    public Env env;
    /** RocksDB's db_paths (not an option string: the engine parses none) */
    public List<DbPath> dbPaths = List.of();
    /** a Logger (opaque here: bound through its port); null: RocksDB's own LOG file */
    public Object logger;
    /** null: compactions run in the DB */
    public CompactionService compactionService;

    public DbObjects() {
    }


    public DbObjects(DbObjects other) {
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
    public OpenResources resources(List<FamilySpec> families) {
        OpenResources resources = new OpenResources();
        for (FamilySpec d : families) {
            BlockBasedTableConfig t = d.table();
            if (t != null && t.blockCache() != null) resources.add(PUBLIC.shared(t.blockCache()));
            ConcurrentTaskLimiter limiter = d.limiter();
            if (limiter != null) resources.add(shared(limiter));
        }
        if (statistics != null) resources.add(PUBLIC.shared(statistics));
        if (writeBufferManager != null) resources.add(PUBLIC.shared(writeBufferManager));
        if (rateLimiter != null) resources.add(PUBLIC.shared(rateLimiter));
        if (sstFileManager != null) resources.add(PUBLIC.shared(sstFileManager));
        if (rowCache != null) resources.add(PUBLIC.shared(rowCache));
        if (env != null) resources.add(PUBLIC.shared(env));
        return resources;
    }

    /** The handle of a compaction thread limiter, inside {@link OpenResources#withHandles}; NULL for null. */
    public static MemorySegment limiter(OpenResources resources, ConcurrentTaskLimiter limiter) {
        return limiter == null ? MemorySegment.NULL : resources.handle(shared(limiter));
    }

    private static SharedNative shared(ConcurrentTaskLimiter limiter) {
        return PUBLIC.shared(limiter); // the sealed class's only kind
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
        if (statistics != null) panrocks_open_resources.statistics(r, resources.handle(PUBLIC.shared(statistics)));
        if (writeBufferManager != null) {
            panrocks_open_resources.write_buffer_manager(r, resources.handle(PUBLIC.shared(writeBufferManager)));
        }
        if (rateLimiter != null) panrocks_open_resources.rate_limiter(r, resources.handle(PUBLIC.shared(rateLimiter)));
        if (sstFileManager != null) panrocks_open_resources.sst_file_manager(r, resources.handle(PUBLIC.shared(sstFileManager)));
        if (rowCache != null) panrocks_open_resources.row_cache(r, resources.handle(PUBLIC.shared(rowCache)));
        if (env != null) panrocks_open_resources.env(r, resources.handle(PUBLIC.shared(env)));
        if (logger != null) panrocks_open_resources.info_log(r, bound.add(LoggerBinding.bind(PUBLIC.logPort(logger))).nativeHandle());
        if (compactionService != null) {
            panrocks_open_resources.compaction_service(r,
                    bound.add(CompactionServiceBinding.bind(compactionService)).nativeHandle());
        }
        return r;
    }

    /** Of a statistics object of one's own: a view of a DB's cannot be given to another DB. */
    public static Statistics ownStatistics(Statistics statistics) {
        if (statistics != null && PUBLIC.shared(statistics) == null) {
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
