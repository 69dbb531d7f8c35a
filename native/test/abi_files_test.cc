// C ABI tests of panrocks_files.h: live files and WALs, file deletions,
// ingestion of SST files. Error paths included; runs under ASan/UBSan too.
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

using panrocks_test::get;
using panrocks_test::OpenDb;
using panrocks_test::put;
using panrocks_test::str;
using panrocks_test::TempDir;

namespace {

// Writes keys [from, to) as "k%03d" -> "v%d" into an SST file at path.
void write_sst(const std::string &path, int from, int to) {
    panrocks_error err{};
    panrocks_sst_writer *w = nullptr;
    ASSERT_EQ(panrocks_sst_writer_create(nullptr, nullptr, nullptr, &w, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_sst_writer_open(w, path.c_str(), &err), PANROCKS_OK) << err.message;
    for (int i = from; i < to; i++) {
        char k[16];
        std::snprintf(k, sizeof k, "k%03d", i);
        std::string v = "v" + std::to_string(i);
        ASSERT_EQ(panrocks_sst_writer_put(w, k, std::strlen(k), v.data(), v.size(), &err), PANROCKS_OK) << err.message;
    }
    ASSERT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_OK) << err.message;
    panrocks_sst_writer_destroy(w);
}

}  // namespace

TEST(LiveFiles, ListTheDbsFilesAndWals) {
    OpenDb t;
    panrocks_error err{};
    uint64_t before = 0, after = 0;
    ASSERT_EQ(panrocks_latest_sequence_number(t.db, &before, &err), PANROCKS_OK);
    put(t.db, "a", "1");
    put(t.db, "b", "2");
    ASSERT_EQ(panrocks_latest_sequence_number(t.db, &after, &err), PANROCKS_OK);
    EXPECT_EQ(after, before + 2);

    panrocks_file_list *wals = nullptr;
    ASSERT_EQ(panrocks_get_sorted_wal_files(t.db, &wals, &err), PANROCKS_OK) << err.message;
    ASSERT_GE(panrocks_file_list_count(wals), 1u);
    const panrocks_file_info *wal = panrocks_file_list_get(wals, 0);
    EXPECT_NE(str(wal->name).find(".log"), std::string::npos) << str(wal->name);
    EXPECT_EQ(wal->wal_type, PANROCKS_WAL_ALIVE);
    EXPECT_GT(wal->size, 0u);
    EXPECT_EQ(panrocks_file_list_get(wals, 99), nullptr);
    panrocks_file_list_destroy(wals);

    ASSERT_EQ(panrocks_disable_file_deletions(t.db, &err), PANROCKS_OK);
    panrocks_file_list *live = nullptr;
    uint64_t manifest = 0;
    ASSERT_EQ(panrocks_get_live_files(t.db, 1, &live, &manifest, &err), PANROCKS_OK) << err.message;
    EXPECT_GT(manifest, 0u);
    std::vector<std::string> names;
    for (size_t i = 0; i < panrocks_file_list_count(live); i++) names.push_back(str(panrocks_file_list_get(live, i)->name));
    panrocks_file_list_destroy(live);
    auto has = [&](const std::string &part) {
        return std::any_of(names.begin(), names.end(), [&](const std::string &n) { return n.find(part) != std::string::npos; });
    };
    EXPECT_TRUE(has("/CURRENT"));
    EXPECT_TRUE(has("/MANIFEST-"));
    EXPECT_TRUE(has(".sst"));  // the flush made one
    ASSERT_EQ(panrocks_enable_file_deletions(t.db, 1, &err), PANROCKS_OK);

    panrocks_file_list *metadata = nullptr;
    ASSERT_EQ(panrocks_get_live_files_metadata(t.db, &metadata, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_file_list_count(metadata), 1u);
    const panrocks_file_info *f = panrocks_file_list_get(metadata, 0);
    EXPECT_EQ(str(f->column_family), "default");
    EXPECT_EQ(str(f->smallest_key), "a");
    EXPECT_EQ(str(f->largest_key), "b");
    EXPECT_EQ(f->num_entries, 2u);
    EXPECT_EQ(f->level, 0);
    EXPECT_EQ(str(f->directory), t.path());
    EXPECT_TRUE(std::filesystem::exists(str(f->directory) + str(f->name)));
    panrocks_file_list_destroy(metadata);

    panrocks_file_list_destroy(nullptr);
    EXPECT_EQ(panrocks_file_list_count(nullptr), 0u);
    EXPECT_EQ(panrocks_get_live_files(nullptr, 0, &live, &manifest, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(LiveFiles, ForcedEnableUndoesEveryDisable) {
    OpenDb t;
    panrocks_error err{};
    uint64_t enabled = 9;
    for (int i = 0; i < 3; i++) ASSERT_EQ(panrocks_disable_file_deletions(t.db, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_enable_file_deletions(t.db, 0, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_get_int_property(t.db, nullptr, "rocksdb.is-file-deletions-enabled", &enabled, &err), PANROCKS_OK);
    EXPECT_EQ(enabled, 0u);  // two disables left
    ASSERT_EQ(panrocks_enable_file_deletions(t.db, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_get_int_property(t.db, nullptr, "rocksdb.is-file-deletions-enabled", &enabled, &err), PANROCKS_OK);
    EXPECT_EQ(enabled, 1u);
}

TEST(Ingest, AddsFilesAtomicallyAndKeepsRocksDbsRules) {
    OpenDb t;
    TempDir dir;
    panrocks_error err{};
    panrocks_ingest_options options;
    panrocks_ingest_options_init(&options);
    EXPECT_EQ(options.snapshot_consistency, 1);
    EXPECT_EQ(options.allow_global_seqno, 1);

    std::string a = dir.path() + "/a.sst", b = dir.path() + "/b.sst";
    write_sst(a, 0, 50);
    write_sst(b, 50, 100);
    const char *both[] = {a.c_str(), b.c_str()};
    ASSERT_EQ(panrocks_ingest_external_files(t.db, nullptr, both, 2, &options, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(get(t.db, "k000"), "v0");
    EXPECT_EQ(get(t.db, "k099"), "v99");
    EXPECT_TRUE(std::filesystem::exists(a));  // copied, not moved

    // overlapping the DB's data needs a global sequence number
    std::string c = dir.path() + "/c.sst";
    write_sst(c, 10, 20);
    const char *one[] = {c.c_str()};
    options.allow_global_seqno = 0;
    EXPECT_EQ(panrocks_ingest_external_files(t.db, nullptr, one, 1, &options, &err), PANROCKS_INVALID_ARGUMENT)
        << err.message;
    options.allow_global_seqno = 1;
    options.move_files = 1;
    ASSERT_EQ(panrocks_ingest_external_files(t.db, nullptr, one, 1, &options, &err), PANROCKS_OK) << err.message;
    EXPECT_FALSE(std::filesystem::exists(c));  // moved (hard-linked, the original removed)

    const char *missing[] = {"/no/such/file.sst"};
    EXPECT_NE(panrocks_ingest_external_files(t.db, nullptr, missing, 1, nullptr, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_ingest_external_files(t.db, nullptr, nullptr, 1, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    const char *null_path[] = {nullptr};
    EXPECT_EQ(panrocks_ingest_external_files(t.db, nullptr, null_path, 1, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
}
