// The threads the engine starts, on which callbacks into the JVM run: their
// stacks are large enough for Java code whatever the C library (musl's
// default is 128 KiB; the musl libraries raise it, native/src/threads.cc).
#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <cstring>
#include <string>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

namespace {

struct StackState {
    std::atomic<int> flushes{0};
    std::atomic<size_t> smallest{SIZE_MAX};
    std::atomic<bool> other_thread{false};
    pthread_t test_thread{};
};

void record_stack(void *ctx, int32_t event, const void *) {
    auto *s = static_cast<StackState *>(ctx);
    if (event != PANROCKS_EVENT_FLUSH_COMPLETED) return;
    pthread_attr_t attr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        pthread_attr_getstacksize(&attr, &size);
        pthread_attr_destroy(&attr);
    }
    size_t seen = s->smallest.load();
    while (size < seen && !s->smallest.compare_exchange_weak(seen, size)) {
    }
    if (!pthread_equal(pthread_self(), s->test_thread)) s->other_thread = true;
    s->flushes++;
}

}  // namespace

// A flush runs on one of the engine's background threads, and so does the
// listener it notifies: that thread's stack is what an upcall gets. 1 MiB is
// what HotSpot gives its own threads on x86-64 (-Xss); glibc's default is
// the stack rlimit, musl's is raised to 2 MiB when the library loads.
TEST(Threads, TheEngineThreadsThatRunCallbacksHaveStacksForJavaCode) {
    TempDir dir;
    StackState state;
    state.test_thread = pthread_self();
    panrocks_listener_spec spec{};
    spec.name = "test.StackListener";
    spec.context = &state;
    spec.on_event = record_stack;
    spec.events = PANROCKS_EVENT_FLUSH_COMPLETED;
    panrocks_callback *listener = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_listener_create(&spec, &listener, &err), PANROCKS_OK) << err.message;
    std::string id(panrocks_callback_id(listener, nullptr, 0), '\0');
    panrocks_callback_id(listener, &id[0], id.size());
    {
        std::string db_options = "create_if_missing=true;listeners=" + id;
        panrocks_open_request req{};
        req.path = dir.path().c_str();
        req.db_options = db_options.c_str();
        panrocks_db *db = nullptr;
        ASSERT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK) << err.message;
        for (int i = 0; i < 3; i++) {
            std::string k = "k" + std::to_string(i);
            ASSERT_EQ(panrocks_put(db, nullptr, 0, k.data(), k.size(), "v", 1, &err), PANROCKS_OK) << err.message;
            ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        }
        ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
    }
    panrocks_callback_destroy(listener);
    ASSERT_EQ(state.flushes.load(), 3);
    EXPECT_TRUE(state.other_thread.load()) << "the flushes were notified on the engine's threads";
    EXPECT_GE(state.smallest.load(), size_t{1} << 20) << "stack of the engine's flush thread, bytes";
    std::printf("[threads] the smallest stack of the engine's threads that notified a flush: %zu KiB\n",
                state.smallest.load() / 1024);
}
