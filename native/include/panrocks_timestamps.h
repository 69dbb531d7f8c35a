/*
 * panrocks_timestamps.h - user-defined timestamps: column families whose
 * comparator is RocksDB's BytewiseComparatorWithU64Ts (or its reverse), so
 * that every version of a key carries a 64-bit timestamp; writes at a
 * timestamp, reads as of a timestamp, and the full-history bound below
 * which compaction may drop old versions. Part of the panrocks C ABI;
 * include panrocks.h, which includes this header.
 *
 * A timestamp crosses as a uint64_t; the stub encodes it as RocksDB's U64Ts
 * (8 bytes, little-endian: EncodeU64Ts). Keys never include it. A timestamp
 * on a family without one, a plain write or read on a family with one, and
 * a read below the family's full_history_ts_low fail with RocksDB's
 * InvalidArgument.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_TIMESTAMPS_H
#define PANROCKS_TIMESTAMPS_H

/* The timestamps of a read (panrocks_read_options_spec.timestamps; NULL
 * there: none). timestamp: the read sees the newest version at or below it
 * (ReadOptions::timestamp). iter_start: an iterator then shows every
 * version in [iter_start, timestamp], tombstones included, newest first
 * within a key (ReadOptions::iter_start_ts); see
 * panrocks_iterator_timestamp. */
typedef struct panrocks_read_timestamps {
    int32_t has_timestamp;
    int32_t has_iter_start;
    uint64_t timestamp;
    uint64_t iter_start;
} panrocks_read_timestamps;

/* *size: the timestamp size in bytes of cf's comparator (8 for the U64Ts
 * comparators, 0 without timestamps). */
int32_t panrocks_timestamp_size(panrocks_db *db, panrocks_cf *cf, uint32_t *size, panrocks_error *error);

/* Writes at a timestamp (DB::Put/Delete/SingleDelete/DeleteRange/Merge with
 * ts). begin and end of a range are keys without timestamps. */
int32_t panrocks_put_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                        const char *key, size_t key_length, uint64_t timestamp,
                        const char *value, size_t value_length, panrocks_error *error);
int32_t panrocks_delete_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                           const char *key, size_t key_length, uint64_t timestamp,
                           panrocks_error *error);
int32_t panrocks_single_delete_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                                  const char *key, size_t key_length, uint64_t timestamp,
                                  panrocks_error *error);
int32_t panrocks_delete_range_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                                 const char *begin, size_t begin_length,
                                 const char *end, size_t end_length, uint64_t timestamp,
                                 panrocks_error *error);
int32_t panrocks_merge_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                          const char *key, size_t key_length, uint64_t timestamp,
                          const char *value, size_t value_length, panrocks_error *error);

/* Reads key (options must carry a read timestamp on a family with
 * timestamps) as panrocks_get_copy does, and *timestamp receives the
 * timestamp of the version found. */
int32_t panrocks_get_with_timestamp(panrocks_db *db, panrocks_cf *cf,
                                    const panrocks_read_options *options, panrocks_pin *scratch,
                                    const char *key, size_t key_length,
                                    char *buffer, size_t capacity, uint64_t *value_size,
                                    uint64_t *timestamp, panrocks_error *error);

/* The timestamp of the iterator's current entry. *deleted: 1 when the
 * entry is a tombstone (only an iterator with iter_start shows them; its
 * value is then empty), else 0. InvalidArgument when the iterator is not on
 * an entry or its family has no U64Ts timestamps; PANROCKS_ENDED once the
 * iterator ended with its transaction or batch. */
int32_t panrocks_iterator_timestamp(panrocks_iterator *iterator, uint64_t *timestamp, int32_t *deleted,
                                    panrocks_error *error);

/* The family's full_history_ts_low: versions below it that a newer one
 * hides may be dropped by compaction, and reads below it fail. Increasing
 * it to a value below the current one fails with InvalidArgument.
 * *is_set = 0 (and *timestamp = 0) while it was never set. */
int32_t panrocks_increase_full_history_ts_low(panrocks_db *db, panrocks_cf *cf, uint64_t timestamp,
                                              panrocks_error *error);
int32_t panrocks_get_full_history_ts_low(panrocks_db *db, panrocks_cf *cf, uint64_t *timestamp,
                                         int32_t *is_set, panrocks_error *error);

#endif /* PANROCKS_TIMESTAMPS_H */
