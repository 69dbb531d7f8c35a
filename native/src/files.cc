// A DB's files (panrocks_files.h): keeping obsolete files, live files and
// WALs as file lists, ingestion of external SST files.
#include <rocksdb/metadata.h>
#include <rocksdb/transaction_log.h>
#include <rocksdb/version.h>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::report;

namespace {

std::string slash(const std::string &relative) {
    return !relative.empty() && relative[0] == '/' ? relative : "/" + relative;
}

}  // namespace

namespace panrocks {

// One SST file's metadata into a list (live files, an export's files).
void add_file_metadata(panrocks_file_list *list, const rocksdb::LiveFileMetaData &m) {
    panrocks_file_info &f = list->add();
    // an export's metadata fills only the older fields (name, db_path)
    f.name = list->keep(slash(m.relative_filename.empty() ? m.name : m.relative_filename));
    f.directory = list->keep(m.directory.empty() ? m.db_path : m.directory);
    f.column_family = list->keep(m.column_family_name);
    f.smallest_key = list->keep(m.smallestkey);
    f.largest_key = list->keep(m.largestkey);
    f.size = m.size;
    f.number = m.file_number;
    f.smallest_seqno = m.smallest_seqno;
    f.largest_seqno = m.largest_seqno;
    f.num_entries = m.num_entries;
    f.num_deletions = m.num_deletions;
    f.num_reads_sampled = m.num_reads_sampled;
    f.level = m.level;
    f.being_compacted = m.being_compacted ? 1 : 0;
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_disable_file_deletions(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->DisableFileDeletions());
    });
}

int32_t panrocks_enable_file_deletions(panrocks_db *db, int32_t force, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
#if ROCKSDB_MAJOR >= 9
        // RocksDB 9 dropped the force flag: each enable undoes one disable
        rocksdb::Status s = db->db->EnableFileDeletions();
        if (!s.ok() || !force) return check(error, s);
        // force: undo the others too, as the flag did (bounded: another
        // thread disabling meanwhile cannot keep this loop going)
        for (int i = 0; i < (1 << 20); i++) {
            uint64_t enabled = 0;
            if (!db->db->GetIntProperty(rocksdb::DB::Properties::kIsFileDeletionsEnabled, &enabled) || enabled) {
                break;
            }
            s = db->db->EnableFileDeletions();
            if (!s.ok()) return report(error, s);
        }
        return PANROCKS_OK;
#else
        return check(error, db->db->EnableFileDeletions(force != 0));
#endif
    });
}

size_t panrocks_file_list_count(const panrocks_file_list *list) { return list ? list->files.size() : 0; }

const panrocks_file_info *panrocks_file_list_get(const panrocks_file_list *list, size_t index) {
    return list != nullptr && index < list->files.size() ? &list->files[index] : nullptr;
}

void panrocks_file_list_destroy(panrocks_file_list *list) { delete list; }

int32_t panrocks_get_live_files(panrocks_db *db, int32_t flush_memtable, panrocks_file_list **list_out,
                                uint64_t *manifest_file_size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && list_out != nullptr && manifest_file_size != nullptr);
        std::vector<std::string> names;
        uint64_t manifest = 0;
        rocksdb::Status s = db->db->GetLiveFiles(names, &manifest, flush_memtable != 0);
        if (!s.ok()) return report(error, s);
        auto list = std::make_unique<panrocks_file_list>();
        for (auto &n : names) list->add().name = list->keep(std::move(n));
        *manifest_file_size = manifest;
        *list_out = list.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_get_live_files_metadata(panrocks_db *db, panrocks_file_list **list_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && list_out != nullptr);
        std::vector<rocksdb::LiveFileMetaData> metadata;
        db->db->GetLiveFilesMetaData(&metadata);
        auto list = std::make_unique<panrocks_file_list>();
        for (const auto &m : metadata) panrocks::add_file_metadata(list.get(), m);
        *list_out = list.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_get_sorted_wal_files(panrocks_db *db, panrocks_file_list **list_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && list_out != nullptr);
        rocksdb::VectorLogPtr wals;
        rocksdb::Status s = db->db->GetSortedWalFiles(wals);
        if (!s.ok()) return report(error, s);
        auto list = std::make_unique<panrocks_file_list>();
        for (auto &w : wals) {
            panrocks_file_info &f = list->add();
            f.name = list->keep(slash(w->PathName()));
            f.number = w->LogNumber();
            f.smallest_seqno = w->StartSequence();
            f.size = w->SizeFileBytes();
            f.wal_type = w->Type() == rocksdb::kAliveLogFile ? PANROCKS_WAL_ALIVE : PANROCKS_WAL_ARCHIVED;
            f.level = -1;
        }
        *list_out = list.release();
        return PANROCKS_OK;
    });
}

void panrocks_ingest_options_init(panrocks_ingest_options *options) {
    if (options == nullptr) return;
    const rocksdb::IngestExternalFileOptions d;
    *options = panrocks_ingest_options{};
    options->verify_checksums_readahead_size = d.verify_checksums_readahead_size;
    options->move_files = d.move_files;
    options->failed_move_fall_back_to_copy = d.failed_move_fall_back_to_copy;
    options->snapshot_consistency = d.snapshot_consistency;
    options->allow_global_seqno = d.allow_global_seqno;
    options->allow_blocking_flush = d.allow_blocking_flush;
    options->ingest_behind = d.ingest_behind;
    options->write_global_seqno = d.write_global_seqno;
    options->verify_checksums_before_ingest = d.verify_checksums_before_ingest;
    options->verify_file_checksum = d.verify_file_checksum;
    options->fail_if_not_bottommost_level = d.fail_if_not_bottommost_level;
}

int32_t panrocks_ingest_external_files(panrocks_db *db, panrocks_cf *cf, const char *const *paths, size_t count,
                                       const panrocks_ingest_options *options, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && (paths != nullptr || count == 0));
        std::vector<std::string> files;
        files.reserve(count);
        for (size_t i = 0; i < count; i++) {
            PANROCKS_REQUIRE(error, paths[i] != nullptr);
            files.emplace_back(paths[i]);
        }
        rocksdb::IngestExternalFileOptions o;
        if (options != nullptr) {
            o.verify_checksums_readahead_size = options->verify_checksums_readahead_size;
            o.move_files = options->move_files != 0;
            o.failed_move_fall_back_to_copy = options->failed_move_fall_back_to_copy != 0;
            o.snapshot_consistency = options->snapshot_consistency != 0;
            o.allow_global_seqno = options->allow_global_seqno != 0;
            o.allow_blocking_flush = options->allow_blocking_flush != 0;
            o.ingest_behind = options->ingest_behind != 0;
            o.write_global_seqno = options->write_global_seqno != 0;
            o.verify_checksums_before_ingest = options->verify_checksums_before_ingest != 0;
            o.verify_file_checksum = options->verify_file_checksum != 0;
            o.fail_if_not_bottommost_level = options->fail_if_not_bottommost_level != 0;
        }
        return check(error, db->db->IngestExternalFile(family(db, cf), files, o));
    });
}

}  // extern "C"
