// What every callback kind shares (callbacks.cc): the handle behind
// panrocks_callback, the registry that resolves "panrocks.callback.<n>" from
// option strings, calling a function pointer, and where a function writes a
// value. Each kind (comparator.cc, merge_operator.cc, compaction_filter.cc,
// listener.cc, logger.cc) builds its engine object over a handle.
#ifndef PANROCKS_CALLBACKS_INTERNAL_H
#define PANROCKS_CALLBACKS_INTERNAL_H

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <rocksdb/comparator.h>
#include <rocksdb/utilities/object_registry.h>

#include "internal.h"

namespace panrocks {

// One DB's side of its callbacks: set once a comparator of the DB failed.
struct CallbackHealth {
    std::atomic<bool> failed{false};
    std::mutex mutex;
    std::string why;  // guarded by mutex; the first failure's message

    void fail(const std::string &message) {
        {
            std::lock_guard<std::mutex> lock(mutex);
            if (why.empty()) why = message;
        }
        failed.store(true, std::memory_order_release);
    }

    std::string message() {
        std::lock_guard<std::mutex> lock(mutex);
        return why;
    }
};

}  // namespace panrocks

namespace panrocks {
namespace callbacks {

enum class Kind { kComparator,
                  kMergeOperator,
                  kFilterFactory,
                  kListener,
                  kLogger };

const char *kind_name(Kind k);

}  // namespace callbacks
}  // namespace panrocks

// The handle: the spec, its registry ID, its failure count and (for a
// comparator) the comparator object RocksDB keeps a raw pointer to. Shared:
// the registry and every engine object made from it hold a reference.
struct panrocks_callback {
    panrocks::callbacks::Kind kind;
    uint64_t number = 0;
    std::string id;
    std::string name;
    void *context = nullptr;
    panrocks_comparator_spec comparator{};
    panrocks_merge_operator_spec merge{};
    panrocks_filter_factory_spec filter{};
    panrocks_listener_spec listener{};
    panrocks_logger_spec logger{};
    std::atomic<uint64_t> logged{0};  // messages handed to a logger
    std::atomic<uint64_t> file_io_notifications{0};  // a listener's OnFile*Finish calls (panrocks_events.h)
    std::atomic<uint64_t> failures{0};
    // false once destroyed: engine objects that outlive the handle (they
    // should not) return failures instead of calling a dead function
    std::atomic<bool> live{true};
    std::unique_ptr<rocksdb::Comparator> comparator_object;

    std::mutex mutex;  // guards health and failure_message
    std::shared_ptr<panrocks::CallbackHealth> health;
    std::string failure_message;

    // A call failed: count it; a comparator's failure fails its DB.
    void failed() {
        failures.fetch_add(1, std::memory_order_relaxed);
        if (kind != panrocks::callbacks::Kind::kComparator) return;
        std::shared_ptr<panrocks::CallbackHealth> h;
        std::string message;
        {
            std::lock_guard<std::mutex> lock(mutex);
            h = health;
            message = failure_message;
        }
        if (h == nullptr || h->failed.load(std::memory_order_acquire)) return;
        h->fail("panrocks: the comparator '" + name + "' failed" +
                (message.empty() ? std::string() : " (" + message + ")") +
                ", so the DB's order can no longer be trusted; it refuses every write until it is reopened");
    }
};

namespace panrocks {
namespace callbacks {

// How many callbacks the calling thread is inside (see panrocks::inside_callback).
extern PANROCKS_THREAD_LOCAL int callbacks_running;

// Calls a callback's function pointer with the thread marked as inside a
// callback meanwhile.
template <typename Fn, typename... Args>
auto upcall(Fn fn, Args... args) -> decltype(fn(args...)) {
    struct Mark {
        Mark() { ++callbacks_running; }
        ~Mark() { --callbacks_running; }
    } mark;
    return fn(args...);
}

// A pointer a function may tell from "none" (NULL): RocksDB may give an
// empty value a null data pointer.
inline const char *present(const rocksdb::Slice &s) { return s.data() != nullptr ? s.data() : ""; }

inline panrocks_slice slice_of(const std::string &s) { return panrocks_slice{s.data(), s.size()}; }

// Where a function writes a value: a small buffer on the stack first, then
// heap strings as panrocks_result_reserve grows it. Earlier buffers stay
// allocated until this object dies (after the call that received it), so a
// view the function kept of one stays harmless to write; the engine's own
// strings are never shown (a std::string's inline buffer shares storage
// with its capacity field).
class ResultBuffer {
  public:
    ResultBuffer() {
        r_.buffer = small_;
        r_.capacity = sizeof small_;
        r_.size = 0;
        r_.source = PANROCKS_RESULT_BUFFER;
        r_.internal = this;
    }
    ResultBuffer(const ResultBuffer &) = delete;
    ResultBuffer &operator=(const ResultBuffer &) = delete;

    panrocks_result *get() { return &r_; }
    const panrocks_result &result() const { return r_; }

    void grow(size_t capacity) {
        if (capacity <= r_.capacity) return;
        std::string bigger(capacity, '\0');
        std::memcpy(&bigger[0], r_.buffer, r_.capacity);
        if (!heap_.empty()) old_.push_back(std::move(heap_));
        heap_ = std::move(bigger);
        r_.buffer = &heap_[0];
        r_.capacity = heap_.size();
    }

    // The value written, into *to; false if the function claims bytes it was not given.
    bool take(std::string *to) {
        if (r_.size > r_.capacity) return false;
        if (r_.buffer == small_) {
            to->assign(small_, r_.size);
        } else {
            heap_.resize(r_.size);
            *to = std::move(heap_);
            heap_.clear();
        }
        return true;
    }

  private:
    char small_[64];
    std::string heap_;
    std::vector<std::string> old_;
    panrocks_result r_{};
};

// ---- the registry (callbacks.cc) ------------------------------------------------

// The handle registered under id ("panrocks.callback.<n>"), if it is one of
// kind; else NULL and *errmsg says why. A comparator found while a DB parses
// its options (CallbackScope) joins that DB's health.
std::shared_ptr<panrocks_callback> lookup(const std::string &id, Kind kind, std::string *errmsg);

// The registered handle callback is, if it is still registered.
std::shared_ptr<panrocks_callback> registered(const panrocks_callback *callback);

// A handle under a fresh ID; registered by publish().
std::shared_ptr<panrocks_callback> new_callback(Kind kind, const char *name, void *context);
panrocks_callback *publish(std::shared_ptr<panrocks_callback> cb);

// Each kind's factory for the ID pattern in RocksDB's object library, added
// once (by the first publish()) by the registry.
using Library = std::shared_ptr<rocksdb::ObjectLibrary>;
void register_comparator(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern);
void register_merge_operator(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern);
void register_compaction_filter(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern);
void register_listener(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern);

}  // namespace callbacks
}  // namespace panrocks

#endif  // PANROCKS_CALLBACKS_INTERNAL_H
