// The C ABI called directly, as the JVM calls it: handles, statuses, error
// records, buffers. Runs under ASan/UBSan through -DPANROCKS_SANITIZE=ON.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <rocksdb/version.h>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

TEST(Library, ReportsAbiAndEngineVersions) {
    EXPECT_EQ(panrocks_abi_version(), static_cast<uint32_t>(PANROCKS_ABI_VERSION));
    // the engine linked in is the one whose headers the tests (and the stub) were compiled against
    const std::string headers = std::to_string(ROCKSDB_MAJOR) + "." + std::to_string(ROCKSDB_MINOR) + "." +
                                std::to_string(ROCKSDB_PATCH);
    EXPECT_EQ(std::string(panrocks_engine_version()), headers);
    EXPECT_GE(ROCKSDB_MAJOR * 100 + ROCKSDB_MINOR, 708) << "panrocks supports RocksDB 7.8 and later";
}

TEST(Open, MissingDbWithoutCreateFailsWithRocksDbsMessage) {
    TempDir dir;
    panrocks_open_request req{};
    std::string path = dir.path() + "/absent";
    req.path = path.c_str();
    req.db_options = "create_if_missing=false";
    panrocks_db *db = nullptr;
    panrocks_error err{};
    int32_t rc = panrocks_open(&req, &db, nullptr, &err);
    EXPECT_EQ(rc, PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(err.code, PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(db, nullptr);
    EXPECT_NE(std::string(err.message).find("does not exist"), std::string::npos) << err.message;
    EXPECT_EQ(err.message_length, std::strlen(err.message));
}

TEST(Open, BadOptionStringIsInvalidArgument) {
    TempDir dir;
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true;no_such_option=1";
    panrocks_db *db = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("no_such_option"), std::string::npos) << err.message;
}

TEST(Open, NullArgumentsAreReportedNotCrashed) {
    panrocks_error err{};
    panrocks_db *db = nullptr;
    EXPECT_EQ(panrocks_open(nullptr, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_put(nullptr, nullptr, 0, "k", 1, "v", 1, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_close(nullptr, &err), PANROCKS_OK);
    panrocks_pin_destroy(nullptr);
    panrocks_pin_release(nullptr);
    panrocks_cache_destroy(nullptr);
    panrocks_read_options_destroy(nullptr);
}

TEST(ReadWrite, PutGetCopyPinAdaptive) {
    panrocks_test::OpenDb t;
    panrocks_error err{};
    const std::string big(100000, 'x');
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "small", 5, "abc", 3, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put(t.db, nullptr, PANROCKS_WRITE_SYNC, "big", 3, big.data(), big.size(), &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, std::string("\0k\0", 3).data(), 3, "", 0, &err), PANROCKS_OK);

    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);

    char buf[8];
    std::memset(buf, '#', sizeof buf);
    uint64_t size = 0;
    ASSERT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "big", 3, buf, 4, &size, &err), PANROCKS_OK);
    EXPECT_EQ(size, big.size());
    EXPECT_EQ(std::string(buf, 4), "xxxx");
    EXPECT_EQ(buf[4], '#') << "wrote past the capacity";

    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "none", 4, buf, 8, &size, &err), PANROCKS_NOT_FOUND);

    ASSERT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, std::string("\0k\0", 3).data(), 3, buf, 8, &size, &err),
              PANROCKS_OK);
    EXPECT_EQ(size, 0u);

    panrocks_value v{};
    ASSERT_EQ(panrocks_get_pinned(t.db, nullptr, nullptr, pin, "big", 3, &v, &err), PANROCKS_OK);
    EXPECT_EQ(v.pinned, 1);
    EXPECT_EQ(std::string(v.data, v.size), big);
    panrocks_pin_release(pin);

    char small[16];
    ASSERT_EQ(panrocks_get_adaptive(t.db, nullptr, nullptr, pin, "small", 5, small, sizeof small, 1024, &v, &err),
              PANROCKS_OK);
    EXPECT_EQ(v.pinned, 0);
    EXPECT_EQ(std::string(small, v.size), "abc");
    ASSERT_EQ(panrocks_get_adaptive(t.db, nullptr, nullptr, pin, "big", 3, small, sizeof small, 1024, &v, &err),
              PANROCKS_OK);
    EXPECT_EQ(v.pinned, 1);
    EXPECT_EQ(v.size, big.size());
    panrocks_pin_destroy(pin);

    ASSERT_EQ(panrocks_delete(t.db, nullptr, 0, "small", 5, &err), PANROCKS_OK);
    pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "small", 5, buf, 8, &size, &err), PANROCKS_NOT_FOUND);
    panrocks_pin_destroy(pin);
}

TEST(ReadWrite, ReadOnlyDbRefusesWrites) {
    TempDir dir;
    {
        panrocks_test::OpenDb t(dir.path());
    }
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.mode = PANROCKS_OPEN_READ_ONLY;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_put(db, nullptr, 0, "k", 1, "v", 1, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_GT(err.message_length, 0u);
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK);
}

TEST(ReadOptions, MemoryOnlyReadAnswersIncompleteInsteadOfIo) {
    panrocks_test::OpenDb t;
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "k", 1, "v", 1, &err), PANROCKS_OK);
    t.reopen();  // the value now lives in an SST file, not in a memtable
    panrocks_read_options_spec spec;
    panrocks_read_options_spec_init(&spec);
    EXPECT_EQ(spec.fill_cache, 1);
    EXPECT_EQ(spec.verify_checksums, 1);
    spec.read_tier = PANROCKS_READ_TIER_MEMORY_ONLY;
    spec.fill_cache = 0;
    panrocks_read_options *memory_only = nullptr;
    ASSERT_EQ(panrocks_read_options_create(&spec, &memory_only, &err), PANROCKS_OK);
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buf[4];
    uint64_t size = 0;
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, memory_only, pin, "k", 1, buf, 4, &size, &err), PANROCKS_INCOMPLETE);
    // a normal read loads the block into the cache; then memory-only succeeds
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "k", 1, buf, 4, &size, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, memory_only, pin, "k", 1, buf, 4, &size, &err), PANROCKS_OK);
    panrocks_pin_destroy(pin);
    panrocks_read_options_destroy(memory_only);
}

TEST(Errors, LongMessagesAreTruncatedAndTerminated) {
    TempDir dir;
    std::string deep = dir.path() + "/" + std::string(1500, 'd');
    panrocks_open_request req{};
    req.path = deep.c_str();
    req.db_options = "create_if_missing=false";
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_NE(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK);
    EXPECT_GT(err.message_length, static_cast<uint32_t>(PANROCKS_MESSAGE_CAPACITY - 1));
    EXPECT_EQ(std::strlen(err.message), static_cast<size_t>(PANROCKS_MESSAGE_CAPACITY - 1));
}
