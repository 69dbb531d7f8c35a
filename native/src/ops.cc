// Operations on a DB's files: checkpoints, live files and WALs, ingestion
// of external SST files, TTL families, a secondary's catch-up, compactions
// of chosen files.
#include <deque>

#include <rocksdb/metadata.h>
#include <rocksdb/transaction_log.h>
#include <rocksdb/utilities/checkpoint.h>
#include <rocksdb/utilities/db_ttl.h>
#include <rocksdb/version.h>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::report;

struct panrocks_file_list {
    std::deque<std::string> strings;  // stable addresses: the slices point here
    std::vector<panrocks_file_info> files;

    panrocks_slice keep(std::string s) {
        strings.push_back(std::move(s));
        const std::string &kept = strings.back();
        return panrocks_slice{kept.data(), kept.size()};
    }
    panrocks_file_info &add() {
        files.push_back(panrocks_file_info{});
        return files.back();
    }
};

struct panrocks_export {
    std::unique_ptr<rocksdb::ExportImportFilesMetaData> metadata;
};

struct panrocks_compaction_result {
    std::vector<std::string> output_files;  // CompactFiles' answer
    rocksdb::CompactionJobInfo job;
    // the job as the ABI shows it; the slices point into job and message
    std::string message;
    std::vector<panrocks_slice> input_names, output_names;
    panrocks_compaction_details details{};
    panrocks_compaction_info info{};
};

namespace {

// The compression types a caller may ask a CompactFiles for: the engine's
// built-in ones, and kDisableCompressionOption (the family's own).
bool known_compression(int32_t type) {
    switch (type) {
        case rocksdb::kNoCompression:
        case rocksdb::kSnappyCompression:
        case rocksdb::kZlibCompression:
        case rocksdb::kBZip2Compression:
        case rocksdb::kLZ4Compression:
        case rocksdb::kLZ4HCCompression:
        case rocksdb::kZSTD:
        case rocksdb::kDisableCompressionOption:
            return true;
        default:
            return false;
    }
}

// How many output paths a family has: its cf_paths, else the DB's db_paths,
// else the DB's directory alone (RocksDB's own fallback order).
size_t output_path_count(rocksdb::DB *db, rocksdb::ColumnFamilyHandle *cf) {
    const rocksdb::Options options = db->GetOptions(cf);
    if (!options.cf_paths.empty()) return options.cf_paths.size();
    return std::max<size_t>(1, options.db_paths.size());
}

panrocks_slice slice_of(const std::string &s) { return panrocks_slice{s.data(), s.size()}; }

// Fills result's ABI view of its job (the listener's layout).
void describe_job(panrocks_compaction_result *r) {
    const rocksdb::CompactionJobInfo &i = r->job;
    r->message = i.status.ok() ? std::string() : i.status.ToString();
    for (const std::string &name : i.input_files) r->input_names.push_back(slice_of(name));
    for (const std::string &name : i.output_files) r->output_names.push_back(slice_of(name));
    panrocks::fill_compaction_stats(i.stats, &r->details.stats);
    r->details.input_file_names = r->input_names.data();
    r->details.output_file_names = r->output_names.data();
    r->details.compression = static_cast<int32_t>(i.compression);
    panrocks_compaction_info &c = r->info;
    c.cf_name = slice_of(i.cf_name);
    c.status_message = slice_of(r->message);
    c.cf_id = i.cf_id;
    c.job_id = i.job_id;
    c.thread_id = i.thread_id;
    c.base_input_level = i.base_input_level;
    c.output_level = i.output_level;
    c.compaction_reason = static_cast<int32_t>(i.compaction_reason);
    c.status_code = static_cast<int32_t>(i.status.code());
    c.status_subcode = static_cast<int32_t>(i.status.subcode());
    c.input_files = i.input_files.size();
    c.output_files = i.output_files.size();
    c.input_records = i.stats.num_input_records;
    c.output_records = i.stats.num_output_records;
    c.total_input_bytes = i.stats.total_input_bytes;
    c.total_output_bytes = i.stats.total_output_bytes;
    c.elapsed_micros = i.stats.elapsed_micros;
    c.details = &r->details;
}

std::string slash(const std::string &relative) {
    return !relative.empty() && relative[0] == '/' ? relative : "/" + relative;
}

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

int32_t panrocks_latest_sequence_number(panrocks_db *db, uint64_t *sequence, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && sequence != nullptr);
        *sequence = db->db->GetLatestSequenceNumber();
        return PANROCKS_OK;
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
        for (const auto &m : metadata) add_file_metadata(list.get(), m);
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
        for (const auto &m : exported->metadata->files) add_file_metadata(list.get(), m);
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
        int32_t rc = panrocks::family_options(*descriptor, &options, error);
        if (rc != PANROCKS_OK) return rc;
        rocksdb::ImportColumnFamilyOptions import_options;
        import_options.move_files = move_files != 0;
        rocksdb::ColumnFamilyHandle *handle = nullptr;
        rocksdb::Status s =
            db->db->CreateColumnFamilyWithImport(options, descriptor->name, import_options, metadatas, &handle);
        if (!s.ok()) return report(error, panrocks::undo_created_family(db, handle, s));
        std::lock_guard<std::mutex> lock(db->families_mutex);
        db->families.push_back(
            std::make_unique<panrocks_cf>(panrocks_cf{handle, panrocks::values_built_per_entry(options)}));
        panrocks::note_family_timestamps(db, handle);
        *cf_out = db->families.back().get();
        return PANROCKS_OK;
    });
}

void panrocks_compaction_options_init(panrocks_compaction_options *options) {
    if (options == nullptr) return;
    const rocksdb::CompactionOptions d;
    *options = panrocks_compaction_options{};
    options->output_file_size_limit = d.output_file_size_limit;
    options->compression = static_cast<int32_t>(d.compression);
    options->max_subcompactions = static_cast<int32_t>(d.max_subcompactions);
}

int32_t panrocks_compact_files(panrocks_db *db, panrocks_cf *cf, const panrocks_compaction_options *options,
                               const char *const *input_files, size_t input_count, int32_t output_level,
                               int32_t output_path_id, panrocks_compaction_result **result_out,
                               panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && result_out != nullptr);
        PANROCKS_REQUIRE(error, input_files != nullptr || input_count == 0);
        *result_out = nullptr;
        if (db->read_only) return panrocks::refuse_read_only(error);
        rocksdb::CompactionOptions o;
        if (options != nullptr) {
            if (!known_compression(options->compression)) {
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown compression type");
            }
            PANROCKS_REQUIRE(error, options->max_subcompactions >= 0);
            o.compression = static_cast<rocksdb::CompressionType>(options->compression);
            o.output_file_size_limit = options->output_file_size_limit;
            o.max_subcompactions = static_cast<uint32_t>(options->max_subcompactions);
        }
        rocksdb::ColumnFamilyHandle *handle = family(db, cf);
        // RocksDB indexes the family's path list with output_path_id unchecked
        if (output_path_id >= 0 && static_cast<size_t>(output_path_id) >= output_path_count(db->db, handle)) {
            const std::string message = "panrocks: output path id " + std::to_string(output_path_id) +
                                        " is not one of the family's paths (it has " +
                                        std::to_string(output_path_count(db->db, handle)) + ")";
            return report(error, PANROCKS_INVALID_ARGUMENT, 0, 0, message.data(), message.size());
        }
        std::vector<std::string> names;
        names.reserve(input_count);
        for (size_t i = 0; i < input_count; i++) {
            PANROCKS_REQUIRE(error, input_files[i] != nullptr);
            names.emplace_back(input_files[i]);
        }
        auto result = std::make_unique<panrocks_compaction_result>();
        rocksdb::Status s = db->db->CompactFiles(o, handle, names, output_level, output_path_id,
                                                 &result->output_files, &result->job);
        if (!s.ok()) return report(error, s);
        describe_job(result.get());
        *result_out = result.release();
        return PANROCKS_OK;
    });
}

size_t panrocks_compaction_result_output_count(const panrocks_compaction_result *result) {
    return result == nullptr ? 0 : result->output_files.size();
}

void panrocks_compaction_result_output(const panrocks_compaction_result *result, size_t index,
                                       panrocks_slice *path) {
    if (path == nullptr) return;
    *path = result == nullptr || index >= result->output_files.size() ? panrocks_slice{nullptr, 0}
                                                                       : slice_of(result->output_files[index]);
}

void panrocks_compaction_result_info(const panrocks_compaction_result *result,
                                     const struct panrocks_compaction_info **info) {
    if (info != nullptr) *info = result == nullptr ? nullptr : &result->info;
}

void panrocks_compaction_result_destroy(panrocks_compaction_result *result) { delete result; }

int32_t panrocks_task_limiter_create(const char *name, int32_t max_outstanding_tasks,
                                     panrocks_task_limiter **limiter_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, name != nullptr && limiter_out != nullptr);
        auto limiter = std::make_unique<panrocks_task_limiter>();
        limiter->limiter.reset(rocksdb::NewConcurrentTaskLimiter(name, max_outstanding_tasks));
        *limiter_out = limiter.release();
        return PANROCKS_OK;
    });
}

void panrocks_task_limiter_destroy(panrocks_task_limiter *limiter) { delete limiter; }

size_t panrocks_task_limiter_name(const panrocks_task_limiter *limiter, char *buffer, size_t capacity) {
    if (limiter == nullptr) return 0;
    const std::string &name = limiter->limiter->GetName();
    if (buffer != nullptr) std::memcpy(buffer, name.data(), std::min(name.size(), capacity));
    return name.size();
}

void panrocks_task_limiter_set_max_outstanding_tasks(panrocks_task_limiter *limiter, int32_t limit) {
    if (limiter != nullptr) limiter->limiter->SetMaxOutstandingTask(limit);
}

void panrocks_task_limiter_reset_max_outstanding_tasks(panrocks_task_limiter *limiter) {
    if (limiter != nullptr) limiter->limiter->ResetMaxOutstandingTask();
}

int32_t panrocks_task_limiter_outstanding_tasks(const panrocks_task_limiter *limiter) {
    return limiter == nullptr ? 0 : limiter->limiter->GetOutstandingTask();
}

int32_t panrocks_try_catch_up_with_primary(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->TryCatchUpWithPrimary());
    });
}

}  // extern "C"
