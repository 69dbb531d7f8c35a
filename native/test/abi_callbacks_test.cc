// C ABI tests of panrocks_callbacks.h: the registry of callbacks, and IDs
// that name nothing usable. Callbacks are plain C function pointers (the
// JVM's upcall stubs are such pointers). Runs under ASan/UBSan too.
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
using panrocks_test::bad_separator;
using panrocks_test::ComparatorState;
using panrocks_test::Db;
using panrocks_test::id_of;
using panrocks_test::merge_operator;
using panrocks_test::MergeState;
using panrocks_test::read_u64;
using panrocks_test::reverse_comparator;
using panrocks_test::reverse_compare;
using panrocks_test::TempDir;

namespace {

// ---- IDs ---------------------------------------------------------------------------------

TEST(Callbacks, IdsThatNameNothingUsableFailTheOpen) {
    TempDir dir;
    ComparatorState cs;
    panrocks_callback *comparator = reverse_comparator(&cs);
    std::string id = id_of(comparator);
    EXPECT_EQ(id.rfind("panrocks.callback.", 0), 0u);
    char small[4] = {0, 0, 0, 0};
    EXPECT_EQ(panrocks_callback_id(comparator, small, sizeof small), id.size());
    EXPECT_EQ(std::string(small, 4), id.substr(0, 4));
    EXPECT_EQ(panrocks_callback_id(nullptr, small, sizeof small), 0u);
    {
        Db db(dir.path(), "merge_operator=" + id);  // a comparator is not a merge operator
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    {
        Db db(dir.path(), "comparator=panrocks.callback.999999999");
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    {
        Db db(dir.path(), "comparator=panrocks.callback.99999999999999999999999");
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    panrocks_callback_destroy(comparator);
    {
        Db db(dir.path(), "comparator=" + id);  // destroyed
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    panrocks_callback_destroy(nullptr);
    EXPECT_EQ(panrocks_callback_failures(nullptr), 0u);
    panrocks_error err{};
    panrocks_comparator_spec bad{};
    panrocks_callback *out = nullptr;
    EXPECT_EQ(panrocks_comparator_create(&bad, &out, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_merge_operator_spec both{};
    both.name = "x";
    both.full_merge = add_full;
    both.associative_merge = add_step;
    EXPECT_EQ(panrocks_merge_operator_create(&both, &out, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_result_reserve(nullptr, 1, &err), PANROCKS_INVALID_ARGUMENT);
}

}  // namespace
