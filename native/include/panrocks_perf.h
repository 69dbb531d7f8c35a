/*
 * panrocks_perf.h - RocksDB's per-thread performance counters: the perf
 * level (rocksdb::SetPerfLevel), the PerfContext and the IOStatsContext.
 * Part of the panrocks C ABI; include panrocks.h, which includes this header.
 *
 * Everything here is thread-local in RocksDB: a function acts on the
 * context (or level) of the thread that calls it, and on no other. A
 * context lives as long as its thread; its address never changes meanwhile.
 *
 * Counters are named as RocksDB's fields are ("block_read_count",
 * "file_io_stats_by_temperature.hot_file_bytes_read"), so that the ABI does
 * not depend on the layout or the version of the engine's structs: a caller
 * asks once for the offset of each counter it knows, then reads the
 * counters straight from the context's memory (or with
 * panrocks_perf_counter, one at a time). A counter the engine does not have
 * (an older engine) has no offset.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_PERF_H
#define PANROCKS_PERF_H

/* Which context: rocksdb::PerfContext or rocksdb::IOStatsContext. */
#define PANROCKS_PERF_CONTEXT 0
#define PANROCKS_IOSTATS_CONTEXT 1

/* Perf levels, by meaning (the engine's numbering changed between
 * versions: RocksDB 8 inserted kEnableWait). */
#define PANROCKS_PERF_LEVEL_DISABLE 1
#define PANROCKS_PERF_LEVEL_ENABLE_COUNT 2
#define PANROCKS_PERF_LEVEL_ENABLE_WAIT 3
#define PANROCKS_PERF_LEVEL_ENABLE_TIME_EXCEPT_FOR_MUTEX 4
#define PANROCKS_PERF_LEVEL_ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX 5
#define PANROCKS_PERF_LEVEL_ENABLE_TIME 6
/* a level this ABI does not know (returned only) */
#define PANROCKS_PERF_LEVEL_UNKNOWN 0

/* Offset no counter has: the engine lacks it. */
#define PANROCKS_PERF_NO_COUNTER UINT32_MAX

/* Sets the calling thread's perf level. PANROCKS_INVALID_ARGUMENT for a
 * level above that is not one this engine has. */
int32_t panrocks_perf_set_level(int32_t level, panrocks_error *error);

/* The calling thread's perf level (a PANROCKS_PERF_LEVEL_* value). */
int32_t panrocks_perf_level(void);

/* The calling thread's context of that kind, and its size in bytes; NULL
 * for an unknown kind. Valid until the thread ends; read it only on that
 * thread (the engine writes it without synchronization). */
void *panrocks_perf_context(int32_t kind, size_t *size);

/* The offset of a counter (a uint64_t) in a context of that kind, or
 * PANROCKS_PERF_NO_COUNTER if the engine has no such counter. */
uint32_t panrocks_perf_counter_offset(int32_t kind, const char *name);

/* How many counters this library knows in a context of that kind, and the
 * name of the index-th (static storage; NULL past the end). Lists what the
 * offset lookup answers, the engine's missing ones included. */
uint32_t panrocks_perf_counter_count(int32_t kind);
const char *panrocks_perf_counter_name(int32_t kind, uint32_t index);

/* The counter at offset in the calling thread's context of that kind (0 for
 * PANROCKS_PERF_NO_COUNTER or an unknown kind): for a caller that cannot
 * keep the context's address (one whose thread may change between calls). */
uint64_t panrocks_perf_counter(int32_t kind, uint32_t offset);

/* Sets the calling thread's context of that kind back to zero (its
 * Reset()). */
int32_t panrocks_perf_reset(int32_t kind, panrocks_error *error);

/* The calling thread's context as RocksDB prints it (ToString), with or
 * without its zero counters. Copies min(size, capacity) bytes and reports
 * the full size. */
int32_t panrocks_perf_text(int32_t kind, int32_t exclude_zero_counters, char *buffer, size_t capacity,
                           uint64_t *size, panrocks_error *error);

/* Per-level counters of the calling thread's PerfContext
 * (EnablePerLevelPerfContext): off by default; while on, reads of SST files
 * also count per LSM level. enable: 1 on, 0 off (the counters kept),
 * -1 clear them. */
int32_t panrocks_perf_per_level(int32_t enable, panrocks_error *error);

/* One LSM level's counters, in this order. */
#define PANROCKS_PERF_LEVEL_COUNTERS 7
/* bloom_filter_useful, bloom_filter_full_positive,
 * bloom_filter_full_true_positive, user_key_return_count,
 * get_from_table_nanos, block_cache_hit_count, block_cache_miss_count */

/* The per-level counters of LSM level `level` of the calling thread into
 * counters[0..PANROCKS_PERF_LEVEL_COUNTERS): PANROCKS_NOT_FOUND (counters
 * zeroed) if that level has none (per-level counting off, or nothing read
 * there since the last clear). */
int32_t panrocks_perf_level_counters(uint32_t level, uint64_t *counters, panrocks_error *error);

#endif /* PANROCKS_PERF_H */
