// Compactions of chosen files (DB::CompactFiles) and compaction thread
// limiters (panrocks_compaction.h).
#include <algorithm>
#include <cstring>

#include <rocksdb/listener.h>

#include "internal.h"

using panrocks::family;
using panrocks::guarded;
using panrocks::report;

struct panrocks_compaction_result {
    std::vector<std::string> output_files;  // CompactFiles' answer
    rocksdb::CompactionJobInfo job;
    panrocks::CompactionJobView view;  // the job as the ABI shows it
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

}  // namespace

extern "C" {

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
        // the compaction ran on this thread: a merge the stand-in copied is no failed read
        panrocks::take_stand_in_refusal();
        if (!s.ok()) return report(error, s);
        panrocks::describe_compaction_job(result->job, &result->view);
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
    if (info != nullptr) *info = result == nullptr ? nullptr : &result->view.info;
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

}  // extern "C"
