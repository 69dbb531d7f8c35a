// Options of an open DB read and changed while it runs, and OPTIONS files
// parsed into option strings (panrocks_options_io.h). Also runs under ASan
// and UBSan.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::OpenDb;

namespace {

std::string db_options(panrocks_db *db) {
    panrocks_error err{};
    uint64_t size = 0;
    EXPECT_EQ(panrocks_get_db_options(db, nullptr, 0, &size, &err), PANROCKS_OK) << err.message;
    std::string text(size, '\0');
    EXPECT_EQ(panrocks_get_db_options(db, text.data(), text.size(), &size, &err), PANROCKS_OK) << err.message;
    return text;
}

std::string family_options(panrocks_db *db) {
    panrocks_error err{};
    uint64_t size = 0;
    EXPECT_EQ(panrocks_get_options(db, nullptr, nullptr, 0, &size, &err), PANROCKS_OK) << err.message;
    std::string text(size, '\0');
    EXPECT_EQ(panrocks_get_options(db, nullptr, text.data(), text.size(), &size, &err), PANROCKS_OK) << err.message;
    return text;
}

// The records of a panrocks_load_options result.
std::vector<std::string> records(const std::string &bytes) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at + 4 <= bytes.size()) {
        uint32_t length;
        std::memcpy(&length, bytes.data() + at, 4);
        out.push_back(bytes.substr(at + 4, length));
        at += 4 + length;
    }
    EXPECT_EQ(at, bytes.size());
    return out;
}

}  // namespace

TEST(OptionsIo, SetOptionsChangesTheRunningFamily) {
    OpenDb d;
    panrocks_error err{};
    EXPECT_NE(family_options(d.db).find("write_buffer_size=67108864"), std::string::npos);
    ASSERT_EQ(panrocks_set_options(d.db, nullptr, "write_buffer_size=1048576;disable_auto_compactions=true", &err),
              PANROCKS_OK)
        << err.message;
    std::string now = family_options(d.db);
    EXPECT_NE(now.find("write_buffer_size=1048576"), std::string::npos) << now;
    EXPECT_NE(now.find("disable_auto_compactions=true"), std::string::npos) << now;
}

TEST(OptionsIo, SetOptionsRefusesImmutableUnknownAndEmpty) {
    OpenDb d;
    panrocks_error err{};
    EXPECT_EQ(panrocks_set_options(d.db, nullptr, "num_levels=3", &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_set_options(d.db, nullptr, "no_such_option=1", &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_set_options(d.db, nullptr, "", &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_STREQ(err.message, "empty input");
    EXPECT_EQ(panrocks_set_options(nullptr, nullptr, "write_buffer_size=1", &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_set_options(d.db, nullptr, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(family_options(d.db).find("num_levels=7"), std::string::npos);
}

TEST(OptionsIo, SetDbOptionsChangesTheRunningDb) {
    OpenDb d;
    panrocks_error err{};
    ASSERT_EQ(panrocks_set_db_options(d.db, "max_background_jobs=3;bytes_per_sync=7340032", &err), PANROCKS_OK)
        << err.message;
    std::string now = db_options(d.db);
    EXPECT_NE(now.find("max_background_jobs=3"), std::string::npos) << now;
    EXPECT_NE(now.find("bytes_per_sync=7340032"), std::string::npos) << now;
    // RocksDB answers NotFound for a DB option that exists but is not mutable
    EXPECT_EQ(panrocks_set_db_options(d.db, "create_if_missing=false", &err), PANROCKS_NOT_FOUND);
    EXPECT_NE(std::string(err.message).find("create_if_missing"), std::string::npos) << err.message;
}

TEST(OptionsIo, LoadsTheLatestOptionsFileAsDifferences) {
    OpenDb d;
    panrocks_error err{};
    ASSERT_EQ(panrocks_set_options(d.db, nullptr, "write_buffer_size=1048576", &err), PANROCKS_OK) << err.message;
    uint64_t size = 0;
    ASSERT_EQ(panrocks_load_options(d.path().c_str(), 1, 0, nullptr, 0, &size, &err), PANROCKS_OK) << err.message;
    std::string bytes(size, '\0');
    ASSERT_EQ(panrocks_load_options(d.path().c_str(), 1, 0, bytes.data(), bytes.size(), &size, &err), PANROCKS_OK);
    std::vector<std::string> r = records(bytes);
    if (std::getenv("PANROCKS_SHOW_OPTIONS"))
        for (auto &x : r) std::printf("[%s]\n", x.c_str());
    ASSERT_EQ(r.size(), 3u);
    EXPECT_NE(r[0].find("create_if_missing=true"), std::string::npos) << r[0];
    EXPECT_EQ(r[0].find("env="), std::string::npos) << r[0];
    EXPECT_EQ(r[1], "default");
    EXPECT_NE(r[2].find("write_buffer_size=1048576"), std::string::npos) << r[2];
    EXPECT_EQ(r[2].find("comparator"), std::string::npos) << r[2];

    uint64_t name_size = 0;
    ASSERT_EQ(panrocks_latest_options_file_name(d.path().c_str(), nullptr, 0, &name_size, &err), PANROCKS_OK);
    std::string name(name_size, '\0');
    ASSERT_EQ(panrocks_latest_options_file_name(d.path().c_str(), name.data(), name.size(), &name_size, &err),
              PANROCKS_OK);
    EXPECT_EQ(name.rfind("OPTIONS-", 0), 0u) << name;
    ASSERT_EQ(panrocks_load_options((d.path() + "/" + name).c_str(), 0, 0, nullptr, 0, &size, &err), PANROCKS_OK)
        << err.message;
    EXPECT_EQ(size, bytes.size());
}

TEST(OptionsIo, LoadingAMissingFileKeepsTheEngineError) {
    panrocks_error err{};
    uint64_t size = 0;
    EXPECT_EQ(panrocks_load_options("/nonexistent/panrocks/OPTIONS-1", 0, 0, nullptr, 0, &size, &err), PANROCKS_IO_ERROR);
    EXPECT_EQ(panrocks_load_options("/nonexistent/panrocks", 1, 0, nullptr, 0, &size, &err), PANROCKS_NOT_FOUND);
    EXPECT_EQ(panrocks_load_options(nullptr, 1, 0, nullptr, 0, &size, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(OptionsIo, AReadOnlyDbRefusesChangesAndWritesNothing) {
    panrocks_test::TempDir dir;
    { OpenDb writer(dir.path()); }
    std::size_t files_before = 0;
    for (auto &e : std::filesystem::directory_iterator(dir.path())) files_before += e.is_regular_file();
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "";
    req.mode = PANROCKS_OPEN_READ_ONLY;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_set_options(db, nullptr, "write_buffer_size=1048576", &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_STREQ(err.message, "Not supported operation in read only mode.");
    EXPECT_EQ(panrocks_set_db_options(db, "max_background_jobs=3", &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_NE(family_options(db).find("write_buffer_size=67108864"), std::string::npos);
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
    std::size_t files_after = 0;
    for (auto &e : std::filesystem::directory_iterator(dir.path())) files_after += e.is_regular_file();
    EXPECT_EQ(files_after, files_before);
}

TEST(OptionsIo, CheckOptionsKeepsRocksDbsVerdict) {
    panrocks_error err{};
    EXPECT_EQ(panrocks_check_options(PANROCKS_OPTIONS_DB, "max_open_files=100;create_if_missing=true", 0, &err),
              PANROCKS_OK)
        << err.message;
    EXPECT_EQ(panrocks_check_options(PANROCKS_OPTIONS_COLUMN_FAMILY, "write_buffer_size=1048576", 0, &err), PANROCKS_OK)
        << err.message;
    EXPECT_EQ(panrocks_check_options(PANROCKS_OPTIONS_DB, "no_such_option=1", 0, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_check_options(PANROCKS_OPTIONS_DB, "no_such_option=1",
                                     PANROCKS_CONFIG_IGNORE_UNKNOWN_OPTIONS, &err),
              PANROCKS_OK)
        << err.message;
    EXPECT_EQ(panrocks_check_options(PANROCKS_OPTIONS_COLUMN_FAMILY, "write_buffer_size=big", 0, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_check_options(PANROCKS_OPTIONS_COLUMN_FAMILY, "max_open_files=1", 0, &err),
              PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_check_options(7, "", 0, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_check_options(PANROCKS_OPTIONS_DB, nullptr, 0, &err), PANROCKS_INVALID_ARGUMENT);
}
