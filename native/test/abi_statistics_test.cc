// C ABI tests of panrocks_statistics.h: a DB's own statistics and shared
// statistics objects. Error paths included; runs under ASan/UBSan too.
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
using panrocks_test::OpenDb;
using panrocks_test::put;
using panrocks_test::TempDir;
using panrocks_test::ticker;

TEST(Statistics, TheDbsOwnStatisticsByName) {
    TempDir dir;
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.enable_statistics = 1;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK);
    put(db, "k", "v");
    panrocks_stats *stats = nullptr;
    ASSERT_EQ(panrocks_stats_of_db(db, &stats, &err), PANROCKS_OK) << err.message;
    uint64_t written = 0;
    ASSERT_EQ(panrocks_stats_ticker(stats, "rocksdb.number.keys.written", 0, &written, &err), PANROCKS_OK);
    EXPECT_EQ(written, 1u);
    EXPECT_EQ(panrocks_stats_ticker(stats, "rocksdb.no.such.ticker", 0, &written, &err), PANROCKS_NOT_FOUND);
    panrocks_histogram h{};
    ASSERT_EQ(panrocks_stats_histogram(stats, "rocksdb.db.write.micros", &h, &err), PANROCKS_OK);
    EXPECT_EQ(h.count, 1u);
    ASSERT_EQ(panrocks_stats_reset(stats, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_stats_ticker(stats, "rocksdb.number.keys.written", 0, &written, &err), PANROCKS_OK);
    EXPECT_EQ(written, 0u);
    panrocks_stats_destroy(stats);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);

    OpenDb without;
    EXPECT_EQ(panrocks_stats_of_db(without.db, &stats, &err), PANROCKS_NOT_SUPPORTED);
}

namespace {

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
