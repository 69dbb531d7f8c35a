/*
 * panrocks_resources.h - the objects a DB takes at open and may share with
 * other DBs: block caches (LRU, HyperClockCache), statistics, write buffer
 * managers, rate limiters, SST file managers, environments (the default
 * one's thread pools, in-memory ones), and the record of them an open takes
 * (panrocks_open_resources).
 *
 * Included at the end of panrocks.h; the conventions written at the top of
 * panrocks.h apply. The shared objects here (panrocks_stats, panrocks_cache,
 * panrocks_write_buffer_manager, panrocks_rate_limiter,
 * panrocks_sst_file_manager) each hold one reference to the engine's object:
 * a DB opened with one takes its own reference, so the handle may be
 * destroyed while the DB is open. Their functions are safe to call from any
 * thread (the engine's objects synchronize), but a handle must not be
 * destroyed while another thread uses it.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_RESOURCES_H
#define PANROCKS_RESOURCES_H

/* ---- block caches --------------------------------------------------------------- */

/* An LRU cache with every knob of rocksdb::LRUCacheOptions panrocks exposes:
 * shard_bits < 0 lets RocksDB choose (at most 19); the pool ratios lie in
 * [0, 1] and add up to at most 1. */
int32_t panrocks_cache_create_lru(size_t capacity, int32_t shard_bits, int32_t strict_capacity_limit,
                                  double high_pri_pool_ratio, double low_pri_pool_ratio,
                                  panrocks_cache **cache_out, panrocks_error *error);

/* A HyperClockCache (rocksdb::HyperClockCacheOptions). Its table is sized
 * at creation for capacity / estimated_entry_charge entries, at most 2^26;
 * estimated_entry_charge 0 (size the table as it fills) needs engine 8.x or
 * later. */
int32_t panrocks_cache_create_hyper_clock(size_t capacity, size_t estimated_entry_charge, int32_t shard_bits,
                                          int32_t strict_capacity_limit, panrocks_cache **cache_out,
                                          panrocks_error *error);

size_t panrocks_cache_capacity(const panrocks_cache *cache);
size_t panrocks_cache_usage(const panrocks_cache *cache);
size_t panrocks_cache_pinned_usage(const panrocks_cache *cache);

/* The number of rocksdb::CacheEntryRole values of the engine (kNumCacheEntryRoles). */
#define PANROCKS_CACHE_ENTRY_ROLES 14

/* What the cache holds, by rocksdb::CacheEntryRole (index = the role's
 * value, kDataBlock 0 ... kMisc 13): charges[i] bytes in counts[i] entries,
 * from one walk of every entry (Cache::ApplyToAllEntries; entries whose
 * helper names no role count as kMisc). Every DB and write buffer manager
 * sharing the cache is counted, each reservation (a charged table reader,
 * filter construction, memtable ...) as the role it is charged as. Not an
 * atomic snapshot: entries added or evicted during the walk may or may not
 * be counted. role_count must be PANROCKS_CACHE_ENTRY_ROLES. */
int32_t panrocks_cache_usage_by_role(const panrocks_cache *cache, uint64_t *charges, uint64_t *counts,
                                     size_t role_count, panrocks_error *error);
/* The DBs using the cache keep their own reference, so the handle may be
 * destroyed while they are open. */
void panrocks_cache_destroy(panrocks_cache *cache);

/* ---- statistics objects -------------------------------------------------- */

/* A rocksdb::Statistics that any number of DBs may share (open one with it
 * through panrocks_open_resources.statistics). */
typedef struct panrocks_stats panrocks_stats;

/* rocksdb::StatsLevel, by meaning (the engine's numbering is not used). */
#define PANROCKS_STATS_LEVEL_DISABLE_ALL 0
#define PANROCKS_STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS 1
#define PANROCKS_STATS_LEVEL_EXCEPT_TIMERS 2
#define PANROCKS_STATS_LEVEL_EXCEPT_DETAILED_TIMERS 3
#define PANROCKS_STATS_LEVEL_EXCEPT_TIME_FOR_MUTEX 4
#define PANROCKS_STATS_LEVEL_ALL 5

/* A fresh statistics object (rocksdb::CreateDBStatistics()). */
int32_t panrocks_stats_create(panrocks_stats **stats_out, panrocks_error *error);
/* Another reference to the statistics an open DB collects into;
 * PANROCKS_NOT_SUPPORTED if the DB has none. */
int32_t panrocks_stats_of_db(panrocks_db *db, panrocks_stats **stats_out, panrocks_error *error);
void panrocks_stats_destroy(panrocks_stats *stats);

typedef struct panrocks_histogram {
    double median;
    double percentile95;
    double percentile99;
    double average;
    double standard_deviation;
    double max;
    double min;
    uint64_t count;
    uint64_t sum;
} panrocks_histogram;

/* A ticker by RocksDB's name; with reset set, it is read and zeroed at once
 * (getAndResetTickerCount). PANROCKS_NOT_FOUND if the name is unknown. */
int32_t panrocks_stats_ticker(panrocks_stats *stats, const char *name, int32_t reset,
                              uint64_t *value, panrocks_error *error);
/* A histogram by RocksDB's name. PANROCKS_NOT_FOUND if the name is unknown. */
int32_t panrocks_stats_histogram(panrocks_stats *stats, const char *name,
                                 panrocks_histogram *histogram, panrocks_error *error);
/* A histogram as the engine prints it (Statistics::getHistogramString),
 * or with name NULL every ticker and histogram (Statistics::ToString).
 * Copies min(size, capacity) bytes and reports the full size. */
int32_t panrocks_stats_text(panrocks_stats *stats, const char *name, char *buffer, size_t capacity,
                            uint64_t *size, panrocks_error *error);
/* Zeroes every ticker and histogram. */
int32_t panrocks_stats_reset(panrocks_stats *stats, panrocks_error *error);
/* Sets the level (PANROCKS_STATS_LEVEL_*); PANROCKS_INVALID_ARGUMENT for another value. */
int32_t panrocks_stats_set_level(panrocks_stats *stats, int32_t level, panrocks_error *error);
/* The current level (PANROCKS_STATS_LEVEL_*); -1 for a NULL handle. */
int32_t panrocks_stats_level(const panrocks_stats *stats);

/* ---- write buffer managers --------------------------------------------------------- */

/* A memtable memory budget that several DBs may share
 * (rocksdb::WriteBufferManager): buffer_size bytes (0: no limit, usage
 * counted only), charged to cache when one is given, writes stalled when
 * over the budget with allow_stall. */
typedef struct panrocks_write_buffer_manager panrocks_write_buffer_manager;

int32_t panrocks_write_buffer_manager_create(size_t buffer_size, panrocks_cache *cache, int32_t allow_stall,
                                             panrocks_write_buffer_manager **manager_out,
                                             panrocks_error *error);
void panrocks_write_buffer_manager_destroy(panrocks_write_buffer_manager *manager);
/* Bytes of memtables counted now, by every DB using it. */
size_t panrocks_write_buffer_manager_memory_usage(const panrocks_write_buffer_manager *manager);
size_t panrocks_write_buffer_manager_buffer_size(const panrocks_write_buffer_manager *manager);
/* 1 when the memory is charged to a cache. */
int32_t panrocks_write_buffer_manager_cost_to_cache(const panrocks_write_buffer_manager *manager);

/* ---- rate limiters -------------------------------------------------------------------- */

/* rocksdb::RateLimiter::Mode, by meaning. */
#define PANROCKS_RATE_LIMITER_READS_ONLY 0
#define PANROCKS_RATE_LIMITER_WRITES_ONLY 1
#define PANROCKS_RATE_LIMITER_ALL_IO 2

/* A limit on background I/O (flush, compaction) that several DBs may share
 * (rocksdb::NewGenericRateLimiter). rate_bytes_per_sec, refill_period_us
 * and fairness must be > 0 (the engine asserts it). */
typedef struct panrocks_rate_limiter panrocks_rate_limiter;

int32_t panrocks_rate_limiter_create(int64_t rate_bytes_per_sec, int64_t refill_period_us, int32_t fairness,
                                     int32_t mode, int32_t auto_tuned, panrocks_rate_limiter **limiter_out,
                                     panrocks_error *error);
void panrocks_rate_limiter_destroy(panrocks_rate_limiter *limiter);
/* rate must be > 0: PANROCKS_INVALID_ARGUMENT otherwise. */
int32_t panrocks_rate_limiter_set_bytes_per_second(panrocks_rate_limiter *limiter, int64_t rate,
                                                   panrocks_error *error);
int64_t panrocks_rate_limiter_bytes_per_second(const panrocks_rate_limiter *limiter);
int64_t panrocks_rate_limiter_single_burst_bytes(const panrocks_rate_limiter *limiter);
int64_t panrocks_rate_limiter_total_bytes_through(const panrocks_rate_limiter *limiter);
int64_t panrocks_rate_limiter_total_requests(const panrocks_rate_limiter *limiter);
/* Takes bytes from the budget at user priority, blocking until they are
 * granted. 0 <= bytes <= the single burst size, else PANROCKS_INVALID_ARGUMENT
 * (the engine asserts it). */
int32_t panrocks_rate_limiter_request(panrocks_rate_limiter *limiter, int64_t bytes, panrocks_error *error);

/* ---- SST file managers ------------------------------------------------------------------ */

/* Tracks the SST and blob files of the DBs using it, limits their total
 * space and the rate at which obsolete files are deleted
 * (rocksdb::NewSstFileManager on the default environment).
 * rate_bytes_per_sec 0 deletes at once; max_trash_db_ratio >= 0. */
typedef struct panrocks_sst_file_manager panrocks_sst_file_manager;

int32_t panrocks_sst_file_manager_create(int64_t rate_bytes_per_sec, double max_trash_db_ratio,
                                         uint64_t bytes_max_delete_chunk,
                                         panrocks_sst_file_manager **manager_out, panrocks_error *error);
void panrocks_sst_file_manager_destroy(panrocks_sst_file_manager *manager);
/* 0: no limit. Writes fail once the files take more. */
void panrocks_sst_file_manager_set_max_allowed_space_usage(panrocks_sst_file_manager *manager, uint64_t bytes);
void panrocks_sst_file_manager_set_compaction_buffer_size(panrocks_sst_file_manager *manager, uint64_t bytes);
int32_t panrocks_sst_file_manager_is_max_allowed_space_reached(const panrocks_sst_file_manager *manager);
int32_t panrocks_sst_file_manager_is_max_allowed_space_reached_including_compactions(
    const panrocks_sst_file_manager *manager);
uint64_t panrocks_sst_file_manager_total_size(const panrocks_sst_file_manager *manager);
/* The tracked files, packed into buffer as (uint32 path length, path bytes,
 * uint64 size) records; *size receives the bytes needed and *count the
 * number of files. Nothing is written past capacity. */
int32_t panrocks_sst_file_manager_tracked_files(const panrocks_sst_file_manager *manager, char *buffer,
                                                size_t capacity, uint64_t *size, uint32_t *count,
                                                panrocks_error *error);
int64_t panrocks_sst_file_manager_delete_rate(const panrocks_sst_file_manager *manager);
void panrocks_sst_file_manager_set_delete_rate(panrocks_sst_file_manager *manager, int64_t bytes_per_second);
double panrocks_sst_file_manager_max_trash_db_ratio(const panrocks_sst_file_manager *manager);
void panrocks_sst_file_manager_set_max_trash_db_ratio(panrocks_sst_file_manager *manager, double ratio);

/* ---- environments ----------------------------------------------------------------------------- */

/* A rocksdb::Env: the process's default one (its background thread pools
 * serve every DB of the process) or an in-memory one (files kept in memory
 * for as long as the environment or a DB opened on it lives; its threads are
 * the default one's). */
typedef struct panrocks_env panrocks_env;

/* rocksdb::Env::Priority, by meaning: the thread pools. */
#define PANROCKS_PRIORITY_BOTTOM 0
#define PANROCKS_PRIORITY_LOW 1
#define PANROCKS_PRIORITY_HIGH 2
#define PANROCKS_PRIORITY_USER 3

/* A handle to Env::Default() (destroying the handle leaves the environment). */
int32_t panrocks_env_default(panrocks_env **env_out, panrocks_error *error);
/* A new in-memory environment (rocksdb::NewMemEnv over Env::Default()). */
int32_t panrocks_env_create_mem(panrocks_env **env_out, panrocks_error *error);
void panrocks_env_destroy(panrocks_env *env);
/* 1 for an in-memory environment, 0 for the default one; -1 for NULL. */
int32_t panrocks_env_is_mem(const panrocks_env *env);

/* Sets the number of threads of a pool (SetBackgroundThreads); with
 * only_increase set, never lowers it (IncBackgroundThreadsIfNeeded).
 * 0 <= number <= 1024 (the engine would start that many threads), a
 * priority of PANROCKS_PRIORITY_*: PANROCKS_INVALID_ARGUMENT otherwise. */
int32_t panrocks_env_set_background_threads(panrocks_env *env, int32_t number, int32_t priority,
                                            int32_t only_increase, panrocks_error *error);
/* The threads of a pool, or -1 for a NULL env or an unknown priority. */
int32_t panrocks_env_background_threads(panrocks_env *env, int32_t priority);
/* The jobs waiting in a pool's queue, or -1 as above. */
int32_t panrocks_env_thread_pool_queue_len(panrocks_env *env, int32_t priority);
/* Lowers the I/O priority (LowerThreadPoolIOPriority) or, with cpu set, the
 * CPU priority to "low" (LowerThreadPoolCPUPriority) of a pool's threads,
 * on systems that have them (Linux); a no-op elsewhere. */
int32_t panrocks_env_lower_thread_pool_priority(panrocks_env *env, int32_t priority, int32_t cpu,
                                                panrocks_error *error);

/* ---- objects an open shares ------------------------------------------------------------------ */

/* The shared objects a DB takes a reference to at open
 * (panrocks_open_request.resources); NULL fields mean none. A statistics
 * object here replaces the one enable_statistics would create. */
typedef struct panrocks_open_resources {
    panrocks_stats *statistics;
    panrocks_write_buffer_manager *write_buffer_manager;
    panrocks_rate_limiter *rate_limiter;
    panrocks_sst_file_manager *sst_file_manager;
    panrocks_cache *row_cache;
    /* NULL: the default environment. The DB keeps its own reference. */
    panrocks_env *env;
    /* NULL: RocksDB's own LOG file. Else a logger (panrocks_logger.h) that
     * receives the info log instead; it must outlive the DB. */
    struct panrocks_callback *info_log;
    /* NULL: compactions run in the DB. Else where they are offloaded to
     * (panrocks_compaction_service.h); it must outlive the DB. */
    struct panrocks_compaction_service *compaction_service;
} panrocks_open_resources;

#endif /* PANROCKS_RESOURCES_H */
