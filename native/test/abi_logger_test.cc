// panrocks_logger.h through the C ABI with a plain C function pointer: the
// info log reaches it formatted and filtered by the owner's level word, no
// LOG file is written, and a destroyed logger handle is refused at open.
// Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::FamiliesDb;
using panrocks_test::TempDir;

namespace {

struct Sink {
    std::mutex mutex;
    std::vector<std::pair<int32_t, std::string>> messages;
};

void collect(void *context, int32_t level, const char *message, size_t length) {
    auto *sink = static_cast<Sink *>(context);
    std::lock_guard<std::mutex> lock(sink->mutex);
    sink->messages.emplace_back(level, std::string(message, length));
}

panrocks_callback *make_logger(Sink *sink, const int32_t *level) {
    panrocks_logger_spec spec{};
    spec.name = "test logger";
    spec.context = sink;
    spec.log = collect;
    spec.level = level;
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_logger_create(&spec, &cb, &err), PANROCKS_OK) << err.message;
    return cb;
}

}  // namespace

TEST(Logger, ReceivesTheFormattedInfoLogAtItsLevelInsteadOfTheLogFile) {
    Sink sink;
    int32_t level = PANROCKS_LOG_INFO;
    panrocks_callback *logger = make_logger(&sink, &level);
    TempDir dir;
    {
        panrocks_open_resources resources{};
        resources.info_log = logger;
        FamiliesDb db(&resources, "", dir.path());
        db.put(nullptr, "k", "v");
        panrocks_error err{};
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        {
            std::lock_guard<std::mutex> lock(sink.mutex);
            bool version = false;
            for (const auto &m : sink.messages) {
                EXPECT_GE(m.first, PANROCKS_LOG_INFO);
                EXPECT_EQ(m.second.find("%s"), std::string::npos) << m.second;
                if (m.second.find("RocksDB version: ") != std::string::npos) version = true;
            }
            EXPECT_TRUE(version);
        }
        const uint64_t before = panrocks_logger_messages(logger);
        EXPECT_GT(before, 0u);
        __atomic_store_n(&level, PANROCKS_LOG_HEADER + 1, __ATOMIC_RELAXED);  // above every level: nothing more
        db.put(nullptr, "k2", "v");
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        EXPECT_EQ(panrocks_logger_messages(logger), before);
    }
    EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(dir.path()) / "LOG"));
    panrocks_callback_destroy(logger);
}

TEST(Logger, ADestroyedOrWrongCallbackIsRefusedAtOpen) {
    Sink sink;
    int32_t level = PANROCKS_LOG_INFO;
    panrocks_callback *logger = make_logger(&sink, &level);
    panrocks_listener_spec listener{};
    listener.name = "not a logger";
    listener.on_event = [](void *, int32_t, const void *) {};
    panrocks_callback *other = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_listener_create(&listener, &other, &err), PANROCKS_OK);
    TempDir dir;
    panrocks_open_resources resources{};
    resources.info_log = other;
    panrocks_open_request req{};
    std::string path = dir.path();
    req.path = path.c_str();
    req.db_options = "create_if_missing=true";
    req.resources = &resources;
    panrocks_db *db = nullptr;
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("not a logger"), std::string::npos) << err.message;
    EXPECT_EQ(db, nullptr);
    EXPECT_EQ(panrocks_logger_create(nullptr, &logger, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_logger_spec no_level{};
    no_level.name = "x";
    no_level.log = collect;
    panrocks_callback *none = nullptr;
    EXPECT_EQ(panrocks_logger_create(&no_level, &none, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_callback_destroy(other);
    panrocks_callback_destroy(logger);
}
