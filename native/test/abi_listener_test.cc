// C ABI tests of panrocks_listener.h with a plain C function pointer:
// flushes, compactions and background errors. Runs under ASan/UBSan too.
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

// ---- event listeners ---------------------------------------------------------------------

struct ListenerState {
    std::atomic<int> flushes{0}, compactions{0}, errors{0}, stalls{0};
    std::string flushed_cf;
    uint64_t flushed_entries = 0;
    uint64_t compaction_inputs = 0;
    int32_t error_code = 0;
};

void on_event(void *ctx, int32_t event, const void *info) {
    auto *s = static_cast<ListenerState *>(ctx);
    switch (event) {
        case PANROCKS_EVENT_FLUSH_COMPLETED: {
            auto *f = static_cast<const panrocks_flush_info *>(info);
            s->flushed_cf.assign(f->cf_name.data, f->cf_name.size);
            s->flushed_entries = f->num_entries;
            s->flushes++;
            break;
        }
        case PANROCKS_EVENT_COMPACTION_COMPLETED:
            s->compaction_inputs = static_cast<const panrocks_compaction_info *>(info)->input_files;
            s->compactions++;
            break;
        case PANROCKS_EVENT_BACKGROUND_ERROR:
            s->error_code = static_cast<const panrocks_background_error_info *>(info)->code;
            s->errors++;
            break;
        case PANROCKS_EVENT_STALL_CONDITIONS_CHANGED: s->stalls++; break;
        default: ADD_FAILURE() << "unknown event " << event;
    }
}

TEST(Callbacks, ListenerSeesFlushesCompactionsAndBackgroundErrors) {
    TempDir dir;
    ListenerState state;
    panrocks_listener_spec spec{};
    spec.name = "test.Listener";
    spec.context = &state;
    spec.on_event = on_event;
    spec.events = PANROCKS_EVENT_FLUSH_COMPLETED | PANROCKS_EVENT_COMPACTION_COMPLETED | PANROCKS_EVENT_BACKGROUND_ERROR;
    panrocks_callback *listener = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_listener_create(&spec, &listener, &err), PANROCKS_OK);
    ComparatorState cs;
    panrocks_callback *comparator = reverse_comparator(&cs);
    {
        Db db(dir.path(), "comparator=" + id_of(comparator), "listeners=" + id_of(listener));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (int i = 0; i < 10; i++) ASSERT_EQ(db.put("k" + std::to_string(i), "v"), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        ASSERT_EQ(db.put("k", "v"), PANROCKS_OK);
        db.flush_and_compact();
        EXPECT_GE(state.flushes.load(), 2);
        EXPECT_EQ(state.flushed_cf, "default");
        EXPECT_GE(state.compactions.load(), 1);
        EXPECT_EQ(state.compaction_inputs, 2u);
        EXPECT_EQ(state.errors.load(), 0);
        // a key in the memtable, so that inserting "boom" compares: the first
        // key of an empty memtable needs no comparison (RocksDB 9.11.2)
        ASSERT_EQ(db.put("m", "v"), PANROCKS_OK);
        cs.poison = "boom";
        EXPECT_EQ(db.put("boom", "v"), PANROCKS_OK);
        EXPECT_NE(db.put("after", "v"), PANROCKS_OK);
        EXPECT_GE(state.errors.load(), 1);
        EXPECT_EQ(state.error_code, PANROCKS_IO_ERROR);
        EXPECT_EQ(state.stalls.load(), 0);  // not asked for
    }
    panrocks_callback_destroy(comparator);
    panrocks_callback_destroy(listener);
}

}  // namespace
