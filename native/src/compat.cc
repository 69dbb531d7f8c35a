// RocksJava's objects beside the core ABI (panrocks_compat.h): statistics
// objects, flush and compact-range options, more caches, write buffer
// managers, rate limiters, SST file managers, the shared objects an open
// takes, and the engine's option defaults.
#include <cmath>
#include <limits>

#include <rocksdb/convenience.h>
#include <rocksdb/env.h>
#include <rocksdb/rate_limiter.h>
#include <rocksdb/sst_file_manager.h>
#include <rocksdb/table.h>
#include <rocksdb/version.h>
#include <rocksdb/write_buffer_manager.h>
#if ROCKSDB_MAJOR >= 8
#include <rocksdb/advanced_cache.h>  // Cache's members moved here in 8.0
#endif

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::report;

struct panrocks_stats {
    std::shared_ptr<rocksdb::Statistics> stats;
};

struct panrocks_write_buffer_manager {
    std::shared_ptr<rocksdb::WriteBufferManager> manager;
};

struct panrocks_rate_limiter {
    std::shared_ptr<rocksdb::RateLimiter> limiter;
};

struct panrocks_sst_file_manager {
    std::shared_ptr<rocksdb::SstFileManager> manager;
};

namespace {

template <typename Map>
bool find_by_name(const Map &map, const char *name, uint32_t *out) {
    for (const auto &entry : map) {
        if (entry.second == name) {
            *out = entry.first;
            return true;
        }
    }
    return false;
}

// Copies min(size, capacity) bytes of text into buffer (which may be NULL)
// and reports the full size.
int32_t copy_out(const std::string &text, char *buffer, size_t capacity, uint64_t *size) {
    *size = text.size();
    if (buffer != nullptr) std::memcpy(buffer, text.data(), std::min(text.size(), capacity));
    return PANROCKS_OK;
}

bool to_stats_level(int32_t level, rocksdb::StatsLevel *out) {
    switch (level) {
        case PANROCKS_STATS_LEVEL_DISABLE_ALL: *out = rocksdb::kDisableAll; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS: *out = rocksdb::kExceptHistogramOrTimers; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_TIMERS: *out = rocksdb::kExceptTimers; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_DETAILED_TIMERS: *out = rocksdb::kExceptDetailedTimers; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_TIME_FOR_MUTEX: *out = rocksdb::kExceptTimeForMutex; return true;
        case PANROCKS_STATS_LEVEL_ALL: *out = rocksdb::kAll; return true;
        default: return false;
    }
}

int32_t from_stats_level(rocksdb::StatsLevel level) {
    switch (level) {
        case rocksdb::kDisableAll: return PANROCKS_STATS_LEVEL_DISABLE_ALL;
        case rocksdb::kExceptHistogramOrTimers: return PANROCKS_STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS;
        case rocksdb::kExceptTimers: return PANROCKS_STATS_LEVEL_EXCEPT_TIMERS;
        case rocksdb::kExceptDetailedTimers: return PANROCKS_STATS_LEVEL_EXCEPT_DETAILED_TIMERS;
        case rocksdb::kExceptTimeForMutex: return PANROCKS_STATS_LEVEL_EXCEPT_TIME_FOR_MUTEX;
        default: return PANROCKS_STATS_LEVEL_ALL;
    }
}

// HyperClockCache sizes (and touches) its slot table at creation for
// capacity / estimated_entry_charge entries; past this many the table alone
// would take gigabytes.
constexpr double kMaxHyperClockEntries = static_cast<double>(1u << 24);
// The automatic table (estimated_entry_charge 0, engine 8.x+) reserves
// address space for capacity / min_avg_entry_charge slots up front.
constexpr double kMaxHyperClockReservedEntries = static_cast<double>(1u << 30);

}  // namespace

namespace panrocks {

int32_t apply_open_resources(const panrocks_open_resources &r, rocksdb::DBOptions *options,
                             std::shared_ptr<rocksdb::Statistics> *statistics, panrocks_error *error) {
    if (r.statistics != nullptr) {
        *statistics = r.statistics->stats;
        options->statistics = r.statistics->stats;
    }
    if (r.write_buffer_manager != nullptr) options->write_buffer_manager = r.write_buffer_manager->manager;
    if (r.rate_limiter != nullptr) options->rate_limiter = r.rate_limiter->limiter;
    if (r.sst_file_manager != nullptr) options->sst_file_manager = r.sst_file_manager->manager;
    if (r.row_cache != nullptr) options->row_cache = r.row_cache->cache;
    return PANROCKS_OK;
}

}  // namespace panrocks

extern "C" {

// ---- statistics objects ---------------------------------------------------

int32_t panrocks_stats_create(panrocks_stats **stats_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats_out != nullptr);
        auto stats = std::make_unique<panrocks_stats>();
        stats->stats = rocksdb::CreateDBStatistics();
        *stats_out = stats.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_of_db(panrocks_db *db, panrocks_stats **stats_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && stats_out != nullptr);
        if (!db->statistics) {
            return report(error, PANROCKS_NOT_SUPPORTED, "statistics are not enabled for this DB");
        }
        auto stats = std::make_unique<panrocks_stats>();
        stats->stats = db->statistics;
        *stats_out = stats.release();
        return PANROCKS_OK;
    });
}

void panrocks_stats_destroy(panrocks_stats *stats) { delete stats; }

int32_t panrocks_stats_ticker(panrocks_stats *stats, const char *name, int32_t reset, uint64_t *value,
                              panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr && name != nullptr && value != nullptr);
        uint32_t ticker;
        if (!find_by_name(rocksdb::TickersNameMap, name, &ticker)) return PANROCKS_NOT_FOUND;
        *value = reset ? stats->stats->getAndResetTickerCount(ticker) : stats->stats->getTickerCount(ticker);
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_histogram(panrocks_stats *stats, const char *name, panrocks_histogram *histogram,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr && name != nullptr && histogram != nullptr);
        uint32_t type;
        if (!find_by_name(rocksdb::HistogramsNameMap, name, &type)) return PANROCKS_NOT_FOUND;
        rocksdb::HistogramData data;
        stats->stats->histogramData(type, &data);
        histogram->median = data.median;
        histogram->percentile95 = data.percentile95;
        histogram->percentile99 = data.percentile99;
        histogram->average = data.average;
        histogram->standard_deviation = data.standard_deviation;
        histogram->max = data.max;
        histogram->min = data.min;
        histogram->count = data.count;
        histogram->sum = data.sum;
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_text(panrocks_stats *stats, const char *name, char *buffer, size_t capacity,
                            uint64_t *size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr && size != nullptr);
        if (name == nullptr) return copy_out(stats->stats->ToString(), buffer, capacity, size);
        uint32_t type;
        if (!find_by_name(rocksdb::HistogramsNameMap, name, &type)) return PANROCKS_NOT_FOUND;
        return copy_out(stats->stats->getHistogramString(type), buffer, capacity, size);
    });
}

int32_t panrocks_stats_reset(panrocks_stats *stats, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr);
        return check(error, stats->stats->Reset());
    });
}

int32_t panrocks_stats_set_level(panrocks_stats *stats, int32_t level, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr);
        rocksdb::StatsLevel l;
        if (!to_stats_level(level, &l)) return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown stats level");
        stats->stats->set_stats_level(l);
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_level(const panrocks_stats *stats) {
    return stats == nullptr ? -1 : from_stats_level(stats->stats->get_stats_level());
}

// ---- flush and compaction with options --------------------------------------

int32_t panrocks_flush_families(panrocks_db *db, panrocks_cf *const *cfs, size_t count, int32_t wait,
                                int32_t allow_write_stall, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        PANROCKS_REQUIRE(error, count == 0 || cfs != nullptr);
        rocksdb::FlushOptions options;
        options.wait = wait != 0;
        options.allow_write_stall = allow_write_stall != 0;
        if (count == 0) return check(error, db->db->Flush(options, family(db, nullptr)));
        std::vector<rocksdb::ColumnFamilyHandle *> families;
        families.reserve(count);
        for (size_t i = 0; i < count; i++) families.push_back(family(db, cfs[i]));
        return check(error, db->db->Flush(options, families));
    });
}

void panrocks_compact_range_options_init(panrocks_compact_range_options *options) {
    if (options == nullptr) return;
    const rocksdb::CompactRangeOptions d;
    *options = panrocks_compact_range_options{};
    options->exclusive_manual_compaction = d.exclusive_manual_compaction;
    options->change_level = d.change_level;
    options->target_level = d.target_level;
    options->target_path_id = static_cast<int32_t>(d.target_path_id);
    switch (d.bottommost_level_compaction) {
        case rocksdb::BottommostLevelCompaction::kSkip:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_SKIP;
            break;
        case rocksdb::BottommostLevelCompaction::kForce:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_FORCE;
            break;
        case rocksdb::BottommostLevelCompaction::kForceOptimized:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_FORCE_OPTIMIZED;
            break;
        default:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_IF_HAVE_COMPACTION_FILTER;
            break;
    }
    options->allow_write_stall = d.allow_write_stall;
    options->max_subcompactions = static_cast<int32_t>(d.max_subcompactions);
}

int32_t panrocks_compact_range_with(panrocks_db *db, panrocks_cf *cf, panrocks_slice begin, panrocks_slice end,
                                    const panrocks_compact_range_options *o, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        rocksdb::CompactRangeOptions options;
        if (o != nullptr) {
            PANROCKS_REQUIRE(error, o->target_level >= -1 && o->target_path_id >= 0 && o->max_subcompactions >= 0);
            options.exclusive_manual_compaction = o->exclusive_manual_compaction != 0;
            options.change_level = o->change_level != 0;
            options.target_level = o->target_level;
            options.target_path_id = static_cast<uint32_t>(o->target_path_id);
            switch (o->bottommost_level_compaction) {
                case PANROCKS_BOTTOMMOST_SKIP:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kSkip;
                    break;
                case PANROCKS_BOTTOMMOST_IF_HAVE_COMPACTION_FILTER:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kIfHaveCompactionFilter;
                    break;
                case PANROCKS_BOTTOMMOST_FORCE:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
                    break;
                case PANROCKS_BOTTOMMOST_FORCE_OPTIMIZED:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForceOptimized;
                    break;
                default:
                    return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown bottommost level compaction");
            }
            options.allow_write_stall = o->allow_write_stall != 0;
            options.max_subcompactions = static_cast<uint32_t>(o->max_subcompactions);
        }
        rocksdb::Slice b(begin.data, begin.size), e(end.data, end.size);
        return check(error, db->db->CompactRange(options, family(db, cf), begin.data != nullptr ? &b : nullptr,
                                                 end.data != nullptr ? &e : nullptr));
    });
}

// ---- block caches ---------------------------------------------------------------

int32_t panrocks_cache_create_lru_with(size_t capacity, int32_t shard_bits, int32_t strict_capacity_limit,
                                       double high_pri_pool_ratio, double low_pri_pool_ratio,
                                       panrocks_cache **cache_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, cache_out != nullptr);
        // NaN passes the engine's own range checks and then poisons its arithmetic
        if (!(high_pri_pool_ratio >= 0.0 && high_pri_pool_ratio <= 1.0) ||
            !(low_pri_pool_ratio >= 0.0 && low_pri_pool_ratio <= 1.0) ||
            !(high_pri_pool_ratio + low_pri_pool_ratio <= 1.0)) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: pool ratios must lie in [0, 1] and add up to at most 1");
        }
        if (shard_bits < -1 || shard_bits > 19) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: shard bits must lie in [-1, 19]");
        }
        rocksdb::LRUCacheOptions options;
        options.capacity = capacity;
        options.num_shard_bits = shard_bits;
        options.strict_capacity_limit = strict_capacity_limit != 0;
        options.high_pri_pool_ratio = high_pri_pool_ratio;
        options.low_pri_pool_ratio = low_pri_pool_ratio;
        auto cache = std::make_unique<panrocks_cache>();
#if ROCKSDB_MAJOR >= 8
        cache->cache = options.MakeSharedCache();
#else
        cache->cache = rocksdb::NewLRUCache(options);
#endif
        if (!cache->cache) return report(error, PANROCKS_INVALID_ARGUMENT, "the engine refused the LRU cache options");
        *cache_out = cache.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_cache_create_hyper_clock(size_t capacity, size_t estimated_entry_charge, int32_t shard_bits,
                                          int32_t strict_capacity_limit, panrocks_cache **cache_out,
                                          panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, cache_out != nullptr);
        if (shard_bits < -1 || shard_bits > 19) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: shard bits must lie in [-1, 19]");
        }
        if (estimated_entry_charge == 0) {
#if ROCKSDB_MAJOR < 8
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: estimated entry charge 0 (automatic) needs RocksDB 8 or later");
#else
            if (static_cast<double>(capacity) / 450.0 > kMaxHyperClockReservedEntries) {
                return report(error, PANROCKS_INVALID_ARGUMENT,
                              "panrocks: capacity too large for an automatically sized HyperClockCache");
            }
#endif
        } else if (static_cast<double>(capacity) / static_cast<double>(estimated_entry_charge) >
                   kMaxHyperClockEntries) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: capacity / estimated entry charge exceeds 2^24 entries");
        }
        rocksdb::HyperClockCacheOptions options(capacity, estimated_entry_charge, shard_bits,
                                                strict_capacity_limit != 0);
        auto cache = std::make_unique<panrocks_cache>();
        cache->cache = options.MakeSharedCache();
        if (!cache->cache) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "the engine refused the HyperClockCache options");
        }
        *cache_out = cache.release();
        return PANROCKS_OK;
    });
}

size_t panrocks_cache_capacity(const panrocks_cache *cache) { return cache ? cache->cache->GetCapacity() : 0; }

// ---- write buffer managers ------------------------------------------------------------

int32_t panrocks_write_buffer_manager_create(size_t buffer_size, panrocks_cache *cache, int32_t allow_stall,
                                             panrocks_write_buffer_manager **manager_out,
                                             panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, manager_out != nullptr);
        auto manager = std::make_unique<panrocks_write_buffer_manager>();
        manager->manager = std::make_shared<rocksdb::WriteBufferManager>(
            buffer_size, cache != nullptr ? cache->cache : std::shared_ptr<rocksdb::Cache>(), allow_stall != 0);
        *manager_out = manager.release();
        return PANROCKS_OK;
    });
}

void panrocks_write_buffer_manager_destroy(panrocks_write_buffer_manager *manager) { delete manager; }

size_t panrocks_write_buffer_manager_memory_usage(const panrocks_write_buffer_manager *manager) {
    return manager ? manager->manager->memory_usage() : 0;
}

size_t panrocks_write_buffer_manager_buffer_size(const panrocks_write_buffer_manager *manager) {
    return manager ? manager->manager->buffer_size() : 0;
}

int32_t panrocks_write_buffer_manager_cost_to_cache(const panrocks_write_buffer_manager *manager) {
    return manager && manager->manager->cost_to_cache() ? 1 : 0;
}

// ---- rate limiters --------------------------------------------------------------------------

int32_t panrocks_rate_limiter_create(int64_t rate_bytes_per_sec, int64_t refill_period_us, int32_t fairness,
                                     int32_t mode, int32_t auto_tuned, panrocks_rate_limiter **limiter_out,
                                     panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, limiter_out != nullptr);
        if (rate_bytes_per_sec <= 0 || refill_period_us <= 0 || fairness <= 0) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: rate, refill period and fairness of a rate limiter must be > 0");
        }
        rocksdb::RateLimiter::Mode m;
        switch (mode) {
            case PANROCKS_RATE_LIMITER_READS_ONLY: m = rocksdb::RateLimiter::Mode::kReadsOnly; break;
            case PANROCKS_RATE_LIMITER_WRITES_ONLY: m = rocksdb::RateLimiter::Mode::kWritesOnly; break;
            case PANROCKS_RATE_LIMITER_ALL_IO: m = rocksdb::RateLimiter::Mode::kAllIo; break;
            default: return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown rate limiter mode");
        }
        auto limiter = std::make_unique<panrocks_rate_limiter>();
        limiter->limiter.reset(
            rocksdb::NewGenericRateLimiter(rate_bytes_per_sec, refill_period_us, fairness, m, auto_tuned != 0));
        *limiter_out = limiter.release();
        return PANROCKS_OK;
    });
}

void panrocks_rate_limiter_destroy(panrocks_rate_limiter *limiter) { delete limiter; }

int32_t panrocks_rate_limiter_set_bytes_per_second(panrocks_rate_limiter *limiter, int64_t rate,
                                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, limiter != nullptr);
        if (rate <= 0) return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: a rate must be > 0");
        limiter->limiter->SetBytesPerSecond(rate);
        return PANROCKS_OK;
    });
}

int64_t panrocks_rate_limiter_bytes_per_second(const panrocks_rate_limiter *limiter) {
    return limiter ? limiter->limiter->GetBytesPerSecond() : 0;
}

int64_t panrocks_rate_limiter_single_burst_bytes(const panrocks_rate_limiter *limiter) {
    return limiter ? limiter->limiter->GetSingleBurstBytes() : 0;
}

int64_t panrocks_rate_limiter_total_bytes_through(const panrocks_rate_limiter *limiter) {
    return limiter ? limiter->limiter->GetTotalBytesThrough() : 0;
}

int64_t panrocks_rate_limiter_total_requests(const panrocks_rate_limiter *limiter) {
    return limiter ? limiter->limiter->GetTotalRequests() : 0;
}

int32_t panrocks_rate_limiter_request(panrocks_rate_limiter *limiter, int64_t bytes, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, limiter != nullptr);
        if (bytes < 0 || bytes > limiter->limiter->GetSingleBurstBytes()) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: a request must lie in [0, single burst bytes]");
        }
        // Env::IO_TOTAL (RocksJava's choice) indexes past the limiter's
        // per-priority queues; user priority is a real one
        limiter->limiter->Request(bytes, rocksdb::Env::IO_USER, nullptr);
        return PANROCKS_OK;
    });
}

// ---- SST file managers --------------------------------------------------------------------------

int32_t panrocks_sst_file_manager_create(int64_t rate_bytes_per_sec, double max_trash_db_ratio,
                                         uint64_t bytes_max_delete_chunk,
                                         panrocks_sst_file_manager **manager_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, manager_out != nullptr);
        if (rate_bytes_per_sec < 0 || !(max_trash_db_ratio >= 0.0) || std::isinf(max_trash_db_ratio)) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: delete rate must be >= 0 and the trash ratio finite and >= 0");
        }
        rocksdb::Status s;
        auto manager = std::make_unique<panrocks_sst_file_manager>();
        manager->manager.reset(rocksdb::NewSstFileManager(rocksdb::Env::Default(), std::shared_ptr<rocksdb::Logger>(),
                                                          std::string(), rate_bytes_per_sec, true, &s,
                                                          max_trash_db_ratio, bytes_max_delete_chunk));
        if (!s.ok()) return report(error, s);
        if (!manager->manager) return report(error, PANROCKS_INTERNAL_ERROR, "NewSstFileManager returned nothing");
        *manager_out = manager.release();
        return PANROCKS_OK;
    });
}

void panrocks_sst_file_manager_destroy(panrocks_sst_file_manager *manager) { delete manager; }

void panrocks_sst_file_manager_set_max_allowed_space_usage(panrocks_sst_file_manager *manager, uint64_t bytes) {
    if (manager) manager->manager->SetMaxAllowedSpaceUsage(bytes);
}

void panrocks_sst_file_manager_set_compaction_buffer_size(panrocks_sst_file_manager *manager, uint64_t bytes) {
    if (manager) manager->manager->SetCompactionBufferSize(bytes);
}

int32_t panrocks_sst_file_manager_is_max_allowed_space_reached(const panrocks_sst_file_manager *manager) {
    return manager && manager->manager->IsMaxAllowedSpaceReached() ? 1 : 0;
}

int32_t panrocks_sst_file_manager_is_max_allowed_space_reached_including_compactions(
    const panrocks_sst_file_manager *manager) {
    return manager && manager->manager->IsMaxAllowedSpaceReachedIncludingCompactions() ? 1 : 0;
}

uint64_t panrocks_sst_file_manager_total_size(const panrocks_sst_file_manager *manager) {
    return manager ? manager->manager->GetTotalSize() : 0;
}

int32_t panrocks_sst_file_manager_tracked_files(const panrocks_sst_file_manager *manager, char *buffer,
                                                size_t capacity, uint64_t *size, uint32_t *count,
                                                panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, manager != nullptr && size != nullptr && count != nullptr);
        std::string packed;
        uint32_t n = 0;
        for (const auto &file : manager->manager->GetTrackedFiles()) {
            uint32_t length = static_cast<uint32_t>(file.first.size());
            uint64_t bytes = file.second;
            packed.append(reinterpret_cast<const char *>(&length), sizeof length);
            packed.append(file.first);
            packed.append(reinterpret_cast<const char *>(&bytes), sizeof bytes);
            n++;
        }
        *count = n;
        return copy_out(packed, buffer, capacity, size);
    });
}

int64_t panrocks_sst_file_manager_delete_rate(const panrocks_sst_file_manager *manager) {
    return manager ? manager->manager->GetDeleteRateBytesPerSecond() : 0;
}

void panrocks_sst_file_manager_set_delete_rate(panrocks_sst_file_manager *manager, int64_t bytes_per_second) {
    if (manager) manager->manager->SetDeleteRateBytesPerSecond(bytes_per_second);
}

double panrocks_sst_file_manager_max_trash_db_ratio(const panrocks_sst_file_manager *manager) {
    return manager ? manager->manager->GetMaxTrashDBRatio() : 0.0;
}

void panrocks_sst_file_manager_set_max_trash_db_ratio(panrocks_sst_file_manager *manager, double ratio) {
    // a ratio the engine cannot compare with (NaN) or a negative one is ignored
    if (manager && ratio >= 0.0 && !std::isinf(ratio)) manager->manager->SetMaxTrashDBRatio(ratio);
}

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

}  // extern "C"
