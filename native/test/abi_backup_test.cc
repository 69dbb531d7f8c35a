// C ABI tests of panrocks_backup.h: backups created, listed, verified,
// restored, purged and deleted, and a corrupted one. Runs under ASan/UBSan
// too.
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

using panrocks_test::close;
using panrocks_test::get;
using panrocks_test::open;
using panrocks_test::put;
using panrocks_test::str;
using panrocks_test::TempDir;

TEST(Backup, CreateListVerifyRestorePurgeDelete) {
    TempDir dir;
    std::string db_path = dir.path() + "/db", backups = dir.path() + "/backups";
    panrocks_db *db = open(db_path);
    put(db, "a", "1");
    panrocks_error err{};
    panrocks_backup_engine_options o;
    panrocks_backup_engine_options_init(&o);
    EXPECT_EQ(o.backup_dir, nullptr);
    EXPECT_EQ(o.share_table_files, 1);
    EXPECT_EQ(panrocks_backup_engine_open(&o, nullptr, &err), PANROCKS_INVALID_ARGUMENT);  // no dir
    o.backup_dir = backups.c_str();
    panrocks_backup_engine *engine = nullptr;
    ASSERT_EQ(panrocks_backup_engine_open(&o, &engine, &err), PANROCKS_OK) << err.message;

    uint32_t first = 0, second = 0;
    ASSERT_EQ(panrocks_backup_engine_create(engine, db, 1, "one", 3, &first, &err), PANROCKS_OK) << err.message;
    put(db, "a", "2");
    const char binary[] = {'x', '\0', 'y'};
    ASSERT_EQ(panrocks_backup_engine_create(engine, db, 0, binary, 3, &second, &err), PANROCKS_OK) << err.message;
    EXPECT_GT(second, first);

    panrocks_backup_list *list = nullptr;
    ASSERT_EQ(panrocks_backup_engine_info(engine, &list, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_list_count(list), 2u);
    const panrocks_backup_info *i0 = panrocks_backup_list_get(list, 0), *i1 = panrocks_backup_list_get(list, 1);
    EXPECT_EQ(i0->backup_id, first);
    EXPECT_EQ(str(i0->app_metadata), "one");
    EXPECT_EQ(str(i1->app_metadata), std::string(binary, 3));
    EXPECT_GT(i0->size, 0u);
    EXPECT_GT(i0->number_files, 0u);
    EXPECT_GT(i0->timestamp, 1600000000);
    EXPECT_EQ(panrocks_backup_list_corrupted_count(list), 0u);
    EXPECT_EQ(panrocks_backup_list_get(list, 2), nullptr);
    panrocks_backup_list_destroy(list);

    EXPECT_EQ(panrocks_backup_engine_verify(engine, first, 1, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_backup_engine_verify(engine, 999, 0, &err), PANROCKS_NOT_FOUND);

    std::string restored = dir.path() + "/restored";
    ASSERT_EQ(panrocks_backup_engine_restore(engine, 0, first, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_OK)
        << err.message;
    panrocks_db *r = open(restored);
    EXPECT_EQ(get(r, "a"), "1");
    close(r);
    ASSERT_EQ(panrocks_backup_engine_restore(engine, 1, 0, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_OK)
        << err.message;
    r = open(restored);
    EXPECT_EQ(get(r, "a"), "2");  // the latest backup copied the WAL
    close(r);

    ASSERT_EQ(panrocks_backup_engine_purge_old(engine, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_engine_info(engine, &list, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_list_count(list), 1u);
    EXPECT_EQ(panrocks_backup_list_get(list, 0)->backup_id, second);
    panrocks_backup_list_destroy(list);
    ASSERT_EQ(panrocks_backup_engine_delete(engine, second, &err), PANROCKS_OK);
    EXPECT_NE(panrocks_backup_engine_delete(engine, second, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_engine_garbage_collect(engine, &err), PANROCKS_OK);
    EXPECT_NE(panrocks_backup_engine_restore(engine, 1, 0, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_OK);  // nothing left

    panrocks_backup_engine_stop(engine);  // nothing running: harmless
    panrocks_backup_engine_destroy(engine);
    panrocks_backup_engine_destroy(nullptr);
    panrocks_backup_list_destroy(nullptr);
    close(db);
}

TEST(Backup, ACorruptedFileFailsVerificationAndRestore) {
    TempDir dir;
    std::string db_path = dir.path() + "/db", backups = dir.path() + "/backups";
    panrocks_db *db = open(db_path);
    for (int i = 0; i < 200; i++) put(db, "key" + std::to_string(i), std::string(100, static_cast<char>('a' + i % 26)));
    panrocks_error err{};
    panrocks_backup_engine_options o;
    panrocks_backup_engine_options_init(&o);
    o.backup_dir = backups.c_str();
    panrocks_backup_engine *engine = nullptr;
    ASSERT_EQ(panrocks_backup_engine_open(&o, &engine, &err), PANROCKS_OK) << err.message;
    uint32_t id = 0;
    ASSERT_EQ(panrocks_backup_engine_create(engine, db, 1, nullptr, 0, &id, &err), PANROCKS_OK) << err.message;
    close(db);

    std::string sst;
    for (auto &e : std::filesystem::recursive_directory_iterator(backups)) {
        if (e.path().extension() == ".sst") sst = e.path().string();
    }
    ASSERT_FALSE(sst.empty());
    {
        std::fstream f(sst, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        char bytes[16];
        f.read(bytes, sizeof bytes);
        for (char &b : bytes) b ^= 0x5A;
        f.seekp(100);
        f.write(bytes, sizeof bytes);
    }
    EXPECT_EQ(panrocks_backup_engine_verify(engine, id, 0, &err), PANROCKS_OK);  // sizes still match
    EXPECT_EQ(panrocks_backup_engine_verify(engine, id, 1, &err), PANROCKS_CORRUPTION) << err.message;
    std::string restored = dir.path() + "/restored";
    EXPECT_EQ(panrocks_backup_engine_restore(engine, 1, 0, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_CORRUPTION)
        << err.message;
    panrocks_backup_engine_destroy(engine);
}
