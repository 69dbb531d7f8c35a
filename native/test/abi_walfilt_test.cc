// panrocks_walfilt.h through the C ABI with plain C function pointers: a
// WAL filter named in the DB options sees the replayed batches, its
// answers act, a failed filter ends the open with NotSupported and loses
// nothing; and a batch with a WAL termination point is written whole.
// Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

namespace {

struct Seen {
    std::vector<std::string> names;
    std::vector<uint64_t> records;  // batch sizes
    int32_t answer_for_second = PANROCKS_WAL_CONTINUE_PROCESSING;
};

void families(void *context, size_t count, const uint32_t *, const uint64_t *, const char *const *names,
              const size_t *lengths) {
    auto *seen = static_cast<Seen *>(context);
    for (size_t i = 0; i < count; i++) seen->names.emplace_back(names[i], lengths[i]);
}

int32_t record(void *context, uint64_t, const char *, size_t, const char *, size_t batch_size,
               panrocks_wal_new_batch *) {
    auto *seen = static_cast<Seen *>(context);
    seen->records.push_back(batch_size);
    return seen->records.size() == 2 ? seen->answer_for_second : PANROCKS_WAL_CONTINUE_PROCESSING;
}

panrocks_wal_filter *make_filter(Seen *seen) {
    panrocks_wal_filter_spec spec{};
    spec.name = "test.filter";
    spec.context = seen;
    spec.column_families = families;
    spec.record_found = record;
    panrocks_wal_filter *filter = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_wal_filter_create(&spec, &filter, &err), PANROCKS_OK) << err.message;
    return filter;
}

std::string id_of(panrocks_wal_filter *filter) {
    std::string id(panrocks_wal_filter_id(filter, nullptr, 0), '\0');
    panrocks_wal_filter_id(filter, &id[0], id.size());
    return id;
}

int32_t open_db(const std::string &path, const std::string &options, panrocks_db **db, panrocks_error *err) {
    panrocks_open_request req{};
    req.path = path.c_str();
    req.db_options = options.c_str();
    return panrocks_open(&req, db, nullptr, err);
}

void write_three(const std::string &path) {
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(open_db(path, "create_if_missing=true", &db, &err), PANROCKS_OK) << err.message;
    for (const char *k : {"a", "b", "c"}) ASSERT_EQ(panrocks_put(db, nullptr, 0, k, 1, "v", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}

bool has(panrocks_db *db, const char *key) {
    char buffer[8];
    uint64_t size = 0;
    panrocks_error err{};
    panrocks_pin *pin = nullptr;
    EXPECT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    const int32_t rc = panrocks_get_copy(db, nullptr, nullptr, pin, key, 1, buffer, sizeof buffer, &size, &err);
    panrocks_pin_destroy(pin);
    EXPECT_TRUE(rc == PANROCKS_OK || rc == PANROCKS_NOT_FOUND) << err.message;
    return rc == PANROCKS_OK;
}

}  // namespace

TEST(WalFilter, SeesEveryRecordAndItsAnswersAct) {
    TempDir dir;
    write_three(dir.path());
    Seen seen;
    seen.answer_for_second = PANROCKS_WAL_IGNORE_CURRENT_RECORD;
    panrocks_wal_filter *filter = make_filter(&seen);
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(open_db(dir.path(), "wal_filter=" + id_of(filter), &db, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(seen.names, std::vector<std::string>{"default"});
    EXPECT_EQ(seen.records.size(), 3u);
    EXPECT_EQ(panrocks_wal_filter_records(filter), 3u);
    EXPECT_TRUE(has(db, "a"));
    EXPECT_FALSE(has(db, "b"));
    EXPECT_TRUE(has(db, "c"));
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
    panrocks_wal_filter_destroy(filter);
}

TEST(WalFilter, AFailedFilterEndsTheOpenWithNotSupportedAndLosesNothing) {
    TempDir dir;
    write_three(dir.path());
    Seen seen;
    seen.answer_for_second = INT32_MIN;  // PANROCKS_UPCALL_FAILED
    panrocks_wal_filter *filter = make_filter(&seen);
    panrocks_db *db = nullptr;
    panrocks_error err{};
    EXPECT_EQ(open_db(dir.path(), "wal_filter=" + id_of(filter), &db, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_NE(std::string(err.message).find("test.filter"), std::string::npos) << err.message;
    EXPECT_EQ(seen.records.size(), 2u) << "not called after it failed";
    EXPECT_EQ(panrocks_wal_filter_failures(filter), 1u);
    panrocks_wal_filter_destroy(filter);
    ASSERT_EQ(open_db(dir.path(), "", &db, &err), PANROCKS_OK) << err.message;
    EXPECT_TRUE(has(db, "a") && has(db, "b") && has(db, "c"));
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}

TEST(WalFilter, ADestroyedFilterIsRefusedAtOpen) {
    TempDir dir;
    write_three(dir.path());
    Seen seen;
    panrocks_wal_filter *filter = make_filter(&seen);
    const std::string id = id_of(filter);
    panrocks_wal_filter_destroy(filter);
    panrocks_db *db = nullptr;
    panrocks_error err{};
    EXPECT_NE(open_db(dir.path(), "wal_filter=" + id, &db, &err), PANROCKS_OK);
    EXPECT_TRUE(seen.records.empty());
}

TEST(WalFilter, ABatchWithATerminationPointIsWrittenWhole) {
    TempDir dir;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(open_db(dir.path(), "create_if_missing=true", &db, &err), PANROCKS_OK) << err.message;
    // header (count 2), put "a"="1", then put "b"="2" after the point
    const char batch[] = {0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 1, 'a', 1, '1', 1, 1, 'b', 1, '2'};
    ASSERT_EQ(panrocks_write_batch_data_wal_terminated(db, 0, batch, sizeof batch, 17, 1, &err), PANROCKS_OK)
        << err.message;
    EXPECT_TRUE(has(db, "a"));
    EXPECT_TRUE(has(db, "b"));
    EXPECT_EQ(panrocks_write_batch_data_wal_terminated(db, 0, batch, sizeof batch, 30, 1, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_write_batch_data_wal_terminated(db, 0, batch, sizeof batch, 17, 3, &err),
              PANROCKS_INVALID_ARGUMENT);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}

TEST(WalFilter, ABatchWithATerminationPointWritingAMissingFamilyIsRefused) {
    TempDir dir;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(open_db(dir.path(), "create_if_missing=true", &db, &err), PANROCKS_OK) << err.message;
    // header (count 2), put "a"="1", then, after the point, a put into family 7 (record type 5)
    const char batch[] = {0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 1, 'a', 1, '1', 5, 7, 1, 'b', 1, '2'};
    EXPECT_EQ(panrocks_write_batch_data_wal_terminated(db, 0, batch, sizeof batch, 17, 1, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("column family 7"), std::string::npos) << err.message;
    EXPECT_FALSE(has(db, "a"));  // nothing of a refused batch is written
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}
