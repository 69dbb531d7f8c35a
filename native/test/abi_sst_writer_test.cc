// C ABI tests of panrocks_sst_writer.h. Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::open;
using panrocks_test::str;
using panrocks_test::TempDir;

TEST(SstWriter, WritesInKeyOrderAndReportsTheFile) {
    TempDir dir;
    panrocks_error err{};
    panrocks_env_options env;
    panrocks_env_options_init(&env);
    panrocks_cf_descriptor family{};
    family.options = "compression=kNoCompression";
    panrocks_sst_writer *w = nullptr;
    ASSERT_EQ(panrocks_sst_writer_create(&env, "", &family, &w, &err), PANROCKS_OK) << err.message;
    // nothing open yet
    EXPECT_NE(panrocks_sst_writer_put(w, "a", 1, "1", 1, &err), PANROCKS_OK);
    std::string path = dir.path() + "/one.sst";
    ASSERT_EQ(panrocks_sst_writer_open(w, path.c_str(), &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_INVALID_ARGUMENT);  // no entries
    ASSERT_EQ(panrocks_sst_writer_put(w, "b", 1, "2", 1, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_sst_writer_put(w, "a", 1, "1", 1, &err), PANROCKS_INVALID_ARGUMENT);  // out of order
    EXPECT_NE(std::string(err.message).find("order"), std::string::npos) << err.message;
    EXPECT_EQ(panrocks_sst_writer_put(w, "b", 1, "1", 1, &err), PANROCKS_INVALID_ARGUMENT);  // not strictly
    ASSERT_EQ(panrocks_sst_writer_merge(w, "c", 1, "3", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_delete(w, "d", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_delete_range(w, "x", 1, "z", 1, &err), PANROCKS_OK);
    uint64_t size = 0;
    ASSERT_EQ(panrocks_sst_writer_file_size(w, &size, &err), PANROCKS_OK);
    panrocks_sst_file_info info{};
    ASSERT_EQ(panrocks_sst_writer_finish(w, &info, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(str(info.file_path), path);
    EXPECT_EQ(str(info.smallest_key), "b");
    EXPECT_EQ(str(info.largest_key), "d");
    EXPECT_EQ(str(info.smallest_range_del_key), "x");
    EXPECT_EQ(str(info.largest_range_del_key), "z");
    EXPECT_EQ(info.num_entries, 3u);
    EXPECT_EQ(info.num_range_del_entries, 1u);
    EXPECT_EQ(info.file_size, std::filesystem::file_size(path));
    EXPECT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_INVALID_ARGUMENT);  // finished
    // the writer takes another file
    std::string second = dir.path() + "/two.sst";
    ASSERT_EQ(panrocks_sst_writer_open(w, second.c_str(), &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_put(w, "a", 1, "1", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_OK);
    panrocks_sst_writer_destroy(w);
    panrocks_sst_writer_destroy(nullptr);

    EXPECT_EQ(panrocks_sst_writer_create(nullptr, "no_such_option=1", nullptr, &w, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_sst_writer_put(nullptr, "a", 1, "1", 1, &err), PANROCKS_INVALID_ARGUMENT);
}
