package io.panrocks;

/**
 * DB-wide options for opening a DB with several column families, as
 * RocksJava's {@code DBOptions} (the families' own options are
 * {@link ColumnFamilyOptions}). A plain Java object: no native memory, no
 * closing needed; later changes do not affect an open DB.
 */
public final class DBOptions implements DBOptionsInterface<DBOptions>, AutoCloseable {
    final OptionValues values;
    /** statistics, rate limiter ... (objects, not option strings) */
    final DbObjects objects;

    /** DB-wide options with RocksDB's defaults. */
    public DBOptions() {
        values = new OptionValues();
        objects = new DbObjects();
    }

    /**
     * The DB-wide part of an {@link Options}.
     *
     * @param options the options whose DB-wide settings are copied
     */
    public DBOptions(Options options) {
        values = new OptionValues(options.dbValues);
        objects = new DbObjects(options.objects);
        callbacks.listeners = options.callbacks.listeners; // callbacks
    }

    // ---- callbacks: event listeners ----

    /** The Java callbacks (listeners) set on these options. */
    final CallbackOptions callbacks = new CallbackOptions();

    // ---- end of callbacks ----

    @Override
    public DBOptions setRawDBOption(String name, String value) {
        values.put(name, value);
        return this;
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
