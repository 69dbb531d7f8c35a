package io.panrocks;

import io.panrocks.internal.options.OptionDefaults;
import io.panrocks.internal.options.OptionValues;

import java.util.Map;

/**
 * Settings of FIFO compaction ({@link CompactionStyle#FIFO}), as RocksJava's
 * {@code CompactionOptionsFIFO}: set with
 * {@link ColumnFamilyOptionsInterface#setCompactionOptionsFIFO} (RocksDB's
 * {@code compaction_options_fifo}). A plain Java value with RocksDB's
 * defaults; no native memory, {@code close()} does nothing.
 */
public final class CompactionOptionsFIFO extends CompactionOptionsFIFOFields implements AutoCloseable {
    private long maxDataFilesSize = 0;
    private boolean useKvRatioCompaction = false;

    /** RocksDB's defaults (1 GiB, no intra-L0 compaction). */
    public CompactionOptionsFIFO() {
    }

    /** Refuses a field of the nested option that the running engine's FIFO options do not have. */
    private static void requireKnown(String field, String setter) {
        String nested = OptionDefaults.columnFamily().getOrDefault("compaction_options_fifo", "{}");
        OptionDefaults.requireKnown(OptionDefaults.parse(nested.replaceAll("^\\{|\\}$", "")), field, setter);
    }

    /**
     * The size of SST and blob files together beyond which the oldest files
     * are deleted ({@code max_data_files_size}, RocksDB 11); 0 (default):
     * {@link #maxTableFilesSize()} alone decides, on SST files only.
     *
     * @param maxDataFilesSize bytes, 0 for off; not negative
     * @return this
     * @throws IllegalArgumentException if negative
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public CompactionOptionsFIFO setMaxDataFilesSize(long maxDataFilesSize) {
        OptionValues.requireAtLeast(maxDataFilesSize, 0, "maxDataFilesSize");
        requireKnown("max_data_files_size", "setMaxDataFilesSize");
        this.maxDataFilesSize = maxDataFilesSize;
        return this;
    }

    /**
     * The value set with {@link #setMaxDataFilesSize}.
     *
     * @return bytes (0, off, unless set)
     */
    public long maxDataFilesSize() {
        return maxDataFilesSize;
    }

    /**
     * Compact level-0 files together to a size derived from the capacity and
     * the observed ratio of key to value sizes ({@code use_kv_ratio_compaction},
     * RocksDB 11, default false); needs {@link #setMaxDataFilesSize} above 0.
     *
     * @param useKvRatioCompaction the value
     * @return this
     * @throws UnsupportedOperationException on an engine older than RocksDB 11
     */
    public CompactionOptionsFIFO setUseKvRatioCompaction(boolean useKvRatioCompaction) {
        requireKnown("use_kv_ratio_compaction", "setUseKvRatioCompaction");
        this.useKvRatioCompaction = useKvRatioCompaction;
        return this;
    }

    /**
     * The value set with {@link #setUseKvRatioCompaction}.
     *
     * @return the value (false unless set)
     */
    public boolean useKvRatioCompaction() {
        return useKvRatioCompaction;
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    /** RocksDB's nested option value. */
    String optionValue() {
        // RocksDB 11's fields only when set: an older engine refuses names it does not know
        return "{max_table_files_size=" + maxTableFilesSize + ";allow_compaction=" + allowCompaction
                + (maxDataFilesSize != 0 ? ";max_data_files_size=" + maxDataFilesSize : "")
                + (useKvRatioCompaction ? ";use_kv_ratio_compaction=true" : "") + "}";
    }

    /** Reads a nested value RocksDB (or {@link #optionValue}) wrote; fields it does not name keep their defaults. */
    static CompactionOptionsFIFO fromOptionValue(String value) {
        Map<String, String> m = OptionDefaults.parse(value.replaceAll("^\\{|\\}$", ""));
        CompactionOptionsFIFO o = new CompactionOptionsFIFO();
        if (m.containsKey("max_table_files_size")) o.maxTableFilesSize = OptionDefaults.number(m.get("max_table_files_size"));
        if (m.containsKey("allow_compaction")) o.allowCompaction = OptionDefaults.bool(m.get("allow_compaction"));
        if (m.containsKey("max_data_files_size")) o.maxDataFilesSize = OptionDefaults.number(m.get("max_data_files_size"));
        if (m.containsKey("use_kv_ratio_compaction")) {
            o.useKvRatioCompaction = OptionDefaults.bool(m.get("use_kv_ratio_compaction"));
        }
        return o;
    }

    /**
     * Whether {@code other} is a {@code CompactionOptionsFIFO} holding the same settings.
     * A getter such as {@code ColumnFamilyOptions}' returns a new object
     * read from the options (RocksJava's returns the object that was set), so
     * equality is by value; a changed setting changes it (and the hash code).
     *
     * @param other the object to compare with
     * @return true when every setting is the same
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof CompactionOptionsFIFO o && optionValue().equals(o.optionValue());
    }

    /**
     * A hash code of the settings, consistent with {@link #equals}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return optionValue().hashCode();
    }

    @Override
    public String toString() {
        return "CompactionOptionsFIFO" + optionValue();
    }
}
