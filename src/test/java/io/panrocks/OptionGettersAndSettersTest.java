package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's option getters and the options panrocks added for RocksJava
 * code: every getter of an unset option reports what the engine itself uses
 * (checked against the OPTIONS file RocksDB writes when it opens), every
 * setter's value reaches the engine (the same file, after an open with it)
 * and comes back from its getter, and extreme values are refused with the
 * option's name before anything opens.
 */
class OptionGettersAndSettersTest {
    @TempDir
    Path dir;

    static final String DB = "DBOptions";
    static final String CF = "CFOptions \"default\"";
    static final String TABLE = "TableOptions/BlockBasedTable \"default\"";

    /** The sections of the newest OPTIONS file RocksDB wrote in dir. */
    static Map<String, Map<String, String>> optionsFile(Path dir) throws IOException {
        Path newest;
        try (Stream<Path> files = Files.list(dir)) {
            newest = files.filter(p -> p.getFileName().toString().startsWith("OPTIONS-"))
                    .max((a, b) -> Long.compare(number(a), number(b))).orElseThrow();
        }
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        Map<String, String> current = null;
        for (String line : Files.readAllLines(newest)) {
            String t = line.trim();
            if (t.startsWith("[") && t.endsWith("]")) {
                current = new LinkedHashMap<>();
                sections.put(t.substring(1, t.length() - 1), current);
            } else if (current != null && t.contains("=") && !t.startsWith("#")) {
                int eq = t.indexOf('=');
                current.put(t.substring(0, eq).trim(), t.substring(eq + 1).trim());
            }
        }
        return sections;
    }

    private static long number(Path p) {
        return Long.parseLong(p.getFileName().toString().substring("OPTIONS-".length()));
    }

    /** A getter, the option it reports, and where RocksDB writes it. */
    record Getter(String method, String rocksName, String section) {
    }

    static final List<Getter> GETTERS = List.of(
            // DB-wide
            new Getter("paranoidChecks", "paranoid_checks", DB),
            new Getter("maxSubcompactions", "max_subcompactions", DB),
            new Getter("walTtlSeconds", "WAL_ttl_seconds", DB),
            new Getter("walSizeLimitMB", "WAL_size_limit_MB", DB),
            new Getter("maxTotalWalSize", "max_total_wal_size", DB),
            new Getter("walRecoveryMode", "wal_recovery_mode", DB),
            new Getter("manualWalFlush", "manual_wal_flush", DB),
            new Getter("walBytesPerSync", "wal_bytes_per_sync", DB),
            new Getter("bytesPerSync", "bytes_per_sync", DB),
            new Getter("useFsync", "use_fsync", DB),
            new Getter("infoLogLevel", "info_log_level", DB),
            new Getter("keepLogFileNum", "keep_log_file_num", DB),
            new Getter("atomicFlush", "atomic_flush", DB),
            new Getter("enablePipelinedWrite", "enable_pipelined_write", DB),
            new Getter("dbWriteBufferSize", "db_write_buffer_size", DB),
            new Getter("avoidFlushDuringShutdown", "avoid_flush_during_shutdown", DB),
            new Getter("maxFileOpeningThreads", "max_file_opening_threads", DB),
            new Getter("deleteObsoleteFilesPeriodMicros", "delete_obsolete_files_period_micros", DB),
            new Getter("maxBackgroundCompactions", "max_background_compactions", DB),
            new Getter("maxBackgroundFlushes", "max_background_flushes", DB),
            new Getter("maxLogFileSize", "max_log_file_size", DB),
            new Getter("logFileTimeToRoll", "log_file_time_to_roll", DB),
            new Getter("recycleLogFileNum", "recycle_log_file_num", DB),
            new Getter("maxManifestFileSize", "max_manifest_file_size", DB),
            new Getter("tableCacheNumshardbits", "table_cache_numshardbits", DB),
            new Getter("maxWriteBatchGroupSizeBytes", "max_write_batch_group_size_bytes", DB),
            new Getter("manifestPreallocationSize", "manifest_preallocation_size", DB),
            new Getter("useDirectReads", "use_direct_reads", DB),
            new Getter("useDirectIoForFlushAndCompaction", "use_direct_io_for_flush_and_compaction", DB),
            new Getter("allowFAllocate", "allow_fallocate", DB),
            new Getter("allowMmapReads", "allow_mmap_reads", DB),
            new Getter("allowMmapWrites", "allow_mmap_writes", DB),
            new Getter("isFdCloseOnExec", "is_fd_close_on_exec", DB),
            new Getter("adviseRandomOnOpen", "advise_random_on_open", DB),
            new Getter("useAdaptiveMutex", "use_adaptive_mutex", DB),
            new Getter("enableThreadTracking", "enable_thread_tracking", DB),
            new Getter("unorderedWrite", "unordered_write", DB),
            new Getter("allowConcurrentMemtableWrite", "allow_concurrent_memtable_write", DB),
            new Getter("enableWriteThreadAdaptiveYield", "enable_write_thread_adaptive_yield", DB),
            new Getter("writeThreadMaxYieldUsec", "write_thread_max_yield_usec", DB),
            new Getter("writeThreadSlowYieldUsec", "write_thread_slow_yield_usec", DB),
            new Getter("skipStatsUpdateOnDbOpen", "skip_stats_update_on_db_open", DB),
            new Getter("skipCheckingSstFileSizesOnDbOpen", "skip_checking_sst_file_sizes_on_db_open", DB),
            new Getter("allow2pc", "allow_2pc", DB),
            new Getter("failIfOptionsFileError", "fail_if_options_file_error", DB),
            new Getter("dumpMallocStats", "dump_malloc_stats", DB),
            new Getter("avoidFlushDuringRecovery", "avoid_flush_during_recovery", DB),
            new Getter("allowIngestBehind", "allow_ingest_behind", DB),
            new Getter("twoWriteQueues", "two_write_queues", DB),
            new Getter("avoidUnnecessaryBlockingIO", "avoid_unnecessary_blocking_io", DB),
            new Getter("persistStatsToDisk", "persist_stats_to_disk", DB),
            new Getter("writeDbidToManifest", "write_dbid_to_manifest", DB),
            new Getter("logReadaheadSize", "log_readahead_size", DB),
            new Getter("bestEffortsRecovery", "best_efforts_recovery", DB),
            new Getter("maxBgerrorResumeCount", "max_bgerror_resume_count", DB),
            new Getter("bgerrorResumeRetryInterval", "bgerror_resume_retry_interval", DB),
            new Getter("writableFileMaxBufferSize", "writable_file_max_buffer_size", DB),
            new Getter("delayedWriteRate", "delayed_write_rate", DB),
            new Getter("statsDumpPeriodSec", "stats_dump_period_sec", DB),
            new Getter("statsPersistPeriodSec", "stats_persist_period_sec", DB),
            new Getter("statsHistoryBufferSize", "stats_history_buffer_size", DB),
            new Getter("strictBytesPerSync", "strict_bytes_per_sync", DB),
            new Getter("compactionReadaheadSize", "compaction_readahead_size", DB),
            new Getter("maxOpenFiles", "max_open_files", DB),
            new Getter("maxBackgroundJobs", "max_background_jobs", DB),
            // column family
            new Getter("writeBufferSize", "write_buffer_size", CF),
            new Getter("maxWriteBufferNumber", "max_write_buffer_number", CF),
            new Getter("minWriteBufferNumberToMerge", "min_write_buffer_number_to_merge", CF),
            new Getter("compressionType", "compression", CF),
            new Getter("bottommostCompressionType", "bottommost_compression", CF),
            new Getter("numLevels", "num_levels", CF),
            new Getter("level0FileNumCompactionTrigger", "level0_file_num_compaction_trigger", CF),
            new Getter("level0SlowdownWritesTrigger", "level0_slowdown_writes_trigger", CF),
            new Getter("level0StopWritesTrigger", "level0_stop_writes_trigger", CF),
            new Getter("levelZeroFileNumCompactionTrigger", "level0_file_num_compaction_trigger", CF),
            new Getter("levelZeroSlowdownWritesTrigger", "level0_slowdown_writes_trigger", CF),
            new Getter("levelZeroStopWritesTrigger", "level0_stop_writes_trigger", CF),
            new Getter("maxBytesForLevelBase", "max_bytes_for_level_base", CF),
            new Getter("maxBytesForLevelMultiplier", "max_bytes_for_level_multiplier", CF),
            new Getter("targetFileSizeBase", "target_file_size_base", CF),
            new Getter("targetFileSizeMultiplier", "target_file_size_multiplier", CF),
            new Getter("levelCompactionDynamicLevelBytes", "level_compaction_dynamic_level_bytes", CF),
            new Getter("disableAutoCompactions", "disable_auto_compactions", CF),
            new Getter("maxWriteBufferNumberToMaintain", "max_write_buffer_number_to_maintain", CF),
            new Getter("inplaceUpdateSupport", "inplace_update_support", CF),
            new Getter("inplaceUpdateNumLocks", "inplace_update_num_locks", CF),
            new Getter("bloomLocality", "bloom_locality", CF),
            new Getter("maxCompactionBytes", "max_compaction_bytes", CF),
            new Getter("compactionStyle", "compaction_style", CF),
            new Getter("compactionPriority", "compaction_pri", CF),
            new Getter("optimizeFiltersForHits", "optimize_filters_for_hits", CF),
            new Getter("forceConsistencyChecks", "force_consistency_checks", CF),
            new Getter("arenaBlockSize", "arena_block_size", CF),
            new Getter("memtableWholeKeyFiltering", "memtable_whole_key_filtering", CF),
            new Getter("memtableHugePageSize", "memtable_huge_page_size", CF),
            new Getter("memtablePrefixBloomSizeRatio", "memtable_prefix_bloom_size_ratio", CF),
            new Getter("experimentalMempurgeThreshold", "experimental_mempurge_threshold", CF),
            new Getter("softPendingCompactionBytesLimit", "soft_pending_compaction_bytes_limit", CF),
            new Getter("hardPendingCompactionBytesLimit", "hard_pending_compaction_bytes_limit", CF),
            new Getter("maxSequentialSkipInIterations", "max_sequential_skip_in_iterations", CF),
            new Getter("maxSuccessiveMerges", "max_successive_merges", CF),
            new Getter("paranoidFileChecks", "paranoid_file_checks", CF),
            new Getter("reportBgIoStats", "report_bg_io_stats", CF),
            new Getter("ttl", "ttl", CF),
            new Getter("periodicCompactionSeconds", "periodic_compaction_seconds", CF),
            new Getter("enableBlobFiles", "enable_blob_files", CF),
            new Getter("minBlobSize", "min_blob_size", CF),
            new Getter("blobFileSize", "blob_file_size", CF),
            new Getter("blobCompressionType", "blob_compression_type", CF),
            new Getter("enableBlobGarbageCollection", "enable_blob_garbage_collection", CF),
            new Getter("blobGarbageCollectionAgeCutoff", "blob_garbage_collection_age_cutoff", CF),
            new Getter("blobGarbageCollectionForceThreshold", "blob_garbage_collection_force_threshold", CF),
            new Getter("blobCompactionReadaheadSize", "blob_compaction_readahead_size", CF),
            new Getter("blobFileStartingLevel", "blob_file_starting_level", CF),
            new Getter("prepopulateBlobCache", "prepopulate_blob_cache", CF),
            new Getter("maxBytesForLevelMultiplierAdditional", "max_bytes_for_level_multiplier_additional", CF),
            new Getter("compressionPerLevel", "compression_per_level", CF));

    static final List<Getter> TABLE_GETTERS = List.of(
            new Getter("blockSize", "block_size", TABLE),
            new Getter("noBlockCache", "no_block_cache", TABLE),
            new Getter("cacheIndexAndFilterBlocks", "cache_index_and_filter_blocks", TABLE),
            new Getter("pinL0FilterAndIndexBlocksInCache", "pin_l0_filter_and_index_blocks_in_cache", TABLE),
            new Getter("blockRestartInterval", "block_restart_interval", TABLE),
            new Getter("wholeKeyFiltering", "whole_key_filtering", TABLE),
            new Getter("formatVersion", "format_version", TABLE),
            new Getter("cacheIndexAndFilterBlocksWithHighPriority", "cache_index_and_filter_blocks_with_high_priority",
                    TABLE),
            new Getter("pinTopLevelIndexAndFilter", "pin_top_level_index_and_filter", TABLE),
            new Getter("indexType", "index_type", TABLE),
            new Getter("dataBlockIndexType", "data_block_index_type", TABLE),
            new Getter("dataBlockHashTableUtilRatio", "data_block_hash_table_util_ratio", TABLE),
            new Getter("checksumType", "checksum", TABLE),
            new Getter("blockSizeDeviation", "block_size_deviation", TABLE),
            new Getter("indexBlockRestartInterval", "index_block_restart_interval", TABLE),
            new Getter("metadataBlockSize", "metadata_block_size", TABLE),
            new Getter("partitionFilters", "partition_filters", TABLE),
            new Getter("optimizeFiltersForMemory", "optimize_filters_for_memory", TABLE),
            new Getter("verifyCompression", "verify_compression", TABLE),
            new Getter("enableIndexCompression", "enable_index_compression", TABLE),
            new Getter("blockAlign", "block_align", TABLE),
            new Getter("indexShortening", "index_shortening", TABLE));

    /** A getter's result the way RocksDB writes it in the OPTIONS file. */
    static String rocksText(Object value) {
        if (value instanceof Enum<?> e) return rocksName(e);
        if (value instanceof Long l) return Long.toUnsignedString(l); // RocksDB writes uint64_t options unsigned
        if (value instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            for (Object o : list) parts.add(rocksText(o));
            return String.join(":", parts);
        }
        if (value instanceof int[] ints) {
            List<String> parts = new ArrayList<>();
            for (int i : ints) parts.add(Integer.toString(i));
            return String.join(":", parts);
        }
        return String.valueOf(value);
    }

    /** RocksDB's spelling of each enum constant, written out here as the test's own expectation. */
    static String rocksName(Enum<?> e) {
        return switch (e) {
            case CompressionType t -> Map.of(CompressionType.NO_COMPRESSION, "kNoCompression",
                    CompressionType.SNAPPY_COMPRESSION, "kSnappyCompression", CompressionType.ZLIB_COMPRESSION,
                    "kZlibCompression", CompressionType.BZLIB2_COMPRESSION, "kBZip2Compression",
                    CompressionType.LZ4_COMPRESSION, "kLZ4Compression", CompressionType.LZ4HC_COMPRESSION,
                    "kLZ4HCCompression", CompressionType.ZSTD_COMPRESSION, "kZSTD",
                    CompressionType.DISABLE_COMPRESSION_OPTION, "kDisableCompressionOption").get(t);
            case CompactionStyle s -> Map.of(CompactionStyle.LEVEL, "kCompactionStyleLevel", CompactionStyle.UNIVERSAL,
                    "kCompactionStyleUniversal", CompactionStyle.FIFO, "kCompactionStyleFIFO", CompactionStyle.NONE,
                    "kCompactionStyleNone").get(s);
            case CompactionPriority p -> "k" + p.name();
            case WALRecoveryMode m -> "k" + m.name();
            case PrepopulateBlobCache p -> p == PrepopulateBlobCache.PREPOPULATE_BLOB_DISABLE ? "kDisable" : "kFlushOnly";
            default -> e.name(); // InfoLogLevel, IndexType, DataBlockIndexType, ChecksumType, IndexShorteningMode
        };
    }

    static Object call(Object target, String method, Object... args) {
        for (Method m : target.getClass().getMethods()) {
            if (!m.getName().equals(method) || m.getParameterCount() != args.length) continue;
            if (args.length == 1 && !wraps(m.getParameterTypes()[0], args[0])) continue;
            try {
                return m.invoke(target, args);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                throw new AssertionError(e.getCause());
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no method " + method + " on " + target.getClass().getSimpleName());
    }

    private static boolean wraps(Class<?> type, Object arg) {
        if (!type.isPrimitive()) return type.isInstance(arg);
        return (type == boolean.class && arg instanceof Boolean) || (type == int.class && arg instanceof Integer)
                || (type == long.class && arg instanceof Long) || (type == double.class && arg instanceof Double);
    }

    static void assertOption(String option, String expected, String actual) {
        if (expected.equals(actual)) return;
        try {
            // doubles: RocksDB prints 10.000000, Java 10.0
            assertEquals(Double.parseDouble(expected), Double.parseDouble(actual), 1e-9, option);
        } catch (NumberFormatException e) {
            assertEquals(expected, actual, option);
        }
    }

    /** Defaults RocksDB replaces when a DB opens: option=default to what the OPTIONS file then says. */
    static final Map<String, String> SANITIZED_AT_OPEN = Map.of("delayed_write_rate=0", "16777216",
            "max_compaction_bytes=0", Long.toString(25 * (64L << 20)), // 25 target file sizes
            "arena_block_size=0", Long.toString(1L << 20)); // min(1 MiB, write buffer / 8)

    /**
     * Defaults that are sentinels RocksDB resolves at open by compaction
     * style and engine version (30 days, or off): their setters are checked
     * in {@link #everySetterReachesTheEngineAndItsGetterReadsItBack}.
     */
    static final java.util.Set<String> ADJUSTED_PER_STYLE = java.util.Set.of("ttl", "periodic_compaction_seconds");

    /**
     * Options RocksDB 11 no longer writes into the OPTIONS file (deprecated,
     * their values ignored): their setters and getters stay for RocksJava's
     * sake, and on RocksDB 11 only the getters are checked.
     */
    static final java.util.Set<String> NOT_WRITTEN_FROM_11 = java.util.Set.of("fail_if_options_file_error",
            "max_write_buffer_number_to_maintain", "skip_checking_sst_file_sizes_on_db_open");

    static boolean writtenByThisEngine(String rocksName) {
        return !(NOT_WRITTEN_FROM_11.contains(rocksName) && EngineVersion.atLeast(11, 0));
    }

    @Test
    void everyGetterOfAnUnsetOptionReportsWhatTheEngineUses() throws Exception {
        Options options = new Options().setCreateIfMissing(true);
        BlockBasedTableConfig table = new BlockBasedTableConfig();
        options.setTableFormatConfig(table);
        try (RocksDB db = RocksDB.open(options, dir)) {
            assertTrue(db.isOpen());
        }
        Map<String, Map<String, String>> file = optionsFile(dir);
        for (Getter g : GETTERS) {
            if (ADJUSTED_PER_STYLE.contains(g.rocksName()) || !writtenByThisEngine(g.rocksName())) continue;
            String written = file.get(g.section()).get(g.rocksName());
            if (written == null && g.rocksName().equals("compression_per_level")) written = ""; // not written when empty
            assertNotNull(written, g.rocksName() + " is in the OPTIONS file");
            String reported = rocksText(call(options, g.method()));
            // RocksDB adjusts a few defaults when a DB opens (SanitizeOptions); the getter, like
            // RocksJava's, reports the options' own value
            String sanitized = SANITIZED_AT_OPEN.get(g.rocksName() + "=" + reported);
            assertOption(g.method(), sanitized != null ? sanitized : written, sanitized != null ? written : reported);
        }
        for (Getter g : TABLE_GETTERS) {
            String written = file.get(g.section()).get(g.rocksName());
            assertNotNull(written, g.rocksName() + " is in the OPTIONS file");
            assertOption(g.method(), written, rocksText(call(table, g.method())));
        }
        // the same getters answer on the split option objects
        assertEquals(options.maxFileOpeningThreads(), new DBOptions().maxFileOpeningThreads());
        assertEquals(options.compactionStyle(), new ColumnFamilyOptions().compactionStyle());
        assertEquals(options.maxTableFilesSizeFIFO(), new ColumnFamilyOptions().maxTableFilesSizeFIFO());
        assertEquals(Env.getDefault(), options.getEnv());
        assertEquals("", options.dbLogDir());
    }

    /** A setter, its value, the getter that reads it back, and what RocksDB writes for it. */
    record Setting(String setter, Object value, String getter, String rocksName, String section, String written) {
    }

    static Setting db(String setter, Object value, String getter, String rocksName, String written) {
        return new Setting(setter, value, getter, rocksName, DB, written);
    }

    static Setting cf(String setter, Object value, String getter, String rocksName, String written) {
        return new Setting(setter, value, getter, rocksName, CF, written);
    }

    static Setting table(String setter, Object value, String getter, String rocksName, String written) {
        return new Setting(setter, value, getter, rocksName, TABLE, written);
    }

    /** Groups that open together (some options exclude others). */
    static final List<List<Setting>> SETTINGS = List.of(
            List.of(
                    db("setParanoidChecks", false, "paranoidChecks", "paranoid_checks", "false"),
                    db("setMaxSubcompactions", 2, "maxSubcompactions", "max_subcompactions", "2"),
                    db("setWalTtlSeconds", 60L, "walTtlSeconds", "WAL_ttl_seconds", "60"),
                    db("setWalSizeLimitMB", 10L, "walSizeLimitMB", "WAL_size_limit_MB", "10"),
                    db("setMaxTotalWalSize", 1L << 30, "maxTotalWalSize", "max_total_wal_size", "1073741824"),
                    db("setWalRecoveryMode", WALRecoveryMode.AbsoluteConsistency, "walRecoveryMode", "wal_recovery_mode",
                            "kAbsoluteConsistency"),
                    db("setManualWalFlush", true, "manualWalFlush", "manual_wal_flush", "true"),
                    db("setWalBytesPerSync", 1L << 20, "walBytesPerSync", "wal_bytes_per_sync", "1048576"),
                    db("setBytesPerSync", 1L << 20, "bytesPerSync", "bytes_per_sync", "1048576"),
                    db("setUseFsync", true, "useFsync", "use_fsync", "true"),
                    db("setInfoLogLevel", InfoLogLevel.WARN_LEVEL, "infoLogLevel", "info_log_level", "WARN_LEVEL"),
                    db("setKeepLogFileNum", 5L, "keepLogFileNum", "keep_log_file_num", "5"),
                    db("setAtomicFlush", true, "atomicFlush", "atomic_flush", "true"),
                    db("setDbWriteBufferSize", 1L << 26, "dbWriteBufferSize", "db_write_buffer_size", "67108864"),
                    db("setAvoidFlushDuringShutdown", true, "avoidFlushDuringShutdown", "avoid_flush_during_shutdown",
                            "true"),
                    db("setMaxFileOpeningThreads", 4, "maxFileOpeningThreads", "max_file_opening_threads", "4"),
                    db("setDeleteObsoleteFilesPeriodMicros", 123456789L, "deleteObsoleteFilesPeriodMicros",
                            "delete_obsolete_files_period_micros", "123456789"),
                    db("setMaxBackgroundCompactions", 3, "maxBackgroundCompactions", "max_background_compactions", "3"),
                    db("setMaxBackgroundFlushes", 2, "maxBackgroundFlushes", "max_background_flushes", "2"),
                    db("setMaxLogFileSize", 1L << 20, "maxLogFileSize", "max_log_file_size", "1048576"),
                    db("setLogFileTimeToRoll", 3600L, "logFileTimeToRoll", "log_file_time_to_roll", "3600"),
                    db("setMaxManifestFileSize", 1L << 26, "maxManifestFileSize", "max_manifest_file_size", "67108864"),
                    db("setTableCacheNumshardbits", 4, "tableCacheNumshardbits", "table_cache_numshardbits", "4"),
                    db("setMaxWriteBatchGroupSizeBytes", 1L << 21, "maxWriteBatchGroupSizeBytes",
                            "max_write_batch_group_size_bytes", "2097152"),
                    db("setManifestPreallocationSize", 1L << 20, "manifestPreallocationSize",
                            "manifest_preallocation_size", "1048576"),
                    db("setAllowFAllocate", false, "allowFAllocate", "allow_fallocate", "false"),
                    db("setIsFdCloseOnExec", false, "isFdCloseOnExec", "is_fd_close_on_exec", "false"),
                    db("setAdviseRandomOnOpen", false, "adviseRandomOnOpen", "advise_random_on_open", "false"),
                    db("setUseAdaptiveMutex", true, "useAdaptiveMutex", "use_adaptive_mutex", "true"),
                    db("setEnableThreadTracking", true, "enableThreadTracking", "enable_thread_tracking", "true"),
                    db("setEnableWriteThreadAdaptiveYield", false, "enableWriteThreadAdaptiveYield",
                            "enable_write_thread_adaptive_yield", "false"),
                    db("setWriteThreadMaxYieldUsec", 50L, "writeThreadMaxYieldUsec", "write_thread_max_yield_usec", "50"),
                    db("setWriteThreadSlowYieldUsec", 5L, "writeThreadSlowYieldUsec", "write_thread_slow_yield_usec",
                            "5"),
                    db("setSkipStatsUpdateOnDbOpen", true, "skipStatsUpdateOnDbOpen", "skip_stats_update_on_db_open",
                            "true"),
                    db("setSkipCheckingSstFileSizesOnDbOpen", true, "skipCheckingSstFileSizesOnDbOpen",
                            "skip_checking_sst_file_sizes_on_db_open", "true"),
                    db("setAllow2pc", true, "allow2pc", "allow_2pc", "true"),
                    db("setDumpMallocStats", true, "dumpMallocStats", "dump_malloc_stats", "true"),
                    db("setAllowIngestBehind", true, "allowIngestBehind", "allow_ingest_behind", "true"),
                    db("setAvoidUnnecessaryBlockingIO", true, "avoidUnnecessaryBlockingIO",
                            "avoid_unnecessary_blocking_io", "true"),
                    db("setLogReadaheadSize", 8192L, "logReadaheadSize", "log_readahead_size", "8192"),
                    db("setMaxBgErrorResumeCount", 5, "maxBgerrorResumeCount", "max_bgerror_resume_count", "5"),
                    db("setBgerrorResumeRetryInterval", 2000000L, "bgerrorResumeRetryInterval",
                            "bgerror_resume_retry_interval", "2000000"),
                    db("setWritableFileMaxBufferSize", 1L << 19, "writableFileMaxBufferSize",
                            "writable_file_max_buffer_size", "524288"),
                    db("setDelayedWriteRate", 1L << 22, "delayedWriteRate", "delayed_write_rate", "4194304"),
                    db("setStatsDumpPeriodSec", 0, "statsDumpPeriodSec", "stats_dump_period_sec", "0"),
                    db("setStatsPersistPeriodSec", 0, "statsPersistPeriodSec", "stats_persist_period_sec", "0"),
                    db("setStatsHistoryBufferSize", 1L << 19, "statsHistoryBufferSize", "stats_history_buffer_size",
                            "524288"),
                    db("setStrictBytesPerSync", true, "strictBytesPerSync", "strict_bytes_per_sync", "true"),
                    db("setCompactionReadaheadSize", 1L << 20, "compactionReadaheadSize", "compaction_readahead_size",
                            "1048576"),
                    db("setIncreaseParallelism", 6, "maxBackgroundJobs", "max_background_jobs", "6"),
                    cf("setMaxWriteBufferNumber", 3, "maxWriteBufferNumber", "max_write_buffer_number", "3"),
                    cf("setCompressionType", CompressionType.LZ4_COMPRESSION, "compressionType", "compression",
                            "kLZ4Compression"),
                    cf("setBottommostCompressionType", CompressionType.ZSTD_COMPRESSION, "bottommostCompressionType",
                            "bottommost_compression", "kZSTD"),
                    cf("setNumLevels", 5, "numLevels", "num_levels", "5"),
                    cf("setLevelZeroFileNumCompactionTrigger", 3, "level0FileNumCompactionTrigger",
                            "level0_file_num_compaction_trigger", "3"),
                    cf("setLevelZeroSlowdownWritesTrigger", 10, "levelZeroSlowdownWritesTrigger",
                            "level0_slowdown_writes_trigger", "10"),
                    cf("setLevelZeroStopWritesTrigger", 30, "level0StopWritesTrigger", "level0_stop_writes_trigger",
                            "30"),
                    cf("setMaxBytesForLevelBase", 1L << 27, "maxBytesForLevelBase", "max_bytes_for_level_base",
                            "134217728"),
                    cf("setMaxBytesForLevelMultiplier", 8.0, "maxBytesForLevelMultiplier",
                            "max_bytes_for_level_multiplier", "8.000000"),
                    cf("setTargetFileSizeBase", 1L << 25, "targetFileSizeBase", "target_file_size_base", "33554432"),
                    cf("setTargetFileSizeMultiplier", 2, "targetFileSizeMultiplier", "target_file_size_multiplier",
                            "2"),
                    cf("setDisableAutoCompactions", true, "disableAutoCompactions", "disable_auto_compactions", "true"),
                    cf("setMaxWriteBufferNumberToMaintain", 1, "maxWriteBufferNumberToMaintain",
                            "max_write_buffer_number_to_maintain", "1"),
                    cf("setBloomLocality", 1, "bloomLocality", "bloom_locality", "1"),
                    cf("setMaxCompactionBytes", 1L << 28, "maxCompactionBytes", "max_compaction_bytes", "268435456"),
                    cf("setCompactionPriority", CompactionPriority.OldestSmallestSeqFirst, "compactionPriority",
                            "compaction_pri", "kOldestSmallestSeqFirst"),
                    cf("setOptimizeFiltersForHits", true, "optimizeFiltersForHits", "optimize_filters_for_hits", "true"),
                    cf("setArenaBlockSize", 1L << 16, "arenaBlockSize", "arena_block_size", "65536"),
                    cf("setMemtableWholeKeyFiltering", true, "memtableWholeKeyFiltering", "memtable_whole_key_filtering",
                            "true"),
                    cf("setMemtablePrefixBloomSizeRatio", 0.1, "memtablePrefixBloomSizeRatio",
                            "memtable_prefix_bloom_size_ratio", "0.100000"),
                    cf("setSoftPendingCompactionBytesLimit", 1L << 30, "softPendingCompactionBytesLimit",
                            "soft_pending_compaction_bytes_limit", "1073741824"),
                    cf("setHardPendingCompactionBytesLimit", 1L << 31, "hardPendingCompactionBytesLimit",
                            "hard_pending_compaction_bytes_limit", "2147483648"),
                    cf("setMaxSequentialSkipInIterations", 16L, "maxSequentialSkipInIterations",
                            "max_sequential_skip_in_iterations", "16"),
                    cf("setMaxSuccessiveMerges", 3L, "maxSuccessiveMerges", "max_successive_merges", "3"),
                    cf("setParanoidFileChecks", true, "paranoidFileChecks", "paranoid_file_checks", "true"),
                    cf("setReportBgIoStats", true, "reportBgIoStats", "report_bg_io_stats", "true"),
                    cf("setTtl", 3600L, "ttl", "ttl", "3600"),
                    cf("setPeriodicCompactionSeconds", 7200L, "periodicCompactionSeconds", "periodic_compaction_seconds",
                            "7200"),
                    cf("setEnableBlobFiles", true, "enableBlobFiles", "enable_blob_files", "true"),
                    cf("setMinBlobSize", 100L, "minBlobSize", "min_blob_size", "100"),
                    cf("setBlobFileSize", 1L << 20, "blobFileSize", "blob_file_size", "1048576"),
                    cf("setBlobCompressionType", CompressionType.LZ4_COMPRESSION, "blobCompressionType",
                            "blob_compression_type", "kLZ4Compression"),
                    cf("setEnableBlobGarbageCollection", true, "enableBlobGarbageCollection",
                            "enable_blob_garbage_collection", "true"),
                    cf("setBlobGarbageCollectionAgeCutoff", 0.5, "blobGarbageCollectionAgeCutoff",
                            "blob_garbage_collection_age_cutoff", "0.500000"),
                    cf("setBlobGarbageCollectionForceThreshold", 0.8, "blobGarbageCollectionForceThreshold",
                            "blob_garbage_collection_force_threshold", "0.800000"),
                    cf("setBlobCompactionReadaheadSize", 1L << 16, "blobCompactionReadaheadSize",
                            "blob_compaction_readahead_size", "65536"),
                    cf("setBlobFileStartingLevel", 1, "blobFileStartingLevel", "blob_file_starting_level", "1"),
                    cf("setPrepopulateBlobCache", PrepopulateBlobCache.PREPOPULATE_BLOB_FLUSH_ONLY,
                            "prepopulateBlobCache", "prepopulate_blob_cache", "kFlushOnly"),
                    cf("setMaxBytesForLevelMultiplierAdditional", new int[]{1, 2, 3, 4, 5},
                            "maxBytesForLevelMultiplierAdditional", "max_bytes_for_level_multiplier_additional",
                            "1:2:3:4:5"),
                    cf("setCompressionPerLevel", List.of(CompressionType.NO_COMPRESSION, CompressionType.LZ4_COMPRESSION),
                            "compressionPerLevel", "compression_per_level", "kNoCompression:kLZ4Compression"),
                    table("setCacheIndexAndFilterBlocksWithHighPriority", false,
                            "cacheIndexAndFilterBlocksWithHighPriority", "cache_index_and_filter_blocks_with_high_priority",
                            "false"),
                    table("setPinTopLevelIndexAndFilter", false, "pinTopLevelIndexAndFilter",
                            "pin_top_level_index_and_filter", "false"),
                    table("setIndexType", IndexType.kTwoLevelIndexSearch, "indexType", "index_type",
                            "kTwoLevelIndexSearch"),
                    table("setPartitionFilters", true, "partitionFilters", "partition_filters", "true"),
                    table("setFilterPolicy", new BloomFilter(10), "filterPolicy", "filter_policy", null),
                    table("setDataBlockIndexType", DataBlockIndexType.kDataBlockBinaryAndHash, "dataBlockIndexType",
                            "data_block_index_type", "kDataBlockBinaryAndHash"),
                    table("setDataBlockHashTableUtilRatio", 0.5, "dataBlockHashTableUtilRatio",
                            "data_block_hash_table_util_ratio", "0.500000"),
                    table("setChecksumType", ChecksumType.kCRC32c, "checksumType", "checksum", "kCRC32c"),
                    table("setBlockSizeDeviation", 5, "blockSizeDeviation", "block_size_deviation", "5"),
                    table("setIndexBlockRestartInterval", 4, "indexBlockRestartInterval", "index_block_restart_interval",
                            "4"),
                    table("setMetadataBlockSize", 8192L, "metadataBlockSize", "metadata_block_size", "8192"),
                    table("setVerifyCompression", true, "verifyCompression", "verify_compression", "true"),
                    table("setEnableIndexCompression", false, "enableIndexCompression", "enable_index_compression",
                            "false"),
                    table("setIndexShortening", IndexShorteningMode.kNoShortening, "indexShortening", "index_shortening",
                            "kNoShortening"),
                    table("setPinL0FilterAndIndexBlocksInCache", true, "pinL0FilterAndIndexBlocksInCache",
                            "pin_l0_filter_and_index_blocks_in_cache", "true"),
                    table("setBlockRestartInterval", 8, "blockRestartInterval", "block_restart_interval", "8"),
                    table("setWholeKeyFiltering", false, "wholeKeyFiltering", "whole_key_filtering", "false"),
                    table("setFormatVersion", 4, "formatVersion", "format_version", "4")),
            List.of(
                    // in-place updates exclude concurrent memtable writes; universal compaction, FIFO size
                    db("setAllowConcurrentMemtableWrite", false, "allowConcurrentMemtableWrite",
                            "allow_concurrent_memtable_write", "false"),
                    db("setTwoWriteQueues", true, "twoWriteQueues", "two_write_queues", "true"),
                    db("setFailIfOptionsFileError", false, "failIfOptionsFileError", "fail_if_options_file_error",
                            "false"),
                    db("setWriteDbidToManifest", false, "writeDbidToManifest", "write_dbid_to_manifest", "false"),
                    cf("setInplaceUpdateSupport", true, "inplaceUpdateSupport", "inplace_update_support", "true"),
                    cf("setInplaceUpdateNumLocks", 500L, "inplaceUpdateNumLocks", "inplace_update_num_locks", "500"),
                    cf("setCompactionStyle", CompactionStyle.UNIVERSAL, "compactionStyle", "compaction_style",
                            "kCompactionStyleUniversal"),
                    cf("setMaxTableFilesSizeFIFO", 1L << 30, "maxTableFilesSizeFIFO", "compaction_options_fifo", null),
                    cf("setLevelCompactionDynamicLevelBytes", false, "levelCompactionDynamicLevelBytes",
                            "level_compaction_dynamic_level_bytes", "false"),
                    cf("setForceConsistencyChecks", false, "forceConsistencyChecks", "force_consistency_checks", "false"),
                    cf("setExperimentalMempurgeThreshold", 0.5, "experimentalMempurgeThreshold",
                            "experimental_mempurge_threshold", "0.500000"),
                    table("setOptimizeFiltersForMemory", true, "optimizeFiltersForMemory", "optimize_filters_for_memory",
                            "true")),
            List.of(
                    // pipelined writes exclude atomic flush and two write queues
                    db("setEnablePipelinedWrite", true, "enablePipelinedWrite", "enable_pipelined_write", "true"),
                    // atomic flush (group 1) makes RocksDB merge one memtable at a time; fewer than the memtables
                    cf("setMaxWriteBufferNumber", 4, "maxWriteBufferNumber", "max_write_buffer_number", "4"),
                    cf("setMinWriteBufferNumberToMerge", 2, "minWriteBufferNumberToMerge",
                            "min_write_buffer_number_to_merge", "2"),
                    // recycled WAL files need a recovery mode that tolerates their stale tails
                    db("setWalRecoveryMode", WALRecoveryMode.SkipAnyCorruptedRecords, "walRecoveryMode",
                            "wal_recovery_mode", "kSkipAnyCorruptedRecords"),
                    db("setRecycleLogFileNum", 2L, "recycleLogFileNum", "recycle_log_file_num", "2"),
                    // allow_2pc (group 1) makes RocksDB turn this off at open
                    db("setAvoidFlushDuringRecovery", true, "avoidFlushDuringRecovery", "avoid_flush_during_recovery",
                            "true")));

    @Test
    void everySetterReachesTheEngineAndItsGetterReadsItBack() throws Exception {
        int group = 0;
        for (List<Setting> settings : SETTINGS) {
            Path at = dir.resolve("group" + group++);
            Options options = new Options().setCreateIfMissing(true);
            BlockBasedTableConfig table = new BlockBasedTableConfig();
            options.setTableFormatConfig(table);
            for (Setting s : settings) {
                Object target = s.section().equals(TABLE) ? table : options;
                assertSame(target, call(target, s.setter(), s.value()), s.setter() + " returns its object");
                Object back = call(target, s.getter());
                if (s.value() instanceof int[] ints) assertArrayEquals(ints, (int[]) back, s.getter());
                else assertEquals(s.value(), back, s.getter());
            }
            try (RocksDB db = RocksDB.open(options, at)) {
                db.put("k".getBytes(), "v".getBytes());
                assertArrayEquals("v".getBytes(), db.get("k".getBytes()));
            }
            Map<String, Map<String, String>> file = optionsFile(at);
            for (Setting s : settings) {
                if (!writtenByThisEngine(s.rocksName())) continue;
                String written = file.get(s.section()).get(s.rocksName());
                assertNotNull(written, s.rocksName() + " in the OPTIONS file");
                if (s.written() != null) assertOption(s.setter(), s.written(), written);
            }
            if (group == 1) {
                assertTrue(file.get(TABLE).get("filter_policy").contains("bloomfilter"),
                        file.get(TABLE).get("filter_policy"));
            } else if (group == 2) {
                assertTrue(file.get(CF).get("compaction_options_fifo").contains("max_table_files_size=1073741824"),
                        file.get(CF).get("compaction_options_fifo"));
            }
        }
    }

    @Test
    void theFifoSizeKeepsTheOtherFifoFields() {
        ColumnFamilyOptions o = new ColumnFamilyOptions()
                .setRawColumnFamilyOption("compaction_options_fifo", "{allow_compaction=true}");
        o.setMaxTableFilesSizeFIFO(12345);
        assertEquals("{allow_compaction=true;max_table_files_size=12345}", o.rawColumnFamilyOption("compaction_options_fifo"));
        assertEquals(12345, o.maxTableFilesSizeFIFO());
        ColumnFamilyOptions other = new ColumnFamilyOptions()
                .setRawColumnFamilyOption("compaction_options_fifo", "{allow_compaction=true}");
        assertEquals(new ColumnFamilyOptions().maxTableFilesSizeFIFO(), other.maxTableFilesSizeFIFO(),
                "a nested value without the size reports the default size");
    }

    /** Extreme values of every bounded option: refused at the setter, typed or raw, naming the option. */
    @Test
    void extremeValuesAreRefusedNamingTheOption() {
        record Extreme(String setter, Object value, String name) {
        }
        List<Extreme> refused = List.of(
                new Extreme("setTableCacheNumshardbits", 20, "tableCacheNumshardbits"),
                new Extreme("setTableCacheNumshardbits", -2, "tableCacheNumshardbits"),
                new Extreme("setTableCacheNumshardbits", Integer.MAX_VALUE, "tableCacheNumshardbits"),
                new Extreme("setManifestPreallocationSize", (1L << 30) + 1, "manifestPreallocationSize"),
                new Extreme("setManifestPreallocationSize", Long.MAX_VALUE, "manifestPreallocationSize"),
                new Extreme("setLogReadaheadSize", Long.MAX_VALUE, "logReadaheadSize"),
                new Extreme("setInplaceUpdateNumLocks", 1_000_001L, "inplaceUpdateNumLocks"),
                new Extreme("setInplaceUpdateNumLocks", Long.MAX_VALUE, "inplaceUpdateNumLocks"),
                new Extreme("setMemtableHugePageSize", Long.MAX_VALUE, "memtableHugePageSize"),
                new Extreme("setBlobCompactionReadaheadSize", Long.MAX_VALUE, "blobCompactionReadaheadSize"),
                new Extreme("setMaxFileOpeningThreads", Integer.MAX_VALUE, "maxFileOpeningThreads"),
                new Extreme("setMaxFileOpeningThreads", 0, "maxFileOpeningThreads"),
                new Extreme("setMaxBackgroundCompactions", 1_000_000, "maxBackgroundCompactions"),
                new Extreme("setMaxBackgroundFlushes", 1_000_000, "maxBackgroundFlushes"),
                new Extreme("setIncreaseParallelism", 1_000_000, "maxBackgroundJobs"),
                new Extreme("setIncreaseParallelism", 0, "maxBackgroundJobs"),
                new Extreme("setWritableFileMaxBufferSize", Long.MAX_VALUE, "writableFileMaxBufferSize"),
                new Extreme("setCompactionReadaheadSize", Long.MAX_VALUE, "compactionReadaheadSize"),
                new Extreme("setArenaBlockSize", Long.MAX_VALUE, "arenaBlockSize"),
                new Extreme("setDeleteObsoleteFilesPeriodMicros", -1L, "deleteObsoleteFilesPeriodMicros"),
                new Extreme("setMaxLogFileSize", Long.MIN_VALUE, "maxLogFileSize"),
                new Extreme("setStatsDumpPeriodSec", -1, "statsDumpPeriodSec"),
                new Extreme("setMaxBgErrorResumeCount", -1, "maxBgerrorResumeCount"),
                new Extreme("setBlobFileSize", 0L, "blobFileSize"),
                new Extreme("setMinBlobSize", -1L, "minBlobSize"),
                new Extreme("setBlobFileStartingLevel", -1, "blobFileStartingLevel"),
                new Extreme("setMaxTableFilesSizeFIFO", 0L, "maxTableFilesSizeFIFO"),
                new Extreme("setMemtablePrefixBloomSizeRatio", 0.5, "memtablePrefixBloomSizeRatio"),
                new Extreme("setMemtablePrefixBloomSizeRatio", -0.1, "memtablePrefixBloomSizeRatio"),
                new Extreme("setMemtablePrefixBloomSizeRatio", Double.NaN, "memtablePrefixBloomSizeRatio"),
                new Extreme("setMemtablePrefixBloomSizeRatio", Double.MIN_VALUE, "memtablePrefixBloomSizeRatio"),
                new Extreme("setExperimentalMempurgeThreshold", Double.POSITIVE_INFINITY, "experimentalMempurgeThreshold"),
                new Extreme("setBlobGarbageCollectionAgeCutoff", 1.5, "blobGarbageCollectionAgeCutoff"),
                new Extreme("setBlobGarbageCollectionForceThreshold", 4.9e-324, "blobGarbageCollectionForceThreshold"));
        for (Extreme e : refused) {
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                    () -> call(new Options(), e.setter(), e.value()), e.setter() + "(" + e.value() + ")");
            assertTrue(x.getMessage().contains(e.name()), e.setter() + ": " + x.getMessage());
        }
        // the raw setters share the bounds, naming the option both ways
        IllegalArgumentException raw = assertThrows(IllegalArgumentException.class,
                () -> new DBOptions().setRawDBOption("table_cache_numshardbits", "25"));
        assertTrue(raw.getMessage().contains("table_cache_numshardbits") && raw.getMessage().contains("tableCacheNumshardbits"));
        assertThrows(IllegalArgumentException.class,
                () -> new ColumnFamilyOptions().setRawColumnFamilyOption("inplace_update_num_locks", "100000000"));
        assertThrows(IllegalArgumentException.class,
                () -> new ColumnFamilyOptions().setMaxBytesForLevelMultiplierAdditional(new int[]{1, -1}));
        assertThrows(IllegalArgumentException.class,
                () -> new ColumnFamilyOptions().setMaxBytesForLevelMultiplierAdditional(new int[0]));
        assertThrows(IllegalArgumentException.class,
                () -> new ColumnFamilyOptions().setBlobCompressionType(CompressionType.DISABLE_COMPRESSION_OPTION));
        assertThrows(IllegalArgumentException.class, () -> new ColumnFamilyOptions().setCompactionStyle(null));
        assertThrows(IllegalArgumentException.class, () -> new DBOptions().setDbLogDir("a;b"));
        BlockBasedTableConfig t = new BlockBasedTableConfig();
        assertThrows(IllegalArgumentException.class, () -> t.setBlockSizeDeviation(101));
        assertThrows(IllegalArgumentException.class, () -> t.setDataBlockHashTableUtilRatio(0));
        assertThrows(IllegalArgumentException.class, () -> t.setDataBlockHashTableUtilRatio(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> t.setMetadataBlockSize(0));
        assertThrows(IllegalArgumentException.class, () -> t.setIndexBlockRestartInterval(0));
        // the largest accepted values are accepted
        new Options().setTableCacheNumshardbits(19).setTableCacheNumshardbits(0).setManifestPreallocationSize(1L << 30)
                .setInplaceUpdateNumLocks(1_000_000).setMemtablePrefixBloomSizeRatio(0.25).setTtl(0L)
                .setPeriodicCompactionSeconds(Long.MAX_VALUE).setMaxBackgroundCompactions(1).setMaxBackgroundFlushes(1);
        // RocksDB's "derived" and "automatic" values: left unset, never given as negative numbers
        for (Runnable negative : List.<Runnable>of(() -> new Options().setTableCacheNumshardbits(-1),
                () -> new Options().setTtl(-1L), () -> new Options().setPeriodicCompactionSeconds(-1L),
                () -> new Options().setMaxBackgroundCompactions(-1), () -> new Options().setMaxBackgroundFlushes(-1),
                () -> new Options().setLevelZeroStopWritesTrigger(0), () -> new Options().setIncreaseParallelism(0))) {
            assertThrows(IllegalArgumentException.class, negative::run);
        }
    }

    /** A table cache of 2^20 shards crashed the engine at open (abort on 7.8, SIGSEGV on 9.11) before the bound. */
    @Test
    void theLargestTableCacheShardingOpens() throws RocksDBException {
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setTableCacheNumshardbits(19), dir)) {
            db.put("k".getBytes(), "v".getBytes());
            db.flush();
            assertArrayEquals("v".getBytes(), db.get("k".getBytes()));
        }
    }

    @Test
    void sharedObjectsAreCopiedWithTheOptions() {
        try (Statistics stats = new Statistics(); RateLimiter limiter = new RateLimiter(1 << 20);
             LRUCache rows = new LRUCache(1 << 20)) {
            DBOptions db = new DBOptions().setStatistics(stats).setRateLimiter(limiter).setRowCache(rows);
            Options options = new Options(db, new ColumnFamilyOptions());
            assertSame(stats, options.statistics());
            assertSame(limiter, options.rateLimiter());
            assertSame(rows, options.rowCache());
            assertTrue(options.statisticsEnabled(), "a statistics object enables statistics");
            DBOptions back = new DBOptions(options.setStatistics(null));
            assertNull(back.statistics());
            assertSame(rows, back.rowCache());
            assertFalse(back.statisticsEnabled());
            assertSame(back, back.setEnv(Env.getDefault()));
            assertThrows(NullPointerException.class, () -> back.setEnv(null));
        }
    }
}
