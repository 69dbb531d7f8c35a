// Block caches (LRU and HyperClockCache) that column families and DBs share.
#include <algorithm>

#include <rocksdb/version.h>
#if ROCKSDB_MAJOR >= 8
#include <rocksdb/advanced_cache.h>  // Cache's members moved here in 8.0
#endif

#include "internal.h"

using panrocks::guarded;
using panrocks::report;

namespace {

// HyperClockCache sizes (and touches) its slot table at creation for
// capacity / estimated_entry_charge entries; past this many the table alone
// would take gigabytes.
constexpr double kMaxHyperClockEntries = static_cast<double>(1u << 24);
// The automatic table (estimated_entry_charge 0, engine 8.x+) reserves
// address space for capacity / min_avg_entry_charge slots up front.
constexpr double kMaxHyperClockReservedEntries = static_cast<double>(1u << 30);

}  // namespace

extern "C" {

int32_t panrocks_cache_create_lru(size_t capacity, int32_t shard_bits, int32_t strict_capacity_limit,
                                  double high_pri_pool_ratio, double low_pri_pool_ratio,
                                  panrocks_cache **cache_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, cache_out != nullptr);
        // NaN passes the engine's own range checks and then poisons its arithmetic
        if (!(high_pri_pool_ratio >= 0.0 && high_pri_pool_ratio <= 1.0) ||
            !(low_pri_pool_ratio >= 0.0 && low_pri_pool_ratio <= 1.0) ||
            !(high_pri_pool_ratio + low_pri_pool_ratio <= 1.0)) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: pool ratios must lie in [0, 1] and add up to at most 1");
        }
        if (shard_bits < -1 || shard_bits > 19) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: shard bits must lie in [-1, 19]");
        }
        rocksdb::LRUCacheOptions options;
        options.capacity = capacity;
        options.num_shard_bits = shard_bits;
        options.strict_capacity_limit = strict_capacity_limit != 0;
        options.high_pri_pool_ratio = high_pri_pool_ratio;
        options.low_pri_pool_ratio = low_pri_pool_ratio;
        auto cache = std::make_unique<panrocks_cache>();
#if ROCKSDB_MAJOR >= 8
        cache->cache = options.MakeSharedCache();
#else
        cache->cache = rocksdb::NewLRUCache(options);
#endif
        if (!cache->cache) return report(error, PANROCKS_INVALID_ARGUMENT, "the engine refused the LRU cache options");
        *cache_out = cache.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_cache_create_hyper_clock(size_t capacity, size_t estimated_entry_charge, int32_t shard_bits,
                                          int32_t strict_capacity_limit, panrocks_cache **cache_out,
                                          panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, cache_out != nullptr);
        if (shard_bits < -1 || shard_bits > 19) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: shard bits must lie in [-1, 19]");
        }
        if (estimated_entry_charge == 0) {
#if ROCKSDB_MAJOR < 8
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: estimated entry charge 0 (automatic) needs RocksDB 8 or later");
#else
            if (static_cast<double>(capacity) / 450.0 > kMaxHyperClockReservedEntries) {
                return report(error, PANROCKS_INVALID_ARGUMENT,
                              "panrocks: capacity too large for an automatically sized HyperClockCache");
            }
#endif
        } else if (static_cast<double>(capacity) / static_cast<double>(estimated_entry_charge) >
                   kMaxHyperClockEntries) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: capacity / estimated entry charge exceeds 2^24 entries");
        }
        rocksdb::HyperClockCacheOptions options(capacity, estimated_entry_charge, shard_bits,
                                                strict_capacity_limit != 0);
        auto cache = std::make_unique<panrocks_cache>();
        cache->cache = options.MakeSharedCache();
        if (!cache->cache) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "the engine refused the HyperClockCache options");
        }
        *cache_out = cache.release();
        return PANROCKS_OK;
    });
}

size_t panrocks_cache_capacity(const panrocks_cache *cache) { return cache ? cache->cache->GetCapacity() : 0; }

size_t panrocks_cache_usage(const panrocks_cache *cache) {
    return cache ? cache->cache->GetUsage() : 0;
}

size_t panrocks_cache_pinned_usage(const panrocks_cache *cache) {
    return cache ? cache->cache->GetPinnedUsage() : 0;
}

int32_t panrocks_cache_usage_by_role(const panrocks_cache *cache, uint64_t *charges, uint64_t *counts,
                                     size_t role_count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, cache != nullptr && charges != nullptr && counts != nullptr);
        if (role_count != PANROCKS_CACHE_ENTRY_ROLES) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: role_count must be PANROCKS_CACHE_ENTRY_ROLES");
        }
        std::fill(charges, charges + role_count, 0);
        std::fill(counts, counts + role_count, 0);
#if ROCKSDB_MAJOR < 8
        return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: usage by role needs RocksDB 8 or later");
#else
        static_assert(rocksdb::kNumCacheEntryRoles == PANROCKS_CACHE_ENTRY_ROLES,
                      "the engine's cache entry roles changed: update PANROCKS_CACHE_ENTRY_ROLES and CacheEntryRole.java");
        rocksdb::Cache::ApplyToAllEntriesOptions walk;
        walk.average_entries_per_lock = 256;  // the engine's default: short lock holds for concurrent readers
        cache->cache->ApplyToAllEntries(
            [&](const rocksdb::Slice &, rocksdb::Cache::ObjectPtr, size_t charge,
                const rocksdb::Cache::CacheItemHelper *helper) {
                const auto role = static_cast<size_t>(helper != nullptr ? helper->role : rocksdb::CacheEntryRole::kMisc);
                charges[role] += charge;
                counts[role] += 1;
            },
            walk);
        return PANROCKS_OK;
#endif
    });
}

void panrocks_cache_destroy(panrocks_cache *cache) { delete cache; }

}  // extern "C"
