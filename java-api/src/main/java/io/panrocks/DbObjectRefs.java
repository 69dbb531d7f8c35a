package io.panrocks;

import io.panrocks.internal.open.DbObjects;

import java.util.List;

/**
 * The objects set on a DB's options (a {@link DBOptions} or {@link Options}):
 * statistics, rate limiter, SST file manager, write buffer manager, row
 * cache, environment, data paths, logger, compaction service. They cannot
 * be option strings. The options' getters return the very objects set here;
 * an open receives their native sides ({@link #natives()}).
 */
final class DbObjectRefs {
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

    DbObjectRefs() {
    }

    /** A copy of other: the same objects. */
    DbObjectRefs(DbObjectRefs other) {
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

    /** The objects in the engine side's terms, for an open: the native side of each (read now). */
    DbObjects natives() {
        return new DbObjects(statistics == null ? null : statistics.shared,
                rateLimiter == null ? null : rateLimiter.shared,
                sstFileManager == null ? null : sstFileManager.shared,
                writeBufferManager == null ? null : writeBufferManager.shared,
                rowCache == null ? null : rowCache.shared,
                env == null ? null : env.shared(),
                logger, compactionService);
    }

    /**
     * Of a statistics object of one's own: a view of a DB's cannot be given to another DB.
     *
     * @param statistics the statistics, or null
     * @return statistics
     * @throws IllegalArgumentException if it is the view of an open DB's statistics
     */
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
