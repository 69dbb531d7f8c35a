// C ABI tests of panrocks_compaction.h (issue 23): CompactFiles with its
// result, compaction thread limiters shared by families. Error paths
// included; runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::close_db;
using panrocks_test::level0_files;
using panrocks_test::open_db;
using panrocks_test::TempDir;

namespace {

// The names ("/000012.sst") of the default family's files at level.
std::vector<std::string> files_at(panrocks_db *db, int level) {
    panrocks_error err{};
    panrocks_file_list *list = nullptr;
    EXPECT_EQ(panrocks_get_live_files_metadata(db, &list, &err), PANROCKS_OK);
    std::vector<std::string> names;
    for (size_t i = 0; i < panrocks_file_list_count(list); i++) {
        const panrocks_file_info *f = panrocks_file_list_get(list, i);
        if (f->level == level) names.emplace_back(f->name.data, f->name.size);
    }
    panrocks_file_list_destroy(list);
    return names;
}

}  // namespace

TEST(CompactFiles, CompactsChosenFilesAndDescribesTheJob) {
    TempDir dir;
    panrocks_db *db = open_db(dir.path() + "/db");
    level0_files(db, 3);
    std::vector<std::string> inputs = files_at(db, 0);
    ASSERT_EQ(inputs.size(), 3u);
    std::vector<const char *> names;
    for (const auto &n : inputs) names.push_back(n.c_str());
    panrocks_compaction_options options;
    panrocks_compaction_options_init(&options);
    EXPECT_EQ(options.compression, 0xff);
    EXPECT_EQ(options.output_file_size_limit, UINT64_MAX);
    EXPECT_EQ(options.max_subcompactions, 0);
    panrocks_error err{};
    panrocks_compaction_result *result = nullptr;
    ASSERT_EQ(panrocks_compact_files(db, nullptr, &options, names.data(), names.size(), 1, -1, &result, &err),
              PANROCKS_OK)
        << err.message;
    ASSERT_EQ(panrocks_compaction_result_output_count(result), 1u);
    panrocks_slice path{};
    panrocks_compaction_result_output(result, 0, &path);
    std::string output(path.data, path.size);
    EXPECT_NE(output.find(".sst"), std::string::npos) << output;
    panrocks_compaction_result_output(result, 1, &path);
    EXPECT_EQ(path.data, nullptr);
    const panrocks_compaction_info *info = nullptr;
    panrocks_compaction_result_info(result, &info);
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->output_level, 1);
    EXPECT_EQ(info->input_files, 3u);
    EXPECT_EQ(info->input_records, 300u);
    EXPECT_EQ(info->output_records, 100u);
    EXPECT_EQ(std::string(info->cf_name.data, info->cf_name.size), "default");
    EXPECT_EQ(info->details->stats.is_manual_compaction, 1);
    panrocks_compaction_result_destroy(result);
    panrocks_compaction_result_destroy(nullptr);
    EXPECT_EQ(files_at(db, 0).size(), 0u);
    // The inputs are gone from level 0 and their data lives deeper: at level 1, or wherever an
    // automatic compaction has taken it since (under ASan one may still be running, so the file
    // count is not fixed), with the newest value of every key.
    size_t deeper = 0;
    for (int level = 1; level < 7; level++) deeper += files_at(db, level).size();
    EXPECT_GE(deeper, 1u);
    panrocks_pin *scratch = nullptr;
    ASSERT_EQ(panrocks_pin_create(&scratch, &err), PANROCKS_OK);
    for (int i = 0; i < 100; i++) {
        char k[16], v[8];
        std::snprintf(k, sizeof k, "k%03d", i);
        uint64_t size = 0;
        ASSERT_EQ(panrocks_get_copy(db, nullptr, nullptr, scratch, k, std::strlen(k), v, sizeof v, &size, &err),
                  PANROCKS_OK)
            << k;
        EXPECT_EQ(std::string(v, size), "v2") << k;
    }
    panrocks_pin_destroy(scratch);
    close_db(db);
}

TEST(CompactFiles, RefusesWhatTheEngineWouldNotSurvive) {
    TempDir dir;
    panrocks_db *db = open_db(dir.path() + "/db");
    level0_files(db, 2);
    std::vector<std::string> inputs = files_at(db, 0);
    std::vector<const char *> names;
    for (const auto &n : inputs) names.push_back(n.c_str());
    panrocks_error err{};
    panrocks_compaction_result *result = nullptr;
    // an output path the family does not have: RocksDB would index past its list
    EXPECT_EQ(panrocks_compact_files(db, nullptr, nullptr, names.data(), names.size(), 1, 1, &result, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("output path id 1"), std::string::npos) << err.message;
    EXPECT_EQ(result, nullptr);
    panrocks_compaction_options options;
    panrocks_compaction_options_init(&options);
    options.compression = 6;  // kXpressCompression: not built in
    EXPECT_EQ(panrocks_compact_files(db, nullptr, &options, names.data(), names.size(), 1, -1, &result, &err),
              PANROCKS_INVALID_ARGUMENT);
    options.compression = 0xff;
    options.max_subcompactions = -1;
    EXPECT_EQ(panrocks_compact_files(db, nullptr, &options, names.data(), names.size(), 1, -1, &result, &err),
              PANROCKS_INVALID_ARGUMENT);
    // RocksDB's own refusals
    const char *unknown[] = {"/999999.sst"};
    EXPECT_EQ(panrocks_compact_files(db, nullptr, nullptr, unknown, 1, 1, -1, &result, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_compact_files(db, nullptr, nullptr, nullptr, 0, 1, -1, &result, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_compact_files(db, nullptr, nullptr, names.data(), names.size(), 99, -1, &result, &err),
              PANROCKS_INVALID_ARGUMENT);
    // caller bugs
    const char *with_null[] = {names[0], nullptr};
    EXPECT_EQ(panrocks_compact_files(db, nullptr, nullptr, with_null, 2, 1, -1, &result, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_compact_files(db, nullptr, nullptr, nullptr, 3, 1, -1, &result, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_compact_files(db, nullptr, nullptr, names.data(), names.size(), 1, -1, nullptr, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_compact_files(nullptr, nullptr, nullptr, names.data(), names.size(), 1, -1, &result, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(files_at(db, 0).size(), 2u);
    close_db(db);
}

TEST(TaskLimiter, SharedByFamiliesAndDestroyedWhileTheyUseIt) {
    panrocks_error err{};
    panrocks_task_limiter *limiter = nullptr;
    ASSERT_EQ(panrocks_task_limiter_create("limiter", 2, &limiter, &err), PANROCKS_OK);
    char name[16];
    ASSERT_EQ(panrocks_task_limiter_name(limiter, name, sizeof name), 7u);
    EXPECT_EQ(std::string(name, 7), "limiter");
    EXPECT_EQ(panrocks_task_limiter_name(limiter, nullptr, 0), 7u);
    EXPECT_EQ(panrocks_task_limiter_outstanding_tasks(limiter), 0);
    panrocks_task_limiter_set_max_outstanding_tasks(limiter, 0);
    panrocks_task_limiter_reset_max_outstanding_tasks(limiter);
    EXPECT_EQ(panrocks_task_limiter_create(nullptr, 2, &limiter, &err), PANROCKS_INVALID_ARGUMENT);

    TempDir dir;
    panrocks_cf_descriptor family{};
    family.name = "default";
    family.options = "level0_file_num_compaction_trigger=2";
    family.compaction_thread_limiter = limiter;
    panrocks_db *db = open_db(dir.path() + "/db", &family);
    panrocks_task_limiter_destroy(limiter);  // the family keeps its own reference
    level0_files(db, 4);
    ASSERT_EQ(panrocks_compact_range(db, nullptr, panrocks_slice{nullptr, 0}, panrocks_slice{nullptr, 0}, &err),
              PANROCKS_OK)
        << err.message;
    EXPECT_EQ(files_at(db, 0).size(), 0u);
    close_db(db);
    panrocks_task_limiter_destroy(nullptr);
    EXPECT_EQ(panrocks_task_limiter_outstanding_tasks(nullptr), 0);
    EXPECT_EQ(panrocks_task_limiter_name(nullptr, name, sizeof name), 0u);
}
