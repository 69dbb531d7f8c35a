/*
 * panrocks_resources.h - the objects a DB takes at open and may share with
 * other DBs (block caches: panrocks_cache.h; statistics:
 * panrocks_statistics.h), write buffer managers, rate limiters, SST file
 * managers, environments (the default one's thread pools, in-memory ones),
 * and the record of them an open takes (panrocks_open_resources).
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
