package io.panrocks;

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
        callbacks.copyFamilyPart(options.callbacks); // callbacks
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
    public ColumnFamilyOptions setTableFormatConfig(BlockBasedTableConfig config) {
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
        return "ColumnFamilyOptions{" + values + (tableConfig != null ? ", " + tableConfig : "") + "}";
    }
}
