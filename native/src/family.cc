// Column families: create, drop, handles, names.
#include <algorithm>

#include <rocksdb/convenience.h>
#include <rocksdb/utilities/db_ttl.h>

#include "internal.h"

using panrocks::check;
using panrocks::guarded;
using panrocks::report;

namespace panrocks {

rocksdb::Status undo_created_family(panrocks_db *db, rocksdb::ColumnFamilyHandle *handle, rocksdb::Status s) {
    if (handle == nullptr) return s;
    // RocksDB created the family and then failed (to write the OPTIONS file:
    // a full disk) and hands the handle back with the error. The caller gets
    // the error and no handle, so the family goes again: left, it would be
    // an empty family the next open must name ("Column families not opened").
    rocksdb::Status dropped = db->db->DropColumnFamily(handle);
    db->db->DestroyColumnFamilyHandle(handle).PermitUncheckedError();
    if (dropped.ok()) return s;
    return rocksdb::Status::CopyAppendMessage(
        s, "; ", "panrocks: the family was created and could not be dropped again (" + dropped.ToString() + "): it exists, empty, and the next open must name it");
}

}  // namespace panrocks

namespace panrocks {

std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> families_by_id(panrocks_db *db) {
    std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> families;
    std::lock_guard<std::mutex> lock(db->families_mutex);
    for (const auto &f : db->families) {
        if (f != nullptr && f->handle != nullptr) families.emplace(f->handle->GetID(), f->handle);
    }
    rocksdb::ColumnFamilyHandle *default_family = db->db->DefaultColumnFamily();
    families.emplace(default_family->GetID(), default_family);
    return families;
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_create_column_family(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                      panrocks_cf **cf_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && descriptor != nullptr && descriptor->name != nullptr);
        PANROCKS_REQUIRE(error, cf_out != nullptr);
        if (db->read_only) return panrocks::refuse_read_only(error);
        rocksdb::ColumnFamilyOptions options;
        panrocks::CallbackScope callbacks(db);  // its comparator belongs to this DB
        int32_t rc = panrocks::family_options(*descriptor, &options, error);
        if (rc != PANROCKS_OK) return rc;
        rocksdb::ColumnFamilyHandle *handle = nullptr;
        rocksdb::Status s = db->db->CreateColumnFamily(options, descriptor->name, &handle);
        if (!s.ok()) return report(error, panrocks::undo_created_family(db, handle, s));
        std::lock_guard<std::mutex> lock(db->families_mutex);
        db->families.push_back(
            std::make_unique<panrocks_cf>(panrocks_cf{handle, panrocks::values_built_per_entry(options)}));
        panrocks::note_family_timestamps(db, handle);
        *cf_out = db->families.back().get();
        return PANROCKS_OK;
    });
}

int32_t panrocks_drop_column_family(panrocks_db *db, panrocks_cf *cf, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && cf != nullptr);
        if (db->read_only) return panrocks::refuse_read_only(error);
        return check(error, db->db->DropColumnFamily(cf->handle));
    });
}

int32_t panrocks_destroy_column_family_handle(panrocks_db *db, panrocks_cf *cf, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && cf != nullptr);
        if (cf == db->default_family) return PANROCKS_OK;  // lives as long as the DB
        std::lock_guard<std::mutex> lock(db->families_mutex);
        auto found = std::find_if(db->families.begin(), db->families.end(),
                                  [&](const std::unique_ptr<panrocks_cf> &f) { return f.get() == cf; });
        if (found == db->families.end()) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: not a column family handle of this DB");
        }
        rocksdb::Status s = db->db->DestroyColumnFamilyHandle(cf->handle);
        db->families.erase(found);
        return check(error, s);
    });
}

uint32_t panrocks_column_family_id(const panrocks_cf *cf) { return cf ? cf->handle->GetID() : 0; }

size_t panrocks_column_family_name(const panrocks_cf *cf, char *buffer, size_t capacity) {
    if (cf == nullptr) return 0;
    const std::string &name = cf->handle->GetName();
    if (buffer != nullptr) std::memcpy(buffer, name.data(), std::min(name.size(), capacity));
    return name.size();
}

int32_t panrocks_list_column_families(const char *path, const char *db_options, char *buffer,
                                      size_t capacity, uint64_t *size, uint32_t *count,
                                      panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, path != nullptr && size != nullptr && count != nullptr);
        rocksdb::DBOptions options;
        if (db_options != nullptr && db_options[0] != '\0') {
            rocksdb::ConfigOptions config;
            config.ignore_unknown_options = false;
            rocksdb::Status s = rocksdb::GetDBOptionsFromString(config, rocksdb::DBOptions(), db_options, &options);
            if (!s.ok()) return report(error, s);
        }
        std::vector<std::string> names;
        rocksdb::Status s = rocksdb::DB::ListColumnFamilies(options, path, &names);
        if (!s.ok()) return report(error, s);
        size_t needed = 0;
        for (const auto &n : names) needed += sizeof(uint32_t) + n.size();
        *size = needed;
        *count = static_cast<uint32_t>(names.size());
        if (buffer != nullptr && needed <= capacity) {
            char *p = buffer;
            for (const auto &n : names) {
                uint32_t length = static_cast<uint32_t>(n.size());
                std::memcpy(p, &length, sizeof length);
                std::memcpy(p + sizeof length, n.data(), n.size());
                p += sizeof length + n.size();
            }
        }
        return PANROCKS_OK;
    });
}

int32_t panrocks_create_column_family_with_ttl(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                               int32_t ttl, panrocks_cf **cf_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && descriptor != nullptr && descriptor->name != nullptr);
        PANROCKS_REQUIRE(error, cf_out != nullptr);
        if (db->read_only) return panrocks::refuse_read_only(error);
        if (db->mode != PANROCKS_OPEN_TTL) {
            return report(error, PANROCKS_NOT_SUPPORTED,
                          "panrocks: families with a TTL exist only in a DB opened with TTL for writing");
        }
        rocksdb::ColumnFamilyOptions options;
        panrocks::CallbackScope callbacks(db);  // its comparator belongs to this DB
        int32_t rc = panrocks::family_options(*descriptor, &options, error);
        if (rc != PANROCKS_OK) return rc;
        rocksdb::ColumnFamilyHandle *handle = nullptr;
        auto *ttl_db = static_cast<rocksdb::DBWithTTL *>(db->db);
        rocksdb::Status s = ttl_db->CreateColumnFamilyWithTtl(options, descriptor->name, &handle, ttl);
        if (!s.ok()) return report(error, s);
        std::lock_guard<std::mutex> lock(db->families_mutex);
        db->families.push_back(
            std::make_unique<panrocks_cf>(panrocks_cf{handle, panrocks::values_built_per_entry(options)}));
        panrocks::note_family_timestamps(db, handle);
        *cf_out = db->families.back().get();
        return PANROCKS_OK;
    });
}

}  // extern "C"
