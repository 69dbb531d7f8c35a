package io.panrocks;

import java.util.Map;

/**
 * Settings of FIFO compaction ({@link CompactionStyle#FIFO}), as RocksJava's
 * {@code CompactionOptionsFIFO}: set with
 * {@link ColumnFamilyOptionsInterface#setCompactionOptionsFIFO} (RocksDB's
 * {@code compaction_options_fifo}). A plain Java value with RocksDB's
 * defaults; no native memory, {@code close()} does nothing.
 */
public final class CompactionOptionsFIFO implements AutoCloseable {
    private long maxTableFilesSize = 1L << 30;
    private boolean allowCompaction = false;

    /** RocksDB's defaults (1 GiB, no intra-L0 compaction). */
    public CompactionOptionsFIFO() {
    }

    /**
     * Size of the family's files beyond which the oldest are deleted (default 1 GiB).
     *
     * @param maxTableFilesSize bytes, {@code >= 1}
     * @return this
     * @throws IllegalArgumentException if below 1
     */
    public CompactionOptionsFIFO setMaxTableFilesSize(long maxTableFilesSize) {
        this.maxTableFilesSize = OptionValues.requireAtLeast(maxTableFilesSize, 1, "maxTableFilesSize");
        return this;
    }

    /**
     * The value set with {@link #setMaxTableFilesSize}.
     *
     * @return bytes (1 GiB unless set)
     */
    public long maxTableFilesSize() {
        return maxTableFilesSize;
    }

    /**
     * Whether small level-0 files are compacted together (default false).
     *
     * @param allowCompaction the value
     * @return this
     */
    public CompactionOptionsFIFO setAllowCompaction(boolean allowCompaction) {
        this.allowCompaction = allowCompaction;
        return this;
    }

    /**
     * The value set with {@link #setAllowCompaction}.
     *
     * @return the value (false unless set)
     */
    public boolean allowCompaction() {
        return allowCompaction;
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    /** RocksDB's nested option value. */
    String optionValue() {
        return "{max_table_files_size=" + maxTableFilesSize + ";allow_compaction=" + allowCompaction + "}";
    }

    /** Reads a nested value RocksDB (or {@link #optionValue}) wrote; fields it does not name keep their defaults. */
    static CompactionOptionsFIFO fromOptionValue(String value) {
        Map<String, String> m = OptionDefaults.parse(value.replaceAll("^\\{|\\}$", ""));
        CompactionOptionsFIFO o = new CompactionOptionsFIFO();
        if (m.containsKey("max_table_files_size")) o.maxTableFilesSize = OptionDefaults.number(m.get("max_table_files_size"));
        if (m.containsKey("allow_compaction")) o.allowCompaction = OptionDefaults.bool(m.get("allow_compaction"));
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
