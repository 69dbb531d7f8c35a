package io.panrocks;

import io.panrocks.internal.options.OptionDefaults;
import io.panrocks.internal.options.OptionValues;

import java.util.Map;

/**
 * Settings of universal compaction ({@link CompactionStyle#UNIVERSAL}), as
 * RocksJava's {@code CompactionOptionsUniversal}: set with
 * {@link ColumnFamilyOptionsInterface#setCompactionOptionsUniversal}
 * (RocksDB's {@code compaction_options_universal}). A plain Java value with
 * RocksDB's defaults; each setter checks its value at once. No native
 * memory; {@code close()} does nothing.
 */
public final class CompactionOptionsUniversal extends CompactionOptionsUniversalFields implements AutoCloseable {
    private int maxMergeWidth = -1; // UINT_MAX, as RocksJava reads it
    private int maxSizeAmplificationPercent = 200;

    /** RocksDB's defaults. */
    public CompactionOptionsUniversal() {
    }

    /**
     * Most files merged in one compaction (default: no limit, which reads as -1).
     *
     * @param maxMergeWidth files, {@code >= 2}
     * @return this
     * @throws IllegalArgumentException if below 2
     */
    public CompactionOptionsUniversal setMaxMergeWidth(int maxMergeWidth) {
        this.maxMergeWidth = (int) OptionValues.requireAtLeast(maxMergeWidth, 2, "maxMergeWidth");
        return this;
    }

    /**
     * The value set with {@link #setMaxMergeWidth}.
     *
     * @return files, or -1 for no limit (RocksDB's UINT_MAX)
     */
    public int maxMergeWidth() {
        return maxMergeWidth;
    }

    /**
     * Space amplification, in percent, that triggers a full compaction (default 200).
     *
     * @param maxSizeAmplificationPercent a percentage, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public CompactionOptionsUniversal setMaxSizeAmplificationPercent(int maxSizeAmplificationPercent) {
        this.maxSizeAmplificationPercent = (int) OptionValues.requireAtLeast(maxSizeAmplificationPercent, 0,
                "maxSizeAmplificationPercent");
        return this;
    }

    /**
     * The value set with {@link #setMaxSizeAmplificationPercent}.
     *
     * @return the percentage (200 unless set)
     */
    public int maxSizeAmplificationPercent() {
        return maxSizeAmplificationPercent;
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    /** RocksDB's nested option value. */
    String optionValue() {
        return "{size_ratio=" + sizeRatio + ";min_merge_width=" + minMergeWidth + ";max_merge_width="
                + Integer.toUnsignedString(maxMergeWidth) + ";max_size_amplification_percent=" + maxSizeAmplificationPercent
                + ";compression_size_percent=" + compressionSizePercent + ";stop_style=" + stopStyle.rocksName()
                + ";allow_trivial_move=" + allowTrivialMove + "}";
    }

    /** Reads a nested value RocksDB (or {@link #optionValue}) wrote; fields it does not name keep their defaults. */
    static CompactionOptionsUniversal fromOptionValue(String value) {
        Map<String, String> m = OptionDefaults.parse(value.replaceAll("^\\{|\\}$", ""));
        CompactionOptionsUniversal o = new CompactionOptionsUniversal();
        // assigned directly: the engine's values, checked when they were set
        if (m.containsKey("size_ratio")) o.sizeRatio = OptionDefaults.integer(m.get("size_ratio"));
        if (m.containsKey("min_merge_width")) o.minMergeWidth = OptionDefaults.integer(m.get("min_merge_width"));
        if (m.containsKey("max_merge_width")) o.maxMergeWidth = OptionDefaults.integer(m.get("max_merge_width"));
        if (m.containsKey("max_size_amplification_percent")) {
            o.maxSizeAmplificationPercent = OptionDefaults.integer(m.get("max_size_amplification_percent"));
        }
        if (m.containsKey("compression_size_percent")) {
            o.compressionSizePercent = OptionDefaults.integer(m.get("compression_size_percent"));
        }
        if (m.containsKey("stop_style")) o.stopStyle = CompactionStopStyle.fromRocksName(m.get("stop_style"));
        if (m.containsKey("allow_trivial_move")) o.allowTrivialMove = OptionDefaults.bool(m.get("allow_trivial_move"));
        return o;
    }

    /**
     * Whether {@code other} is a {@code CompactionOptionsUniversal} holding the same settings.
     * A getter such as {@code ColumnFamilyOptions}' returns a new object
     * read from the options (RocksJava's returns the object that was set), so
     * equality is by value; a changed setting changes it (and the hash code).
     *
     * @param other the object to compare with
     * @return true when every setting is the same
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof CompactionOptionsUniversal o && optionValue().equals(o.optionValue());
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
        return "CompactionOptionsUniversal" + optionValue();
    }
}
