// C ABI tests of panrocks_db.h, called directly as the JVM calls it: the library's
// versions, option defaults, opening (read-only, TTL and secondary modes
// included) and closing, error records. Runs under ASan/UBSan through
// -DPANROCKS_SANITIZE=ON too.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <rocksdb/options.h>
#include <rocksdb/version.h>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::close;
using panrocks_test::defaults;
using panrocks_test::get;
using panrocks_test::open;
using panrocks_test::OpenDb;
using panrocks_test::put;
using panrocks_test::TempDir;

TEST(Library, ReportsAbiAndEngineVersions) {
    EXPECT_EQ(panrocks_abi_version(), static_cast<uint32_t>(PANROCKS_ABI_VERSION));
    // the engine linked in is the one whose headers the tests (and the stub) were compiled against
    const std::string headers = std::to_string(ROCKSDB_MAJOR) + "." + std::to_string(ROCKSDB_MINOR) + "." +
                                std::to_string(ROCKSDB_PATCH);
    EXPECT_EQ(std::string(panrocks_engine_version()), headers);
    EXPECT_GE(ROCKSDB_MAJOR * 100 + ROCKSDB_MINOR, 708) << "panrocks supports RocksDB 7.8 and later";
}

TEST(Open, MissingDbWithoutCreateFailsWithRocksDbsMessage) {
    TempDir dir;
    panrocks_open_request req{};
    std::string path = dir.path() + "/absent";
    req.path = path.c_str();
    req.db_options = "create_if_missing=false";
    panrocks_db *db = nullptr;
    panrocks_error err{};
    int32_t rc = panrocks_open(&req, &db, nullptr, &err);
    EXPECT_EQ(rc, PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(err.code, PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(db, nullptr);
    EXPECT_NE(std::string(err.message).find("does not exist"), std::string::npos) << err.message;
    EXPECT_EQ(err.message_length, std::strlen(err.message));
}

TEST(Open, BadOptionStringIsInvalidArgument) {
    TempDir dir;
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true;no_such_option=1";
    panrocks_db *db = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("no_such_option"), std::string::npos) << err.message;
}

TEST(Open, NullArgumentsAreReportedNotCrashed) {
    panrocks_error err{};
    panrocks_db *db = nullptr;
    EXPECT_EQ(panrocks_open(nullptr, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_put(nullptr, nullptr, 0, "k", 1, "v", 1, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_close(nullptr, &err), PANROCKS_OK);
    panrocks_pin_destroy(nullptr);
    panrocks_pin_release(nullptr);
    panrocks_cache_destroy(nullptr);
    panrocks_read_options_destroy(nullptr);
}

TEST(Errors, LongMessagesAreTruncatedAndTerminated) {
    TempDir dir;
    std::string deep = dir.path() + "/" + std::string(1500, 'd');
    panrocks_open_request req{};
    req.path = deep.c_str();
    req.db_options = "create_if_missing=false";
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_NE(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK);
    EXPECT_GT(err.message_length, static_cast<uint32_t>(PANROCKS_MESSAGE_CAPACITY - 1));
    EXPECT_EQ(std::strlen(err.message), static_cast<size_t>(PANROCKS_MESSAGE_CAPACITY - 1));
}

TEST(OptionDefaults, OptionStringsOfTheEngine) {
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

TEST(Ttl, EntriesExpireAtCompactionAndReadsStripTheTimestamp) {
    TempDir dir;
    int32_t ttls[] = {1};
    panrocks_db *db = open(dir.path(), PANROCKS_OPEN_TTL, "create_if_missing=true", ttls);
    ASSERT_NE(db, nullptr);
    put(db, "a", "value");
    EXPECT_EQ(get(db, "a"), "value");  // no timestamp bytes
    // the batched read strips them too
    panrocks_error err{};
    panrocks_multiget *scratch = nullptr;
    ASSERT_EQ(panrocks_multiget_create(&scratch, &err), PANROCKS_OK);
    panrocks_slice keys[] = {{"a", 1}, {"b", 1}};
    panrocks_multiget_entry entries[2];
    char buffer[64];
    ASSERT_EQ(panrocks_multi_get(db, nullptr, nullptr, scratch, 2, keys, PANROCKS_MULTIGET_COPY, buffer, sizeof buffer,
                                 entries, &err),
              PANROCKS_OK);
    EXPECT_EQ(std::string(entries[0].data, entries[0].size), "value");
    EXPECT_EQ(entries[1].status, PANROCKS_NOT_FOUND);
    panrocks_multiget_destroy(scratch);

    panrocks_cf_descriptor d{};
    d.name = "short";
    panrocks_cf *cf = nullptr;
    ASSERT_EQ(panrocks_create_column_family_with_ttl(db, &d, 1, &cf, &err), PANROCKS_OK) << err.message;
    put(db, "b", "x", cf);
    std::this_thread::sleep_for(std::chrono::milliseconds(2100));
    EXPECT_EQ(get(db, "a"), "value");  // expired, but still there until a compaction
    panrocks_slice none{nullptr, 0};
    ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_compact_range(db, nullptr, none, none, &err), PANROCKS_OK);
    EXPECT_EQ(get(db, "a"), "<missing>");
    ASSERT_EQ(panrocks_flush(db, cf, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_compact_range(db, cf, none, none, &err), PANROCKS_OK);
    EXPECT_EQ(get(db, "b", cf), "<missing>");
    close(db);

    OpenDb plain;
    EXPECT_EQ(panrocks_create_column_family_with_ttl(plain.db, &d, 1, &cf, &err), PANROCKS_NOT_SUPPORTED);
}

// DBWithTTL's own iterator strips 4 bytes from every value without looking:
// a value shorter than its timestamp (written before the DB had a TTL) came
// out with a size of 2^64 - 3. Every iterator path stops on it with the
// Corruption a point read returns (under ASan: no read out of bounds).
TEST(Ttl, IteratorsStopWithCorruptionOnValuesWithoutATimestamp) {
    TempDir dir;
    panrocks_db *plain = open(dir.path());
    ASSERT_NE(plain, nullptr);
    put(plain, "a", "xy");                              // shorter than a timestamp
    put(plain, "c", std::string("old\0\0\0\0", 7));   // a timestamp of 0: before TTLs existed
    close(plain);
    int32_t ttls[] = {0};
    panrocks_db *db = open(dir.path(), PANROCKS_OPEN_TTL, "", ttls);
    ASSERT_NE(db, nullptr);
    put(db, "b", "fine");
    put(db, "d", "fine too");
    panrocks_error err{};
    for (int round = 0; round < 2; round++) {  // memtable, then an SST file
        char buffer[64];
        uint64_t size = 0;
        panrocks_pin *pin = nullptr;
        ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        EXPECT_EQ(panrocks_get_copy(db, nullptr, nullptr, pin, "a", 1, buffer, sizeof buffer, &size, &err),
                  PANROCKS_CORRUPTION);
        panrocks_pin_destroy(pin);

        panrocks_iterator *it = nullptr;
        ASSERT_EQ(panrocks_iterator_create(db, nullptr, nullptr, &it, &err), PANROCKS_OK);
        panrocks_iter_entry e{};
        ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
        EXPECT_EQ(e.valid, 0);
        EXPECT_EQ(panrocks_iterator_status(it, &err), PANROCKS_CORRUPTION);
        EXPECT_NE(std::string(err.message).find("less than timestamp"), std::string::npos) << err.message;
        ASSERT_EQ(panrocks_iterator_seek(it, "b", 1, &e, &err), PANROCKS_OK);
        ASSERT_EQ(e.valid, 1);
        EXPECT_EQ(std::string(e.value, e.value_size), "fine");
        ASSERT_EQ(panrocks_iterator_next(it, &e, &err), PANROCKS_OK);
        EXPECT_EQ(e.valid, 0);
        EXPECT_EQ(panrocks_iterator_status(it, &err), PANROCKS_CORRUPTION);
        EXPECT_NE(std::string(err.message).find("Timestamp"), std::string::npos) << err.message;
        ASSERT_EQ(panrocks_iterator_seek_to_last(it, &e, &err), PANROCKS_OK);
        ASSERT_EQ(e.valid, 1);
        EXPECT_EQ(std::string(e.value, e.value_size), "fine too");

        // the bulk walk and the collecting walk report it as their failure
        panrocks_iter_entry entries[8];
        char walk[1024];
        size_t count = 0;
        ASSERT_EQ(panrocks_iterator_seek(it, "b", 1, &e, &err), PANROCKS_OK);
        EXPECT_EQ(panrocks_iterator_next_batch(it, PANROCKS_FORWARD, 0, 8, 512, walk, sizeof walk, entries, &count,
                                               &err),
                  PANROCKS_CORRUPTION);
        EXPECT_EQ(count, 1u);
        ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
        panrocks_collect_result result{};
        EXPECT_EQ(panrocks_iterator_collect(it, 8, 1 << 20, 1, 0, walk, sizeof walk, entries, &result, &err),
                  PANROCKS_CORRUPTION);
        EXPECT_EQ(result.count, 0u);
        panrocks_iterator_destroy(it);
        panrocks_slice none{nullptr, 0};
        ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        ASSERT_EQ(panrocks_compact_range(db, nullptr, none, none, &err), PANROCKS_OK) << err.message;
    }
    close(db);
}

TEST(Secondary, FollowsItsPrimary) {
    TempDir dir, secondary;
    std::string primary_path = dir.path();
    panrocks_db *primary = open(primary_path);
    put(primary, "a", "1");
    panrocks_db *follower =
        open(primary_path, PANROCKS_OPEN_SECONDARY, "max_open_files=-1", nullptr, secondary.path().c_str());
    ASSERT_NE(follower, nullptr);
    EXPECT_EQ(get(follower, "a"), "1");
    put(primary, "b", "2");
    EXPECT_EQ(get(follower, "b"), "<missing>");
    panrocks_error err{};
    ASSERT_EQ(panrocks_try_catch_up_with_primary(follower, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(get(follower, "b"), "2");
    EXPECT_NE(panrocks_put(follower, nullptr, 0, "c", 1, "3", 1, &err), PANROCKS_OK);  // read-only
    // RocksDB's secondary would write the primary's MANIFEST here: refused
    panrocks_cf_descriptor d{};
    d.name = "new";
    panrocks_cf *cf = nullptr;
    EXPECT_EQ(panrocks_create_column_family(follower, &d, &cf, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(panrocks_drop_column_family(follower, panrocks_default_cf(follower), &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(panrocks_try_catch_up_with_primary(primary, &err), PANROCKS_NOT_SUPPORTED);
    close(follower);
    close(primary);

    panrocks_open_request req{};
    req.path = primary_path.c_str();
    req.mode = PANROCKS_OPEN_SECONDARY;  // no secondary_path
    panrocks_db *db = nullptr;
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    req.mode = 99;
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
}
