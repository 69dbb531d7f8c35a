// User-defined timestamps through the C ABI (panrocks_timestamps.h): writes
// at a timestamp, reads as of one, the history iterator, and the refusal of
// a serialized batch that writes a family with timestamps.
#include <gtest/gtest.h>

#include <string>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

namespace {

// "default" without timestamps, "ts" with the bytewise U64Ts comparator.
struct TimestampDb {
    TempDir dir;
    panrocks_db *db = nullptr;
    panrocks_cf *ts = nullptr;

    TimestampDb() {
        panrocks_cf_descriptor cfs[2]{};
        cfs[0].name = "default";
        cfs[1].name = "ts";
        cfs[1].options = "comparator=leveldb.BytewiseComparator.u64ts";
        panrocks_open_request req{};
        req.path = dir.path().c_str();
        req.db_options = "create_if_missing=true;create_missing_column_families=true";
        req.cf_count = 2;
        req.cfs = cfs;
        panrocks_cf *handles[2] = {nullptr, nullptr};
        panrocks_error err{};
        EXPECT_EQ(panrocks_open(&req, &db, handles, &err), PANROCKS_OK) << err.message;
        ts = handles[1];
    }
    ~TimestampDb() {
        panrocks_error err{};
        if (db != nullptr) EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
    }

    // the value at `at`, its timestamp in *found_ts; "<missing>" when absent
    std::string get(const std::string &key, uint64_t at, uint64_t *found_ts) {
        panrocks_read_options_spec spec;
        panrocks_read_options_spec_init(&spec);
        panrocks_read_timestamps when{};
        when.has_timestamp = 1;
        when.timestamp = at;
        spec.timestamps = &when;
        panrocks_read_options *options = nullptr;
        panrocks_pin *pin = nullptr;
        panrocks_error err{};
        EXPECT_EQ(panrocks_read_options_create(&spec, &options, &err), PANROCKS_OK);
        EXPECT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        char buffer[64];
        uint64_t size = 0;
        int32_t rc = panrocks_get_with_timestamp(db, ts, options, pin, key.data(), key.size(), buffer, sizeof buffer,
                                                 &size, found_ts, &err);
        panrocks_pin_destroy(pin);
        panrocks_read_options_destroy(options);
        if (rc == PANROCKS_NOT_FOUND) return "<missing>";
        EXPECT_EQ(rc, PANROCKS_OK) << err.message;
        return std::string(buffer, size);
    }
};

}  // namespace

TEST(Timestamps, WritesAtTimestampsReadAsOfOne) {
    TimestampDb t;
    panrocks_error err{};
    uint32_t size = 99;
    ASSERT_EQ(panrocks_timestamp_size(t.db, t.ts, &size, &err), PANROCKS_OK);
    EXPECT_EQ(size, 8u);
    ASSERT_EQ(panrocks_timestamp_size(t.db, nullptr, &size, &err), PANROCKS_OK);
    EXPECT_EQ(size, 0u);
    ASSERT_EQ(panrocks_put_at(t.db, t.ts, 0, "k", 1, 10, "ten", 3, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_put_at(t.db, t.ts, 0, "k", 1, 20, "twenty", 6, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_delete_at(t.db, t.ts, 0, "k", 1, 30, &err), PANROCKS_OK) << err.message;
    uint64_t found = 0;
    EXPECT_EQ(t.get("k", 9, &found), "<missing>");
    EXPECT_EQ(t.get("k", 15, &found), "ten");
    EXPECT_EQ(found, 10u);
    EXPECT_EQ(t.get("k", 29, &found), "twenty");
    EXPECT_EQ(found, 20u);
    EXPECT_EQ(t.get("k", 30, &found), "<missing>");

    // a timestamp where the family has none, and none where it has them
    EXPECT_EQ(panrocks_put_at(t.db, nullptr, 0, "k", 1, 10, "v", 1, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_put(t.db, t.ts, 0, "k", 1, "v", 1, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(Timestamps, TheHistoryIteratorShowsUserKeysEveryVersionAndTombstones) {
    TimestampDb t;
    panrocks_error err{};
    ASSERT_EQ(panrocks_put_at(t.db, t.ts, 0, "a", 1, 1, "a1", 2, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put_at(t.db, t.ts, 0, "a", 1, 2, "a2", 2, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_delete_at(t.db, t.ts, 0, "b", 1, 3, &err), PANROCKS_OK);
    panrocks_read_options_spec spec;
    panrocks_read_options_spec_init(&spec);
    panrocks_read_timestamps when{};
    when.has_timestamp = 1;
    when.timestamp = 100;
    when.has_iter_start = 1;
    when.iter_start = 0;
    spec.timestamps = &when;
    panrocks_iterator *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(t.db, t.ts, &spec, &it, &err), PANROCKS_OK) << err.message;
    panrocks_iter_entry e{};
    std::string seen;
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
    while (e.valid) {
        uint64_t ts = 0;
        int32_t deleted = -1;
        ASSERT_EQ(panrocks_iterator_timestamp(it, &ts, &deleted, &err), PANROCKS_OK) << err.message;
        seen += std::string(e.key, e.key_size) + "@" + std::to_string(ts) + (deleted ? "x" : "=") +
                std::string(e.value, e.value_size) + " ";
        ASSERT_EQ(panrocks_iterator_next(it, &e, &err), PANROCKS_OK);
    }
    EXPECT_EQ(seen, "a@2=a2 a@1=a1 b@3x ");
    // past the end: not on an entry
    uint64_t ts = 0;
    int32_t deleted = 0;
    EXPECT_EQ(panrocks_iterator_timestamp(it, &ts, &deleted, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_iterator_destroy(it);
}

TEST(Timestamps, ASerializedBatchMayNotWriteAFamilyWithTimestamps) {
    TimestampDb t;
    panrocks_error err{};
    // header (sequence 0, count 1), then kTypeColumnFamilyValue, family 1 ("ts"), key "k", value "v"
    std::string batch(8, '\0');
    batch += std::string("\x01\x00\x00\x00", 4);
    batch += std::string("\x05\x01\x01k\x01v", 6);
    EXPECT_EQ(panrocks_write_batch_data(t.db, 0, batch.data(), batch.size(), &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("user-defined timestamps"), std::string::npos) << err.message;
    uint64_t found = 0;
    EXPECT_EQ(t.get("k", UINT64_MAX, &found), "<missing>");
    // the same record for the default family (0) is written
    std::string plain(8, '\0');
    plain += std::string("\x01\x00\x00\x00", 4);
    plain += std::string("\x01\x01k\x01v", 5);
    EXPECT_EQ(panrocks_write_batch_data(t.db, 0, plain.data(), plain.size(), &err), PANROCKS_OK) << err.message;
}
