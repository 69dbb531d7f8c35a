// C ABI tests of panrocks_merge_operator.h with plain C function pointers:
// full, associative and partial merges, results that grow or name an input,
// failures. Runs under ASan/UBSan too.
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

using panrocks_test::add_full;
using panrocks_test::add_step;
using panrocks_test::Db;
using panrocks_test::id_of;
using panrocks_test::merge_operator;
using panrocks_test::MergeState;
using panrocks_test::read_u64;
using panrocks_test::TempDir;

namespace {

std::string u64(uint64_t v) { return std::string(reinterpret_cast<const char *>(&v), 8); }

int32_t add_partial(void *ctx, const char *, size_t, const panrocks_slice *operands, size_t count,
                    panrocks_result *result) {
    static_cast<MergeState *>(ctx)->partial++;
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++) sum += read_u64(operands[i].data);
    std::memcpy(result->buffer, &sum, 8);
    result->size = 8;
    return 1;
}

// Appends operands with a comma, growing the buffer through reserve.
int32_t append_full(void *, const char *, size_t, const char *existing, size_t existing_length,
                    const panrocks_slice *operands, size_t count, panrocks_result *result) {
    std::string v = existing ? std::string(existing, existing_length) : "";
    for (size_t i = 0; i < count; i++) v += (v.empty() ? "" : ",") + std::string(operands[i].data, operands[i].size);
    panrocks_error err{};
    if (panrocks_result_reserve(result, v.size(), &err) != PANROCKS_OK) return 0;
    EXPECT_GE(result->capacity, v.size());
    std::memcpy(result->buffer, v.data(), v.size());
    result->size = v.size();
    return 1;
}

// Grows twice and writes through pointers into the earlier buffers
// afterwards: harmless (they stay allocated), and not the value.
int32_t regrow_full(void *, const char *, size_t, const char *, size_t, const panrocks_slice *, size_t,
                    panrocks_result *result) {
    panrocks_error err{};
    char *first = result->buffer;
    if (panrocks_result_reserve(result, 100, &err) != PANROCKS_OK) return 0;
    char *second = result->buffer;
    std::memset(second, 'b', 100);
    if (panrocks_result_reserve(result, 10000, &err) != PANROCKS_OK) return 0;
    EXPECT_EQ(std::string(result->buffer, 100), std::string(100, 'b'));  // contents kept
    std::memset(first, 'x', 64);
    std::memset(second, 'x', 100);
    std::memset(result->buffer, 'c', 10000);
    result->size = 10000;
    return 1;
}

// Picks the operand that sorts last (no copy: names it).
int32_t max_full(void *, const char *, size_t, const char *existing, size_t existing_length,
                 const panrocks_slice *operands, size_t count, panrocks_result *result) {
    std::string best = existing ? std::string(existing, existing_length) : "";
    result->source = existing ? PANROCKS_RESULT_EXISTING_VALUE : 0;
    for (size_t i = 0; i < count; i++) {
        std::string s(operands[i].data, operands[i].size);
        if (s > best) {
            best = s;
            result->source = static_cast<int32_t>(i);
        }
    }
    return 1;
}

TEST(Callbacks, FullMergeThroughGetIteratorFlushAndCompaction) {
    TempDir dir;
    MergeState state;
    panrocks_merge_operator_spec spec{};
    spec.context = &state;
    spec.full_merge = add_full;
    spec.partial_merge = add_partial;
    panrocks_callback *cb = merge_operator(spec);
    {
        Db db(dir.path(), "merge_operator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("k", u64(10)), PANROCKS_OK);
        for (int i = 1; i <= 5; i++) ASSERT_EQ(db.merge("k", u64(i)), PANROCKS_OK);
        for (int i = 1; i <= 3; i++) ASSERT_EQ(db.merge("fresh", u64(i)), PANROCKS_OK);
        EXPECT_EQ(read_u64(db.get("k").data()), 25u);
        EXPECT_EQ(read_u64(db.get("fresh").data()), 6u);
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"fresh", "k"}));
        db.flush_and_compact();
        EXPECT_EQ(read_u64(db.get("k").data()), 25u);
        EXPECT_GT(state.full.load(), 0);
        // a wrong operand size: the merge fails, the read says Corruption
        ASSERT_EQ(db.merge("k", "short"), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "<error 2>");
    }
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AFailingFullMergeFailsTheReadAndTheFlush) {
    TempDir dir;
    MergeState state;
    panrocks_merge_operator_spec spec{};
    spec.context = &state;
    spec.full_merge = add_full;
    panrocks_callback *cb = merge_operator(spec);
    {
        Db db(dir.path(), "merge_operator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("k", u64(1)), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", u64(2)), PANROCKS_OK);
        state.fail = true;
        EXPECT_EQ(db.get("k"), "<error 2>");
        EXPECT_EQ(panrocks_callback_failures(cb), 1u);
        EXPECT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_CORRUPTION) << db.err.message;
        EXPECT_GE(db.int_property("rocksdb.background-errors"), 1u);
    }
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AssociativeMergeFoldsAndPartiallyMerges) {
    TempDir dir;
    MergeState state;
    panrocks_merge_operator_spec spec{};
    spec.context = &state;
    spec.associative_merge = add_step;
    panrocks_callback *cb = merge_operator(spec);
    {
        Db db(dir.path(), "merge_operator=" + id_of(cb) + ";disable_auto_compactions=true");
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (int i = 1; i <= 4; i++) ASSERT_EQ(db.merge("k", u64(i)), PANROCKS_OK);
        EXPECT_EQ(read_u64(db.get("k").data()), 10u);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        for (int i = 1; i <= 4; i++) ASSERT_EQ(db.merge("k", u64(100)), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        EXPECT_EQ(read_u64(db.get("k").data()), 410u);
        db.flush_and_compact();
        EXPECT_EQ(read_u64(db.get("k").data()), 410u);
        EXPECT_GT(state.steps.load(), 0);
        state.fail = true;
        ASSERT_EQ(db.merge("k", u64(1)), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "<error 2>");
    }
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, MergeResultsGrowAndMayNameAnInput) {
    TempDir dir;
    panrocks_merge_operator_spec append{};
    append.full_merge = append_full;
    append.name = "test.Append";
    panrocks_merge_operator_spec max{};
    max.full_merge = max_full;
    max.name = "test.Max";
    panrocks_callback *a = merge_operator(append);
    panrocks_callback *m = merge_operator(max);
    std::string big(5000, 'x');
    {
        Db db(dir.path(), "merge_operator=" + id_of(a));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.merge("k", "a"), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", big), PANROCKS_OK);
        panrocks_pin *pin = nullptr;
        panrocks_pin_create(&pin, &db.err);
        panrocks_value v{};
        ASSERT_EQ(panrocks_get_pinned(db.db, nullptr, nullptr, pin, "k", 1, &v, &db.err), PANROCKS_OK);
        EXPECT_EQ(std::string(v.data, v.size), "a," + big);
        panrocks_pin_destroy(pin);
    }
    TempDir dir2;
    {
        Db db(dir2.path(), "merge_operator=" + id_of(m));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("k", "m"), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", "c"), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "m");
        ASSERT_EQ(db.merge("k", "z"), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", "d"), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "z");
        db.flush_and_compact();
        EXPECT_EQ(db.get("k"), "z");
    }
    TempDir dir3;
    panrocks_merge_operator_spec regrow{};
    regrow.full_merge = regrow_full;
    regrow.name = "test.Regrow";
    panrocks_callback *g = merge_operator(regrow);
    {
        Db db(dir3.path(), "merge_operator=" + id_of(g));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.merge("k", "a"), PANROCKS_OK);
        panrocks_pin *pin = nullptr;
        panrocks_pin_create(&pin, &db.err);
        panrocks_value v{};
        ASSERT_EQ(panrocks_get_pinned(db.db, nullptr, nullptr, pin, "k", 1, &v, &db.err), PANROCKS_OK);
        EXPECT_EQ(std::string(v.data, v.size), std::string(10000, 'c'));
        panrocks_pin_destroy(pin);
    }
    panrocks_callback_destroy(g);
    panrocks_callback_destroy(a);
    panrocks_callback_destroy(m);
}

}  // namespace

// A DB that took merges, reopened without its merge operator: RocksDB's log
// recovery fails the merge record of a family without an operator and, under
// point-in-time recovery, drops it and every later record for good. With the
// stand-in, every record is kept; reads that must merge fail as RocksDB fails
// them without an operator, flushes and compactions copy the operands, and a
// reopen with the operator reads every value.
TEST(MergeOperator, AReopenWithoutTheOperatorKeepsEveryRecordOfTheLog) {
    panrocks_test::OpenDb t(panrocks_test::FamilyOptions{"merge_operator=stringappend"});
    panrocks_error err{};
    auto merge = [&](const std::string &k, const std::string &v) {
        return panrocks_merge(t.db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err);
    };
    panrocks_test::put(t.db, "k1", "a");
    ASSERT_EQ(merge("k1", "b"), PANROCKS_OK) << err.message;
    panrocks_test::put(t.db, "k2", "c");
    ASSERT_EQ(merge("k3", "d"), PANROCKS_OK) << err.message;
    panrocks_test::put(t.db, "k4", "e");

    t.reopen(panrocks_test::FamilyOptions{"write_buffer_size=4194304"});  // no merge operator; the log only
    EXPECT_EQ(panrocks_test::get(t.db, "k2"), "c");
    EXPECT_EQ(panrocks_test::get(t.db, "k4"), "e");
    auto read_fails = [&](const std::string &k) {
        panrocks_pin *pin = nullptr;
        ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        char buffer[64];
        uint64_t size = 0;
        EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, k.data(), k.size(), buffer, sizeof buffer, &size, &err),
                  PANROCKS_INVALID_ARGUMENT)
            << k;
        EXPECT_STREQ(err.message, "merge_operator is not properly initialized.");
        panrocks_pin_destroy(pin);
    };
    read_fails("k1");
    read_fails("k3");
    EXPECT_EQ(merge("k5", "x"), PANROCKS_NOT_SUPPORTED);  // merges stay refused, as DB::Merge refuses them
    EXPECT_STREQ(err.message, "Provide a merge_operator when opening DB");
    ASSERT_EQ(panrocks_flush(t.db, nullptr, 1, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_compact_range(t.db, nullptr, panrocks_slice{}, panrocks_slice{}, &err), PANROCKS_OK)
        << err.message;
    read_fails("k1");
    panrocks_test::put(t.db, "k6", "f");  // the DB still writes

    t.reopen(panrocks_test::FamilyOptions{"merge_operator=stringappend"});
    EXPECT_EQ(panrocks_test::get(t.db, "k1"), "a,b");
    EXPECT_EQ(panrocks_test::get(t.db, "k2"), "c");
    EXPECT_EQ(panrocks_test::get(t.db, "k3"), "d");
    EXPECT_EQ(panrocks_test::get(t.db, "k4"), "e");
    EXPECT_EQ(panrocks_test::get(t.db, "k5"), "<missing>");
    EXPECT_EQ(panrocks_test::get(t.db, "k6"), "f");
}
