// Remote compaction through the C ABI: a primary whose compaction service
// runs DB::OpenAndCompact in-process on a thread of its own (a stand-in for
// a remote worker), and services that answer USE_LOCAL, FAILURE, garbage or
// fail (panrocks_compaction_service.h).
#include <atomic>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "test_support.h"

namespace {

using panrocks_test::TempDir;

// The behaviour of a test service, chosen per test.
struct Worker {
    std::string db_path;
    std::string output_root;
    int32_t schedule_answer = PANROCKS_COMPACTION_JOB_SUCCESS;
    int32_t wait_answer = PANROCKS_COMPACTION_JOB_SUCCESS;  // SUCCESS: run the job
    bool garbage_result = false;
    std::mutex mutex;
    std::unordered_map<std::string, std::string> inputs;  // by job ID
    std::atomic<int> jobs_run{0};
    std::atomic<int> installed{0};
    std::atomic<int> installed_use_local{0};
    std::atomic<int> next_id{0};
    std::string last_error;
};

int32_t schedule(void *context, const panrocks_compaction_job_info *info, const char *input, size_t input_length,
                 panrocks_compaction_bytes *job_id) {
    auto *w = static_cast<Worker *>(context);
    if (w->schedule_answer != PANROCKS_COMPACTION_JOB_SUCCESS) return w->schedule_answer;
    // what RocksDB says of the job is what the DB is
    if (std::string(info->db_name, info->db_name_length) != w->db_path) return PANROCKS_COMPACTION_JOB_FAILURE;
    if (std::string(info->cf_name, info->cf_name_length) != "default") return PANROCKS_COMPACTION_JOB_FAILURE;
    const std::string id = "job-" + std::to_string(w->next_id++);
    {
        std::lock_guard<std::mutex> lock(w->mutex);
        w->inputs[id] = std::string(input, input_length);
    }
    panrocks_error err{};
    return panrocks_compaction_bytes_set(job_id, id.data(), id.size(), &err) == PANROCKS_OK
               ? PANROCKS_COMPACTION_JOB_SUCCESS
               : PANROCKS_COMPACTION_JOB_FAILURE;
}

int32_t wait_fn(void *context, const char *job_id, size_t job_id_length, panrocks_compaction_bytes *result) {
    auto *w = static_cast<Worker *>(context);
    if (w->wait_answer != PANROCKS_COMPACTION_JOB_SUCCESS) return w->wait_answer;
    const std::string id(job_id, job_id_length);
    std::string input;
    {
        std::lock_guard<std::mutex> lock(w->mutex);
        input = w->inputs[id];
    }
    const std::string output = w->output_root + "/" + id;
    int32_t rc = 0;
    std::string bytes;
    // the worker: another thread, as another process would be
    std::thread worker([&] {
        panrocks_open_and_compact_request req{};
        req.db_path = w->db_path.c_str();
        req.output_directory = output.c_str();
        req.input = input.data();
        req.input_length = input.size();
        req.allow_resumption = 1;
        panrocks_blob *blob = nullptr;
        panrocks_error err{};
        rc = panrocks_open_and_compact(&req, &blob, &err);
        if (rc == PANROCKS_OK) {
            bytes.assign(panrocks_blob_data(blob), panrocks_blob_size(blob));
        } else {
            std::lock_guard<std::mutex> lock(w->mutex);
            w->last_error = err.message;
        }
        panrocks_blob_destroy(blob);
    });
    worker.join();
    if (rc != PANROCKS_OK) return PANROCKS_COMPACTION_JOB_FAILURE;
    w->jobs_run++;
    if (w->garbage_result) bytes = "this is no compaction result";
    panrocks_error err{};
    if (panrocks_compaction_bytes_set(result, bytes.data(), bytes.size(), &err) != PANROCKS_OK) {
        return PANROCKS_COMPACTION_JOB_FAILURE;
    }
    return PANROCKS_COMPACTION_JOB_SUCCESS;
}

void installed(void *context, const char *, size_t, int32_t status) {
    auto *w = static_cast<Worker *>(context);
    w->installed++;
    if (status == PANROCKS_COMPACTION_JOB_USE_LOCAL) w->installed_use_local++;
}

int32_t failing(void *, const panrocks_compaction_job_info *, const char *, size_t, panrocks_compaction_bytes *) {
    return PANROCKS_UPCALL_FAILED;
}

// A primary with the service, automatic compactions off, keys 0..n in
// several files.
class Primary {
  public:
    explicit Primary(panrocks_compaction_service *service) {
        worker.db_path = dir.path() + "/db";
        worker.output_root = dir.path() + "/out";
        std::filesystem::create_directories(worker.output_root);
        EXPECT_EQ(panrocks_stats_create(&stats, &err), PANROCKS_OK);
        open(service);
    }
    ~Primary() {
        close();
        panrocks_stats_destroy(stats);
    }
    void open(panrocks_compaction_service *service) {
        panrocks_open_resources resources{};
        resources.statistics = stats;
        resources.compaction_service = service;
        panrocks_open_request req{};
        req.path = worker.db_path.c_str();
        req.db_options = "create_if_missing=true";
        panrocks_cf_descriptor family{};
        family.name = "default";
        family.options = "disable_auto_compactions=true";
        req.cf_count = 1;
        req.cfs = &family;
        req.resources = &resources;
        panrocks_cf *handle = nullptr;  // the default family's, owned by the DB
        ASSERT_EQ(panrocks_open(&req, &db, &handle, &err), PANROCKS_OK) << err.message;
    }
    void close() {
        if (db != nullptr) EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
        db = nullptr;
    }
    void fill(int files, int per_file) {
        for (int f = 0; f < files; f++) {
            for (int i = 0; i < per_file; i++) {
                const std::string k = key(i), v = "v" + std::to_string(f) + "-" + std::to_string(i);
                ASSERT_EQ(panrocks_put(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK);
            }
            ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        }
    }
    int32_t compact() { return panrocks_compact_range(db, nullptr, panrocks_slice{}, panrocks_slice{}, &err); }
    std::string get(const std::string &k) {
        char buffer[64];
        panrocks_pin *pin = nullptr;
        EXPECT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        uint64_t size = 0;
        int32_t rc = panrocks_get_copy(db, nullptr, nullptr, pin, k.data(), k.size(), buffer, sizeof buffer,
                                       &size, &err);
        panrocks_pin_destroy(pin);
        return rc == PANROCKS_OK ? std::string(buffer, std::min<uint64_t>(size, sizeof buffer)) : "<" + std::to_string(rc) + ">";
    }
    uint64_t ticker(const char *name) {
        uint64_t v = 0;
        EXPECT_EQ(panrocks_stats_ticker(stats, name, 0, &v, &err), PANROCKS_OK);
        return v;
    }
    uint64_t level0_files() {
        char buffer[32];
        uint64_t size = 0;
        EXPECT_EQ(panrocks_get_property(db, nullptr, "rocksdb.num-files-at-level0", buffer, sizeof buffer - 1, &size,
                                        &err),
                  PANROCKS_OK);
        buffer[std::min<uint64_t>(size, sizeof buffer - 1)] = '\0';
        return std::stoull(buffer);
    }
    static std::string key(int i) {
        char k[16];
        std::snprintf(k, sizeof k, "k%06d", i);
        return k;
    }

    TempDir dir;
    Worker worker;
    panrocks_stats *stats = nullptr;
    panrocks_db *db = nullptr;
    panrocks_error err{};
};

// The Worker lives in Primary, made after the service: a small indirection.
struct Fixture {
    Worker *target = nullptr;
};

int32_t schedule_via(void *context, const panrocks_compaction_job_info *info, const char *input, size_t length,
                     panrocks_compaction_bytes *id) {
    return schedule(static_cast<Fixture *>(context)->target, info, input, length, id);
}
int32_t wait_via(void *context, const char *id, size_t length, panrocks_compaction_bytes *result) {
    return wait_fn(static_cast<Fixture *>(context)->target, id, length, result);
}
void installed_via(void *context, const char *id, size_t length, int32_t status) {
    installed(static_cast<Fixture *>(context)->target, id, length, status);
}

panrocks_compaction_service *service_for(Fixture *f, panrocks_compaction_schedule_fn s = schedule_via) {
    panrocks_compaction_service_spec spec{};
    spec.name = "test-service";
    spec.context = f;
    spec.schedule = s;
    spec.wait = wait_via;
    spec.on_installation = installed_via;
    panrocks_compaction_service *service = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_compaction_service_create(&spec, &service, &err), PANROCKS_OK) << err.message;
    return service;
}

uint64_t count(panrocks_compaction_service *service, int i) {
    uint64_t c[5];
    panrocks_compaction_service_counts(service, c);
    return c[i];
}

}  // namespace

TEST(CompactionService, AJobRunsInTheWorkerAndItsOutputIsInstalled) {
    Fixture f;
    panrocks_compaction_service *service = service_for(&f);
    {
        Primary p(service);
        f.target = &p.worker;
        p.fill(4, 500);
        ASSERT_EQ(p.level0_files(), 4u);
        ASSERT_EQ(p.compact(), PANROCKS_OK) << p.err.message;
        EXPECT_GE(p.worker.jobs_run.load(), 1);
        EXPECT_EQ(p.level0_files(), 0u);
        EXPECT_GT(p.ticker("rocksdb.remote.compact.write.bytes"), 0u);
        EXPECT_GT(p.ticker("rocksdb.remote.compact.read.bytes"), 0u);
        EXPECT_EQ(p.get(Primary::key(7)), "v3-7");
        EXPECT_EQ(p.worker.installed.load(), p.worker.jobs_run.load());
        EXPECT_EQ(p.worker.installed_use_local.load(), 0);
        // the output was moved into the DB, and the data survives a reopen
        p.close();
        p.open(service);
        EXPECT_EQ(p.get(Primary::key(499)), "v3-499");
        EXPECT_EQ(p.level0_files(), 0u);
    }
    EXPECT_GE(count(service, 0), 1u);
    EXPECT_EQ(count(service, 4), 0u);
    char name[32];
    ASSERT_EQ(panrocks_compaction_service_name(service, name, sizeof name), 12u);
    EXPECT_EQ(std::string(name, 12), "test-service");
    panrocks_compaction_service_destroy(service);
}

TEST(CompactionService, UseLocalFromScheduleOrWaitCompactsInTheDb) {
    for (bool at_schedule : {true, false}) {
        Fixture f;
        panrocks_compaction_service *service = service_for(&f);
        {
            Primary p(service);
            f.target = &p.worker;
            (at_schedule ? p.worker.schedule_answer : p.worker.wait_answer) = PANROCKS_COMPACTION_JOB_USE_LOCAL;
            p.fill(3, 200);
            ASSERT_EQ(p.compact(), PANROCKS_OK) << p.err.message;
            EXPECT_EQ(p.worker.jobs_run.load(), 0);
            EXPECT_EQ(p.level0_files(), 0u);
            EXPECT_EQ(p.ticker("rocksdb.remote.compact.write.bytes"), 0u);
            EXPECT_GT(p.ticker("rocksdb.compact.write.bytes"), 0u);
            EXPECT_EQ(p.get(Primary::key(5)), "v2-5");
        }
        panrocks_compaction_service_destroy(service);
    }
}

// RocksDB takes a failed remote compaction, even a manual one, for a
// fatal background error: writes are refused until a reopen; the
// inputs stay, so nothing is lost.
TEST(CompactionService, FailureFailsTheCompactionAndStopsWritesUntilReopenedLosingNothing) {
    Fixture f;
    panrocks_compaction_service *service = service_for(&f);
    {
        Primary p(service);
        f.target = &p.worker;
        p.worker.wait_answer = PANROCKS_COMPACTION_JOB_FAILURE;
        p.fill(3, 200);
        EXPECT_EQ(p.compact(), PANROCKS_INCOMPLETE);
        EXPECT_NE(std::string(p.err.message).find("CompactionService"), std::string::npos) << p.err.message;
        EXPECT_EQ(p.level0_files(), 3u);
        EXPECT_EQ(p.get(Primary::key(5)), "v2-5");
        const std::string k = "after", v = "failure";
        EXPECT_EQ(panrocks_put(p.db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &p.err), PANROCKS_INCOMPLETE);
        p.worker.wait_answer = PANROCKS_COMPACTION_JOB_SUCCESS;
        // a fatal background error, which Resume cannot clear: a reopen does
        EXPECT_EQ(panrocks_resume(p.db, &p.err), PANROCKS_INCOMPLETE);
        p.close();
        p.open(service);
        EXPECT_EQ(panrocks_put(p.db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &p.err), PANROCKS_OK);
        ASSERT_EQ(p.compact(), PANROCKS_OK) << p.err.message << " / worker: " << p.worker.last_error;
        EXPECT_EQ(p.level0_files(), 0u);
        EXPECT_GE(p.worker.jobs_run.load(), 1);
        EXPECT_EQ(p.get(Primary::key(199)), "v2-199");
        EXPECT_EQ(p.get("after"), "failure");
    }
    panrocks_compaction_service_destroy(service);
}

TEST(CompactionService, AResultThatDoesNotParseFallsBackToLocal) {
    Fixture f;
    panrocks_compaction_service *service = service_for(&f);
    {
        Primary p(service);
        f.target = &p.worker;
        p.worker.garbage_result = true;
        p.fill(3, 200);
        ASSERT_EQ(p.compact(), PANROCKS_OK) << p.err.message;
        EXPECT_GE(p.worker.jobs_run.load(), 1);
        EXPECT_EQ(p.worker.installed_use_local.load(), p.worker.jobs_run.load());
        EXPECT_EQ(p.level0_files(), 0u);
        EXPECT_EQ(p.get(Primary::key(5)), "v2-5");
    }
    panrocks_compaction_service_destroy(service);
}

TEST(CompactionService, AFailedFunctionCountsAsUseLocal) {
    Fixture f;
    panrocks_compaction_service *service = service_for(&f, failing);
    {
        Primary p(service);
        f.target = &p.worker;
        p.fill(3, 100);
        ASSERT_EQ(p.compact(), PANROCKS_OK) << p.err.message;
        EXPECT_EQ(p.level0_files(), 0u);
        EXPECT_EQ(p.get(Primary::key(5)), "v2-5");
    }
    EXPECT_GE(count(service, 4), 1u);
    panrocks_compaction_service_destroy(service);
}

TEST(CompactionService, BadArgumentsAreRefused) {
    panrocks_error err{};
    panrocks_compaction_service *service = nullptr;
    panrocks_compaction_service_spec spec{};
    spec.name = "x";
    EXPECT_EQ(panrocks_compaction_service_create(&spec, &service, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_compaction_service_create(nullptr, &service, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(service, nullptr);
    EXPECT_EQ(panrocks_compaction_bytes_set(nullptr, "a", 1, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_compaction_service_destroy(nullptr);
    EXPECT_EQ(panrocks_compaction_service_name(nullptr, nullptr, 0), 0u);

    panrocks_blob *blob = nullptr;
    EXPECT_EQ(panrocks_open_and_compact(nullptr, &blob, &err), PANROCKS_INVALID_ARGUMENT);
    TempDir dir;
    panrocks_open_and_compact_request req{};
    req.db_path = dir.path().c_str();
    req.output_directory = dir.path().c_str();
    EXPECT_EQ(panrocks_open_and_compact(&req, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    req.input_length = 3;  // NULL input with a length
    EXPECT_EQ(panrocks_open_and_compact(&req, &blob, &err), PANROCKS_INVALID_ARGUMENT);
    // an input that is no compaction input: RocksDB's refusal, kept
    req.input = "garbage";
    req.input_length = 7;
    int32_t rc = panrocks_open_and_compact(&req, &blob, &err);
    EXPECT_NE(rc, PANROCKS_OK);
    EXPECT_LT(rc, 100) << err.message;
    EXPECT_EQ(blob, nullptr);

    panrocks_compaction_cancel *cancel = nullptr;
    ASSERT_EQ(panrocks_compaction_cancel_create(&cancel, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_compaction_cancel_get(cancel), 0);
    panrocks_compaction_cancel_set(cancel, 1);
    EXPECT_EQ(panrocks_compaction_cancel_get(cancel), 1);
    panrocks_compaction_cancel_destroy(cancel);
    panrocks_compaction_cancel_destroy(nullptr);
}
