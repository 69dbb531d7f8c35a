package io.panrocks.internal.open;

import io.panrocks.DbPath;
import io.panrocks.internal.callbacks.CallbackOptions;
import io.panrocks.internal.options.OptionValues;

import java.util.List;

/**
 * A DB's options as an open needs them: their values and Java callbacks
 * (which {@link io.panrocks.internal.callbacks.Callbacks} turns into an
 * option string), their shared objects, and what else of them is not option
 * text. Made by the public {@code DBOptions}.
 *
 * @param callbacks the DB's Java callbacks (listeners, WAL filter)
 * @param values the DB's option values
 * @param objects the native sides of the DB's shared objects (statistics, caches, limiters, logger ...)
 * @param walDir the raw {@code wal_dir} value, or null if unset
 * @param dbPaths RocksDB's {@code db_paths}, possibly empty
 * @param statisticsEnabled whether the DB keeps statistics of its own
 */
public record DbSpec(CallbackOptions callbacks, OptionValues values, DbObjects objects, String walDir, List<DbPath> dbPaths,
                     boolean statisticsEnabled) {
}
