// panrocks_runtime_extras.h called directly: MemoryUtil's usage by type
// over DBs and caches, and its refusals. (The compaction statistics the
// listener receives are checked from Java, RuntimeShapesTest.) The file
// also runs under ASan and UBSan.
#include <gtest/gtest.h>

#include <string>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::FamiliesDb;

TEST(MemoryUsage, ReportsEveryKindForDbsAndCachesAndNoneForNothing) {
    panrocks_error err{};
    uint64_t usage[PANROCKS_MEMORY_USAGE_TYPES] = {7, 7, 7, 7};
    uint32_t reported = 99;
    ASSERT_EQ(panrocks_memory_usage_by_type(nullptr, 0, nullptr, 0, usage, &reported, &err), PANROCKS_OK)
        << err.message;
    EXPECT_EQ(reported, 0u);
    EXPECT_EQ(usage[0], 0u);

    panrocks_cache *cache = nullptr;
    ASSERT_EQ(panrocks_cache_create_lru(8 << 20, -1, 0, 0.5, 0, &cache, &err), PANROCKS_OK);
    panrocks_open_resources resources{};
    resources.row_cache = cache;  // the DB keeps its own reference
    {
        FamiliesDb a(&resources);
        for (int i = 0; i < 100; i++) a.put(nullptr, "k" + std::to_string(i), std::string(1000, 'v'));
        panrocks_db *dbs[2] = {a.db, a.db};
        panrocks_cache *caches[2] = {cache, nullptr};  // a NULL entry is skipped
        ASSERT_EQ(panrocks_memory_usage_by_type(dbs, 1, caches, 2, usage, &reported, &err), PANROCKS_OK)
            << err.message;
        EXPECT_EQ(reported, 0xFu);
        EXPECT_GE(usage[0], 100000u);  // the memtable holds the 100 KB written
        EXPECT_GE(usage[1], 100000u);
        EXPECT_LE(usage[1], usage[0]);
        EXPECT_GE(usage[3], panrocks_cache_usage(cache));  // with the default block cache the DB found itself

        // refusals: no output, a NULL DB, arrays missing for non-zero counts
        EXPECT_EQ(panrocks_memory_usage_by_type(dbs, 1, nullptr, 0, nullptr, &reported, &err),
                  PANROCKS_INVALID_ARGUMENT);
        panrocks_db *none[1] = {nullptr};
        EXPECT_EQ(panrocks_memory_usage_by_type(none, 1, nullptr, 0, usage, &reported, &err),
                  PANROCKS_INVALID_ARGUMENT);
        EXPECT_EQ(panrocks_memory_usage_by_type(nullptr, 1, nullptr, 0, usage, &reported, &err),
                  PANROCKS_INVALID_ARGUMENT);
        EXPECT_EQ(panrocks_memory_usage_by_type(nullptr, 0, nullptr, 1, usage, &reported, &err),
                  PANROCKS_INVALID_ARGUMENT);
    }
    ASSERT_EQ(panrocks_memory_usage_by_type(nullptr, 0, &cache, 1, usage, &reported, &err), PANROCKS_OK);
    EXPECT_EQ(reported, 1u << 3);  // a cache alone: the cache kind only
    panrocks_cache_destroy(cache);
}
