// Backups (rocksdb::BackupEngine): create from an open DB, list, verify,
// restore, purge, delete, garbage-collect.
#include <rocksdb/env.h>
#include <rocksdb/utilities/backup_engine.h>

#include "internal.h"

using panrocks::check;
using panrocks::guarded;
using panrocks::report;

struct panrocks_backup_engine {
    // RocksDB's Open returns its thread-safe engine: calls from several
    // threads are serialized inside (StopBackup excepted, which is meant
    // to be called while a backup runs)
    std::unique_ptr<rocksdb::BackupEngine> engine;
};

struct panrocks_backup_list {
    std::vector<rocksdb::BackupInfo> backups;  // owns the metadata the infos point at
    std::vector<panrocks_backup_info> infos;
    std::vector<rocksdb::BackupID> corrupted;
};

extern "C" {

void panrocks_backup_engine_options_init(panrocks_backup_engine_options *options) {
    if (options == nullptr) return;
    const rocksdb::BackupEngineOptions d("");
    *options = panrocks_backup_engine_options{};
    options->backup_dir = nullptr;
    options->backup_rate_limit = d.backup_rate_limit;
    options->restore_rate_limit = d.restore_rate_limit;
    options->callback_trigger_interval_size = d.callback_trigger_interval_size;
    options->share_table_files = d.share_table_files;
    options->sync = d.sync;
    options->destroy_old_data = d.destroy_old_data;
    options->backup_log_files = d.backup_log_files;
    options->share_files_with_checksum = d.share_files_with_checksum;
    options->max_background_operations = d.max_background_operations;
    options->max_valid_backups_to_open = d.max_valid_backups_to_open;
}

int32_t panrocks_backup_engine_open(const panrocks_backup_engine_options *options,
                                    panrocks_backup_engine **engine_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, options != nullptr && options->backup_dir != nullptr && engine_out != nullptr);
        PANROCKS_REQUIRE(error, options->max_background_operations >= 1);
        rocksdb::BackupEngineOptions o(options->backup_dir);
        o.backup_rate_limit = options->backup_rate_limit;
        o.restore_rate_limit = options->restore_rate_limit;
        o.callback_trigger_interval_size = options->callback_trigger_interval_size;
        o.share_table_files = options->share_table_files != 0;
        o.sync = options->sync != 0;
        o.destroy_old_data = options->destroy_old_data != 0;
        o.backup_log_files = options->backup_log_files != 0;
        // RocksDB asserts that checksum naming implies shared table files
        o.share_files_with_checksum = o.share_table_files && options->share_files_with_checksum != 0;
        o.max_background_operations = options->max_background_operations;
        o.max_valid_backups_to_open = options->max_valid_backups_to_open;
        rocksdb::BackupEngine *raw = nullptr;
        rocksdb::IOStatus s = rocksdb::BackupEngine::Open(o, rocksdb::Env::Default(), &raw);
        if (!s.ok()) return report(error, s);
        auto engine = std::make_unique<panrocks_backup_engine>();
        engine->engine.reset(raw);
        *engine_out = engine.release();
        return PANROCKS_OK;
    });
}

void panrocks_backup_engine_destroy(panrocks_backup_engine *engine) { delete engine; }

int32_t panrocks_backup_engine_create(panrocks_backup_engine *engine, panrocks_db *db, int32_t flush_before_backup,
                                      const char *app_metadata, size_t app_metadata_length, uint32_t *backup_id,
                                      panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, engine != nullptr && db != nullptr && backup_id != nullptr);
        PANROCKS_REQUIRE(error, app_metadata != nullptr || app_metadata_length == 0);
        rocksdb::CreateBackupOptions options;
        options.flush_before_backup = flush_before_backup != 0;
        rocksdb::BackupID id = 0;
        std::string metadata = app_metadata != nullptr ? std::string(app_metadata, app_metadata_length) : std::string();
        rocksdb::IOStatus s = engine->engine->CreateNewBackupWithMetadata(options, db->db, metadata, &id);
        if (!s.ok()) return report(error, s);
        *backup_id = id;
        return PANROCKS_OK;
    });
}

void panrocks_backup_engine_stop(panrocks_backup_engine *engine) {
    if (engine != nullptr) engine->engine->StopBackup();
}

int32_t panrocks_backup_engine_info(panrocks_backup_engine *engine, panrocks_backup_list **list_out,
                                    panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, engine != nullptr && list_out != nullptr);
        auto list = std::make_unique<panrocks_backup_list>();
        engine->engine->GetBackupInfo(&list->backups);
        engine->engine->GetCorruptedBackups(&list->corrupted);
        list->infos.reserve(list->backups.size());
        for (const rocksdb::BackupInfo &b : list->backups) {
            panrocks_backup_info i{};
            i.timestamp = b.timestamp;
            i.size = b.size;
            i.app_metadata = panrocks_slice{b.app_metadata.data(), b.app_metadata.size()};
            i.backup_id = b.backup_id;
            i.number_files = b.number_files;
            list->infos.push_back(i);
        }
        *list_out = list.release();
        return PANROCKS_OK;
    });
}

size_t panrocks_backup_list_count(const panrocks_backup_list *list) { return list ? list->infos.size() : 0; }

const panrocks_backup_info *panrocks_backup_list_get(const panrocks_backup_list *list, size_t index) {
    return list != nullptr && index < list->infos.size() ? &list->infos[index] : nullptr;
}

size_t panrocks_backup_list_corrupted_count(const panrocks_backup_list *list) {
    return list ? list->corrupted.size() : 0;
}

uint32_t panrocks_backup_list_corrupted_id(const panrocks_backup_list *list, size_t index) {
    return list != nullptr && index < list->corrupted.size() ? list->corrupted[index] : 0;
}

void panrocks_backup_list_destroy(panrocks_backup_list *list) { delete list; }

int32_t panrocks_backup_engine_verify(panrocks_backup_engine *engine, uint32_t backup_id,
                                      int32_t verify_with_checksum, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, engine != nullptr);
        return check(error, engine->engine->VerifyBackup(backup_id, verify_with_checksum != 0));
    });
}

int32_t panrocks_backup_engine_restore(panrocks_backup_engine *engine, int32_t latest, uint32_t backup_id,
                                       const char *db_dir, const char *wal_dir, int32_t keep_log_files,
                                       panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, engine != nullptr && db_dir != nullptr && wal_dir != nullptr);
        rocksdb::RestoreOptions options(keep_log_files != 0);
        rocksdb::IOStatus s = latest ? engine->engine->RestoreDBFromLatestBackup(options, db_dir, wal_dir)
                                     : engine->engine->RestoreDBFromBackup(options, backup_id, db_dir, wal_dir);
        return check(error, s);
    });
}

int32_t panrocks_backup_engine_purge_old(panrocks_backup_engine *engine, uint32_t keep, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, engine != nullptr);
        return check(error, engine->engine->PurgeOldBackups(keep));
    });
}

int32_t panrocks_backup_engine_delete(panrocks_backup_engine *engine, uint32_t backup_id, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, engine != nullptr);
        return check(error, engine->engine->DeleteBackup(backup_id));
    });
}

int32_t panrocks_backup_engine_garbage_collect(panrocks_backup_engine *engine, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, engine != nullptr);
        return check(error, engine->engine->GarbageCollect());
    });
}

}  // extern "C"
