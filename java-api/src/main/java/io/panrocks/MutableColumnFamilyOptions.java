package io.panrocks;

import io.panrocks.internal.options.MutableOptionText;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.ObjLongConsumer;

/**
 * Column-family options that an open DB changes while it runs, as
 * RocksJava's {@code MutableColumnFamilyOptions}: built with {@link #builder()}
 * or {@link #parse(String)}, applied with
 * {@link RocksDB#setOptions(ColumnFamilyHandle, MutableColumnFamilyOptions)}
 * (RocksDB's {@code SetOptions}); {@link RocksDB#getOptions(ColumnFamilyHandle)}
 * reads the running values back into a builder.
 *
 * <p>A plain Java value. Each setter of the builder checks its value as the
 * same setter of {@link ColumnFamilyOptions} does, at once, with an
 * {@link IllegalArgumentException} naming the option; RocksDB checks the
 * whole set again when it applies it.
 */
public final class MutableColumnFamilyOptions extends AbstractMutableOptions {
    private MutableColumnFamilyOptions(Map<String, String> entries) {
        super(entries);
    }

    /**
     * A builder with no option set.
     *
     * @return a new builder
     */
    public static MutableColumnFamilyOptionsBuilder builder() {
        return new MutableColumnFamilyOptionsBuilder();
    }

    /**
     * Parses {@code name=value;name=value} (RocksDB's option-string syntax; an
     * array as {@code 2:3:5}) into a builder, each value through its typed setter.
     *
     * @param str the options; not null
     * @param ignoreUnknown whether names that are not mutable column-family
     *     options are skipped (as in what {@link RocksDB#getOptions} reads) rather than refused
     * @return a builder holding the values
     * @throws NullPointerException if str is null
     * @throws IllegalArgumentException if a value is malformed or out of range, or a name
     *     unknown and {@code ignoreUnknown} false
     */
    public static MutableColumnFamilyOptionsBuilder parse(String str, boolean ignoreUnknown) {
        return MutableOptionText.parse(str, ignoreUnknown, MutableColumnFamilyOptionsBuilder.APPLIERS,
                new MutableColumnFamilyOptionsBuilder(), "MutableColumnFamilyOptions", null);
    }

    /** What {@link RocksDB#getOptions} read from the engine: RocksDB's values kept where panrocks' setters are stricter. */
    static MutableColumnFamilyOptionsBuilder fromEngine(String str) {
        return MutableOptionText.parse(str, true, MutableColumnFamilyOptionsBuilder.APPLIERS,
                new MutableColumnFamilyOptionsBuilder(), "MutableColumnFamilyOptions",
                (b, name, value) -> b.options.setRawColumnFamilyOption(name, value));
    }

    /**
     * As {@link #parse(String, boolean)}, refusing unknown names.
     *
     * @param str the options; not null
     * @return a builder holding the values
     */
    public static MutableColumnFamilyOptionsBuilder parse(String str) {
        return parse(str, false);
    }

    /** The mutable options of the memtables. The constants' names are RocksDB's. */
    public enum MemtableOption {
        /** {@code write_buffer_size} */
        write_buffer_size,
        /** {@code arena_block_size} */
        arena_block_size,
        /** {@code memtable_prefix_bloom_size_ratio} */
        memtable_prefix_bloom_size_ratio,
        /** {@code memtable_whole_key_filtering} */
        memtable_whole_key_filtering,
        /** {@code memtable_huge_page_size} */
        memtable_huge_page_size,
        /** {@code max_successive_merges} */
        max_successive_merges,
        /** {@code max_write_buffer_number} */
        max_write_buffer_number,
        /** {@code inplace_update_num_locks} */
        inplace_update_num_locks,
        /** {@code experimental_mempurge_threshold} */
        experimental_mempurge_threshold,
        /** {@code min_tombstones_for_range_conversion} (RocksDB 11) */
        min_tombstones_for_range_conversion
    }

    /** The mutable options of compaction. The constants' names are RocksDB's. */
    public enum CompactionOption {
        /** {@code disable_auto_compactions} */
        disable_auto_compactions,
        /** {@code soft_pending_compaction_bytes_limit} */
        soft_pending_compaction_bytes_limit,
        /** {@code hard_pending_compaction_bytes_limit} */
        hard_pending_compaction_bytes_limit,
        /** {@code level0_file_num_compaction_trigger} */
        level0_file_num_compaction_trigger,
        /** {@code level0_slowdown_writes_trigger} */
        level0_slowdown_writes_trigger,
        /** {@code level0_stop_writes_trigger} */
        level0_stop_writes_trigger,
        /** {@code max_compaction_bytes} */
        max_compaction_bytes,
        /** {@code target_file_size_base} */
        target_file_size_base,
        /** {@code target_file_size_multiplier} */
        target_file_size_multiplier,
        /** {@code max_bytes_for_level_base} */
        max_bytes_for_level_base,
        /** {@code max_bytes_for_level_multiplier} */
        max_bytes_for_level_multiplier,
        /** {@code max_bytes_for_level_multiplier_additional} */
        max_bytes_for_level_multiplier_additional,
        /** {@code ttl} */
        ttl,
        /** {@code periodic_compaction_seconds} */
        periodic_compaction_seconds,
        /** {@code read_triggered_compaction_threshold} (RocksDB 11) */
        read_triggered_compaction_threshold
    }

    /** The mutable options of blob files. The constants' names are RocksDB's. */
    public enum BlobOption {
        /** {@code enable_blob_files} */
        enable_blob_files,
        /** {@code min_blob_size} */
        min_blob_size,
        /** {@code blob_file_size} */
        blob_file_size,
        /** {@code blob_compression_type} */
        blob_compression_type,
        /** {@code enable_blob_garbage_collection} */
        enable_blob_garbage_collection,
        /** {@code blob_garbage_collection_age_cutoff} */
        blob_garbage_collection_age_cutoff,
        /** {@code blob_garbage_collection_force_threshold} */
        blob_garbage_collection_force_threshold,
        /** {@code blob_compaction_readahead_size} */
        blob_compaction_readahead_size,
        /** {@code blob_file_starting_level} */
        blob_file_starting_level,
        /** {@code prepopulate_blob_cache} */
        prepopulate_blob_cache
    }

    /** The other mutable options. The constants' names are RocksDB's. */
    public enum MiscOption {
        /** {@code max_sequential_skip_in_iterations} */
        max_sequential_skip_in_iterations,
        /** {@code paranoid_file_checks} */
        paranoid_file_checks,
        /** {@code report_bg_io_stats} */
        report_bg_io_stats,
        /** {@code compression} */
        compression
    }

    /**
     * Collects mutable column-family options; {@link #build()} makes the
     * value to apply. A getter of an option not set throws
     * {@link NoSuchElementException}, as RocksJava's.
     */
    public static final class MutableColumnFamilyOptionsBuilder {
        /** the values, validated and formatted by ColumnFamilyOptions' own setters */
        private final ColumnFamilyOptions options = new ColumnFamilyOptions();

        private MutableColumnFamilyOptionsBuilder() {
        }

        /**
         * The options set so far.
         *
         * @return a new value holding them
         */
        public MutableColumnFamilyOptions build() {
            return new MutableColumnFamilyOptions(options.values.entries());
        }

        private ColumnFamilyOptions require(String name) {
            if (options.rawColumnFamilyOption(name) == null) throw new NoSuchElementException(name + " has not been set");
            return options;
        }

        /** The text of each option applied through its typed setter (a long RocksDB wrote unsigned kept as written). */
        static final Map<String, MutableOptionText.Applier<MutableColumnFamilyOptionsBuilder>> APPLIERS;

        /** RocksDB's name ({@code kLZ4Compression}) or the Java constant's ({@code LZ4_COMPRESSION}). */
        private static CompressionType compressionNamed(String name, String value) {
            for (CompressionType t : CompressionType.values()) {
                if (t.rocksName().equals(value) || t.name().equals(value)) return t;
            }
            throw new IllegalArgumentException(name + ": unknown compression " + value);
        }

        private static PrepopulateBlobCache prepopulateBlobCacheNamed(String name, String value) {
            for (PrepopulateBlobCache p : PrepopulateBlobCache.values()) {
                if (p.rocksName().equals(value) || p.name().equals(value)) return p;
            }
            throw new IllegalArgumentException(name + ": unknown value " + value);
        }

        /**
         * The applier of an unsigned 64-bit option: a value past {@code Long.MAX_VALUE} in one of
         * RocksDB's spellings is kept as text, any other goes through the typed setter.
         */
        private static MutableOptionText.Applier<MutableColumnFamilyOptionsBuilder> unsigned(ObjLongConsumer<MutableColumnFamilyOptionsBuilder> setter) {
            return MutableOptionText.unsigned(setter, (b, n, v) -> b.options.setRawColumnFamilyOption(n, v));
        }

        static {
            Map<String, MutableOptionText.Applier<MutableColumnFamilyOptionsBuilder>> m = new LinkedHashMap<>();
            m.put("write_buffer_size", unsigned(MutableColumnFamilyOptionsBuilder::setWriteBufferSize));
            m.put("arena_block_size", unsigned(MutableColumnFamilyOptionsBuilder::setArenaBlockSize));
            m.put("memtable_prefix_bloom_size_ratio", MutableOptionText.decimal(MutableColumnFamilyOptionsBuilder::setMemtablePrefixBloomSizeRatio));
            m.put("memtable_whole_key_filtering", MutableOptionText.bool(MutableColumnFamilyOptionsBuilder::setMemtableWholeKeyFiltering));
            m.put("memtable_huge_page_size", unsigned(MutableColumnFamilyOptionsBuilder::setMemtableHugePageSize));
            m.put("max_successive_merges", unsigned(MutableColumnFamilyOptionsBuilder::setMaxSuccessiveMerges));
            m.put("max_write_buffer_number", MutableOptionText.integer(MutableColumnFamilyOptionsBuilder::setMaxWriteBufferNumber));
            m.put("inplace_update_num_locks", unsigned(MutableColumnFamilyOptionsBuilder::setInplaceUpdateNumLocks));
            m.put("experimental_mempurge_threshold", MutableOptionText.decimal(MutableColumnFamilyOptionsBuilder::setExperimentalMempurgeThreshold));
            m.put("disable_auto_compactions", MutableOptionText.bool(MutableColumnFamilyOptionsBuilder::setDisableAutoCompactions));
            m.put("soft_pending_compaction_bytes_limit", unsigned(MutableColumnFamilyOptionsBuilder::setSoftPendingCompactionBytesLimit));
            m.put("hard_pending_compaction_bytes_limit", unsigned(MutableColumnFamilyOptionsBuilder::setHardPendingCompactionBytesLimit));
            m.put("level0_file_num_compaction_trigger", MutableOptionText.integer(
                    MutableColumnFamilyOptionsBuilder::setLevel0FileNumCompactionTrigger));
            m.put("level0_slowdown_writes_trigger", MutableOptionText.integer(MutableColumnFamilyOptionsBuilder::setLevel0SlowdownWritesTrigger));
            m.put("level0_stop_writes_trigger", MutableOptionText.integer(MutableColumnFamilyOptionsBuilder::setLevel0StopWritesTrigger));
            m.put("max_compaction_bytes", unsigned(MutableColumnFamilyOptionsBuilder::setMaxCompactionBytes));
            m.put("target_file_size_base", unsigned(MutableColumnFamilyOptionsBuilder::setTargetFileSizeBase));
            m.put("target_file_size_multiplier", MutableOptionText.integer(MutableColumnFamilyOptionsBuilder::setTargetFileSizeMultiplier));
            m.put("max_bytes_for_level_base", unsigned(MutableColumnFamilyOptionsBuilder::setMaxBytesForLevelBase));
            m.put("max_bytes_for_level_multiplier", MutableOptionText.decimal(MutableColumnFamilyOptionsBuilder::setMaxBytesForLevelMultiplier));
            m.put("max_bytes_for_level_multiplier_additional", (b, n, v) -> b.setMaxBytesForLevelMultiplierAdditional(MutableOptionText.intArray(n,
                    v)));
            m.put("ttl", unsigned(MutableColumnFamilyOptionsBuilder::setTtl));
            m.put("periodic_compaction_seconds", unsigned(MutableColumnFamilyOptionsBuilder::setPeriodicCompactionSeconds));
            m.put("enable_blob_files", MutableOptionText.bool(MutableColumnFamilyOptionsBuilder::setEnableBlobFiles));
            m.put("min_blob_size", unsigned(MutableColumnFamilyOptionsBuilder::setMinBlobSize));
            m.put("blob_file_size", unsigned(MutableColumnFamilyOptionsBuilder::setBlobFileSize));
            m.put("blob_compression_type", (b, n, v) -> b.setBlobCompressionType(compressionNamed(n, v)));
            m.put("enable_blob_garbage_collection", MutableOptionText.bool(MutableColumnFamilyOptionsBuilder::setEnableBlobGarbageCollection));
            m.put("blob_garbage_collection_age_cutoff", MutableOptionText.decimal(
                    MutableColumnFamilyOptionsBuilder::setBlobGarbageCollectionAgeCutoff));
            m.put("blob_garbage_collection_force_threshold", MutableOptionText.decimal(
                    MutableColumnFamilyOptionsBuilder::setBlobGarbageCollectionForceThreshold));
            m.put("blob_compaction_readahead_size", unsigned(MutableColumnFamilyOptionsBuilder::setBlobCompactionReadaheadSize));
            m.put("blob_file_starting_level", MutableOptionText.integer(MutableColumnFamilyOptionsBuilder::setBlobFileStartingLevel));
            m.put("prepopulate_blob_cache", (b, n, v) -> b.setPrepopulateBlobCache(prepopulateBlobCacheNamed(n, v)));
            m.put("max_sequential_skip_in_iterations", unsigned(MutableColumnFamilyOptionsBuilder::setMaxSequentialSkipInIterations));
            m.put("paranoid_file_checks", MutableOptionText.bool(MutableColumnFamilyOptionsBuilder::setParanoidFileChecks));
            m.put("report_bg_io_stats", MutableOptionText.bool(MutableColumnFamilyOptionsBuilder::setReportBgIoStats));
            m.put("compression", (b, n, v) -> b.setCompressionType(compressionNamed(n, v)));
            m.put("min_tombstones_for_range_conversion",
                    MutableOptionText.integer(MutableColumnFamilyOptionsBuilder::setMinTombstonesForRangeConversion));
            m.put("read_triggered_compaction_threshold",
                    MutableOptionText.decimal(MutableColumnFamilyOptionsBuilder::setReadTriggeredCompactionThreshold));
            APPLIERS = Map.copyOf(m);
        }

        /**
         * Sets {@code write_buffer_size}: the memtable size in bytes; checked as {@link ColumnFamilyOptions#setWriteBufferSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setWriteBufferSize(long value) {
            options.setWriteBufferSize(value);
            return this;
        }

        /**
         * The value set for {@code write_buffer_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long writeBufferSize() {
            return require("write_buffer_size").writeBufferSize();
        }

        /**
         * Sets {@code arena_block_size}: the arena block size in bytes; checked as {@link ColumnFamilyOptions#setArenaBlockSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setArenaBlockSize(long value) {
            options.setArenaBlockSize(value);
            return this;
        }

        /**
         * The value set for {@code arena_block_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long arenaBlockSize() {
            return require("arena_block_size").arenaBlockSize();
        }

        /**
         * Sets {@code memtable_prefix_bloom_size_ratio}: the memtable Bloom filter's size as a fraction of the memtable; checked as {@link ColumnFamilyOptions#setMemtablePrefixBloomSizeRatio}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMemtablePrefixBloomSizeRatio(double value) {
            options.setMemtablePrefixBloomSizeRatio(value);
            return this;
        }

        /**
         * The value set for {@code memtable_prefix_bloom_size_ratio}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public double memtablePrefixBloomSizeRatio() {
            return require("memtable_prefix_bloom_size_ratio").memtablePrefixBloomSizeRatio();
        }

        /**
         * Sets {@code memtable_whole_key_filtering}: whether the memtable Bloom filter holds whole keys; checked as {@link ColumnFamilyOptions#setMemtableWholeKeyFiltering}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMemtableWholeKeyFiltering(boolean value) {
            options.setMemtableWholeKeyFiltering(value);
            return this;
        }

        /**
         * The value set for {@code memtable_whole_key_filtering}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean memtableWholeKeyFiltering() {
            return require("memtable_whole_key_filtering").memtableWholeKeyFiltering();
        }

        /**
         * Sets {@code memtable_huge_page_size}: the page size of memtable allocations, 0 for none; checked as {@link ColumnFamilyOptions#setMemtableHugePageSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMemtableHugePageSize(long value) {
            options.setMemtableHugePageSize(value);
            return this;
        }

        /**
         * The value set for {@code memtable_huge_page_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long memtableHugePageSize() {
            return require("memtable_huge_page_size").memtableHugePageSize();
        }

        /**
         * Sets {@code max_successive_merges}: merge operands of a key after which a read merges them in the memtable; checked as {@link ColumnFamilyOptions#setMaxSuccessiveMerges}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMaxSuccessiveMerges(long value) {
            options.setMaxSuccessiveMerges(value);
            return this;
        }

        /**
         * The value set for {@code max_successive_merges}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long maxSuccessiveMerges() {
            return require("max_successive_merges").maxSuccessiveMerges();
        }

        /**
         * Sets {@code max_write_buffer_number}: the memtables kept in memory; checked as {@link ColumnFamilyOptions#setMaxWriteBufferNumber}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMaxWriteBufferNumber(int value) {
            options.setMaxWriteBufferNumber(value);
            return this;
        }

        /**
         * The value set for {@code max_write_buffer_number}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int maxWriteBufferNumber() {
            return require("max_write_buffer_number").maxWriteBufferNumber();
        }

        /**
         * Sets {@code inplace_update_num_locks}: the locks of in-place updates; checked as {@link ColumnFamilyOptions#setInplaceUpdateNumLocks}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setInplaceUpdateNumLocks(long value) {
            options.setInplaceUpdateNumLocks(value);
            return this;
        }

        /**
         * The value set for {@code inplace_update_num_locks}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long inplaceUpdateNumLocks() {
            return require("inplace_update_num_locks").inplaceUpdateNumLocks();
        }

        /**
         * Sets {@code min_tombstones_for_range_conversion}; checked as {@link ColumnFamilyOptions#setMinTombstonesForRangeConversion}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws UnsupportedOperationException on an engine older than RocksDB 11
         */
        public MutableColumnFamilyOptionsBuilder setMinTombstonesForRangeConversion(int value) {
            options.setMinTombstonesForRangeConversion(value);
            return this;
        }

        /**
         * The value set for {@code min_tombstones_for_range_conversion}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int minTombstonesForRangeConversion() {
            return require("min_tombstones_for_range_conversion").minTombstonesForRangeConversion();
        }

        /**
         * Sets {@code read_triggered_compaction_threshold}; checked as {@link ColumnFamilyOptions#setReadTriggeredCompactionThreshold}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws UnsupportedOperationException on an engine older than RocksDB 11
         */
        public MutableColumnFamilyOptionsBuilder setReadTriggeredCompactionThreshold(double value) {
            options.setReadTriggeredCompactionThreshold(value);
            return this;
        }

        /**
         * The value set for {@code read_triggered_compaction_threshold}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public double readTriggeredCompactionThreshold() {
            return require("read_triggered_compaction_threshold").readTriggeredCompactionThreshold();
        }

        /**
         * Sets {@code experimental_mempurge_threshold}: the memtable garbage ratio that makes a flush purge in memory; checked as {@link ColumnFamilyOptions#setExperimentalMempurgeThreshold}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setExperimentalMempurgeThreshold(double value) {
            options.setExperimentalMempurgeThreshold(value);
            return this;
        }

        /**
         * The value set for {@code experimental_mempurge_threshold}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public double experimentalMempurgeThreshold() {
            return require("experimental_mempurge_threshold").experimentalMempurgeThreshold();
        }

        /**
         * Sets {@code disable_auto_compactions}: whether automatic compactions are off; checked as {@link ColumnFamilyOptions#setDisableAutoCompactions}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setDisableAutoCompactions(boolean value) {
            options.setDisableAutoCompactions(value);
            return this;
        }

        /**
         * The value set for {@code disable_auto_compactions}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean disableAutoCompactions() {
            return require("disable_auto_compactions").disableAutoCompactions();
        }

        /**
         * Sets {@code soft_pending_compaction_bytes_limit}: pending compaction bytes that slow writes down; checked as {@link ColumnFamilyOptions#setSoftPendingCompactionBytesLimit}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setSoftPendingCompactionBytesLimit(long value) {
            options.setSoftPendingCompactionBytesLimit(value);
            return this;
        }

        /**
         * The value set for {@code soft_pending_compaction_bytes_limit}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long softPendingCompactionBytesLimit() {
            return require("soft_pending_compaction_bytes_limit").softPendingCompactionBytesLimit();
        }

        /**
         * Sets {@code hard_pending_compaction_bytes_limit}: pending compaction bytes that stop writes; checked as {@link ColumnFamilyOptions#setHardPendingCompactionBytesLimit}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setHardPendingCompactionBytesLimit(long value) {
            options.setHardPendingCompactionBytesLimit(value);
            return this;
        }

        /**
         * The value set for {@code hard_pending_compaction_bytes_limit}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long hardPendingCompactionBytesLimit() {
            return require("hard_pending_compaction_bytes_limit").hardPendingCompactionBytesLimit();
        }

        /**
         * Sets {@code level0_file_num_compaction_trigger}: level-0 files that start a compaction; checked as {@link ColumnFamilyOptions#setLevel0FileNumCompactionTrigger}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setLevel0FileNumCompactionTrigger(int value) {
            options.setLevel0FileNumCompactionTrigger(value);
            return this;
        }

        /**
         * The value set for {@code level0_file_num_compaction_trigger}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int level0FileNumCompactionTrigger() {
            return require("level0_file_num_compaction_trigger").level0FileNumCompactionTrigger();
        }

        /**
         * Sets {@code level0_slowdown_writes_trigger}: level-0 files that slow writes down; checked as {@link ColumnFamilyOptions#setLevel0SlowdownWritesTrigger}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setLevel0SlowdownWritesTrigger(int value) {
            options.setLevel0SlowdownWritesTrigger(value);
            return this;
        }

        /**
         * The value set for {@code level0_slowdown_writes_trigger}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int level0SlowdownWritesTrigger() {
            return require("level0_slowdown_writes_trigger").level0SlowdownWritesTrigger();
        }

        /**
         * Sets {@code level0_stop_writes_trigger}: level-0 files that stop writes; checked as {@link ColumnFamilyOptions#setLevel0StopWritesTrigger}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setLevel0StopWritesTrigger(int value) {
            options.setLevel0StopWritesTrigger(value);
            return this;
        }

        /**
         * The value set for {@code level0_stop_writes_trigger}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int level0StopWritesTrigger() {
            return require("level0_stop_writes_trigger").level0StopWritesTrigger();
        }

        /**
         * Sets {@code max_compaction_bytes}: the bytes one compaction may take; checked as {@link ColumnFamilyOptions#setMaxCompactionBytes}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMaxCompactionBytes(long value) {
            options.setMaxCompactionBytes(value);
            return this;
        }

        /**
         * The value set for {@code max_compaction_bytes}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long maxCompactionBytes() {
            return require("max_compaction_bytes").maxCompactionBytes();
        }

        /**
         * Sets {@code target_file_size_base}: the target file size of level 1; checked as {@link ColumnFamilyOptions#setTargetFileSizeBase}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setTargetFileSizeBase(long value) {
            options.setTargetFileSizeBase(value);
            return this;
        }

        /**
         * The value set for {@code target_file_size_base}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long targetFileSizeBase() {
            return require("target_file_size_base").targetFileSizeBase();
        }

        /**
         * Sets {@code target_file_size_multiplier}: the target file size ratio between levels; checked as {@link ColumnFamilyOptions#setTargetFileSizeMultiplier}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setTargetFileSizeMultiplier(int value) {
            options.setTargetFileSizeMultiplier(value);
            return this;
        }

        /**
         * The value set for {@code target_file_size_multiplier}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int targetFileSizeMultiplier() {
            return require("target_file_size_multiplier").targetFileSizeMultiplier();
        }

        /**
         * Sets {@code max_bytes_for_level_base}: the target size of level 1; checked as {@link ColumnFamilyOptions#setMaxBytesForLevelBase}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMaxBytesForLevelBase(long value) {
            options.setMaxBytesForLevelBase(value);
            return this;
        }

        /**
         * The value set for {@code max_bytes_for_level_base}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long maxBytesForLevelBase() {
            return require("max_bytes_for_level_base").maxBytesForLevelBase();
        }

        /**
         * Sets {@code max_bytes_for_level_multiplier}: the target size ratio between levels; checked as {@link ColumnFamilyOptions#setMaxBytesForLevelMultiplier}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMaxBytesForLevelMultiplier(double value) {
            options.setMaxBytesForLevelMultiplier(value);
            return this;
        }

        /**
         * The value set for {@code max_bytes_for_level_multiplier}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public double maxBytesForLevelMultiplier() {
            return require("max_bytes_for_level_multiplier").maxBytesForLevelMultiplier();
        }

        /**
         * Sets {@code max_bytes_for_level_multiplier_additional}: extra multipliers per level; checked as {@link ColumnFamilyOptions#setMaxBytesForLevelMultiplierAdditional}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMaxBytesForLevelMultiplierAdditional(int[] value) {
            options.setMaxBytesForLevelMultiplierAdditional(value);
            return this;
        }

        /**
         * The value set for {@code max_bytes_for_level_multiplier_additional}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int[] maxBytesForLevelMultiplierAdditional() {
            return require("max_bytes_for_level_multiplier_additional").maxBytesForLevelMultiplierAdditional();
        }

        /**
         * Sets {@code ttl}: seconds after which data is compacted away; checked as {@link ColumnFamilyOptions#setTtl}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setTtl(long value) {
            options.setTtl(value);
            return this;
        }

        /**
         * The value set for {@code ttl}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long ttl() {
            return require("ttl").ttl();
        }

        /**
         * Sets {@code periodic_compaction_seconds}: seconds after which files are recompacted; checked as {@link ColumnFamilyOptions#setPeriodicCompactionSeconds}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setPeriodicCompactionSeconds(long value) {
            options.setPeriodicCompactionSeconds(value);
            return this;
        }

        /**
         * The value set for {@code periodic_compaction_seconds}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long periodicCompactionSeconds() {
            return require("periodic_compaction_seconds").periodicCompactionSeconds();
        }

        /**
         * Sets {@code enable_blob_files}: whether large values go to blob files; checked as {@link ColumnFamilyOptions#setEnableBlobFiles}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setEnableBlobFiles(boolean value) {
            options.setEnableBlobFiles(value);
            return this;
        }

        /**
         * The value set for {@code enable_blob_files}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean enableBlobFiles() {
            return require("enable_blob_files").enableBlobFiles();
        }

        /**
         * Sets {@code min_blob_size}: the smallest value put in a blob file; checked as {@link ColumnFamilyOptions#setMinBlobSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMinBlobSize(long value) {
            options.setMinBlobSize(value);
            return this;
        }

        /**
         * The value set for {@code min_blob_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long minBlobSize() {
            return require("min_blob_size").minBlobSize();
        }

        /**
         * Sets {@code blob_file_size}: the size of a blob file; checked as {@link ColumnFamilyOptions#setBlobFileSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setBlobFileSize(long value) {
            options.setBlobFileSize(value);
            return this;
        }

        /**
         * The value set for {@code blob_file_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long blobFileSize() {
            return require("blob_file_size").blobFileSize();
        }

        /**
         * Sets {@code blob_compression_type}: the compression of blob files; checked as {@link ColumnFamilyOptions#setBlobCompressionType}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setBlobCompressionType(CompressionType value) {
            options.setBlobCompressionType(value);
            return this;
        }

        /**
         * The value set for {@code blob_compression_type}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public CompressionType blobCompressionType() {
            return require("blob_compression_type").blobCompressionType();
        }

        /**
         * Sets {@code enable_blob_garbage_collection}: whether compactions collect blob garbage; checked as {@link ColumnFamilyOptions#setEnableBlobGarbageCollection}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setEnableBlobGarbageCollection(boolean value) {
            options.setEnableBlobGarbageCollection(value);
            return this;
        }

        /**
         * The value set for {@code enable_blob_garbage_collection}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean enableBlobGarbageCollection() {
            return require("enable_blob_garbage_collection").enableBlobGarbageCollection();
        }

        /**
         * Sets {@code blob_garbage_collection_age_cutoff}: the oldest fraction of blob files collected; checked as {@link ColumnFamilyOptions#setBlobGarbageCollectionAgeCutoff}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setBlobGarbageCollectionAgeCutoff(double value) {
            options.setBlobGarbageCollectionAgeCutoff(value);
            return this;
        }

        /**
         * The value set for {@code blob_garbage_collection_age_cutoff}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public double blobGarbageCollectionAgeCutoff() {
            return require("blob_garbage_collection_age_cutoff").blobGarbageCollectionAgeCutoff();
        }

        /**
         * Sets {@code blob_garbage_collection_force_threshold}: the garbage ratio that forces a compaction; checked as {@link ColumnFamilyOptions#setBlobGarbageCollectionForceThreshold}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setBlobGarbageCollectionForceThreshold(double value) {
            options.setBlobGarbageCollectionForceThreshold(value);
            return this;
        }

        /**
         * The value set for {@code blob_garbage_collection_force_threshold}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public double blobGarbageCollectionForceThreshold() {
            return require("blob_garbage_collection_force_threshold").blobGarbageCollectionForceThreshold();
        }

        /**
         * Sets {@code blob_compaction_readahead_size}: the readahead of compaction blob reads; checked as {@link ColumnFamilyOptions#setBlobCompactionReadaheadSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setBlobCompactionReadaheadSize(long value) {
            options.setBlobCompactionReadaheadSize(value);
            return this;
        }

        /**
         * The value set for {@code blob_compaction_readahead_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long blobCompactionReadaheadSize() {
            return require("blob_compaction_readahead_size").blobCompactionReadaheadSize();
        }

        /**
         * Sets {@code blob_file_starting_level}: the first level that writes blob files; checked as {@link ColumnFamilyOptions#setBlobFileStartingLevel}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setBlobFileStartingLevel(int value) {
            options.setBlobFileStartingLevel(value);
            return this;
        }

        /**
         * The value set for {@code blob_file_starting_level}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int blobFileStartingLevel() {
            return require("blob_file_starting_level").blobFileStartingLevel();
        }

        /**
         * Sets {@code prepopulate_blob_cache}: whether flushes fill the blob cache; checked as {@link ColumnFamilyOptions#setPrepopulateBlobCache}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setPrepopulateBlobCache(PrepopulateBlobCache value) {
            options.setPrepopulateBlobCache(value);
            return this;
        }

        /**
         * The value set for {@code prepopulate_blob_cache}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public PrepopulateBlobCache prepopulateBlobCache() {
            return require("prepopulate_blob_cache").prepopulateBlobCache();
        }

        /**
         * Sets {@code max_sequential_skip_in_iterations}: entries skipped before an iterator seeks; checked as {@link ColumnFamilyOptions#setMaxSequentialSkipInIterations}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setMaxSequentialSkipInIterations(long value) {
            options.setMaxSequentialSkipInIterations(value);
            return this;
        }

        /**
         * The value set for {@code max_sequential_skip_in_iterations}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long maxSequentialSkipInIterations() {
            return require("max_sequential_skip_in_iterations").maxSequentialSkipInIterations();
        }

        /**
         * Sets {@code paranoid_file_checks}: whether every written file is read back; checked as {@link ColumnFamilyOptions#setParanoidFileChecks}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setParanoidFileChecks(boolean value) {
            options.setParanoidFileChecks(value);
            return this;
        }

        /**
         * The value set for {@code paranoid_file_checks}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean paranoidFileChecks() {
            return require("paranoid_file_checks").paranoidFileChecks();
        }

        /**
         * Sets {@code report_bg_io_stats}: whether background I/O is measured; checked as {@link ColumnFamilyOptions#setReportBgIoStats}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setReportBgIoStats(boolean value) {
            options.setReportBgIoStats(value);
            return this;
        }

        /**
         * The value set for {@code report_bg_io_stats}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean reportBgIoStats() {
            return require("report_bg_io_stats").reportBgIoStats();
        }

        /**
         * Sets {@code compression}: the compression of every level; checked as {@link ColumnFamilyOptions#setCompressionType}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableColumnFamilyOptionsBuilder setCompressionType(CompressionType value) {
            options.setCompressionType(value);
            return this;
        }

        /**
         * The value set for {@code compression}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public CompressionType compressionType() {
            return require("compression").compressionType();
        }
    }
}
