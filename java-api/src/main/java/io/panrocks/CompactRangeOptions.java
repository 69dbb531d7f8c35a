package io.panrocks;

import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_compact_range_options;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Options of a manual compaction,
 * {@link RocksDB#compactRange(ColumnFamilyHandle, byte[], byte[], CompactRangeOptions)},
 * as RocksJava's {@code CompactRangeOptions}. Defaults are the engine's
 * (read from it when the object is made). A plain Java value: it owns no
 * native memory ({@code close()} does nothing).
 */
public final class CompactRangeOptions extends CompactRangeOptionsFields implements AutoCloseable {
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

}
