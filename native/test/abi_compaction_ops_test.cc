// Compaction and column-family operations of the C ABI (panrocks_ops.h,
// issue 23): CompactFiles with its result, compaction thread limiters shared
// by families, column family export and import. Error paths included; also
// runs under ASan and UBSan.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

namespace {

panrocks_db *open_db(const std::string &path, const panrocks_cf_descriptor *family = nullptr) {
    panrocks_open_request req{};
    req.path = path.c_str();
    req.db_options = "create_if_missing=true";
    panrocks_cf_descriptor cfs[1]{};
    if (family != nullptr) {
        cfs[0] = *family;
        req.cf_count = 1;
        req.cfs = cfs;
    }
    panrocks_db *db = nullptr;
    panrocks_cf *handles[1]{};
    panrocks_error err{};
    EXPECT_EQ(panrocks_open(&req, &db, family != nullptr ? handles : nullptr, &err), PANROCKS_OK) << err.message;
    return db;
}

void close_db(panrocks_db *db) {
    panrocks_error err{};
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
}

// `files` flushes of 100 keys: that many level-0 files.
void level0_files(panrocks_db *db, int files) {
    panrocks_error err{};
    for (int f = 0; f < files; f++) {
        for (int i = 0; i < 100; i++) {
            char k[16];
            std::snprintf(k, sizeof k, "k%03d", i);
            std::string v = "v" + std::to_string(f);
            ASSERT_EQ(panrocks_put(db, nullptr, 0, k, std::strlen(k), v.data(), v.size(), &err), PANROCKS_OK);
        }
        ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
    }
}

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

TEST(ExportImport, AFamilyMovesBetweenDbs) {
    TempDir dir;
    panrocks_db *source = open_db(dir.path() + "/source");
    panrocks_db *target = open_db(dir.path() + "/target");
    level0_files(source, 2);
    panrocks_error err{};
    panrocks_export *exported = nullptr;
    std::string export_dir = dir.path() + "/export";
    ASSERT_EQ(panrocks_export_column_family(source, nullptr, export_dir.c_str(), &exported, &err), PANROCKS_OK)
        << err.message;
    panrocks_slice comparator{};
    panrocks_export_comparator_name(exported, &comparator);
    EXPECT_EQ(std::string(comparator.data, comparator.size), "leveldb.BytewiseComparator");
    panrocks_file_list *files = nullptr;
    ASSERT_EQ(panrocks_export_files(exported, &files, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_file_list_count(files), 2u);
    const panrocks_file_info *f = panrocks_file_list_get(files, 0);
    EXPECT_EQ(std::string(f->directory.data, f->directory.size), export_dir);
    panrocks_file_list_destroy(files);
    // the directory exists now: RocksDB refuses a second export into it
    panrocks_export *again = nullptr;
    EXPECT_EQ(panrocks_export_column_family(source, nullptr, export_dir.c_str(), &again, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(again, nullptr);

    panrocks_cf_descriptor d{};
    d.name = "imported";
    panrocks_cf *cf = nullptr;
    const panrocks_export *exports[] = {exported};
    ASSERT_EQ(panrocks_create_column_family_with_import(target, &d, 0, exports, 1, &cf, &err), PANROCKS_OK)
        << err.message;
    char buffer[16];
    uint64_t size = 0;
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_get_copy(target, cf, nullptr, pin, "k042", 4, buffer, sizeof buffer, &size, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(buffer, size), "v1");
    panrocks_pin_destroy(pin);
    // the name is taken now
    EXPECT_EQ(panrocks_create_column_family_with_import(target, &d, 0, exports, 1, &cf, &err),
              PANROCKS_INVALID_ARGUMENT);
    // caller bugs
    const panrocks_export *none[] = {nullptr};
    EXPECT_EQ(panrocks_create_column_family_with_import(target, &d, 0, none, 1, &cf, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_create_column_family_with_import(target, &d, 0, exports, 0, &cf, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_export_files(nullptr, &files, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_export_comparator_name(nullptr, &comparator);
    EXPECT_EQ(comparator.data, nullptr);
    panrocks_export_destroy(exported);
    panrocks_export_destroy(nullptr);
    close_db(target);
    close_db(source);
}
