// Small whole-DB operations RocksJava has: DestroyDB and SyncWAL.
#include "internal.h"

#include <rocksdb/convenience.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>

using panrocks::guarded;
using panrocks::report;

namespace panrocks {

std::vector<rocksdb::DbPath> db_paths(size_t count, const panrocks_db_path *paths) {
    std::vector<rocksdb::DbPath> out;
    out.reserve(count);
    for (size_t i = 0; i < count; i++) out.emplace_back(paths[i].path, paths[i].target_size);
    return out;
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_destroy_db(const char *path, const char *db_options, size_t db_path_count,
                            const panrocks_db_path *db_paths, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, path != nullptr);
        rocksdb::DBOptions options;
        if (db_options != nullptr && db_options[0] != '\0') {
            rocksdb::ConfigOptions config;
            config.ignore_unknown_options = false;
            rocksdb::Status s = rocksdb::GetDBOptionsFromString(config, rocksdb::DBOptions(), db_options, &options);
            if (!s.ok()) return report(error, s);
        }
        PANROCKS_REQUIRE(error, db_path_count == 0 || db_paths != nullptr);
        options.db_paths = panrocks::db_paths(db_path_count, db_paths);
        rocksdb::Status s = rocksdb::DestroyDB(path, rocksdb::Options(options, rocksdb::ColumnFamilyOptions()));
        return s.ok() ? PANROCKS_OK : report(error, s);
    });
}

int32_t panrocks_sync_wal(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        rocksdb::Status s = db->db->SyncWAL();
        return s.ok() ? PANROCKS_OK : report(error, s);
    });
}

}  // extern "C"
