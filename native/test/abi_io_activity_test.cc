// C ABI tests of panrocks_io_activity.h: file IO counted by activity. Runs
// under ASan/UBSan too.
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
