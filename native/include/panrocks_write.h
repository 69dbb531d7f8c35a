/*
 * panrocks_write.h - writes of one key (put, delete, single delete, range
 * delete, merge) and the write options they take as flags.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_WRITE_H
#define PANROCKS_WRITE_H

/* ---- write options ----------------------------------------------------- */

/* rocksdb::WriteOptions as bit flags, passed by value: writes need no
 * options object at all. 0 means RocksDB's defaults. */
#define PANROCKS_WRITE_SYNC 1u
#define PANROCKS_WRITE_DISABLE_WAL 2u
#define PANROCKS_WRITE_NO_SLOWDOWN 4u
#define PANROCKS_WRITE_LOW_PRI 8u
#define PANROCKS_WRITE_IGNORE_MISSING_COLUMN_FAMILIES 16u
/* A batch write's promise that the batch holds no merge record: the library
 * then skips looking for merges into families opened without a merge
 * operator (which it refuses with RocksDB's InvalidArgument). Broken, the
 * promise loses nothing: such a merge is kept, unmerged, as one recovered
 * from the log would be. Not a RocksDB option; other writes ignore it. */
#define PANROCKS_WRITE_NO_MERGE_RECORDS 32u

/* ---- writes ------------------------------------------------------------ */

int32_t panrocks_put(panrocks_db *db, panrocks_cf *cf,
                     uint32_t write_flags,
                     const char *key, size_t key_length,
                     const char *value, size_t value_length,
                     panrocks_error *error);

int32_t panrocks_delete(panrocks_db *db, panrocks_cf *cf,
                        uint32_t write_flags,
                        const char *key, size_t key_length,
                        panrocks_error *error);

int32_t panrocks_single_delete(panrocks_db *db, panrocks_cf *cf,
                               uint32_t write_flags,
                               const char *key, size_t key_length,
                               panrocks_error *error);

/* Deletes the keys in [begin, end). */
int32_t panrocks_delete_range(panrocks_db *db, panrocks_cf *cf,
                              uint32_t write_flags,
                              const char *begin, size_t begin_length,
                              const char *end, size_t end_length,
                              panrocks_error *error);

/* Merges value into key with the family's merge operator. */
int32_t panrocks_merge(panrocks_db *db, panrocks_cf *cf,
                       uint32_t write_flags,
                       const char *key, size_t key_length,
                       const char *value, size_t value_length,
                       panrocks_error *error);

#endif /* PANROCKS_WRITE_H */
