package io.panrocks.internal.open;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.ConcurrentTaskLimiter;
import io.panrocks.DbPath;

import java.util.List;

/**
 * A column family to open or create, in the engine side's terms: its name,
 * its options (a {@code ColumnFamilyOptions}, opaque here: its option string
 * and callbacks come through {@link io.panrocks.internal.callbacks.Callbacks}),
 * and the objects among them that are not option text. Made by the public
 * {@code ColumnFamilyDescriptor}.
 *
 * @param name the family's name (RocksDB's bytes)
 * @param options the family's options object
 * @param table its table config, or null for RocksDB's default
 * @param paths its data paths ({@code cf_paths}), possibly empty
 * @param limiter its compaction thread limiter, or null
 */
public record FamilySpec(byte[] name, Object options, BlockBasedTableConfig table, List<DbPath> paths,
                         ConcurrentTaskLimiter limiter) {
}
