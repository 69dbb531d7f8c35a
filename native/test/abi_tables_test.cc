// C ABI tests of panrocks_tables.h: table properties of a DB's files, the
// SST file reader (refusals before open, iteration, properties), and
// iterators with a table filter.
#include <cstring>
#include <string>
#include <vector>

#include "test_support.h"

using panrocks_test::OpenDb;
using panrocks_test::TempDir;

namespace {

// Reads the encoding of panrocks_tables.h far enough for the tests: the
// numbers of one properties record, and the comparator's name.
struct Decoded {
    std::vector<uint64_t> numbers;
    std::string column_family, comparator;
};

uint64_t u64(const char *&at) {
    uint64_t v;
    std::memcpy(&v, at, sizeof v);
    at += sizeof v;
    return v;
}

std::string str(const char *&at) {
    uint64_t n = u64(at);
    std::string s(at, n);
    at += n;
    return s;
}

Decoded decode(const char *&at) {
    Decoded d;
    uint64_t count = u64(at);
    for (uint64_t i = 0; i < count; i++) d.numbers.push_back(u64(at));
    d.column_family = str(at);
    str(at);  // filter policy
    d.comparator = str(at);
    for (int i = 0; i < 4; i++) str(at);
    for (int m = 0; m < 2; m++) {
        uint64_t pairs = u64(at);
        for (uint64_t i = 0; i < 2 * pairs; i++) str(at);
    }
    return d;
}

constexpr int kNumEntries = 10;

void put(panrocks_db *db, const std::string &k, const std::string &v) {
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK) << err.message;
}

void flush(panrocks_db *db) {
    panrocks_error err{};
    ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
}

}  // namespace

TEST(Tables, PropertiesOfAllTablesAndInRange) {
    OpenDb d;
    put(d.db, "a", "1");
    put(d.db, "b", "2");
    flush(d.db);
    put(d.db, "x", "3");
    flush(d.db);
    panrocks_error err{};
    panrocks_blob *blob = nullptr;
    ASSERT_EQ(panrocks_properties_of_all_tables(d.db, nullptr, &blob, &err), PANROCKS_OK) << err.message;
    const char *at = panrocks_blob_data(blob);
    const char *end = at + panrocks_blob_size(blob);
    ASSERT_EQ(u64(at), 2u);
    uint64_t entries = 0;
    for (int i = 0; i < 2; i++) {
        std::string name = str(at);
        EXPECT_NE(name.find(".sst"), std::string::npos) << name;
        Decoded p = decode(at);
        ASSERT_EQ(p.numbers.size(), static_cast<size_t>(PANROCKS_TABLE_PROPERTIES_NUMBERS));
        entries += p.numbers[kNumEntries];
        EXPECT_EQ(p.column_family, "default");
        EXPECT_EQ(p.comparator, "leveldb.BytewiseComparator");
    }
    EXPECT_EQ(at, end);
    EXPECT_EQ(entries, 3u);
    panrocks_blob_destroy(blob);

    panrocks_slice bounds[2] = {{"w", 1}, {"z", 1}};
    ASSERT_EQ(panrocks_properties_of_tables_in_range(d.db, nullptr, bounds, 1, &blob, &err), PANROCKS_OK);
    at = panrocks_blob_data(blob);
    EXPECT_EQ(u64(at), 1u);
    panrocks_blob_destroy(blob);
    ASSERT_EQ(panrocks_properties_of_tables_in_range(d.db, nullptr, nullptr, 0, &blob, &err), PANROCKS_OK);
    at = panrocks_blob_data(blob);
    EXPECT_EQ(u64(at), 0u);
    panrocks_blob_destroy(blob);
    panrocks_blob_destroy(nullptr);

    EXPECT_EQ(panrocks_properties_of_all_tables(nullptr, nullptr, &blob, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_properties_of_tables_in_range(d.db, nullptr, nullptr, 1, &blob, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(Tables, SstReaderRefusesEverythingBeforeASuccessfulOpen) {
    TempDir dir;
    panrocks_error err{};
    panrocks_sst_reader *reader = nullptr;
    ASSERT_EQ(panrocks_sst_reader_create(nullptr, nullptr, &reader, &err), PANROCKS_OK) << err.message;
    panrocks_iterator *it = nullptr;
    panrocks_blob *blob = nullptr;
    EXPECT_EQ(panrocks_sst_reader_iterator(reader, nullptr, &it, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_sst_reader_verify_checksum(reader, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_sst_reader_properties(reader, &blob, &err), PANROCKS_INVALID_ARGUMENT);
    std::string missing = dir.path() + "/missing.sst";
    EXPECT_NE(panrocks_sst_reader_open(reader, missing.c_str(), &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_sst_reader_iterator(reader, nullptr, &it, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_sst_reader_destroy(reader);
    panrocks_sst_reader_destroy(nullptr);
}

TEST(Tables, SstReaderIteratesAndDescribesAWrittenFile) {
    TempDir dir;
    std::string path = dir.path() + "/f.sst";
    panrocks_error err{};
    panrocks_sst_writer *writer = nullptr;
    ASSERT_EQ(panrocks_sst_writer_create(nullptr, nullptr, nullptr, &writer, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_sst_writer_open(writer, path.c_str(), &err), PANROCKS_OK) << err.message;
    for (char c = 'a'; c <= 'e'; c++) {
        std::string k(1, c);
        ASSERT_EQ(panrocks_sst_writer_put(writer, k.data(), 1, "v", 1, &err), PANROCKS_OK) << err.message;
    }
    ASSERT_EQ(panrocks_sst_writer_finish(writer, nullptr, &err), PANROCKS_OK) << err.message;
    panrocks_sst_writer_destroy(writer);

    panrocks_sst_reader *reader = nullptr;
    ASSERT_EQ(panrocks_sst_reader_create(nullptr, nullptr, &reader, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_reader_open(reader, path.c_str(), &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_sst_reader_verify_checksum(reader, &err), PANROCKS_OK) << err.message;
    panrocks_blob *blob = nullptr;
    ASSERT_EQ(panrocks_sst_reader_properties(reader, &blob, &err), PANROCKS_OK);
    const char *at = panrocks_blob_data(blob);
    Decoded p = decode(at);
    EXPECT_EQ(p.numbers[kNumEntries], 5u);
    EXPECT_EQ(at, panrocks_blob_data(blob) + panrocks_blob_size(blob));
    panrocks_blob_destroy(blob);

    panrocks_iterator *it = nullptr;
    ASSERT_EQ(panrocks_sst_reader_iterator(reader, nullptr, &it, &err), PANROCKS_OK) << err.message;
    panrocks_iter_entry entry{};
    std::string keys;
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &entry, &err), PANROCKS_OK);
    while (entry.valid) {
        keys.append(entry.key, entry.key_size);
        ASSERT_EQ(panrocks_iterator_next(it, &entry, &err), PANROCKS_OK);
    }
    EXPECT_EQ(keys, "abcde");
    ASSERT_EQ(panrocks_iterator_seek_for_prev(it, "cc", 2, &entry, &err), PANROCKS_OK);
    ASSERT_TRUE(entry.valid);
    EXPECT_EQ(std::string(entry.key, entry.key_size), "c");
    panrocks_iterator_destroy(it);
    panrocks_sst_reader_destroy(reader);
}

namespace {

struct FilterCalls {
    int calls = 0;
    int answer = 1;
};

int32_t count_and_answer(void *context, const char *properties, size_t size) {
    auto *f = static_cast<FilterCalls *>(context);
    f->calls++;
    const char *at = properties;
    Decoded p = decode(at);
    EXPECT_EQ(static_cast<size_t>(at - properties), size);
    EXPECT_EQ(p.comparator, "leveldb.BytewiseComparator");
    return f->answer;
}

int count_keys(panrocks_db *db, FilterCalls *filter) {
    panrocks_error err{};
    panrocks_iterator *it = nullptr;
    EXPECT_EQ(panrocks_iterator_create_filtered(db, nullptr, nullptr, filter ? count_and_answer : nullptr, filter,
                                                &it, &err),
              PANROCKS_OK)
        << err.message;
    panrocks_iter_entry entry{};
    int n = 0;
    EXPECT_EQ(panrocks_iterator_seek_to_first(it, &entry, &err), PANROCKS_OK);
    while (entry.valid) {
        n++;
        EXPECT_EQ(panrocks_iterator_next(it, &entry, &err), PANROCKS_OK);
    }
    panrocks_iterator_destroy(it);
    return n;
}

}  // namespace

TEST(Tables, ATableFilterSkipsFilesAndAFailedOneReadsThem) {
    OpenDb d;
    put(d.db, "a", "1");
    flush(d.db);
    put(d.db, "b", "2");
    flush(d.db);
    put(d.db, "c", "memtable");
    EXPECT_EQ(count_keys(d.db, nullptr), 3);
    FilterCalls skip;
    skip.answer = 0;
    EXPECT_EQ(count_keys(d.db, &skip), 1);
    EXPECT_EQ(skip.calls, 2);
    FilterCalls failed;
    failed.answer = PANROCKS_UPCALL_FAILED;
    EXPECT_EQ(count_keys(d.db, &failed), 3);
    EXPECT_EQ(failed.calls, 2);
}
