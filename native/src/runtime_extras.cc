// What RocksJava's runtime types need beyond the rest of the ABI (panrocks_runtime_extras.h):
// MemoryUtil's memory usage by type, aggregated properties. (The compaction statistics travel with the listener's
// event, in callbacks.cc.)
#include <map>
#include <unordered_set>
#include <vector>

#include <rocksdb/utilities/memory_util.h>

#include "internal.h"

using panrocks::guarded;

extern "C" {

int32_t panrocks_memory_usage_by_type(panrocks_db *const *dbs, size_t db_count, panrocks_cache *const *caches,
                                      size_t cache_count, uint64_t *usage, uint32_t *reported,
                                      panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, usage != nullptr && reported != nullptr);
        PANROCKS_REQUIRE(error, db_count == 0 || dbs != nullptr);
        PANROCKS_REQUIRE(error, cache_count == 0 || caches != nullptr);
        std::vector<rocksdb::DB *> engines;
        for (size_t i = 0; i < db_count; i++) {
            PANROCKS_REQUIRE(error, dbs[i] != nullptr && dbs[i]->db != nullptr);
            engines.push_back(dbs[i]->db);
        }
        std::unordered_set<const rocksdb::Cache *> cache_set;
        for (size_t i = 0; i < cache_count; i++) {
            if (caches[i] != nullptr && caches[i]->cache) cache_set.insert(caches[i]->cache.get());
        }
        std::map<rocksdb::MemoryUtil::UsageType, uint64_t> by_type;
        rocksdb::Status s = rocksdb::MemoryUtil::GetApproximateMemoryUsageByType(engines, cache_set, &by_type);
        if (!s.ok()) return panrocks::report(error, s);
        const rocksdb::MemoryUtil::UsageType order[PANROCKS_MEMORY_USAGE_TYPES] = {
            rocksdb::MemoryUtil::kMemTableTotal, rocksdb::MemoryUtil::kMemTableUnFlushed,
            rocksdb::MemoryUtil::kTableReadersTotal, rocksdb::MemoryUtil::kCacheTotal};
        *reported = 0;
        for (int i = 0; i < PANROCKS_MEMORY_USAGE_TYPES; i++) {
            auto found = by_type.find(order[i]);
            usage[i] = found == by_type.end() ? 0 : found->second;
            if (found != by_type.end()) *reported |= 1u << i;
        }
        return PANROCKS_OK;
    });
}

int32_t panrocks_aggregated_int_property(panrocks_db *db, const char *name, uint64_t *value, int32_t *known,
                                         panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && db->db != nullptr && name != nullptr && value != nullptr &&
                                    known != nullptr);
        uint64_t sum = 0;
        bool ok = db->db->GetAggregatedIntProperty(rocksdb::Slice(name), &sum);
        *known = ok ? 1 : 0;
        *value = ok ? sum : 0;
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

}  // extern "C"
