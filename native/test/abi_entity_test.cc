// Wide columns through the C ABI (panrocks_entity.h): PutEntity, GetEntity,
// an iterator's columns, entities in write batches and SST files. On
// engines before RocksDB 8.0 every call must say NotSupported instead.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::OpenDb;
using panrocks_test::TempDir;

namespace {

using Columns = std::vector<std::pair<std::string, std::string>>;

// The ABI's view of columns: it points into them, so they must outlive it.
std::vector<panrocks_wide_column> as_abi(Columns &&columns) = delete;
std::vector<panrocks_wide_column> as_abi(const Columns &columns) {
    std::vector<panrocks_wide_column> out;
    for (auto &c : columns) out.push_back({{c.first.data(), c.first.size()}, {c.second.data(), c.second.size()}});
    return out;
}

Columns read(const panrocks_wide_column *columns, uint64_t count) {
    Columns out;
    for (uint64_t i = 0; i < count; i++) {
        out.emplace_back(std::string(columns[i].name.data, columns[i].name.size),
                         std::string(columns[i].value.data, columns[i].value.size));
    }
    return out;
}

int engine_major() { return std::atoi(panrocks_engine_version()); }

// The entity as RocksDB serializes it (db/wide/wide_column_serialization.h):
// version 1, the count, (name, value size) per column, then the values.
void varint(std::string &out, uint32_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<char>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}

std::string serialize(const Columns &sorted) {
    std::string out;
    varint(out, 1);
    varint(out, static_cast<uint32_t>(sorted.size()));
    for (auto &c : sorted) {
        varint(out, static_cast<uint32_t>(c.first.size()));
        out += c.first;
        varint(out, static_cast<uint32_t>(c.second.size()));
    }
    for (auto &c : sorted) out += c.second;
    return out;
}

}  // namespace

TEST(WideColumns, SupportFollowsTheEngine) {
    EXPECT_EQ(panrocks_wide_columns_supported(), engine_major() >= 8 ? 1 : 0);
    if (panrocks_wide_columns_supported()) return;
    OpenDb t;
    panrocks_error err{};
    const Columns columns_owned{{"a", "1"}};  // the ABI columns point into it
    auto columns = as_abi(columns_owned);
    EXPECT_EQ(panrocks_put_entity(t.db, nullptr, 0, "k", 1, columns.data(), 1, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_NE(std::string(err.message).find("8.0"), std::string::npos) << err.message;
    panrocks_entity *e = nullptr;
    ASSERT_EQ(panrocks_entity_create(&e, &err), PANROCKS_OK);
    const panrocks_wide_column *out = nullptr;
    uint64_t count = 0;
    EXPECT_EQ(panrocks_get_entity(t.db, nullptr, nullptr, e, "k", 1, &out, &count, &err), PANROCKS_NOT_SUPPORTED);
    panrocks_entity_destroy(e);
}

class Entities : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!panrocks_wide_columns_supported()) GTEST_SKIP() << "wide columns need RocksDB 8.0+";
        ASSERT_EQ(panrocks_entity_create(&entity, &err), PANROCKS_OK);
    }
    void TearDown() override { panrocks_entity_destroy(entity); }

    Columns get_entity(panrocks_db *db, const std::string &key, int32_t expect = PANROCKS_OK) {
        const panrocks_wide_column *columns = nullptr;
        uint64_t count = 0;
        EXPECT_EQ(panrocks_get_entity(db, nullptr, nullptr, entity, key.data(), key.size(), &columns, &count, &err),
                  expect)
            << err.message;
        return expect == PANROCKS_OK ? read(columns, count) : Columns{};
    }

    OpenDb t;
    panrocks_error err{};
    panrocks_entity *entity = nullptr;
};

TEST_F(Entities, PutAndGetSortedColumnsWithTheDefaultColumnAsTheValue) {
    Columns written = {{"zeta", "26"}, {"", "plain"}, {"alpha", std::string("\0\1", 2)}};
    auto columns = as_abi(written);
    ASSERT_EQ(panrocks_put_entity(t.db, nullptr, 0, "k", 1, columns.data(), columns.size(), &err), PANROCKS_OK)
        << err.message;
    Columns expected = {{"", "plain"}, {"alpha", std::string("\0\1", 2)}, {"zeta", "26"}};
    EXPECT_EQ(get_entity(t.db, "k"), expected);

    // a plain Get returns the default column
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buffer[64];
    uint64_t size = 0;
    ASSERT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "k", 1, buffer, sizeof buffer, &size, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(buffer, size), "plain");

    // a plain value reads as an entity with the default column only
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "p", 1, "v", 1, &err), PANROCKS_OK);
    EXPECT_EQ(get_entity(t.db, "p"), (Columns{{"", "v"}}));
    get_entity(t.db, "missing", PANROCKS_NOT_FOUND);

    // flushed and compacted, the same
    ASSERT_EQ(panrocks_flush(t.db, nullptr, 1, &err), PANROCKS_OK);
    panrocks_slice none{nullptr, 0};
    ASSERT_EQ(panrocks_compact_range(t.db, nullptr, none, none, &err), PANROCKS_OK);
    EXPECT_EQ(get_entity(t.db, "k"), expected);
    ASSERT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "k", 1, buffer, sizeof buffer, &size, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(buffer, size), "plain");
    panrocks_pin_destroy(pin);

    // an entity without a default column reads as an empty value
    const Columns no_default_owned{{"x", "1"}};  // the ABI columns point into it
    auto no_default = as_abi(no_default_owned);
    ASSERT_EQ(panrocks_put_entity(t.db, nullptr, 0, "n", 1, no_default.data(), 1, &err), PANROCKS_OK);
    EXPECT_EQ(get_entity(t.db, "n"), (Columns{{"x", "1"}}));
    // and so does an empty entity
    ASSERT_EQ(panrocks_put_entity(t.db, nullptr, 0, "e", 1, nullptr, 0, &err), PANROCKS_OK);
    EXPECT_EQ(get_entity(t.db, "e"), Columns{});

    panrocks_entity_release(entity);
    panrocks_entity_release(nullptr);
}

TEST_F(Entities, DuplicateNamesAreRefused) {
    const Columns columns_owned{{"a", "1"}, {"a", "2"}};  // the ABI columns point into it
    auto columns = as_abi(columns_owned);
    EXPECT_EQ(panrocks_put_entity(t.db, nullptr, 0, "k", 1, columns.data(), 2, &err), PANROCKS_CORRUPTION);
    get_entity(t.db, "k", PANROCKS_NOT_FOUND);
    EXPECT_EQ(panrocks_put_entity(nullptr, nullptr, 0, "k", 1, columns.data(), 2, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_put_entity(t.db, nullptr, 0, "k", 1, nullptr, 2, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST_F(Entities, IteratorColumnsFollowTheIterator) {
    const Columns columns_owned{{"b", "2"}, {"a", "1"}};  // the ABI columns point into it
    auto columns = as_abi(columns_owned);
    ASSERT_EQ(panrocks_put_entity(t.db, nullptr, 0, "k1", 2, columns.data(), 2, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "k2", 2, "plain", 5, &err), PANROCKS_OK);
    panrocks_iterator *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(t.db, nullptr, nullptr, &it, &err), PANROCKS_OK);
    panrocks_iter_entry entry{};
    const panrocks_wide_column *out = nullptr;
    uint64_t count = 0;
    EXPECT_EQ(panrocks_iterator_columns(it, &out, &count, &err), PANROCKS_INVALID_ARGUMENT);  // not on an entry
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &entry, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(entry.value, entry.value_size), "");  // value(): the (absent) default column
    ASSERT_EQ(panrocks_iterator_columns(it, &out, &count, &err), PANROCKS_OK);
    EXPECT_EQ(read(out, count), (Columns{{"a", "1"}, {"b", "2"}}));
    ASSERT_EQ(panrocks_iterator_next(it, &entry, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_iterator_columns(it, &out, &count, &err), PANROCKS_OK);
    EXPECT_EQ(read(out, count), (Columns{{"", "plain"}}));
    panrocks_iterator_destroy(it);
}

TEST_F(Entities, AWriteBatchRecordInRocksDbsFormat) {
    // kTypeWideColumnEntity (0x16): key, then the serialized entity
    Columns sorted = {{"", "d"}, {"n", "v"}};
    std::string batch(12, '\0');
    batch.push_back(0x16);
    varint(batch, 1);
    batch += "k";
    std::string entity = serialize(sorted);
    varint(batch, static_cast<uint32_t>(entity.size()));
    batch += entity;
    batch[8] = 1;  // count
    ASSERT_EQ(panrocks_write_batch_data(t.db, 0, batch.data(), batch.size(), &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(get_entity(t.db, "k"), sorted);

    // RocksDB does not check an entity inside a batch: columns out of order
    // are stored, and reading them reports Corruption (the JVM side sorts
    // and checks before it writes a record)
    std::string bad(12, '\0');
    bad.push_back(0x16);
    varint(bad, 1);
    bad += "j";
    std::string wrong = serialize({{"n", "v"}, {"", "d"}});
    varint(bad, static_cast<uint32_t>(wrong.size()));
    bad += wrong;
    bad[8] = 1;
    ASSERT_EQ(panrocks_write_batch_data(t.db, 0, bad.data(), bad.size(), &err), PANROCKS_OK) << err.message;
    get_entity(t.db, "j", PANROCKS_CORRUPTION);
}

TEST_F(Entities, RefusedOnATtlDb) {
    TempDir dir;
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.mode = PANROCKS_OPEN_TTL;
    panrocks_db *db = nullptr;
    ASSERT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK) << err.message;
    const Columns columns_owned{{"a", "1"}};  // the ABI columns point into it
    auto columns = as_abi(columns_owned);
    EXPECT_EQ(panrocks_put_entity(db, nullptr, 0, "k", 1, columns.data(), 1, &err), PANROCKS_NOT_SUPPORTED);
    ASSERT_EQ(panrocks_put(db, nullptr, 0, "k", 1, "v", 1, &err), PANROCKS_OK);
    get_entity(db, "k", PANROCKS_NOT_SUPPORTED);
    panrocks_iterator *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(db, nullptr, nullptr, &it, &err), PANROCKS_OK);
    panrocks_iter_entry entry{};
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &entry, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(entry.value, entry.value_size), "v");
    const panrocks_wide_column *out = nullptr;
    uint64_t count = 0;
    EXPECT_EQ(panrocks_iterator_columns(it, &out, &count, &err), PANROCKS_NOT_SUPPORTED);
    panrocks_iterator_destroy(it);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}

TEST_F(Entities, InSstFilesFromRocksDb86) {
    TempDir dir;
    panrocks_sst_writer *w = nullptr;
    ASSERT_EQ(panrocks_sst_writer_create(nullptr, nullptr, nullptr, &w, &err), PANROCKS_OK);
    std::string path = dir.path() + "/e.sst";
    ASSERT_EQ(panrocks_sst_writer_open(w, path.c_str(), &err), PANROCKS_OK);
    const Columns columns_owned{{"c", "3"}, {"", "d"}};  // the ABI columns point into it
    auto columns = as_abi(columns_owned);
    int32_t rc = panrocks_sst_writer_put_entity(w, "k", 1, columns.data(), 2, &err);
    std::string version = panrocks_engine_version();
    if (rc == PANROCKS_NOT_SUPPORTED) {
        EXPECT_TRUE(engine_major() == 8 && std::atoi(version.c_str() + 2) < 6) << version;
        panrocks_sst_writer_destroy(w);
        return;
    }
    ASSERT_EQ(rc, PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_OK);
    panrocks_sst_writer_destroy(w);
    const char *paths[] = {path.c_str()};
    ASSERT_EQ(panrocks_ingest_external_files(t.db, nullptr, paths, 1, nullptr, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(get_entity(t.db, "k"), (Columns{{"", "d"}, {"c", "3"}}));
}

// Column selection and MultiGetEntity (ABI 9): the filter runs in the stub,
// the results are in key order with each key's status, and a NULL where a
// handle or an array is required is InvalidArgument, not a crash.
TEST_F(Entities, SelectedColumnsAndMultiGetEntity) {
    const Columns written_owned = {{"", "d"}, {"a", "1"}, {std::string("\0\xff", 2), "bin"}, {"b", ""}};
    auto written = as_abi(written_owned);
    ASSERT_EQ(panrocks_put_entity(t.db, nullptr, 0, "k", 1, written.data(), written.size(), &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "p", 1, "v", 1, &err), PANROCKS_OK);

    // selected in any order, listed twice, absent names skipped; the empty name is the default column
    const panrocks_slice names[] = {{"b", 1}, {"", 0}, {"zz", 2}, {"b", 1}, {"\0\xff", 2}};
    const panrocks_wide_column *columns = nullptr;
    uint64_t count = 0;
    ASSERT_EQ(panrocks_get_entity_selected(t.db, nullptr, nullptr, entity, "k", 1, names, 5, &columns, &count, &err),
              PANROCKS_OK)
        << err.message;
    EXPECT_EQ(read(columns, count), (Columns{{"", "d"}, {std::string("\0\xff", 2), "bin"}, {"b", ""}}));
    ASSERT_EQ(panrocks_get_entity_selected(t.db, nullptr, nullptr, entity, "k", 1, nullptr, 0, &columns, &count, &err),
              PANROCKS_OK);
    EXPECT_EQ(count, 0u) << "no names select no column";
    EXPECT_EQ(panrocks_get_entity_selected(t.db, nullptr, nullptr, entity, "x", 1, names, 5, &columns, &count, &err),
              PANROCKS_NOT_FOUND);
    EXPECT_EQ(panrocks_get_entity_selected(t.db, nullptr, nullptr, entity, "k", 1, nullptr, 2, &columns, &count, &err),
              PANROCKS_INVALID_ARGUMENT);

    panrocks_entities *batch = nullptr;
    ASSERT_EQ(panrocks_entities_create(&batch, &err), PANROCKS_OK);
    const panrocks_slice keys[] = {{"k", 1}, {"missing", 7}, {"p", 1}, {"k", 1}};
    const panrocks_entity_result *results = nullptr;
    for (int round = 0; round < 2; round++) {
        ASSERT_EQ(panrocks_multi_get_entity(t.db, nullptr, nullptr, nullptr, batch, keys, 4, nullptr, 0, &results, &err),
                  PANROCKS_OK)
            << err.message;
        EXPECT_EQ(results[0].status, PANROCKS_OK);
        EXPECT_EQ(read(results[0].columns, results[0].count),
                  (Columns{{"", "d"}, {std::string("\0\xff", 2), "bin"}, {"a", "1"}, {"b", ""}}));
        EXPECT_EQ(results[1].status, PANROCKS_NOT_FOUND);
        EXPECT_EQ(results[1].count, 0u);
        EXPECT_EQ(read(results[2].columns, results[2].count), (Columns{{"", "v"}}));
        EXPECT_EQ(read(results[3].columns, results[3].count), read(results[0].columns, results[0].count));
        const panrocks_slice only_a[] = {{"a", 1}};
        ASSERT_EQ(panrocks_multi_get_entity(t.db, nullptr, nullptr, nullptr, batch, keys, 4, only_a, 1, &results, &err),
                  PANROCKS_OK);
        EXPECT_EQ(read(results[0].columns, results[0].count), (Columns{{"a", "1"}}));
        EXPECT_EQ(results[2].count, 0u) << "a plain value has no column a";
        EXPECT_EQ(results[2].status, PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(t.db, nullptr, 1, &err), PANROCKS_OK);
    }
    // per-key families (NULL entries: the default one)
    panrocks_cf *const families[] = {nullptr, nullptr};
    ASSERT_EQ(panrocks_multi_get_entity(t.db, nullptr, families, nullptr, batch, keys, 2, nullptr, 0, &results, &err),
              PANROCKS_OK);
    EXPECT_EQ(results[0].count, 4u);
    EXPECT_EQ(results[1].status, PANROCKS_NOT_FOUND);
    // none, and bad arguments
    ASSERT_EQ(panrocks_multi_get_entity(t.db, nullptr, nullptr, nullptr, batch, nullptr, 0, nullptr, 0, &results, &err),
              PANROCKS_OK);
    EXPECT_EQ(panrocks_multi_get_entity(t.db, nullptr, nullptr, nullptr, batch, nullptr, 3, nullptr, 0, &results, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_multi_get_entity(nullptr, nullptr, nullptr, nullptr, batch, keys, 1, nullptr, 0, &results, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_multi_get_entity(t.db, nullptr, nullptr, nullptr, nullptr, keys, 1, nullptr, 0, &results, &err),
              PANROCKS_INVALID_ARGUMENT);
    panrocks_entities_release(batch);
    panrocks_entities_release(nullptr);
    panrocks_entities_destroy(batch);
    panrocks_entities_destroy(nullptr);
}
