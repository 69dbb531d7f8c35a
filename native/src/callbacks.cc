// Callbacks: code outside the engine called by the engine through C
// function pointers (upcall stubs into the JVM). This is what every kind
// shares (callbacks.h): the registry that resolves "panrocks.callback.<n>"
// from option strings through RocksDB's object registry, the handles'
// common calls, and the failure state a Java comparator's failure puts its
// DB in (a file system that refuses writes). The kinds: comparator.cc,
// merge_operator.cc, compaction_filter.cc, listener.cc, logger.cc.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

#include <rocksdb/convenience.h>
#include <rocksdb/env.h>
#include <rocksdb/file_system.h>
#include <rocksdb/utilities/object_registry.h>

#include "callbacks.h"

using panrocks::guarded;
using panrocks::report;
using namespace panrocks::callbacks;

namespace panrocks {
namespace callbacks {

const char *kind_name(Kind k) {
    switch (k) {
        case Kind::kComparator: return "comparator";
        case Kind::kMergeOperator: return "merge operator";
        case Kind::kFilterFactory: return "compaction filter factory";
        case Kind::kListener: return "event listener";
        case Kind::kLogger: return "logger";
    }
    return "callback";
}

PANROCKS_THREAD_LOCAL int callbacks_running = 0;

}  // namespace callbacks
}  // namespace panrocks

namespace {

using namespace panrocks::callbacks;

std::mutex registry_mutex;
std::unordered_map<uint64_t, std::shared_ptr<panrocks_callback>> registry;
std::atomic<uint64_t> next_number{1};

constexpr const char *kIdPrefix = "panrocks.callback.";

// The DB whose option strings this thread is parsing (CallbackScope).
PANROCKS_THREAD_LOCAL panrocks_db *parsing_for = nullptr;

}  // namespace

namespace panrocks {
namespace callbacks {

std::shared_ptr<panrocks_callback> lookup(const std::string &id, Kind kind, std::string *errmsg) {
    const size_t prefix = std::strlen(kIdPrefix);
    uint64_t number = 0;
    bool digits = id.size() > prefix && id.compare(0, prefix, kIdPrefix) == 0;
    for (size_t i = prefix; digits && i < id.size(); i++) {
        if (id[i] < '0' || id[i] > '9' || number > (UINT64_MAX - 9) / 10) digits = false;
        else number = number * 10 + static_cast<uint64_t>(id[i] - '0');
    }
    std::shared_ptr<panrocks_callback> found;
    if (digits) {
        std::lock_guard<std::mutex> lock(registry_mutex);
        auto it = registry.find(number);
        if (it != registry.end()) found = it->second;
    }
    if (found == nullptr) {
        *errmsg = "panrocks: no callback " + id + " (destroyed, or never created)";
        return nullptr;
    }
    if (found->kind != kind) {
        *errmsg = "panrocks: " + id + " is a " + kind_name(found->kind) + ", not a " + kind_name(kind);
        return nullptr;
    }
    if (kind == Kind::kComparator && parsing_for != nullptr) {
        std::lock_guard<std::mutex> lock(found->mutex);
        if (found->health == nullptr) found->health = parsing_for->callback_health;
    }
    return found;
}

std::shared_ptr<panrocks_callback> registered(const panrocks_callback *callback) {
    std::lock_guard<std::mutex> lock(registry_mutex);
    auto it = registry.find(callback->number);
    return it != registry.end() && it->second.get() == callback ? it->second : nullptr;
}

}  // namespace callbacks
}  // namespace panrocks

namespace {

using namespace panrocks::callbacks;

// ---- the factories RocksDB's option parser calls -----------------------------------------------

void register_factories() {
    static std::once_flag once;
    std::call_once(once, [] {
        auto &library = rocksdb::ObjectLibrary::Default();
        rocksdb::ObjectLibrary::PatternEntry pattern("panrocks.callback", false);
        pattern.AddNumber(".");
        register_comparator(library, pattern);
        register_merge_operator(library, pattern);
        register_compaction_filter(library, pattern);
        register_listener(library, pattern);
    });
}

// ---- the guarded file system --------------------------------------------------------------------

rocksdb::IOStatus refused(panrocks::CallbackHealth &health) {
    return rocksdb::IOStatus::IOError(health.message());
}

// A writable file that refuses to write once the DB failed.
class GuardedFile final : public rocksdb::FSWritableFileOwnerWrapper {
  public:
    GuardedFile(std::unique_ptr<rocksdb::FSWritableFile> &&file, std::shared_ptr<panrocks::CallbackHealth> health)
        : rocksdb::FSWritableFileOwnerWrapper(std::move(file)), health_(std::move(health)) {}

    rocksdb::IOStatus Append(const rocksdb::Slice &data, const rocksdb::IOOptions &options,
                             rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return FSWritableFileOwnerWrapper::Append(data, options, dbg);
    }
    rocksdb::IOStatus Append(const rocksdb::Slice &data, const rocksdb::IOOptions &options,
                             const rocksdb::DataVerificationInfo &info, rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return FSWritableFileOwnerWrapper::Append(data, options, info, dbg);
    }
    rocksdb::IOStatus PositionedAppend(const rocksdb::Slice &data, uint64_t offset,
                                       const rocksdb::IOOptions &options, rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return FSWritableFileOwnerWrapper::PositionedAppend(data, offset, options, dbg);
    }
    rocksdb::IOStatus PositionedAppend(const rocksdb::Slice &data, uint64_t offset,
                                       const rocksdb::IOOptions &options, const rocksdb::DataVerificationInfo &info,
                                       rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return FSWritableFileOwnerWrapper::PositionedAppend(data, offset, options, info, dbg);
    }
    rocksdb::IOStatus Flush(const rocksdb::IOOptions &options, rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return FSWritableFileOwnerWrapper::Flush(options, dbg);
    }
    rocksdb::IOStatus Sync(const rocksdb::IOOptions &options, rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return FSWritableFileOwnerWrapper::Sync(options, dbg);
    }
    rocksdb::IOStatus Fsync(const rocksdb::IOOptions &options, rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return FSWritableFileOwnerWrapper::Fsync(options, dbg);
    }

  private:
    bool failed() const { return health_->failed.load(std::memory_order_acquire); }
    std::shared_ptr<panrocks::CallbackHealth> health_;
};

class GuardedFileSystem final : public rocksdb::FileSystemWrapper {
  public:
    GuardedFileSystem(const std::shared_ptr<rocksdb::FileSystem> &target,
                      std::shared_ptr<panrocks::CallbackHealth> health)
        : rocksdb::FileSystemWrapper(target), health_(std::move(health)) {}

    static const char *kClassName() { return "PanrocksGuardedFileSystem"; }
    const char *Name() const override { return kClassName(); }

    rocksdb::IOStatus NewWritableFile(const std::string &f, const rocksdb::FileOptions &options,
                                      std::unique_ptr<rocksdb::FSWritableFile> *r,
                                      rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return wrap(FileSystemWrapper::NewWritableFile(f, options, r, dbg), r);
    }
    rocksdb::IOStatus ReopenWritableFile(const std::string &f, const rocksdb::FileOptions &options,
                                         std::unique_ptr<rocksdb::FSWritableFile> *r,
                                         rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return wrap(FileSystemWrapper::ReopenWritableFile(f, options, r, dbg), r);
    }
    rocksdb::IOStatus ReuseWritableFile(const std::string &f, const std::string &old,
                                        const rocksdb::FileOptions &options,
                                        std::unique_ptr<rocksdb::FSWritableFile> *r,
                                        rocksdb::IODebugContext *dbg) override {
        if (failed()) return refused(*health_);
        return wrap(FileSystemWrapper::ReuseWritableFile(f, old, options, r, dbg), r);
    }

  private:
    bool failed() const { return health_->failed.load(std::memory_order_acquire); }

    rocksdb::IOStatus wrap(rocksdb::IOStatus s, std::unique_ptr<rocksdb::FSWritableFile> *r) {
        if (s.ok() && *r != nullptr) r->reset(new GuardedFile(std::move(*r), health_));
        return s;
    }

    std::shared_ptr<panrocks::CallbackHealth> health_;
};

}  // namespace

namespace panrocks {
namespace callbacks {

std::shared_ptr<panrocks_callback> new_callback(Kind kind, const char *name, void *context) {
    auto cb = std::make_shared<panrocks_callback>();
    cb->kind = kind;
    cb->name = name;
    cb->context = context;
    cb->number = next_number.fetch_add(1);
    cb->id = kIdPrefix + std::to_string(cb->number);
    return cb;
}

panrocks_callback *publish(std::shared_ptr<panrocks_callback> cb) {
    register_factories();
    panrocks_callback *raw = cb.get();
    std::lock_guard<std::mutex> lock(registry_mutex);
    registry.emplace(cb->number, std::move(cb));
    return raw;
}

}  // namespace callbacks

void prepare_callbacks(panrocks_db *db, rocksdb::DBOptions *db_options) {
    db->callback_health = std::make_shared<CallbackHealth>();
    auto base = db->base_env ? db->base_env->GetFileSystem() : rocksdb::FileSystem::Default();
    auto fs = std::make_shared<GuardedFileSystem>(count_io_activity(db, base), db->callback_health);
    db->callback_env = rocksdb::NewCompositeEnv(fs);
    db_options->env = db->callback_env.get();
}

std::shared_ptr<void> retain_comparator(const rocksdb::Comparator *comparator) {
    if (comparator == nullptr) return nullptr;
    std::lock_guard<std::mutex> lock(registry_mutex);
    for (const auto &entry : registry) {
        const std::shared_ptr<panrocks_callback> &cb = entry.second;
        if (cb->kind == callbacks::Kind::kComparator && cb->comparator_object.get() == comparator) return cb;
    }
    return nullptr;  // one of RocksDB's own (they are static), or not ours
}

bool inside_callback() noexcept { return callbacks::callbacks_running != 0; }

CallbackScope::CallbackScope(panrocks_db *db) : previous_(parsing_for) { parsing_for = db; }

CallbackScope::~CallbackScope() { parsing_for = previous_; }

}  // namespace panrocks

namespace {

#if defined(__GLIBC__)
// on_exit handler: see panrocks_install_exit_guard
void exit_before_static_destructors(int status, void *) {
    std::fflush(nullptr);
    std::_Exit(status);
}
#endif

}  // namespace

extern "C" {

int32_t panrocks_close_begin(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && db->db != nullptr);
        if (!db->read_only) db->db->DisableManualCompaction();
        rocksdb::CancelAllBackgroundWork(db->db, false);
        return PANROCKS_OK;
    });
}

void panrocks_install_exit_guard(void) {
    static std::once_flag once;
    std::call_once(once, [] {
        // the default Env (whose thread pools run every DB's background work)
        // exists first, so that its destructor is registered before this
        // handler and runs after it: never
        rocksdb::Env::Default();
#if defined(__GLIBC__)
        on_exit(exit_before_static_destructors, nullptr);
#endif
        // Elsewhere (macOS, Windows) there is no exit handler that learns the
        // exit status, and one that guessed it would be worse than none: the
        // guard is glibc's only (see the header).
    });
}

size_t panrocks_callback_id(const panrocks_callback *callback, char *buffer, size_t capacity) {
    if (callback == nullptr) return 0;
    if (buffer != nullptr) std::memcpy(buffer, callback->id.data(), std::min(callback->id.size(), capacity));
    return callback->id.size();
}

uint64_t panrocks_callback_failures(const panrocks_callback *callback) {
    return callback ? callback->failures.load(std::memory_order_relaxed) : 0;
}

int32_t panrocks_callback_set_failure(panrocks_callback *callback, const char *message, size_t length,
                                      panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, callback != nullptr && (message != nullptr || length == 0));
        // the latest: a comparator's DB fails (in failed()) with the message
        // of the compare that failed, which the JVM sets just before returning
        std::lock_guard<std::mutex> lock(callback->mutex);
        callback->failure_message.assign(message, length);
        return PANROCKS_OK;
    });
}

void panrocks_callback_destroy(panrocks_callback *callback) {
    if (callback == nullptr) return;
    std::shared_ptr<panrocks_callback> keep;
    {
        std::lock_guard<std::mutex> lock(registry_mutex);
        auto it = registry.find(callback->number);
        if (it == registry.end()) return;
        keep = std::move(it->second);
        registry.erase(it);
    }
    keep->live.store(false, std::memory_order_relaxed);
    // freed here unless an engine object still holds it (it should not)
}

int32_t panrocks_result_reserve(panrocks_result *result, size_t capacity, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, result != nullptr && result->internal != nullptr);
        auto *buffer = static_cast<ResultBuffer *>(result->internal);
        PANROCKS_REQUIRE(error, buffer->get() == result);
        buffer->grow(capacity);
        return PANROCKS_OK;
    });
}

}  // extern "C"
