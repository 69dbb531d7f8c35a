package io.panrocks;

import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.open.DbObjects;
import io.panrocks.internal.open.DbSpec;
import io.panrocks.internal.options.OptionValues;

import java.util.List;

/**
 * DB-wide options for opening a DB with several column families, as
 * RocksJava's {@code DBOptions} (the families' own options are
 * {@link ColumnFamilyOptions}). A plain Java object: no native memory, no
 * closing needed; later changes do not affect an open DB.
 */
public final class DBOptions implements DBOptionsInterface<DBOptions>, AutoCloseable {
    final OptionValues values;
    /** statistics, rate limiter ... (objects, not option strings) */
    final ObjectRefs objects;

    /** DB-wide options with RocksDB's defaults. */
    public DBOptions() {
        values = new OptionValues();
        objects = new ObjectRefs();
    }

    /**
     * The DB-wide part of an {@link Options}.
     *
     * @param options the options whose DB-wide settings are copied
     */
    public DBOptions(Options options) {
        values = new OptionValues(options.dbValues);
        objects = new ObjectRefs(options.objects);
        callbacks.listeners = options.callbacks.listeners; // callbacks
        callbacks.walFilter = options.callbacks.walFilter;
    }

    /**
     * A copy of other, as RocksJava's copy constructor: the option values are copied; the objects
     * set on it (statistics, rate limiter, listeners ...) are shared.
     *
     * @param other the options to copy
     */
    public DBOptions(DBOptions other) {
        values = new OptionValues(other.values);
        objects = new ObjectRefs(other.objects);
        callbacks.listeners = other.callbacks.listeners; // callbacks
        callbacks.walFilter = other.callbacks.walFilter;
    }

    // ---- callbacks: event listeners ----

    /** The Java callbacks (listeners) set on these options. */
    final CallbackOptions callbacks = new CallbackOptions();

    // ---- end of callbacks ----

    /**
     * DB-wide options from properties ({@code max_open_files=...}: RocksDB's
     * option names), as RocksJava's: null if RocksDB (or panrocks' checks of
     * a raw option) refuses a name or value.
     *
     * @param properties option names and values; not null or empty
     * @return the options, or null
     * @throws IllegalArgumentException if properties is null or empty
     */
    public static DBOptions getDBOptionsFromProps(java.util.Properties properties) {
        return getDBOptionsFromProps(new ConfigOptions(), properties);
    }

    /**
     * As {@link #getDBOptionsFromProps(java.util.Properties)}, read with {@code cfgOpts}.
     *
     * @param cfgOpts how the values are read; not null
     * @param properties option names and values; not null or empty
     * @return the options, or null
     * @throws IllegalArgumentException if properties is null or empty
     * @throws NullPointerException if cfgOpts is null
     */
    public static DBOptions getDBOptionsFromProps(ConfigOptions cfgOpts, java.util.Properties properties) {
        return OptionsUtil.fromProps(cfgOpts, properties, DBOptions::new, (o, nv) -> o.setRawDBOption(nv[0], nv[1]),
                io.panrocks.internal.ffi.panrocks_h.PANROCKS_OPTIONS_DB());
    }

    @Override
    public DBOptions setRawDBOption(String name, String value) {
        values.put(name, value);
        return this;
    }

    /** These options in the engine side's terms, for an open (their objects read now). */
    DbSpec spec() {
        return new DbSpec(callbacks, values, objects.natives(), rawDBOption("wal_dir"), dbPaths(), statisticsEnabled());
    }

    @Override
    public String rawDBOption(String name) {
        return values.get(java.util.Objects.requireNonNull(name, "name"));
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "DBOptions{" + values + objects + "}";
    }

    // ---- the typed self that the interface's object setters return ----------

    @Override
    public DBOptions self() {
        return this;
    }

    /**
     * The objects set on a DB's options (a {@link DBOptions} or {@link Options}):
     * statistics, rate limiter, SST file manager, write buffer manager, row
     * cache, environment, data paths, logger, compaction service. They cannot
     * be option strings. The options' getters return the very objects set here;
     * an open receives their native sides ({@link #natives()}).
     */
    static final class ObjectRefs {
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

        ObjectRefs() {
        }

        /** A copy of other: the same objects. */
        ObjectRefs(ObjectRefs other) {
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
}
