// The shared objects a DB takes at open (panrocks_resources.h) besides
// caches and statistics: write buffer managers, rate limiters and SST file
// managers, and how an open applies them all.
#include <cmath>
#include <limits>

#include <rocksdb/env.h>
#include <rocksdb/rate_limiter.h>
#include <rocksdb/sst_file_manager.h>
#include <rocksdb/write_buffer_manager.h>

#include "internal.h"

using panrocks::check;
using panrocks::copy_out;
using panrocks::guarded;
using panrocks::report;

struct panrocks_write_buffer_manager {
    std::shared_ptr<rocksdb::WriteBufferManager> manager;
};

struct panrocks_rate_limiter {
    std::shared_ptr<rocksdb::RateLimiter> limiter;
};

struct panrocks_sst_file_manager {
    std::shared_ptr<rocksdb::SstFileManager> manager;
};

struct panrocks_env {
    // Env::Default() with a no-op deleter, or an in-memory Env the DBs
    // opened on it share
    std::shared_ptr<rocksdb::Env> env;
    bool mem;
};

namespace {

bool to_priority(int32_t priority, rocksdb::Env::Priority *out) {
    switch (priority) {
        case PANROCKS_PRIORITY_BOTTOM: *out = rocksdb::Env::Priority::BOTTOM; return true;
        case PANROCKS_PRIORITY_LOW: *out = rocksdb::Env::Priority::LOW; return true;
        case PANROCKS_PRIORITY_HIGH: *out = rocksdb::Env::Priority::HIGH; return true;
        case PANROCKS_PRIORITY_USER: *out = rocksdb::Env::Priority::USER; return true;
        default: return false;
    }
}

// More threads than this are a mistake (the engine would start them all).
constexpr int32_t kMaxPoolThreads = 1024;

}  // namespace

namespace panrocks {

int32_t apply_open_resources(const panrocks_open_resources &r, rocksdb::DBOptions *options,
                             std::shared_ptr<rocksdb::Statistics> *statistics,
                             std::shared_ptr<rocksdb::Env> *env, panrocks_error *error) {
    if (r.statistics != nullptr) {
        *statistics = statistics_of(r.statistics);
        options->statistics = *statistics;
    }
    if (r.write_buffer_manager != nullptr) options->write_buffer_manager = r.write_buffer_manager->manager;
    if (r.rate_limiter != nullptr) options->rate_limiter = r.rate_limiter->limiter;
    if (r.sst_file_manager != nullptr) options->sst_file_manager = r.sst_file_manager->manager;
    if (r.row_cache != nullptr) options->row_cache = r.row_cache->cache;
    if (r.info_log != nullptr) {  // a Java logger instead of the LOG file (panrocks_logger.h)
        std::string why;
        options->info_log = callback_logger(r.info_log, &why);
        if (options->info_log == nullptr) return report(error, rocksdb::Status::InvalidArgument(why));
    }
    if (r.compaction_service != nullptr) options->compaction_service = compaction_service_of(r.compaction_service);
    // the DB's Env itself is set by prepare_callbacks, over this one's files
    if (r.env != nullptr && r.env->mem) *env = r.env->env;
    return PANROCKS_OK;
}

}  // namespace panrocks

extern "C" {

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

// ---- environments ------------------------------------------------------------------------

int32_t panrocks_env_default(panrocks_env **env_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, env_out != nullptr);
        auto env = std::make_unique<panrocks_env>();
        env->env = std::shared_ptr<rocksdb::Env>(rocksdb::Env::Default(), [](rocksdb::Env *) {});
        env->mem = false;
        *env_out = env.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_env_create_mem(panrocks_env **env_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, env_out != nullptr);
        auto env = std::make_unique<panrocks_env>();
        env->env.reset(rocksdb::NewMemEnv(rocksdb::Env::Default()));
        if (!env->env) return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: this engine has no in-memory Env");
        env->mem = true;
        *env_out = env.release();
        return PANROCKS_OK;
    });
}

void panrocks_env_destroy(panrocks_env *env) { delete env; }

int32_t panrocks_env_is_mem(const panrocks_env *env) { return env == nullptr ? -1 : env->mem ? 1
                                                                                             : 0; }

int32_t panrocks_env_set_background_threads(panrocks_env *env, int32_t number, int32_t priority,
                                            int32_t only_increase, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, env != nullptr);
        rocksdb::Env::Priority p;
        if (!to_priority(priority, &p)) return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown priority");
        if (number < 0 || number > kMaxPoolThreads) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: background threads must lie in [0, 1024]");
        }
        if (only_increase) {
            env->env->IncBackgroundThreadsIfNeeded(number, p);
        } else {
            env->env->SetBackgroundThreads(number, p);
        }
        return PANROCKS_OK;
    });
}

int32_t panrocks_env_background_threads(panrocks_env *env, int32_t priority) {
    rocksdb::Env::Priority p;
    if (env == nullptr || !to_priority(priority, &p)) return -1;
    return env->env->GetBackgroundThreads(p);
}

int32_t panrocks_env_thread_pool_queue_len(panrocks_env *env, int32_t priority) {
    rocksdb::Env::Priority p;
    if (env == nullptr || !to_priority(priority, &p)) return -1;
    return static_cast<int32_t>(env->env->GetThreadPoolQueueLen(p));
}

int32_t panrocks_env_lower_thread_pool_priority(panrocks_env *env, int32_t priority, int32_t cpu,
                                                panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, env != nullptr);
        rocksdb::Env::Priority p;
        if (!to_priority(priority, &p)) return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown priority");
        if (cpu) return check(error, env->env->LowerThreadPoolCPUPriority(p, rocksdb::CpuPriority::kLow));
        env->env->LowerThreadPoolIOPriority(p);
        return PANROCKS_OK;
    });
}

}  // extern "C"
