// Helpers for the C ABI tests: a temporary folder, an open DB, and the
// helpers several test files share.
#ifndef PANROCKS_TEST_SUPPORT_H
#define PANROCKS_TEST_SUPPORT_H

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

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

// ---- helpers several test files share ------------------------------------------

inline std::string value_of(size_t i, size_t size) {
    std::string v(size, '\0');
    for (size_t j = 0; j < size; j++) v[j] = static_cast<char>((i * 31 + j) & 0xff);
    return v;
}

inline void put(panrocks_db *db, const std::string &k, const std::string &v, panrocks_cf *cf = nullptr) {
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(db, cf, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK) << err.message;
}

inline std::string defaults(int32_t kind) {
    uint64_t size = 0;
    panrocks_error err{};
    EXPECT_EQ(panrocks_default_options(kind, nullptr, 0, &size, &err), PANROCKS_OK) << err.message;
    std::string out(size, '\0');
    EXPECT_EQ(panrocks_default_options(kind, out.data(), out.size(), &size, &err), PANROCKS_OK);
    return out;
}

// The value of k, or "<missing>".
inline std::string get(panrocks_db *db, const std::string &k, panrocks_cf *cf = nullptr) {
    panrocks_error err{};
    panrocks_pin *pin = nullptr;
    EXPECT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buffer[4096];
    uint64_t size = 0;
    int32_t rc = panrocks_get_copy(db, cf, nullptr, pin, k.data(), k.size(), buffer, sizeof buffer, &size, &err);
    panrocks_pin_destroy(pin);
    if (rc == PANROCKS_NOT_FOUND) return "<missing>";
    EXPECT_EQ(rc, PANROCKS_OK) << err.message;
    return std::string(buffer, std::min<uint64_t>(size, sizeof buffer));
}

inline panrocks_db *open(const std::string &path, int32_t mode = PANROCKS_OPEN_READ_WRITE, const char *options = "create_if_missing=true", const int32_t *ttls = nullptr, const char *secondary = nullptr) {
    panrocks_open_request req{};
    req.path = path.c_str();
    req.db_options = options;
    req.mode = mode;
    req.ttls = ttls;
    req.secondary_path = secondary;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    int32_t rc = panrocks_open(&req, &db, nullptr, &err);
    EXPECT_EQ(rc, PANROCKS_OK) << err.message;
    return db;
}

inline void close(panrocks_db *db) {
    panrocks_error err{};
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
}

inline std::string str(panrocks_slice s) { return std::string(s.data, s.size); }

inline uint64_t ticker(panrocks_stats *stats, const char *name, int32_t reset = 0) {
    uint64_t v = 0;
    panrocks_error err{};
    EXPECT_EQ(panrocks_stats_ticker(stats, name, reset, &v, &err), PANROCKS_OK) << err.message;
    return v;
}

// Opens dir's DB (created if missing) with cf as its one family and the given shared objects.
inline int32_t open_with(const TempDir &dir, panrocks_cf_descriptor *cf, panrocks_open_resources *resources, panrocks_db **db,
                         panrocks_error *err) {
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.cf_count = 1;
    req.cfs = cf;
    req.resources = resources;
    panrocks_cf *handle = nullptr;
    return panrocks_open(&req, db, &handle, err);
}

inline panrocks_db *open_db(const std::string &path, const panrocks_cf_descriptor *family = nullptr) {
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

inline void close_db(panrocks_db *db) {
    panrocks_error err{};
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
}

// `files` flushes of 100 keys: that many level-0 files.
inline void level0_files(panrocks_db *db, int files) {
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

// The DB's own view of k.
inline std::string db_get(panrocks_db *db, const std::string &k) {
    panrocks_error err{};
    panrocks_pin *pin = nullptr;
    EXPECT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buffer[256];
    uint64_t size = 0;
    int32_t rc = panrocks_get_copy(db, nullptr, nullptr, pin, k.data(), k.size(), buffer, sizeof buffer, &size, &err);
    panrocks_pin_destroy(pin);
    if (rc == PANROCKS_NOT_FOUND) return "<none>";
    EXPECT_EQ(rc, PANROCKS_OK) << err.message;
    return std::string(buffer, std::min<uint64_t>(size, sizeof buffer));
}

inline std::string entry_key(const panrocks_iter_entry &e) { return std::string(e.key, e.key_size); }

inline std::string entry_value(const panrocks_iter_entry &e) { return std::string(e.value, e.value_size); }

}  // namespace panrocks_test

#endif
