package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_compact_range_options;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Options of a manual compaction,
 * {@link RocksDB#compactRange(ColumnFamilyHandle, byte[], byte[], CompactRangeOptions)},
 * as RocksJava's {@code CompactRangeOptions}. Defaults are the engine's
 * (read from it when the object is made). A plain Java value: it owns no
 * native memory ({@code close()} does nothing).
 */
public final class CompactRangeOptions implements AutoCloseable {
    /** Largest {@link #setMaxSubcompactions}: each subcompaction may run on a thread of its own. */
    public static final int MAX_SUBCOMPACTIONS = 1024;

    /** What happens to the last level, as RocksDB's {@code BottommostLevelCompaction}. */
    public enum BottommostLevelCompaction {
        /** Skip the last level. */
        kSkip(0),
        /** Compact the last level only if there is a compaction filter (the default). */
        kIfHaveCompactionFilter(1),
        /** Always compact the last level. */
        kForce(2),
        /** Always compact the last level, but not files this compaction just wrote there. */
        kForceOptimized(3);

        private final int code;

        BottommostLevelCompaction(int code) {
            this.code = code;
        }

        /**
         * RocksJava's numeric value.
         *
         * @return the value RocksDB gives this constant
         */
        public byte getValue() {
            return (byte) code;
        }

        /**
         * The constant of RocksDB's numeric value, as RocksJava's {@code fromRocksId}.
         *
         * @param num the value
         * @return the constant, or null if none has it
         */
        public static BottommostLevelCompaction fromRocksId(int num) {
            for (BottommostLevelCompaction b : values()) if (b.code == num) return b;
            return null;
        }
    }

    private boolean exclusiveManualCompaction;
    private boolean changeLevel;
    private int targetLevel;
    private int targetPathId;
    private BottommostLevelCompaction bottommostLevelCompaction;
    private boolean allowWriteStall;
    private int maxSubcompactions;

    /** The engine's defaults. */
    public CompactRangeOptions() {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_compact_range_options.allocate(arena);
            panrocks_h.panrocks_compact_range_options_init(o);
            exclusiveManualCompaction = panrocks_compact_range_options.exclusive_manual_compaction(o) != 0;
            changeLevel = panrocks_compact_range_options.change_level(o) != 0;
            targetLevel = panrocks_compact_range_options.target_level(o);
            targetPathId = panrocks_compact_range_options.target_path_id(o);
            bottommostLevelCompaction = BottommostLevelCompaction.fromRocksId(
                    panrocks_compact_range_options.bottommost_level_compaction(o));
            allowWriteStall = panrocks_compact_range_options.allow_write_stall(o) != 0;
            maxSubcompactions = panrocks_compact_range_options.max_subcompactions(o);
        }
    }

    /**
     * Whether no automatic compaction runs beside this one.
     *
     * @return the setting
     */
    public boolean exclusiveManualCompaction() {
        return exclusiveManualCompaction;
    }

    /**
     * Keep automatic compactions from running beside this one.
     *
     * @param exclusiveCompaction true for exclusive
     * @return this
     */
    public CompactRangeOptions setExclusiveManualCompaction(boolean exclusiveCompaction) {
        this.exclusiveManualCompaction = exclusiveCompaction;
        return this;
    }

    /**
     * Whether the compacted files move to {@link #targetLevel()}.
     *
     * @return the setting
     */
    public boolean changeLevel() {
        return changeLevel;
    }

    /**
     * Move the compacted files to {@link #setTargetLevel target level}.
     *
     * @param changeLevel true to move them
     * @return this
     */
    public CompactRangeOptions setChangeLevel(boolean changeLevel) {
        this.changeLevel = changeLevel;
        return this;
    }

    /**
     * The level the compacted files move to with {@link #changeLevel()}.
     *
     * @return the level; -1: the lowest level that fits
     */
    public int targetLevel() {
        return targetLevel;
    }

    /**
     * The level the compacted files move to with {@link #setChangeLevel}; the
     * family must have it (RocksDB refuses the compaction otherwise).
     *
     * @param targetLevel {@code >= -1}; -1: the lowest level that fits
     * @return this
     * @throws IllegalArgumentException if below -1
     */
    public CompactRangeOptions setTargetLevel(int targetLevel) {
        if (targetLevel < -1) throw new IllegalArgumentException("targetLevel must be >= -1, was " + targetLevel);
        this.targetLevel = targetLevel;
        return this;
    }

    /**
     * The {@code db_paths} entry the output goes to.
     *
     * @return the index
     */
    public int targetPathId() {
        return targetPathId;
    }

    /**
     * The {@code db_paths} entry the output goes to (RocksDB refuses an index it does not have).
     *
     * @param targetPathId {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public CompactRangeOptions setTargetPathId(int targetPathId) {
        if (targetPathId < 0) throw new IllegalArgumentException("targetPathId must be >= 0, was " + targetPathId);
        this.targetPathId = targetPathId;
        return this;
    }

    /**
     * What happens to the last level.
     *
     * @return the setting
     */
    public BottommostLevelCompaction bottommostLevelCompaction() {
        return bottommostLevelCompaction;
    }

    /**
     * What happens to the last level.
     *
     * @param bottommostLevelCompaction the setting
     * @return this
     */
    public CompactRangeOptions setBottommostLevelCompaction(BottommostLevelCompaction bottommostLevelCompaction) {
        this.bottommostLevelCompaction = Objects.requireNonNull(bottommostLevelCompaction, "bottommostLevelCompaction");
        return this;
    }

    /**
     * Whether the compaction may start at once even if it stalls writes.
     *
     * @return the setting
     */
    public boolean allowWriteStall() {
        return allowWriteStall;
    }

    /**
     * Start at once even if writes stall; otherwise wait until they would not.
     *
     * @param allowWriteStall true to start at once
     * @return this
     */
    public CompactRangeOptions setAllowWriteStall(boolean allowWriteStall) {
        this.allowWriteStall = allowWriteStall;
        return this;
    }

    /**
     * Subcompactions this compaction may split into.
     *
     * @return the count; 0: the DB's {@code maxSubcompactions}
     */
    public int maxSubcompactions() {
        return maxSubcompactions;
    }

    /**
     * Subcompactions this compaction may split into.
     *
     * @param maxSubcompactions in [0, {@link #MAX_SUBCOMPACTIONS}]; 0: the DB's {@code maxSubcompactions}
     * @return this
     * @throws IllegalArgumentException if out of range
     */
    public CompactRangeOptions setMaxSubcompactions(int maxSubcompactions) {
        Bounds.inRange(maxSubcompactions, 0, MAX_SUBCOMPACTIONS, "maxSubcompactions",
                "each may run on a thread of its own");
        this.maxSubcompactions = maxSubcompactions;
        return this;
    }

    /** Writes these options into a panrocks_compact_range_options. */
    void fill(MemorySegment o) {
        panrocks_h.panrocks_compact_range_options_init(o);
        panrocks_compact_range_options.exclusive_manual_compaction(o, exclusiveManualCompaction ? 1 : 0);
        panrocks_compact_range_options.change_level(o, changeLevel ? 1 : 0);
        panrocks_compact_range_options.target_level(o, targetLevel);
        panrocks_compact_range_options.target_path_id(o, targetPathId);
        panrocks_compact_range_options.bottommost_level_compaction(o, bottommostLevelCompaction.code);
        panrocks_compact_range_options.allow_write_stall(o, allowWriteStall ? 1 : 0);
        panrocks_compact_range_options.max_subcompactions(o, maxSubcompactions);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "CompactRangeOptions{exclusiveManualCompaction=" + exclusiveManualCompaction + ", changeLevel="
                + changeLevel + ", targetLevel=" + targetLevel + ", targetPathId=" + targetPathId
                + ", bottommostLevelCompaction=" + bottommostLevelCompaction + ", allowWriteStall=" + allowWriteStall
                + ", maxSubcompactions=" + maxSubcompactions + "}";
    }
}
