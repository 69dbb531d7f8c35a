package io.panrocks;

import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.options.OptionValues;

/**
 * Options of one column family, as RocksJava's {@code ColumnFamilyOptions}.
 * A plain Java object: no native memory, no closing needed.
 */
public final class ColumnFamilyOptions implements ColumnFamilyOptionsInterface<ColumnFamilyOptions>, AutoCloseable {
    final OptionValues values;
    private BlockBasedTableConfig tableConfig;

    /** Options with RocksDB's defaults for a column family. */
    public ColumnFamilyOptions() {
        values = new OptionValues();
    }

    /**
     * The column-family part of an {@link Options}.
     *
     * @param options the options whose column-family settings are copied
     */
    public ColumnFamilyOptions(Options options) {
        values = new OptionValues(options.cfValues);
        tableConfig = options.tableFormatConfig();
        cfPaths = options.cfPaths();
        callbacks.copyFamilyPart(options.callbacks); // callbacks
    }

    /**
     * A copy of other, as RocksJava's copy constructor: the option values are copied; the objects
     * set on it (table config, comparator, merge operator ...) are shared.
     *
     * @param other the options to copy
     */
    public ColumnFamilyOptions(ColumnFamilyOptions other) {
        values = new OptionValues(other.values);
        tableConfig = other.tableConfig;
        cfPaths = other.cfPaths;
        callbacks.copyFamilyPart(other.callbacks); // callbacks
    }

    /**
     * Column-family options from properties ({@code write_buffer_size=...}:
     * RocksDB's option names), as RocksJava's: null if RocksDB (or panrocks'
     * checks of a raw option) refuses a name or value.
     *
     * @param properties option names and values; not null or empty
     * @return the options, or null
     * @throws IllegalArgumentException if properties is null or empty
     */
    public static ColumnFamilyOptions getColumnFamilyOptionsFromProps(java.util.Properties properties) {
        return getColumnFamilyOptionsFromProps(new ConfigOptions(), properties);
    }

    /**
     * As {@link #getColumnFamilyOptionsFromProps(java.util.Properties)}, read with {@code cfgOpts}
     * (unknown options skipped when it says so).
     *
     * @param cfgOpts how the values are read; not null
     * @param properties option names and values; not null or empty
     * @return the options, or null
     * @throws IllegalArgumentException if properties is null or empty
     * @throws NullPointerException if cfgOpts is null
     */
    public static ColumnFamilyOptions getColumnFamilyOptionsFromProps(ConfigOptions cfgOpts,
                                                                      java.util.Properties properties) {
        return OptionsUtil.fromProps(cfgOpts, properties, ColumnFamilyOptions::new,
                (o, nv) -> o.setRawColumnFamilyOption(nv[0], nv[1]),
                io.panrocks.internal.ffi.panrocks_h.PANROCKS_OPTIONS_COLUMN_FAMILY());
    }

    @Override
    public ColumnFamilyOptions setRawColumnFamilyOption(String name, String value) {
        values.put(name, value);
        callbacks.rawFamilyOptionSet(name); // callbacks: a raw value replaces a Java object
        return this;
    }

    // ---- callbacks: Java comparator, merge operator, compaction filter ----

    /** The Java callbacks set on these options. */
    final CallbackOptions callbacks = new CallbackOptions();

    // ---- end of callbacks ----

    @Override
    public String rawColumnFamilyOption(String name) {
        return values.get(java.util.Objects.requireNonNull(name, "name"));
    }

    @Override
    public ColumnFamilyOptions setTableFormatConfig(TableFormatConfig config) {
        this.tableConfig = tableFormat(values, config);
        return this;
    }

    /**
     * Sets a table format on a family's option values: a plain table is an
     * option string; a block-based table stays an object, the open's to describe.
     *
     * @param values the family's option values
     * @param config the table format
     * @return the block-based table config, or null for a plain table
     */
    static BlockBasedTableConfig tableFormat(OptionValues values, TableFormatConfig config) {
        if (config instanceof PlainTableConfig plain) {
            values.put("table_factory", plain.optionValue());
            return null;
        }
        values.remove("table_factory");
        return (BlockBasedTableConfig) config;
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
        return "ColumnFamilyOptions{" + values + (tableConfig != null ? ", " + tableConfig : "") + "}";
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
    public ColumnFamilyOptions setCfPaths(java.util.Collection<DbPath> cfPaths) {
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
