package io.panrocks;

import io.panrocks.internal.options.OptionDefaults;
import io.panrocks.internal.options.OptionValues;

/**
 * The DB-wide options, shared by {@link DBOptions} and {@link Options}, with
 * RocksJava's names. Each setter checks its value at once and throws an
 * {@link IllegalArgumentException} naming the option; the value reaches
 * RocksDB when a DB opens.
 *
 * @param <T> the implementing class, returned by the setters for chaining
 */
public interface DBOptionsInterface<T extends DBOptionsInterface<T>> {

    /**
     * Sets any DBOptions field by its RocksDB option-string name (e.g.
     * "max_file_opening_threads", "8"), for options panrocks has no setter
     * for. RocksDB checks the name and value when the DB opens.
     *
     * @param name RocksDB's option-string name, e.g. "max_file_opening_threads"
     * @param value the value in option-string syntax, e.g. "8"
     * @return this object, for chaining
     */
    T setRawDBOption(String name, String value);

    /**
     * A value set earlier by a setter or {@link #setRawDBOption}, or null.
     *
     * @param name RocksDB's option-string name; not null
     * @return the value as an option string, or {@code null} if it was not set
     * @throws NullPointerException if name is null
     */
    String rawDBOption(String name);

    /**
     * What the typed getters read: the DB option's value set here, or else the engine's default
     * (UnsupportedOperationException for an option this engine does not have).
     */
    private String dbOption(String name) {
        return OptionDefaults.value(rawDBOption(name), OptionDefaults.db(), name);
    }

    /**
     * Create the DB if it does not exist (default false).
     *
     * @param createIfMissing whether a missing DB is created at open
     * @return this object, for chaining
     */
    default T setCreateIfMissing(boolean createIfMissing) {
        return setRawDBOption("create_if_missing", Boolean.toString(createIfMissing));
    }

    /**
     * Whether a missing DB is created at open (see {@link #setCreateIfMissing}).
     *
     * @return {@code true} if it is created
     */
    default boolean createIfMissing() {
        return Boolean.parseBoolean(rawDBOption("create_if_missing"));
    }

    /**
     * Fail to open if the DB already exists.
     *
     * @param errorIfExists whether opening an existing DB fails
     * @return this object, for chaining
     */
    default T setErrorIfExists(boolean errorIfExists) {
        return setRawDBOption("error_if_exists", Boolean.toString(errorIfExists));
    }

    /**
     * Whether opening an existing DB fails (see {@link #setErrorIfExists}).
     *
     * @return {@code true} if it fails
     */
    default boolean errorIfExists() {
        return Boolean.parseBoolean(rawDBOption("error_if_exists"));
    }

    /**
     * Create column families named at open that do not exist yet.
     *
     * @param create whether missing families named at open are created
     * @return this object, for chaining
     */
    default T setCreateMissingColumnFamilies(boolean create) {
        return setRawDBOption("create_missing_column_families", Boolean.toString(create));
    }

    /**
     * Whether missing column families are created at open (see {@link
     * #setCreateMissingColumnFamilies}).
     *
     * @return {@code true} if they are created
     */
    default boolean createMissingColumnFamilies() {
        return Boolean.parseBoolean(rawDBOption("create_missing_column_families"));
    }

    /**
     * Check aggressively for corruption and stop early (default true).
     *
     * @param paranoidChecks whether to check aggressively
     * @return this object, for chaining
     */
    default T setParanoidChecks(boolean paranoidChecks) {
        return setRawDBOption("paranoid_checks", Boolean.toString(paranoidChecks));
    }

    /**
     * Files the DB may keep open; -1 (default) keeps them all open.
     *
     * @param maxOpenFiles the number of files, or -1 for no limit
     * @return this object, for chaining
     */
    default T setMaxOpenFiles(int maxOpenFiles) {
        OptionValues.requireAtLeast(maxOpenFiles, -1, "maxOpenFiles");
        return setRawDBOption("max_open_files", Integer.toString(maxOpenFiles));
    }

    /**
     * The open-file limit set with {@link #setMaxOpenFiles}.
     *
     * @return the number of files, or -1 for no limit
     */
    default int maxOpenFiles() {
        String v = rawDBOption("max_open_files");
        return v == null ? -1 : Integer.parseInt(v);
    }

    /**
     * Concurrent background flushes and compactions (default 2; at most 1024: RocksDB starts that many threads for the process).
     *
     * @param maxBackgroundJobs the number of jobs, 1 to 1024
     * @return this object, for chaining
     */
    default T setMaxBackgroundJobs(int maxBackgroundJobs) {
        return setRawDBOption("max_background_jobs", Integer.toString(maxBackgroundJobs));
    }

    /**
     * The background job limit set with {@link #setMaxBackgroundJobs}.
     *
     * @return the number of jobs (2 unless set)
     */
    default int maxBackgroundJobs() {
        String v = rawDBOption("max_background_jobs");
        return v == null ? 2 : Integer.parseInt(v);
    }

    /**
     * Threads one compaction may be split into (default 1: no split).
     *
     * @param maxSubcompactions the number of subcompactions
     * @return this object, for chaining
     */
    default T setMaxSubcompactions(int maxSubcompactions) {
        return setRawDBOption("max_subcompactions", Integer.toString(maxSubcompactions));
    }

    /**
     * Keep the write-ahead log in this folder instead of the DB's. While the
     * DB is open for writing, no other DB of this process may use the folder
     * (RocksDB deletes log files it finds there that are not its own), and
     * no restore, checkpoint, ingestion or backup engine may touch it.
     *
     * @param walDir the folder of the write-ahead log files
     * @return this object, for chaining
     */
    default T setWalDir(String walDir) {
        if (walDir == null || walDir.isEmpty()) throw new IllegalArgumentException("walDir must not be empty");
        OptionValues.checkToken(walDir, "walDir");
        return setRawDBOption("wal_dir", walDir);
    }

    /**
     * The write-ahead log folder set with {@link #setWalDir}.
     *
     * @return the folder, or the empty string (the DB's own folder: RocksDB's
     *         default, which RocksJava's getter reports too)
     */
    default String walDir() {
        String set = rawDBOption("wal_dir");
        return set == null ? "" : set;
    }

    /**
     * Archived WAL files older than this are deleted (0: no archive by age).
     *
     * @param seconds the age in seconds; 0 keeps no archive by age
     * @return this object, for chaining
     */
    default T setWalTtlSeconds(long seconds) {
        OptionValues.requireAtLeast(seconds, 0, "walTtlSeconds");
        return setRawDBOption("WAL_ttl_seconds", Long.toString(seconds));
    }

    /**
     * Archived WAL files are deleted, oldest first, once together they exceed this size (0: no limit
     * by size).
     *
     * @param megabytes the size limit in MiB, at least 0
     * @return this object, for chaining
     */
    default T setWalSizeLimitMB(long megabytes) {
        OptionValues.requireAtLeast(megabytes, 0, "walSizeLimitMB");
        return setRawDBOption("WAL_size_limit_MB", Long.toString(megabytes));
    }

    /**
     * Force a flush when live WAL files exceed this size (0: automatic).
     *
     * @param bytes the total size in bytes; 0 lets RocksDB choose
     * @return this object, for chaining
     */
    default T setMaxTotalWalSize(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "maxTotalWalSize");
        return setRawDBOption("max_total_wal_size", Long.toString(bytes));
    }

    /**
     * How the write-ahead log is replayed at open, and which damage it tolerates.
     *
     * @param mode the recovery mode; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if mode is null
     */
    default T setWalRecoveryMode(WALRecoveryMode mode) {
        if (mode == null) throw new IllegalArgumentException("walRecoveryMode must not be null");
        return setRawDBOption("wal_recovery_mode", mode.rocksName());
    }

    /**
     * Buffer WAL writes until {@code flushWal}; loses them on a crash until then.
     *
     * @param manualWalFlush whether WAL writes wait for {@code flushWal}
     * @return this object, for chaining
     */
    default T setManualWalFlush(boolean manualWalFlush) {
        return setRawDBOption("manual_wal_flush", Boolean.toString(manualWalFlush));
    }

    /**
     * Sync the write-ahead log in the background every this many bytes written (0: off).
     *
     * @param bytes the interval in bytes, at least 0
     * @return this object, for chaining
     */
    default T setWalBytesPerSync(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "walBytesPerSync");
        return setRawDBOption("wal_bytes_per_sync", Long.toString(bytes));
    }

    /**
     * Sync SST files in the background every this many bytes written (0: off).
     *
     * @param bytes the interval in bytes, at least 0
     * @return this object, for chaining
     */
    default T setBytesPerSync(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "bytesPerSync");
        return setRawDBOption("bytes_per_sync", Long.toString(bytes));
    }

    /**
     * fsync instead of fdatasync for synced writes.
     *
     * @param useFsync whether to use fsync rather than fdatasync
     * @return this object, for chaining
     */
    default T setUseFsync(boolean useFsync) {
        return setRawDBOption("use_fsync", Boolean.toString(useFsync));
    }

    /**
     * Collect tickers and histograms, read through {@link RocksDB#getStatistics()} (small cost per operation).
     *
     * @param enabled whether to collect statistics
     * @return this object, for chaining
     */
    default T setStatisticsEnabled(boolean enabled) {
        return setRawDBOption(OptionValues.PANROCKS_STATISTICS, Boolean.toString(enabled));
    }

    /**
     * Whether statistics are collected (see {@link #setStatisticsEnabled}).
     *
     * @return {@code true} if they are
     */
    default boolean statisticsEnabled() {
        return statistics() != null || Boolean.parseBoolean(rawDBOption(OptionValues.PANROCKS_STATISTICS));
    }

    /**
     * The least severe level RocksDB writes to its info log (its LOG file).
     *
     * @param level the level; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if level is null
     */
    default T setInfoLogLevel(InfoLogLevel level) {
        if (level == null) throw new IllegalArgumentException("infoLogLevel must not be null");
        return setRawDBOption("info_log_level", level.name());
    }

    /**
     * Info log files kept (default 1000).
     *
     * @param count the number of files, at least 1
     * @return this object, for chaining
     */
    default T setKeepLogFileNum(long count) {
        OptionValues.requireAtLeast(count, 1, "keepLogFileNum");
        return setRawDBOption("keep_log_file_num", Long.toString(count));
    }

    /**
     * Flush all column families together, atomically.
     *
     * @param atomicFlush whether families are flushed together
     * @return this object, for chaining
     */
    default T setAtomicFlush(boolean atomicFlush) {
        return setRawDBOption("atomic_flush", Boolean.toString(atomicFlush));
    }

    /**
     * Pipeline writes: the WAL write of one group overlaps the memtable write of the previous one.
     *
     * @param enable whether writes are pipelined
     * @return this object, for chaining
     */
    default T setEnablePipelinedWrite(boolean enable) {
        return setRawDBOption("enable_pipelined_write", Boolean.toString(enable));
    }

    /**
     * Memory all memtables of all column families may use together (0: no limit).
     *
     * @param bytes the total memtable memory in bytes; 0 for no limit
     * @return this object, for chaining
     */
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
     *
     * @param bytes the largest value size, in bytes, that is copied
     * @return this object, for chaining
     */
    default T setAdaptiveReadThreshold(long bytes) {
        OptionValues.requireAtLeast(bytes, 0, "adaptiveReadThreshold");
        return setRawDBOption(OptionValues.PANROCKS_ADAPTIVE_THRESHOLD, Long.toString(bytes));
    }

    /**
     * The threshold set with {@link #setAdaptiveReadThreshold}.
     *
     * @return the largest value size, in bytes, that the adaptive reads copy
     */
    default long adaptiveReadThreshold() {
        String v = rawDBOption(OptionValues.PANROCKS_ADAPTIVE_THRESHOLD);
        return v == null ? Options.DEFAULT_ADAPTIVE_READ_THRESHOLD : Long.parseLong(v);
    }

    /**
     * Do not flush memtables when the DB closes: faster close, and unflushed writes are recovered from
     * the WAL (lost if it was disabled).
     *
     * @param avoid whether to skip the flush at close
     * @return this object, for chaining
     */
    default T setAvoidFlushDuringShutdown(boolean avoid) {
        return setRawDBOption("avoid_flush_during_shutdown", Boolean.toString(avoid));
    }

    // =========================================================================
    // Getters: one for every setter, with RocksJava's names; an unset
    // option reports the engine's own default.
    // =========================================================================

    /**
     * The value set with {@link #setParanoidChecks}, else the engine's default ({@code paranoid_checks}).
     *
     * @return the value
     */
    default boolean paranoidChecks() {
        return OptionDefaults.bool(dbOption("paranoid_checks"));
    }

    /**
     * The value set with {@link #setMaxSubcompactions}, else the engine's default ({@code max_subcompactions}).
     *
     * @return the value
     */
    default int maxSubcompactions() {
        return OptionDefaults.integer(dbOption("max_subcompactions"));
    }

    /**
     * The value set with {@link #setWalTtlSeconds}, else the engine's default ({@code WAL_ttl_seconds}).
     *
     * @return the value
     */
    default long walTtlSeconds() {
        return OptionDefaults.number(dbOption("WAL_ttl_seconds"));
    }

    /**
     * The value set with {@link #setWalSizeLimitMB}, else the engine's default ({@code WAL_size_limit_MB}).
     *
     * @return the value
     */
    default long walSizeLimitMB() {
        return OptionDefaults.number(dbOption("WAL_size_limit_MB"));
    }

    /**
     * The value set with {@link #setMaxTotalWalSize}, else the engine's default ({@code max_total_wal_size}).
     *
     * @return the value
     */
    default long maxTotalWalSize() {
        return OptionDefaults.number(dbOption("max_total_wal_size"));
    }

    /**
     * The value set with {@link #setWalRecoveryMode}, else the engine's default ({@code wal_recovery_mode}).
     *
     * @return the value
     */
    default WALRecoveryMode walRecoveryMode() {
        return WALRecoveryMode.ofRocksName(dbOption("wal_recovery_mode"));
    }

    /**
     * The value set with {@link #setManualWalFlush}, else the engine's default ({@code manual_wal_flush}).
     *
     * @return the value
     */
    default boolean manualWalFlush() {
        return OptionDefaults.bool(dbOption("manual_wal_flush"));
    }

    /**
     * The value set with {@link #setWalBytesPerSync}, else the engine's default ({@code wal_bytes_per_sync}).
     *
     * @return the value
     */
    default long walBytesPerSync() {
        return OptionDefaults.number(dbOption("wal_bytes_per_sync"));
    }

    /**
     * The value set with {@link #setBytesPerSync}, else the engine's default ({@code bytes_per_sync}).
     *
     * @return the value
     */
    default long bytesPerSync() {
        return OptionDefaults.number(dbOption("bytes_per_sync"));
    }

    /**
     * The value set with {@link #setUseFsync}, else the engine's default ({@code use_fsync}).
     *
     * @return the value
     */
    default boolean useFsync() {
        return OptionDefaults.bool(dbOption("use_fsync"));
    }

    /**
     * The value set with {@link #setInfoLogLevel}, else the engine's default ({@code info_log_level}).
     *
     * @return the value
     */
    default InfoLogLevel infoLogLevel() {
        return InfoLogLevel.valueOf(dbOption("info_log_level"));
    }

    /**
     * The value set with {@link #setKeepLogFileNum}, else the engine's default ({@code keep_log_file_num}).
     *
     * @return the value
     */
    default long keepLogFileNum() {
        return OptionDefaults.number(dbOption("keep_log_file_num"));
    }

    /**
     * The value set with {@link #setAtomicFlush}, else the engine's default ({@code atomic_flush}).
     *
     * @return the value
     */
    default boolean atomicFlush() {
        return OptionDefaults.bool(dbOption("atomic_flush"));
    }

    /**
     * The value set with {@link #setEnablePipelinedWrite}, else the engine's default ({@code enable_pipelined_write}).
     *
     * @return the value
     */
    default boolean enablePipelinedWrite() {
        return OptionDefaults.bool(dbOption("enable_pipelined_write"));
    }

    /**
     * The value set with {@link #setDbWriteBufferSize}, else the engine's default ({@code db_write_buffer_size}).
     *
     * @return the value
     */
    default long dbWriteBufferSize() {
        return OptionDefaults.number(dbOption("db_write_buffer_size"));
    }

    /**
     * The value set with {@link #setAvoidFlushDuringShutdown}, else the engine's default ({@code avoid_flush_during_shutdown}).
     *
     * @return the value
     */
    default boolean avoidFlushDuringShutdown() {
        return OptionDefaults.bool(dbOption("avoid_flush_during_shutdown"));
    }

    /**
     * Threads that open SST files at DB open, in [1, 1024] ({@code max_file_opening_threads}).
     *
     * @param maxFileOpeningThreads the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxFileOpeningThreads(int maxFileOpeningThreads) {
        return setRawDBOption("max_file_opening_threads", Integer.toString(maxFileOpeningThreads));
    }

    /**
     * The value set with {@link #setMaxFileOpeningThreads}, else the engine's default ({@code max_file_opening_threads}).
     *
     * @return the value
     */
    default int maxFileOpeningThreads() {
        return OptionDefaults.integer(dbOption("max_file_opening_threads"));
    }

    /**
     * How often obsolete files are deleted, in microseconds ({@code delete_obsolete_files_period_micros}).
     *
     * @param deleteObsoleteFilesPeriodMicros the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setDeleteObsoleteFilesPeriodMicros(long deleteObsoleteFilesPeriodMicros) {
        OptionValues.requireAtLeast(deleteObsoleteFilesPeriodMicros, 0, "deleteObsoleteFilesPeriodMicros");
        return setRawDBOption("delete_obsolete_files_period_micros", Long.toString(deleteObsoleteFilesPeriodMicros));
    }

    /**
     * The value set with {@link #setDeleteObsoleteFilesPeriodMicros}, else the engine's default ({@code delete_obsolete_files_period_micros}).
     *
     * @return the value
     */
    default long deleteObsoleteFilesPeriodMicros() {
        return OptionDefaults.number(dbOption("delete_obsolete_files_period_micros"));
    }

    /**
     * Deprecated by RocksDB for maxBackgroundJobs: concurrent compactions,
     * 1 to 1024 ({@code max_background_compactions}). Leave it unset for
     * RocksDB's -1 (derived from maxBackgroundJobs).
     *
     * @param maxBackgroundCompactions the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxBackgroundCompactions(int maxBackgroundCompactions) {
        OptionValues.requireAtLeast(maxBackgroundCompactions, 1, "maxBackgroundCompactions");
        return setRawDBOption("max_background_compactions", Integer.toString(maxBackgroundCompactions));
    }

    /**
     * The value set with {@link #setMaxBackgroundCompactions}, else the engine's default ({@code max_background_compactions}).
     *
     * @return the value
     */
    default int maxBackgroundCompactions() {
        return OptionDefaults.integer(dbOption("max_background_compactions"));
    }

    /**
     * Deprecated by RocksDB for maxBackgroundJobs: concurrent flushes,
     * 1 to 1024 ({@code max_background_flushes}). Leave it unset for
     * RocksDB's -1 (derived from maxBackgroundJobs).
     *
     * @param maxBackgroundFlushes the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxBackgroundFlushes(int maxBackgroundFlushes) {
        OptionValues.requireAtLeast(maxBackgroundFlushes, 1, "maxBackgroundFlushes");
        return setRawDBOption("max_background_flushes", Integer.toString(maxBackgroundFlushes));
    }

    /**
     * The value set with {@link #setMaxBackgroundFlushes}, else the engine's default ({@code max_background_flushes}).
     *
     * @return the value
     */
    default int maxBackgroundFlushes() {
        return OptionDefaults.integer(dbOption("max_background_flushes"));
    }

    /**
     * Size at which the info LOG file rolls; 0: never by size ({@code max_log_file_size}).
     *
     * @param maxLogFileSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxLogFileSize(long maxLogFileSize) {
        OptionValues.requireAtLeast(maxLogFileSize, 0, "maxLogFileSize");
        return setRawDBOption("max_log_file_size", Long.toString(maxLogFileSize));
    }

    /**
     * The value set with {@link #setMaxLogFileSize}, else the engine's default ({@code max_log_file_size}).
     *
     * @return the value
     */
    default long maxLogFileSize() {
        return OptionDefaults.number(dbOption("max_log_file_size"));
    }

    /**
     * Seconds after which the info LOG file rolls; 0: never by time ({@code log_file_time_to_roll}).
     *
     * @param logFileTimeToRoll the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setLogFileTimeToRoll(long logFileTimeToRoll) {
        OptionValues.requireAtLeast(logFileTimeToRoll, 0, "logFileTimeToRoll");
        return setRawDBOption("log_file_time_to_roll", Long.toString(logFileTimeToRoll));
    }

    /**
     * The value set with {@link #setLogFileTimeToRoll}, else the engine's default ({@code log_file_time_to_roll}).
     *
     * @return the value
     */
    default long logFileTimeToRoll() {
        return OptionDefaults.number(dbOption("log_file_time_to_roll"));
    }

    /**
     * WAL files kept for reuse instead of being deleted ({@code recycle_log_file_num}).
     *
     * @param recycleLogFileNum the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setRecycleLogFileNum(long recycleLogFileNum) {
        OptionValues.requireAtLeast(recycleLogFileNum, 0, "recycleLogFileNum");
        return setRawDBOption("recycle_log_file_num", Long.toString(recycleLogFileNum));
    }

    /**
     * The value set with {@link #setRecycleLogFileNum}, else the engine's default ({@code recycle_log_file_num}).
     *
     * @return the value
     */
    default long recycleLogFileNum() {
        return OptionDefaults.number(dbOption("recycle_log_file_num"));
    }

    /**
     * Size at which the MANIFEST rolls ({@code max_manifest_file_size}).
     *
     * @param maxManifestFileSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxManifestFileSize(long maxManifestFileSize) {
        OptionValues.requireAtLeast(maxManifestFileSize, 0, "maxManifestFileSize");
        return setRawDBOption("max_manifest_file_size", Long.toString(maxManifestFileSize));
    }

    /**
     * The value set with {@link #setMaxManifestFileSize}, else the engine's default ({@code max_manifest_file_size}).
     *
     * @return the value
     */
    default long maxManifestFileSize() {
        return OptionDefaults.number(dbOption("max_manifest_file_size"));
    }

    /**
     * Shard bits of the table cache, in [0, 19] (RocksDB crashes at open
     * above 19) ({@code table_cache_numshardbits}).
     *
     * @param tableCacheNumshardbits the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setTableCacheNumshardbits(int tableCacheNumshardbits) {
        OptionValues.requireAtLeast(tableCacheNumshardbits, 0, "tableCacheNumshardbits");
        return setRawDBOption("table_cache_numshardbits", Integer.toString(tableCacheNumshardbits));
    }

    /**
     * The value set with {@link #setTableCacheNumshardbits}, else the engine's default ({@code table_cache_numshardbits}).
     *
     * @return the value
     */
    default int tableCacheNumshardbits() {
        return OptionDefaults.integer(dbOption("table_cache_numshardbits"));
    }

    /**
     * Most bytes of batches written to the WAL as one group ({@code max_write_batch_group_size_bytes}).
     *
     * @param maxWriteBatchGroupSizeBytes the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxWriteBatchGroupSizeBytes(long maxWriteBatchGroupSizeBytes) {
        OptionValues.requireAtLeast(maxWriteBatchGroupSizeBytes, 0, "maxWriteBatchGroupSizeBytes");
        return setRawDBOption("max_write_batch_group_size_bytes", Long.toString(maxWriteBatchGroupSizeBytes));
    }

    /**
     * The value set with {@link #setMaxWriteBatchGroupSizeBytes}, else the engine's default ({@code max_write_batch_group_size_bytes}).
     *
     * @return the value
     */
    default long maxWriteBatchGroupSizeBytes() {
        return OptionDefaults.number(dbOption("max_write_batch_group_size_bytes"));
    }

    /**
     * Bytes preallocated for each MANIFEST file, at most 1 GiB ({@code manifest_preallocation_size}).
     *
     * @param manifestPreallocationSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setManifestPreallocationSize(long manifestPreallocationSize) {
        return setRawDBOption("manifest_preallocation_size", Long.toString(manifestPreallocationSize));
    }

    /**
     * The value set with {@link #setManifestPreallocationSize}, else the engine's default ({@code manifest_preallocation_size}).
     *
     * @return the value
     */
    default long manifestPreallocationSize() {
        return OptionDefaults.number(dbOption("manifest_preallocation_size"));
    }

    /**
     * Read SST files with O_DIRECT, bypassing the page cache ({@code use_direct_reads}).
     *
     * @param useDirectReads the value
     * @return this
     */
    default T setUseDirectReads(boolean useDirectReads) {
        return setRawDBOption("use_direct_reads", Boolean.toString(useDirectReads));
    }

    /**
     * The value set with {@link #setUseDirectReads}, else the engine's default ({@code use_direct_reads}).
     *
     * @return the value
     */
    default boolean useDirectReads() {
        return OptionDefaults.bool(dbOption("use_direct_reads"));
    }

    /**
     * Flushes and compactions read and write with O_DIRECT ({@code use_direct_io_for_flush_and_compaction}).
     *
     * @param useDirectIoForFlushAndCompaction the value
     * @return this
     */
    default T setUseDirectIoForFlushAndCompaction(boolean useDirectIoForFlushAndCompaction) {
        return setRawDBOption("use_direct_io_for_flush_and_compaction", Boolean.toString(useDirectIoForFlushAndCompaction));
    }

    /**
     * The value set with {@link #setUseDirectIoForFlushAndCompaction}, else the engine's default ({@code use_direct_io_for_flush_and_compaction}).
     *
     * @return the value
     */
    default boolean useDirectIoForFlushAndCompaction() {
        return OptionDefaults.bool(dbOption("use_direct_io_for_flush_and_compaction"));
    }

    /**
     * Let RocksDB preallocate files with fallocate ({@code allow_fallocate}).
     *
     * @param allowFAllocate the value
     * @return this
     */
    default T setAllowFAllocate(boolean allowFAllocate) {
        return setRawDBOption("allow_fallocate", Boolean.toString(allowFAllocate));
    }

    /**
     * The value set with {@link #setAllowFAllocate}, else the engine's default ({@code allow_fallocate}).
     *
     * @return the value
     */
    default boolean allowFAllocate() {
        return OptionDefaults.bool(dbOption("allow_fallocate"));
    }

    /**
     * Read SST files through mmap ({@code allow_mmap_reads}).
     *
     * <p>The engine then keeps pointers into the mapped files (index and filter
     * blocks, blocks pinned by iterators): a table file truncated under the DB
     * by another process faults (SIGBUS) and ends the JVM. The default pread
     * reads answer such a file with a {@code Corruption} or {@code IOError}
     * status instead (docs/guarantees.md, "Faults").
     *
     * @param allowMmapReads the value
     * @return this
     */
    default T setAllowMmapReads(boolean allowMmapReads) {
        return setRawDBOption("allow_mmap_reads", Boolean.toString(allowMmapReads));
    }

    /**
     * The value set with {@link #setAllowMmapReads}, else the engine's default ({@code allow_mmap_reads}).
     *
     * @return the value
     */
    default boolean allowMmapReads() {
        return OptionDefaults.bool(dbOption("allow_mmap_reads"));
    }

    /**
     * Write files through mmap ({@code allow_mmap_writes}).
     *
     * @param allowMmapWrites the value
     * @return this
     */
    default T setAllowMmapWrites(boolean allowMmapWrites) {
        return setRawDBOption("allow_mmap_writes", Boolean.toString(allowMmapWrites));
    }

    /**
     * The value set with {@link #setAllowMmapWrites}, else the engine's default ({@code allow_mmap_writes}).
     *
     * @return the value
     */
    default boolean allowMmapWrites() {
        return OptionDefaults.bool(dbOption("allow_mmap_writes"));
    }

    /**
     * Open files with close-on-exec ({@code is_fd_close_on_exec}).
     *
     * @param isFdCloseOnExec the value
     * @return this
     */
    default T setIsFdCloseOnExec(boolean isFdCloseOnExec) {
        return setRawDBOption("is_fd_close_on_exec", Boolean.toString(isFdCloseOnExec));
    }

    /**
     * The value set with {@link #setIsFdCloseOnExec}, else the engine's default ({@code is_fd_close_on_exec}).
     *
     * @return the value
     */
    default boolean isFdCloseOnExec() {
        return OptionDefaults.bool(dbOption("is_fd_close_on_exec"));
    }

    /**
     * Advise random access when opening SST files ({@code advise_random_on_open}).
     *
     * @param adviseRandomOnOpen the value
     * @return this
     */
    default T setAdviseRandomOnOpen(boolean adviseRandomOnOpen) {
        return setRawDBOption("advise_random_on_open", Boolean.toString(adviseRandomOnOpen));
    }

    /**
     * The value set with {@link #setAdviseRandomOnOpen}, else the engine's default ({@code advise_random_on_open}).
     *
     * @return the value
     */
    default boolean adviseRandomOnOpen() {
        return OptionDefaults.bool(dbOption("advise_random_on_open"));
    }

    /**
     * Spin before blocking on the DB mutex ({@code use_adaptive_mutex}).
     *
     * @param useAdaptiveMutex the value
     * @return this
     */
    default T setUseAdaptiveMutex(boolean useAdaptiveMutex) {
        return setRawDBOption("use_adaptive_mutex", Boolean.toString(useAdaptiveMutex));
    }

    /**
     * The value set with {@link #setUseAdaptiveMutex}, else the engine's default ({@code use_adaptive_mutex}).
     *
     * @return the value
     */
    default boolean useAdaptiveMutex() {
        return OptionDefaults.bool(dbOption("use_adaptive_mutex"));
    }

    /**
     * Track the state of RocksDB's threads (GetThreadList) ({@code enable_thread_tracking}).
     *
     * @param enableThreadTracking the value
     * @return this
     */
    default T setEnableThreadTracking(boolean enableThreadTracking) {
        return setRawDBOption("enable_thread_tracking", Boolean.toString(enableThreadTracking));
    }

    /**
     * The value set with {@link #setEnableThreadTracking}, else the engine's default ({@code enable_thread_tracking}).
     *
     * @return the value
     */
    default boolean enableThreadTracking() {
        return OptionDefaults.bool(dbOption("enable_thread_tracking"));
    }

    /**
     * Higher write throughput, at the cost of snapshot immutability ({@code unordered_write}).
     *
     * @param unorderedWrite the value
     * @return this
     */
    default T setUnorderedWrite(boolean unorderedWrite) {
        return setRawDBOption("unordered_write", Boolean.toString(unorderedWrite));
    }

    /**
     * The value set with {@link #setUnorderedWrite}, else the engine's default ({@code unordered_write}).
     *
     * @return the value
     */
    default boolean unorderedWrite() {
        return OptionDefaults.bool(dbOption("unordered_write"));
    }

    /**
     * Writers insert into the memtable in parallel ({@code allow_concurrent_memtable_write}).
     *
     * @param allowConcurrentMemtableWrite the value
     * @return this
     */
    default T setAllowConcurrentMemtableWrite(boolean allowConcurrentMemtableWrite) {
        return setRawDBOption("allow_concurrent_memtable_write", Boolean.toString(allowConcurrentMemtableWrite));
    }

    /**
     * The value set with {@link #setAllowConcurrentMemtableWrite}, else the engine's default ({@code allow_concurrent_memtable_write}).
     *
     * @return the value
     */
    default boolean allowConcurrentMemtableWrite() {
        return OptionDefaults.bool(dbOption("allow_concurrent_memtable_write"));
    }

    /**
     * Writers spin briefly before blocking ({@code enable_write_thread_adaptive_yield}).
     *
     * @param enableWriteThreadAdaptiveYield the value
     * @return this
     */
    default T setEnableWriteThreadAdaptiveYield(boolean enableWriteThreadAdaptiveYield) {
        return setRawDBOption("enable_write_thread_adaptive_yield", Boolean.toString(enableWriteThreadAdaptiveYield));
    }

    /**
     * The value set with {@link #setEnableWriteThreadAdaptiveYield}, else the engine's default ({@code enable_write_thread_adaptive_yield}).
     *
     * @return the value
     */
    default boolean enableWriteThreadAdaptiveYield() {
        return OptionDefaults.bool(dbOption("enable_write_thread_adaptive_yield"));
    }

    /**
     * Longest spin of a waiting writer, in microseconds ({@code write_thread_max_yield_usec}).
     *
     * @param writeThreadMaxYieldUsec the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setWriteThreadMaxYieldUsec(long writeThreadMaxYieldUsec) {
        OptionValues.requireAtLeast(writeThreadMaxYieldUsec, 0, "writeThreadMaxYieldUsec");
        return setRawDBOption("write_thread_max_yield_usec", Long.toString(writeThreadMaxYieldUsec));
    }

    /**
     * The value set with {@link #setWriteThreadMaxYieldUsec}, else the engine's default ({@code write_thread_max_yield_usec}).
     *
     * @return the value
     */
    default long writeThreadMaxYieldUsec() {
        return OptionDefaults.number(dbOption("write_thread_max_yield_usec"));
    }

    /**
     * A yield slower than this, in microseconds, counts as slow ({@code write_thread_slow_yield_usec}).
     *
     * @param writeThreadSlowYieldUsec the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setWriteThreadSlowYieldUsec(long writeThreadSlowYieldUsec) {
        OptionValues.requireAtLeast(writeThreadSlowYieldUsec, 0, "writeThreadSlowYieldUsec");
        return setRawDBOption("write_thread_slow_yield_usec", Long.toString(writeThreadSlowYieldUsec));
    }

    /**
     * The value set with {@link #setWriteThreadSlowYieldUsec}, else the engine's default ({@code write_thread_slow_yield_usec}).
     *
     * @return the value
     */
    default long writeThreadSlowYieldUsec() {
        return OptionDefaults.number(dbOption("write_thread_slow_yield_usec"));
    }

    /**
     * Skip loading file statistics at open (faster open) ({@code skip_stats_update_on_db_open}).
     *
     * @param skipStatsUpdateOnDbOpen the value
     * @return this
     */
    default T setSkipStatsUpdateOnDbOpen(boolean skipStatsUpdateOnDbOpen) {
        return setRawDBOption("skip_stats_update_on_db_open", Boolean.toString(skipStatsUpdateOnDbOpen));
    }

    /**
     * The value set with {@link #setSkipStatsUpdateOnDbOpen}, else the engine's default ({@code skip_stats_update_on_db_open}).
     *
     * @return the value
     */
    default boolean skipStatsUpdateOnDbOpen() {
        return OptionDefaults.bool(dbOption("skip_stats_update_on_db_open"));
    }

    /**
     * Skip checking SST file sizes at open ({@code skip_checking_sst_file_sizes_on_db_open}).
     * RocksDB 11 removed it (sizes are always checked, in parallel); it still accepts the name and ignores the value.
     *
     * @param skipCheckingSstFileSizesOnDbOpen the value
     * @return this
     */
    default T setSkipCheckingSstFileSizesOnDbOpen(boolean skipCheckingSstFileSizesOnDbOpen) {
        return setRawDBOption("skip_checking_sst_file_sizes_on_db_open", Boolean.toString(skipCheckingSstFileSizesOnDbOpen));
    }

    /**
     * The value set with {@link #setSkipCheckingSstFileSizesOnDbOpen}, else the engine's default
     * ({@code skip_checking_sst_file_sizes_on_db_open}; false on an engine that no longer has it).
     *
     * @return the value
     */
    default boolean skipCheckingSstFileSizesOnDbOpen() {
        return OptionDefaults.bool(OptionDefaults.retired(rawDBOption("skip_checking_sst_file_sizes_on_db_open"), OptionDefaults.db(),
                "skip_checking_sst_file_sizes_on_db_open", "false"));
    }

    /**
     * Two-phase commit support in the WAL (for transactions) ({@code allow_2pc}).
     *
     * @param allow2pc the value
     * @return this
     */
    default T setAllow2pc(boolean allow2pc) {
        return setRawDBOption("allow_2pc", Boolean.toString(allow2pc));
    }

    /**
     * The value set with {@link #setAllow2pc}, else the engine's default ({@code allow_2pc}).
     *
     * @return the value
     */
    default boolean allow2pc() {
        return OptionDefaults.bool(dbOption("allow_2pc"));
    }

    /**
     * Fail the open if the OPTIONS file cannot be written ({@code fail_if_options_file_error}).
     * RocksDB 10 removed it (a failure to write the OPTIONS file always fails); it still accepts the name and ignores the value.
     *
     * @param failIfOptionsFileError the value
     * @return this
     */
    default T setFailIfOptionsFileError(boolean failIfOptionsFileError) {
        return setRawDBOption("fail_if_options_file_error", Boolean.toString(failIfOptionsFileError));
    }

    /**
     * The value set with {@link #setFailIfOptionsFileError}, else the engine's default
     * ({@code fail_if_options_file_error}; true on an engine that no longer has it).
     *
     * @return the value
     */
    default boolean failIfOptionsFileError() {
        return OptionDefaults.bool(OptionDefaults.retired(rawDBOption("fail_if_options_file_error"), OptionDefaults.db(),
                "fail_if_options_file_error", "true"));
    }

    /**
     * Print malloc statistics to the info LOG ({@code dump_malloc_stats}).
     *
     * @param dumpMallocStats the value
     * @return this
     */
    default T setDumpMallocStats(boolean dumpMallocStats) {
        return setRawDBOption("dump_malloc_stats", Boolean.toString(dumpMallocStats));
    }

    /**
     * The value set with {@link #setDumpMallocStats}, else the engine's default ({@code dump_malloc_stats}).
     *
     * @return the value
     */
    default boolean dumpMallocStats() {
        return OptionDefaults.bool(dbOption("dump_malloc_stats"));
    }

    /**
     * Keep recovered WAL data in memtables instead of flushing at open ({@code avoid_flush_during_recovery}).
     *
     * @param avoidFlushDuringRecovery the value
     * @return this
     */
    default T setAvoidFlushDuringRecovery(boolean avoidFlushDuringRecovery) {
        return setRawDBOption("avoid_flush_during_recovery", Boolean.toString(avoidFlushDuringRecovery));
    }

    /**
     * The value set with {@link #setAvoidFlushDuringRecovery}, else the engine's default ({@code avoid_flush_during_recovery}).
     *
     * @return the value
     */
    default boolean avoidFlushDuringRecovery() {
        return OptionDefaults.bool(dbOption("avoid_flush_during_recovery"));
    }

    /**
     * Reserve the last level for ingested files ({@code allow_ingest_behind}).
     *
     * @param allowIngestBehind the value
     * @return this
     */
    default T setAllowIngestBehind(boolean allowIngestBehind) {
        return setRawDBOption("allow_ingest_behind", Boolean.toString(allowIngestBehind));
    }

    /**
     * The value set with {@link #setAllowIngestBehind}, else the engine's default ({@code allow_ingest_behind}).
     *
     * @return the value
     */
    default boolean allowIngestBehind() {
        return OptionDefaults.bool(dbOption("allow_ingest_behind"));
    }

    /**
     * A second write queue for WAL-only writes ({@code two_write_queues}).
     *
     * @param twoWriteQueues the value
     * @return this
     */
    default T setTwoWriteQueues(boolean twoWriteQueues) {
        return setRawDBOption("two_write_queues", Boolean.toString(twoWriteQueues));
    }

    /**
     * The value set with {@link #setTwoWriteQueues}, else the engine's default ({@code two_write_queues}).
     *
     * @return the value
     */
    default boolean twoWriteQueues() {
        return OptionDefaults.bool(dbOption("two_write_queues"));
    }

    /**
     * Defer file deletions from user threads to background threads ({@code avoid_unnecessary_blocking_io}).
     *
     * @param avoidUnnecessaryBlockingIO the value
     * @return this
     */
    default T setAvoidUnnecessaryBlockingIO(boolean avoidUnnecessaryBlockingIO) {
        return setRawDBOption("avoid_unnecessary_blocking_io", Boolean.toString(avoidUnnecessaryBlockingIO));
    }

    /**
     * The value set with {@link #setAvoidUnnecessaryBlockingIO}, else the engine's default ({@code avoid_unnecessary_blocking_io}).
     *
     * @return the value
     */
    default boolean avoidUnnecessaryBlockingIO() {
        return OptionDefaults.bool(dbOption("avoid_unnecessary_blocking_io"));
    }

    /**
     * Persist statistics history in a hidden column family ({@code persist_stats_to_disk}).
     *
     * @param persistStatsToDisk the value
     * @return this
     */
    default T setPersistStatsToDisk(boolean persistStatsToDisk) {
        return setRawDBOption("persist_stats_to_disk", Boolean.toString(persistStatsToDisk));
    }

    /**
     * The value set with {@link #setPersistStatsToDisk}, else the engine's default ({@code persist_stats_to_disk}).
     *
     * @return the value
     */
    default boolean persistStatsToDisk() {
        return OptionDefaults.bool(dbOption("persist_stats_to_disk"));
    }

    /**
     * Record the DB ID in the MANIFEST ({@code write_dbid_to_manifest}).
     *
     * @param writeDbidToManifest the value
     * @return this
     */
    default T setWriteDbidToManifest(boolean writeDbidToManifest) {
        return setRawDBOption("write_dbid_to_manifest", Boolean.toString(writeDbidToManifest));
    }

    /**
     * The value set with {@link #setWriteDbidToManifest}, else the engine's default ({@code write_dbid_to_manifest}).
     *
     * @return the value
     */
    default boolean writeDbidToManifest() {
        return OptionDefaults.bool(dbOption("write_dbid_to_manifest"));
    }

    /**
     * Readahead when reading WAL and MANIFEST files, at most 1 GiB ({@code log_readahead_size}).
     *
     * @param logReadaheadSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setLogReadaheadSize(long logReadaheadSize) {
        return setRawDBOption("log_readahead_size", Long.toString(logReadaheadSize));
    }

    /**
     * The value set with {@link #setLogReadaheadSize}, else the engine's default ({@code log_readahead_size}).
     *
     * @return the value
     */
    default long logReadaheadSize() {
        return OptionDefaults.number(dbOption("log_readahead_size"));
    }

    /**
     * Open with whatever files are intact, to a consistent point ({@code best_efforts_recovery}).
     *
     * @param bestEffortsRecovery the value
     * @return this
     */
    default T setBestEffortsRecovery(boolean bestEffortsRecovery) {
        return setRawDBOption("best_efforts_recovery", Boolean.toString(bestEffortsRecovery));
    }

    /**
     * The value set with {@link #setBestEffortsRecovery}, else the engine's default ({@code best_efforts_recovery}).
     *
     * @return the value
     */
    default boolean bestEffortsRecovery() {
        return OptionDefaults.bool(dbOption("best_efforts_recovery"));
    }

    /**
     * Automatic resumes after a background error ({@code max_bgerror_resume_count}).
     *
     * @param maxBgerrorResumeCount the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxBgErrorResumeCount(int maxBgerrorResumeCount) {
        OptionValues.requireAtLeast(maxBgerrorResumeCount, 0, "maxBgerrorResumeCount");
        return setRawDBOption("max_bgerror_resume_count", Integer.toString(maxBgerrorResumeCount));
    }

    /**
     * The value set with {@link #setMaxBgErrorResumeCount}, else the engine's default ({@code max_bgerror_resume_count}).
     *
     * @return the value
     */
    default int maxBgerrorResumeCount() {
        return OptionDefaults.integer(dbOption("max_bgerror_resume_count"));
    }

    /**
     * Microseconds between automatic resumes after a background error ({@code bgerror_resume_retry_interval}).
     *
     * @param bgerrorResumeRetryInterval the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setBgerrorResumeRetryInterval(long bgerrorResumeRetryInterval) {
        OptionValues.requireAtLeast(bgerrorResumeRetryInterval, 0, "bgerrorResumeRetryInterval");
        return setRawDBOption("bgerror_resume_retry_interval", Long.toString(bgerrorResumeRetryInterval));
    }

    /**
     * The value set with {@link #setBgerrorResumeRetryInterval}, else the engine's default ({@code bgerror_resume_retry_interval}).
     *
     * @return the value
     */
    default long bgerrorResumeRetryInterval() {
        return OptionDefaults.number(dbOption("bgerror_resume_retry_interval"));
    }

    /**
     * Write buffer of each file RocksDB writes, at most 1 GiB ({@code writable_file_max_buffer_size}).
     *
     * @param writableFileMaxBufferSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setWritableFileMaxBufferSize(long writableFileMaxBufferSize) {
        return setRawDBOption("writable_file_max_buffer_size", Long.toString(writableFileMaxBufferSize));
    }

    /**
     * The value set with {@link #setWritableFileMaxBufferSize}, else the engine's default ({@code writable_file_max_buffer_size}).
     *
     * @return the value
     */
    default long writableFileMaxBufferSize() {
        return OptionDefaults.number(dbOption("writable_file_max_buffer_size"));
    }

    /**
     * Write rate, in bytes per second, while writes are slowed down; 0: derived ({@code delayed_write_rate}).
     *
     * @param delayedWriteRate the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setDelayedWriteRate(long delayedWriteRate) {
        OptionValues.requireAtLeast(delayedWriteRate, 0, "delayedWriteRate");
        return setRawDBOption("delayed_write_rate", Long.toString(delayedWriteRate));
    }

    /**
     * The value set with {@link #setDelayedWriteRate}, else the engine's default ({@code delayed_write_rate}).
     *
     * @return the value
     */
    default long delayedWriteRate() {
        return OptionDefaults.number(dbOption("delayed_write_rate"));
    }

    /**
     * Seconds between statistics dumps to the info LOG; 0: never ({@code stats_dump_period_sec}).
     *
     * @param statsDumpPeriodSec the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setStatsDumpPeriodSec(int statsDumpPeriodSec) {
        OptionValues.requireAtLeast(statsDumpPeriodSec, 0, "statsDumpPeriodSec");
        return setRawDBOption("stats_dump_period_sec", Integer.toString(statsDumpPeriodSec));
    }

    /**
     * The value set with {@link #setStatsDumpPeriodSec}, else the engine's default ({@code stats_dump_period_sec}).
     *
     * @return the value
     */
    default int statsDumpPeriodSec() {
        return OptionDefaults.integer(dbOption("stats_dump_period_sec"));
    }

    /**
     * Seconds between statistics snapshots kept in history; 0: never ({@code stats_persist_period_sec}).
     *
     * @param statsPersistPeriodSec the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setStatsPersistPeriodSec(int statsPersistPeriodSec) {
        OptionValues.requireAtLeast(statsPersistPeriodSec, 0, "statsPersistPeriodSec");
        return setRawDBOption("stats_persist_period_sec", Integer.toString(statsPersistPeriodSec));
    }

    /**
     * The value set with {@link #setStatsPersistPeriodSec}, else the engine's default ({@code stats_persist_period_sec}).
     *
     * @return the value
     */
    default int statsPersistPeriodSec() {
        return OptionDefaults.integer(dbOption("stats_persist_period_sec"));
    }

    /**
     * Memory for statistics history kept in memory ({@code stats_history_buffer_size}).
     *
     * @param statsHistoryBufferSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setStatsHistoryBufferSize(long statsHistoryBufferSize) {
        OptionValues.requireAtLeast(statsHistoryBufferSize, 0, "statsHistoryBufferSize");
        return setRawDBOption("stats_history_buffer_size", Long.toString(statsHistoryBufferSize));
    }

    /**
     * The value set with {@link #setStatsHistoryBufferSize}, else the engine's default ({@code stats_history_buffer_size}).
     *
     * @return the value
     */
    default long statsHistoryBufferSize() {
        return OptionDefaults.number(dbOption("stats_history_buffer_size"));
    }

    /**
     * Wait for each bytesPerSync sync to finish ({@code strict_bytes_per_sync}).
     *
     * @param strictBytesPerSync the value
     * @return this
     */
    default T setStrictBytesPerSync(boolean strictBytesPerSync) {
        return setRawDBOption("strict_bytes_per_sync", Boolean.toString(strictBytesPerSync));
    }

    /**
     * The value set with {@link #setStrictBytesPerSync}, else the engine's default ({@code strict_bytes_per_sync}).
     *
     * @return the value
     */
    default boolean strictBytesPerSync() {
        return OptionDefaults.bool(dbOption("strict_bytes_per_sync"));
    }

    /**
     * Readahead of compaction reads, at most 1 GiB ({@code compaction_readahead_size}).
     *
     * @param compactionReadaheadSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setCompactionReadaheadSize(long compactionReadaheadSize) {
        return setRawDBOption("compaction_readahead_size", Long.toString(compactionReadaheadSize));
    }

    /**
     * The value set with {@link #setCompactionReadaheadSize}, else the engine's default ({@code compaction_readahead_size}).
     *
     * @return the value
     */
    default long compactionReadaheadSize() {
        return OptionDefaults.number(dbOption("compaction_readahead_size"));
    }

    /**
     * The defaults of an older RocksDB for what changed since, DB-wide part, as
     * RocksDB's {@code DBOptions::OldDefaults}: before 4.7 one file-opening thread and
     * 4 table-cache shard bits; a delayed write rate of 2 MiB/s before 5.2, 16 MiB/s
     * before 5.6; and for every version at most 5000 open files and
     * {@link WALRecoveryMode#TolerateCorruptedTailRecords}.
     *
     * @param majorVersion the older RocksDB's major version
     * @param minorVersion its minor version
     * @return this
     */
    default T oldDefaults(int majorVersion, int minorVersion) {
        if (majorVersion < 4 || (majorVersion == 4 && minorVersion < 7)) {
            setMaxFileOpeningThreads(1);
            setTableCacheNumshardbits(4);
        }
        if (majorVersion < 5 || (majorVersion == 5 && minorVersion < 2)) {
            setDelayedWriteRate(2L * 1024 * 1024);
        } else if (majorVersion == 5 && minorVersion < 6) {
            setDelayedWriteRate(16L * 1024 * 1024);
        }
        setMaxOpenFiles(5000);
        return setWalRecoveryMode(WALRecoveryMode.TolerateCorruptedTailRecords);
    }

    /**
     * RocksDB's preset for a small DB, DB-wide part: one file-opening
     * thread, at most 5000 open files. (RocksDB also charges memtables to
     * a 16 MiB block cache through a write buffer manager; a plain options
     * object creates no native objects: set a {@link WriteBufferManager}
     * for that.)
     *
     * @return this
     */
    default T optimizeForSmallDb() {
        setMaxFileOpeningThreads(1);
        return setMaxOpenFiles(5000);
    }

    /**
     * A daily window of lower traffic, in UTC, as {@code "HH:mm-HH:mm"}
     * ({@code daily_offpeak_time_utc}); RocksDB may schedule periodic and
     * TTL compactions into it. Empty: no such window (the default).
     *
     * @param offpeakTimeUTC {@code "HH:mm-HH:mm"} (00:00 to 23:59), or empty
     * @return this
     * @throws IllegalArgumentException if null or not of that form
     */
    default T setDailyOffpeakTimeUTC(String offpeakTimeUTC) {
        return setRawDBOption("daily_offpeak_time_utc", OptionValues.requireOffpeakWindow(offpeakTimeUTC));
    }

    /**
     * The value set with {@link #setDailyOffpeakTimeUTC}, else the engine's default ({@code daily_offpeak_time_utc}).
     *
     * @return the window as {@code "HH:mm-HH:mm"}, or empty
     */
    default String dailyOffpeakTimeUTC() {
        // RocksDB leaves options whose value is empty out of its options string: the default (no window) is ""
        String set = rawDBOption("daily_offpeak_time_utc");
        return set != null ? set : OptionDefaults.db().getOrDefault("daily_offpeak_time_utc", "");
    }

    /**
     * The directory of the info LOG files ({@code db_log_dir}); empty: the DB's.
     *
     * @param dbLogDir a directory
     * @return this
     * @throws IllegalArgumentException if it contains ';', '{', '}' or a zero character
     */
    default T setDbLogDir(String dbLogDir) {
        OptionValues.checkToken(dbLogDir, "dbLogDir");
        return setRawDBOption("db_log_dir", dbLogDir);
    }

    /**
     * The value set with {@link #setDbLogDir}, else "" (the DB's directory).
     *
     * @return the directory
     */
    default String dbLogDir() {
        String v = rawDBOption("db_log_dir");
        return v == null ? "" : v;
    }

    /**
     * RocksJava's {@code setIncreaseParallelism}: background threads for
     * flushes and compactions. RocksDB's own helper also resizes the
     * process-wide thread pools; panrocks sets {@code max_background_jobs},
     * and RocksDB grows the pools to it when the DB opens.
     *
     * @param totalThreads in [1, 1024]
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setIncreaseParallelism(int totalThreads) {
        OptionValues.requireAtLeast(totalThreads, 1, "increaseParallelism (maxBackgroundJobs)");
        return setMaxBackgroundJobs(totalThreads);
    }

    /**
     * The environment the DB's files live in: {@link Env#getDefault()} (the
     * real file system) or a {@link RocksMemEnv}. Thread pools are the
     * default environment's either way ({@code Env.getDefault()
     * .setBackgroundThreads}).
     *
     * @param env the environment
     * @return this
     */
    default T setEnv(Env env) {
        java.util.Objects.requireNonNull(env, "env");
        Bridge.dbObjects(this).env = env == Env.getDefault() ? null : env;
        return self();
    }

    /**
     * The environment set by {@link #setEnv(Env)}.
     *
     * @return the environment; {@link Env#getDefault()} unless another was set
     */
    default Env getEnv() {
        Env env = Bridge.dbObjects(this).env;
        return env == null ? Env.getDefault() : env;
    }

    /**
     * This object, typed (for the setters that store objects rather than values).
     *
     * @return this
     */
    T self();

    /**
     * Collect tickers and histograms into {@code statistics} (shared by every
     * DB given it; see {@link Statistics}); null: none, unless
     * {@link #setStatisticsEnabled(boolean)}. The DB takes its own reference
     * when it opens, so the object may be closed while the DB runs.
     *
     * @param statistics the statistics object, or null
     * @return this
     */
    default T setStatistics(Statistics statistics) {
        Bridge.dbObjects(this).statistics = DBOptions.ObjectRefs.ownStatistics(statistics);
        return self();
    }

    /**
     * The statistics object set with {@link #setStatistics}.
     *
     * @return the object, or null
     */
    default Statistics statistics() {
        return Bridge.dbObjects(this).statistics;
    }

    /**
     * Limit the I/O of flushes and compactions with {@code rateLimiter}
     * (shared by every DB given it); null: no limit. The DB takes its own
     * reference when it opens.
     *
     * @param rateLimiter the limiter, or null
     * @return this
     */
    default T setRateLimiter(RateLimiter rateLimiter) {
        Bridge.dbObjects(this).rateLimiter = rateLimiter;
        return self();
    }

    /**
     * The rate limiter set with {@link #setRateLimiter}.
     *
     * @return the limiter, or null
     */
    default RateLimiter rateLimiter() {
        return Bridge.dbObjects(this).rateLimiter;
    }

    /**
     * Track the DB's files with {@code sstFileManager} (shared by every DB
     * given it); null: none. The DB takes its own reference when it opens.
     *
     * @param sstFileManager the manager, or null
     * @return this
     */
    default T setSstFileManager(SstFileManager sstFileManager) {
        Bridge.dbObjects(this).sstFileManager = sstFileManager;
        return self();
    }

    /**
     * The SST file manager set with {@link #setSstFileManager}.
     *
     * @return the manager, or null
     */
    default SstFileManager sstFileManager() {
        return Bridge.dbObjects(this).sstFileManager;
    }

    /**
     * Count the DB's memtables against {@code writeBufferManager}'s budget
     * (shared by every DB given it); it replaces {@code dbWriteBufferSize}.
     * null: none. The DB takes its own reference when it opens.
     *
     * @param writeBufferManager the manager, or null
     * @return this
     */
    default T setWriteBufferManager(WriteBufferManager writeBufferManager) {
        Bridge.dbObjects(this).writeBufferManager = writeBufferManager;
        return self();
    }

    /**
     * The write buffer manager set with {@link #setWriteBufferManager}.
     *
     * @return the manager, or null
     */
    default WriteBufferManager writeBufferManager() {
        return Bridge.dbObjects(this).writeBufferManager;
    }

    /**
     * Cache whole rows read by point lookups in {@code rowCache}; null: none.
     * The DB takes its own reference when it opens.
     *
     * @param rowCache the cache, or null
     * @return this
     */
    default T setRowCache(Cache rowCache) {
        Bridge.dbObjects(this).rowCache = rowCache;
        return self();
    }

    /**
     * The row cache set with {@link #setRowCache}.
     *
     * @return the cache, or null
     */
    default Cache rowCache() {
        return Bridge.dbObjects(this).rowCache;
    }

    // ---- info logger in Java ----

    /**
     * Send the DB's info log to {@code logger} instead of its LOG file
     * (RocksJava's {@code setLogger}); null: the LOG file. The logger's own
     * level ({@link Logger#infoLogLevel()}) decides which messages it gets;
     * see {@link Logger} for its threads and lifetime.
     *
     * @param logger a {@link Logger}, or null
     * @return this
     * @throws IllegalStateException if the logger is closed
     */
    default T setLogger(LoggerInterface logger) {
        if (logger != null) ((Logger) logger).checkOpen();
        Bridge.dbObjects(this).logger = (Logger) logger;
        return self();
    }

    // ---- end of info logger ----

    // ---- remote compaction ----

    /**
     * Run the DB's compactions through {@code service} (RocksDB's
     * {@code DBOptions::compaction_service}, EXPERIMENTAL in the engine);
     * null: in the DB. See {@link CompactionService} for what its answers
     * do, its threads, and what happens when it throws; each DB opened with
     * these options binds it anew and releases its binding when its engine
     * closes.
     *
     * @param service the service, or null
     * @return this
     */
    default T setCompactionService(CompactionService service) {
        Bridge.dbObjects(this).compactionService = service;
        return self();
    }

    /**
     * The service set with {@link #setCompactionService} ({@code compaction_service}).
     *
     * @return the service, or null
     */
    default CompactionService compactionService() {
        return Bridge.dbObjects(this).compactionService;
    }

    // ---- end of remote compaction ----

    // ---- callbacks: event listeners in Java ----

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
        Bridge.dbCallbacks(this).listeners = copy;
        return (T) this;
    }

    /**
     * The listeners set by {@link #setListeners}.
     *
     * @return them, in order (empty if none)
     */
    @SuppressWarnings("unchecked") // setListeners stores them
    default java.util.List<AbstractEventListener> listeners() {
        return (java.util.List<AbstractEventListener>) Bridge.dbCallbacks(this).listeners;
    }

    /**
     * A filter of the write-ahead log's records replayed when the DB opens
     * (RocksJava's {@code setWalFilter}): see {@link WalFilter}, and
     * {@link AbstractWalFilter} for what a filter that throws does to the
     * open. Unlike RocksJava, null removes the filter.
     *
     * @param walFilter the filter, or null for none
     * @return these options
     */
    @SuppressWarnings("unchecked")
    default T setWalFilter(AbstractWalFilter walFilter) {
        Bridge.dbCallbacks(this).walFilter = walFilter;
        return (T) this;
    }

    /**
     * The filter set by {@link #setWalFilter}.
     *
     * @return it, or null if none
     */
    default WalFilter walFilter() {
        return (WalFilter) Bridge.dbCallbacks(this).walFilter;
    }
    // ---- end of callbacks ----

    // ---- RocksJava's db_paths ----

    /**
     * Folders for the DB's SST files, each filled up to its target size
     * before newer data goes to the next (RocksDB's {@code db_paths}; the
     * last one takes what does not fit). Empty (default): the DB's directory.
     * The engine creates the folders at open; {@link RocksDB#destroyDB}
     * cleans them too.
     *
     * @param dbPaths the folders, in order; copied; not null, no null element
     * @return this object, for chaining
     * @throws NullPointerException if dbPaths or an element is null
     */
    default T setDbPaths(java.util.Collection<DbPath> dbPaths) {
        Bridge.dbObjects(this).dbPaths = java.util.List.copyOf(dbPaths);
        return self();
    }

    /**
     * The folders set with {@link #setDbPaths}.
     *
     * @return an unmodifiable list, empty unless set
     */
    default java.util.List<DbPath> dbPaths() {
        return Bridge.dbObjects(this).dbPaths;
    }

    // ---- RocksDB 11's DB options (RocksJava 11.8.1's setters); each refused with
    // ---- UnsupportedOperationException on an engine without it

    /**
     * The longest the DB waits between re-evaluations of periodic and
     * read-triggered compactions when nothing else wakes it
     * ({@code max_compaction_trigger_wakeup_seconds}, default 43200, 12 hours;
     * below 1 counts as 1).
     *
     * @param seconds the period in seconds; not negative
     * @return this
     * @throws IllegalArgumentException if negative
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default T setMaxCompactionTriggerWakeupSeconds(long seconds) {
        OptionDefaults.requireKnown(OptionDefaults.db(), "max_compaction_trigger_wakeup_seconds",
                "setMaxCompactionTriggerWakeupSeconds");
        return setRawDBOption("max_compaction_trigger_wakeup_seconds",
                Long.toString(OptionValues.requireAtLeast(seconds, 0, "maxCompactionTriggerWakeupSeconds")));
    }

    /**
     * The value set with {@link #setMaxCompactionTriggerWakeupSeconds}, else the engine's default.
     *
     * @return the period in seconds
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default long maxCompactionTriggerWakeupSeconds() {
        return OptionDefaults.number(dbOption("max_compaction_trigger_wakeup_seconds"));
    }

    /**
     * Open and check the SST files in the background after the open returns
     * ({@code open_files_async}, default false): a faster open of a DB with
     * many files, whose file errors then surface as background errors or on
     * the reads that reach the files. RocksDB requires
     * {@link #setSkipStatsUpdateOnDbOpen skipStatsUpdateOnDbOpen} with it and
     * refuses it with FIFO compaction, at open.
     *
     * @param openFilesAsync the setting
     * @return this
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default T setOpenFilesAsync(boolean openFilesAsync) {
        OptionDefaults.requireKnown(OptionDefaults.db(), "open_files_async", "setOpenFilesAsync");
        return setRawDBOption("open_files_async", Boolean.toString(openFilesAsync));
    }

    /**
     * The value set with {@link #setOpenFilesAsync}, else the engine's default.
     *
     * @return the setting
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default boolean openFilesAsync() {
        return OptionDefaults.bool(dbOption("open_files_async"));
    }
}
