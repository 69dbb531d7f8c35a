package io.panrocks;

import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.open.DbSpec;
import io.panrocks.internal.options.OptionValues;

/**
 * DB-wide options for opening a DB with several column families, as
 * RocksJava's {@code DBOptions} (the families' own options are
 * {@link ColumnFamilyOptions}). A plain Java object: no native memory, no
 * closing needed; later changes do not affect an open DB.
 */
public final class DBOptions implements DBOptionsInterface<DBOptions>, AutoCloseable {
    final OptionValues values;
    /** statistics, rate limiter ... (objects, not option strings) */
    final DbObjectRefs objects;

    /** DB-wide options with RocksDB's defaults. */
    public DBOptions() {
        values = new OptionValues();
        objects = new DbObjectRefs();
    }

    /**
     * The DB-wide part of an {@link Options}.
     *
     * @param options the options whose DB-wide settings are copied
     */
    public DBOptions(Options options) {
        values = new OptionValues(options.dbValues);
        objects = new DbObjectRefs(options.objects);
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
        objects = new DbObjectRefs(other.objects);
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
}
