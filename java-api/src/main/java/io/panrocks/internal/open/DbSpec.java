package io.panrocks.internal.open;

import io.panrocks.DbPath;

import java.util.List;

/**
 * A DB's options as an open needs them: the options object (a
 * {@code DBOptions}, opaque here: its option string, callbacks and shared
 * objects come through {@link io.panrocks.internal.callbacks.Callbacks} and
 * {@link DbObjects}) and what of it is not option text. Made by the public
 * {@code DBOptions}.
 *
 * @param options the options object
 * @param walDir the raw {@code wal_dir} value, or null if unset
 * @param dbPaths RocksDB's {@code db_paths}, possibly empty
 * @param statisticsEnabled whether the DB keeps statistics of its own
 */
public record DbSpec(Object options, String walDir, List<DbPath> dbPaths, boolean statisticsEnabled) {
}
