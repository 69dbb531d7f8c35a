// Options of an open DB read and changed while it runs (GetOptions,
// SetOptions), and OPTIONS files parsed into option strings
// (panrocks_options_io.h).
#include <algorithm>
#include <map>
#include <set>

#include <rocksdb/convenience.h>
#include <rocksdb/utilities/options_util.h>

#include "internal.h"

using panrocks::check;
using panrocks::copy_out;
using panrocks::family;
using panrocks::guarded;
using panrocks::report;

namespace {

// Parses an option string the way an open does; an empty map is refused
// here, as RocksDB's SetOptions would.
int32_t parse(const char *options, std::unordered_map<std::string, std::string> *map,
              panrocks_error *error) {
    rocksdb::Status s = rocksdb::StringToMap(options, map);
    if (!s.ok()) return report(error, s);
    if (map->empty()) return report(error, rocksdb::Status::InvalidArgument("empty input"));
    return PANROCKS_OK;
}

rocksdb::ConfigOptions serializing() {
    rocksdb::ConfigOptions config;
    config.delimiter = ";";
    return config;
}

// Options that name an object (or hold one in their value): the Java side
// sets these through typed setters or not at all, so a loaded file does not
// carry them.
const std::set<std::string> &object_options() {
    static const std::set<std::string> names{
        "comparator", "merge_operator", "compaction_filter", "compaction_filter_factory",
        "table_factory", "block_based_table_factory", "plain_table_factory", "cuckoo_table_factory",
        "blob_cache", "sst_partitioner_factory", "memtable_insert_with_hint_prefix_extractor",
        "table_properties_collectors", "env", "rate_limiter", "sst_file_manager", "statistics",
        "info_log", "wal_filter", "listeners", "row_cache", "file_checksum_gen_factory",
        "write_buffer_manager", "compaction_thread_limiter", "db_host_id"};
    return names;
}

// "name=value;..." of the entries of `loaded` whose value differs from
// `defaults`' (name order: std::map), objects left out.
std::string differences(const std::string &loaded, const std::string &defaults, rocksdb::Status *status) {
    std::unordered_map<std::string, std::string> l, d;
    *status = rocksdb::StringToMap(loaded, &l);
    if (status->ok()) *status = rocksdb::StringToMap(defaults, &d);
    if (!status->ok()) return {};
    std::map<std::string, std::string> sorted(l.begin(), l.end());
    std::string out;
    for (const auto &[name, value] : sorted) {
        if (object_options().count(name) != 0) continue;
        auto found = d.find(name);
        if (found != d.end() && found->second == value) continue;
        if (!out.empty()) out += ';';
        out += name;
        out += '=';
        // a nested value keeps its braces, so the string parses back as one
        out += value.find_first_of(";=") != std::string::npos ? "{" + value + "}" : value;
    }
    return out;
}

void append_record(std::string *out, const std::string &bytes) {
    uint32_t length = static_cast<uint32_t>(bytes.size());
    out->append(reinterpret_cast<const char *>(&length), sizeof length);
    out->append(bytes);
}

// RocksDB's read-only DB does not refuse SetOptions: it would write a new
// MANIFEST and OPTIONS file into a folder that a writer may be using (a
// read-only open may run beside one). Refused here, as a secondary's are.
int32_t refuse_read_only(panrocks_db *db, panrocks_error *error) {
    return report(error, rocksdb::Status::NotSupported("Not supported operation in read only mode."));
}

}  // namespace

extern "C" {

int32_t panrocks_set_options(panrocks_db *db, panrocks_cf *cf, const char *options, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && options != nullptr);
        if (db->read_only) return refuse_read_only(db, error);
        std::unordered_map<std::string, std::string> map;
        int32_t rc = parse(options, &map, error);
        if (rc != PANROCKS_OK) return rc;
        return check(error, db->db->SetOptions(family(db, cf), map));
    });
}

int32_t panrocks_set_db_options(panrocks_db *db, const char *options, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && options != nullptr);
        if (db->read_only) return refuse_read_only(db, error);
        std::unordered_map<std::string, std::string> map;
        int32_t rc = parse(options, &map, error);
        if (rc != PANROCKS_OK) return rc;
        return check(error, db->db->SetDBOptions(map));
    });
}

int32_t panrocks_get_options(panrocks_db *db, panrocks_cf *cf, char *buffer, size_t capacity, uint64_t *size,
                             panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && size != nullptr);
        std::string text;
        rocksdb::ColumnFamilyOptions options = db->db->GetOptions(family(db, cf));
        rocksdb::Status s = rocksdb::GetStringFromColumnFamilyOptions(serializing(), options, &text);
        if (!s.ok()) return report(error, s);
        return copy_out(text, buffer, capacity, size);
    });
}

int32_t panrocks_get_db_options(panrocks_db *db, char *buffer, size_t capacity, uint64_t *size,
                                panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && size != nullptr);
        std::string text;
        rocksdb::Status s = rocksdb::GetStringFromDBOptions(serializing(), db->db->GetDBOptions(), &text);
        if (!s.ok()) return report(error, s);
        return copy_out(text, buffer, capacity, size);
    });
}

int32_t panrocks_load_options(const char *path, int32_t latest, uint32_t flags, char *buffer, size_t capacity,
                              uint64_t *size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, path != nullptr && size != nullptr);
        rocksdb::ConfigOptions config;
        config.ignore_unknown_options = (flags & PANROCKS_CONFIG_IGNORE_UNKNOWN_OPTIONS) != 0;
        config.input_strings_escaped = (flags & PANROCKS_CONFIG_INPUT_STRINGS_ESCAPED) != 0;
        rocksdb::DBOptions db_options;
        std::vector<rocksdb::ColumnFamilyDescriptor> families;
        rocksdb::Status s = latest ? rocksdb::LoadLatestOptions(config, path, &db_options, &families)
                                   : rocksdb::LoadOptionsFromFile(config, path, &db_options, &families);
        if (!s.ok()) return report(error, s);

        std::string loaded, defaults, out;
        rocksdb::ConfigOptions text = serializing();
        s = rocksdb::GetStringFromDBOptions(text, db_options, &loaded);
        if (s.ok()) s = rocksdb::GetStringFromDBOptions(text, rocksdb::DBOptions(), &defaults);
        if (s.ok()) append_record(&out, differences(loaded, defaults, &s));
        if (!s.ok()) return report(error, s);
        std::string family_defaults;
        s = rocksdb::GetStringFromColumnFamilyOptions(text, rocksdb::ColumnFamilyOptions(), &family_defaults);
        if (!s.ok()) return report(error, s);
        for (const auto &f : families) {
            s = rocksdb::GetStringFromColumnFamilyOptions(text, f.options, &loaded);
            if (!s.ok()) return report(error, s);
            append_record(&out, f.name);
            append_record(&out, differences(loaded, family_defaults, &s));
            if (!s.ok()) return report(error, s);
        }
        return copy_out(out, buffer, capacity, size);
    });
}

int32_t panrocks_latest_options_file_name(const char *path, char *buffer, size_t capacity, uint64_t *size,
                                          panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, path != nullptr && size != nullptr);
        std::string name;
        rocksdb::Status s = rocksdb::GetLatestOptionsFileName(path, rocksdb::Env::Default(), &name);
        if (!s.ok()) return report(error, s);
        return copy_out(name, buffer, capacity, size);
    });
}

int32_t panrocks_check_options(int32_t kind, const char *options, uint32_t flags, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, options != nullptr);
        rocksdb::ConfigOptions config;
        config.ignore_unknown_options = (flags & PANROCKS_CONFIG_IGNORE_UNKNOWN_OPTIONS) != 0;
        config.input_strings_escaped = (flags & PANROCKS_CONFIG_INPUT_STRINGS_ESCAPED) != 0;
        switch (kind) {
            case PANROCKS_OPTIONS_DB: {
                rocksdb::DBOptions parsed;
                return check(error, rocksdb::GetDBOptionsFromString(config, rocksdb::DBOptions(), options, &parsed));
            }
            case PANROCKS_OPTIONS_COLUMN_FAMILY: {
                rocksdb::ColumnFamilyOptions parsed;
                return check(error, rocksdb::GetColumnFamilyOptionsFromString(config, rocksdb::ColumnFamilyOptions(),
                                                                              options, &parsed));
            }
            default:
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown option kind");
        }
    });
}

}  // extern "C"
