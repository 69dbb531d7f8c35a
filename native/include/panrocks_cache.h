/*
 * panrocks_cache.h - block caches (LRU, HyperClockCache), shared objects as
 * panrocks_resources.h describes them.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_CACHE_H
#define PANROCKS_CACHE_H

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

#endif /* PANROCKS_CACHE_H */
