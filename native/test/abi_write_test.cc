// C ABI tests of panrocks_write.h: writes, and their refusal on a read-only
// DB. Runs under ASan/UBSan too.
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
