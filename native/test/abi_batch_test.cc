// C ABI tests of panrocks_batch.h: serialized write batches. Runs under
// ASan/UBSan too.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include <rocksdb/options.h>
#include <rocksdb/version.h>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::OpenDb;
using panrocks_test::put;

namespace {

// A write batch in RocksDB's serialized form, built by hand as the JVM does.
struct BatchBuilder {
    std::string data = std::string(12, '\0');
    uint32_t count = 0;

    static void varint(std::string &out, uint32_t v) {
        while (v >= 0x80) {
            out.push_back(static_cast<char>(v | 0x80));
            v >>= 7;
        }
        out.push_back(static_cast<char>(v));
    }
    BatchBuilder &record(char type, const std::string &a, const std::string *b = nullptr) {
        data.push_back(type);
        varint(data, static_cast<uint32_t>(a.size()));
        data += a;
        if (b != nullptr) {
            varint(data, static_cast<uint32_t>(b->size()));
            data += *b;
        }
        count++;
        std::memcpy(&data[8], &count, 4);
        return *this;
    }
    BatchBuilder &put(const std::string &k, const std::string &v) { return record(0x1, k, &v); }
    BatchBuilder &del(const std::string &k) { return record(0x0, k); }
    BatchBuilder &merge(const std::string &k, const std::string &v) { return record(0x2, k, &v); }
};

}  // namespace

TEST(WriteBatch, SerializedBatchAppliesAtomicallyAndMalformedIsCorruption) {
    OpenDb t;
    put(t.db, "gone", "x");
    BatchBuilder b;
    b.put("a", "1").put("b", std::string(1000, 'z')).del("gone");
    panrocks_error err{};
    ASSERT_EQ(panrocks_write_batch_data(t.db, PANROCKS_WRITE_SYNC, b.data.data(), b.data.size(), &err), PANROCKS_OK)
        << err.message;
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    uint64_t size = 0;
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "b", 1, nullptr, 0, &size, &err), PANROCKS_OK);
    EXPECT_EQ(size, 1000u);
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "gone", 4, nullptr, 0, &size, &err), PANROCKS_NOT_FOUND);

    std::string truncated = b.data.substr(0, b.data.size() - 3);
    EXPECT_EQ(panrocks_write_batch_data(t.db, 0, truncated.data(), truncated.size(), &err), PANROCKS_CORRUPTION);
    EXPECT_GT(err.message_length, 0u);
    EXPECT_EQ(panrocks_write_batch_data(t.db, 0, "short", 5, &err), PANROCKS_CORRUPTION);
    std::string garbage = std::string(12, '\0') + "\x42garbage";
    garbage[8] = 1;
    EXPECT_NE(panrocks_write_batch_data(t.db, 0, garbage.data(), garbage.size(), &err), PANROCKS_OK);
    panrocks_pin_destroy(pin);
}

// RocksDB writes such a batch to the log, fails its merge in the memtable and
// stops the DB (and a later open without the operator drops the log from that
// record on): panrocks refuses it before anything is written.
TEST(WriteBatch, AMergeIntoAFamilyWithoutAnOperatorIsRefusedBeforeTheLog) {
    OpenDb t;
    BatchBuilder b;
    b.put("a", "1").merge("m", "x");
    panrocks_error err{};
    ASSERT_EQ(panrocks_write_batch_data(t.db, 0, b.data.data(), b.data.size(), &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_STREQ(err.message, "Merge requires `ColumnFamilyOptions::merge_operator != nullptr`");
    EXPECT_EQ(panrocks_test::get(t.db, "a"), "<missing>");  // none of the batch
    put(t.db, "b", "2");                                      // and the DB still writes
    t.reopen();
    EXPECT_EQ(panrocks_test::get(t.db, "b"), "2");
    EXPECT_EQ(panrocks_test::get(t.db, "a"), "<missing>");

    OpenDb merging(panrocks_test::FamilyOptions{"merge_operator=stringappend"});
    ASSERT_EQ(panrocks_write_batch_data(merging.db, 0, b.data.data(), b.data.size(), &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_test::get(merging.db, "m"), "x");
}

// PANROCKS_WRITE_NO_MERGE_RECORDS spares the look for merges; a caller that
// breaks the promise loses nothing: the merge is kept, unmerged, and a
// reopen with the operator merges it.
TEST(WriteBatch, ABrokenPromiseOfNoMergeRecordKeepsTheMerge) {
    OpenDb t;
    BatchBuilder b;
    b.put("a", "1").merge("m", "x");
    panrocks_error err{};
    ASSERT_EQ(panrocks_write_batch_data(t.db, PANROCKS_WRITE_NO_MERGE_RECORDS, b.data.data(), b.data.size(), &err),
              PANROCKS_OK)
        << err.message;
    EXPECT_EQ(panrocks_test::get(t.db, "a"), "1");
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buffer[16];
    uint64_t size = 0;
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "m", 1, buffer, sizeof buffer, &size, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_STREQ(err.message, "merge_operator is not properly initialized.");
    panrocks_pin_destroy(pin);
    put(t.db, "b", "2");  // the DB still writes
    t.reopen(panrocks_test::FamilyOptions{"merge_operator=stringappend"});
    EXPECT_EQ(panrocks_test::get(t.db, "m"), "x");
    EXPECT_EQ(panrocks_test::get(t.db, "b"), "2");
}
