// C ABI tests of panrocks_cache.h: LRU and HyperClockCache block caches
// and their usage by role. Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <rocksdb/options.h>
#include <rocksdb/version.h>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::open_with;
using panrocks_test::TempDir;

TEST(Caches, LruKnobsAndRefusals) {
    panrocks_cache *cache = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru(1 << 20, 2, 1, 0.5, 0.25, &cache, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_cache_capacity(cache), size_t{1} << 20);
    panrocks_cache_destroy(cache);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (auto ratios : std::vector<std::pair<double, double>>{{nan, 0}, {0, nan}, {-0.1, 0}, {1.1, 0}, {0.6, 0.6}, {0, std::numeric_limits<double>::infinity()}}) {
        cache = nullptr;
        EXPECT_EQ(panrocks_cache_create_lru(1 << 20, -1, 0, ratios.first, ratios.second, &cache, &err),
                  PANROCKS_INVALID_ARGUMENT);
        EXPECT_EQ(cache, nullptr);
    }
    EXPECT_EQ(panrocks_cache_create_lru(1 << 20, 20, 0, 0, 0, &cache, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_cache_create_lru(1 << 20, -2, 0, 0, 0, &cache, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_cache_capacity(nullptr), 0u);
}

TEST(Caches, HyperClockCacheServesAsBlockCache) {
    panrocks_cache *cache = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_hyper_clock(4 << 20, 4096, -1, 0, &cache, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_cache_capacity(cache), size_t{4} << 20);
    {
        TempDir dir;
        panrocks_cf_descriptor cf{};
        cf.name = "default";
        cf.block_cache = cache;
        panrocks_open_request req{};
        req.path = dir.path().c_str();
        req.db_options = "create_if_missing=true";
        req.cf_count = 1;
        req.cfs = &cf;
        panrocks_db *db = nullptr;
        panrocks_cf *handle = nullptr;
        ASSERT_EQ(panrocks_open(&req, &db, &handle, &err), PANROCKS_OK) << err.message;
        for (int i = 0; i < 100; i++) {
            std::string k = "key" + std::to_string(i), v(1000, 'x');
            ASSERT_EQ(panrocks_put(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK);
        }
        ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK);
        panrocks_pin *pin = nullptr;
        ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        uint64_t size = 0;
        ASSERT_EQ(panrocks_get_copy(db, nullptr, nullptr, pin, "key7", 4, nullptr, 0, &size, &err), PANROCKS_OK);
        EXPECT_EQ(size, 1000u);
        panrocks_pin_destroy(pin);
        EXPECT_GT(panrocks_cache_usage(cache), 0u);
        ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
    }
    panrocks_cache_destroy(cache);
    cache = nullptr;
    // a table for more than 2^24 entries is refused before it is allocated
    EXPECT_EQ(panrocks_cache_create_hyper_clock(size_t{1} << 40, 1, -1, 0, &cache, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_cache_create_hyper_clock(1 << 20, 4096, 20, 0, &cache, &err), PANROCKS_INVALID_ARGUMENT);
    int32_t rc = panrocks_cache_create_hyper_clock(1 << 20, 0, -1, 0, &cache, &err);
#if ROCKSDB_MAJOR >= 8
    ASSERT_EQ(rc, PANROCKS_OK) << err.message;
    panrocks_cache_destroy(cache);
#else
    EXPECT_EQ(rc, PANROCKS_INVALID_ARGUMENT);
#endif
}

// Roles as rocksdb::CacheEntryRole numbers them.
constexpr int kDataBlockRole = 0, kFilterBlockRole = 1, kIndexBlockRole = 4, kWriteBufferRole = 6,
              kFilterConstructionRole = 8, kTableReaderRole = 9, kFileMetadataRole = 10;

TEST(Caches, UsageByRoleCountsChargedTableReadersMetadataAndMemtables) {
    panrocks_cache *cache = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru(64 << 20, -1, 0, 0.5, 0, &cache, &err), PANROCKS_OK) << err.message;
    panrocks_write_buffer_manager *manager = nullptr;
    ASSERT_EQ(panrocks_write_buffer_manager_create(16 << 20, cache, 0, &manager, &err), PANROCKS_OK);
    uint64_t charges[PANROCKS_CACHE_ENTRY_ROLES], counts[PANROCKS_CACHE_ENTRY_ROLES];
    ASSERT_EQ(panrocks_cache_usage_by_role(cache, charges, counts, PANROCKS_CACHE_ENTRY_ROLES, &err), PANROCKS_OK);
    for (int r = 0; r < PANROCKS_CACHE_ENTRY_ROLES; r++) EXPECT_EQ(charges[r], 0u) << r;
    {
        TempDir dir;
        panrocks_cf_descriptor cf{};
        cf.name = "default";
        cf.block_cache = cache;
        // a filter so that flushes construct one; index and filter in the table reader
        cf.table_options = "filter_policy=bloomfilter:10:false;cache_index_and_filter_blocks=false";
        cf.cache_charging = PANROCKS_CHARGE_ENABLED << (2 * kTableReaderRole) |
                            PANROCKS_CHARGE_ENABLED << (2 * kFileMetadataRole) |
                            PANROCKS_CHARGE_ENABLED << (2 * kFilterConstructionRole);
        panrocks_open_resources resources{};
        resources.write_buffer_manager = manager;
        panrocks_db *db = nullptr;
        ASSERT_EQ(open_with(dir, &cf, &resources, &db, &err), PANROCKS_OK) << err.message;
        std::string v(1000, 'x');
        for (int file = 0; file < 3; file++) {
            for (int i = 0; i < 2000; i++) {
                std::string k = "key" + std::to_string(file) + "-" + std::to_string(i);
                ASSERT_EQ(panrocks_put(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK);
            }
            ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        }
        std::string k = "unflushed";
        ASSERT_EQ(panrocks_put(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK);
        panrocks_pin *pin = nullptr;
        ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        uint64_t size = 0;
        ASSERT_EQ(panrocks_get_copy(db, nullptr, nullptr, pin, "key1-7", 6, nullptr, 0, &size, &err), PANROCKS_OK);
        panrocks_pin_destroy(pin);
        ASSERT_EQ(panrocks_cache_usage_by_role(cache, charges, counts, PANROCKS_CACHE_ENTRY_ROLES, &err), PANROCKS_OK);
        EXPECT_GT(charges[kDataBlockRole], 0u);                    // the block just read
        EXPECT_GT(charges[kWriteBufferRole], 0u);                  // the memtable, through the manager
        EXPECT_GT(charges[kTableReaderRole], 0u);                  // three table readers, charged
        EXPECT_GT(charges[kFileMetadataRole], 0u);                 // three files' metadata, charged
        EXPECT_EQ(charges[kFilterBlockRole], 0u);                  // filters live in the table readers
        EXPECT_EQ(charges[kIndexBlockRole], 0u);
        uint64_t total = 0;
        for (int r = 0; r < PANROCKS_CACHE_ENTRY_ROLES; r++) {
            total += charges[r];
            if (charges[r] > 0) EXPECT_GT(counts[r], 0u) << r;  // (an entry may charge nothing)
        }
        // one walk accounts for the cache's usage but the cache's own per-entry
        // metadata (nothing else uses it meanwhile)
        uint64_t entries = 0;
        for (int r = 0; r < PANROCKS_CACHE_ENTRY_ROLES; r++) entries += counts[r];
        EXPECT_LE(total, panrocks_cache_usage(cache));
        EXPECT_LE(panrocks_cache_usage(cache) - total, entries * 256);
        ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
    }
    // without charging, the same tables charge no reader and no metadata
    {
        TempDir dir;
        panrocks_cf_descriptor cf{};
        cf.name = "default";
        cf.block_cache = cache;
        cf.cache_charging = PANROCKS_CHARGE_DISABLED << (2 * kTableReaderRole);
        panrocks_db *db = nullptr;
        ASSERT_EQ(open_with(dir, &cf, nullptr, &db, &err), PANROCKS_OK) << err.message;
        std::string v(100, 'y');
        ASSERT_EQ(panrocks_put(db, nullptr, 0, "k", 1, v.data(), v.size(), &err), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK);
        ASSERT_EQ(panrocks_cache_usage_by_role(cache, charges, counts, PANROCKS_CACHE_ENTRY_ROLES, &err), PANROCKS_OK);
        EXPECT_EQ(charges[kTableReaderRole], 0u);
        EXPECT_EQ(charges[kFileMetadataRole], 0u);
        ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
    }
    // the engine refuses to charge a role it cannot (data blocks are cached, not charged)
    {
        TempDir dir;
        panrocks_cf_descriptor cf{};
        cf.name = "default";
        cf.cache_charging = PANROCKS_CHARGE_ENABLED << (2 * kDataBlockRole);
        panrocks_db *db = nullptr;
        EXPECT_EQ(open_with(dir, &cf, nullptr, &db, &err), PANROCKS_NOT_SUPPORTED);
        EXPECT_NE(std::string(err.message).find("DataBlock"), std::string::npos) << err.message;
        cf.cache_charging = 3u;  // no such decision
        EXPECT_EQ(open_with(dir, &cf, nullptr, &db, &err), PANROCKS_INVALID_ARGUMENT);
        cf.cache_charging = 1u << 28;  // past the last role
        EXPECT_EQ(open_with(dir, &cf, nullptr, &db, &err), PANROCKS_INVALID_ARGUMENT);
    }
    EXPECT_EQ(panrocks_cache_usage_by_role(cache, charges, counts, 3, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_cache_usage_by_role(nullptr, charges, counts, PANROCKS_CACHE_ENTRY_ROLES, &err),
              PANROCKS_INVALID_ARGUMENT);
    panrocks_write_buffer_manager_destroy(manager);
    panrocks_cache_destroy(cache);
}
