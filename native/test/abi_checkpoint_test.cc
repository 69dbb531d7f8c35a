// C ABI tests of panrocks_checkpoint.h: checkpoints, and column family
// export and import. Error paths included; runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::close;
using panrocks_test::close_db;
using panrocks_test::get;
using panrocks_test::level0_files;
using panrocks_test::open;
using panrocks_test::open_db;
using panrocks_test::OpenDb;
using panrocks_test::put;
using panrocks_test::TempDir;

TEST(Checkpoint, IsAnOpenableCopyAndRefusesAnExistingDirectory) {
    OpenDb t;
    TempDir out;
    put(t.db, "a", "1");
    panrocks_error err{};
    std::string dir = out.path() + "/cp";
    uint64_t sequence = 0;
    ASSERT_EQ(panrocks_checkpoint_create(t.db, dir.c_str(), 0, &sequence, &err), PANROCKS_OK) << err.message;
    EXPECT_GE(sequence, 1u);
    put(t.db, "a", "2");  // not in the checkpoint
    panrocks_db *copy = open(dir);
    EXPECT_EQ(get(copy, "a"), "1");
    close(copy);

    EXPECT_EQ(panrocks_checkpoint_create(t.db, dir.c_str(), 0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("exists"), std::string::npos) << err.message;
    EXPECT_EQ(panrocks_checkpoint_create(nullptr, dir.c_str(), 0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_checkpoint_create(t.db, nullptr, 0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
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
