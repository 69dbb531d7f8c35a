package io.panrocks;

/**
 * DB-wide options for opening a DB with several column families, as
 * RocksJava's {@code DBOptions} (the families' own options are
 * {@link ColumnFamilyOptions}). A plain Java object: no native memory, no
 * closing needed; later changes do not affect an open DB.
 */
public final class DBOptions implements DBOptionsInterface<DBOptions>, AutoCloseable {
    final OptionValues values;
    /** compat: statistics, rate limiter ... (objects, not option strings) */
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
        return values.get(name);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "DBOptions{" + values + objects + "}";
    }

    // ---- compat: the native objects the options refer to -------------------

    @Override
    public DBOptions self() {
        return this;
    }

    @Override
    public DBOptions setStatistics(Statistics statistics) {
        objects.statistics = DbObjects.ownStatistics(statistics);
        return this;
    }

    @Override
    public Statistics statistics() {
        return objects.statistics;
    }

    @Override
    public DBOptions setRateLimiter(RateLimiter rateLimiter) {
        objects.rateLimiter = rateLimiter;
        return this;
    }

    @Override
    public RateLimiter rateLimiter() {
        return objects.rateLimiter;
    }

    @Override
    public DBOptions setSstFileManager(SstFileManager sstFileManager) {
        objects.sstFileManager = sstFileManager;
        return this;
    }

    @Override
    public SstFileManager sstFileManager() {
        return objects.sstFileManager;
    }

    @Override
    public DBOptions setWriteBufferManager(WriteBufferManager writeBufferManager) {
        objects.writeBufferManager = writeBufferManager;
        return this;
    }

    @Override
    public WriteBufferManager writeBufferManager() {
        return objects.writeBufferManager;
    }

    @Override
    public DBOptions setRowCache(Cache rowCache) {
        objects.rowCache = rowCache;
        return this;
    }

    @Override
    public Cache rowCache() {
        return objects.rowCache;
    }
}
