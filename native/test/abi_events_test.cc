// The events of panrocks_events.h through the C ABI: only the events asked
// for are delivered, and RocksDB notifies a listener of file I/O (timing
// every file operation of its DB) only if the listener asked for a file
// I/O event. Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

namespace {

std::string id_of(const panrocks_callback *cb) {
    std::string id(panrocks_callback_id(cb, nullptr, 0), '\0');
    panrocks_callback_id(cb, &id[0], id.size());
    return id;
}

struct Heard {
    std::mutex mutex;
    std::vector<int32_t> events;
    uint64_t sealed_entries = 0, sealed_deletes = 0, flush_begin_entries = 99;
    std::string sealed_cf, synced_path;
};

void record(void *context, int32_t event, const void *info) {
    auto *h = static_cast<Heard *>(context);
    std::lock_guard<std::mutex> lock(h->mutex);
    h->events.push_back(event);
    if (event == PANROCKS_EVENT_MEMTABLE_SEALED) {
        auto *m = static_cast<const panrocks_memtable_info *>(info);
        h->sealed_cf.assign(m->cf_name.data, m->cf_name.size);
        h->sealed_entries = m->num_entries;
        h->sealed_deletes = m->num_deletes;
    } else if (event == PANROCKS_EVENT_FLUSH_BEGIN) {
        h->flush_begin_entries = static_cast<const panrocks_flush_info *>(info)->num_entries;
    } else if (event == PANROCKS_EVENT_FILE_SYNC_FINISH) {
        auto *f = static_cast<const panrocks_file_operation_info *>(info);
        h->synced_path.assign(f->path.data, f->path.size);
    }
}

panrocks_callback *listener_of(Heard *heard, uint32_t events) {
    panrocks_listener_spec spec{};
    spec.name = "test.EventsListener";
    spec.context = heard;
    spec.on_event = record;
    spec.events = events;
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_listener_create(&spec, &cb, &err), PANROCKS_OK) << err.message;
    return cb;
}

// Opens a DB with the listener, writes with a synced WAL, deletes, flushes,
// and reads the key back from the table file.
void work(const std::string &path, panrocks_callback *listener) {
    std::string options = "create_if_missing=true;listeners=" + id_of(listener);
    panrocks_cf_descriptor d{};
    d.name = "default";
    d.options = "";
    panrocks_open_request req{};
    req.path = path.c_str();
    req.db_options = options.c_str();
    req.cf_count = 1;
    req.cfs = &d;
    panrocks_db *db = nullptr;
    panrocks_cf *cf = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, &cf, &err), PANROCKS_OK) << err.message;
    for (const char *k : {"a", "b", "c"}) {
        ASSERT_EQ(panrocks_put(db, nullptr, PANROCKS_WRITE_SYNC, k, 1, "v", 1, &err), PANROCKS_OK) << err.message;
    }
    ASSERT_EQ(panrocks_delete(db, nullptr, 0, "b", 1, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buffer[16];
    uint64_t size = 0;
    EXPECT_EQ(panrocks_get_copy(db, nullptr, nullptr, pin, "a", 1, buffer, sizeof buffer, &size, &err), PANROCKS_OK);
    panrocks_pin_destroy(pin);
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
}

}  // namespace

TEST(Events, AListenerWithoutFileEventsLeavesFileOperationsUnnotified) {
    TempDir dir;
    Heard heard;
    panrocks_callback *listener = listener_of(&heard, PANROCKS_EVENT_FLUSH_BEGIN | PANROCKS_EVENT_MEMTABLE_SEALED);
    work(dir.path(), listener);
    // RocksDB asked ShouldBeNotifiedOnFileIO and heard no: not one file operation was reported
    EXPECT_EQ(panrocks_listener_file_io_notifications(listener), 0u);
    std::lock_guard<std::mutex> lock(heard.mutex);
    EXPECT_EQ(heard.events, (std::vector<int32_t>{PANROCKS_EVENT_MEMTABLE_SEALED, PANROCKS_EVENT_FLUSH_BEGIN}));
    EXPECT_EQ(heard.sealed_cf, "default");
    EXPECT_EQ(heard.sealed_entries, 4u);
    EXPECT_EQ(heard.sealed_deletes, 1u);
    EXPECT_EQ(heard.flush_begin_entries, 0u);  // nothing written yet
    panrocks_callback_destroy(listener);
}

TEST(Events, AListenerOfOneFileEventHearsOnlyThatOne) {
    TempDir dir;
    Heard heard;
    panrocks_callback *listener = listener_of(&heard, PANROCKS_EVENT_FILE_SYNC_FINISH);
    work(dir.path(), listener);
    const uint64_t notified = panrocks_listener_file_io_notifications(listener);
    std::lock_guard<std::mutex> lock(heard.mutex);
    ASSERT_FALSE(heard.events.empty());  // the synced WAL writes, the flushed table
    for (int32_t e : heard.events) EXPECT_EQ(e, PANROCKS_EVENT_FILE_SYNC_FINISH);
    // RocksDB reported the reads, writes and closes too: they cost no upcall
    EXPECT_GT(notified, heard.events.size());
    EXPECT_FALSE(heard.synced_path.empty());
    panrocks_callback_destroy(listener);
}

TEST(Events, TheFileIoCountIsZeroForWhatIsNoListener) {
    EXPECT_EQ(panrocks_listener_file_io_notifications(nullptr), 0u);
}
