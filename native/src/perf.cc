// RocksDB's per-thread performance counters (perf_context.h,
// iostats_context.h, perf_level.h): the calling thread's level and contexts.
//
// Counters are found by name: each table below lists a struct's counters,
// and a counter the engine's struct lacks (an older engine) answers
// PANROCKS_PERF_NO_COUNTER instead of failing the build, so one source
// compiles against every engine panrocks supports.
#include "internal.h"

#include <rocksdb/iostats_context.h>
#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>
#include <rocksdb/version.h>

#include <type_traits>

// kEnableWait arrived in RocksDB 9.1 (between kEnableCount and the time levels).
#define PANROCKS_HAS_ENABLE_WAIT (ROCKSDB_MAJOR > 9 || (ROCKSDB_MAJOR == 9 && ROCKSDB_MINOR >= 1))

using panrocks::copy_out;
using panrocks::guarded;
using panrocks::report;

namespace {

struct Counter {
    const char *name;
    uint32_t offset;  // PANROCKS_PERF_NO_COUNTER when the engine lacks it
};

// clang-format off: tables laid out by hand (the X-macro lists, their backslashes aligned)
// The offset of ctx->member in *ctx if the struct has that member (this
// overload), else PANROCKS_PERF_NO_COUNTER (the one taking long).
#define PANROCKS_OFFSET_FINDER(id, member)                                                          \
    template <typename T>                                                                           \
    auto offset_of_##id(const T *ctx, int)                                                          \
        ->std::enable_if_t<std::is_same<std::decay_t<decltype(ctx->member)>, uint64_t>::value, uint32_t> { \
        return static_cast<uint32_t>(reinterpret_cast<const char *>(&ctx->member) -                 \
                                     reinterpret_cast<const char *>(ctx));                          \
    }                                                                                               \
    template <typename T>                                                                           \
    uint32_t offset_of_##id(const T *, long) {                                                      \
        return PANROCKS_PERF_NO_COUNTER;                                                            \
    }

// Every counter of rocksdb::PerfContextBase in RocksDB 9.11.2, in its order.
#define PANROCKS_PERF_COUNTERS(X)                                                                   \
    X(user_key_comparison_count) X(block_cache_hit_count) X(block_read_count) X(block_read_byte)   \
    X(block_read_time) X(block_read_cpu_time) X(block_cache_index_hit_count)                       \
    X(block_cache_standalone_handle_count) X(block_cache_real_handle_count)                        \
    X(index_block_read_count) X(block_cache_filter_hit_count) X(filter_block_read_count)           \
    X(compression_dict_block_read_count) X(block_cache_index_read_byte)                            \
    X(block_cache_filter_read_byte) X(block_cache_compression_dict_read_byte)                      \
    X(block_cache_read_byte) X(secondary_cache_hit_count) X(compressed_sec_cache_insert_real_count) \
    X(compressed_sec_cache_insert_dummy_count) X(compressed_sec_cache_uncompressed_bytes)          \
    X(compressed_sec_cache_compressed_bytes) X(block_checksum_time) X(block_decompress_time)       \
    X(block_decompress_count) /* RocksDB 10 */                                                      \
    X(get_read_bytes) X(multiget_read_bytes) X(iter_read_bytes) X(blob_cache_hit_count)            \
    X(blob_cache_read_byte) /* RocksDB 10 */                                                        \
    X(blob_read_count) X(blob_read_byte) X(blob_read_time) X(blob_checksum_time)                   \
    X(blob_decompress_time) X(internal_key_skipped_count) X(internal_delete_skipped_count)         \
    X(internal_recent_skipped_count) X(internal_merge_count) X(internal_merge_point_lookup_count)  \
    X(internal_range_del_reseek_count) X(get_snapshot_time) X(get_from_memtable_time)              \
    X(get_from_memtable_count) X(get_post_process_time) X(get_from_output_files_time)              \
    X(seek_on_memtable_time) X(seek_on_memtable_count) X(next_on_memtable_count)                   \
    X(prev_on_memtable_count) X(seek_child_seek_time) X(seek_child_seek_count)                     \
    X(seek_min_heap_time) X(seek_max_heap_time) X(seek_internal_seek_time)                         \
    X(find_next_user_entry_time) X(write_wal_time) X(write_memtable_time) X(write_delay_time)      \
    X(write_scheduling_flushes_compactions_time) X(write_pre_and_post_process_time)                \
    X(write_thread_wait_nanos) X(db_mutex_lock_nanos) X(db_condition_wait_nanos)                   \
    X(merge_operator_time_nanos) X(read_index_block_nanos) X(read_filter_block_nanos)              \
    X(new_table_block_iter_nanos) X(new_table_iterator_nanos) X(block_seek_nanos)                  \
    X(find_table_nanos) X(bloom_memtable_hit_count) X(bloom_memtable_miss_count)                   \
    X(bloom_sst_hit_count) X(bloom_sst_miss_count) X(key_lock_wait_time) X(key_lock_wait_count)    \
    X(env_new_sequential_file_nanos) X(env_new_random_access_file_nanos)                           \
    X(env_new_writable_file_nanos) X(env_reuse_writable_file_nanos)                                \
    X(env_new_random_rw_file_nanos) X(env_new_directory_nanos) X(env_file_exists_nanos)            \
    X(env_get_children_nanos) X(env_get_children_file_attributes_nanos) X(env_delete_file_nanos)   \
    X(env_create_dir_nanos) X(env_create_dir_if_missing_nanos) X(env_delete_dir_nanos)             \
    X(env_get_file_size_nanos) X(env_get_file_modification_time_nanos) X(env_rename_file_nanos)    \
    X(env_link_file_nanos) X(env_lock_file_nanos) X(env_unlock_file_nanos) X(env_new_logger_nanos) \
    X(get_cpu_nanos) X(iter_next_cpu_nanos) X(iter_prev_cpu_nanos) X(iter_seek_cpu_nanos)          \
    X(iter_next_count) X(iter_prev_count) X(iter_seek_count) X(encrypt_data_nanos)                 \
    X(decrypt_data_nanos) X(number_async_seek) X(file_ingestion_nanos)                             \
    X(file_ingestion_blocking_live_writes_nanos)                                                   \
    /* RocksDB 10 and 11 (11.8.1's order; absent from older engines) */                            \
    X(data_block_read_byte)                                                                        \
    X(index_block_read_byte) X(filter_block_read_byte) X(compression_dict_block_read_byte)         \
    X(metadata_block_read_byte) X(multiscan_prepare_count) X(multiscan_blocks_prefetched)          \
    X(multiscan_blocks_from_cache) X(multiscan_prefetch_bytes) X(multiscan_io_requests)            \
    X(multiscan_io_coalesced_nonadjacent)

// Every counter of rocksdb::IOStatsContext in RocksDB 9.11.2, in the order
// its ToString prints them; (id, member, name).
#define PANROCKS_IOSTATS_COUNTERS(X)                                                                \
    X(thread_pool_id, thread_pool_id, "thread_pool_id")                                            \
    X(bytes_read, bytes_read, "bytes_read")                                                        \
    X(bytes_written, bytes_written, "bytes_written")                                               \
    X(open_nanos, open_nanos, "open_nanos")                                                        \
    X(allocate_nanos, allocate_nanos, "allocate_nanos")                                            \
    X(write_nanos, write_nanos, "write_nanos")                                                     \
    X(read_nanos, read_nanos, "read_nanos")                                                        \
    X(range_sync_nanos, range_sync_nanos, "range_sync_nanos")                                      \
    X(fsync_nanos, fsync_nanos, "fsync_nanos")                                                     \
    X(prepare_write_nanos, prepare_write_nanos, "prepare_write_nanos")                             \
    X(logger_nanos, logger_nanos, "logger_nanos")                                                  \
    X(cpu_write_nanos, cpu_write_nanos, "cpu_write_nanos")                                         \
    X(cpu_read_nanos, cpu_read_nanos, "cpu_read_nanos")                                            \
    X(hot_file_bytes_read, file_io_stats_by_temperature.hot_file_bytes_read,                       \
      "file_io_stats_by_temperature.hot_file_bytes_read")                                          \
    X(warm_file_bytes_read, file_io_stats_by_temperature.warm_file_bytes_read,                     \
      "file_io_stats_by_temperature.warm_file_bytes_read")                                         \
    X(cool_file_bytes_read, file_io_stats_by_temperature.cool_file_bytes_read, /* RocksDB 10 */    \
      "file_io_stats_by_temperature.cool_file_bytes_read")                                         \
    X(cold_file_bytes_read, file_io_stats_by_temperature.cold_file_bytes_read,                     \
      "file_io_stats_by_temperature.cold_file_bytes_read")                                         \
    X(hot_file_read_count, file_io_stats_by_temperature.hot_file_read_count,                       \
      "file_io_stats_by_temperature.hot_file_read_count")                                          \
    X(warm_file_read_count, file_io_stats_by_temperature.warm_file_read_count,                     \
      "file_io_stats_by_temperature.warm_file_read_count")                                         \
    X(cool_file_read_count, file_io_stats_by_temperature.cool_file_read_count, /* RocksDB 10 */    \
      "file_io_stats_by_temperature.cool_file_read_count")                                         \
    X(cold_file_read_count, file_io_stats_by_temperature.cold_file_read_count,                     \
      "file_io_stats_by_temperature.cold_file_read_count")
// clang-format on

#define PANROCKS_PERF_FINDER(field) PANROCKS_OFFSET_FINDER(perf_##field, field)
PANROCKS_PERF_COUNTERS(PANROCKS_PERF_FINDER)
#undef PANROCKS_PERF_FINDER
#define PANROCKS_IOSTATS_FINDER(id, member, name) PANROCKS_OFFSET_FINDER(iostats_##id, member)
PANROCKS_IOSTATS_COUNTERS(PANROCKS_IOSTATS_FINDER)
#undef PANROCKS_IOSTATS_FINDER

// Offsets are the same in every thread's context: measured on the calling
// thread's (the engine has no other instance to measure on).
const std::vector<Counter> &perf_counters() {
    static const std::vector<Counter> table = [] {
        const rocksdb::PerfContext *ctx = rocksdb::get_perf_context();
        std::vector<Counter> t;
#define PANROCKS_PERF_ROW(field) t.push_back({#field, offset_of_perf_##field(ctx, 0)});
        PANROCKS_PERF_COUNTERS(PANROCKS_PERF_ROW)
#undef PANROCKS_PERF_ROW
        return t;
    }();
    return table;
}

const std::vector<Counter> &iostats_counters() {
    static const std::vector<Counter> table = [] {
        const rocksdb::IOStatsContext *ctx = rocksdb::get_iostats_context();
        std::vector<Counter> t;
#define PANROCKS_IOSTATS_ROW(id, member, name) t.push_back({name, offset_of_iostats_##id(ctx, 0)});
        PANROCKS_IOSTATS_COUNTERS(PANROCKS_IOSTATS_ROW)
#undef PANROCKS_IOSTATS_ROW
        return t;
    }();
    return table;
}

const std::vector<Counter> *counters_of(int32_t kind) {
    switch (kind) {
        case PANROCKS_PERF_CONTEXT: return &perf_counters();
        case PANROCKS_IOSTATS_CONTEXT: return &iostats_counters();
        default: return nullptr;
    }
}

const char *context_of(int32_t kind, size_t *size) {
    switch (kind) {
        case PANROCKS_PERF_CONTEXT:
            if (size != nullptr) *size = sizeof(rocksdb::PerfContext);
            return reinterpret_cast<const char *>(rocksdb::get_perf_context());
        case PANROCKS_IOSTATS_CONTEXT:
            if (size != nullptr) *size = sizeof(rocksdb::IOStatsContext);
            return reinterpret_cast<const char *>(rocksdb::get_iostats_context());
        default:
            if (size != nullptr) *size = 0;
            return nullptr;
    }
}

bool to_engine_level(int32_t level, rocksdb::PerfLevel *out) {
    switch (level) {
        case PANROCKS_PERF_LEVEL_DISABLE: *out = rocksdb::kDisable; return true;
        case PANROCKS_PERF_LEVEL_ENABLE_COUNT: *out = rocksdb::kEnableCount; return true;
#if PANROCKS_HAS_ENABLE_WAIT
        case PANROCKS_PERF_LEVEL_ENABLE_WAIT: *out = rocksdb::kEnableWait; return true;
#endif
        case PANROCKS_PERF_LEVEL_ENABLE_TIME_EXCEPT_FOR_MUTEX: *out = rocksdb::kEnableTimeExceptForMutex; return true;
        case PANROCKS_PERF_LEVEL_ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX:
            *out = rocksdb::kEnableTimeAndCPUTimeExceptForMutex;
            return true;
        case PANROCKS_PERF_LEVEL_ENABLE_TIME: *out = rocksdb::kEnableTime; return true;
        default: return false;
    }
}

}  // namespace

extern "C" {

int32_t panrocks_perf_set_level(int32_t level, panrocks_error *error) {
    rocksdb::PerfLevel engine_level;
    if (!to_engine_level(level, &engine_level)) {
        return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown perf level");
    }
    rocksdb::SetPerfLevel(engine_level);
    return PANROCKS_OK;
}

int32_t panrocks_perf_level(void) {
    switch (rocksdb::GetPerfLevel()) {
        case rocksdb::kDisable: return PANROCKS_PERF_LEVEL_DISABLE;
        case rocksdb::kEnableCount: return PANROCKS_PERF_LEVEL_ENABLE_COUNT;
#if PANROCKS_HAS_ENABLE_WAIT
        case rocksdb::kEnableWait: return PANROCKS_PERF_LEVEL_ENABLE_WAIT;
#endif
        case rocksdb::kEnableTimeExceptForMutex: return PANROCKS_PERF_LEVEL_ENABLE_TIME_EXCEPT_FOR_MUTEX;
        case rocksdb::kEnableTimeAndCPUTimeExceptForMutex:
            return PANROCKS_PERF_LEVEL_ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX;
        case rocksdb::kEnableTime: return PANROCKS_PERF_LEVEL_ENABLE_TIME;
        default: return PANROCKS_PERF_LEVEL_UNKNOWN;
    }
}

void *panrocks_perf_context(int32_t kind, size_t *size) {
    return const_cast<char *>(context_of(kind, size));
}

uint32_t panrocks_perf_counter_offset(int32_t kind, const char *name) {
    const std::vector<Counter> *table = counters_of(kind);
    if (table == nullptr || name == nullptr) return PANROCKS_PERF_NO_COUNTER;
    for (const Counter &c : *table) {
        if (std::strcmp(c.name, name) == 0) return c.offset;
    }
    return PANROCKS_PERF_NO_COUNTER;
}

uint32_t panrocks_perf_counter_count(int32_t kind) {
    const std::vector<Counter> *table = counters_of(kind);
    return table == nullptr ? 0 : static_cast<uint32_t>(table->size());
}

const char *panrocks_perf_counter_name(int32_t kind, uint32_t index) {
    const std::vector<Counter> *table = counters_of(kind);
    return table == nullptr || index >= table->size() ? nullptr : (*table)[index].name;
}

uint64_t panrocks_perf_counter(int32_t kind, uint32_t offset) {
    size_t size = 0;
    const char *ctx = context_of(kind, &size);
    if (ctx == nullptr || offset == PANROCKS_PERF_NO_COUNTER || offset % alignof(uint64_t) != 0 ||
        static_cast<size_t>(offset) + sizeof(uint64_t) > size) {
        return 0;
    }
    uint64_t value;
    std::memcpy(&value, ctx + offset, sizeof value);
    return value;
}

int32_t panrocks_perf_reset(int32_t kind, panrocks_error *error) {
    return guarded(error, [&] {
        switch (kind) {
            case PANROCKS_PERF_CONTEXT: rocksdb::get_perf_context()->Reset(); return PANROCKS_OK;
            case PANROCKS_IOSTATS_CONTEXT: rocksdb::get_iostats_context()->Reset(); return PANROCKS_OK;
            default: return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown context kind");
        }
    });
}

int32_t panrocks_perf_text(int32_t kind, int32_t exclude_zero_counters, char *buffer, size_t capacity,
                           uint64_t *size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, size != nullptr);
        switch (kind) {
            case PANROCKS_PERF_CONTEXT:
                return copy_out(rocksdb::get_perf_context()->ToString(exclude_zero_counters != 0), buffer, capacity,
                                size);
            case PANROCKS_IOSTATS_CONTEXT:
                return copy_out(rocksdb::get_iostats_context()->ToString(exclude_zero_counters != 0), buffer,
                                capacity, size);
            default: return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown context kind");
        }
    });
}

int32_t panrocks_perf_per_level(int32_t enable, panrocks_error *error) {
    return guarded(error, [&] {
        rocksdb::PerfContext *ctx = rocksdb::get_perf_context();
        switch (enable) {
            case 1: ctx->EnablePerLevelPerfContext(); return PANROCKS_OK;
            case 0: ctx->DisablePerLevelPerfContext(); return PANROCKS_OK;
            case -1: ctx->ClearPerLevelPerfContext(); return PANROCKS_OK;
            default: return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: enable must be 1, 0 or -1");
        }
    });
}

int32_t panrocks_perf_level_counters(uint32_t level, uint64_t *counters, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, counters != nullptr);
        std::fill(counters, counters + PANROCKS_PERF_LEVEL_COUNTERS, 0);
        const rocksdb::PerfContext *ctx = rocksdb::get_perf_context();
        if (ctx->level_to_perf_context == nullptr) return PANROCKS_NOT_FOUND;
        auto found = ctx->level_to_perf_context->find(level);
        if (found == ctx->level_to_perf_context->end()) return PANROCKS_NOT_FOUND;
        const rocksdb::PerfContextByLevel &l = found->second;
        counters[0] = l.bloom_filter_useful;
        counters[1] = l.bloom_filter_full_positive;
        counters[2] = l.bloom_filter_full_true_positive;
        counters[3] = l.user_key_return_count;
        counters[4] = l.get_from_table_nanos;
        counters[5] = l.block_cache_hit_count;
        counters[6] = l.block_cache_miss_count;
        return PANROCKS_OK;
    });
}

}  // extern "C"
