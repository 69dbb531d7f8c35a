// panrocks_compat.h called directly: statistics objects, flush and
// compact-range options, iterator refresh, caches, write buffer managers,
// rate limiters, SST file managers, the shared objects of an open, option
// defaults. Error paths included; the file also runs under ASan and UBSan.
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

using panrocks_test::TempDir;

namespace {

// An open DB with families "default" and "second", and shared objects.
class CompatDb {
  public:
    explicit CompatDb(const panrocks_open_resources *resources, const std::string &db_options = "",
                      const std::string &path = "")
        : path_(path.empty() ? dir_.path() : path) {
        panrocks_cf_descriptor cfs[2]{};
        cfs[0].name = "default";
        cfs[1].name = "second";
        panrocks_open_request req{};
        req.path = path_.c_str();
        std::string options = "create_if_missing=true;create_missing_column_families=true";
        if (!db_options.empty()) options += ";" + db_options;
        req.db_options = options.c_str();
        req.cf_count = 2;
        req.cfs = cfs;
        req.resources = resources;
        panrocks_cf *handles[2] = {nullptr, nullptr};
        panrocks_error err{};
        int32_t rc = panrocks_open(&req, &db, handles, &err);
        EXPECT_EQ(rc, PANROCKS_OK) << err.message;
        second = handles[1];
    }
    ~CompatDb() {
        panrocks_error err{};
        if (db != nullptr) EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
    }
    void put(panrocks_cf *cf, const std::string &k, const std::string &v) {
        panrocks_error err{};
        ASSERT_EQ(panrocks_put(db, cf, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK) << err.message;
    }
    uint64_t files_at_level(panrocks_cf *cf, int level) {
        std::string name = "rocksdb.num-files-at-level" + std::to_string(level);
        char buffer[32];
        uint64_t size = 0;
        panrocks_error err{};
        EXPECT_EQ(panrocks_get_property(db, cf, name.c_str(), buffer, sizeof buffer - 1, &size, &err), PANROCKS_OK);
        buffer[std::min<uint64_t>(size, sizeof buffer - 1)] = '\0';
        return std::stoull(buffer);
    }
    panrocks_db *db = nullptr;
    panrocks_cf *second = nullptr;

  private:
    TempDir dir_;
    std::string path_;
};

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

std::string defaults(int32_t kind) {
    uint64_t size = 0;
    panrocks_error err{};
    EXPECT_EQ(panrocks_default_options(kind, nullptr, 0, &size, &err), PANROCKS_OK) << err.message;
    std::string out(size, '\0');
    EXPECT_EQ(panrocks_default_options(kind, out.data(), out.size(), &size, &err), PANROCKS_OK);
    return out;
}

}  // namespace

TEST(CompatStatistics, SharedObjectCountsEveryDbAndOutlivesItsHandle) {
    panrocks_stats *stats = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_stats_create(&stats, &err), PANROCKS_OK);
    panrocks_open_resources resources{};
    resources.statistics = stats;
    {
        CompatDb a(&resources), b(&resources);
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
        uint64_t written = 0;
        ASSERT_EQ(panrocks_statistics_ticker(a.db, "rocksdb.number.keys.written", &written, &err), PANROCKS_OK);
        EXPECT_EQ(written, 1u);
    }
}

TEST(CompatStatistics, HistogramsTextLevelsAndErrors) {
    panrocks_stats *stats = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_stats_create(&stats, &err), PANROCKS_OK);
    panrocks_open_resources resources{};
    resources.statistics = stats;
    {
        CompatDb db(&resources);
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

TEST(CompatStatistics, DbWithoutStatisticsHasNoView) {
    CompatDb db(nullptr);
    panrocks_stats *view = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_stats_of_db(db.db, &view, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(view, nullptr);
}

TEST(CompatFlush, FlushesSeveralFamiliesTogether) {
    CompatDb db(nullptr);
    db.put(nullptr, "a", "1");
    db.put(db.second, "b", "2");
    panrocks_cf *both[2] = {nullptr, db.second};
    panrocks_error err{};
    ASSERT_EQ(panrocks_flush_families(db.db, both, 2, 1, 0, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(db.files_at_level(nullptr, 0), 1u);
    EXPECT_EQ(db.files_at_level(db.second, 0), 1u);
    // count 0: the default family only
    db.put(nullptr, "c", "3");
    db.put(db.second, "d", "4");
    ASSERT_EQ(panrocks_flush_families(db.db, nullptr, 0, 1, 1, &err), PANROCKS_OK);
    EXPECT_EQ(db.files_at_level(nullptr, 0), 2u);
    EXPECT_EQ(db.files_at_level(db.second, 0), 1u);
    EXPECT_EQ(panrocks_flush_families(db.db, nullptr, 1, 1, 0, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(CompatCompactRange, DefaultsAreTheEnginesAndTargetLevelMovesFiles) {
    panrocks_compact_range_options o;
    std::memset(&o, 0x5a, sizeof o);
    panrocks_compact_range_options_init(&o);
    const rocksdb::CompactRangeOptions engine;  // header-only defaults
    EXPECT_EQ(o.exclusive_manual_compaction, engine.exclusive_manual_compaction ? 1 : 0);
    EXPECT_EQ(o.change_level, 0);
    EXPECT_EQ(o.target_level, -1);
    EXPECT_EQ(o.target_path_id, 0);
    EXPECT_EQ(o.bottommost_level_compaction, PANROCKS_BOTTOMMOST_IF_HAVE_COMPACTION_FILTER);
    EXPECT_EQ(o.allow_write_stall, engine.allow_write_stall ? 1 : 0);
    EXPECT_EQ(o.max_subcompactions, 0);

    // level_compaction_dynamic_level_bytes=false: level 2 is a legal target on 7.8 and 9.x
    CompatDb db(nullptr);
    panrocks_error err{};
    for (int i = 0; i < 3; i++) {
        db.put(nullptr, "k" + std::to_string(i), "v");
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &err), PANROCKS_OK);
    }
    EXPECT_EQ(db.files_at_level(nullptr, 0), 3u);
    o.change_level = 1;
    o.target_level = 2;
    o.bottommost_level_compaction = PANROCKS_BOTTOMMOST_FORCE;
    panrocks_slice open{};
    ASSERT_EQ(panrocks_compact_range_with(db.db, nullptr, open, open, &o, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(db.files_at_level(nullptr, 0), 0u);
    EXPECT_EQ(db.files_at_level(nullptr, 2), 1u);

    // NULL options: the defaults
    ASSERT_EQ(panrocks_compact_range_with(db.db, nullptr, open, open, nullptr, &err), PANROCKS_OK);

    o.bottommost_level_compaction = 9;
    EXPECT_EQ(panrocks_compact_range_with(db.db, nullptr, open, open, &o, &err), PANROCKS_INVALID_ARGUMENT);
    o.bottommost_level_compaction = PANROCKS_BOTTOMMOST_SKIP;
    o.target_level = -2;
    EXPECT_EQ(panrocks_compact_range_with(db.db, nullptr, open, open, &o, &err), PANROCKS_INVALID_ARGUMENT);
    o.target_level = 1;
    o.max_subcompactions = -1;
    EXPECT_EQ(panrocks_compact_range_with(db.db, nullptr, open, open, &o, &err), PANROCKS_INVALID_ARGUMENT);
    // a level the family does not have: the engine says so
    o.max_subcompactions = 0;
    o.target_level = 50;
    EXPECT_EQ(panrocks_compact_range_with(db.db, nullptr, open, open, &o, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(CompatIterator, RefreshSeesNewWritesAndLeavesNoEntry) {
    CompatDb db(nullptr);
    db.put(nullptr, "a", "1");
    panrocks_error err{};
    panrocks_read_options_spec spec;
    panrocks_read_options_spec_init(&spec);
    panrocks_iterator *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(db.db, nullptr, &spec, &it, &err), PANROCKS_OK);
    panrocks_iter_entry e{};
    ASSERT_EQ(panrocks_iterator_seek_to_last(it, &e, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(e.key, e.key_size), "a");
    db.put(nullptr, "b", "2");
    ASSERT_EQ(panrocks_iterator_seek_to_last(it, &e, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(e.key, e.key_size), "a") << "an iterator reads the state of its creation";
    std::memset(&e, 0x5a, sizeof e);
    ASSERT_EQ(panrocks_iterator_refresh(it, nullptr, &e, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(e.valid, 0);
    EXPECT_EQ(e.key, nullptr);
    ASSERT_EQ(panrocks_iterator_seek_to_last(it, &e, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(e.key, e.key_size), "b");

    // back to a snapshot: engine 8.x and later
    panrocks_snapshot *snapshot = nullptr;
    ASSERT_EQ(panrocks_snapshot_create(db.db, &snapshot, &err), PANROCKS_OK);
    db.put(nullptr, "c", "3");
    int32_t rc = panrocks_iterator_refresh(it, snapshot, &e, &err);
#if ROCKSDB_MAJOR >= 8
    ASSERT_EQ(rc, PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_iterator_seek_to_last(it, &e, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(e.key, e.key_size), "b");
#else
    EXPECT_EQ(rc, PANROCKS_NOT_SUPPORTED);
#endif
    ASSERT_EQ(panrocks_iterator_refresh(it, nullptr, &e, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_iterator_seek_to_last(it, &e, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(e.key, e.key_size), "c");
    panrocks_iterator_destroy(it);
    panrocks_snapshot_release(db.db, snapshot);
    EXPECT_EQ(panrocks_iterator_refresh(nullptr, nullptr, &e, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(CompatCaches, LruKnobsAndRefusals) {
    panrocks_cache *cache = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru_with(1 << 20, 2, 1, 0.5, 0.25, &cache, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_cache_capacity(cache), size_t{1} << 20);
    panrocks_cache_destroy(cache);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (auto ratios : std::vector<std::pair<double, double>>{{nan, 0}, {0, nan}, {-0.1, 0}, {1.1, 0}, {0.6, 0.6},
                                                              {0, std::numeric_limits<double>::infinity()}}) {
        cache = nullptr;
        EXPECT_EQ(panrocks_cache_create_lru_with(1 << 20, -1, 0, ratios.first, ratios.second, &cache, &err),
                  PANROCKS_INVALID_ARGUMENT);
        EXPECT_EQ(cache, nullptr);
    }
    EXPECT_EQ(panrocks_cache_create_lru_with(1 << 20, 20, 0, 0, 0, &cache, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_cache_create_lru_with(1 << 20, -2, 0, 0, 0, &cache, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_cache_capacity(nullptr), 0u);
}

TEST(CompatCaches, HyperClockCacheServesAsBlockCache) {
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

TEST(CompatWriteBufferManager, BudgetIsSharedAndChargedToTheCache) {
    panrocks_cache *cache = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru_with(64 << 20, -1, 0, 0.5, 0, &cache, &err), PANROCKS_OK);
    panrocks_write_buffer_manager *manager = nullptr;
    ASSERT_EQ(panrocks_write_buffer_manager_create(32 << 20, cache, 0, &manager, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_write_buffer_manager_buffer_size(manager), size_t{32} << 20);
    EXPECT_EQ(panrocks_write_buffer_manager_cost_to_cache(manager), 1);
    panrocks_open_resources resources{};
    resources.write_buffer_manager = manager;
    {
        CompatDb a(&resources), b(&resources);
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

TEST(CompatRateLimiter, CountsBackgroundWritesAndRefusesWhatTheEngineAsserts) {
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
        CompatDb db(&resources);
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

TEST(CompatSstFileManager, TracksFilesAndStopsWritesAtTheLimit) {
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
        CompatDb db(&resources);
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

TEST(CompatOpen, RowCacheServesRepeatedReads) {
    panrocks_cache *rows = nullptr;
    panrocks_stats *stats = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_cache_create_lru_with(1 << 20, -1, 0, 0.5, 0, &rows, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_stats_create(&stats, &err), PANROCKS_OK);
    panrocks_open_resources resources{};
    resources.row_cache = rows;
    resources.statistics = stats;
    {
        CompatDb db(&resources);
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

TEST(CompatDefaults, OptionStringsOfTheEngine) {
    std::string db = defaults(PANROCKS_OPTIONS_DB);
    EXPECT_NE(db.find("create_if_missing=false"), std::string::npos) << db;
    EXPECT_NE(db.find("max_open_files=-1"), std::string::npos);
    std::string cf = defaults(PANROCKS_OPTIONS_COLUMN_FAMILY);
    EXPECT_NE(cf.find("write_buffer_size=67108864"), std::string::npos) << cf;
    EXPECT_NE(cf.find("compaction_style=kCompactionStyleLevel"), std::string::npos);
    std::string table = defaults(PANROCKS_OPTIONS_BLOCK_BASED_TABLE);
    EXPECT_NE(table.find("block_size=4096"), std::string::npos) << table;
    uint64_t size = 0;
    panrocks_error err{};
    EXPECT_EQ(panrocks_default_options(3, nullptr, 0, &size, &err), PANROCKS_INVALID_ARGUMENT);
    // never past the capacity
    char small[8];
    std::memset(small, '#', sizeof small);
    ASSERT_EQ(panrocks_default_options(PANROCKS_OPTIONS_DB, small, 4, &size, &err), PANROCKS_OK);
    EXPECT_EQ(size, db.size());
    EXPECT_EQ(std::string(small + 4, 4), "####");
}
