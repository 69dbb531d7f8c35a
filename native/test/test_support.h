// Helpers for the C ABI tests: a temporary folder and an open DB.
#ifndef PANROCKS_TEST_SUPPORT_H
#define PANROCKS_TEST_SUPPORT_H

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

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

// An open read-write DB in its own folder (or a given one), closed at scope end.
class OpenDb {
  public:
    OpenDb() : own_(std::make_unique<TempDir>()), path_(own_->path()) { open(); }
    explicit OpenDb(const std::string &path) : path_(path) { open(); }
    ~OpenDb() { close(); }

    void reopen() {
        close();
        open();
    }

    panrocks_db *db = nullptr;
    const std::string &path() const { return path_; }

  private:
    void open() {
        panrocks_open_request req{};
        req.path = path_.c_str();
        req.db_options = "create_if_missing=true";
        panrocks_error err{};
        int32_t rc = panrocks_open(&req, &db, nullptr, &err);
        if (rc != PANROCKS_OK) ADD_FAILURE() << "open failed: " << err.message;
    }
    void close() {
        panrocks_error err{};
        if (db != nullptr) EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
        db = nullptr;
    }
    std::unique_ptr<TempDir> own_;
    std::string path_;
};

}  // namespace panrocks_test

#endif
