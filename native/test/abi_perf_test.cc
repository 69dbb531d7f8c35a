// The per-thread perf level, PerfContext and IOStatsContext (panrocks_perf.h).
#include <rocksdb/version.h>

#include <cstring>
#include <string>
#include <thread>

#include "test_support.h"

using panrocks_test::OpenDb;

namespace {

uint64_t counter(int32_t kind, const char *name) {
    uint32_t offset = panrocks_perf_counter_offset(kind, name);
    EXPECT_NE(offset, PANROCKS_PERF_NO_COUNTER) << name;
    return panrocks_perf_counter(kind, offset);
}

std::string text(int32_t kind, bool exclude_zero) {
    panrocks_error err{};
    uint64_t size = 0;
    EXPECT_EQ(panrocks_perf_text(kind, exclude_zero, nullptr, 0, &size, &err), PANROCKS_OK);
    std::string out(size, '\0');
    EXPECT_EQ(panrocks_perf_text(kind, exclude_zero, out.data(), out.size(), &size, &err), PANROCKS_OK);
    return out;
}

void put(panrocks_db *db, const std::string &key, const std::string &value) {
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(db, nullptr, 0, key.data(), key.size(), value.data(), value.size(), &err), PANROCKS_OK)
        << err.message;
}

}  // namespace

TEST(Perf, LevelsAreTheThreadsAndUnknownOnesAreRefused) {
    panrocks_error err{};
    EXPECT_EQ(panrocks_perf_level(), PANROCKS_PERF_LEVEL_ENABLE_COUNT) << "the engine's default";
    ASSERT_EQ(panrocks_perf_set_level(PANROCKS_PERF_LEVEL_ENABLE_TIME, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_perf_level(), PANROCKS_PERF_LEVEL_ENABLE_TIME);
    int32_t other_thread_level = -1;
    std::thread([&] { other_thread_level = panrocks_perf_level(); }).join();
    EXPECT_EQ(other_thread_level, PANROCKS_PERF_LEVEL_ENABLE_COUNT) << "another thread keeps its own level";
    for (int32_t bad : {0, 7, -1, 1000}) {
        EXPECT_EQ(panrocks_perf_set_level(bad, &err), PANROCKS_INVALID_ARGUMENT) << bad;
        EXPECT_STREQ(err.message, "panrocks: unknown perf level");
    }
    EXPECT_EQ(panrocks_perf_set_level(PANROCKS_PERF_LEVEL_ENABLE_TIME, nullptr), PANROCKS_OK);
    EXPECT_EQ(panrocks_perf_set_level(0, nullptr), PANROCKS_INVALID_ARGUMENT) << "a NULL error record is tolerated";
    EXPECT_EQ(panrocks_perf_level(), PANROCKS_PERF_LEVEL_ENABLE_TIME) << "refused levels change nothing";
    ASSERT_EQ(panrocks_perf_set_level(PANROCKS_PERF_LEVEL_ENABLE_COUNT, &err), PANROCKS_OK);
}

TEST(Perf, EveryCounterOfTheBundledEngineHasAnOffsetInsideItsContext) {
    for (int32_t kind : {PANROCKS_PERF_CONTEXT, PANROCKS_IOSTATS_CONTEXT}) {
        size_t size = 0;
        ASSERT_NE(panrocks_perf_context(kind, &size), nullptr);
        uint32_t count = panrocks_perf_counter_count(kind);
        // RocksDB 9.11.2's 107 and 19, and the 13 and 2 that RocksDB 10 and 11 added
        EXPECT_EQ(count, kind == PANROCKS_PERF_CONTEXT ? 120u : 21u);
        uint32_t absent = 0;
        for (uint32_t i = 0; i < count; i++) {
            const char *name = panrocks_perf_counter_name(kind, i);
            ASSERT_NE(name, nullptr);
            uint32_t offset = panrocks_perf_counter_offset(kind, name);
#if ROCKSDB_MAJOR >= 11
            ASSERT_NE(offset, PANROCKS_PERF_NO_COUNTER) << name;
#else
            if (offset == PANROCKS_PERF_NO_COUNTER) {  // one of the newer engines' counters
                absent++;
                continue;
            }
#endif
            EXPECT_EQ(offset % 8, 0u) << name;
            EXPECT_LE(offset + 8u, size) << name;
        }
#if ROCKSDB_MAJOR < 11
        EXPECT_EQ(absent, kind == PANROCKS_PERF_CONTEXT ? 13u : 2u);
#endif
        (void)absent;
        EXPECT_EQ(panrocks_perf_counter_name(kind, count), nullptr);
        EXPECT_EQ(panrocks_perf_counter_offset(kind, "no_such_counter"), PANROCKS_PERF_NO_COUNTER);
        EXPECT_EQ(panrocks_perf_counter_offset(kind, nullptr), PANROCKS_PERF_NO_COUNTER);
        EXPECT_EQ(panrocks_perf_counter(kind, PANROCKS_PERF_NO_COUNTER), 0u);
        EXPECT_EQ(panrocks_perf_counter(kind, static_cast<uint32_t>(size)), 0u) << "past the end reads 0";
        EXPECT_EQ(panrocks_perf_counter(kind, 3), 0u) << "a misaligned offset reads 0";
    }
    size_t size = 1;
    EXPECT_EQ(panrocks_perf_context(42, &size), nullptr);
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(panrocks_perf_counter_count(42), 0u);
    EXPECT_EQ(panrocks_perf_counter_offset(42, "block_read_count"), PANROCKS_PERF_NO_COUNTER);
}

TEST(Perf, CountersMoveOnTheCallingThreadOnlyAndResetZeroesThem) {
    OpenDb db;
    panrocks_error err{};
    ASSERT_EQ(panrocks_perf_reset(PANROCKS_PERF_CONTEXT, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_perf_reset(PANROCKS_IOSTATS_CONTEXT, &err), PANROCKS_OK);
    put(db.db, "k", "sixteen-bytes-v!");
    EXPECT_GT(counter(PANROCKS_IOSTATS_CONTEXT, "bytes_written"), 0u) << "the WAL write";

    // the same counter, read in place through the context's address
    size_t size = 0;
    const char *ctx = static_cast<const char *>(panrocks_perf_context(PANROCKS_IOSTATS_CONTEXT, &size));
    uint64_t in_place;
    std::memcpy(&in_place, ctx + panrocks_perf_counter_offset(PANROCKS_IOSTATS_CONTEXT, "bytes_written"), 8);
    EXPECT_EQ(in_place, counter(PANROCKS_IOSTATS_CONTEXT, "bytes_written"));

    uint64_t other_thread_bytes = 1;
    std::thread([&] {
        panrocks_perf_reset(PANROCKS_IOSTATS_CONTEXT, nullptr);
        other_thread_bytes = counter(PANROCKS_IOSTATS_CONTEXT, "bytes_written");
    }).join();
    EXPECT_EQ(other_thread_bytes, 0u) << "a fresh thread's context is its own";
    EXPECT_GT(counter(PANROCKS_IOSTATS_CONTEXT, "bytes_written"), 0u) << "and its reset left this one alone";

    EXPECT_NE(text(PANROCKS_IOSTATS_CONTEXT, true).find("bytes_written = "), std::string::npos);
    ASSERT_EQ(panrocks_perf_reset(PANROCKS_IOSTATS_CONTEXT, &err), PANROCKS_OK);
    EXPECT_EQ(counter(PANROCKS_IOSTATS_CONTEXT, "bytes_written"), 0u);
    EXPECT_EQ(text(PANROCKS_IOSTATS_CONTEXT, true), "thread_pool_id = 4");
    EXPECT_EQ(text(PANROCKS_PERF_CONTEXT, false).rfind("user_key_comparison_count = 0, ", 0), 0u);

    EXPECT_EQ(panrocks_perf_reset(42, &err), PANROCKS_INVALID_ARGUMENT);
    uint64_t text_size = 0;
    EXPECT_EQ(panrocks_perf_text(42, 0, nullptr, 0, &text_size, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_perf_text(PANROCKS_PERF_CONTEXT, 0, nullptr, 0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(Perf, PerLevelCountersAreAbsentUntilEnabled) {
    panrocks_error err{};
    uint64_t counters[PANROCKS_PERF_LEVEL_COUNTERS];
    ASSERT_EQ(panrocks_perf_per_level(-1, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_perf_level_counters(0, counters, &err), PANROCKS_NOT_FOUND);
    ASSERT_EQ(panrocks_perf_per_level(1, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_perf_level_counters(0, counters, &err), PANROCKS_NOT_FOUND) << "nothing read yet";
    EXPECT_EQ(panrocks_perf_level_counters(0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_perf_per_level(2, &err), PANROCKS_INVALID_ARGUMENT);
    ASSERT_EQ(panrocks_perf_per_level(-1, &err), PANROCKS_OK);
}

// The bundled engine keeps each thread's contexts on the heap behind a
// thread-local pointer (native/engine/README.md): one address for the
// thread's whole life, another thread's elsewhere, and deleted when the
// thread exits (the sanitizer build's leak check fails the run otherwise).
TEST(Perf, EachThreadHasItsOwnContextsForItsWholeLife) {
    for (int32_t kind : {PANROCKS_PERF_CONTEXT, PANROCKS_IOSTATS_CONTEXT}) {
        size_t size = 0;
        void *mine = panrocks_perf_context(kind, &size);
        ASSERT_NE(mine, nullptr);
        ASSERT_GT(size, 0u);
        EXPECT_EQ(panrocks_perf_context(kind, &size), mine) << "the same address on every call";
        for (int round = 0; round < 64; round++) {
            void *other = nullptr;
            uint64_t fresh = 1;
            std::thread([&] {
                other = panrocks_perf_context(kind, &size);
                fresh = panrocks_perf_counter(kind, 0);
                panrocks_perf_reset(kind, nullptr);
            }).join();
            EXPECT_NE(other, mine) << "another thread's context is its own";
            EXPECT_EQ(fresh, 0u) << "and starts at zero";
        }
    }
}
