// C ABI tests of panrocks_wbwi.h: indexed write batches and their
// iterators. Runs plain and under ASan and UBSan.
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::db_get;
using panrocks_test::entry_key;
using panrocks_test::entry_value;
using panrocks_test::TempDir;

TEST(Wbwi, ReadsItsOwnUpdatesAloneAndOverTheDb) {
    panrocks_test::OpenDb t;
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "a", 1, "db-a", 4, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "c", 1, "db-c", 4, &err), PANROCKS_OK);
    panrocks_wbwi *b = nullptr;
    ASSERT_EQ(panrocks_wbwi_create(0, 0, &b, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "b", 1, "batch-b", 7, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_DELETE, "c", 1, nullptr, 0, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_DELETE_RANGE, "a", 1, "z", 1, &err),
              PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(panrocks_wbwi_write(b, nullptr, 42, "a", 1, nullptr, 0, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_wbwi_count(b), 2u);
    EXPECT_GT(panrocks_wbwi_data(b, nullptr, 0), 12u);

    char buffer[32];
    uint64_t size = 0;
    ASSERT_EQ(panrocks_wbwi_get_from_batch(b, nullptr, nullptr, "b", 1, buffer, sizeof buffer, &size, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(buffer, size), "batch-b");
    EXPECT_EQ(panrocks_wbwi_get_from_batch(b, nullptr, nullptr, "c", 1, buffer, sizeof buffer, &size, &err),
              PANROCKS_NOT_FOUND);
    EXPECT_EQ(panrocks_wbwi_get_from_batch(b, nullptr, nullptr, "a", 1, buffer, sizeof buffer, &size, &err),
              PANROCKS_NOT_FOUND);

    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    panrocks_value value{};
    ASSERT_EQ(panrocks_wbwi_get_from_batch_and_db(b, t.db, nullptr, nullptr, pin, "a", 1, buffer, sizeof buffer, 1024,
                                                  &value, &err),
              PANROCKS_OK);
    EXPECT_EQ(std::string(value.data, value.size), "db-a");
    EXPECT_EQ(panrocks_wbwi_get_from_batch_and_db(b, t.db, nullptr, nullptr, pin, "c", 1, buffer, sizeof buffer, 1024,
                                                  &value, &err),
              PANROCKS_NOT_FOUND);
    panrocks_pin_destroy(pin);

    // an iterator over the DB with the batch on top
    panrocks_iterator *base = nullptr, *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(t.db, nullptr, nullptr, &base, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_iterator_with_base(b, t.db, nullptr, base, &it, &err), PANROCKS_OK);
    // a base cannot be taken twice, nor an iterator over a batch used as one
    panrocks_iterator *twice = nullptr;
    EXPECT_EQ(panrocks_wbwi_iterator_with_base(b, t.db, nullptr, it, &twice, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_iter_entry e{};
    std::vector<std::string> seen;
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
    for (; e.valid; panrocks_iterator_next(it, &e, &err)) seen.push_back(entry_key(e) + "=" + entry_value(e));
    EXPECT_EQ(seen, (std::vector<std::string>{"a=db-a", "b=batch-b"}));

    // positioned on the batch's entry while the batch grows: still readable
    ASSERT_EQ(panrocks_iterator_seek(it, "b", 1, &e, &err), PANROCKS_OK);
    const char *v = e.value;
    for (int i = 0; i < 2000; i++) {
        std::string k = "k" + std::to_string(i);
        ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, k.data(), k.size(), "0123456789", 10, &err),
                  PANROCKS_OK);
    }
    EXPECT_EQ(std::string(v, 7), "batch-b");

    ASSERT_EQ(panrocks_wbwi_write_to_db(t.db, 0, b, &err), PANROCKS_OK);
    EXPECT_EQ(db_get(t.db, "b"), "batch-b");
    EXPECT_EQ(db_get(t.db, "c"), "<none>");
    ASSERT_EQ(panrocks_wbwi_clear(b, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_wbwi_count(b), 0u);
    EXPECT_EQ(panrocks_iterator_next(it, &e, &err), PANROCKS_ENDED);
    panrocks_iterator_destroy(it);
    panrocks_wbwi_destroy(b);
}

TEST(Wbwi, SavePointsMergesAndDestroyBeforeItsIterators) {
    TempDir dir;
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    panrocks_cf_descriptor cf{};
    cf.name = "default";
    cf.options = "merge_operator={id=stringappend;delimiter=,}";
    req.cf_count = 1;
    req.cfs = &cf;
    panrocks_db *db = nullptr;
    panrocks_cf *handles[1] = {nullptr};
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, handles, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_merge(db, nullptr, 0, "m", 1, "a", 1, &err), PANROCKS_OK);

    panrocks_wbwi *b = nullptr;
    ASSERT_EQ(panrocks_wbwi_create(64, 0, &b, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_write(b, handles[0], PANROCKS_WBWI_OP_MERGE, "m", 1, "b", 1, &err), PANROCKS_OK);
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    panrocks_value value{};
    char buffer[32];
    ASSERT_EQ(panrocks_wbwi_get_from_batch_and_db(b, db, handles[0], nullptr, pin, "m", 1, buffer, sizeof buffer, 64,
                                                  &value, &err),
              PANROCKS_OK)
        << err.message;
    EXPECT_EQ(std::string(value.data, value.size), "a,b");
    uint64_t size = 0;
    EXPECT_EQ(panrocks_wbwi_get_from_batch(b, db, handles[0], "m", 1, buffer, sizeof buffer, &size, &err),
              PANROCKS_MERGE_IN_PROGRESS);

    EXPECT_EQ(panrocks_wbwi_save_point(b, PANROCKS_SAVE_POINT_ROLLBACK, &err), PANROCKS_NOT_FOUND);
    ASSERT_EQ(panrocks_wbwi_save_point(b, PANROCKS_SAVE_POINT_SET, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "x", 1, "1", 1, &err), PANROCKS_OK);
    panrocks_iterator *base = nullptr, *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(db, nullptr, nullptr, &base, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_iterator_with_base(b, db, nullptr, base, &it, &err), PANROCKS_OK);
    panrocks_iter_entry e{};
    ASSERT_EQ(panrocks_iterator_seek(it, "x", 1, &e, &err), PANROCKS_OK);
    ASSERT_TRUE(e.valid);
    ASSERT_EQ(panrocks_wbwi_save_point(b, PANROCKS_SAVE_POINT_ROLLBACK, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_iterator_next(it, &e, &err), PANROCKS_ENDED);
    EXPECT_EQ(panrocks_wbwi_get_from_batch(b, nullptr, nullptr, "x", 1, buffer, sizeof buffer, &size, &err),
              PANROCKS_NOT_FOUND);

    panrocks_iterator *later_base = nullptr, *later = nullptr;
    ASSERT_EQ(panrocks_iterator_create(db, nullptr, nullptr, &later_base, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_iterator_with_base(b, db, nullptr, later_base, &later, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_iterator_seek_to_first(later, &e, &err), PANROCKS_OK);
    panrocks_wbwi_destroy(b);  // before its iterators: they end
    EXPECT_EQ(panrocks_iterator_next(later, &e, &err), PANROCKS_ENDED);
    panrocks_iterator_destroy(later);
    panrocks_iterator_destroy(it);
    panrocks_pin_destroy(pin);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
}

// Columns of an entry that lives in the batch point into the batch's
// buffer, which the next update may move: they are copied at the move (as
// the key and value are). Under ASan, reading them after 2,000 updates is a
// heap-use-after-free without the copy. An ended iterator refuses columns.
TEST(Wbwi, ColumnsOfABatchEntryOutliveTheBatchMovingAndEndedIteratorsRefuseThem) {
    if (!panrocks_wide_columns_supported()) GTEST_SKIP() << "wide columns need RocksDB 8.0+";
    panrocks_test::OpenDb t;
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "a", 1, "db-a", 4, &err), PANROCKS_OK);
    panrocks_wbwi *b = nullptr;
    ASSERT_EQ(panrocks_wbwi_create(0, 0, &b, &err), PANROCKS_OK);
    const std::string value(300, 'b');
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "b", 1, value.data(), value.size(), &err),
              PANROCKS_OK);
    panrocks_iterator *base = nullptr, *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(t.db, nullptr, nullptr, &base, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_iterator_with_base(b, t.db, nullptr, base, &it, &err), PANROCKS_OK);
    panrocks_iter_entry e{};
    ASSERT_EQ(panrocks_iterator_seek(it, "b", 1, &e, &err), PANROCKS_OK);
    ASSERT_TRUE(e.valid);
    const panrocks_wide_column *columns = nullptr;
    uint64_t count = 0;
    ASSERT_EQ(panrocks_iterator_columns(it, &columns, &count, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(count, 1u);
    const panrocks_slice kept = columns[0].value;
    for (int i = 0; i < 2000; i++) {
        std::string k = "k" + std::to_string(i);
        ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, k.data(), k.size(), "0123456789", 10, &err),
                  PANROCKS_OK);
    }
    EXPECT_EQ(std::string(kept.data, kept.size), value);
    ASSERT_EQ(panrocks_iterator_columns(it, &columns, &count, &err), PANROCKS_OK);
    ASSERT_EQ(count, 1u);
    EXPECT_EQ(columns[0].name.size, 0u);
    EXPECT_EQ(std::string(columns[0].value.data, columns[0].value.size), value);

    // an entry of the DB: its columns are the DB's, as for any iterator
    ASSERT_EQ(panrocks_iterator_seek(it, "a", 1, &e, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_iterator_columns(it, &columns, &count, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(columns[0].value.data, columns[0].value.size), "db-a");

    // the bulk walk leaves it on a batch entry: taken there too
    std::vector<panrocks_iter_entry> entries(2);
    char buffer[4096];
    size_t walked = 0;
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_iterator_next_batch(it, PANROCKS_FORWARD, 0, entries.size(), 2048, buffer, sizeof buffer,
                                           entries.data(), &walked, &err),
              PANROCKS_OK);
    ASSERT_EQ(walked, 2u);
    ASSERT_EQ(entry_key(entries[1]), "b");
    ASSERT_EQ(panrocks_iterator_columns(it, &columns, &count, &err), PANROCKS_OK);
    const panrocks_slice after_walk = columns[0].value;
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "zz", 2, value.data(), value.size(), &err),
              PANROCKS_OK);
    for (int i = 0; i < 2000; i++) {
        std::string k = "m" + std::to_string(i);
        ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, k.data(), k.size(), "0123456789", 10, &err),
                  PANROCKS_OK);
    }
    EXPECT_EQ(std::string(after_walk.data, after_walk.size), value);

    // the batch is freed: the iterator ends, its copies stay, columns() refuses
    panrocks_wbwi_destroy(b);
    EXPECT_EQ(std::string(after_walk.data, after_walk.size), value);
    EXPECT_EQ(panrocks_iterator_columns(it, &columns, &count, &err), PANROCKS_ENDED);
    panrocks_iterator_destroy(it);
}

// Each family's entries are indexed in one order, the one the DB they are
// read or walked with uses: a batch of updates naming no family (bytewise)
// is refused over a reverse-ordered DB instead of walking it out of order.
TEST(Wbwi, EachFamilyKeepsTheOrderOfTheDbItIsUsedWith) {
    TempDir dir;
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    panrocks_cf_descriptor cf{};
    cf.name = "default";
    cf.options = "comparator=rocksdb.ReverseBytewiseComparator";
    req.cf_count = 1;
    req.cfs = &cf;
    panrocks_db *db = nullptr;
    panrocks_cf *dflt[1] = {nullptr};
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, dflt, &err), PANROCKS_OK) << err.message;
    for (const char *k : {"a", "d", "e"}) ASSERT_EQ(panrocks_put(db, nullptr, 0, k, 1, "db", 2, &err), PANROCKS_OK);
    auto walk = [&](panrocks_wbwi *b, int32_t *rc) {
        std::vector<std::string> keys;
        panrocks_iterator *base = nullptr, *it = nullptr;
        EXPECT_EQ(panrocks_iterator_create(db, nullptr, nullptr, &base, &err), PANROCKS_OK);
        *rc = panrocks_wbwi_iterator_with_base(b, db, nullptr, base, &it, &err);
        if (*rc != PANROCKS_OK) {
            panrocks_iterator_destroy(base);
            return keys;
        }
        panrocks_iter_entry e{};
        for (panrocks_iterator_seek_to_first(it, &e, &err); e.valid; panrocks_iterator_next(it, &e, &err)) {
            keys.push_back(entry_key(e));
        }
        panrocks_iterator_destroy(it);
        return keys;
    };

    panrocks_wbwi *unnamed = nullptr;
    ASSERT_EQ(panrocks_wbwi_create(0, 0, &unnamed, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_write(unnamed, nullptr, PANROCKS_WBWI_OP_PUT, "b", 1, "1", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_write(unnamed, nullptr, PANROCKS_WBWI_OP_PUT, "c", 1, "1", 1, &err), PANROCKS_OK);
    int32_t rc = 0;
    walk(unnamed, &rc);
    EXPECT_EQ(rc, PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("rocksdb.ReverseBytewiseComparator"), std::string::npos) << err.message;
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    panrocks_value value{};
    char buffer[32];
    EXPECT_EQ(panrocks_wbwi_get_from_batch_and_db(unnamed, db, nullptr, nullptr, pin, "b", 1, buffer, sizeof buffer,
                                                  64, &value, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_wbwi_write(unnamed, dflt[0], PANROCKS_WBWI_OP_PUT, "x", 1, "1", 1, &err),
              PANROCKS_INVALID_ARGUMENT);
    // clear() forgets the order
    ASSERT_EQ(panrocks_wbwi_clear(unnamed, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_write(unnamed, dflt[0], PANROCKS_WBWI_OP_PUT, "bb", 2, "1", 1, &err), PANROCKS_OK);
    // unnamed updates now follow the family's order
    ASSERT_EQ(panrocks_wbwi_write(unnamed, nullptr, PANROCKS_WBWI_OP_PUT, "c", 1, "1", 1, &err), PANROCKS_OK);
    EXPECT_EQ(walk(unnamed, &rc), (std::vector<std::string>{"e", "d", "c", "bb", "a"}));
    EXPECT_EQ(rc, PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_get_from_batch_and_db(unnamed, db, nullptr, nullptr, pin, "bb", 2, buffer, sizeof buffer,
                                                  64, &value, &err),
              PANROCKS_OK)
        << err.message;
    panrocks_wbwi_destroy(unnamed);

    // an iterator fixes the order of an empty batch while it lives
    panrocks_wbwi *empty = nullptr;
    ASSERT_EQ(panrocks_wbwi_create(0, 0, &empty, &err), PANROCKS_OK);
    panrocks_iterator *base = nullptr, *it = nullptr;
    ASSERT_EQ(panrocks_iterator_create(db, nullptr, nullptr, &base, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_wbwi_iterator_with_base(empty, db, nullptr, base, &it, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_wbwi_write(empty, nullptr, PANROCKS_WBWI_OP_PUT, "z", 1, "1", 1, &err),
              PANROCKS_INVALID_ARGUMENT);
    panrocks_iterator_destroy(it);
    ASSERT_EQ(panrocks_wbwi_write(empty, nullptr, PANROCKS_WBWI_OP_PUT, "z", 1, "1", 1, &err), PANROCKS_OK)
        << "unfixed once the iterator is gone";
    panrocks_wbwi_destroy(empty);
    panrocks_pin_destroy(pin);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
}
