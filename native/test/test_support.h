// Helpers for the C ABI tests: a temporary folder and an open DB.
#ifndef PANROCKS_TEST_SUPPORT_H
#define PANROCKS_TEST_SUPPORT_H

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "panrocks.h"

namespace panrocks_test {

class TempDir {
  public:
    TempDir() {
        std::string templ = (std::filesystem::temp_directory_path() / "panrocks-test-XXXXXX").string();
        char *made = mkdtemp(templ.data());
        if (made == nullptr) std::abort();
        path_ = made;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    const std::string &path() const { return path_; }

  private:
    std::string path_;
};

// The options of a DB's default family, as a ColumnFamilyOptions string.
struct FamilyOptions {
    std::string options;
};

// An open read-write DB in its own folder (or a given one), closed at scope end.
class OpenDb {
  public:
    OpenDb() : own_(std::make_unique<TempDir>()), path_(own_->path()) { open(); }
    explicit OpenDb(const std::string &path) : path_(path) { open(); }
    // in its own folder, its default family opened with these options
    explicit OpenDb(FamilyOptions family)
        : own_(std::make_unique<TempDir>()), path_(own_->path()), family_options_(std::move(family.options)) {
        open();
    }
    ~OpenDb() { close(); }

    void reopen() {
        close();
        open();
    }
    // the default family opened with other options this time
    void reopen(FamilyOptions family) {
        family_options_ = std::move(family.options);
        reopen();
    }

    panrocks_db *db = nullptr;
    const std::string &path() const { return path_; }

  private:
    void open() {
        panrocks_open_request req{};
        req.path = path_.c_str();
        req.db_options = "create_if_missing=true";
        panrocks_cf_descriptor family{};
        panrocks_cf *handles[1]{};
        if (!family_options_.empty()) {
            family.name = "default";
            family.options = family_options_.c_str();
            req.cf_count = 1;
            req.cfs = &family;
        }
        panrocks_error err{};
        int32_t rc = panrocks_open(&req, &db, family_options_.empty() ? nullptr : handles, &err);
        if (rc != PANROCKS_OK) ADD_FAILURE() << "open failed: " << err.message;
    }
    void close() {
        panrocks_error err{};
        if (db != nullptr) EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
        db = nullptr;
    }
    std::unique_ptr<TempDir> own_;
    std::string path_;
    std::string family_options_;
};

// An open DB with the families "default" and "second", optionally with
// shared objects (panrocks_resources.h).
class FamiliesDb {
  public:
    // family_options: a ColumnFamilyOptions string for both families ("" for the defaults)
    explicit FamiliesDb(const panrocks_open_resources *resources, const std::string &db_options = "",
                      const std::string &path = "", const std::string &family_options = "")
        : path_(path.empty() ? dir_.path() : path) {
        panrocks_cf_descriptor cfs[2]{};
        cfs[0].name = "default";
        cfs[1].name = "second";
        if (!family_options.empty()) cfs[0].options = cfs[1].options = family_options.c_str();
        panrocks_open_request req{};
        req.path = path_.c_str();
        std::string options = "create_if_missing=true;create_missing_column_families=true";
        if (!db_options.empty()) options += ";" + db_options;
        req.db_options = options.c_str();
        req.cf_count = 2;
        req.cfs = cfs;
        req.resources = resources;
        panrocks_cf *handles[2] = {nullptr, nullptr};
        panrocks_error err{};
        int32_t rc = panrocks_open(&req, &db, handles, &err);
        EXPECT_EQ(rc, PANROCKS_OK) << err.message;
        second = handles[1];
    }
    ~FamiliesDb() {
        panrocks_error err{};
        if (db != nullptr) EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
    }
    void put(panrocks_cf *cf, const std::string &k, const std::string &v) {
        panrocks_error err{};
        ASSERT_EQ(panrocks_put(db, cf, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK) << err.message;
    }
    uint64_t files_at_level(panrocks_cf *cf, int level) {
        std::string name = "rocksdb.num-files-at-level" + std::to_string(level);
        char buffer[32];
        uint64_t size = 0;
        panrocks_error err{};
        EXPECT_EQ(panrocks_get_property(db, cf, name.c_str(), buffer, sizeof buffer - 1, &size, &err), PANROCKS_OK);
        buffer[std::min<uint64_t>(size, sizeof buffer - 1)] = '\0';
        return std::stoull(buffer);
    }
    panrocks_db *db = nullptr;
    panrocks_cf *second = nullptr;

  private:
    TempDir dir_;
    std::string path_;
};

}  // namespace panrocks_test

#endif
