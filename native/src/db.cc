// Library identity, block caches, opening and closing DBs, options.
#include <rocksdb/convenience.h>
#include <rocksdb/table.h>
#include <rocksdb/utilities/db_ttl.h>
#include <rocksdb/version.h>
#if ROCKSDB_MAJOR >= 8
#include <rocksdb/advanced_cache.h>  // Cache's members moved here in 8.0
#endif

#include "internal.h"

using panrocks::check;
using panrocks::copy_out;
using panrocks::guarded;
using panrocks::report;

namespace {
#define PANROCKS_STRING_(x) #x
#define PANROCKS_STRING(x) PANROCKS_STRING_(x)
// What this library is, readable without loading it: scripts/check-library.sh
// finds this text in the libraries built for machines that cannot be run here
// (macOS, Windows). Referenced from panrocks_abi_version(), so that no linker
// drops it as unused; exported by none.
const char build_tag[] = "panrocks C ABI version " PANROCKS_STRING(PANROCKS_ABI_VERSION) ", engine RocksDB " PANROCKS_STRING(ROCKSDB_MAJOR) "." PANROCKS_STRING(ROCKSDB_MINOR) "." PANROCKS_STRING(ROCKSDB_PATCH);
}  // namespace

extern "C" {

uint32_t panrocks_abi_version(void) {
    asm volatile("" : : "r"(build_tag));  // keeps the build tag in the library
    return PANROCKS_ABI_VERSION;
}

const char *panrocks_engine_version(void) {
    // rocksdb::GetRocksVersionAsString() reports the engine actually loaded.
    static const std::string version = rocksdb::GetRocksVersionAsString(true);
    return version.c_str();
}

}  // extern "C"

namespace {

rocksdb::ConfigOptions strict_config() {
    rocksdb::ConfigOptions config;
    config.ignore_unknown_options = false;
    config.input_strings_escaped = false;
    config.invoke_prepare_options = true;
    return config;
}

}  // namespace

namespace panrocks {

namespace {

// cache_usage_options has no option-string form in the engine, so it crosses
// as two bits per CacheEntryRole (panrocks_cf_descriptor.cache_charging).
int32_t apply_cache_charging(uint32_t charging, rocksdb::CacheUsageOptions *out, panrocks_error *error) {
    for (uint32_t role = 0; role < rocksdb::kNumCacheEntryRoles; ++role) {
        const uint32_t decision = (charging >> (2 * role)) & 3u;
        if (decision == PANROCKS_CHARGE_FALLBACK) continue;
        if (decision != PANROCKS_CHARGE_ENABLED && decision != PANROCKS_CHARGE_DISABLED) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown cache charging decision");
        }
        rocksdb::CacheEntryRoleOptions options;
        options.charged = decision == PANROCKS_CHARGE_ENABLED ? rocksdb::CacheEntryRoleOptions::Decision::kEnabled
                                                              : rocksdb::CacheEntryRoleOptions::Decision::kDisabled;
        out->options_overrides[static_cast<rocksdb::CacheEntryRole>(role)] = options;
    }
    if ((charging >> (2 * rocksdb::kNumCacheEntryRoles)) != 0) {
        return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: cache charging bits past the last role");
    }
    return PANROCKS_OK;
}

}  // namespace

std::vector<rocksdb::DbPath> db_paths(size_t count, const panrocks_db_path *paths) {
    std::vector<rocksdb::DbPath> out;
    out.reserve(count);
    for (size_t i = 0; i < count; i++) out.emplace_back(paths[i].path, paths[i].target_size);
    return out;
}

int32_t family_options(const panrocks_cf_descriptor &d, rocksdb::ColumnFamilyOptions *out,
                       panrocks_error *error) {
    const rocksdb::ConfigOptions config = strict_config();
    rocksdb::Status s;
    if (d.options != nullptr && d.options[0] != '\0') {
        s = rocksdb::GetColumnFamilyOptionsFromString(config, rocksdb::ColumnFamilyOptions(),
                                                      d.options, out);
        if (!s.ok()) return report(error, s);
    }
    if ((d.table_options != nullptr && d.table_options[0] != '\0') || d.block_cache != nullptr || d.cache_charging != 0) {
        rocksdb::BlockBasedTableOptions table;
        if (d.table_options != nullptr && d.table_options[0] != '\0') {
            s = rocksdb::GetBlockBasedTableOptionsFromString(config, rocksdb::BlockBasedTableOptions(),
                                                             d.table_options, &table);
            if (!s.ok()) return report(error, s);
        }
        if (d.block_cache != nullptr) table.block_cache = d.block_cache->cache;
        int32_t rc = apply_cache_charging(d.cache_charging, &table.cache_usage_options, error);
        if (rc != PANROCKS_OK) return rc;
        out->table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
    }
    if (d.cf_path_count > 0) {
        PANROCKS_REQUIRE(error, d.cf_paths != nullptr);
        out->cf_paths = db_paths(d.cf_path_count, d.cf_paths);
    }
    if (d.compaction_thread_limiter != nullptr) out->compaction_thread_limiter = d.compaction_thread_limiter->limiter;
    return PANROCKS_OK;
}

int32_t parse_db_options(const char *text, rocksdb::DBOptions *out, panrocks_error *error) {
    if (text == nullptr || text[0] == '\0') return PANROCKS_OK;
    return check(error, rocksdb::GetDBOptionsFromString(strict_config(), rocksdb::DBOptions(), text, out));
}

int32_t new_family_options(const panrocks_cf_descriptor &d, rocksdb::ColumnFamilyOptions *out, panrocks_error *error) {
    int32_t rc = family_options(d, out, error);
    if (rc == PANROCKS_OK) stand_in_for_missing_merge_operator(out);
    return rc;
}

int32_t file_options(const char *db_options, const panrocks_cf_descriptor *family, rocksdb::Options *out,
                     panrocks_error *error) {
    rocksdb::DBOptions dbo;
    if (int32_t rc = parse_db_options(db_options, &dbo, error)) return rc;
    rocksdb::ColumnFamilyOptions cfo;
    if (family != nullptr) {
        int32_t rc = family_options(*family, &cfo, error);
        if (rc != PANROCKS_OK) return rc;
    }
    *out = rocksdb::Options(dbo, cfo);
    return PANROCKS_OK;
}

int32_t open_options(const panrocks_open_request *request, panrocks_db *db,
                     rocksdb::DBOptions *db_options,
                     std::vector<rocksdb::ColumnFamilyDescriptor> *descriptors,
                     panrocks_error *error) {
    take_stand_in_refusal();  // see adopt_families: an open begins with none
    if (int32_t rc = parse_db_options(request->db_options, db_options, error)) return rc;
    if (request->enable_statistics) {
        db->statistics = rocksdb::CreateDBStatistics();
        db_options->statistics = db->statistics;
    }
    if (request->resources != nullptr) {  // shared objects of the open (panrocks_resources.h)
        int32_t rc = apply_open_resources(*request->resources, db_options, &db->statistics, &db->base_env, error);
        if (rc != PANROCKS_OK) return rc;
    }
    if (request->db_path_count > 0) {
        PANROCKS_REQUIRE(error, request->db_paths != nullptr);
        db_options->db_paths = db_paths(request->db_path_count, request->db_paths);
    }
    prepare_callbacks(db, db_options);  // over the open's environment
    if (request->mode == PANROCKS_OPEN_READ_WRITE || request->mode == PANROCKS_OPEN_TTL) {
        install_space_recovery(db, db_options);
    }
    if (request->cf_count == 0) {
        rocksdb::ColumnFamilyOptions cf_options;
        stand_in_for_missing_merge_operator(&cf_options);
        descriptors->emplace_back(rocksdb::kDefaultColumnFamilyName, cf_options);
        return PANROCKS_OK;
    }
    for (size_t i = 0; i < request->cf_count; i++) {
        const panrocks_cf_descriptor &d = request->cfs[i];
        PANROCKS_REQUIRE(error, d.name != nullptr);
        rocksdb::ColumnFamilyOptions cf_options;
        int32_t rc = new_family_options(d, &cf_options, error);
        if (rc != PANROCKS_OK) return rc;
        descriptors->emplace_back(d.name, cf_options);
    }
    return PANROCKS_OK;
}

void adopt_families(panrocks_db *db, rocksdb::DB *raw,
                    const std::vector<rocksdb::ColumnFamilyDescriptor> &descriptors,
                    const std::vector<rocksdb::ColumnFamilyHandle *> &handles,
                    const panrocks_open_request *request, panrocks_cf **cf_handles_out) {
    db->db = raw;
    attach_space_recovery(db);
    // the recovery flushed on this thread: a merge the stand-in copied is no failed read
    take_stand_in_refusal();
    for (size_t i = 0; i < handles.size(); i++) adopt_family(db, handles[i], descriptors[i].options);
    for (size_t i = 0; i < handles.size(); i++) {
        if (handles[i]->GetName() == rocksdb::kDefaultColumnFamilyName) {
            db->default_family = db->families[i].get();
        }
    }
    if (db->default_family == nullptr) {
        // RocksDB always opens "default"; when the caller did not list
        // it, keep the DB's own handle to it.
        db->families.push_back(
            std::make_unique<panrocks_cf>(panrocks_cf{raw->DefaultColumnFamily(), true}));
        db->default_family = db->families.back().get();
    }
    for (size_t i = 0; i < request->cf_count; i++) cf_handles_out[i] = db->families[i].get();
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_open(const panrocks_open_request *request, panrocks_db **db_out,
                      panrocks_cf **cf_handles_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, request != nullptr && request->path != nullptr);
        PANROCKS_REQUIRE(error, db_out != nullptr);
        PANROCKS_REQUIRE(error, request->cf_count == 0 ||
                                    (request->cfs != nullptr && cf_handles_out != nullptr));
        auto db = std::make_unique<panrocks_db>();
        // callbacks named in the option strings belong to this DB
        panrocks::CallbackScope callbacks(db.get());
        rocksdb::DBOptions db_options;
        std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
        int32_t rc = panrocks::open_options(request, db.get(), &db_options, &descriptors, error);
        if (rc != PANROCKS_OK) return rc;

        std::vector<rocksdb::ColumnFamilyHandle *> handles;
#if ROCKSDB_MAJOR >= 11
        std::unique_ptr<rocksdb::DB> opened;  // 11.0 dropped the DB** overloads
        rocksdb::DB *raw = nullptr;
        auto *out = &opened;
#else
        rocksdb::DB *raw = nullptr;
        auto *out = &raw;
#endif
        rocksdb::Status s;
        const int32_t mode = request->mode;
        if (mode == PANROCKS_OPEN_READ_ONLY) {
            s = rocksdb::DB::OpenForReadOnly(db_options, request->path, descriptors, &handles, out,
                                             request->error_if_wal_file_exists != 0);
        } else if (mode == PANROCKS_OPEN_READ_WRITE) {
            s = rocksdb::DB::Open(db_options, request->path, descriptors, &handles, out);
        } else if (mode == PANROCKS_OPEN_TTL || mode == PANROCKS_OPEN_TTL_READ_ONLY) {
            std::vector<int32_t> ttls(descriptors.size(), 0);
            if (request->ttls != nullptr) {
                for (size_t i = 0; i < ttls.size(); i++) ttls[i] = request->ttls[i];
            }
            rocksdb::DBWithTTL *ttl_db = nullptr;
            s = rocksdb::DBWithTTL::Open(db_options, request->path, descriptors, &handles, &ttl_db, ttls,
                                         mode == PANROCKS_OPEN_TTL_READ_ONLY);
#if ROCKSDB_MAJOR >= 11
            opened.reset(ttl_db);
#else
            raw = ttl_db;
#endif
        } else if (mode == PANROCKS_OPEN_SECONDARY) {
            PANROCKS_REQUIRE(error, request->secondary_path != nullptr);
            s = rocksdb::DB::OpenAsSecondary(db_options, request->path, request->secondary_path, descriptors,
                                             &handles, out);
        } else {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown open mode");
        }
#if ROCKSDB_MAJOR >= 11
        raw = opened.release();
#endif
        if (!s.ok()) return report(error, s);

        db->mode = mode;
        db->read_only = mode == PANROCKS_OPEN_READ_ONLY || mode == PANROCKS_OPEN_TTL_READ_ONLY ||
                        mode == PANROCKS_OPEN_SECONDARY;
        panrocks::adopt_families(db.get(), raw, descriptors, handles, request, cf_handles_out);
        *db_out = db.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_close(panrocks_db *db, panrocks_error *error) {
    if (db == nullptr) return PANROCKS_OK;
    return guarded(error, [&] {
        // no Resume() may run into the close
        panrocks::stop_space_recovery(db);
        // transactions first: RocksDB's must be deleted before their DB
        panrocks::release_transactions(db);
        int32_t rc = PANROCKS_OK;
        for (auto &family : db->families) {
            if (family->handle != nullptr &&
                family->handle != db->db->DefaultColumnFamily()) {
                rocksdb::Status s = db->db->DestroyColumnFamilyHandle(family->handle);
                if (!s.ok() && rc == PANROCKS_OK) rc = report(error, s);
            }
        }
        db->families.clear();
        rocksdb::Status s = db->db->Close();
        // Close() reports e.g. unreleased snapshots; the DB is deleted
        // regardless, so the handle is gone either way.
        if (!s.ok() && rc == PANROCKS_OK) rc = report(error, s);
        delete db->db;
        delete db;
        return rc;
    });
}

panrocks_cf *panrocks_default_cf(panrocks_db *db) { return db ? db->default_family : nullptr; }

// ---- option defaults ------------------------------------------------------------------------------

int32_t panrocks_default_options(int32_t kind, char *buffer, size_t capacity, uint64_t *size,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, size != nullptr);
        rocksdb::ConfigOptions config;
        config.delimiter = ";";
        std::string text;
        rocksdb::Status s;
        switch (kind) {
            case PANROCKS_OPTIONS_DB:
                s = rocksdb::GetStringFromDBOptions(config, rocksdb::DBOptions(), &text);
                break;
            case PANROCKS_OPTIONS_COLUMN_FAMILY:
                s = rocksdb::GetStringFromColumnFamilyOptions(config, rocksdb::ColumnFamilyOptions(), &text);
                break;
            case PANROCKS_OPTIONS_BLOCK_BASED_TABLE: {
                std::unique_ptr<rocksdb::TableFactory> table(
                    rocksdb::NewBlockBasedTableFactory(rocksdb::BlockBasedTableOptions()));
                s = table->GetOptionString(config, &text);
                break;
            }
            default:
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown option kind");
        }
        if (!s.ok()) return report(error, s);
        return copy_out(text, buffer, capacity, size);
    });
}

int32_t panrocks_latest_sequence_number(panrocks_db *db, uint64_t *sequence, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && sequence != nullptr);
        *sequence = db->db->GetLatestSequenceNumber();
        return PANROCKS_OK;
    });
}

int32_t panrocks_try_catch_up_with_primary(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->TryCatchUpWithPrimary());
    });
}

int32_t panrocks_destroy_db(const char *path, const char *db_options, size_t db_path_count,
                            const panrocks_db_path *db_paths, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, path != nullptr);
        rocksdb::DBOptions options;
        if (int32_t rc = panrocks::parse_db_options(db_options, &options, error)) return rc;
        PANROCKS_REQUIRE(error, db_path_count == 0 || db_paths != nullptr);
        options.db_paths = panrocks::db_paths(db_path_count, db_paths);
        rocksdb::Status s = rocksdb::DestroyDB(path, rocksdb::Options(options, rocksdb::ColumnFamilyOptions()));
        return s.ok() ? PANROCKS_OK : report(error, s);
    });
}

int32_t panrocks_resume(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        rocksdb::Status s = panrocks::resume(db);
        return s.ok() ? PANROCKS_OK : report(error, s);
    });
}

}  // extern "C"

namespace panrocks {

}  // namespace panrocks
