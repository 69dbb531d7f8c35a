package io.panrocks.internal.open;

import io.panrocks.DbPath;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.options.OptionValues;

import java.util.List;

/**
 * A column family to open or create, in the engine side's terms: its name,
 * its options (their values and Java callbacks, which
 * {@link io.panrocks.internal.callbacks.Callbacks} turns into an option
 * string), and the objects among them that are not option text. Made by the
 * public {@code ColumnFamilyDescriptor}.
 *
 * @param name the family's name (RocksDB's bytes)
 * @param callbacks the family's Java callbacks
 * @param values the family's option values
 * @param table its block-based table config, or null for RocksDB's default
 * @param paths its data paths ({@code cf_paths}), possibly empty
 * @param limiter its compaction thread limiter's native side, or null
 */
public record FamilySpec(byte[] name, CallbackOptions callbacks, OptionValues values, TableSpec table, List<DbPath> paths,
                         SharedNative limiter) {
}
