// Remote compaction: a rocksdb::CompactionService whose Schedule and Wait
// call C function pointers (upcall stubs into the JVM), and the worker's
// DB::OpenAndCompact (panrocks_compaction_service.h).
#include <atomic>
#include <string>

#include <rocksdb/convenience.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>

#include "internal.h"

using panrocks::guarded;
using panrocks::report;

// Bytes a function hands back: the engine's string it writes into.
struct panrocks_compaction_bytes {
    std::string *out;
};

namespace {

enum Count { kSchedule,
             kWait,
             kCancel,
             kInstalled,
             kFailures,
             kCounts };

// What the handle and the engine object share: the spec, and whether the
// handle is still alive (an engine object that outlives it, which it
// should not, answers USE_LOCAL instead of calling a dead function).
struct ServiceState {
    std::string name;
    panrocks_compaction_service_spec spec{};
    std::atomic<bool> live{true};
    std::atomic<uint64_t> counts[kCounts] = {};

    void count(Count c) { counts[c].fetch_add(1, std::memory_order_relaxed); }
};

int32_t to_panrocks(rocksdb::CompactionServiceJobStatus s) {
    switch (s) {
        case rocksdb::CompactionServiceJobStatus::kSuccess: return PANROCKS_COMPACTION_JOB_SUCCESS;
        case rocksdb::CompactionServiceJobStatus::kFailure: return PANROCKS_COMPACTION_JOB_FAILURE;
        case rocksdb::CompactionServiceJobStatus::kAborted: return PANROCKS_COMPACTION_JOB_ABORTED;
        case rocksdb::CompactionServiceJobStatus::kUseLocal: return PANROCKS_COMPACTION_JOB_USE_LOCAL;
    }
    return PANROCKS_COMPACTION_JOB_FAILURE;
}

int32_t to_panrocks(rocksdb::Env::Priority p) {
    switch (p) {
        case rocksdb::Env::Priority::BOTTOM: return PANROCKS_PRIORITY_BOTTOM;
        case rocksdb::Env::Priority::LOW: return PANROCKS_PRIORITY_LOW;
        case rocksdb::Env::Priority::HIGH: return PANROCKS_PRIORITY_HIGH;
        default: return PANROCKS_PRIORITY_USER;
    }
}

class UpcallCompactionService : public rocksdb::CompactionService {
  public:
    explicit UpcallCompactionService(std::shared_ptr<ServiceState> state) : state_(std::move(state)) {}

    const char *Name() const override { return state_->name.c_str(); }

    rocksdb::CompactionServiceScheduleResponse Schedule(const rocksdb::CompactionServiceJobInfo &info,
                                                        const std::string &input) override {
        using rocksdb::CompactionServiceJobStatus;
        state_->count(kSchedule);
        if (!state_->live.load(std::memory_order_acquire)) {
            return rocksdb::CompactionServiceScheduleResponse(CompactionServiceJobStatus::kUseLocal);
        }
        panrocks_compaction_job_info j{};
        j.db_name = info.db_name.data();
        j.db_name_length = info.db_name.size();
        j.db_id = info.db_id.data();
        j.db_id_length = info.db_id.size();
        j.db_session_id = info.db_session_id.data();
        j.db_session_id_length = info.db_session_id.size();
        j.cf_name = info.cf_name.data();
        j.cf_name_length = info.cf_name.size();
        j.job_id = info.job_id;
        j.cf_id = info.cf_id;
        j.priority = to_panrocks(info.priority);
        j.compaction_reason = static_cast<int32_t>(info.compaction_reason);
        j.is_full_compaction = info.is_full_compaction ? 1 : 0;
        j.is_manual_compaction = info.is_manual_compaction ? 1 : 0;
        j.bottommost_level = info.bottommost_level ? 1 : 0;
        j.base_input_level = info.base_input_level;
        j.output_level = info.output_level;
        std::string id;
        panrocks_compaction_bytes bytes{&id};
        const int32_t rc = state_->spec.schedule(state_->spec.context, &j, input.data(), input.size(), &bytes);
        return rocksdb::CompactionServiceScheduleResponse(std::move(id), from_function(rc));
    }

    rocksdb::CompactionServiceJobStatus Wait(const std::string &scheduled_job_id, std::string *result) override {
        state_->count(kWait);
        if (!state_->live.load(std::memory_order_acquire)) return rocksdb::CompactionServiceJobStatus::kUseLocal;
        panrocks_compaction_bytes bytes{result};
        const int32_t rc = state_->spec.wait(state_->spec.context, scheduled_job_id.data(), scheduled_job_id.size(),
                                             &bytes);
        return from_function(rc);
    }

    void CancelAwaitingJobs() override {
        state_->count(kCancel);
        if (state_->spec.cancel_awaiting_jobs == nullptr || !state_->live.load(std::memory_order_acquire)) return;
        state_->spec.cancel_awaiting_jobs(state_->spec.context);
    }

    void OnInstallation(const std::string &scheduled_job_id, rocksdb::CompactionServiceJobStatus status) override {
        state_->count(kInstalled);
        if (state_->spec.on_installation == nullptr || !state_->live.load(std::memory_order_acquire)) return;
        state_->spec.on_installation(state_->spec.context, scheduled_job_id.data(), scheduled_job_id.size(),
                                     to_panrocks(status));
    }

  private:
    // A function that failed (its code threw) or answered something that is
    // no status leaves the job to the DB itself: USE_LOCAL always keeps the
    // data right, where FAILURE would fail the compaction (and an automatic
    // one would become a background error).
    rocksdb::CompactionServiceJobStatus from_function(int32_t rc) {
        switch (rc) {
            case PANROCKS_COMPACTION_JOB_SUCCESS: return rocksdb::CompactionServiceJobStatus::kSuccess;
            case PANROCKS_COMPACTION_JOB_FAILURE: return rocksdb::CompactionServiceJobStatus::kFailure;
            case PANROCKS_COMPACTION_JOB_ABORTED: return rocksdb::CompactionServiceJobStatus::kAborted;
            case PANROCKS_COMPACTION_JOB_USE_LOCAL: return rocksdb::CompactionServiceJobStatus::kUseLocal;
            default:
                state_->count(kFailures);
                return rocksdb::CompactionServiceJobStatus::kUseLocal;
        }
    }

    std::shared_ptr<ServiceState> state_;
};

}  // namespace

struct panrocks_compaction_service {
    std::shared_ptr<ServiceState> state;
    std::shared_ptr<UpcallCompactionService> engine;
};

struct panrocks_compaction_cancel {
    std::atomic<bool> canceled{false};
};

namespace panrocks {

std::shared_ptr<rocksdb::CompactionService> compaction_service_of(panrocks_compaction_service *service) {
    return service->engine;
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_compaction_service_create(const panrocks_compaction_service_spec *spec,
                                           panrocks_compaction_service **service_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && service_out != nullptr);
        PANROCKS_REQUIRE(error, spec->schedule != nullptr && spec->wait != nullptr);
        auto state = std::make_shared<ServiceState>();
        state->name = spec->name;
        state->spec = *spec;
        state->spec.name = nullptr;  // the copy in state->name is the one
        auto service = std::make_unique<panrocks_compaction_service>();
        service->engine = std::make_shared<UpcallCompactionService>(state);
        service->state = std::move(state);
        *service_out = service.release();
        return PANROCKS_OK;
    });
}

size_t panrocks_compaction_service_name(const panrocks_compaction_service *service, char *buffer, size_t capacity) {
    if (service == nullptr) return 0;
    const std::string &name = service->state->name;
    if (buffer != nullptr) std::memcpy(buffer, name.data(), std::min(capacity, name.size()));
    return name.size();
}

void panrocks_compaction_service_counts(const panrocks_compaction_service *service, uint64_t *counts) {
    if (counts == nullptr) return;
    for (int i = 0; i < kCounts; i++) {
        counts[i] = service != nullptr ? service->state->counts[i].load(std::memory_order_relaxed) : 0;
    }
}

void panrocks_compaction_service_destroy(panrocks_compaction_service *service) {
    if (service == nullptr) return;
    service->state->live.store(false, std::memory_order_release);
    delete service;
}

int32_t panrocks_compaction_bytes_set(panrocks_compaction_bytes *bytes, const char *data, size_t size,
                                      panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, bytes != nullptr && bytes->out != nullptr && (data != nullptr || size == 0));
        bytes->out->assign(data != nullptr ? data : "", size);
        return PANROCKS_OK;
    });
}

int32_t panrocks_compaction_cancel_create(panrocks_compaction_cancel **cancel_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, cancel_out != nullptr);
        *cancel_out = new panrocks_compaction_cancel();
        return PANROCKS_OK;
    });
}

void panrocks_compaction_cancel_set(panrocks_compaction_cancel *cancel, int32_t canceled) {
    if (cancel != nullptr) cancel->canceled.store(canceled != 0, std::memory_order_release);
}

int32_t panrocks_compaction_cancel_get(const panrocks_compaction_cancel *cancel) {
    return cancel != nullptr && cancel->canceled.load(std::memory_order_acquire) ? 1 : 0;
}

void panrocks_compaction_cancel_destroy(panrocks_compaction_cancel *cancel) { delete cancel; }

int32_t panrocks_open_and_compact(const panrocks_open_and_compact_request *request, panrocks_blob **result_out,
                                  panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, request != nullptr && result_out != nullptr);
        PANROCKS_REQUIRE(error, request->db_path != nullptr && request->output_directory != nullptr);
        PANROCKS_REQUIRE(error, request->input != nullptr || request->input_length == 0);
        *result_out = nullptr;
        // The column family's options as an open builds them, so that the
        // worker compacts with what the primary uses (comparator, merge
        // operator, filter, table format); the defaults when none are given
        // (a null table factory would not open).
        rocksdb::ColumnFamilyOptions family;
        if (request->family != nullptr) {
            int32_t rc = panrocks::family_options(*request->family, &family, error);
            if (rc != PANROCKS_OK) return rc;
        }
        // as the primary's family has it: operands copied, not a failed compaction
        panrocks::stand_in_for_missing_merge_operator(&family);
        rocksdb::CompactionServiceOptionsOverride override_options;
        override_options.comparator = family.comparator;
        override_options.merge_operator = family.merge_operator;
        override_options.compaction_filter = family.compaction_filter;
        override_options.compaction_filter_factory = family.compaction_filter_factory;
        override_options.prefix_extractor = family.prefix_extractor;
        override_options.table_factory = family.table_factory;
        override_options.sst_partitioner_factory = family.sst_partitioner_factory;
        override_options.table_properties_collector_factories = family.table_properties_collector_factories;
        if (request->options_map != nullptr && request->options_map[0] != '\0') {
            rocksdb::Status s = rocksdb::StringToMap(request->options_map, &override_options.options_map);
            if (!s.ok()) return report(error, s);
        }
        if (request->statistics != nullptr) override_options.statistics = panrocks::statistics_of(request->statistics);
        if (request->info_log != nullptr) {
            std::string why;
            override_options.info_log = panrocks::callback_logger(request->info_log, &why);
            if (override_options.info_log == nullptr) return report(error, rocksdb::Status::InvalidArgument(why));
        }
        rocksdb::OpenAndCompactOptions options;
        options.allow_resumption = request->allow_resumption != 0;
        if (request->cancel != nullptr) options.canceled = &request->cancel->canceled;
        auto blob = std::make_unique<panrocks_blob>();
        const std::string input(request->input != nullptr ? request->input : "", request->input_length);
        rocksdb::Status s = rocksdb::DB::OpenAndCompact(options, request->db_path, request->output_directory, input,
                                                        &blob->bytes, override_options);
        if (!s.ok()) return report(error, s);
        *result_out = blob.release();
        return PANROCKS_OK;
    });
}

}  // extern "C"
