package io.panrocks;

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
    java.util.List<DbPath> dbPaths = java.util.List.of();
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
