// C ABI tests of panrocks_compaction_filter.h with plain C function
// pointers: removing, changing, keeping on failure, under the TTL wrapper.
// Runs under ASan/UBSan too.
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

using panrocks_test::Db;
using panrocks_test::id_of;
using panrocks_test::TempDir;

namespace {

// ---- compaction filters ----------------------------------------------------------------

struct FilterState {
    std::atomic<int> created{0}, released{0}, calls{0};
    std::atomic<int> last_level{-1};
    panrocks_filter_context context{};
};

int64_t create_filter(void *ctx, const panrocks_filter_context *c) {
    auto *s = static_cast<FilterState *>(ctx);
    s->context = *c;
    return ++s->created;
}

void release_filter(void *ctx, int64_t) { static_cast<FilterState *>(ctx)->released++; }

int32_t filter(void *ctx, int64_t token, int32_t level, const char *key, size_t key_length, int32_t type,
               const char *, size_t, panrocks_result *new_value) {
    auto *s = static_cast<FilterState *>(ctx);
    s->calls++;
    s->last_level = level;
    EXPECT_GT(token, 0);
    EXPECT_EQ(type, PANROCKS_VALUE_TYPE_VALUE);
    std::string k(key, key_length);
    if (k.rfind("drop", 0) == 0) return PANROCKS_FILTER_REMOVE;
    if (k.rfind("fail", 0) == 0) return PANROCKS_UPCALL_FAILED;
    if (k.rfind("liar", 0) == 0) {  // claims more bytes than it was given: kept
        new_value->size = new_value->capacity + 1;
        return PANROCKS_FILTER_CHANGE_VALUE;
    }
    if (k.rfind("change", 0) == 0) {
        std::string v = "changed:" + std::string(300, 'v');
        panrocks_error err{};
        if (panrocks_result_reserve(new_value, v.size(), &err) != PANROCKS_OK) return PANROCKS_FILTER_KEEP;
        std::memcpy(new_value->buffer, v.data(), v.size());
        new_value->size = v.size();
        return PANROCKS_FILTER_CHANGE_VALUE;
    }
    return PANROCKS_FILTER_KEEP;
}

TEST(Callbacks, CompactionFilterRemovesChangesAndKeepsOnFailure) {
    TempDir dir;
    FilterState state;
    panrocks_filter_factory_spec spec{};
    spec.name = "test.Filter";
    spec.context = &state;
    spec.create_filter = create_filter;
    spec.filter = filter;
    spec.release_filter = release_filter;
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_filter_factory_create(&spec, &cb, &err), PANROCKS_OK);
    {
        Db db(dir.path(), "compaction_filter_factory=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (const char *k : {"drop1", "drop2", "keep", "fail", "change", "liar"}) ASSERT_EQ(db.put(k, "v"), PANROCKS_OK);
        db.flush_and_compact();
        EXPECT_EQ(db.get("drop1"), "<missing>");
        EXPECT_EQ(db.get("drop2"), "<missing>");
        EXPECT_EQ(db.get("keep"), "v");
        EXPECT_EQ(db.get("fail"), "v");
        EXPECT_EQ(db.get("liar"), "v");
        EXPECT_EQ(db.get("change"), "changed:" + std::string(300, 'v'));
        EXPECT_EQ(panrocks_callback_failures(cb), 2u);  // "fail" and "liar"
        EXPECT_GE(state.created.load(), 1);
        EXPECT_EQ(state.context.is_manual_compaction, 1);
        EXPECT_EQ(state.context.reason, PANROCKS_FILTER_REASON_COMPACTION);
        EXPECT_GE(state.last_level.load(), 0);
    }
    EXPECT_EQ(state.released.load(), state.created.load());
    panrocks_callback_destroy(cb);
}

// DBWithTTL wraps the compaction filter factory: its TtlCompactionFilter
// drops expired entries, then asks the user's filter through the older
// Filter() entry point (the value without its timestamp), which the upcall
// filter answers as FilterV2.
TEST(Callbacks, CompactionFiltersRunUnderTheTtlWrapper) {
    TempDir dir;
    FilterState state;
    panrocks_filter_factory_spec spec{};
    spec.name = "test.Filter";
    spec.context = &state;
    spec.create_filter = create_filter;
    spec.filter = filter;
    spec.release_filter = release_filter;
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_filter_factory_create(&spec, &cb, &err), PANROCKS_OK);
    std::string options = "compaction_filter_factory=" + id_of(cb);
    panrocks_cf_descriptor d{};
    d.name = "default";
    d.options = options.c_str();
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.mode = PANROCKS_OPEN_TTL;
    int32_t ttls[] = {1};
    req.ttls = ttls;
    req.cf_count = 1;
    req.cfs = &d;
    Db db(dir.path(), "");  // only for its helpers: reopened below as a TTL DB
    db.close();
    panrocks_cf *handle = nullptr;
    ASSERT_EQ(panrocks_open(&req, &db.db, &handle, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(db.put("expired", "v"), PANROCKS_OK);
    std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // the TTL clock counts whole seconds
    for (const char *k : {"drop1", "keep", "change"}) ASSERT_EQ(db.put(k, "v"), PANROCKS_OK);
    db.flush_and_compact();
    EXPECT_EQ(db.get("expired"), "<missing>");  // the TTL's own decision, before the filter
    EXPECT_EQ(db.get("drop1"), "<missing>");
    EXPECT_EQ(db.get("keep"), "v");
    EXPECT_EQ(db.get("change"), "changed:" + std::string(300, 'v'));  // its timestamp put back by DBWithTTL
    EXPECT_EQ(state.calls.load(), 3);  // drop1, keep, change: not the expired one
    EXPECT_EQ(panrocks_callback_failures(cb), 0u);
    ASSERT_EQ(db.close(), PANROCKS_OK);
    EXPECT_EQ(state.released.load(), state.created.load());
    panrocks_callback_destroy(cb);
}

}  // namespace
