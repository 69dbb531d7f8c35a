/*
 * panrocks_maintenance.h - flushes, compactions of a key range,
 * properties (per family, aggregated), size estimates, memory usage,
 * the DB's identity and checksum verification.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_MAINTENANCE_H
#define PANROCKS_MAINTENANCE_H

/* ---- maintenance -------------------------------------------------------- */

/* Flushes the memtables of cf (NULL: default) to SST files; waits if wait. */
int32_t panrocks_flush(panrocks_db *db, panrocks_cf *cf, int32_t wait,
                       panrocks_error *error);

/* Compacts keys in [begin, end) of cf; a NULL data pointer means unbounded. */
int32_t panrocks_compact_range(panrocks_db *db, panrocks_cf *cf,
                               panrocks_slice begin, panrocks_slice end,
                               panrocks_error *error);

/* Flushes the memtables of count families (count 0: the default one),
 * together, as DB::Flush(FlushOptions, vector) does; waits if wait; with
 * allow_write_stall clear, waits for a write stall to clear before starting;
 * with listener_wait (and wait) set, returns only once the listeners'
 * OnFlushCompleted callbacks for the flushed memtables have returned
 * (rocksdb::FlushOptions). listener_wait needs RocksDB 11.8 or later: set on
 * an older engine, PANROCKS_NOT_SUPPORTED and nothing flushed. */
int32_t panrocks_flush_families(panrocks_db *db, panrocks_cf *const *cfs, size_t count,
                                int32_t wait, int32_t allow_write_stall, int32_t listener_wait,
                                panrocks_error *error);

/* Stops every running and queued compaction, automatic and manual, and
 * returns once none runs (DB::AbortAllCompactions); until as many
 * panrocks_resume_all_compactions calls have followed, compactions stop as
 * soon as they start, a manual one failing with PANROCKS_INCOMPLETE, subcode
 * 19 (kCompactionAborted), and their output files are removed. Flushes go on.
 * A resume without an abort before it does nothing (the engine counts).
 * RocksDB 11 or later: PANROCKS_NOT_SUPPORTED on an older engine. */
int32_t panrocks_abort_all_compactions(panrocks_db *db, panrocks_error *error);
int32_t panrocks_resume_all_compactions(panrocks_db *db, panrocks_error *error);

/* rocksdb::BottommostLevelCompaction, by meaning. */
#define PANROCKS_BOTTOMMOST_SKIP 0
#define PANROCKS_BOTTOMMOST_IF_HAVE_COMPACTION_FILTER 1
#define PANROCKS_BOTTOMMOST_FORCE 2
#define PANROCKS_BOTTOMMOST_FORCE_OPTIMIZED 3

/* The fields of rocksdb::CompactRangeOptions that panrocks exposes. Start
 * from panrocks_compact_range_options_init (the engine's defaults). */
typedef struct panrocks_compact_range_options {
    int32_t exclusive_manual_compaction;
    int32_t change_level;
    int32_t target_level;               /* with change_level; -1: the lowest level that fits */
    int32_t target_path_id;
    int32_t bottommost_level_compaction; /* PANROCKS_BOTTOMMOST_* */
    int32_t allow_write_stall;
    int32_t max_subcompactions;         /* 0: the DB's max_subcompactions */
    int32_t reserved;
} panrocks_compact_range_options;

void panrocks_compact_range_options_init(panrocks_compact_range_options *options);

/* Compacts keys in [begin, end) of cf (NULL data pointer: unbounded) with
 * options (NULL: the defaults), and waits for it. */
int32_t panrocks_compact_range_with(panrocks_db *db, panrocks_cf *cf, panrocks_slice begin,
                                    panrocks_slice end, const panrocks_compact_range_options *options,
                                    panrocks_error *error);

/* A DB property as text: copies min(size, capacity) bytes into buffer and
 * reports the full size. PANROCKS_NOT_FOUND if the property is unknown. */
int32_t panrocks_get_property(panrocks_db *db, panrocks_cf *cf, const char *name,
                              char *buffer, size_t capacity, uint64_t *size,
                              panrocks_error *error);

/* A numeric DB property. PANROCKS_NOT_FOUND if unknown or not numeric. */
int32_t panrocks_get_int_property(panrocks_db *db, panrocks_cf *cf, const char *name,
                                  uint64_t *value, panrocks_error *error);

/* What panrocks_approximate_sizes counts besides the SST files (always
 * counted): bits of its flags argument. */
#define PANROCKS_SIZES_INCLUDE_MEMTABLES 1
/* The blob files' share of the range, prorated by its share of the SST data
 * (SizeApproximationOptions::include_blob_files, RocksDB 11; on an older
 * engine PANROCKS_NOT_SUPPORTED). */
#define PANROCKS_SIZES_INCLUDE_BLOB_FILES 4

/* Approximate on-disk bytes of the key ranges [starts[i], limits[i]), and
 * what flags add (PANROCKS_SIZES_*); sizes[i] receives each. Unknown flag
 * bits: PANROCKS_INVALID_ARGUMENT. */
int32_t panrocks_approximate_sizes(panrocks_db *db, panrocks_cf *cf, size_t count,
                                   const panrocks_slice *starts, const panrocks_slice *limits,
                                   int32_t flags, uint64_t *sizes,
                                   panrocks_error *error);

/* How many entries (*count) and bytes (*size) the memtables of cf (NULL:
 * default), mutable and immutable, hold in the key range [start, limit):
 * RocksDB's estimate (DB::GetApproximateMemTableStats), no files read. A
 * slice with a NULL data pointer must have size 0 (the empty key). */
int32_t panrocks_approximate_memtable_stats(panrocks_db *db, panrocks_cf *cf, panrocks_slice start,
                                            panrocks_slice limit, uint64_t *count, uint64_t *size,
                                            panrocks_error *error);

/* The DB's unique identity (its IDENTITY file): min(size, capacity) bytes
 * into buffer (may be NULL), *size = the full size. */
int32_t panrocks_get_db_identity(panrocks_db *db, char *buffer, size_t capacity,
                                 size_t *size, panrocks_error *error);

/* The ID of this opening of the DB (DB::GetDbSessionId): new at every open
 * (a secondary or read-only instance has its own), the one RocksDB writes in
 * its LOG and in the table files this session creates. min(size, capacity)
 * bytes into buffer (may be NULL), *size = the full size. */
int32_t panrocks_get_db_session_id(panrocks_db *db, char *buffer, size_t capacity, uint64_t *size,
                                   panrocks_error *error);

/* Reads every live table and blob file whole and checks its block
 * checksums (DB::VerifyChecksum); Corruption names the first bad file. */
int32_t panrocks_verify_checksum(panrocks_db *db, panrocks_error *error);

/* rocksdb::MemoryUtil::GetApproximateMemoryUsageByType over the open DBs
 * dbs[0, db_count) and the caches caches[0, cache_count) (NULL entries
 * skipped; a cache the DBs also use is counted once): fills
 * usage[PANROCKS_MEMORY_USAGE_TYPES] in the order of RocksDB's
 * MemoryUtil::UsageType (memtables total, memtables not flushed, table
 * readers, caches), and sets bit i of *reported for each type RocksDB
 * reported (none for no DB and no cache; the others' usage is 0). The
 * caller keeps every DB and cache alive during the call. */
#define PANROCKS_MEMORY_USAGE_TYPES 4
int32_t panrocks_memory_usage_by_type(panrocks_db *const *dbs, size_t db_count, panrocks_cache *const *caches,
                                      size_t cache_count, uint64_t *usage, uint32_t *reported,
                                      panrocks_error *error);

/* DB::GetAggregatedIntProperty: the property summed over every column
 * family; *known is 0 (and *value 0) for a property RocksDB cannot sum. */
int32_t panrocks_aggregated_int_property(panrocks_db *db, const char *name, uint64_t *value, int32_t *known,
                                         panrocks_error *error);

#endif /* PANROCKS_MAINTENANCE_H */
