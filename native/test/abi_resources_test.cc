// panrocks_resources.h called directly: block caches, statistics objects,
// write buffer managers, rate limiters, SST file managers and the shared
// objects of an open. Error paths included; the file also runs under ASan
// and UBSan.
#include <gtest/gtest.h>

#include <rocksdb/options.h>
#include <rocksdb/version.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::FamiliesDb;
using panrocks_test::TempDir;

namespace {

uint64_t ticker(panrocks_stats *stats, const char *name, int32_t reset = 0) {
    uint64_t v = 0;
    panrocks_error err{};
    EXPECT_EQ(panrocks_stats_ticker(stats, name, reset, &v, &err), PANROCKS_OK) << err.message;
    return v;
}

std::string text(panrocks_stats *stats, const char *name) {
    uint64_t size = 0;
    panrocks_error err{};
    EXPECT_EQ(panrocks_stats_text(stats, name, nullptr, 0, &size, &err), PANROCKS_OK);
    std::string out(size, '\0');
    EXPECT_EQ(panrocks_stats_text(stats, name, out.data(), out.size(), &size, &err), PANROCKS_OK);
    return out;
}

}  // namespace

TEST(Statistics, SharedObjectCountsEveryDbAndOutlivesItsHandle) {
    panrocks_stats *stats = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_stats_create(&stats, &err), PANROCKS_OK);
    panrocks_open_resources resources{};
    resources.statistics = stats;
    {
        FamiliesDb a(&resources), b(&resources);
        a.put(nullptr, "k", "v");
        b.put(nullptr, "k", "v");
        EXPECT_EQ(ticker(stats, "rocksdb.number.keys.written"), 2u);
        // the DB's own view is the same object
        panrocks_stats *view = nullptr;
        ASSERT_EQ(panrocks_stats_of_db(a.db, &view, &err), PANROCKS_OK);
        EXPECT_EQ(ticker(view, "rocksdb.number.keys.written"), 2u);
        // read and zeroed at once
        EXPECT_EQ(ticker(view, "rocksdb.number.keys.written", 1), 2u);
        EXPECT_EQ(ticker(stats, "rocksdb.number.keys.written"), 0u);
        panrocks_stats_destroy(view);

        // the handle goes, the DBs keep counting into the engine's object
        panrocks_stats_destroy(stats);
        stats = nullptr;
        a.put(nullptr, "k2", "v");
        ASSERT_EQ(panrocks_stats_of_db(a.db, &view, &err), PANROCKS_OK);
        EXPECT_EQ(ticker(view, "rocksdb.number.keys.written"), 1u);
        panrocks_stats_destroy(view);
    }
}

TEST(Statistics, HistogramsTextLevelsAndErrors) {
    panrocks_stats *stats = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_stats_create(&stats, &err), PANROCKS_OK);
    panrocks_open_resources resources{};
    resources.statistics = stats;
    {
        FamiliesDb db(&resources);
        db.put(nullptr, "k", "v");
        char buffer[8];
        uint64_t size = 0;
        panrocks_pin *pin = nullptr;
        ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        for (int i = 0; i < 5; i++) {
            ASSERT_EQ(panrocks_get_copy(db.db, nullptr, nullptr, pin, "k", 1, buffer, sizeof buffer, &size, &err),
                      PANROCKS_OK);
        }
        panrocks_pin_destroy(pin);
        panrocks_histogram h{};
        ASSERT_EQ(panrocks_stats_histogram(stats, "rocksdb.db.get.micros", &h, &err), PANROCKS_OK);
        EXPECT_EQ(h.count, 5u);
        EXPECT_NE(text(stats, "rocksdb.db.get.micros").find("Count: 5"), std::string::npos)
            << text(stats, "rocksdb.db.get.micros");
        EXPECT_NE(text(stats, nullptr).find("rocksdb.number.keys.written COUNT : 1"), std::string::npos);

        uint64_t v = 0;
        EXPECT_EQ(panrocks_stats_ticker(stats, "no.such.ticker", 0, &v, &err), PANROCKS_NOT_FOUND);
        EXPECT_EQ(panrocks_stats_histogram(stats, "no.such.histogram", &h, &err), PANROCKS_NOT_FOUND);
        EXPECT_EQ(panrocks_stats_text(stats, "no.such.histogram", nullptr, 0, &size, &err), PANROCKS_NOT_FOUND);

        EXPECT_EQ(panrocks_stats_level(stats), PANROCKS_STATS_LEVEL_EXCEPT_DETAILED_TIMERS);
        for (int32_t level = PANROCKS_STATS_LEVEL_DISABLE_ALL; level <= PANROCKS_STATS_LEVEL_ALL; level++) {
            ASSERT_EQ(panrocks_stats_set_level(stats, level, &err), PANROCKS_OK);
            EXPECT_EQ(panrocks_stats_level(stats), level);
        }
        EXPECT_EQ(panrocks_stats_set_level(stats, 6, &err), PANROCKS_INVALID_ARGUMENT);
        EXPECT_EQ(panrocks_stats_set_level(stats, -1, &err), PANROCKS_INVALID_ARGUMENT);
        EXPECT_EQ(panrocks_stats_level(nullptr), -1);

        ASSERT_EQ(panrocks_stats_reset(stats, &err), PANROCKS_OK);
        EXPECT_EQ(ticker(stats, "rocksdb.number.keys.written"), 0u);
    }
    panrocks_stats_destroy(stats);
    EXPECT_EQ(panrocks_stats_ticker(nullptr, "rocksdb.number.keys.written", 0, nullptr, &err),
              PANROCKS_INVALID_ARGUMENT);
    panrocks_stats_destroy(nullptr);
}

TEST(Statistics, DbWithoutStatisticsHasNoView) {
    FamiliesDb db(nullptr);
    panrocks_stats *view = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_stats_of_db(db.db, &view, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(view, nullptr);
}

TEST(Caches, LruKnobsAndRefusals) {
    panrocks_cache *cache = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru(1 << 20, 2, 1, 0.5, 0.25, &cache, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_cache_capacity(cache), size_t{1} << 20);
    panrocks_cache_destroy(cache);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (auto ratios : std::vector<std::pair<double, double>>{{nan, 0}, {0, nan}, {-0.1, 0}, {1.1, 0}, {0.6, 0.6},
                                                              {0, std::numeric_limits<double>::infinity()}}) {
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

// Opens dir's DB (created if missing) with cf as its one family and the given shared objects.
static int32_t open_with(const TempDir &dir, panrocks_cf_descriptor *cf, panrocks_open_resources *resources, panrocks_db **db,
                  panrocks_error *err) {
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.cf_count = 1;
    req.cfs = cf;
    req.resources = resources;
    panrocks_cf *handle = nullptr;
    return panrocks_open(&req, db, &handle, err);
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

TEST(IOActivity, FlushesGetsAndIteratorsCountAsTheirOwnActivity) {
    TempDir dir;
    panrocks_cf_descriptor cf{};
    cf.name = "default";
    cf.table_options = "no_block_cache=true";  // every read reaches a file
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(open_with(dir, &cf, nullptr, &db, &err), PANROCKS_OK) << err.message;
    constexpr size_t kCount = PANROCKS_IO_ACTIVITIES * PANROCKS_IO_COUNTERS;
    uint64_t before[kCount], after[kCount];
    auto at = [](const uint64_t *c, int activity, int counter) { return c[activity * PANROCKS_IO_COUNTERS + counter]; };
    std::mt19937 random(7);  // incompressible values: the table's bytes are the data's
    std::string v(500, '\0');
    for (int i = 0; i < 2000; i++) {
        std::string k = "key" + std::to_string(i);
        for (char &c : v) c = static_cast<char>(random());
        ASSERT_EQ(panrocks_put(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK);
    }
    ASSERT_EQ(panrocks_io_activity_counters(db, before, kCount, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_io_activity_counters(db, after, kCount, &err), PANROCKS_OK);
    EXPECT_GT(at(after, PANROCKS_IO_ACTIVITY_FLUSH, PANROCKS_IO_WRITE_BYTES),
              at(before, PANROCKS_IO_ACTIVITY_FLUSH, PANROCKS_IO_WRITE_BYTES) + 500000);
    EXPECT_GT(at(after, PANROCKS_IO_ACTIVITY_OTHER, PANROCKS_IO_WRITE_BYTES), 1000000u);  // the WAL
    std::memcpy(before, after, sizeof before);
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    uint64_t size = 0;
    ASSERT_EQ(panrocks_get_copy(db, nullptr, nullptr, pin, "key7", 4, nullptr, 0, &size, &err), PANROCKS_OK);
    panrocks_pin_destroy(pin);
    ASSERT_EQ(panrocks_io_activity_counters(db, after, kCount, &err), PANROCKS_OK);
    EXPECT_GT(at(after, PANROCKS_IO_ACTIVITY_GET, PANROCKS_IO_READ_OPS), at(before, PANROCKS_IO_ACTIVITY_GET, PANROCKS_IO_READ_OPS));
    EXPECT_EQ(at(after, PANROCKS_IO_ACTIVITY_DB_ITERATOR, PANROCKS_IO_READ_OPS),
              at(before, PANROCKS_IO_ACTIVITY_DB_ITERATOR, PANROCKS_IO_READ_OPS));
    ASSERT_EQ(panrocks_verify_checksum(db, &err), PANROCKS_OK) << err.message;
    std::memcpy(before, after, sizeof before);
    ASSERT_EQ(panrocks_io_activity_counters(db, after, kCount, &err), PANROCKS_OK);
    EXPECT_GT(at(after, PANROCKS_IO_ACTIVITY_VERIFY_DB_CHECKSUM, PANROCKS_IO_READ_BYTES), 500000u);
    EXPECT_EQ(panrocks_io_activity_counters(db, after, 3, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_io_activity_counters(nullptr, after, kCount, &err), PANROCKS_INVALID_ARGUMENT);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}
