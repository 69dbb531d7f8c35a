// C ABI tests of panrocks_comparator.h with plain C function pointers (the
// JVM's upcall stubs are such pointers): ordering, failures that fail the
// DB, an indexed batch keeping its comparator alive. Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "panrocks.h"
#include "callback_support.h"
#include "test_support.h"

using panrocks_test::bad_separator;
using panrocks_test::ComparatorState;
using panrocks_test::Db;
using panrocks_test::id_of;
using panrocks_test::reverse_comparator;
using panrocks_test::reverse_compare;
using panrocks_test::TempDir;

namespace {

TEST(Callbacks, ComparatorOrdersKeysAndItsNameIsCheckedAtReopen) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    {
        Db db(dir.path(), "comparator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (const char *k : {"b", "a", "c", "ab"}) ASSERT_EQ(db.put(k, k), PANROCKS_OK);
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"c", "b", "ab", "a"}));
        db.flush_and_compact();
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"c", "b", "ab", "a"}));
        EXPECT_EQ(db.get("ab"), "ab");
        EXPECT_GT(state.compares.load(), 0);
    }
    ComparatorState other_state;
    panrocks_callback *other = reverse_comparator(&other_state, "test.Other");
    {
        Db db(dir.path(), "comparator=" + id_of(other));
        EXPECT_EQ(db.rc, PANROCKS_INVALID_ARGUMENT);
        EXPECT_NE(std::string(db.err.message).find("test.Other"), std::string::npos) << db.err.message;
    }
    {
        Db db(dir.path(), "");  // the default bytewise comparator
        EXPECT_EQ(db.rc, PANROCKS_INVALID_ARGUMENT) << db.err.message;
    }
    {
        Db db(dir.path(), "comparator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"c", "b", "ab", "a"}));
    }
    EXPECT_EQ(panrocks_callback_failures(cb), 0u);
    panrocks_callback_destroy(other);
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AFailingComparatorFailsTheDbWithRocksDbsBackgroundError) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    Db db(dir.path(), "comparator=" + id_of(cb));
    ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
    ASSERT_EQ(db.put("a", "1"), PANROCKS_OK);
    ASSERT_EQ(db.put("b", "2"), PANROCKS_OK);
    state.poison = "boom";
    const char *why = "RuntimeException: boom";
    panrocks_error err{};
    ASSERT_EQ(panrocks_callback_set_failure(cb, why, std::strlen(why), &err), PANROCKS_OK);
    // the memtable insert compares "boom" with its neighbours: answered
    // bytewise, counted, and the DB fails
    EXPECT_EQ(db.put("boom", "3"), PANROCKS_OK);
    EXPECT_GT(panrocks_callback_failures(cb), 0u);
    EXPECT_EQ(db.put("c", "4"), PANROCKS_IO_ERROR);
    EXPECT_NE(std::string(db.err.message).find("test.Reverse"), std::string::npos) << db.err.message;
    EXPECT_NE(std::string(db.err.message).find(why), std::string::npos) << db.err.message;
    EXPECT_NE(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
    EXPECT_EQ(db.get("a"), "1");  // reads go on
    db.close();                   // whatever it reports, it frees everything
    state.poison = nullptr;
    Db again(dir.path(), "comparator=" + id_of(cb));
    ASSERT_EQ(again.rc, PANROCKS_OK) << again.err.message;
    EXPECT_EQ(again.get("b"), "2");
    EXPECT_EQ(again.put("d", "5"), PANROCKS_OK);
    again.close();
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AComparatorFailingInACompactionFailsTheCompaction) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    {
        Db db(dir.path(), "comparator=" + id_of(cb) + ";disable_auto_compactions=true");
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("boom", "1"), PANROCKS_OK);
        ASSERT_EQ(db.put("a", "1"), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        ASSERT_EQ(db.put("boom", "2"), PANROCKS_OK);
        ASSERT_EQ(db.put("b", "2"), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        state.poison = "boom";
        EXPECT_NE(panrocks_compact_range(db.db, nullptr, panrocks_slice{nullptr, 0}, panrocks_slice{nullptr, 0},
                                         &db.err),
                  PANROCKS_OK);
        EXPECT_GE(db.int_property("rocksdb.background-errors"), 1u);
        EXPECT_GT(panrocks_callback_failures(cb), 0u);
        EXPECT_NE(db.put("c", "3"), PANROCKS_OK);
        state.poison = nullptr;
    }
    {
        Db db(dir.path(), "comparator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        EXPECT_EQ(db.get("boom"), "2");
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"boom", "b", "a"}));
    }
    panrocks_callback_destroy(cb);
}

// RocksDB's WriteBatchWithIndex keeps a raw pointer to the comparator of
// each family an update names. A Java comparator is freed once its DB is
// closed and the callback destroyed: the batch keeps it alive (the Java
// side refuses such a batch anyway; here, under ASan, nothing is freed
// under it), and then it answers bytewise as any destroyed callback.
TEST(Callbacks, AnIndexedBatchKeepsItsComparatorAliveAfterItsDbClosed) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    std::string options = "comparator=" + id_of(cb);
    panrocks_cf_descriptor d{};
    d.name = "default";
    d.options = options.c_str();
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.cf_count = 1;
    req.cfs = &d;
    panrocks_db *db = nullptr;
    panrocks_cf *dflt = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, &dflt, &err), PANROCKS_OK) << err.message;
    panrocks_wbwi *b = nullptr;
    ASSERT_EQ(panrocks_wbwi_create(0, 0, &b, &err), PANROCKS_OK);
    for (int i = 0; i < 50; i++) {
        std::string k = "k" + std::to_string(i);
        ASSERT_EQ(panrocks_wbwi_write(b, dflt, PANROCKS_WBWI_OP_PUT, k.data(), k.size(), "v", 1, &err), PANROCKS_OK);
    }
    int before = state.compares.load();
    EXPECT_GT(before, 0);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
    panrocks_callback_destroy(cb);  // as the Java side does once the engine is closed
    // the comparator object is still there, dead: no call reaches the function any more
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "late", 4, "v", 1, &err), PANROCKS_OK);
    char buffer[8];
    uint64_t size = 0;
    int32_t rc = panrocks_wbwi_get_from_batch(b, nullptr, nullptr, "k7", 2, buffer, sizeof buffer, &size, &err);
    EXPECT_TRUE(rc == PANROCKS_OK || rc == PANROCKS_NOT_FOUND) << rc;
    EXPECT_EQ(state.compares.load(), before);
    ASSERT_EQ(panrocks_wbwi_clear(b, &err), PANROCKS_OK);  // lets go of it: freed here (ASan: no leak)
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "k", 1, "v", 1, &err), PANROCKS_OK);
    panrocks_wbwi_destroy(b);
}

}  // namespace
