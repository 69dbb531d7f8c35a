package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.EnumCodes;
import io.panrocks.internal.open.TableSpec;
import io.panrocks.internal.options.OptionDefaults;
import io.panrocks.internal.options.OptionValues;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Options of RocksDB's block-based SST format, as RocksJava's
 * {@code BlockBasedTableConfig}. A plain Java object; defaults are
 * RocksDB's.
 */
public final class BlockBasedTableConfig extends TableFormatConfig {
    private final OptionValues values = new OptionValues();
    private Cache blockCache;
    private Filter filterPolicy;
    private CacheUsageOptions cacheUsage = new CacheUsageOptions();

    /** A configuration with RocksDB's defaults: 4 KiB blocks, no filter, RocksDB's own block cache. */
    public BlockBasedTableConfig() {
    }

    /**
     * Uncompressed size of a data block (default 4 KiB).
     *
     * @param blockSize the block size in bytes
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setBlockSize(long blockSize) {
        values.put("block_size", Long.toString(blockSize));
        return this;
    }

    /**
     * The data block size set with {@link #setBlockSize}.
     *
     * @return the block size in bytes (4096 unless set)
     */
    public long blockSize() {
        return values.getLong("block_size", 4096);
    }

    /**
     * The block cache ({@link LRUCache}, {@link HyperClockCache} ...); {@code null} (default) gives the DB RocksDB's own 32 MiB cache.
     *
     * @param blockCache the cache, shared by every family configured with it, or {@code null}
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setBlockCache(Cache blockCache) {
        this.blockCache = blockCache;
        return this;
    }

    /**
     * The block cache set with {@link #setBlockCache}.
     *
     * @return the cache, or {@code null} for RocksDB's own
     */
    public Cache blockCache() {
        return blockCache;
    }

    /**
     * Which memory is charged to the block cache, role by role
     * ({@code cache_usage_options}); see {@link CacheUsageOptions}. The
     * options are copied: changing them later does not change this
     * configuration.
     *
     * @param cacheUsageOptions the charges
     * @return this object, for chaining
     * @throws NullPointerException if cacheUsageOptions is null
     */
    public BlockBasedTableConfig setCacheUsageOptions(CacheUsageOptions cacheUsageOptions) {
        Objects.requireNonNull(cacheUsageOptions, "cacheUsageOptions");
        CacheUsageOptions copy = new CacheUsageOptions();
        cacheUsageOptions.decisions().forEach(copy::setCharged);
        this.cacheUsage = copy;
        return this;
    }

    /**
     * The charges set with {@link #setCacheUsageOptions}.
     *
     * @return a copy (every role {@link CacheUsageOptions.Decision#kFallback} unless set)
     */
    public CacheUsageOptions cacheUsageOptions() {
        CacheUsageOptions copy = new CacheUsageOptions();
        cacheUsage.decisions().forEach(copy::setCharged);
        return copy;
    }

    /**
     * This configuration in the engine side's terms, for an open (read now):
     * its table options, its cache charges and its block cache's native side.
     */
    TableSpec spec() {
        return new TableSpec(optionString(), cacheUsage.bits(), blockCache == null ? null : blockCache.shared);
    }

    /**
     * Writes this configuration's table options and cache charges into a
     * family's native descriptor (the block cache goes in by its caller,
     * which holds the cache's handle).
     */
    void describe(Arena arena, MemorySegment descriptor) {
        spec().describe(arena, descriptor);
    }

    /**
     * Read blocks without any block cache.
     *
     * @param noBlockCache whether to read without a block cache
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setNoBlockCache(boolean noBlockCache) {
        values.put("no_block_cache", Boolean.toString(noBlockCache));
        return this;
    }

    /**
     * The filter of each SST file ({@link BloomFilter}); {@code null} (default) writes no filter.
     *
     * @param filter the filter policy, or {@code null} for none
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setFilterPolicy(Filter filter) {
        if (filter == null) values.put("filter_policy", "nullptr");
        else values.put("filter_policy", ((BloomFilter) filter).optionValue());
        filterPolicy = filter;
        return this;
    }

    /**
     * Keep index and filter blocks in the block cache (charged to it) rather than in table readers.
     *
     * @param cacheIndexAndFilterBlocks whether index and filter blocks go into the block cache
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setCacheIndexAndFilterBlocks(boolean cacheIndexAndFilterBlocks) {
        values.put("cache_index_and_filter_blocks", Boolean.toString(cacheIndexAndFilterBlocks));
        return this;
    }

    /**
     * Whether index and filter blocks go into the block cache (see {@link
     * #setCacheIndexAndFilterBlocks}).
     *
     * @return {@code true} if they are cached (default false)
     */
    public boolean cacheIndexAndFilterBlocks() {
        return values.getBoolean("cache_index_and_filter_blocks", false);
    }

    /**
     * With index and filter blocks in the block cache, keep those of level-0 files pinned there.
     *
     * @param pin whether level-0 index and filter blocks stay pinned in the cache
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setPinL0FilterAndIndexBlocksInCache(boolean pin) {
        values.put("pin_l0_filter_and_index_blocks_in_cache", Boolean.toString(pin));
        return this;
    }

    /**
     * Keys between restart points of delta encoding (default 16).
     *
     * @param interval the number of keys between restart points
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setBlockRestartInterval(int interval) {
        values.put("block_restart_interval", Integer.toString((int) OptionValues.requireAtLeast(interval, 1,
                "blockRestartInterval")));
        return this;
    }

    /**
     * Put whole keys in the filter (default true); turn off when only prefix filters are used.
     *
     * @param wholeKeyFiltering whether whole keys are added to the filter
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setWholeKeyFiltering(boolean wholeKeyFiltering) {
        values.put("whole_key_filtering", Boolean.toString(wholeKeyFiltering));
        return this;
    }

    /**
     * SST format version: 2 to 7. 7 is RocksDB 11's default (written since
     * RocksDB 10.4; RocksJava 10.3 and older cannot read it), 6 RocksDB 9's
     * (needs RocksDB 8.6 or newer). An engine that does not know the version
     * refuses it at open with {@code InvalidArgument}.
     *
     * @param formatVersion the format version
     * @return this object, for chaining
     * @throws IllegalArgumentException outside 2..7
     */
    public BlockBasedTableConfig setFormatVersion(int formatVersion) {
        Bounds.inRange(formatVersion, 2, 7, "formatVersion");
        values.put("format_version", Integer.toString(formatVersion));
        return this;
    }

    /**
     * RocksJava 11's own default of {@code uniform_cv_threshold}, which it
     * passes with every table configuration (the engine's is -1, off).
     */
    static final double ROCKSJAVA_UNIFORM_CV_THRESHOLD = 0.2;

    String optionString() {
        String set = values.toString();
        // as RocksJava: a table configured through this object gets RocksJava's threshold, not the engine's
        if (values.get("uniform_cv_threshold") == null && OptionDefaults.table().containsKey("uniform_cv_threshold")) {
            return (set.isEmpty() ? "" : set + ";") + "uniform_cv_threshold=" + ROCKSJAVA_UNIFORM_CV_THRESHOLD;
        }
        return set;
    }

    @Override
    public String toString() {
        return "BlockBasedTableConfig{" + values + (blockCache != null ? ";block_cache=" + blockCache.capacity() : "")
                + (cacheUsage.bits() != 0 ? ";cache_usage_options=" + cacheUsage.decisions() : "") + "}";
    }

    // =========================================================================
    // Getters: one for every setter, with RocksJava's names; an unset
    // option reports the engine's own default.
    // =========================================================================

    private String option(String name) {
        return OptionDefaults.value(values.get(name), OptionDefaults.table(), name);
    }

    /**
     * The filter set with {@link #setFilterPolicy}.
     *
     * @return the filter, or null
     */
    public Filter filterPolicy() {
        return filterPolicy;
    }

    /**
     * RocksJava's older name of {@link #setFilterPolicy}.
     *
     * @param filter the filter, or null for none
     * @return this
     */
    public BlockBasedTableConfig setFilter(Filter filter) {
        return setFilterPolicy(filter);
    }

    /**
     * The value set with {@link #setNoBlockCache}, else the engine's default.
     *
     * @return whether blocks are read without a cache
     */
    public boolean noBlockCache() {
        return OptionDefaults.bool(option("no_block_cache"));
    }

    /**
     * The value set with {@link #setPinL0FilterAndIndexBlocksInCache}, else the engine's default.
     *
     * @return the setting
     */
    public boolean pinL0FilterAndIndexBlocksInCache() {
        return OptionDefaults.bool(option("pin_l0_filter_and_index_blocks_in_cache"));
    }

    /**
     * The value set with {@link #setBlockRestartInterval}, else the engine's default.
     *
     * @return keys between restart points
     */
    public int blockRestartInterval() {
        return OptionDefaults.integer(option("block_restart_interval"));
    }

    /**
     * The value set with {@link #setWholeKeyFiltering}, else the engine's default.
     *
     * @return the setting
     */
    public boolean wholeKeyFiltering() {
        return OptionDefaults.bool(option("whole_key_filtering"));
    }

    /**
     * The value set with {@link #setFormatVersion}, else the engine's default.
     *
     * @return the format version
     */
    public int formatVersion() {
        return OptionDefaults.integer(option("format_version"));
    }

    /**
     * Keep index and filter blocks in the cache's high-priority pool
     * ({@code cache_index_and_filter_blocks_with_high_priority}).
     *
     * @param highPriority the setting
     * @return this
     */
    public BlockBasedTableConfig setCacheIndexAndFilterBlocksWithHighPriority(boolean highPriority) {
        values.put("cache_index_and_filter_blocks_with_high_priority", Boolean.toString(highPriority));
        return this;
    }

    /**
     * The value set with {@link #setCacheIndexAndFilterBlocksWithHighPriority}, else the engine's default.
     *
     * @return the setting
     */
    public boolean cacheIndexAndFilterBlocksWithHighPriority() {
        return OptionDefaults.bool(option("cache_index_and_filter_blocks_with_high_priority"));
    }

    /**
     * Pin the top level of partitioned indexes and filters in the cache
     * ({@code pin_top_level_index_and_filter}).
     *
     * @param pin the setting
     * @return this
     */
    public BlockBasedTableConfig setPinTopLevelIndexAndFilter(boolean pin) {
        values.put("pin_top_level_index_and_filter", Boolean.toString(pin));
        return this;
    }

    /**
     * The value set with {@link #setPinTopLevelIndexAndFilter}, else the engine's default.
     *
     * @return the setting
     */
    public boolean pinTopLevelIndexAndFilter() {
        return OptionDefaults.bool(option("pin_top_level_index_and_filter"));
    }

    /**
     * The index of each table ({@code index_type}).
     *
     * @param indexType the index type
     * @return this
     */
    public BlockBasedTableConfig setIndexType(IndexType indexType) {
        if (indexType == null) throw new IllegalArgumentException("indexType must not be null");
        values.put("index_type", indexType.name());
        return this;
    }

    /**
     * The value set with {@link #setIndexType}, else the engine's default.
     *
     * @return the index type
     */
    public IndexType indexType() {
        return EnumCodes.ofOwnName(IndexType.values(), option("index_type"));
    }

    /**
     * The index inside each data block ({@code data_block_index_type}).
     *
     * @param type the index type
     * @return this
     */
    public BlockBasedTableConfig setDataBlockIndexType(DataBlockIndexType type) {
        if (type == null) throw new IllegalArgumentException("dataBlockIndexType must not be null");
        values.put("data_block_index_type", type.name());
        return this;
    }

    /**
     * The value set with {@link #setDataBlockIndexType}, else the engine's default.
     *
     * @return the index type
     */
    public DataBlockIndexType dataBlockIndexType() {
        return EnumCodes.ofOwnName(DataBlockIndexType.values(), option("data_block_index_type"));
    }

    /**
     * Fill ratio of the hash index inside data blocks
     * ({@code data_block_hash_table_util_ratio}).
     *
     * @param ratio a normal number in (0, 1]
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    public BlockBasedTableConfig setDataBlockHashTableUtilRatio(double ratio) {
        values.put("data_block_hash_table_util_ratio",
                Double.toString(OptionValues.requireNormal(ratio, 1.0, "dataBlockHashTableUtilRatio")));
        return this;
    }

    /**
     * The value set with {@link #setDataBlockHashTableUtilRatio}, else the engine's default.
     *
     * @return the ratio
     */
    public double dataBlockHashTableUtilRatio() {
        return OptionDefaults.decimal(option("data_block_hash_table_util_ratio"));
    }

    /**
     * The checksum of each block ({@code checksum}).
     *
     * @param checksumType the checksum
     * @return this
     */
    public BlockBasedTableConfig setChecksumType(ChecksumType checksumType) {
        if (checksumType == null) throw new IllegalArgumentException("checksumType must not be null");
        values.put("checksum", checksumType.name());
        return this;
    }

    /**
     * The value set with {@link #setChecksumType}, else the engine's default.
     *
     * @return the checksum
     */
    public ChecksumType checksumType() {
        return EnumCodes.ofOwnName(ChecksumType.values(), option("checksum"));
    }

    /**
     * Percentage of free space below which a block is closed early
     * ({@code block_size_deviation}).
     *
     * @param deviation in [0, 100]
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    public BlockBasedTableConfig setBlockSizeDeviation(int deviation) {
        Bounds.inRange(deviation, 0, 100, "blockSizeDeviation");
        values.put("block_size_deviation", Integer.toString(deviation));
        return this;
    }

    /**
     * The value set with {@link #setBlockSizeDeviation}, else the engine's default.
     *
     * @return the percentage
     */
    public int blockSizeDeviation() {
        return OptionDefaults.integer(option("block_size_deviation"));
    }

    /**
     * Keys between restart points in index blocks ({@code index_block_restart_interval}).
     *
     * @param interval {@code >= 1}
     * @return this
     * @throws IllegalArgumentException if below 1
     */
    public BlockBasedTableConfig setIndexBlockRestartInterval(int interval) {
        values.put("index_block_restart_interval",
                Long.toString(OptionValues.requireAtLeast(interval, 1, "indexBlockRestartInterval")));
        return this;
    }

    /**
     * The value set with {@link #setIndexBlockRestartInterval}, else the engine's default.
     *
     * @return keys between restart points
     */
    public int indexBlockRestartInterval() {
        return OptionDefaults.integer(option("index_block_restart_interval"));
    }

    /**
     * Size of partitions of partitioned indexes and filters ({@code metadata_block_size}).
     *
     * @param metadataBlockSize bytes, in [1, 4 GiB)
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    public BlockBasedTableConfig setMetadataBlockSize(long metadataBlockSize) {
        Bounds.inRange(metadataBlockSize, 1, 0xFFFF_FFFFL, "metadataBlockSize");
        values.put("metadata_block_size", Long.toString(metadataBlockSize));
        return this;
    }

    /**
     * The value set with {@link #setMetadataBlockSize}, else the engine's default.
     *
     * @return bytes
     */
    public long metadataBlockSize() {
        return OptionDefaults.number(option("metadata_block_size"));
    }

    /**
     * Partition filters like the index (needs {@link IndexType#kTwoLevelIndexSearch})
     * ({@code partition_filters}).
     *
     * @param partitionFilters the setting
     * @return this
     */
    public BlockBasedTableConfig setPartitionFilters(boolean partitionFilters) {
        values.put("partition_filters", Boolean.toString(partitionFilters));
        return this;
    }

    /**
     * The value set with {@link #setPartitionFilters}, else the engine's default.
     *
     * @return the setting
     */
    public boolean partitionFilters() {
        return OptionDefaults.bool(option("partition_filters"));
    }

    /**
     * Size filters to fit allocator size classes ({@code optimize_filters_for_memory}).
     *
     * @param optimizeFiltersForMemory the setting
     * @return this
     */
    public BlockBasedTableConfig setOptimizeFiltersForMemory(boolean optimizeFiltersForMemory) {
        values.put("optimize_filters_for_memory", Boolean.toString(optimizeFiltersForMemory));
        return this;
    }

    /**
     * The value set with {@link #setOptimizeFiltersForMemory}, else the engine's default.
     *
     * @return the setting
     */
    public boolean optimizeFiltersForMemory() {
        return OptionDefaults.bool(option("optimize_filters_for_memory"));
    }

    /**
     * Decompress every block after compressing it, to check
     * ({@code verify_compression}).
     *
     * @param verifyCompression the setting
     * @return this
     */
    public BlockBasedTableConfig setVerifyCompression(boolean verifyCompression) {
        values.put("verify_compression", Boolean.toString(verifyCompression));
        return this;
    }

    /**
     * The value set with {@link #setVerifyCompression}, else the engine's default.
     *
     * @return the setting
     */
    public boolean verifyCompression() {
        return OptionDefaults.bool(option("verify_compression"));
    }

    /**
     * Compress index blocks ({@code enable_index_compression}).
     *
     * @param enableIndexCompression the setting
     * @return this
     */
    public BlockBasedTableConfig setEnableIndexCompression(boolean enableIndexCompression) {
        values.put("enable_index_compression", Boolean.toString(enableIndexCompression));
        return this;
    }

    /**
     * The value set with {@link #setEnableIndexCompression}, else the engine's default.
     *
     * @return the setting
     */
    public boolean enableIndexCompression() {
        return OptionDefaults.bool(option("enable_index_compression"));
    }

    /**
     * Align blocks to the page size, for direct I/O; incompatible with
     * compression ({@code block_align}).
     *
     * @param blockAlign the setting
     * @return this
     */
    public BlockBasedTableConfig setBlockAlign(boolean blockAlign) {
        values.put("block_align", Boolean.toString(blockAlign));
        return this;
    }

    /**
     * The value set with {@link #setBlockAlign}, else the engine's default.
     *
     * @return the setting
     */
    public boolean blockAlign() {
        return OptionDefaults.bool(option("block_align"));
    }

    /**
     * How index keys are shortened ({@code index_shortening}).
     *
     * @param mode the mode
     * @return this
     */
    public BlockBasedTableConfig setIndexShortening(IndexShorteningMode mode) {
        if (mode == null) throw new IllegalArgumentException("indexShortening must not be null");
        values.put("index_shortening", mode.name());
        return this;
    }

    /**
     * The value set with {@link #setIndexShortening}, else the engine's default.
     *
     * @return the mode
     */
    public IndexShorteningMode indexShortening() {
        return EnumCodes.ofOwnName(IndexShorteningMode.values(), option("index_shortening"));
    }

    // ---- RocksJava's blockCacheSize, readAmpBytesPerBit, useDeltaEncoding ----

    /** RocksDB's block cache when the table options name none ({@code BlockBasedTableFactory}). */
    private static final long ENGINE_BLOCK_CACHE_BYTES = 32L << 20;

    /**
     * A block cache of its own for the families configured with this object:
     * an LRU cache of {@code blockCacheSize} bytes (RocksDB's
     * {@code block_cache=<size>}), made when the DB opens, one per family.
     * A cache set with {@link #setBlockCache} wins over it, as in RocksJava.
     * Deprecated in RocksJava, as here: share one {@link LRUCache} instead.
     *
     * @param blockCacheSize the cache's capacity in bytes; not negative
     * @return this object, for chaining
     * @throws IllegalArgumentException if blockCacheSize is negative (RocksJava's
     *         negative size means no block cache: use {@link #setNoBlockCache(boolean)})
     * @deprecated use {@link #setBlockCache(Cache)}
     */
    @Deprecated
    public BlockBasedTableConfig setBlockCacheSize(long blockCacheSize) {
        if (blockCacheSize < 0) {
            throw new IllegalArgumentException("blockCacheSize must not be negative: " + blockCacheSize
                    + " (for no block cache, use setNoBlockCache(true))");
        }
        values.put("block_cache", Long.toString(blockCacheSize));
        return this;
    }

    /**
     * The capacity set with {@link #setBlockCacheSize}, else that of the
     * cache RocksDB makes when none is named (32 MiB; RocksJava reports 8 MiB,
     * the cache it made itself). A cache set with {@link #setBlockCache} is
     * not reflected: read its capacity there.
     *
     * @return the capacity in bytes
     * @deprecated use {@link #blockCache()}
     */
    @Deprecated
    public long blockCacheSize() {
        String set = values.get("block_cache");
        return set == null ? ENGINE_BLOCK_CACHE_BYTES : Long.parseLong(set);
    }

    /**
     * Tracks how much of each data block read is used
     * ({@code read_amp_bytes_per_bit}): one bit per this many bytes of every
     * block loaded (the engine rounds it down to a power of two), feeding
     * the {@code READ_AMP_ESTIMATE_USEFUL_BYTES} and
     * {@code READ_AMP_TOTAL_READ_BYTES} tickers. 0 (default) turns it off.
     *
     * @param readAmpBytesPerBit bytes per bit, 0 for off; not negative
     * @return this object, for chaining
     * @throws IllegalArgumentException if negative
     */
    public BlockBasedTableConfig setReadAmpBytesPerBit(int readAmpBytesPerBit) {
        if (readAmpBytesPerBit < 0) {
            throw new IllegalArgumentException("readAmpBytesPerBit must not be negative: " + readAmpBytesPerBit);
        }
        values.put("read_amp_bytes_per_bit", Integer.toString(readAmpBytesPerBit));
        return this;
    }

    /**
     * The value set with {@link #setReadAmpBytesPerBit}, else the engine's default (0).
     *
     * @return bytes per bit, 0 when off
     */
    public int readAmpBytesPerBit() {
        String set = values.get("read_amp_bytes_per_bit");
        return set == null ? 0 : Integer.parseInt(set);
    }

    /**
     * Stores each key in a data block as the bytes after the prefix it shares
     * with the key before ({@code use_delta_encoding}, default true); off,
     * blocks are larger but a key can be read in place.
     *
     * @param useDeltaEncoding whether keys are delta-encoded
     * @return this object, for chaining
     */
    public BlockBasedTableConfig setUseDeltaEncoding(boolean useDeltaEncoding) {
        values.put("use_delta_encoding", Boolean.toString(useDeltaEncoding));
        return this;
    }

    /**
     * The value set with {@link #setUseDeltaEncoding}, else the engine's default.
     *
     * @return whether keys are delta-encoded
     */
    public boolean useDeltaEncoding() {
        return OptionDefaults.bool(option("use_delta_encoding"));
    }

    // ---- RocksDB 11's table options (RocksJava 11.8.1's setters) ----
    // Each is refused (UnsupportedOperationException) on an engine without it.

    private void putNew(String name, String value, String setter) {
        OptionDefaults.requireKnown(OptionDefaults.table(), name, setter);
        values.put(name, value);
    }

    /**
     * Store the keys of each data block before its values
     * ({@code separate_key_value_in_data_block}, default false): may read
     * faster and compress better, at a varint per restart interval.
     *
     * @param separateKeyValueInDataBlock the setting
     * @return this object, for chaining
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public BlockBasedTableConfig setSeparateKeyValueInDataBlock(boolean separateKeyValueInDataBlock) {
        putNew("separate_key_value_in_data_block", Boolean.toString(separateKeyValueInDataBlock),
                "setSeparateKeyValueInDataBlock");
        return this;
    }

    /**
     * The value set with {@link #setSeparateKeyValueInDataBlock}, else the engine's default.
     *
     * @return the setting
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public boolean separateKeyValueInDataBlock() {
        return OptionDefaults.bool(option("separate_key_value_in_data_block"));
    }

    /**
     * The coefficient of variation of key gaps below which the writer marks
     * an index block uniform ({@code uniform_cv_threshold}), for
     * {@link IndexSearchType#kAuto}. 0 marks no block (a coefficient of
     * variation is never below 0: what RocksDB's special value -1 does; like
     * panrocks' other options, a negative number is refused rather than taken
     * for that). Default 0.2, RocksJava 11's (it passes its own value; the
     * engine's is -1).
     *
     * @param uniformCvThreshold the threshold, 0 or a finite positive number
     * @return this object, for chaining
     * @throws IllegalArgumentException if negative, NaN, infinite or subnormal (the engine's parser refuses the last three)
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public BlockBasedTableConfig setUniformCvThreshold(double uniformCvThreshold) {
        if (!(uniformCvThreshold == 0 || (Double.isFinite(uniformCvThreshold)
                && uniformCvThreshold >= Double.MIN_NORMAL))) {
            throw new IllegalArgumentException("uniformCvThreshold must be 0 or a finite positive normal number, was "
                    + uniformCvThreshold);
        }
        putNew("uniform_cv_threshold", Double.toString(uniformCvThreshold), "setUniformCvThreshold");
        return this;
    }

    /**
     * The value set with {@link #setUniformCvThreshold}, else RocksJava's default 0.2.
     *
     * @return the threshold
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public double uniformCvThreshold() {
        String set = values.get("uniform_cv_threshold");
        OptionDefaults.requireKnown(OptionDefaults.table(), "uniform_cv_threshold", "uniformCvThreshold");
        return set == null ? ROCKSJAVA_UNIFORM_CV_THRESHOLD : OptionDefaults.decimal(set);
    }

    /**
     * Pad the file so that no data block spans two aligned units of this size
     * ({@code super_block_alignment_size}): 0 (default) turns it off,
     * otherwise a power of two larger than the block size.
     *
     * @param superBlockAlignmentSize the unit in bytes, or 0
     * @return this object, for chaining
     * @throws IllegalArgumentException if negative
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public BlockBasedTableConfig setSuperBlockAlignmentSize(long superBlockAlignmentSize) {
        putNew("super_block_alignment_size", Long.toString(OptionValues.requireAtLeast(superBlockAlignmentSize, 0,
                "superBlockAlignmentSize")), "setSuperBlockAlignmentSize");
        return this;
    }

    /**
     * The value set with {@link #setSuperBlockAlignmentSize}, else the engine's default.
     *
     * @return the unit in bytes, 0 when off
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public long superBlockAlignmentSize() {
        return OptionDefaults.number(option("super_block_alignment_size"));
    }

    /**
     * Bounds the padding of super block alignment to the unit divided by this
     * ratio ({@code super_block_alignment_space_overhead_ratio}, default 128;
     * 0 turns the alignment off).
     *
     * @param ratio the ratio
     * @return this object, for chaining
     * @throws IllegalArgumentException if negative
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public BlockBasedTableConfig setSuperBlockAlignmentSpaceOverheadRatio(long ratio) {
        putNew("super_block_alignment_space_overhead_ratio", Long.toString(OptionValues.requireAtLeast(ratio, 0,
                "superBlockAlignmentSpaceOverheadRatio")), "setSuperBlockAlignmentSpaceOverheadRatio");
        return this;
    }

    /**
     * The value set with {@link #setSuperBlockAlignmentSpaceOverheadRatio}, else the engine's default.
     *
     * @return the ratio
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public long superBlockAlignmentSpaceOverheadRatio() {
        return OptionDefaults.number(option("super_block_alignment_space_overhead_ratio"));
    }

    /**
     * How readers search index blocks ({@code index_block_search_type},
     * default {@link IndexSearchType#kBinary}).
     *
     * @param indexSearchType the search
     * @return this object, for chaining
     * @throws IllegalArgumentException if null
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public BlockBasedTableConfig setIndexSearchType(IndexSearchType indexSearchType) {
        if (indexSearchType == null) throw new IllegalArgumentException("indexSearchType must not be null");
        putNew("index_block_search_type", indexSearchType.name(), "setIndexSearchType");
        return this;
    }

    /**
     * The value set with {@link #setIndexSearchType}, else the engine's default.
     *
     * @return the search
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public IndexSearchType indexSearchType() {
        return EnumCodes.ofOwnName(IndexSearchType.values(), option("index_block_search_type"));
    }
}
