// C ABI tests of panrocks_resources.h: write buffer managers, rate limiters,
// SST file managers, environments and the shared objects of an open. Error
// paths included; runs under ASan/UBSan too.
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

using panrocks_test::FamiliesDb;
using panrocks_test::TempDir;
using panrocks_test::ticker;

TEST(WriteBufferManager, BudgetIsSharedAndChargedToTheCache) {
    panrocks_cache *cache = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru(64 << 20, -1, 0, 0.5, 0, &cache, &err), PANROCKS_OK);
    panrocks_write_buffer_manager *manager = nullptr;
    ASSERT_EQ(panrocks_write_buffer_manager_create(32 << 20, cache, 0, &manager, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_write_buffer_manager_buffer_size(manager), size_t{32} << 20);
    EXPECT_EQ(panrocks_write_buffer_manager_cost_to_cache(manager), 1);
    panrocks_open_resources resources{};
    resources.write_buffer_manager = manager;
    {
        FamiliesDb a(&resources), b(&resources);
        size_t before = panrocks_write_buffer_manager_memory_usage(manager);
        std::string big(100000, 'v');
        for (int i = 0; i < 20; i++) {
            a.put(nullptr, "a" + std::to_string(i), big);
            b.put(nullptr, "b" + std::to_string(i), big);
        }
        EXPECT_GE(panrocks_write_buffer_manager_memory_usage(manager), before + 4000000);
        // memtable memory is charged to the cache in dummy entries
        EXPECT_GE(panrocks_cache_usage(cache), 4000000u);
        // the handles go, the DBs keep their budget
        panrocks_write_buffer_manager_destroy(manager);
        panrocks_cache_destroy(cache);
        a.put(nullptr, "after", big);
    }
    panrocks_write_buffer_manager *plain = nullptr;
    ASSERT_EQ(panrocks_write_buffer_manager_create(0, nullptr, 1, &plain, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_write_buffer_manager_cost_to_cache(plain), 0);
    panrocks_write_buffer_manager_destroy(plain);
    EXPECT_EQ(panrocks_write_buffer_manager_memory_usage(nullptr), 0u);
}

TEST(RateLimiter, CountsBackgroundWritesAndRefusesWhatTheEngineAsserts) {
    panrocks_rate_limiter *limiter = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_rate_limiter_create(64 << 20, 100000, 10, PANROCKS_RATE_LIMITER_WRITES_ONLY, 0, &limiter, &err),
              PANROCKS_OK);
    EXPECT_EQ(panrocks_rate_limiter_bytes_per_second(limiter), 64 << 20);
    int64_t burst = panrocks_rate_limiter_single_burst_bytes(limiter);
    EXPECT_GT(burst, 0);
    panrocks_open_resources resources{};
    resources.rate_limiter = limiter;
    {
        FamiliesDb db(&resources);
        std::string noise(100000, '\0');
        std::mt19937 random(42);  // incompressible: the file is about as large as the value
        for (auto &c : noise) c = static_cast<char>(random());
        db.put(nullptr, "k", noise);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &err), PANROCKS_OK);
        EXPECT_GT(panrocks_rate_limiter_total_bytes_through(limiter), 50000);
        EXPECT_GT(panrocks_rate_limiter_total_requests(limiter), 0);
    }
    int64_t requests = panrocks_rate_limiter_total_requests(limiter);
    ASSERT_EQ(panrocks_rate_limiter_request(limiter, 1000, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_rate_limiter_request(limiter, 0, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_rate_limiter_total_requests(limiter), requests + 2);
    EXPECT_EQ(panrocks_rate_limiter_request(limiter, burst + 1, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_rate_limiter_request(limiter, -1, &err), PANROCKS_INVALID_ARGUMENT);
    ASSERT_EQ(panrocks_rate_limiter_set_bytes_per_second(limiter, 1 << 20, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_rate_limiter_bytes_per_second(limiter), 1 << 20);
    EXPECT_EQ(panrocks_rate_limiter_set_bytes_per_second(limiter, 0, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_rate_limiter_destroy(limiter);

    panrocks_rate_limiter *bad = nullptr;
    EXPECT_EQ(panrocks_rate_limiter_create(0, 100000, 10, 1, 0, &bad, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_rate_limiter_create(1000, 0, 10, 1, 0, &bad, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_rate_limiter_create(1000, 1000, 0, 1, 0, &bad, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_rate_limiter_create(1000, 1000, 10, 3, 0, &bad, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(bad, nullptr);
}

TEST(SstFileManager, TracksFilesAndStopsWritesAtTheLimit) {
    panrocks_sst_file_manager *manager = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_sst_file_manager_create(0, 0.25, 64 << 20, &manager, &err), PANROCKS_OK) << err.message;
    EXPECT_DOUBLE_EQ(panrocks_sst_file_manager_max_trash_db_ratio(manager), 0.25);
    panrocks_sst_file_manager_set_delete_rate(manager, 1 << 20);
    EXPECT_EQ(panrocks_sst_file_manager_delete_rate(manager), 1 << 20);
    panrocks_sst_file_manager_set_delete_rate(manager, 0);
    panrocks_sst_file_manager_set_max_trash_db_ratio(manager, 0.5);
    panrocks_sst_file_manager_set_max_trash_db_ratio(manager, std::nan(""));
    EXPECT_DOUBLE_EQ(panrocks_sst_file_manager_max_trash_db_ratio(manager), 0.5);
    panrocks_open_resources resources{};
    resources.sst_file_manager = manager;
    {
        FamiliesDb db(&resources);
        db.put(nullptr, "k", std::string(10000, 'x'));
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &err), PANROCKS_OK);
        EXPECT_GT(panrocks_sst_file_manager_total_size(manager), 0u);
        uint64_t size = 0;
        uint32_t count = 0;
        ASSERT_EQ(panrocks_sst_file_manager_tracked_files(manager, nullptr, 0, &size, &count, &err), PANROCKS_OK);
        EXPECT_EQ(count, 1u);
        std::string packed(size, '\0');
        ASSERT_EQ(panrocks_sst_file_manager_tracked_files(manager, packed.data(), packed.size(), &size, &count, &err),
                  PANROCKS_OK);
        uint32_t length = 0;
        std::memcpy(&length, packed.data(), 4);
        std::string path = packed.substr(4, length);
        uint64_t bytes = 0;
        std::memcpy(&bytes, packed.data() + 4 + length, 8);
        EXPECT_EQ(path.substr(path.size() - 4), ".sst");
        EXPECT_EQ(bytes, panrocks_sst_file_manager_total_size(manager));

        EXPECT_EQ(panrocks_sst_file_manager_is_max_allowed_space_reached(manager), 0);
        panrocks_sst_file_manager_set_max_allowed_space_usage(manager, 1);
        panrocks_sst_file_manager_set_compaction_buffer_size(manager, 0);
        EXPECT_EQ(panrocks_sst_file_manager_is_max_allowed_space_reached(manager), 1);
        EXPECT_EQ(panrocks_sst_file_manager_is_max_allowed_space_reached_including_compactions(manager), 1);
        db.put(nullptr, "k2", std::string(10000, 'y'));
        int32_t rc = panrocks_flush(db.db, nullptr, 1, &err);
        EXPECT_EQ(rc, PANROCKS_IO_ERROR) << err.message;  // IOError/NoSpace: "Max allowed space was reached"
        panrocks_sst_file_manager_destroy(manager);
    }
    panrocks_sst_file_manager *bad = nullptr;
    EXPECT_EQ(panrocks_sst_file_manager_create(-1, 0.25, 0, &bad, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_sst_file_manager_create(0, std::nan(""), 0, &bad, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_sst_file_manager_create(0, -0.5, 0, &bad, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(bad, nullptr);
    EXPECT_EQ(panrocks_sst_file_manager_total_size(nullptr), 0u);
}

TEST(OpenResources, RowCacheServesRepeatedReads) {
    panrocks_cache *rows = nullptr;
    panrocks_stats *stats = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru(1 << 20, -1, 0, 0.5, 0, &rows, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_stats_create(&stats, &err), PANROCKS_OK);
    panrocks_open_resources resources{};
    resources.row_cache = rows;
    resources.statistics = stats;
    {
        FamiliesDb db(&resources);
        db.put(nullptr, "k", "v");
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &err), PANROCKS_OK);
        panrocks_pin *pin = nullptr;
        ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        uint64_t size = 0;
        for (int i = 0; i < 3; i++) {
            ASSERT_EQ(panrocks_get_copy(db.db, nullptr, nullptr, pin, "k", 1, nullptr, 0, &size, &err), PANROCKS_OK);
        }
        panrocks_pin_destroy(pin);
        EXPECT_EQ(ticker(stats, "rocksdb.row.cache.miss"), 1u);
        EXPECT_EQ(ticker(stats, "rocksdb.row.cache.hit"), 2u);
    }
    panrocks_cache_destroy(rows);
    panrocks_stats_destroy(stats);
}

TEST(Environments, DefaultThreadPoolsAreSetReadAndChecked) {
    panrocks_env *env = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_env_default(&env, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_env_is_mem(env), 0);
    int32_t before = panrocks_env_background_threads(env, PANROCKS_PRIORITY_HIGH);
    ASSERT_GE(before, 0);
    ASSERT_EQ(panrocks_env_set_background_threads(env, before + 2, PANROCKS_PRIORITY_HIGH, 0, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_env_background_threads(env, PANROCKS_PRIORITY_HIGH), before + 2);
    ASSERT_EQ(panrocks_env_set_background_threads(env, 1, PANROCKS_PRIORITY_HIGH, 1, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_env_background_threads(env, PANROCKS_PRIORITY_HIGH), before + 2) << "only_increase never lowers";
    ASSERT_EQ(panrocks_env_set_background_threads(env, before, PANROCKS_PRIORITY_HIGH, 0, &err), PANROCKS_OK);
    EXPECT_GE(panrocks_env_thread_pool_queue_len(env, PANROCKS_PRIORITY_LOW), 0);
    EXPECT_EQ(panrocks_env_lower_thread_pool_priority(env, PANROCKS_PRIORITY_BOTTOM, 0, &err), PANROCKS_OK);

    EXPECT_EQ(panrocks_env_set_background_threads(env, -1, PANROCKS_PRIORITY_LOW, 0, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_env_set_background_threads(env, 1025, PANROCKS_PRIORITY_LOW, 0, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_env_set_background_threads(env, 1, 9, 0, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_env_background_threads(env, 9), -1);
    EXPECT_EQ(panrocks_env_background_threads(nullptr, PANROCKS_PRIORITY_LOW), -1);
    EXPECT_EQ(panrocks_env_thread_pool_queue_len(nullptr, PANROCKS_PRIORITY_LOW), -1);
    EXPECT_EQ(panrocks_env_lower_thread_pool_priority(env, 9, 1, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_env_destroy(env);  // the handle only: the default Env stays
    panrocks_env_destroy(nullptr);
}

TEST(Environments, AnInMemoryEnvKeepsItsDbsFilesOffDisk) {
    panrocks_env *env = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_env_create_mem(&env, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_env_is_mem(env), 1);
    panrocks_open_resources resources{};
    resources.env = env;
    TempDir dir;
    std::string path = dir.path() + "/in-memory";
    {
        FamiliesDb db(&resources, "", path);
        db.put(nullptr, "k", "v");
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &err), PANROCKS_OK) << err.message;
    }
    EXPECT_FALSE(std::filesystem::exists(path)) << "nothing written to the real file system";
    panrocks_env_destroy(env);  // the handle goes; a DB opened on it would keep the Env
}
