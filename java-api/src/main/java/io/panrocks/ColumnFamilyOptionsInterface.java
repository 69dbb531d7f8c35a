package io.panrocks;

import java.util.List;
import java.util.StringJoiner;

/**
 * The options of one column family, shared by {@link ColumnFamilyOptions}
 * and {@link Options}, with RocksJava's names. Each setter checks its value
 * at once and throws an {@link IllegalArgumentException} naming the option.
 */
public interface ColumnFamilyOptionsInterface<T extends ColumnFamilyOptionsInterface<T>> {

    /**
     * Sets any ColumnFamilyOptions field by its RocksDB option-string name,
     * for options panrocks has no setter for; RocksDB checks it at open.
     */
    T setRawColumnFamilyOption(String name, String value);

    /** A value set earlier by a setter or {@link #setRawColumnFamilyOption}, or null. */
    String rawColumnFamilyOption(String name);

    /** Options of the block-based SST format, including the block cache. */
    T setTableFormatConfig(BlockBasedTableConfig config);

    BlockBasedTableConfig tableFormatConfig();

    /** Memtable size before it is flushed (default 64 MiB; at most 64 GiB, where RocksDB clamps it). */
    default T setWriteBufferSize(long bytes) {
        return setRawColumnFamilyOption("write_buffer_size", Long.toString(bytes));
    }

    default long writeBufferSize() {
        String v = rawColumnFamilyOption("write_buffer_size");
        return v == null ? 64L << 20 : Long.parseLong(v);
    }

    /** Memtables kept in memory, the one being written included (default 2). */
    default T setMaxWriteBufferNumber(int count) {
        OptionValues.requireAtLeast(count, 1, "maxWriteBufferNumber");
        return setRawColumnFamilyOption("max_write_buffer_number", Integer.toString(count));
    }

    default T setMinWriteBufferNumberToMerge(int count) {
        OptionValues.requireAtLeast(count, 1, "minWriteBufferNumberToMerge");
        return setRawColumnFamilyOption("min_write_buffer_number_to_merge", Integer.toString(count));
    }

    /** Compression of every level, unless {@link #setCompressionPerLevel} says otherwise. */
    default T setCompressionType(CompressionType type) {
        if (type == null || type == CompressionType.DISABLE_COMPRESSION_OPTION) {
            throw new IllegalArgumentException("compressionType must be a real compression, was " + type);
        }
        return setRawColumnFamilyOption("compression", type.rocksName());
    }

    /** Compression of the last level; DISABLE_COMPRESSION_OPTION follows the other settings. */
    default T setBottommostCompressionType(CompressionType type) {
        if (type == null) throw new IllegalArgumentException("bottommostCompressionType must not be null");
        return setRawColumnFamilyOption("bottommost_compression", type.rocksName());
    }

    /** Compression of each level, level 0 first; the last entry covers the deeper levels. */
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

    default T setNumLevels(int levels) {
        if (levels < 1 || levels > 64) throw new IllegalArgumentException("numLevels must be in [1, 64], was " + levels);
        return setRawColumnFamilyOption("num_levels", Integer.toString(levels));
    }

    default T setLevel0FileNumCompactionTrigger(int files) {
        OptionValues.requireAtLeast(files, 1, "level0FileNumCompactionTrigger");
        return setRawColumnFamilyOption("level0_file_num_compaction_trigger", Integer.toString(files));
    }

    default T setLevel0SlowdownWritesTrigger(int files) {
        OptionValues.requireAtLeast(files, 1, "level0SlowdownWritesTrigger");
        return setRawColumnFamilyOption("level0_slowdown_writes_trigger", Integer.toString(files));
    }

    default T setLevel0StopWritesTrigger(int files) {
        OptionValues.requireAtLeast(files, 1, "level0StopWritesTrigger");
        return setRawColumnFamilyOption("level0_stop_writes_trigger", Integer.toString(files));
    }

    /** Target size of level 1 (default 256 MiB). */
    default T setMaxBytesForLevelBase(long bytes) {
        OptionValues.requireAtLeast(bytes, 1, "maxBytesForLevelBase");
        return setRawColumnFamilyOption("max_bytes_for_level_base", Long.toString(bytes));
    }

    default T setMaxBytesForLevelMultiplier(double multiplier) {
        OptionValues.requireNormal(multiplier, 1e6, "maxBytesForLevelMultiplier");
        return setRawColumnFamilyOption("max_bytes_for_level_multiplier", Double.toString(multiplier));
    }

    default T setTargetFileSizeBase(long bytes) {
        OptionValues.requireAtLeast(bytes, 1, "targetFileSizeBase");
        return setRawColumnFamilyOption("target_file_size_base", Long.toString(bytes));
    }

    default T setTargetFileSizeMultiplier(int multiplier) {
        OptionValues.requireAtLeast(multiplier, 1, "targetFileSizeMultiplier");
        return setRawColumnFamilyOption("target_file_size_multiplier", Integer.toString(multiplier));
    }

    default T setLevelCompactionDynamicLevelBytes(boolean dynamic) {
        return setRawColumnFamilyOption("level_compaction_dynamic_level_bytes", Boolean.toString(dynamic));
    }

    default T setDisableAutoCompactions(boolean disable) {
        return setRawColumnFamilyOption("disable_auto_compactions", Boolean.toString(disable));
    }

    /** Prefix seek and prefix bloom filters on the first {@code length} bytes of each key. */
    default T useFixedLengthPrefixExtractor(int length) {
        OptionValues.requireAtLeast(length, 1, "prefixExtractor length");
        return setRawColumnFamilyOption("prefix_extractor", "rocksdb.FixedPrefix." + length);
    }

    /** As fixed-length, but keys shorter than {@code length} are their own prefix. */
    default T useCappedPrefixExtractor(int length) {
        OptionValues.requireAtLeast(length, 1, "prefixExtractor length");
        return setRawColumnFamilyOption("prefix_extractor", "rocksdb.CappedPrefix." + length);
    }

    default T setMergeOperator(MergeOperator operator) {
        if (operator == null) throw new IllegalArgumentException("mergeOperator must not be null");
        if (operator instanceof AbstractMergeOperator || operator instanceof AssociativeMergeOperator) {
            return setJavaCallback("merge_operator", operator); // callbacks (issue 14)
        }
        return setRawColumnFamilyOption("merge_operator", operator.optionValue());
    }

    /** A built-in merge operator by RocksDB's name: "uint64add", "stringappend" or "max". */
    default T setMergeOperatorName(String name) {
        if (name == null) throw new IllegalArgumentException("mergeOperator name must not be null");
        return setMergeOperator(MergeOperator.named(name));
    }

    // ---- callbacks (issue 14): comparators, merge operators and compaction filters in Java ----

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
        return CallbackOptions.ofFamily(this).comparator;
    }

    /**
     * The merge operator set: a Java one, or a built-in one set by
     * {@link #setMergeOperator} or {@link #setMergeOperatorName}.
     *
     * @return the operator, or null if none (or one set as a raw option
     *         panrocks does not know)
     */
    default MergeOperator mergeOperator() {
        MergeOperator java = CallbackOptions.ofFamily(this).mergeOperator;
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
        CallbackOptions c = CallbackOptions.ofFamily(this);
        c.compactionFilterFactory = null;
        CallbackOptions.familyValues(this).remove("compaction_filter_factory");
        return setJavaCallback("compaction_filter", filter);
    }

    /**
     * The filter set by {@link #setCompactionFilter}.
     *
     * @return the filter, or null
     */
    default AbstractCompactionFilter compactionFilter() {
        return CallbackOptions.ofFamily(this).compactionFilter;
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
        CallbackOptions c = CallbackOptions.ofFamily(this);
        c.compactionFilter = null;
        CallbackOptions.familyValues(this).remove("compaction_filter");
        return setJavaCallback("compaction_filter_factory", factory);
    }

    /**
     * The factory set by {@link #setCompactionFilterFactory}.
     *
     * @return the factory, or null
     */
    default AbstractCompactionFilterFactory<?> compactionFilterFactory() {
        return CallbackOptions.ofFamily(this).compactionFilterFactory;
    }

    /** Keeps a Java callback for option name, replacing a raw value of that option. */
    @SuppressWarnings("unchecked")
    private T setJavaCallback(String option, Object callback) {
        CallbackOptions c = CallbackOptions.ofFamily(this);
        CallbackOptions.familyValues(this).remove(option);
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
}
