package io.panrocks;

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
    final DbObjects objects;
    private BlockBasedTableConfig tableConfig;

    /** Options with RocksDB's defaults, for a DB and its default column family. */
    public Options() {
        dbValues = new OptionValues();
        cfValues = new OptionValues();
        objects = new DbObjects();
    }

    /**
     * Combines DB-wide options with those of the default family.
     *
     * @param dbOptions the DB-wide settings, copied
     * @param cfOptions the default family's settings, copied
     */
    public Options(DBOptions dbOptions, ColumnFamilyOptions cfOptions) {
        dbValues = new OptionValues(dbOptions.values);
        objects = new DbObjects(dbOptions.objects);
        cfValues = new OptionValues(cfOptions.values);
        tableConfig = cfOptions.tableFormatConfig();
        callbacks.listeners = dbOptions.callbacks.listeners; // callbacks
        callbacks.copyFamilyPart(cfOptions.callbacks);
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
    public Options setTableFormatConfig(BlockBasedTableConfig config) {
        this.tableConfig = config;
        return this;
    }

    @Override
    public BlockBasedTableConfig tableFormatConfig() {
        return tableConfig;
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
}
