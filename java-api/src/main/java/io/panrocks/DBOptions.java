package io.panrocks;

/**
 * DB-wide options for opening a DB with several column families, as
 * RocksJava's {@code DBOptions} (the families' own options are
 * {@link ColumnFamilyOptions}). A plain Java object: no native memory, no
 * closing needed; later changes do not affect an open DB.
 */
public final class DBOptions implements DBOptionsInterface<DBOptions>, AutoCloseable {
    final OptionValues values;

    public DBOptions() {
        values = new OptionValues();
    }

    /** The DB-wide part of an {@link Options}. */
    public DBOptions(Options options) {
        values = new OptionValues(options.dbValues);
        callbacks.listeners = options.callbacks.listeners; // callbacks (issue 14)
    }

    // ---- callbacks (issue 14): event listeners ----

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
        return values.get(name);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "DBOptions{" + values + "}";
    }
}
