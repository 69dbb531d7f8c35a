// Column families: create, drop, handles, names.
#include <algorithm>

#include <rocksdb/convenience.h>
#include <rocksdb/utilities/db_ttl.h>
#include <rocksdb/write_batch.h>

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

namespace {

// The records of a batch that write what the DB's families refuse (see
// refuse_batch_records).
class FamilyRecordCheck final : public rocksdb::WriteBatch::Handler {
  public:
    FamilyRecordCheck(const std::vector<uint32_t> &timestamped, const std::vector<uint32_t> &merge_refusing)
        : timestamped_(timestamped), merge_refusing_(merge_refusing) {}

    rocksdb::Status PutCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &) override { return write(cf); }
    rocksdb::Status TimedPutCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &, uint64_t) override {
        return write(cf);
    }
    rocksdb::Status PutEntityCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &) override {
        return write(cf);
    }
    rocksdb::Status DeleteCF(uint32_t cf, const rocksdb::Slice &) override { return write(cf); }
    rocksdb::Status SingleDeleteCF(uint32_t cf, const rocksdb::Slice &) override { return write(cf); }
    rocksdb::Status DeleteRangeCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &) override {
        return write(cf);
    }
    rocksdb::Status MergeCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &) override {
        rocksdb::Status s = write(cf);
        if (s.ok() && holds(merge_refusing_, cf)) {
            // RocksDB's own words for a merge record into a family without an operator
            return rocksdb::Status::InvalidArgument("Merge requires `ColumnFamilyOptions::merge_operator != nullptr`");
        }
        return s;
    }
    rocksdb::Status PutBlobIndexCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &) override {
        return write(cf);
    }
    void LogData(const rocksdb::Slice &) override {}
    rocksdb::Status MarkBeginPrepare(bool) override { return rocksdb::Status::OK(); }
    rocksdb::Status MarkEndPrepare(const rocksdb::Slice &) override { return rocksdb::Status::OK(); }
    rocksdb::Status MarkNoop(bool) override { return rocksdb::Status::OK(); }
    rocksdb::Status MarkRollback(const rocksdb::Slice &) override { return rocksdb::Status::OK(); }
    rocksdb::Status MarkCommit(const rocksdb::Slice &) override { return rocksdb::Status::OK(); }
    rocksdb::Status MarkCommitWithTimestamp(const rocksdb::Slice &, const rocksdb::Slice &) override {
        return rocksdb::Status::OK();
    }

  private:
    static bool holds(const std::vector<uint32_t> &ids, uint32_t cf) {
        return std::find(ids.begin(), ids.end(), cf) != ids.end();
    }

    rocksdb::Status write(uint32_t cf) const {
        if (!holds(timestamped_, cf)) return rocksdb::Status::OK();
        return rocksdb::Status::InvalidArgument(
            "panrocks: column family " + std::to_string(cf) +
            " has user-defined timestamps; a write batch cannot write it (write with a timestamp: put(cf, key, "
            "timestamp, value))");
    }

    const std::vector<uint32_t> &timestamped_;
    const std::vector<uint32_t> &merge_refusing_;
};

}  // namespace

panrocks_cf *adopt_family(panrocks_db *db, rocksdb::ColumnFamilyHandle *handle,
                          const rocksdb::ColumnFamilyOptions &options) {
    db->families.push_back(std::make_unique<panrocks_cf>(panrocks_cf{handle, values_built_per_entry(options)}));
    panrocks_cf *cf = db->families.back().get();
    if (handle->GetComparator()->timestamp_size() != 0) {
        db->timestamped_family_ids.push_back(handle->GetID());
        db->has_timestamped_family.store(true, std::memory_order_release);
    }
    if (has_merge_stand_in(options)) {
        cf->merges_refused = true;
        db->merge_refusing_family_ids.push_back(handle->GetID());
        db->has_merge_refusing_family.store(true, std::memory_order_release);
    }
    return cf;
}

int32_t refuse_batch_records(panrocks_db *db, const rocksdb::WriteBatch &batch, uint32_t write_flags,
                             panrocks_error *error) {
    const bool timestamps = db->has_timestamped_family.load(std::memory_order_acquire);
    // HasMerge() reads the batch's content flags: one pass over a batch
    // rebuilt from bytes (allocation-free, but about 8 ns a record), which
    // the caller's promise of no merge record saves
    const bool merges = (write_flags & PANROCKS_WRITE_NO_MERGE_RECORDS) == 0 &&
                        db->has_merge_refusing_family.load(std::memory_order_acquire) && batch.HasMerge();
    if (!timestamps && !merges) return PANROCKS_OK;
    std::vector<uint32_t> timestamped, merge_refusing;
    {
        std::lock_guard<std::mutex> lock(db->families_mutex);
        if (timestamps) timestamped = db->timestamped_family_ids;
        if (merges) merge_refusing = db->merge_refusing_family_ids;
    }
    FamilyRecordCheck check_records(timestamped, merge_refusing);
    rocksdb::Status s = batch.Iterate(&check_records);
    // a malformed batch is left to Write, which reports it as before
    if (s.IsInvalidArgument()) return report(error, s);
    return PANROCKS_OK;
}

int32_t refuse_merge(const panrocks_cf *cf, bool with_timestamp, panrocks_error *error) {
    if (!cf->merges_refused) return PANROCKS_OK;
    // RocksDB checks the timestamp first: a merge with a timestamp into a
    // family without them (or the reverse) is its InvalidArgument
    if ((cf->handle->GetComparator()->timestamp_size() != 0) != with_timestamp) return PANROCKS_OK;
    // what DB::Merge answers for a family without an operator; a
    // transaction's Merge would take it, and its commit stop the DB
    return report(error, rocksdb::Status::NotSupported("Provide a merge_operator when opening DB"));
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
        int32_t rc = panrocks::new_family_options(*descriptor, &options, error);
        if (rc != PANROCKS_OK) return rc;
        rocksdb::ColumnFamilyHandle *handle = nullptr;
        rocksdb::Status s = db->db->CreateColumnFamily(options, descriptor->name, &handle);
        if (!s.ok()) return report(error, panrocks::undo_created_family(db, handle, s));
        std::lock_guard<std::mutex> lock(db->families_mutex);
        *cf_out = panrocks::adopt_family(db, handle, options);
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
        if (int32_t rc = panrocks::parse_db_options(db_options, &options, error)) return rc;
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
        int32_t rc = panrocks::new_family_options(*descriptor, &options, error);
        if (rc != PANROCKS_OK) return rc;
        rocksdb::ColumnFamilyHandle *handle = nullptr;
        auto *ttl_db = static_cast<rocksdb::DBWithTTL *>(db->db);
        rocksdb::Status s = ttl_db->CreateColumnFamilyWithTtl(options, descriptor->name, &handle, ttl);
        if (!s.ok()) return report(error, s);
        std::lock_guard<std::mutex> lock(db->families_mutex);
        *cf_out = panrocks::adopt_family(db, handle, options);
        return PANROCKS_OK;
    });
}

}  // extern "C"
