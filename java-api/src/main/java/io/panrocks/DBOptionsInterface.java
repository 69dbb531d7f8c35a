package io.panrocks;

/**
 * The DB-wide options, shared by {@link DBOptions} and {@link Options}, with
 * RocksJava's names. Each setter checks its value at once and throws an
 * {@link IllegalArgumentException} naming the option; the value reaches
 * RocksDB when a DB opens.
 */
public interface DBOptionsInterface<T extends DBOptionsInterface<T>> {

    /**
     * Sets any DBOptions field by its RocksDB option-string name (e.g.
     * "max_file_opening_threads", "8"), for options panrocks has no setter
     * for. RocksDB checks the name and value when the DB opens.
     */
    T setRawDBOption(String name, String value);

    /** A value set earlier by a setter or {@link #setRawDBOption}, or null. */
    String rawDBOption(String name);

    default T setCreateIfMissing(boolean createIfMissing) {
        return setRawDBOption("create_if_missing", Boolean.toString(createIfMissing));
    }

    default boolean createIfMissing() {
        return Boolean.parseBoolean(rawDBOption("create_if_missing"));
    }

    /** Fail to open if the DB already exists. */
    default T setErrorIfExists(boolean errorIfExists) {
        return setRawDBOption("error_if_exists", Boolean.toString(errorIfExists));
    }

    default boolean errorIfExists() {
        return Boolean.parseBoolean(rawDBOption("error_if_exists"));
    }

    /** Create column families named at open that do not exist yet. */
    default T setCreateMissingColumnFamilies(boolean create) {
        return setRawDBOption("create_missing_column_families", Boolean.toString(create));
    }

    default boolean createMissingColumnFamilies() {
        return Boolean.parseBoolean(rawDBOption("create_missing_column_families"));
    }

    /** Check aggressively for corruption and stop early (default true). */
    default T setParanoidChecks(boolean paranoidChecks) {
        return setRawDBOption("paranoid_checks", Boolean.toString(paranoidChecks));
    }

    /** Files the DB may keep open; -1 (default) keeps them all open. */
    default T setMaxOpenFiles(int maxOpenFiles) {
        OptionValues.requireAtLeast(maxOpenFiles, -1, "maxOpenFiles");
        return setRawDBOption("max_open_files", Integer.toString(maxOpenFiles));
    }

    default int maxOpenFiles() {
        String v = rawDBOption("max_open_files");
        return v == null ? -1 : Integer.parseInt(v);
    }

    /** Concurrent background flushes and compactions (default 2; at most 1024: RocksDB starts that many threads for the process). */
    default T setMaxBackgroundJobs(int maxBackgroundJobs) {
        return setRawDBOption("max_background_jobs", Integer.toString(maxBackgroundJobs));
    }

    default int maxBackgroundJobs() {
        String v = rawDBOption("max_background_jobs");
        return v == null ? 2 : Integer.parseInt(v);
    }

    default T setMaxSubcompactions(int maxSubcompactions) {
        return setRawDBOption("max_subcompactions", Integer.toString(maxSubcompactions));
    }

    /** Keep the write-ahead log in this folder instead of the DB's. */
    default T setWalDir(String walDir) {
        if (walDir == null || walDir.isEmpty()) throw new IllegalArgumentException("walDir must not be empty");
        OptionValues.checkToken(walDir, "walDir");
        return setRawDBOption("wal_dir", walDir);
    }

    default String walDir() {
        return rawDBOption("wal_dir");
    }

    /** Archived WAL files older than this are deleted (0: no archive by age). */
    default T setWalTtlSeconds(long seconds) {
        OptionValues.requireAtLeast(seconds, 0, "walTtlSeconds");
        return setRawDBOption("WAL_ttl_seconds", Long.toString(seconds));
    }

    default T setWalSizeLimitMB(long megabytes) {
        OptionValues.requireAtLeast(megabytes, 0, "walSizeLimitMB");
        return setRawDBOption("WAL_size_limit_MB", Long.toString(megabytes));
    }

    /** Force a flush when live WAL files exceed this size (0: automatic). */
    default T setMaxTotalWalSize(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "maxTotalWalSize");
        return setRawDBOption("max_total_wal_size", Long.toString(bytes));
    }

    default T setWalRecoveryMode(WALRecoveryMode mode) {
        if (mode == null) throw new IllegalArgumentException("walRecoveryMode must not be null");
        return setRawDBOption("wal_recovery_mode", mode.rocksName());
    }

    /** Buffer WAL writes until {@code flushWal}; loses them on a crash until then. */
    default T setManualWalFlush(boolean manualWalFlush) {
        return setRawDBOption("manual_wal_flush", Boolean.toString(manualWalFlush));
    }

    default T setWalBytesPerSync(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "walBytesPerSync");
        return setRawDBOption("wal_bytes_per_sync", Long.toString(bytes));
    }

    default T setBytesPerSync(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "bytesPerSync");
        return setRawDBOption("bytes_per_sync", Long.toString(bytes));
    }

    /** fsync instead of fdatasync for synced writes. */
    default T setUseFsync(boolean useFsync) {
        return setRawDBOption("use_fsync", Boolean.toString(useFsync));
    }

    /** Collect tickers and histograms, read through {@link RocksDB#getStatistics()} (small cost per operation). */
    default T setStatisticsEnabled(boolean enabled) {
        return setRawDBOption(OptionValues.PANROCKS_STATISTICS, Boolean.toString(enabled));
    }

    default boolean statisticsEnabled() {
        return Boolean.parseBoolean(rawDBOption(OptionValues.PANROCKS_STATISTICS));
    }

    default T setInfoLogLevel(InfoLogLevel level) {
        if (level == null) throw new IllegalArgumentException("infoLogLevel must not be null");
        return setRawDBOption("info_log_level", level.name());
    }

    default T setKeepLogFileNum(long count) {
        OptionValues.requireAtLeast(count, 1, "keepLogFileNum");
        return setRawDBOption("keep_log_file_num", Long.toString(count));
    }

    /** Flush all column families together, atomically. */
    default T setAtomicFlush(boolean atomicFlush) {
        return setRawDBOption("atomic_flush", Boolean.toString(atomicFlush));
    }

    default T setEnablePipelinedWrite(boolean enable) {
        return setRawDBOption("enable_pipelined_write", Boolean.toString(enable));
    }

    /** Memory all memtables of all column families may use together (0: no limit). */
    default T setDbWriteBufferSize(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "dbWriteBufferSize");
        return setRawDBOption("db_write_buffer_size", Long.toString(bytes));
    }

    /**
     * Values up to this many bytes are copied by the adaptive reads
     * ({@link RocksDB#get(byte[], java.util.function.Function)},
     * {@link RocksDB#getAdaptive}); larger ones are handed out pinned.
     * 0 pins everything. The default, {@link Options#DEFAULT_ADAPTIVE_READ_THRESHOLD},
     * was chosen by measurement (docs/benchmarks.md;
     * jmh/results/20261122T0350Z-adaptive-focused checks it at 16 B to 1 MiB). Each reading thread
     * keeps a scratch buffer as large as the largest value it copied (at
     * least 16 KiB), so a large threshold costs memory per thread.
     */
    default T setAdaptiveReadThreshold(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "adaptiveReadThreshold");
        return setRawDBOption(OptionValues.PANROCKS_ADAPTIVE_THRESHOLD, Long.toString(bytes));
    }

    default long adaptiveReadThreshold() {
        String v = rawDBOption(OptionValues.PANROCKS_ADAPTIVE_THRESHOLD);
        return v == null ? Options.DEFAULT_ADAPTIVE_READ_THRESHOLD : Long.parseLong(v);
    }

    default T setAvoidFlushDuringShutdown(boolean avoid) {
        return setRawDBOption("avoid_flush_during_shutdown", Boolean.toString(avoid));
    }

    // ---- callbacks (issue 14): event listeners in Java ----

    /**
     * Event listeners written in Java (RocksJava's {@code setListeners}),
     * replacing those set before. See {@link AbstractEventListener} for
     * the threads events arrive on and the rules a listener follows.
     *
     * @param listeners the listeners, in the order RocksDB calls them
     * @return these options
     * @throws NullPointerException if listeners or one of them is null
     */
    @SuppressWarnings("unchecked")
    default T setListeners(java.util.List<? extends AbstractEventListener> listeners) {
        java.util.List<AbstractEventListener> copy = java.util.List.copyOf(listeners);
        CallbackOptions.ofDb(this).listeners = copy;
        return (T) this;
    }

    /**
     * The listeners set by {@link #setListeners}.
     *
     * @return them, in order (empty if none)
     */
    default java.util.List<AbstractEventListener> listeners() {
        return CallbackOptions.ofDb(this).listeners;
    }
    // ---- end of callbacks ----
}
