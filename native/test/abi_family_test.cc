// C ABI tests of panrocks_family.h: creating, dropping, listing column
// families and destroying their handles, and what a read-only DB refuses.
// Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <rocksdb/options.h>
#include <rocksdb/version.h>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::close;
using panrocks_test::get;
using panrocks_test::open;
using panrocks_test::OpenDb;
using panrocks_test::put;
using panrocks_test::TempDir;

TEST(ColumnFamilies, CreateDropListAndDestroyHandles) {
    TempDir dir;
    panrocks_error err{};
    {
        OpenDb t(dir.path());
        panrocks_cf_descriptor d{};
        d.name = "users";
        d.options = "write_buffer_size=1048576;merge_operator=uint64add";
        d.table_options = "block_size=8192";
        panrocks_cache *cache = nullptr;
        ASSERT_EQ(panrocks_cache_create_lru(1 << 20, -1, 0, 0.5, 0, &cache, &err), PANROCKS_OK);
        d.block_cache = cache;
        panrocks_cf *users = nullptr;
        ASSERT_EQ(panrocks_create_column_family(t.db, &d, &users, &err), PANROCKS_OK) << err.message;
        panrocks_cache_destroy(cache);  // the family keeps its own reference
        EXPECT_GT(panrocks_column_family_id(users), 0u);
        char name[16];
        ASSERT_EQ(panrocks_column_family_name(users, name, sizeof name), 5u);
        EXPECT_EQ(std::string(name, 5), "users");
        ASSERT_EQ(panrocks_put(t.db, users, 0, "k", 1, "v", 1, &err), PANROCKS_OK);

        d.name = "bad";
        d.options = "no_such_option=1";
        panrocks_cf *bad = nullptr;
        EXPECT_EQ(panrocks_create_column_family(t.db, &d, &bad, &err), PANROCKS_INVALID_ARGUMENT);
        EXPECT_NE(std::string(err.message).find("no_such_option"), std::string::npos) << err.message;

        d.name = "temp";
        d.options = nullptr;
        d.table_options = nullptr;
        d.block_cache = nullptr;
        panrocks_cf *temp = nullptr;
        ASSERT_EQ(panrocks_create_column_family(t.db, &d, &temp, &err), PANROCKS_OK);
        ASSERT_EQ(panrocks_drop_column_family(t.db, temp, &err), PANROCKS_OK);
        ASSERT_EQ(panrocks_destroy_column_family_handle(t.db, temp, &err), PANROCKS_OK);
        EXPECT_EQ(panrocks_destroy_column_family_handle(t.db, temp, &err), PANROCKS_INVALID_ARGUMENT)
            << "a handle is destroyed once";
        EXPECT_EQ(panrocks_destroy_column_family_handle(t.db, panrocks_default_cf(t.db), &err), PANROCKS_OK)
            << "the default handle lives as long as the DB";
    }
    uint64_t size = 0;
    uint32_t count = 0;
    ASSERT_EQ(panrocks_list_column_families(dir.path().c_str(), nullptr, nullptr, 0, &size, &count, &err),
              PANROCKS_OK);
    EXPECT_EQ(count, 2u);
    std::vector<char> names(size);
    ASSERT_EQ(panrocks_list_column_families(dir.path().c_str(), "", names.data(), names.size(), &size, &count, &err),
              PANROCKS_OK);
    uint32_t first = 0;
    std::memcpy(&first, names.data(), 4);
    EXPECT_EQ(std::string(names.data() + 4, first), "default");
    EXPECT_NE(panrocks_list_column_families((dir.path() + "/nope").c_str(), nullptr, nullptr, 0, &size, &count, &err),
              PANROCKS_OK);
}

TEST(ReadOnly, RefusesColumnFamilyChangesRocksDbWouldWriteToTheManifest) {
    TempDir dir;
    panrocks_db *primary = open(dir.path());
    put(primary, "a", "1");
    panrocks_db *reader = open(dir.path(), PANROCKS_OPEN_READ_ONLY, "");
    ASSERT_NE(reader, nullptr);
    EXPECT_EQ(get(reader, "a"), "1");
    panrocks_error err{};
    panrocks_cf_descriptor d{};
    d.name = "new";
    panrocks_cf *cf = nullptr;
    EXPECT_EQ(panrocks_create_column_family(reader, &d, &cf, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(panrocks_drop_column_family(reader, panrocks_default_cf(reader), &err), PANROCKS_NOT_SUPPORTED);
    close(reader);
    // the primary's families are what they were
    ASSERT_EQ(panrocks_create_column_family(primary, &d, &cf, &err), PANROCKS_OK) << err.message;
    close(primary);
}
