package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.options.OptionDefaults;
import io.panrocks.internal.options.OptionValues;

import java.util.List;
import java.util.StringJoiner;

/**
 * The options of one column family, shared by {@link ColumnFamilyOptions}
 * and {@link Options}, with RocksJava's names. Each setter checks its value
 * at once and throws an {@link IllegalArgumentException} naming the option.
 *
 * @param <T> the implementing class, returned by the setters for chaining
 */
public interface ColumnFamilyOptionsInterface<T extends ColumnFamilyOptionsInterface<T>> {

    /**
     * Sets any ColumnFamilyOptions field by its RocksDB option-string name,
     * for options panrocks has no setter for; RocksDB checks it at open.
     *
     * @param name RocksDB's option-string name, e.g. "level0_file_num_compaction_trigger"
     * @param value the value in option-string syntax, e.g. "8"
     * @return this object, for chaining
     */
    T setRawColumnFamilyOption(String name, String value);

    /**
     * A value set earlier by a setter or {@link #setRawColumnFamilyOption}, or null.
     *
     * @param name RocksDB's option-string name; not null
     * @return the value as an option string, or {@code null} if it was not set
     * @throws NullPointerException if name is null
     */
    String rawColumnFamilyOption(String name);

    /**
     * What the typed getters read: the column family option's value set here, or else the engine's default
     * (UnsupportedOperationException for an option this engine does not have).
     */
    private String columnFamilyOption(String name) {
        return OptionDefaults.value(rawColumnFamilyOption(name), OptionDefaults.columnFamily(), name);
    }

    /**
     * The SST file format: a {@link BlockBasedTableConfig} (RocksDB's
     * default format, with its block cache) or a {@link PlainTableConfig}
     * (RocksDB's plain table, set as its {@code table_factory} option); each
     * replaces the other. null: RocksDB's default block-based table.
     *
     * @param config the table format, or null
     * @return this object, for chaining
     */
    T setTableFormatConfig(TableFormatConfig config);

    /**
     * The block-based table options set with {@link #setTableFormatConfig}.
     *
     * @return the table options
     */
    BlockBasedTableConfig tableFormatConfig();

    /**
     * Memtable size before it is flushed (default 64 MiB; at most 64 GiB, where RocksDB clamps it).
     *
     * @param bytes the memtable size in bytes
     * @return this object, for chaining
     */
    default T setWriteBufferSize(long bytes) {
        return setRawColumnFamilyOption("write_buffer_size", Long.toString(bytes));
    }

    /**
     * The memtable size set with {@link #setWriteBufferSize}.
     *
     * @return the size in bytes (64 MiB unless set)
     */
    default long writeBufferSize() {
        String v = rawColumnFamilyOption("write_buffer_size");
        return v == null ? 64L << 20 : Long.parseLong(v);
    }

    /**
     * Memtables kept in memory, the one being written included (default 2).
     *
     * @param count the number of memtables, at least 1
     * @return this object, for chaining
     */
    default T setMaxWriteBufferNumber(int count) {
        OptionValues.requireAtLeast(count, 1, "maxWriteBufferNumber");
        return setRawColumnFamilyOption("max_write_buffer_number", Integer.toString(count));
    }

    /**
     * Memtables merged together when flushed to level 0 (default 1).
     *
     * @param count the number of memtables, at least 1
     * @return this object, for chaining
     */
    default T setMinWriteBufferNumberToMerge(int count) {
        OptionValues.requireAtLeast(count, 1, "minWriteBufferNumberToMerge");
        return setRawColumnFamilyOption("min_write_buffer_number_to_merge", Integer.toString(count));
    }

    /**
     * Compression of every level, unless {@link #setCompressionPerLevel} says otherwise.
     *
     * @param type the compression; not null
     * @return this object, for chaining
     */
    default T setCompressionType(CompressionType type) {
        if (type == null || type == CompressionType.DISABLE_COMPRESSION_OPTION) {
            throw new IllegalArgumentException("compressionType must be a real compression, was " + type);
        }
        return setRawColumnFamilyOption("compression", type.rocksName());
    }

    /**
     * Compression of the last level; DISABLE_COMPRESSION_OPTION follows the other settings.
     *
     * @param type the compression of the last level; not null
     * @return this object, for chaining
     */
    default T setBottommostCompressionType(CompressionType type) {
        if (type == null) throw new IllegalArgumentException("bottommostCompressionType must not be null");
        return setRawColumnFamilyOption("bottommost_compression", type.rocksName());
    }

    /**
     * Compression of each level, level 0 first; the last entry covers the deeper levels.
     *
     * @param types one compression per level, level 0 first; no null element
     * @return this object, for chaining
     */
    default T setCompressionPerLevel(List<CompressionType> types) {
        if (types == null || types.isEmpty()) throw new IllegalArgumentException("compressionPerLevel must not be empty");
        StringJoiner j = new StringJoiner(":");
        for (CompressionType t : types) {
            if (t == null || t == CompressionType.DISABLE_COMPRESSION_OPTION) {
                throw new IllegalArgumentException("compressionPerLevel: " + t + " is not a compression");
            }
            j.add(t.rocksName());
        }
        return setRawColumnFamilyOption("compression_per_level", j.toString());
    }

    /**
     * Settings of the compression libraries for this family
     * ({@code compression_opts}): window bits, level, strategy, dictionaries.
     *
     * @param compressionOptions the settings, copied; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if compressionOptions is null
     */
    default T setCompressionOptions(CompressionOptions compressionOptions) {
        if (compressionOptions == null) throw new IllegalArgumentException("compressionOptions must not be null");
        return setRawColumnFamilyOption("compression_opts", compressionOptions.optionValue());
    }

    /**
     * The settings set with {@link #setCompressionOptions}, else the engine's defaults.
     *
     * @return a new copy of the settings
     */
    default CompressionOptions compressionOptions() {
        return CompressionOptions.fromOptionValue(columnFamilyOption("compression_opts"));
    }

    /**
     * Settings of the compression libraries for the last level
     * ({@code bottommost_compression_opts}); they apply only when
     * {@link CompressionOptions#setEnabled enabled}.
     *
     * @param compressionOptions the settings, copied; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if compressionOptions is null
     */
    default T setBottommostCompressionOptions(CompressionOptions compressionOptions) {
        if (compressionOptions == null) throw new IllegalArgumentException("bottommostCompressionOptions must not be null");
        return setRawColumnFamilyOption("bottommost_compression_opts", compressionOptions.optionValue());
    }

    /**
     * The settings set with {@link #setBottommostCompressionOptions}, else the engine's defaults.
     *
     * @return a new copy of the settings
     */
    default CompressionOptions bottommostCompressionOptions() {
        return CompressionOptions.fromOptionValue(columnFamilyOption("bottommost_compression_opts"));
    }

    /**
     * Settings of universal compaction ({@code compaction_options_universal});
     * they apply with {@link CompactionStyle#UNIVERSAL}.
     *
     * @param compactionOptionsUniversal the settings, copied; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if null
     */
    default T setCompactionOptionsUniversal(CompactionOptionsUniversal compactionOptionsUniversal) {
        if (compactionOptionsUniversal == null) throw new IllegalArgumentException("compactionOptionsUniversal must not be null");
        return setRawColumnFamilyOption("compaction_options_universal", compactionOptionsUniversal.optionValue());
    }

    /**
     * The settings set with {@link #setCompactionOptionsUniversal}, else the engine's defaults.
     *
     * @return a new copy of the settings
     */
    default CompactionOptionsUniversal compactionOptionsUniversal() {
        return CompactionOptionsUniversal.fromOptionValue(columnFamilyOption("compaction_options_universal"));
    }

    /**
     * Settings of FIFO compaction ({@code compaction_options_fifo}); they
     * apply with {@link CompactionStyle#FIFO}. Replaces a size set with
     * {@link #setMaxTableFilesSizeFIFO}.
     *
     * @param compactionOptionsFIFO the settings, copied; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if null
     */
    default T setCompactionOptionsFIFO(CompactionOptionsFIFO compactionOptionsFIFO) {
        if (compactionOptionsFIFO == null) throw new IllegalArgumentException("compactionOptionsFIFO must not be null");
        return setRawColumnFamilyOption("compaction_options_fifo", compactionOptionsFIFO.optionValue());
    }

    /**
     * The settings set with {@link #setCompactionOptionsFIFO} (or
     * {@link #setMaxTableFilesSizeFIFO}), else the engine's defaults.
     *
     * @return a new copy of the settings
     */
    default CompactionOptionsFIFO compactionOptionsFIFO() {
        return CompactionOptionsFIFO.fromOptionValue(columnFamilyOption("compaction_options_fifo"));
    }

    // ---- RocksDB's tuning presets (ColumnFamilyOptions::Optimize*), set as the values they choose ----

    /** RocksJava's default memtable budget of the two compaction-style presets, 512 MiB. */
    long DEFAULT_COMPACTION_MEMTABLE_MEMORY_BUDGET = 512L << 20;

    /**
     * The defaults of an older RocksDB for what changed since, as RocksDB's
     * {@code ColumnFamilyOptions::OldDefaults} (RocksJava's {@code oldDefaults}):
     * up to 5.18 the compaction priority {@code ByCompensatedSize}; before 4.7
     * 4 MiB memtables, 2 MiB level-1 files, a 10 MiB level base and no pending-compaction
     * limits; before 5.2 a level-0 stop trigger of 24 (before 5) or 30.
     *
     * @param majorVersion the older RocksDB's major version
     * @param minorVersion its minor version
     * @return this object, for chaining
     */
    default T oldDefaults(int majorVersion, int minorVersion) {
        if (majorVersion < 5 || (majorVersion == 5 && minorVersion <= 18)) {
            setCompactionPriority(CompactionPriority.ByCompensatedSize);
        }
        if (majorVersion < 4 || (majorVersion == 4 && minorVersion < 7)) {
            setWriteBufferSize(4L << 20);
            setTargetFileSizeBase(2L * 1048576);
            setMaxBytesForLevelBase(10L * 1048576);
            setSoftPendingCompactionBytesLimit(0);
            setHardPendingCompactionBytesLimit(0);
        }
        if (majorVersion < 5) {
            setLevel0StopWritesTrigger(24);
        } else if (majorVersion == 5 && minorVersion < 2) {
            setLevel0StopWritesTrigger(30);
        }
        @SuppressWarnings("unchecked")
        T self = (T) this;
        return self;
    }

    /**
     * RocksDB's preset for a small DB: 2 MiB memtables and level-1 files, a
     * 10 MiB level base, pending-compaction limits of 256 MiB and 1 GiB,
     * index and filter blocks in the block cache with a two-level index (a
     * new table configuration replaces the one set, as in RocksDB).
     * RocksDB also makes a 16 MiB block cache shared with the memtables'
     * write buffer manager: a plain options object creates no native
     * cache, so here the table has RocksDB's default cache;
     * {@link #optimizeForSmallDb(Cache)} names one.
     *
     * @return this object, for chaining
     */
    default T optimizeForSmallDb() {
        setWriteBufferSize(2L << 20);
        setTargetFileSizeBase(2L << 20);
        setMaxBytesForLevelBase(10L << 20);
        setSoftPendingCompactionBytesLimit(256L << 20);
        setHardPendingCompactionBytesLimit(1L << 30);
        // as RocksDB: a new table configuration (a config set before may be shared: it is left as it is)
        return setTableFormatConfig(new BlockBasedTableConfig().setCacheIndexAndFilterBlocks(true)
                .setIndexType(IndexType.kTwoLevelIndexSearch));
    }

    /**
     * As {@link #optimizeForSmallDb()}, with {@code cache} as the block cache.
     *
     * @param cache the block cache; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if cache is null
     */
    default T optimizeForSmallDb(Cache cache) {
        if (cache == null) throw new IllegalArgumentException("cache must not be null");
        optimizeForSmallDb();
        tableFormatConfig().setBlockCache(cache);
        return setTableFormatConfig(tableFormatConfig());
    }

    /**
     * RocksDB's preset for point lookups: a hash index in data blocks (util
     * ratio 0.75), a 10-bit Bloom filter (a new table configuration replaces
     * the one set, as in RocksDB), a memtable Bloom filter of whole keys
     * (ratio 0.02). RocksDB also makes a block cache of
     * {@code blockCacheSizeMb}: a plain options object creates no native
     * cache, so here the table has RocksDB's default cache; set one with
     * {@code tableFormatConfig().setBlockCache(new LRUCache(blockCacheSizeMb << 20))}.
     *
     * @param blockCacheSizeMb the block cache RocksDB would make, in MiB, {@code >= 0} (not created here)
     * @return this object, for chaining
     * @throws IllegalArgumentException if negative
     */
    default T optimizeForPointLookup(long blockCacheSizeMb) {
        OptionValues.requireAtLeast(blockCacheSizeMb, 0, "blockCacheSizeMb");
        // as RocksDB: a new table configuration (a config set before may be shared: it is left as it is)
        setTableFormatConfig(new BlockBasedTableConfig().setDataBlockIndexType(DataBlockIndexType.kDataBlockBinaryAndHash)
                .setDataBlockHashTableUtilRatio(0.75).setFilterPolicy(new BloomFilter(10)));
        setMemtablePrefixBloomSizeRatio(0.02);
        return setMemtableWholeKeyFiltering(true);
    }

    /**
     * As {@link #optimizeLevelStyleCompaction(long)} with a 512 MiB budget.
     *
     * @return this object, for chaining
     */
    default T optimizeLevelStyleCompaction() {
        return optimizeLevelStyleCompaction(DEFAULT_COMPACTION_MEMTABLE_MEMORY_BUDGET);
    }

    /**
     * RocksDB's preset for level compaction within a memtable budget:
     * memtables of a quarter of it (six at most, two merged per flush),
     * level 0 compacted at two files, level 1 as large as the budget, files
     * of an eighth of it, levels 0 and 1 uncompressed and LZ4 below.
     *
     * @param memtableMemoryBudget bytes, at least 8 (so every size is at least 1)
     * @return this object, for chaining
     * @throws IllegalArgumentException if below 8
     */
    default T optimizeLevelStyleCompaction(long memtableMemoryBudget) {
        OptionValues.requireAtLeast(memtableMemoryBudget, 8, "memtableMemoryBudget");
        setWriteBufferSize(memtableMemoryBudget / 4);
        setMinWriteBufferNumberToMerge(2);
        setMaxWriteBufferNumber(6);
        setLevel0FileNumCompactionTrigger(2);
        setTargetFileSizeBase(memtableMemoryBudget / 8);
        setMaxBytesForLevelBase(memtableMemoryBudget);
        setCompactionStyle(CompactionStyle.LEVEL);
        List<CompressionType> perLevel = new java.util.ArrayList<>();
        for (int level = 0; level < numLevels(); level++) {
            perLevel.add(level < 2 ? CompressionType.NO_COMPRESSION : CompressionType.LZ4_COMPRESSION);
        }
        return setCompressionPerLevel(perLevel);
    }

    /**
     * As {@link #optimizeUniversalStyleCompaction(long)} with a 512 MiB budget.
     *
     * @return this object, for chaining
     */
    default T optimizeUniversalStyleCompaction() {
        return optimizeUniversalStyleCompaction(DEFAULT_COMPACTION_MEMTABLE_MEMORY_BUDGET);
    }

    /**
     * RocksDB's preset for universal compaction within a memtable budget:
     * memtables of a quarter of it (six at most, two merged per flush), the
     * newest 20% of the data left uncompressed.
     *
     * @param memtableMemoryBudget bytes, at least 4
     * @return this object, for chaining
     * @throws IllegalArgumentException if below 4
     */
    default T optimizeUniversalStyleCompaction(long memtableMemoryBudget) {
        OptionValues.requireAtLeast(memtableMemoryBudget, 4, "memtableMemoryBudget");
        setWriteBufferSize(memtableMemoryBudget / 4);
        setMinWriteBufferNumberToMerge(2);
        setMaxWriteBufferNumber(6);
        setCompactionStyle(CompactionStyle.UNIVERSAL);
        return setCompactionOptionsUniversal(compactionOptionsUniversal().setCompressionSizePercent(80));
    }

    /**
     * Range deletions a memtable takes before it is flushed; 0 for no limit
     * ({@code memtable_max_range_deletions}).
     *
     * @param count deletions, {@code >= 0}
     * @return this object, for chaining
     * @throws IllegalArgumentException if negative
     */
    default T setMemtableMaxRangeDeletions(int count) {
        OptionValues.requireAtLeast(count, 0, "memtableMaxRangeDeletions");
        return setRawColumnFamilyOption("memtable_max_range_deletions", Integer.toString(count));
    }

    /**
     * The value set with {@link #setMemtableMaxRangeDeletions}, else the engine's default.
     *
     * @return deletions (0: no limit)
     */
    default int memtableMaxRangeDeletions() {
        return OptionDefaults.integer(columnFamilyOption("memtable_max_range_deletions"));
    }

    /**
     * The kind of memtable ({@code memtable_factory}; default a skip list).
     *
     * @param memTableConfig the memtable's kind and settings, copied; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if null
     */
    default T setMemTableConfig(MemTableConfig memTableConfig) {
        if (memTableConfig == null) throw new IllegalArgumentException("memTableConfig must not be null");
        return setRawColumnFamilyOption("memtable_factory", memTableConfig.optionValue());
    }

    /**
     * The name of the memtable factory set, else of the engine's default, as
     * RocksJava's: RocksDB's name ({@code SkipListFactory}, {@code VectorRepFactory},
     * {@code HashSkipListRepFactory}, ...), except {@code HashLinkedListRepFactory}
     * for RocksDB's {@code HashLinkListRepFactory} ({@link HashLinkedListMemTableConfig}),
     * which RocksJava spells so.
     *
     * @return the factory's name
     */
    default String memTableFactoryName() {
        String v = columnFamilyOption("memtable_factory");
        if (v.startsWith("{")) {
            String id = OptionDefaults.parse(v.substring(1, v.length() - 1)).get("id");
            if (id != null) v = id;
        }
        // RocksJava's JNI renames this one (its "historical typo"); code moving from RocksJava compares with it
        return v.equals("HashLinkListRepFactory") ? "HashLinkedListRepFactory" : v;
    }

    /**
     * RocksDB's name of the table factory these options make SST files
     * with, as RocksJava's {@code tableFactoryName()}: {@code BlockBasedTable}
     * (the only table format panrocks configures, {@link BlockBasedTableConfig}),
     * or the one a raw {@code table_factory} option names.
     *
     * @return the factory's name
     */
    default String tableFactoryName() {
        String v = columnFamilyOption("table_factory");
        if (v.startsWith("{")) {
            String id = OptionDefaults.parse(v.substring(1, v.length() - 1)).get("id");
            if (id != null) return id;
        }
        return v;
    }

    /**
     * Levels of the LSM tree (default 7).
     *
     * @param levels the number of levels, 1 to 64
     * @return this object, for chaining
     * @throws IllegalArgumentException if levels is outside [1, 64]
     */
    default T setNumLevels(int levels) {
        Bounds.inRange(levels, 1, 64, "numLevels");
        return setRawColumnFamilyOption("num_levels", Integer.toString(levels));
    }

    /**
     * Level-0 files that start a compaction into level 1 (default 4).
     *
     * @param files the number of files, at least 1
     * @return this object, for chaining
     */
    default T setLevel0FileNumCompactionTrigger(int files) {
        OptionValues.requireAtLeast(files, 1, "level0FileNumCompactionTrigger");
        return setRawColumnFamilyOption("level0_file_num_compaction_trigger", Integer.toString(files));
    }

    /**
     * Level-0 files at which writes are slowed down (default 20).
     *
     * @param files the number of files, at least 1
     * @return this object, for chaining
     */
    default T setLevel0SlowdownWritesTrigger(int files) {
        OptionValues.requireAtLeast(files, 1, "level0SlowdownWritesTrigger");
        return setRawColumnFamilyOption("level0_slowdown_writes_trigger", Integer.toString(files));
    }

    /**
     * Level-0 files at which writes stop until compaction catches up (default 36).
     *
     * @param files the number of files, at least 1
     * @return this object, for chaining
     */
    default T setLevel0StopWritesTrigger(int files) {
        OptionValues.requireAtLeast(files, 1, "level0StopWritesTrigger");
        return setRawColumnFamilyOption("level0_stop_writes_trigger", Integer.toString(files));
    }

    /**
     * Target size of level 1 (default 256 MiB).
     *
     * @param bytes the target size of level 1 in bytes
     * @return this object, for chaining
     */
    default T setMaxBytesForLevelBase(long bytes) {
        OptionValues.requireAtLeast(bytes, 1, "maxBytesForLevelBase");
        return setRawColumnFamilyOption("max_bytes_for_level_base", Long.toString(bytes));
    }

    /**
     * Ratio between the target sizes of consecutive levels (default 10).
     *
     * @param multiplier the ratio, a finite positive number
     * @return this object, for chaining
     */
    default T setMaxBytesForLevelMultiplier(double multiplier) {
        OptionValues.requireNormal(multiplier, 1e6, "maxBytesForLevelMultiplier");
        return setRawColumnFamilyOption("max_bytes_for_level_multiplier", Double.toString(multiplier));
    }

    /**
     * Target size of SST files in level 1 (default 64 MiB).
     *
     * @param bytes the size in bytes, at least 1
     * @return this object, for chaining
     */
    default T setTargetFileSizeBase(long bytes) {
        OptionValues.requireAtLeast(bytes, 1, "targetFileSizeBase");
        return setRawColumnFamilyOption("target_file_size_base", Long.toString(bytes));
    }

    /**
     * Ratio between the target file sizes of consecutive levels (default 1).
     *
     * @param multiplier the ratio, at least 1
     * @return this object, for chaining
     */
    default T setTargetFileSizeMultiplier(int multiplier) {
        OptionValues.requireAtLeast(multiplier, 1, "targetFileSizeMultiplier");
        return setRawColumnFamilyOption("target_file_size_multiplier", Integer.toString(multiplier));
    }

    /**
     * Size levels from the last one up, so that the last level holds most data.
     *
     * @param dynamic whether level sizes are computed dynamically
     * @return this object, for chaining
     */
    default T setLevelCompactionDynamicLevelBytes(boolean dynamic) {
        return setRawColumnFamilyOption("level_compaction_dynamic_level_bytes", Boolean.toString(dynamic));
    }

    /**
     * Stop automatic compactions (manual ones still run).
     *
     * @param disable whether automatic compactions are off
     * @return this object, for chaining
     */
    default T setDisableAutoCompactions(boolean disable) {
        return setRawColumnFamilyOption("disable_auto_compactions", Boolean.toString(disable));
    }

    /**
     * Prefix seek and prefix bloom filters on the first {@code length} bytes of each key.
     *
     * @param length the prefix length in bytes
     * @return this object, for chaining
     */
    default T useFixedLengthPrefixExtractor(int length) {
        OptionValues.requireAtLeast(length, 1, "prefixExtractor length");
        return setRawColumnFamilyOption("prefix_extractor", "rocksdb.FixedPrefix." + length);
    }

    /**
     * As fixed-length, but keys shorter than {@code length} are their own prefix.
     *
     * @param length the maximum prefix length in bytes
     * @return this object, for chaining
     */
    default T useCappedPrefixExtractor(int length) {
        OptionValues.requireAtLeast(length, 1, "prefixExtractor length");
        return setRawColumnFamilyOption("prefix_extractor", "rocksdb.CappedPrefix." + length);
    }

    /**
     * The family's merge operator: a built-in one ({@link MergeOperator#named}) or one written in Java
     * ({@link AbstractMergeOperator}, {@link AssociativeMergeOperator}).
     *
     * @param operator the merge operator; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if operator is null
     */
    default T setMergeOperator(MergeOperator operator) {
        if (operator == null) throw new IllegalArgumentException("mergeOperator must not be null");
        if (operator instanceof AbstractMergeOperator || operator instanceof AssociativeMergeOperator) {
            return setJavaCallback("merge_operator", operator); // callbacks
        }
        return setRawColumnFamilyOption("merge_operator", operator.optionValue());
    }

    /**
     * A built-in merge operator by RocksDB's name: "uint64add", "stringappend" or "max";
     * the empty name removes the merge operator set before (RocksDB's and RocksJava's
     * meaning of an empty name: none).
     *
     * @param name "uint64add", "stringappend", "max", or "" for none
     * @return this object, for chaining
     * @throws IllegalArgumentException if name is null or names no built-in operator
     */
    @SuppressWarnings("unchecked")
    default T setMergeOperatorName(String name) {
        if (name == null) throw new IllegalArgumentException("mergeOperator name must not be null");
        if (name.isEmpty()) {
            Bridge.familyCallbacks(this).mergeOperator = null;
            Bridge.familyValues(this).remove("merge_operator");
            return (T) this;
        }
        return setMergeOperator(MergeOperator.named(name));
    }

    // =========================================================================
    // Getters: one for every setter, with RocksJava's names; an unset
    // option reports the engine's own default.
    // =========================================================================

    /**
     * The value set with {@link #setMaxWriteBufferNumber}, else the engine's default ({@code max_write_buffer_number}).
     *
     * @return the value
     */
    default int maxWriteBufferNumber() {
        return OptionDefaults.integer(columnFamilyOption("max_write_buffer_number"));
    }

    /**
     * The value set with {@link #setMinWriteBufferNumberToMerge}, else the engine's default ({@code min_write_buffer_number_to_merge}).
     *
     * @return the value
     */
    default int minWriteBufferNumberToMerge() {
        return OptionDefaults.integer(columnFamilyOption("min_write_buffer_number_to_merge"));
    }

    /**
     * The value set with {@link #setCompressionType}, else the engine's default ({@code compression}).
     *
     * @return the value
     */
    default CompressionType compressionType() {
        return CompressionType.ofRocksName(columnFamilyOption("compression"));
    }

    /**
     * The value set with {@link #setBottommostCompressionType}, else the engine's default ({@code bottommost_compression}).
     *
     * @return the value
     */
    default CompressionType bottommostCompressionType() {
        return CompressionType.ofRocksName(columnFamilyOption("bottommost_compression"));
    }

    /**
     * The value set with {@link #setNumLevels}, else the engine's default ({@code num_levels}).
     *
     * @return the value
     */
    default int numLevels() {
        return OptionDefaults.integer(columnFamilyOption("num_levels"));
    }

    /**
     * The value set with {@link #setLevel0FileNumCompactionTrigger}, else the engine's default ({@code level0_file_num_compaction_trigger}).
     *
     * @return the value
     */
    default int level0FileNumCompactionTrigger() {
        return OptionDefaults.integer(columnFamilyOption("level0_file_num_compaction_trigger"));
    }

    /**
     * The value set with {@link #setLevel0SlowdownWritesTrigger}, else the engine's default ({@code level0_slowdown_writes_trigger}).
     *
     * @return the value
     */
    default int level0SlowdownWritesTrigger() {
        return OptionDefaults.integer(columnFamilyOption("level0_slowdown_writes_trigger"));
    }

    /**
     * The value set with {@link #setLevel0StopWritesTrigger}, else the engine's default ({@code level0_stop_writes_trigger}).
     *
     * @return the value
     */
    default int level0StopWritesTrigger() {
        return OptionDefaults.integer(columnFamilyOption("level0_stop_writes_trigger"));
    }

    /**
     * The value set with {@link #setMaxBytesForLevelBase}, else the engine's default ({@code max_bytes_for_level_base}).
     *
     * @return the value
     */
    default long maxBytesForLevelBase() {
        return OptionDefaults.number(columnFamilyOption("max_bytes_for_level_base"));
    }

    /**
     * The value set with {@link #setMaxBytesForLevelMultiplier}, else the engine's default ({@code max_bytes_for_level_multiplier}).
     *
     * @return the value
     */
    default double maxBytesForLevelMultiplier() {
        return OptionDefaults.decimal(columnFamilyOption("max_bytes_for_level_multiplier"));
    }

    /**
     * The value set with {@link #setTargetFileSizeBase}, else the engine's default ({@code target_file_size_base}).
     *
     * @return the value
     */
    default long targetFileSizeBase() {
        return OptionDefaults.number(columnFamilyOption("target_file_size_base"));
    }

    /**
     * The value set with {@link #setTargetFileSizeMultiplier}, else the engine's default ({@code target_file_size_multiplier}).
     *
     * @return the value
     */
    default int targetFileSizeMultiplier() {
        return OptionDefaults.integer(columnFamilyOption("target_file_size_multiplier"));
    }

    /**
     * The value set with {@link #setLevelCompactionDynamicLevelBytes}, else the engine's default ({@code level_compaction_dynamic_level_bytes}).
     *
     * @return the value
     */
    default boolean levelCompactionDynamicLevelBytes() {
        return OptionDefaults.bool(columnFamilyOption("level_compaction_dynamic_level_bytes"));
    }

    /**
     * The value set with {@link #setDisableAutoCompactions}, else the engine's default ({@code disable_auto_compactions}).
     *
     * @return the value
     */
    default boolean disableAutoCompactions() {
        return OptionDefaults.bool(columnFamilyOption("disable_auto_compactions"));
    }

    /**
     * The value set with {@link #setLevelZeroFileNumCompactionTrigger}, else the engine's default ({@code level0_file_num_compaction_trigger}).
     *
     * @return the value
     */
    default int levelZeroFileNumCompactionTrigger() {
        return OptionDefaults.integer(columnFamilyOption("level0_file_num_compaction_trigger"));
    }

    /**
     * The value set with {@link #setLevelZeroSlowdownWritesTrigger}, else the engine's default ({@code level0_slowdown_writes_trigger}).
     *
     * @return the value
     */
    default int levelZeroSlowdownWritesTrigger() {
        return OptionDefaults.integer(columnFamilyOption("level0_slowdown_writes_trigger"));
    }

    /**
     * The value set with {@link #setLevelZeroStopWritesTrigger}, else the engine's default ({@code level0_stop_writes_trigger}).
     *
     * @return the value
     */
    default int levelZeroStopWritesTrigger() {
        return OptionDefaults.integer(columnFamilyOption("level0_stop_writes_trigger"));
    }

    /**
     * Flushed memtables kept in memory for conflict checking of transactions ({@code max_write_buffer_number_to_maintain}).
     * RocksDB 10 removed it (use {@code max_write_buffer_size_to_maintain}); it still accepts the name
     * and ignores the value, and RocksJava 11 has no such setter.
     *
     * @param maxWriteBufferNumberToMaintain the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxWriteBufferNumberToMaintain(int maxWriteBufferNumberToMaintain) {
        OptionValues.requireAtLeast(maxWriteBufferNumberToMaintain, 0, "maxWriteBufferNumberToMaintain");
        return setRawColumnFamilyOption("max_write_buffer_number_to_maintain", Integer.toString(maxWriteBufferNumberToMaintain));
    }

    /**
     * The value set with {@link #setMaxWriteBufferNumberToMaintain}, else the engine's default
     * ({@code max_write_buffer_number_to_maintain}; 0 on an engine that no longer has it).
     *
     * @return the value
     */
    default int maxWriteBufferNumberToMaintain() {
        return OptionDefaults.integer(OptionDefaults.retired(rawColumnFamilyOption("max_write_buffer_number_to_maintain"),
                OptionDefaults.columnFamily(), "max_write_buffer_number_to_maintain", "0"));
    }

    /**
     * Update values in the memtable in place when the new one is not larger (needs allowConcurrentMemtableWrite off) ({@code inplace_update_support}).
     *
     * <p>Zero-copy views of memtable entries (iterators, scans) may then see bytes change under them.
     *
     * @param inplaceUpdateSupport the value
     * @return this
     */
    default T setInplaceUpdateSupport(boolean inplaceUpdateSupport) {
        return setRawColumnFamilyOption("inplace_update_support", Boolean.toString(inplaceUpdateSupport));
    }

    /**
     * The value set with {@link #setInplaceUpdateSupport}, else the engine's default ({@code inplace_update_support}).
     *
     * @return the value
     */
    default boolean inplaceUpdateSupport() {
        return OptionDefaults.bool(columnFamilyOption("inplace_update_support"));
    }

    /**
     * Locks guarding in-place updates, in [0, 1000000] (each memtable allocates them all) ({@code inplace_update_num_locks}).
     *
     * @param inplaceUpdateNumLocks the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setInplaceUpdateNumLocks(long inplaceUpdateNumLocks) {
        return setRawColumnFamilyOption("inplace_update_num_locks", Long.toString(inplaceUpdateNumLocks));
    }

    /**
     * The value set with {@link #setInplaceUpdateNumLocks}, else the engine's default ({@code inplace_update_num_locks}).
     *
     * @return the value
     */
    default long inplaceUpdateNumLocks() {
        return OptionDefaults.number(columnFamilyOption("inplace_update_num_locks"));
    }

    /**
     * Cache-line locality of memtable bloom probes ({@code bloom_locality}).
     *
     * @param bloomLocality the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setBloomLocality(int bloomLocality) {
        OptionValues.requireAtLeast(bloomLocality, 0, "bloomLocality");
        return setRawColumnFamilyOption("bloom_locality", Integer.toString(bloomLocality));
    }

    /**
     * The value set with {@link #setBloomLocality}, else the engine's default ({@code bloom_locality}).
     *
     * @return the value
     */
    default int bloomLocality() {
        return OptionDefaults.integer(columnFamilyOption("bloom_locality"));
    }

    /**
     * Most bytes one compaction takes in; 0: 25 target file sizes ({@code max_compaction_bytes}).
     *
     * @param maxCompactionBytes the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxCompactionBytes(long maxCompactionBytes) {
        OptionValues.requireAtLeast(maxCompactionBytes, 0, "maxCompactionBytes");
        return setRawColumnFamilyOption("max_compaction_bytes", Long.toString(maxCompactionBytes));
    }

    /**
     * The value set with {@link #setMaxCompactionBytes}, else the engine's default ({@code max_compaction_bytes}).
     *
     * @return the value
     */
    default long maxCompactionBytes() {
        return OptionDefaults.number(columnFamilyOption("max_compaction_bytes"));
    }

    /**
     * No filters in the last level: smaller, for workloads whose reads mostly find their key ({@code optimize_filters_for_hits}).
     *
     * @param optimizeFiltersForHits the value
     * @return this
     */
    default T setOptimizeFiltersForHits(boolean optimizeFiltersForHits) {
        return setRawColumnFamilyOption("optimize_filters_for_hits", Boolean.toString(optimizeFiltersForHits));
    }

    /**
     * The value set with {@link #setOptimizeFiltersForHits}, else the engine's default ({@code optimize_filters_for_hits}).
     *
     * @return the value
     */
    default boolean optimizeFiltersForHits() {
        return OptionDefaults.bool(columnFamilyOption("optimize_filters_for_hits"));
    }

    /**
     * Check the LSM tree's consistency on every change ({@code force_consistency_checks}).
     *
     * @param forceConsistencyChecks the value
     * @return this
     */
    default T setForceConsistencyChecks(boolean forceConsistencyChecks) {
        return setRawColumnFamilyOption("force_consistency_checks", Boolean.toString(forceConsistencyChecks));
    }

    /**
     * The value set with {@link #setForceConsistencyChecks}, else the engine's default ({@code force_consistency_checks}).
     *
     * @return the value
     */
    default boolean forceConsistencyChecks() {
        return OptionDefaults.bool(columnFamilyOption("force_consistency_checks"));
    }

    /**
     * Size of each memtable allocation, at most 64 GiB; 0: derived from the write buffer size ({@code arena_block_size}).
     *
     * @param arenaBlockSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setArenaBlockSize(long arenaBlockSize) {
        return setRawColumnFamilyOption("arena_block_size", Long.toString(arenaBlockSize));
    }

    /**
     * The value set with {@link #setArenaBlockSize}, else the engine's default ({@code arena_block_size}).
     *
     * @return the value
     */
    default long arenaBlockSize() {
        return OptionDefaults.number(columnFamilyOption("arena_block_size"));
    }

    /**
     * A memtable bloom filter on whole keys (with memtablePrefixBloomSizeRatio) ({@code memtable_whole_key_filtering}).
     *
     * @param memtableWholeKeyFiltering the value
     * @return this
     */
    default T setMemtableWholeKeyFiltering(boolean memtableWholeKeyFiltering) {
        return setRawColumnFamilyOption("memtable_whole_key_filtering", Boolean.toString(memtableWholeKeyFiltering));
    }

    /**
     * The value set with {@link #setMemtableWholeKeyFiltering}, else the engine's default ({@code memtable_whole_key_filtering}).
     *
     * @return the value
     */
    default boolean memtableWholeKeyFiltering() {
        return OptionDefaults.bool(columnFamilyOption("memtable_whole_key_filtering"));
    }

    /**
     * Allocate memtables from huge pages of this size, at most 1 GiB; 0: no ({@code memtable_huge_page_size}).
     *
     * @param memtableHugePageSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMemtableHugePageSize(long memtableHugePageSize) {
        return setRawColumnFamilyOption("memtable_huge_page_size", Long.toString(memtableHugePageSize));
    }

    /**
     * The value set with {@link #setMemtableHugePageSize}, else the engine's default ({@code memtable_huge_page_size}).
     *
     * @return the value
     */
    default long memtableHugePageSize() {
        return OptionDefaults.number(columnFamilyOption("memtable_huge_page_size"));
    }

    /**
     * Writes slow down when compaction debt exceeds this; 0: never ({@code soft_pending_compaction_bytes_limit}).
     *
     * @param softPendingCompactionBytesLimit the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setSoftPendingCompactionBytesLimit(long softPendingCompactionBytesLimit) {
        OptionValues.requireAtLeast(softPendingCompactionBytesLimit, 0, "softPendingCompactionBytesLimit");
        return setRawColumnFamilyOption("soft_pending_compaction_bytes_limit", Long.toString(softPendingCompactionBytesLimit));
    }

    /**
     * The value set with {@link #setSoftPendingCompactionBytesLimit}, else the engine's default ({@code soft_pending_compaction_bytes_limit}).
     *
     * @return the value
     */
    default long softPendingCompactionBytesLimit() {
        return OptionDefaults.number(columnFamilyOption("soft_pending_compaction_bytes_limit"));
    }

    /**
     * Writes stop when compaction debt exceeds this; 0: never ({@code hard_pending_compaction_bytes_limit}).
     *
     * @param hardPendingCompactionBytesLimit the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setHardPendingCompactionBytesLimit(long hardPendingCompactionBytesLimit) {
        OptionValues.requireAtLeast(hardPendingCompactionBytesLimit, 0, "hardPendingCompactionBytesLimit");
        return setRawColumnFamilyOption("hard_pending_compaction_bytes_limit", Long.toString(hardPendingCompactionBytesLimit));
    }

    /**
     * The value set with {@link #setHardPendingCompactionBytesLimit}, else the engine's default ({@code hard_pending_compaction_bytes_limit}).
     *
     * @return the value
     */
    default long hardPendingCompactionBytesLimit() {
        return OptionDefaults.number(columnFamilyOption("hard_pending_compaction_bytes_limit"));
    }

    /**
     * An iterator reseeks after skipping this many versions of one key ({@code max_sequential_skip_in_iterations}).
     *
     * @param maxSequentialSkipInIterations the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxSequentialSkipInIterations(long maxSequentialSkipInIterations) {
        OptionValues.requireAtLeast(maxSequentialSkipInIterations, 0, "maxSequentialSkipInIterations");
        return setRawColumnFamilyOption("max_sequential_skip_in_iterations", Long.toString(maxSequentialSkipInIterations));
    }

    /**
     * The value set with {@link #setMaxSequentialSkipInIterations}, else the engine's default ({@code max_sequential_skip_in_iterations}).
     *
     * @return the value
     */
    default long maxSequentialSkipInIterations() {
        return OptionDefaults.number(columnFamilyOption("max_sequential_skip_in_iterations"));
    }

    /**
     * Merge operands applied in the memtable at write time past this many; 0: never ({@code max_successive_merges}).
     *
     * @param maxSuccessiveMerges the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMaxSuccessiveMerges(long maxSuccessiveMerges) {
        OptionValues.requireAtLeast(maxSuccessiveMerges, 0, "maxSuccessiveMerges");
        return setRawColumnFamilyOption("max_successive_merges", Long.toString(maxSuccessiveMerges));
    }

    /**
     * The value set with {@link #setMaxSuccessiveMerges}, else the engine's default ({@code max_successive_merges}).
     *
     * @return the value
     */
    default long maxSuccessiveMerges() {
        return OptionDefaults.number(columnFamilyOption("max_successive_merges"));
    }

    /**
     * Read back every file a flush or compaction wrote ({@code paranoid_file_checks}).
     *
     * @param paranoidFileChecks the value
     * @return this
     */
    default T setParanoidFileChecks(boolean paranoidFileChecks) {
        return setRawColumnFamilyOption("paranoid_file_checks", Boolean.toString(paranoidFileChecks));
    }

    /**
     * The value set with {@link #setParanoidFileChecks}, else the engine's default ({@code paranoid_file_checks}).
     *
     * @return the value
     */
    default boolean paranoidFileChecks() {
        return OptionDefaults.bool(columnFamilyOption("paranoid_file_checks"));
    }

    /**
     * Measure the I/O of flushes and compactions ({@code report_bg_io_stats}).
     *
     * @param reportBgIoStats the value
     * @return this
     */
    default T setReportBgIoStats(boolean reportBgIoStats) {
        return setRawColumnFamilyOption("report_bg_io_stats", Boolean.toString(reportBgIoStats));
    }

    /**
     * The value set with {@link #setReportBgIoStats}, else the engine's default ({@code report_bg_io_stats}).
     *
     * @return the value
     */
    default boolean reportBgIoStats() {
        return OptionDefaults.bool(columnFamilyOption("report_bg_io_stats"));
    }

    /**
     * Files with data older than this many seconds are compacted, 0 off
     * ({@code ttl}). Leave it unset for RocksDB's default (an automatic
     * value); RocksDB's special values are not taken as negative numbers.
     *
     * @param ttl seconds, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    default T setTtl(long ttl) {
        OptionValues.requireAtLeast(ttl, 0, "ttl");
        return setRawColumnFamilyOption("ttl", Long.toString(ttl));
    }

    /**
     * The value set with {@link #setTtl}, else the engine's default ({@code ttl}).
     *
     * @return the value
     */
    default long ttl() {
        return OptionDefaults.number(columnFamilyOption("ttl"));
    }

    /**
     * Files older than this many seconds are recompacted, 0 off
     * ({@code periodic_compaction_seconds}). Leave it unset for RocksDB's
     * default (an automatic value); its special values are not taken as
     * negative numbers.
     *
     * @param periodicCompactionSeconds seconds, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    default T setPeriodicCompactionSeconds(long periodicCompactionSeconds) {
        OptionValues.requireAtLeast(periodicCompactionSeconds, 0, "periodicCompactionSeconds");
        return setRawColumnFamilyOption("periodic_compaction_seconds", Long.toString(periodicCompactionSeconds));
    }

    /**
     * The value set with {@link #setPeriodicCompactionSeconds}, else the engine's default ({@code periodic_compaction_seconds}).
     *
     * @return the value
     */
    default long periodicCompactionSeconds() {
        return OptionDefaults.number(columnFamilyOption("periodic_compaction_seconds"));
    }

    /**
     * Store large values in blob files (RocksDB's integrated BlobDB) ({@code enable_blob_files}).
     *
     * <p>Values read from blob files are rebuilt at every iterator move: record batches ({@link RocksDB#newRecordCursor}) of such a family copy values instead of pinning them.
     *
     * @param enableBlobFiles the value
     * @return this
     */
    default T setEnableBlobFiles(boolean enableBlobFiles) {
        return setRawColumnFamilyOption("enable_blob_files", Boolean.toString(enableBlobFiles));
    }

    /**
     * The value set with {@link #setEnableBlobFiles}, else the engine's default ({@code enable_blob_files}).
     *
     * @return the value
     */
    default boolean enableBlobFiles() {
        return OptionDefaults.bool(columnFamilyOption("enable_blob_files"));
    }

    /**
     * Values at least this large go to blob files ({@code min_blob_size}).
     *
     * @param minBlobSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setMinBlobSize(long minBlobSize) {
        OptionValues.requireAtLeast(minBlobSize, 0, "minBlobSize");
        return setRawColumnFamilyOption("min_blob_size", Long.toString(minBlobSize));
    }

    /**
     * The value set with {@link #setMinBlobSize}, else the engine's default ({@code min_blob_size}).
     *
     * @return the value
     */
    default long minBlobSize() {
        return OptionDefaults.number(columnFamilyOption("min_blob_size"));
    }

    /**
     * Size at which a blob file is closed ({@code blob_file_size}).
     *
     * @param blobFileSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setBlobFileSize(long blobFileSize) {
        OptionValues.requireAtLeast(blobFileSize, 1, "blobFileSize");
        return setRawColumnFamilyOption("blob_file_size", Long.toString(blobFileSize));
    }

    /**
     * The value set with {@link #setBlobFileSize}, else the engine's default ({@code blob_file_size}).
     *
     * @return the value
     */
    default long blobFileSize() {
        return OptionDefaults.number(columnFamilyOption("blob_file_size"));
    }

    /**
     * Relocate live blobs out of old blob files during compaction ({@code enable_blob_garbage_collection}).
     *
     * @param enableBlobGarbageCollection the value
     * @return this
     */
    default T setEnableBlobGarbageCollection(boolean enableBlobGarbageCollection) {
        return setRawColumnFamilyOption("enable_blob_garbage_collection", Boolean.toString(enableBlobGarbageCollection));
    }

    /**
     * The value set with {@link #setEnableBlobGarbageCollection}, else the engine's default ({@code enable_blob_garbage_collection}).
     *
     * @return the value
     */
    default boolean enableBlobGarbageCollection() {
        return OptionDefaults.bool(columnFamilyOption("enable_blob_garbage_collection"));
    }

    /**
     * Readahead of blob reads in compactions, at most 1 GiB ({@code blob_compaction_readahead_size}).
     *
     * @param blobCompactionReadaheadSize the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setBlobCompactionReadaheadSize(long blobCompactionReadaheadSize) {
        return setRawColumnFamilyOption("blob_compaction_readahead_size", Long.toString(blobCompactionReadaheadSize));
    }

    /**
     * The value set with {@link #setBlobCompactionReadaheadSize}, else the engine's default ({@code blob_compaction_readahead_size}).
     *
     * @return the value
     */
    default long blobCompactionReadaheadSize() {
        return OptionDefaults.number(columnFamilyOption("blob_compaction_readahead_size"));
    }

    /**
     * The first level whose compactions write blob files ({@code blob_file_starting_level}).
     *
     * @param blobFileStartingLevel the value
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setBlobFileStartingLevel(int blobFileStartingLevel) {
        OptionValues.requireAtLeast(blobFileStartingLevel, 0, "blobFileStartingLevel");
        return setRawColumnFamilyOption("blob_file_starting_level", Integer.toString(blobFileStartingLevel));
    }

    /**
     * The value set with {@link #setBlobFileStartingLevel}, else the engine's default ({@code blob_file_starting_level}).
     *
     * @return the value
     */
    default int blobFileStartingLevel() {
        return OptionDefaults.integer(columnFamilyOption("blob_file_starting_level"));
    }

    /**
     * RocksJava's name of {@link #setLevel0FileNumCompactionTrigger}.
     *
     * @param numFiles files in level 0 that trigger a compaction, {@code >= 1}
     * @return this
     */
    default T setLevelZeroFileNumCompactionTrigger(int numFiles) {
        OptionValues.requireAtLeast(numFiles, 1, "levelZeroFileNumCompactionTrigger");
        return setLevel0FileNumCompactionTrigger(numFiles);
    }

    /**
     * RocksJava's name of {@link #setLevel0SlowdownWritesTrigger}.
     *
     * @param numFiles files in level 0 at which writes slow down, {@code >= 1}
     * @return this
     */
    default T setLevelZeroSlowdownWritesTrigger(int numFiles) {
        OptionValues.requireAtLeast(numFiles, 1, "levelZeroSlowdownWritesTrigger");
        return setLevel0SlowdownWritesTrigger(numFiles);
    }

    /**
     * RocksJava's name of {@link #setLevel0StopWritesTrigger}.
     *
     * @param numFiles files in level 0 at which writes stop, {@code >= 1}
     * @return this
     */
    default T setLevelZeroStopWritesTrigger(int numFiles) {
        OptionValues.requireAtLeast(numFiles, 1, "levelZeroStopWritesTrigger");
        return setLevel0StopWritesTrigger(numFiles);
    }

    /**
     * The value set with {@link #setCompressionPerLevel}, else the engine's
     * default ({@code compression_per_level}; empty: {@link #compressionType()}
     * on every level).
     *
     * @return the compression of each level, level 0 first
     */
    default List<CompressionType> compressionPerLevel() {
        String v = rawColumnFamilyOption("compression_per_level");
        if (v == null) v = OptionDefaults.columnFamily().getOrDefault("compression_per_level", ""); // unwritten when empty
        List<CompressionType> out = new java.util.ArrayList<>();
        for (String t : OptionDefaults.split(v, ':')) out.add(CompressionType.ofRocksName(t));
        return out;
    }

    /**
     * How the family compacts ({@code compaction_style}).
     *
     * @param compactionStyle the style
     * @return this
     */
    default T setCompactionStyle(CompactionStyle compactionStyle) {
        if (compactionStyle == null) throw new IllegalArgumentException("compactionStyle must not be null");
        return setRawColumnFamilyOption("compaction_style", compactionStyle.rocksName());
    }

    /**
     * The value set with {@link #setCompactionStyle}, else the engine's default ({@code compaction_style}).
     *
     * @return the style
     */
    default CompactionStyle compactionStyle() {
        return CompactionStyle.fromRocksName(columnFamilyOption("compaction_style"));
    }

    /**
     * Which files leveled compaction picks first ({@code compaction_pri}).
     *
     * @param compactionPriority the priority
     * @return this
     */
    default T setCompactionPriority(CompactionPriority compactionPriority) {
        if (compactionPriority == null) throw new IllegalArgumentException("compactionPriority must not be null");
        return setRawColumnFamilyOption("compaction_pri", compactionPriority.rocksName());
    }

    /**
     * The value set with {@link #setCompactionPriority}, else the engine's default ({@code compaction_pri}).
     *
     * @return the priority
     */
    default CompactionPriority compactionPriority() {
        return CompactionPriority.fromRocksName(columnFamilyOption("compaction_pri"));
    }

    /**
     * With {@link CompactionStyle#FIFO}: the oldest files are deleted once
     * the family's files exceed this size
     * ({@code compaction_options_fifo={max_table_files_size=...}}; the other
     * FIFO fields keep their values).
     *
     * @param maxTableFilesSize bytes, {@code >= 1}
     * @return this
     * @throws IllegalArgumentException if below 1
     */
    default T setMaxTableFilesSizeFIFO(long maxTableFilesSize) {
        OptionValues.requireAtLeast(maxTableFilesSize, 1, "maxTableFilesSizeFIFO");
        String current = rawColumnFamilyOption("compaction_options_fifo");
        java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
        if (current != null && current.startsWith("{") && current.endsWith("}")) {
            fields.putAll(OptionDefaults.parse(current.substring(1, current.length() - 1)));
        }
        fields.put("max_table_files_size", Long.toString(maxTableFilesSize));
        StringJoiner j = new StringJoiner(";", "{", "}");
        fields.forEach((k, v) -> j.add(k + "=" + v));
        return setRawColumnFamilyOption("compaction_options_fifo", j.toString());
    }

    /**
     * The value set with {@link #setMaxTableFilesSizeFIFO}, else the engine's default.
     *
     * @return bytes
     */
    default long maxTableFilesSizeFIFO() {
        String fifo = columnFamilyOption("compaction_options_fifo");
        String inner = fifo.startsWith("{") && fifo.endsWith("}") ? fifo.substring(1, fifo.length() - 1) : fifo;
        String v = OptionDefaults.parse(inner).get("max_table_files_size");
        if (v == null) {
            v = OptionDefaults.parse(OptionDefaults.columnFamily().get("compaction_options_fifo")
                    .replaceAll("^\\{|\\}$", "")).get("max_table_files_size");
        }
        return OptionDefaults.number(v);
    }

    /**
     * A bloom filter in each memtable over this share of its size, in
     * [0, 0.25] ({@code memtable_prefix_bloom_size_ratio}; 0: none). Needs a
     * prefix extractor or {@link #setMemtableWholeKeyFiltering}.
     *
     * @param ratio 0, or a normal number up to 0.25
     * @return this
     * @throws IllegalArgumentException if out of range (subnormal numbers included: RocksDB cannot parse them)
     */
    default T setMemtablePrefixBloomSizeRatio(double ratio) {
        return setRawColumnFamilyOption("memtable_prefix_bloom_size_ratio",
                Double.toString(OptionValues.requireFraction(ratio, 0.25, "memtablePrefixBloomSizeRatio")));
    }

    /**
     * The value set with {@link #setMemtablePrefixBloomSizeRatio}, else the engine's default.
     *
     * @return the ratio
     */
    default double memtablePrefixBloomSizeRatio() {
        return OptionDefaults.decimal(columnFamilyOption("memtable_prefix_bloom_size_ratio"));
    }

    /**
     * RocksDB's experimental memtable purge: a memtable whose live share is
     * below this is garbage-collected in memory instead of flushed
     * ({@code experimental_mempurge_threshold}; 0: off).
     *
     * @param threshold 0, or a normal number up to 1
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setExperimentalMempurgeThreshold(double threshold) {
        return setRawColumnFamilyOption("experimental_mempurge_threshold",
                Double.toString(OptionValues.requireFraction(threshold, 1.0, "experimentalMempurgeThreshold")));
    }

    /**
     * The value set with {@link #setExperimentalMempurgeThreshold}, else the engine's default.
     *
     * @return the threshold
     */
    default double experimentalMempurgeThreshold() {
        return OptionDefaults.decimal(columnFamilyOption("experimental_mempurge_threshold"));
    }

    /**
     * Extra multipliers of each level's target size
     * ({@code max_bytes_for_level_multiplier_additional}).
     *
     * @param multipliers one per level, each {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if empty or one is negative
     */
    default T setMaxBytesForLevelMultiplierAdditional(int[] multipliers) {
        if (multipliers == null || multipliers.length == 0) {
            throw new IllegalArgumentException("maxBytesForLevelMultiplierAdditional must not be empty");
        }
        StringJoiner j = new StringJoiner(":");
        for (int m : multipliers)
            j.add(Integer.toString((int) OptionValues.requireAtLeast(m, 0,
                    "maxBytesForLevelMultiplierAdditional")));
        return setRawColumnFamilyOption("max_bytes_for_level_multiplier_additional", j.toString());
    }

    /**
     * The value set with {@link #setMaxBytesForLevelMultiplierAdditional}, else the engine's default.
     *
     * @return the multipliers
     */
    default int[] maxBytesForLevelMultiplierAdditional() {
        String v = columnFamilyOption("max_bytes_for_level_multiplier_additional");
        return OptionDefaults.split(v, ':').stream().mapToInt(OptionDefaults::integer).toArray();
    }

    /**
     * Compression of blob files ({@code blob_compression_type}).
     *
     * @param compressionType a real compression ({@link CompressionType#NO_COMPRESSION} included)
     * @return this
     * @throws IllegalArgumentException for null or {@link CompressionType#DISABLE_COMPRESSION_OPTION}
     */
    default T setBlobCompressionType(CompressionType compressionType) {
        if (compressionType == null || compressionType == CompressionType.DISABLE_COMPRESSION_OPTION) {
            throw new IllegalArgumentException("blobCompressionType must be a real compression, was " + compressionType);
        }
        return setRawColumnFamilyOption("blob_compression_type", compressionType.rocksName());
    }

    /**
     * The value set with {@link #setBlobCompressionType}, else the engine's default.
     *
     * @return the compression
     */
    default CompressionType blobCompressionType() {
        return CompressionType.ofRocksName(columnFamilyOption("blob_compression_type"));
    }

    /**
     * Blob files with more than this share of their age are relocated by
     * blob garbage collection ({@code blob_garbage_collection_age_cutoff}).
     *
     * @param cutoff 0, or a normal number up to 1
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setBlobGarbageCollectionAgeCutoff(double cutoff) {
        return setRawColumnFamilyOption("blob_garbage_collection_age_cutoff",
                Double.toString(OptionValues.requireFraction(cutoff, 1.0, "blobGarbageCollectionAgeCutoff")));
    }

    /**
     * The value set with {@link #setBlobGarbageCollectionAgeCutoff}, else the engine's default.
     *
     * @return the cutoff
     */
    default double blobGarbageCollectionAgeCutoff() {
        return OptionDefaults.decimal(columnFamilyOption("blob_garbage_collection_age_cutoff"));
    }

    /**
     * Garbage share of the oldest blob files above which a compaction is
     * forced ({@code blob_garbage_collection_force_threshold}).
     *
     * @param threshold 0, or a normal number up to 1
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    default T setBlobGarbageCollectionForceThreshold(double threshold) {
        return setRawColumnFamilyOption("blob_garbage_collection_force_threshold",
                Double.toString(OptionValues.requireFraction(threshold, 1.0, "blobGarbageCollectionForceThreshold")));
    }

    /**
     * The value set with {@link #setBlobGarbageCollectionForceThreshold}, else the engine's default.
     *
     * @return the threshold
     */
    default double blobGarbageCollectionForceThreshold() {
        return OptionDefaults.decimal(columnFamilyOption("blob_garbage_collection_force_threshold"));
    }

    /**
     * Whether flushes put the blobs they write in the blob cache ({@code prepopulate_blob_cache}).
     *
     * @param prepopulateBlobCache the setting
     * @return this
     */
    default T setPrepopulateBlobCache(PrepopulateBlobCache prepopulateBlobCache) {
        if (prepopulateBlobCache == null) throw new IllegalArgumentException("prepopulateBlobCache must not be null");
        return setRawColumnFamilyOption("prepopulate_blob_cache", prepopulateBlobCache.rocksName());
    }

    /**
     * The value set with {@link #setPrepopulateBlobCache}, else the engine's default.
     *
     * @return the setting
     */
    default PrepopulateBlobCache prepopulateBlobCache() {
        return PrepopulateBlobCache.fromRocksName(columnFamilyOption("prepopulate_blob_cache"));
    }
    // ---- callbacks: comparators, merge operators and compaction filters in Java ----

    /**
     * A key order written in Java for this column family (RocksDB's default
     * is bytewise). Its name is persisted: a DB created with it opens only
     * with a comparator of the same name. Replaces a {@code comparator} set
     * as a raw option. See {@link AbstractComparator} for the threads it
     * runs on, its lifetime and what happens when it throws.
     *
     * @param comparator the comparator
     * @return these options
     * @throws IllegalArgumentException if comparator is null
     */
    default T setComparator(AbstractComparator comparator) {
        if (comparator == null) throw new IllegalArgumentException("comparator must not be null");
        return setJavaCallback("comparator", comparator);
    }

    /**
     * The comparator set by {@link #setComparator(AbstractComparator)}.
     *
     * @return the comparator, or null for RocksDB's (or a raw option's)
     */
    default AbstractComparator comparator() {
        return Bridge.familyCallbacks(this).comparator;
    }

    /**
     * The merge operator set: a Java one, or a built-in one set by
     * {@link #setMergeOperator} or {@link #setMergeOperatorName}.
     *
     * @return the operator, or null if none (or one set as a raw option
     *         panrocks does not know)
     */
    default MergeOperator mergeOperator() {
        MergeOperator java = (MergeOperator) Bridge.familyCallbacks(this).mergeOperator;
        if (java != null) return java;
        String raw = rawColumnFamilyOption("merge_operator");
        if (raw == null) return null;
        if (raw.startsWith("{id=stringappend;delimiter=") && raw.endsWith("}")) {
            return new MergeOperator.StringAppendOperator(raw.substring(27, raw.length() - 1));
        }
        try {
            return MergeOperator.named(raw);
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }

    /**
     * A compaction filter written in Java that serves every compaction of
     * this column family: it must be thread-safe (compactions run in
     * parallel). Replaces a filter factory set before. See
     * {@link AbstractCompactionFilter}.
     *
     * @param filter the filter
     * @return these options
     * @throws IllegalArgumentException if filter is null
     */
    default T setCompactionFilter(AbstractCompactionFilter filter) {
        if (filter == null) throw new IllegalArgumentException("compactionFilter must not be null");
        CallbackOptions c = Bridge.familyCallbacks(this);
        c.compactionFilterFactory = null;
        Bridge.familyValues(this).remove("compaction_filter_factory");
        return setJavaCallback("compaction_filter", filter);
    }

    /**
     * The filter set by {@link #setCompactionFilter}.
     *
     * @return the filter, or null
     */
    default AbstractCompactionFilter compactionFilter() {
        return Bridge.familyCallbacks(this).compactionFilter;
    }

    /**
     * A factory of Java compaction filters, one per compaction. Replaces a
     * filter set before by {@link #setCompactionFilter}. See
     * {@link AbstractCompactionFilterFactory}.
     *
     * @param factory the factory
     * @return these options
     * @throws IllegalArgumentException if factory is null
     */
    default T setCompactionFilterFactory(AbstractCompactionFilterFactory<?> factory) {
        if (factory == null) throw new IllegalArgumentException("compactionFilterFactory must not be null");
        CallbackOptions c = Bridge.familyCallbacks(this);
        c.compactionFilter = null;
        Bridge.familyValues(this).remove("compaction_filter");
        return setJavaCallback("compaction_filter_factory", factory);
    }

    /**
     * The factory set by {@link #setCompactionFilterFactory}.
     *
     * @return the factory, or null
     */
    default AbstractCompactionFilterFactory<?> compactionFilterFactory() {
        return Bridge.familyCallbacks(this).compactionFilterFactory;
    }

    /** Keeps a Java callback for option name, replacing a raw value of that option. */
    @SuppressWarnings("unchecked")
    private T setJavaCallback(String option, Object callback) {
        CallbackOptions c = Bridge.familyCallbacks(this);
        Bridge.familyValues(this).remove(option);
        switch (option) {
            case "comparator" -> c.comparator = (AbstractComparator) callback;
            case "merge_operator" -> c.mergeOperator = (MergeOperator) callback;
            case "compaction_filter" -> c.compactionFilter = (AbstractCompactionFilter) callback;
            case "compaction_filter_factory" -> c.compactionFilterFactory = (AbstractCompactionFilterFactory<?>) callback;
            default -> throw new IllegalArgumentException(option);
        }
        return (T) this;
    }
    // ---- end of callbacks ----

    // ---- user-defined timestamps ----

    /**
     * One of RocksDB's built-in key orders for this column family, as
     * RocksJava's {@code setComparator(BuiltinComparator)}; the
     * {@code _WITH_U64_TS} ones give it user-defined timestamps (see
     * {@link BuiltinComparator}). Replaces a Java comparator set before.
     * The name is persisted: the family opens again only with the same one.
     *
     * @param comparator the comparator
     * @return these options
     * @throws IllegalArgumentException if comparator is null
     */
    default T setComparator(BuiltinComparator comparator) {
        if (comparator == null) throw new IllegalArgumentException("comparator must not be null");
        return setRawColumnFamilyOption("comparator", comparator.engineName());
    }

    /**
     * The built-in comparator set with {@link #setComparator(BuiltinComparator)}
     * (or as the raw option {@code comparator} by its engine name).
     *
     * @return the comparator, or null when none was set that way (then a Java
     *         comparator, or RocksDB's default, bytewise)
     */
    default BuiltinComparator builtinComparator() {
        String name = rawColumnFamilyOption("comparator");
        if (name == null) return null;
        for (BuiltinComparator b : BuiltinComparator.values()) {
            if (b.engineName().equals(name)) return b;
        }
        return null;
    }

    /**
     * Whether the family's SST files keep the user-defined timestamps
     * ({@code persist_user_defined_timestamps}, default true). False keeps
     * them in memtables and the WAL only: flushes strip them (RocksDB then
     * requires the whole memtable to be below the full-history bound, see
     * {@link RocksDB#increaseFullHistoryTsLow}), and reads see one version
     * per key in files. RocksDB refuses false with atomic flush or concurrent
     * memtable writes.
     *
     * @param persist the value
     * @return these options
     */
    default T setPersistUserDefinedTimestamps(boolean persist) {
        return setRawColumnFamilyOption("persist_user_defined_timestamps", Boolean.toString(persist));
    }

    /**
     * The value set with {@link #setPersistUserDefinedTimestamps}, else the
     * engine's default ({@code persist_user_defined_timestamps}).
     *
     * @return the value
     */
    default boolean persistUserDefinedTimestamps() {
        return OptionDefaults.bool(columnFamilyOption("persist_user_defined_timestamps"));
    }

    // ---- RocksJava's SST partitioner ----

    /**
     * What splits the family's flush and compaction output into SST files at
     * key boundaries ({@code sst_partitioner_factory}; default none).
     *
     * @param factory the partitioner, copied as its option value; not null
     * @return this object, for chaining
     * @throws IllegalArgumentException if null
     */
    default T setSstPartitionerFactory(SstPartitionerFactory factory) {
        if (factory == null) throw new IllegalArgumentException("sstPartitionerFactory must not be null");
        return setRawColumnFamilyOption("sst_partitioner_factory", factory.optionValue());
    }

    /**
     * The partitioner set with {@link #setSstPartitionerFactory} (an equal
     * copy: options keep values, not objects).
     *
     * @return the partitioner, or null if none was set (or a raw value names
     *         one panrocks has no class for)
     */
    default SstPartitionerFactory sstPartitionerFactory() {
        String v = rawColumnFamilyOption("sst_partitioner_factory");
        if (v == null || !v.startsWith("{") || !v.endsWith("}")) return null;
        java.util.Map<String, String> fields = OptionDefaults.parse(v.substring(1, v.length() - 1));
        if (!"SstPartitionerFixedPrefixFactory".equals(fields.get("id"))) return null;
        try {
            return new SstPartitionerFixedPrefixFactory(Long.parseLong(fields.getOrDefault("length", "0")));
        } catch (IllegalArgumentException e) { // a raw value panrocks did not write
            return null;
        }
    }

    // ---- RocksJava's compaction thread limiter ----

    /**
     * Limits how many compactions of this family (and of every other family
     * given the same limiter, in any DB) run at once
     * ({@code compaction_thread_limiter}; default none). The family takes its
     * own reference when the DB opens or creates it, so the limiter may be
     * closed afterwards; a limiter closed before that fails the open with
     * {@link IllegalStateException}.
     *
     * @param compactionThreadLimiter the limiter, or null for none
     * @return this object, for chaining
     */
    default T setCompactionThreadLimiter(ConcurrentTaskLimiter compactionThreadLimiter) {
        Bridge.familyCallbacks(this).compactionThreadLimiter = compactionThreadLimiter;
        @SuppressWarnings("unchecked")
        T self = (T) this;
        return self;
    }

    /**
     * The limiter set with {@link #setCompactionThreadLimiter}.
     *
     * @return the limiter, or null
     */
    default ConcurrentTaskLimiter compactionThreadLimiter() {
        return (ConcurrentTaskLimiter) Bridge.familyCallbacks(this).compactionThreadLimiter;
    }

    // ---- RocksDB 11's column family options (RocksJava 11.8.1's setters); each refused with
    // ---- UnsupportedOperationException on an engine without it

    /**
     * When an iterator passes at least this many contiguous point tombstones
     * with no live key between them, it puts a range tombstone over them into
     * the memtable, so later iterators skip them at once
     * ({@code min_tombstones_for_range_conversion}, default 0: never). While
     * non-zero, a read-write iterator with a table filter is refused.
     *
     * @param minTombstones the count, 0 for off; not negative
     * @return this
     * @throws IllegalArgumentException if negative
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default T setMinTombstonesForRangeConversion(int minTombstones) {
        OptionDefaults.requireKnown(OptionDefaults.columnFamily(), "min_tombstones_for_range_conversion",
                "setMinTombstonesForRangeConversion");
        return setRawColumnFamilyOption("min_tombstones_for_range_conversion",
                Long.toString(OptionValues.requireAtLeast(minTombstones, 0, "minTombstonesForRangeConversion")));
    }

    /**
     * The value set with {@link #setMinTombstonesForRangeConversion}, else the engine's default.
     *
     * @return the count, 0 when off
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default int minTombstonesForRangeConversion() {
        return OptionDefaults.integer(columnFamilyOption("min_tombstones_for_range_conversion"));
    }

    /**
     * Marks an SST file for compaction once its sampled reads of entries a
     * compaction would collapse, per byte of file, exceed this
     * ({@code read_triggered_compaction_threshold}, default 0: off; 0.01 is
     * RocksDB's suggested start). On a DB without writes it acts as often as
     * {@link DBOptionsInterface#setMaxCompactionTriggerWakeupSeconds} wakes it.
     *
     * @param threshold 0, or a finite positive number
     * @return this
     * @throws IllegalArgumentException if negative, NaN, infinite or subnormal
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default T setReadTriggeredCompactionThreshold(double threshold) {
        OptionDefaults.requireKnown(OptionDefaults.columnFamily(), "read_triggered_compaction_threshold",
                "setReadTriggeredCompactionThreshold");
        return setRawColumnFamilyOption("read_triggered_compaction_threshold",
                Double.toString(OptionValues.requireFraction(threshold, Double.MAX_VALUE, "readTriggeredCompactionThreshold")));
    }

    /**
     * The value set with {@link #setReadTriggeredCompactionThreshold}, else the engine's default.
     *
     * @return the threshold, 0 when off
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    default double readTriggeredCompactionThreshold() {
        return OptionDefaults.decimal(columnFamilyOption("read_triggered_compaction_threshold"));
    }
}
