// Checkpoints, and the export of a column family's files and their import
// into a new family (panrocks_checkpoint.h).
#include <rocksdb/metadata.h>
#include <rocksdb/utilities/checkpoint.h>

#include "internal.h"

using panrocks::family;
using panrocks::guarded;
using panrocks::report;

struct panrocks_export {
    std::unique_ptr<rocksdb::ExportImportFilesMetaData> metadata;
};


namespace {

panrocks_slice slice_of(const std::string &s) { return panrocks_slice{s.data(), s.size()}; }

}  // namespace

extern "C" {

int32_t panrocks_checkpoint_create(panrocks_db *db, const char *dir, uint64_t log_size_for_flush,
                                   uint64_t *sequence_number, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && dir != nullptr);
        rocksdb::Checkpoint *raw = nullptr;
        rocksdb::Status s = rocksdb::Checkpoint::Create(db->db, &raw);
        if (!s.ok()) return report(error, s);
        std::unique_ptr<rocksdb::Checkpoint> checkpoint(raw);
        uint64_t sequence = 0;
        s = checkpoint->CreateCheckpoint(dir, log_size_for_flush, &sequence);
        if (!s.ok()) return report(error, s);
        if (sequence_number != nullptr) *sequence_number = sequence;
        return PANROCKS_OK;
    });
}

int32_t panrocks_export_column_family(panrocks_db *db, panrocks_cf *cf, const char *dir,
                                      panrocks_export **export_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && dir != nullptr && export_out != nullptr);
        *export_out = nullptr;
        rocksdb::Checkpoint *raw = nullptr;
        rocksdb::Status s = rocksdb::Checkpoint::Create(db->db, &raw);
        if (!s.ok()) return report(error, s);
        std::unique_ptr<rocksdb::Checkpoint> checkpoint(raw);
        rocksdb::ExportImportFilesMetaData *metadata = nullptr;
        s = checkpoint->ExportColumnFamily(family(db, cf), dir, &metadata);
        auto exported = std::make_unique<panrocks_export>();
        exported->metadata.reset(metadata);  // owned before any return
        if (!s.ok()) return report(error, s);
        PANROCKS_REQUIRE(error, exported->metadata != nullptr);
        *export_out = exported.release();
        return PANROCKS_OK;
    });
}

void panrocks_export_comparator_name(const panrocks_export *exported, panrocks_slice *name) {
    if (name == nullptr) return;
    *name = exported == nullptr ? panrocks_slice{nullptr, 0} : slice_of(exported->metadata->db_comparator_name);
}

int32_t panrocks_export_files(const panrocks_export *exported, panrocks_file_list **list_out,
                              panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, exported != nullptr && list_out != nullptr);
        auto list = std::make_unique<panrocks_file_list>();
        for (const auto &m : exported->metadata->files) panrocks::add_file_metadata(list.get(), m);
        *list_out = list.release();
        return PANROCKS_OK;
    });
}

void panrocks_export_destroy(panrocks_export *exported) { delete exported; }

int32_t panrocks_create_column_family_with_import(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                                  int32_t move_files, const panrocks_export *const *exports,
                                                  size_t export_count, panrocks_cf **cf_out,
                                                  panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && descriptor != nullptr && descriptor->name != nullptr);
        PANROCKS_REQUIRE(error, cf_out != nullptr && exports != nullptr && export_count > 0);
        if (db->read_only) return panrocks::refuse_read_only(error);
        if (panrocks::is_ttl(db)) {
            // the family would be read through the TTL layer, which takes the
            // last bytes of every value for a timestamp the files may not have
            return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: a DB opened with TTL cannot import a column family");
        }
        std::vector<const rocksdb::ExportImportFilesMetaData *> metadatas;
        for (size_t i = 0; i < export_count; i++) {
            PANROCKS_REQUIRE(error, exports[i] != nullptr);
            metadatas.push_back(exports[i]->metadata.get());
        }
        rocksdb::ColumnFamilyOptions options;
        panrocks::CallbackScope callbacks(db);  // its comparator belongs to this DB
        int32_t rc = panrocks::new_family_options(*descriptor, &options, error);
        if (rc != PANROCKS_OK) return rc;
        rocksdb::ImportColumnFamilyOptions import_options;
        import_options.move_files = move_files != 0;
        rocksdb::ColumnFamilyHandle *handle = nullptr;
        rocksdb::Status s =
            db->db->CreateColumnFamilyWithImport(options, descriptor->name, import_options, metadatas, &handle);
        if (!s.ok()) return report(error, panrocks::undo_created_family(db, handle, s));
        std::lock_guard<std::mutex> lock(db->families_mutex);
        *cf_out = panrocks::adopt_family(db, handle, options);
        return PANROCKS_OK;
    });
}

}  // extern "C"
