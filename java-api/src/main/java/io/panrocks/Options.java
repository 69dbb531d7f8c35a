package io.panrocks;

import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.options.OptionValues;

/**
 * How to open a DB: the DB-wide options and those of the default column
 * family together, as RocksJava's {@code Options}. Defaults are RocksDB's.
 *
 * <p>A plain Java object: it owns no native memory and needs no closing
 * ({@code close()} is a no-op kept for RocksJava code). Every setter
 * validates its value at once, with an {@link IllegalArgumentException}
 * that names the option. The DB reads the options when it opens; later
 * changes do not affect an open DB.
 */
public final class Options implements DBOptionsInterface<Options>, ColumnFamilyOptionsInterface<Options>,
        AutoCloseable {
    /**
     * Default size up to which adaptive reads copy rather than pin, chosen by
     * measurement on the reference machine (AdaptiveThresholdBenchmark, see
     * docs/benchmarks.md): below it a copy is cheaper than the second
     * crossing that releasing a pin costs.
     */
    public static final long DEFAULT_ADAPTIVE_READ_THRESHOLD = 1024;

    final OptionValues dbValues;
    final OptionValues cfValues;
    /** statistics, rate limiter ... (objects, not option strings) */
    final DBOptions.ObjectRefs objects;
    private BlockBasedTableConfig tableConfig;

    /** Options with RocksDB's defaults, for a DB and its default column family. */
    public Options() {
        dbValues = new OptionValues();
        cfValues = new OptionValues();
        objects = new DBOptions.ObjectRefs();
    }

    /**
     * Combines DB-wide options with those of the default family.
     *
     * @param dbOptions the DB-wide settings, copied
     * @param cfOptions the default family's settings, copied
     */
    public Options(DBOptions dbOptions, ColumnFamilyOptions cfOptions) {
        dbValues = new OptionValues(dbOptions.values);
        objects = new DBOptions.ObjectRefs(dbOptions.objects);
        cfValues = new OptionValues(cfOptions.values);
        tableConfig = cfOptions.tableFormatConfig();
        cfPaths = cfOptions.cfPaths();
        callbacks.listeners = dbOptions.callbacks.listeners; // callbacks
        callbacks.walFilter = dbOptions.callbacks.walFilter;
        callbacks.copyFamilyPart(cfOptions.callbacks);
    }

    /**
     * A copy of other, as RocksJava's copy constructor: the option values are copied; the objects
     * set on it (cache, statistics, table config, listeners, comparator ...) are shared, as RocksJava's
     * copy shares its native objects.
     *
     * @param other the options to copy
     */
    public Options(Options other) {
        dbValues = new OptionValues(other.dbValues);
        cfValues = new OptionValues(other.cfValues);
        objects = new DBOptions.ObjectRefs(other.objects);
        tableConfig = other.tableConfig;
        cfPaths = other.cfPaths;
        callbacks.listeners = other.callbacks.listeners; // callbacks
        callbacks.walFilter = other.callbacks.walFilter;
        callbacks.copyFamilyPart(other.callbacks);
    }

    // ---- callbacks: listeners, and the default family's comparator, merge operator, filter ----

    /** The Java callbacks set on these options. */
    final CallbackOptions callbacks = new CallbackOptions();

    // ---- end of callbacks ----

    @Override
    public Options setRawDBOption(String name, String value) {
        dbValues.put(name, value);
        return this;
    }

    @Override
    public String rawDBOption(String name) {
        return dbValues.get(java.util.Objects.requireNonNull(name, "name"));
    }

    @Override
    public Options setRawColumnFamilyOption(String name, String value) {
        cfValues.put(name, value);
        callbacks.rawFamilyOptionSet(name); // callbacks: a raw value replaces a Java object
        return this;
    }

    @Override
    public String rawColumnFamilyOption(String name) {
        return cfValues.get(java.util.Objects.requireNonNull(name, "name"));
    }

    @Override
    public Options setTableFormatConfig(TableFormatConfig config) {
        this.tableConfig = ColumnFamilyOptions.tableFormat(cfValues, config);
        return this;
    }

    @Override
    public BlockBasedTableConfig tableFormatConfig() {
        return tableConfig;
    }

    // ---- RocksDB's presets over both parts ----

    /**
     * RocksDB's preset for a small DB, both parts: see
     * {@link ColumnFamilyOptionsInterface#optimizeForSmallDb()} and
     * {@link DBOptionsInterface#optimizeForSmallDb()}.
     *
     * @return this
     */
    @Override
    public Options optimizeForSmallDb() {
        DBOptionsInterface.super.optimizeForSmallDb();
        return ColumnFamilyOptionsInterface.super.optimizeForSmallDb();
    }

    /**
     * As {@link #optimizeForSmallDb()}, with {@code cache} as the block cache.
     *
     * @param cache the block cache; not null
     * @return this
     * @throws IllegalArgumentException if cache is null
     */
    @Override
    public Options optimizeForSmallDb(Cache cache) {
        if (cache == null) throw new IllegalArgumentException("cache must not be null");
        DBOptionsInterface.super.optimizeForSmallDb();
        return ColumnFamilyOptionsInterface.super.optimizeForSmallDb(cache);
    }

    /**
     * Both parts of RocksDB's {@code Options::OldDefaults}: see
     * {@link ColumnFamilyOptionsInterface#oldDefaults} and {@link DBOptionsInterface#oldDefaults}.
     *
     * @param majorVersion the older RocksDB's major version
     * @param minorVersion its minor version
     * @return this
     */
    @Override
    public Options oldDefaults(int majorVersion, int minorVersion) {
        ColumnFamilyOptionsInterface.super.oldDefaults(majorVersion, minorVersion);
        return DBOptionsInterface.super.oldDefaults(majorVersion, minorVersion);
    }

    /**
     * RocksDB's preset for bulk loading ({@code Options::PrepareForBulkLoad}):
     * no automatic compaction and no write slowdown (compact by hand once
     * loaded), two levels, six memtables, 256 MiB files; 4 flush and 2
     * compaction threads.
     *
     * @return this
     */
    public Options prepareForBulkLoad() {
        setRawColumnFamilyOption("level0_file_num_compaction_trigger", Integer.toString(1 << 30));
        setRawColumnFamilyOption("level0_slowdown_writes_trigger", Integer.toString(1 << 30));
        setRawColumnFamilyOption("level0_stop_writes_trigger", Integer.toString(1 << 30));
        setSoftPendingCompactionBytesLimit(0);
        setHardPendingCompactionBytesLimit(0);
        setDisableAutoCompactions(true);
        setMaxCompactionBytes(1L << 60);
        setNumLevels(2);
        setMaxWriteBufferNumber(6);
        setMinWriteBufferNumberToMerge(1);
        setMaxBackgroundFlushes(4);
        setMaxBackgroundCompactions(2);
        return setTargetFileSizeBase(256L << 20);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "Options{db: " + dbValues + objects + "; default family: " + cfValues
                + (tableConfig != null ? ", " + tableConfig : "") + "}";
    }

    // ---- the typed self that the interface's object setters return ----------

    @Override
    public Options self() {
        return this;
    }

    // ---- RocksJava's cf_paths ----

    /** RocksDB's cf_paths (not an option string: the engine parses none) */
    private java.util.List<DbPath> cfPaths = java.util.List.of();

    /**
     * Folders for this family's SST files, as {@link DBOptionsInterface#setDbPaths}
     * for the DB (RocksDB's {@code cf_paths}). Empty (default): the DB's
     * {@code db_paths}, else its directory.
     *
     * @param cfPaths the folders, in order; copied; not null, no null element
     * @return this object, for chaining
     * @throws NullPointerException if cfPaths or an element is null
     */
    public Options setCfPaths(java.util.Collection<DbPath> cfPaths) {
        this.cfPaths = java.util.List.copyOf(cfPaths);
        return this;
    }

    /**
     * The folders set with {@link #setCfPaths}.
     *
     * @return an unmodifiable list, empty unless set
     */
    public java.util.List<DbPath> cfPaths() {
        return cfPaths;
    }
}
