// The WAL walk (panrocks_wal.h) through the C ABI.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

namespace {

panrocks_db *open_with(const std::string &path, const char *options) {
    panrocks_open_request req{};
    req.path = path.c_str();
    req.db_options = options;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK) << err.message;
    return db;
}

void put(panrocks_db *db, const std::string &k, const std::string &v, uint32_t flags = 0) {
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(db, nullptr, flags, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK)
        << err.message;
}

const char *kKeepWal = "create_if_missing=true;WAL_ttl_seconds=1000;WAL_size_limit_MB=10";

}  // namespace

// RocksDB's iterator over no WAL file at all has no log reader, and its Next()
// dereferences it: the stub starts a new walk instead, until there is a batch.
TEST(Wal, AnEmptyWalkMovesWithoutTouchingAMissingReader) {
    TempDir dir;
    panrocks_db *db = open_with(dir.path(), kKeepWal);
    panrocks_error err{};
    panrocks_wal_iterator *it = nullptr;
    panrocks_wal_batch at{};
    ASSERT_EQ(panrocks_wal_updates_since(db, 0, 1, &it, &at, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(at.valid, 0);
    for (int i = 0; i < 3; i++) {
        ASSERT_EQ(panrocks_wal_iterator_next(it, &at, &err), PANROCKS_OK) << err.message;
        EXPECT_EQ(at.valid, 0);
        EXPECT_EQ(panrocks_wal_iterator_status(it, &err), PANROCKS_OK) << err.message;
    }
    put(db, "a", "1");
    ASSERT_EQ(panrocks_wal_iterator_next(it, &at, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(at.valid, 1);
    EXPECT_EQ(at.sequence, 1u);
    ASSERT_GE(at.size, 12u);
    uint64_t header_sequence = 0;
    std::memcpy(&header_sequence, at.data, 8);  // little-endian hosts
    EXPECT_EQ(header_sequence, 1u);
    panrocks_wal_iterator_destroy(it);
    panrocks_wal_iterator_destroy(nullptr);
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}

TEST(Wal, AGapBeforeTheFirstBatchIsNotFound) {
    TempDir dir;
    panrocks_db *db = open_with(dir.path(), "create_if_missing=true");  // no TTL: flushed WALs are deleted
    for (int i = 0; i < 5; i++) put(db, "k" + std::to_string(i), "v");
    panrocks_error err{};
    ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
    put(db, "new", "v");  // 6
    panrocks_wal_iterator *it = nullptr;
    panrocks_wal_batch at{};
    EXPECT_EQ(panrocks_wal_updates_since(db, 2, 1, &it, &at, &err), PANROCKS_NOT_FOUND);
    EXPECT_NE(std::string(err.message).find("no longer holds sequence 2"), std::string::npos) << err.message;
    EXPECT_EQ(it, nullptr);
    EXPECT_EQ(at.valid, 0);
    EXPECT_EQ(panrocks_wal_updates_since(db, 7, 1, &it, &at, &err), PANROCKS_NOT_FOUND);
    EXPECT_NE(std::string(err.message).find("Requested sequence not yet written"), std::string::npos);
    ASSERT_EQ(panrocks_wal_updates_since(db, 6, 1, &it, &at, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(at.valid, 1);
    EXPECT_EQ(at.sequence, 6u);
    panrocks_wal_iterator_destroy(it);
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}

TEST(Wal, NullHandlesAreInvalidArguments) {
    panrocks_error err{};
    panrocks_wal_batch at{};
    panrocks_wal_iterator *it = nullptr;
    EXPECT_EQ(panrocks_wal_updates_since(nullptr, 0, 1, &it, &at, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_wal_iterator_next(nullptr, &at, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_wal_iterator_status(nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    uint64_t n = 0;
    int32_t type = 0;
    EXPECT_EQ(panrocks_get_current_wal_file(nullptr, nullptr, 0, &n, &n, &n, &n, &type, &err),
              PANROCKS_INVALID_ARGUMENT);
}

TEST(Wal, TheCurrentWalFileIsNamedAndSized) {
    TempDir dir;
    panrocks_db *db = open_with(dir.path(), kKeepWal);
    put(db, "a", "1");
    panrocks_error err{};
    char name[64];
    uint64_t name_size = 0, number = 0, start = 0, size = 0;
    int32_t type = -1;
    ASSERT_EQ(panrocks_get_current_wal_file(db, name, sizeof name, &name_size, &number, &start, &size, &type, &err),
              PANROCKS_OK)
        << err.message;
    std::string n(name, name_size);
    EXPECT_EQ(n.front(), '/');
    EXPECT_NE(n.find(".log"), std::string::npos) << n;
    EXPECT_GT(number, 0u);
    EXPECT_GT(size, 0u);
    EXPECT_EQ(type, PANROCKS_WAL_ALIVE);
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}
