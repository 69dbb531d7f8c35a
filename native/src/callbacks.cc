// Callbacks: comparators, merge operators, compaction filter factories and
// event listeners whose logic is behind C function pointers (upcall stubs
// into the JVM), resolved from option strings through RocksDB's object
// registry, and the failure state a Java comparator's failure puts its DB in.
#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <unordered_map>
#include <vector>

#include <rocksdb/comparator.h>
#include <rocksdb/convenience.h>
#include <rocksdb/compaction_filter.h>
#include <rocksdb/env.h>
#include <rocksdb/file_system.h>
#include <rocksdb/listener.h>
#include <rocksdb/merge_operator.h>
#include <rocksdb/utilities/object_registry.h>
#include <rocksdb/version.h>

#include "events.h"
#include "internal.h"

using panrocks::guarded;
using panrocks::report;

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

namespace {

enum class Kind { kComparator, kMergeOperator, kFilterFactory, kListener, kLogger };

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

}  // namespace

// The handle: the spec, its registry ID, its failure count and (for a
// comparator) the comparator object RocksDB keeps a raw pointer to. Shared:
// the registry and every engine object made from it hold a reference.
struct panrocks_callback {
    Kind kind;
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
        if (kind != Kind::kComparator) return;
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

namespace {

// How many callbacks the calling thread is inside (see panrocks::inside_callback).
thread_local int callbacks_running = 0;

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
const char *present(const rocksdb::Slice &s) { return s.data() != nullptr ? s.data() : ""; }

// ---- registry -----------------------------------------------------------------

std::mutex registry_mutex;
std::unordered_map<uint64_t, std::shared_ptr<panrocks_callback>> registry;
std::atomic<uint64_t> next_number{1};

constexpr const char *kIdPrefix = "panrocks.callback.";

// The DB whose option strings this thread is parsing (CallbackScope).
thread_local panrocks_db *parsing_for = nullptr;

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

// ---- comparators -------------------------------------------------------------------

class UpcallComparator final : public rocksdb::Comparator {
  public:
    explicit UpcallComparator(panrocks_callback *owner) : owner_(owner) {}

    const char *Name() const override { return owner_->name.c_str(); }

    int Compare(const rocksdb::Slice &a, const rocksdb::Slice &b) const override {
        if (owner_->live.load(std::memory_order_relaxed)) {
            int32_t r =
                upcall(owner_->comparator.compare, owner_->context, a.data(), a.size(), b.data(), b.size());
            if (r != PANROCKS_UPCALL_FAILED) return r < 0 ? -1 : (r > 0 ? 1 : 0);
        }
        owner_->failed();
        return a.compare(b);  // an answer the engine can live with: bytewise
    }

    void FindShortestSeparator(std::string *start, const rocksdb::Slice &limit) const override {
        if (owner_->comparator.shortest_separator == nullptr) return;
        shorten(owner_->comparator.shortest_separator, start, &limit);
    }

    void FindShortSuccessor(std::string *key) const override {
        if (owner_->comparator.short_successor == nullptr) return;
        shorten(owner_->comparator.short_successor, key, nullptr);
    }

  private:
    // Asks for a shorter key and takes it only when it is in range: a wrong
    // separator would misdirect every lookup of the block it indexes.
    void shorten(panrocks_shorten_fn fn, std::string *key, const rocksdb::Slice *limit) const {
        if (!owner_->live.load(std::memory_order_relaxed) || key->empty()) return;
        char small[256];
        std::string large;
        char *out = small;
        if (key->size() > sizeof small) {
            large.resize(key->size());
            out = &large[0];
        }
        int64_t n = upcall(fn, owner_->context, key->data(), key->size(), limit ? limit->data() : nullptr,
                           limit ? limit->size() : 0, out, key->size());
        if (n == PANROCKS_UPCALL_FAILED) {
            // counted, but the order is intact: the DB goes on
            owner_->failures.fetch_add(1, std::memory_order_relaxed);
            return;
        }
        if (n < 0 || static_cast<uint64_t>(n) > key->size()) return;
        rocksdb::Slice candidate(out, static_cast<size_t>(n));
        if (Compare(rocksdb::Slice(*key), candidate) > 0) return;
        if (limit != nullptr && Compare(candidate, *limit) >= 0) return;
        key->assign(out, static_cast<size_t>(n));
    }

    panrocks_callback *owner_;
};

// ---- merge operators -------------------------------------------------------------------

// Slices for an upcall: on the stack for the usual few operands.
class OperandSlices {
  public:
    template <typename Container>
    explicit OperandSlices(const Container &operands) : count_(operands.size()) {
        panrocks_slice *to = small_;
        if (count_ > kSmall) {
            large_.resize(count_);
            to = large_.data();
        }
        size_t i = 0;
        for (const rocksdb::Slice &s : operands) to[i++] = panrocks_slice{s.data(), s.size()};
        data_ = to;
    }
    OperandSlices(const rocksdb::Slice &a, const rocksdb::Slice &b) : count_(2) {
        small_[0] = panrocks_slice{a.data(), a.size()};
        small_[1] = panrocks_slice{b.data(), b.size()};
        data_ = small_;
    }
    const panrocks_slice *data() const { return data_; }
    size_t size() const { return count_; }

  private:
    static constexpr size_t kSmall = 16;
    size_t count_;
    panrocks_slice small_[kSmall];
    std::vector<panrocks_slice> large_;
    const panrocks_slice *data_ = nullptr;
};

class UpcallMergeOperator final : public rocksdb::MergeOperator {
  public:
    explicit UpcallMergeOperator(std::shared_ptr<panrocks_callback> owner) : owner_(std::move(owner)) {}

    const char *Name() const override { return owner_->name.c_str(); }

    bool FullMergeV2(const MergeOperationInput &in, MergeOperationOutput *out) const override {
        if (!owner_->live.load(std::memory_order_relaxed)) return fail();
        const panrocks_merge_operator_spec &spec = owner_->merge;
        if (spec.associative_merge != nullptr) return fold(in, out);
        OperandSlices operands(in.operand_list);
        ResultBuffer buffer;
        int32_t rc = upcall(spec.full_merge, owner_->context, in.key.data(), in.key.size(),
                            in.existing_value ? present(*in.existing_value) : nullptr,
                            in.existing_value ? in.existing_value->size() : 0, operands.data(), operands.size(),
                            buffer.get());
        if (rc != 1) return rc == PANROCKS_UPCALL_FAILED ? fail() : false;
        const panrocks_result &r = buffer.result();
        if (r.source == PANROCKS_RESULT_BUFFER) return buffer.take(&out->new_value) || fail();
        out->new_value.clear();
        if (r.source == PANROCKS_RESULT_EXISTING_VALUE && in.existing_value != nullptr) {
            out->existing_operand = *in.existing_value;
            return true;
        }
        if (r.source >= 0 && static_cast<size_t>(r.source) < in.operand_list.size()) {
            out->existing_operand = in.operand_list[static_cast<size_t>(r.source)];
            return true;
        }
        return fail();
    }

    bool PartialMerge(const rocksdb::Slice &key, const rocksdb::Slice &left, const rocksdb::Slice &right,
                      std::string *new_value, rocksdb::Logger *) const override {
        if (!owner_->live.load(std::memory_order_relaxed)) return false;
        if (owner_->merge.associative_merge != nullptr) {
            return step(key, &left, right, new_value);
        }
        if (owner_->merge.partial_merge == nullptr) return false;
        return partial(key, OperandSlices(left, right), new_value);
    }

    bool PartialMergeMulti(const rocksdb::Slice &key, const std::deque<rocksdb::Slice> &operand_list,
                           std::string *new_value, rocksdb::Logger *logger) const override {
        if (owner_->merge.associative_merge != nullptr || owner_->merge.partial_merge == nullptr) {
            return rocksdb::MergeOperator::PartialMergeMulti(key, operand_list, new_value, logger);
        }
        if (!owner_->live.load(std::memory_order_relaxed)) return false;
        return partial(key, OperandSlices(operand_list), new_value);
    }

    bool AllowSingleOperand() const override { return owner_->merge.allow_single_operand != 0; }

  private:
    bool fail() const {
        owner_->failed();
        return false;
    }

    // A partial merge that fails in any way keeps the operands: always correct.
    bool partial(const rocksdb::Slice &key, const OperandSlices &operands, std::string *new_value) const {
        ResultBuffer buffer;
        int32_t rc = upcall(owner_->merge.partial_merge, owner_->context, key.data(), key.size(), operands.data(),
                            operands.size(), buffer.get());
        if (rc == PANROCKS_UPCALL_FAILED) owner_->failures.fetch_add(1, std::memory_order_relaxed);
        if (rc != 1) return false;
        const panrocks_result &r = buffer.result();
        if (r.source == PANROCKS_RESULT_BUFFER) return buffer.take(new_value);
        if (r.source >= 0 && static_cast<size_t>(r.source) < operands.size()) {
            const panrocks_slice &s = operands.data()[r.source];
            new_value->assign(s.data, s.size);
            return true;
        }
        return false;
    }

    // One associative step, left (or none) with right, into *into.
    bool step(const rocksdb::Slice &key, const rocksdb::Slice *left, const rocksdb::Slice &right,
              std::string *into) const {
        ResultBuffer buffer;
        int32_t rc = upcall(owner_->merge.associative_merge, owner_->context, key.data(), key.size(),
                            left ? present(*left) : nullptr, left ? left->size() : 0, right.data(), right.size(),
                            buffer.get());
        if (rc != 1) {
            if (rc == PANROCKS_UPCALL_FAILED) owner_->failed();
            return false;
        }
        const panrocks_result &r = buffer.result();
        if (r.source == PANROCKS_RESULT_BUFFER) return buffer.take(into) || fail();
        if (r.source == PANROCKS_RESULT_EXISTING_VALUE && left != nullptr) {
            into->assign(left->data(), left->size());  // left never lives in *into (see fold)
            return true;
        }
        if (r.source == 0) {
            into->assign(right.data(), right.size());
            return true;
        }
        return fail();
    }

    // The full merge of an associative operator: existing value, then each
    // operand in turn, two strings taking turns as accumulator.
    bool fold(const MergeOperationInput &in, MergeOperationOutput *out) const {
        std::string scratch[2];
        const rocksdb::Slice *left = in.existing_value;
        rocksdb::Slice acc;
        const size_t n = in.operand_list.size();
        for (size_t i = 0; i < n; i++) {
            std::string *into = i + 1 == n ? &out->new_value : &scratch[i & 1];
            if (!step(in.key, left, in.operand_list[i], into)) return false;
            acc = rocksdb::Slice(*into);
            left = &acc;
        }
        return true;
    }

    std::shared_ptr<panrocks_callback> owner_;
};

// ---- compaction filters ------------------------------------------------------------------

class UpcallFilter final : public rocksdb::CompactionFilter {
  public:
    UpcallFilter(std::shared_ptr<panrocks_callback> owner, int64_t token)
        : owner_(std::move(owner)), token_(token) {}

    ~UpcallFilter() override {
        const panrocks_filter_factory_spec &spec = owner_->filter;
        if (spec.release_filter != nullptr && owner_->live.load(std::memory_order_relaxed)) {
            upcall(spec.release_filter, owner_->context, token_);
        }
    }

    const char *Name() const override { return owner_->name.c_str(); }

    Decision FilterV2(int level, const rocksdb::Slice &key, ValueType value_type,
                      const rocksdb::Slice &existing_value, std::string *new_value,
                      std::string *) const override {
        int32_t type;
        if (value_type == ValueType::kValue) type = PANROCKS_VALUE_TYPE_VALUE;
        else if (value_type == ValueType::kMergeOperand) type = PANROCKS_VALUE_TYPE_MERGE_OPERAND;
        else return Decision::kKeep;  // blob references: not shown
        return decide(level, key, type, existing_value, new_value);
    }

    // The older entry point, which filters that wrap this one still call:
    // DBWithTTL's TtlCompactionFilter drops expired entries itself, then
    // hands the others over here, their timestamps stripped (and puts the
    // timestamp back on a changed value). Without it the base class would
    // answer "keep" for every entry and the Java filter would never run.
    bool Filter(int level, const rocksdb::Slice &key, const rocksdb::Slice &existing_value,
                std::string *new_value, bool *value_changed) const override {
        switch (decide(level, key, PANROCKS_VALUE_TYPE_VALUE, existing_value, new_value)) {
            case Decision::kRemove: return true;
            case Decision::kChangeValue:
                *value_changed = true;
                return false;
            default: return false;
        }
    }

  private:
    // One upcall: the Java filter's decision on one entry of the given type.
    Decision decide(int level, const rocksdb::Slice &key, int32_t type, const rocksdb::Slice &existing_value,
                    std::string *new_value) const {
        if (!owner_->live.load(std::memory_order_relaxed)) return Decision::kKeep;
        ResultBuffer buffer;
        int32_t rc = upcall(owner_->filter.filter, owner_->context, token_, level, key.data(), key.size(), type,
                            existing_value.data(), existing_value.size(), buffer.get());
        switch (rc) {
            case PANROCKS_FILTER_KEEP: return Decision::kKeep;
            case PANROCKS_FILTER_REMOVE: return Decision::kRemove;
            case PANROCKS_FILTER_CHANGE_VALUE:
                if (buffer.result().source == PANROCKS_RESULT_BUFFER && buffer.take(new_value)) {
                    return Decision::kChangeValue;
                }
                break;
            default: break;
        }
        owner_->failures.fetch_add(1, std::memory_order_relaxed);
        return Decision::kKeep;  // a failed filter keeps the key
    }

    std::shared_ptr<panrocks_callback> owner_;
    int64_t token_;
};

class UpcallFilterFactory final : public rocksdb::CompactionFilterFactory {
  public:
    explicit UpcallFilterFactory(std::shared_ptr<panrocks_callback> owner) : owner_(std::move(owner)) {}

    const char *Name() const override { return owner_->name.c_str(); }

    std::unique_ptr<rocksdb::CompactionFilter> CreateCompactionFilter(
        const rocksdb::CompactionFilter::Context &context) override {
        if (!owner_->live.load(std::memory_order_relaxed)) return nullptr;
        panrocks_filter_context c{};
        c.is_full_compaction = context.is_full_compaction ? 1 : 0;
        c.is_manual_compaction = context.is_manual_compaction ? 1 : 0;
        c.column_family_id = context.column_family_id;
        c.reason = static_cast<int32_t>(context.reason);
        int64_t token = upcall(owner_->filter.create_filter, owner_->context, &c);
        if (token == PANROCKS_UPCALL_FAILED) owner_->failures.fetch_add(1, std::memory_order_relaxed);
        if (token <= 0) return nullptr;
        return std::make_unique<UpcallFilter>(owner_, token);
    }

  private:
    std::shared_ptr<panrocks_callback> owner_;
};

// ---- event listeners -------------------------------------------------------------------------

panrocks_slice slice_of(const std::string &s) { return panrocks_slice{s.data(), s.size()}; }

}  // namespace

namespace panrocks {
// CompactionJobStats as the ABI carries it; the prefixes borrow from stats.
// (Also used by ops.cc for the job of a CompactFiles.)
void fill_compaction_stats(const rocksdb::CompactionJobStats &s, panrocks_compaction_stats *out) {
    out->elapsed_micros = s.elapsed_micros;
    out->num_input_records = s.num_input_records;
    out->num_input_files = s.num_input_files;
    out->num_input_files_at_output_level = s.num_input_files_at_output_level;
    out->num_output_records = s.num_output_records;
    out->num_output_files = s.num_output_files;
    out->total_input_bytes = s.total_input_bytes;
    out->total_output_bytes = s.total_output_bytes;
    out->num_records_replaced = s.num_records_replaced;
    out->total_input_raw_key_bytes = s.total_input_raw_key_bytes;
    out->total_input_raw_value_bytes = s.total_input_raw_value_bytes;
    out->num_input_deletion_records = s.num_input_deletion_records;
    out->num_expired_deletion_records = s.num_expired_deletion_records;
    out->num_corrupt_keys = s.num_corrupt_keys;
    out->file_write_nanos = s.file_write_nanos;
    out->file_range_sync_nanos = s.file_range_sync_nanos;
    out->file_fsync_nanos = s.file_fsync_nanos;
    out->file_prepare_write_nanos = s.file_prepare_write_nanos;
    out->num_single_del_fallthru = s.num_single_del_fallthru;
    out->num_single_del_mismatch = s.num_single_del_mismatch;
    out->smallest_output_key_prefix = slice_of(s.smallest_output_key_prefix);
    out->largest_output_key_prefix = slice_of(s.largest_output_key_prefix);
    out->is_manual_compaction = s.is_manual_compaction ? 1 : 0;
}
}  // namespace panrocks

namespace {
using panrocks::fill_compaction_stats;

void brief_table_file_info(const rocksdb::TableFileCreationBriefInfo &i, panrocks_table_file_info *t) {
    t->db_name = slice_of(i.db_name);
    t->cf_name = slice_of(i.cf_name);
    t->file_path = slice_of(i.file_path);
    t->job_id = i.job_id;
    t->reason = static_cast<int32_t>(i.reason);
}

int32_t stall_condition(rocksdb::WriteStallCondition c) {
    switch (c) {
        case rocksdb::WriteStallCondition::kDelayed: return PANROCKS_STALL_DELAYED;
        case rocksdb::WriteStallCondition::kStopped: return PANROCKS_STALL_STOPPED;
        default: return PANROCKS_STALL_NORMAL;
    }
}

class UpcallListener final : public rocksdb::EventListener {
  public:
    explicit UpcallListener(std::shared_ptr<panrocks_callback> owner) : owner_(std::move(owner)) {}

    // Empty: RocksDB then keeps the listener out of the OPTIONS file.
    const char *Name() const override { return ""; }

    void OnFlushCompleted(rocksdb::DB *, const rocksdb::FlushJobInfo &i) override {
        if (!wants(PANROCKS_EVENT_FLUSH_COMPLETED)) return;
        deliver_flush(PANROCKS_EVENT_FLUSH_COMPLETED, i);
    }

    void OnCompactionCompleted(rocksdb::DB *, const rocksdb::CompactionJobInfo &i) override {
        if (!wants(PANROCKS_EVENT_COMPACTION_COMPLETED)) return;
        deliver_compaction(PANROCKS_EVENT_COMPACTION_COMPLETED, i);
    }

    // A flush's info, for its begin (no table yet: zero entries and size) and its end.
    void deliver_flush(int32_t event, const rocksdb::FlushJobInfo &i) const {
        panrocks_flush_info f{};
        f.cf_name = slice_of(i.cf_name);
        f.file_path = slice_of(i.file_path);
        f.cf_id = i.cf_id;
        f.job_id = i.job_id;
        f.thread_id = i.thread_id;
        f.smallest_seqno = i.smallest_seqno;
        f.largest_seqno = i.largest_seqno;
        f.num_entries = i.table_properties.num_entries;
        f.file_size = i.table_properties.data_size;
        f.flush_reason = static_cast<int32_t>(i.flush_reason);
        f.triggered_writes_slowdown = i.triggered_writes_slowdown ? 1 : 0;
        f.triggered_writes_stop = i.triggered_writes_stop ? 1 : 0;
        deliver(event, &f);
    }

    // A compaction's info, for its begin (no outputs yet) and its end.
    void deliver_compaction(int32_t event, const rocksdb::CompactionJobInfo &i) const {
        const std::string message = i.status.ok() ? std::string() : i.status.ToString();
        panrocks_compaction_info c{};
        c.cf_name = slice_of(i.cf_name);
        c.status_message = slice_of(message);
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
        std::vector<panrocks_slice> inputs, outputs;
        inputs.reserve(i.input_files.size());
        for (const std::string &name : i.input_files) inputs.push_back(slice_of(name));
        outputs.reserve(i.output_files.size());
        for (const std::string &name : i.output_files) outputs.push_back(slice_of(name));
        panrocks_compaction_details d{};
        fill_compaction_stats(i.stats, &d.stats);
        d.input_file_names = inputs.data();
        d.output_file_names = outputs.data();
        d.compression = static_cast<int32_t>(i.compression);
        std::string table_properties;
        panrocks::encode_table_properties_collection(i.table_properties, &table_properties);
        d.table_properties = slice_of(table_properties);
        c.details = &d;
        deliver(event, &c);
    }

    void OnBackgroundError(rocksdb::BackgroundErrorReason reason, rocksdb::Status *status) override {
        if (!wants(PANROCKS_EVENT_BACKGROUND_ERROR) || status == nullptr) return;
        const std::string message = status->getState() != nullptr ? status->getState() : "";
        panrocks_background_error_info b{};
        b.message = slice_of(message);
        b.reason = static_cast<int32_t>(reason);
        b.code = static_cast<int32_t>(status->code());
        b.subcode = static_cast<int32_t>(status->subcode());
        b.severity = static_cast<int32_t>(status->severity());
        deliver(PANROCKS_EVENT_BACKGROUND_ERROR, &b);
    }

    void OnStallConditionsChanged(const rocksdb::WriteStallInfo &i) override {
        if (!wants(PANROCKS_EVENT_STALL_CONDITIONS_CHANGED)) return;
        panrocks_stall_info s{};
        s.cf_name = slice_of(i.cf_name);
        s.current_condition = stall_condition(i.condition.cur);
        s.previous_condition = stall_condition(i.condition.prev);
        deliver(PANROCKS_EVENT_STALL_CONDITIONS_CHANGED, &s);
    }

    // ---- the events of panrocks_events.h (events.cc fills their infos) ----------------------

    void OnFlushBegin(rocksdb::DB *, const rocksdb::FlushJobInfo &i) override {
        if (wants(PANROCKS_EVENT_FLUSH_BEGIN)) deliver_flush(PANROCKS_EVENT_FLUSH_BEGIN, i);
    }

    void OnCompactionBegin(rocksdb::DB *, const rocksdb::CompactionJobInfo &i) override {
        if (wants(PANROCKS_EVENT_COMPACTION_BEGIN)) deliver_compaction(PANROCKS_EVENT_COMPACTION_BEGIN, i);
    }

    void OnTableFileDeleted(const rocksdb::TableFileDeletionInfo &i) override {
        if (wants(PANROCKS_EVENT_TABLE_FILE_DELETED)) {
            panrocks::events::table_file_deleted(i, sink(PANROCKS_EVENT_TABLE_FILE_DELETED));
        }
    }

    void OnMemTableSealed(const rocksdb::MemTableInfo &i) override {
        if (wants(PANROCKS_EVENT_MEMTABLE_SEALED)) {
            panrocks::events::memtable_sealed(i, sink(PANROCKS_EVENT_MEMTABLE_SEALED));
        }
    }

    void OnColumnFamilyHandleDeletionStarted(rocksdb::ColumnFamilyHandle *handle) override {
        if (wants(PANROCKS_EVENT_CF_HANDLE_DELETION_STARTED)) {
            panrocks::events::column_family_handle_deletion_started(
                handle, sink(PANROCKS_EVENT_CF_HANDLE_DELETION_STARTED));
        }
    }

    void OnExternalFileIngested(rocksdb::DB *, const rocksdb::ExternalFileIngestionInfo &i) override {
        if (wants(PANROCKS_EVENT_EXTERNAL_FILE_INGESTED)) {
            panrocks::events::external_file_ingested(i, sink(PANROCKS_EVENT_EXTERNAL_FILE_INGESTED));
        }
    }

    // RocksDB asks once per file it opens; a yes makes it time every operation
    // on the file and call the seven functions below, so only a listener that
    // asked for a file I/O event says yes.
    bool ShouldBeNotifiedOnFileIO() override { return (owner_->listener.events & PANROCKS_EVENTS_FILE_IO) != 0; }

    void OnFileReadFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_READ_FINISH, i);
    }

    void OnFileWriteFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_WRITE_FINISH, i);
    }

    void OnFileFlushFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_FLUSH_FINISH, i);
    }

    void OnFileSyncFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_SYNC_FINISH, i);
    }

    void OnFileRangeSyncFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_RANGE_SYNC_FINISH, i);
    }

    void OnFileTruncateFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_TRUNCATE_FINISH, i);
    }

    void OnFileCloseFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_CLOSE_FINISH, i);
    }

    void OnErrorRecoveryBegin(rocksdb::BackgroundErrorReason reason, rocksdb::Status error,
                              bool *auto_recovery) override {
        if (auto_recovery == nullptr || !*auto_recovery || !wants(PANROCKS_EVENT_ERROR_RECOVERY_BEGIN)) return;
        *auto_recovery =
            panrocks::events::error_recovery_begin(reason, error, sink(PANROCKS_EVENT_ERROR_RECOVERY_BEGIN));
    }

    void OnErrorRecoveryCompleted(rocksdb::Status old_error) override {
        old_error.PermitUncheckedError();
        if (wants(PANROCKS_EVENT_ERROR_RECOVERY_COMPLETED)) {
            panrocks::events::error_recovery_completed(old_error, sink(PANROCKS_EVENT_ERROR_RECOVERY_COMPLETED));
        }
    }

    // ---- table files (panrocks_tables.h) ----

    void OnTableFileCreationStarted(const rocksdb::TableFileCreationBriefInfo &i) override {
        if (!wants(PANROCKS_EVENT_TABLE_FILE_CREATION_STARTED)) return;
        panrocks_table_file_info t{};
        brief_table_file_info(i, &t);
        deliver(PANROCKS_EVENT_TABLE_FILE_CREATION_STARTED, &t);
    }

    void OnTableFileCreated(const rocksdb::TableFileCreationInfo &i) override {
        if (!wants(PANROCKS_EVENT_TABLE_FILE_CREATED)) return;
        std::string message, properties;
        try {
            if (!i.status.ok()) message = i.status.ToString();
            panrocks::encode_table_properties(i.table_properties, &properties);
        } catch (...) {
            return;  // out of memory: no event rather than an exception through the engine
        }
        panrocks_table_file_info t{};
        brief_table_file_info(i, &t);
        t.file_size = i.file_size;
        t.status_code = static_cast<int32_t>(i.status.code());
        t.status_subcode = static_cast<int32_t>(i.status.subcode());
        t.status_message = slice_of(message);
        t.properties = slice_of(properties);
        deliver(PANROCKS_EVENT_TABLE_FILE_CREATED, &t);
    }

  private:
    panrocks::events::Sink sink(int32_t event) const {
        return panrocks::events::Sink{&UpcallListener::deliver_to, this, event};
    }

    static void deliver_to(const void *listener, int32_t event, void *info) {
        static_cast<const UpcallListener *>(listener)->deliver(event, info);
    }

    void file_operation(int32_t event, const rocksdb::FileOperationInfo &i) {
        owner_->file_io_notifications.fetch_add(1, std::memory_order_relaxed);
        if (wants(event)) panrocks::events::file_operation_finished(i, sink(event));
    }

    bool wants(uint32_t event) const {
        return (owner_->listener.events & event) != 0 && owner_->live.load(std::memory_order_relaxed);
    }

    void deliver(int32_t event, const void *info) const {
        upcall(owner_->listener.on_event, owner_->context, event, info);
    }

    std::shared_ptr<panrocks_callback> owner_;
};

// ---- info loggers -------------------------------------------------------------------------------

// rocksdb::Logger over a logger callback: filters by the level the owner
// keeps (read at every message), formats the message here (the function
// receives finished text), and calls the function unless the callback was
// destroyed meanwhile.
class UpcallLogger : public rocksdb::Logger {
  public:
    explicit UpcallLogger(std::shared_ptr<panrocks_callback> owner)
        : rocksdb::Logger(rocksdb::InfoLogLevel::DEBUG_LEVEL), owner_(std::move(owner)) {}

    using rocksdb::Logger::Logv;

    void Logv(const char *format, va_list ap) override { Logv(rocksdb::InfoLogLevel::INFO_LEVEL, format, ap); }

    void Logv(const rocksdb::InfoLogLevel level, const char *format, va_list ap) override {
        const int32_t numeric = static_cast<int32_t>(level);
        if (numeric < threshold() || !owner_->live.load(std::memory_order_acquire)) return;
        char stack[512];
        va_list copy;
        va_copy(copy, ap);
        const int needed = std::vsnprintf(stack, sizeof stack, format, copy);
        va_end(copy);
        if (needed < 0) return;  // a bad format: nothing to say
        owner_->logged.fetch_add(1, std::memory_order_relaxed);
        if (static_cast<size_t>(needed) < sizeof stack) {
            upcall(owner_->logger.log, owner_->context, numeric, static_cast<const char *>(stack),
                   static_cast<size_t>(needed));
            return;
        }
        std::string text(static_cast<size_t>(needed) + 1, '\0');
        std::vsnprintf(&text[0], text.size(), format, ap);
        upcall(owner_->logger.log, owner_->context, numeric, static_cast<const char *>(text.data()),
               static_cast<size_t>(needed));
    }

    rocksdb::InfoLogLevel GetInfoLogLevel() const override {
        const int32_t level = threshold();
        if (level < 0) return rocksdb::InfoLogLevel::DEBUG_LEVEL;
        if (level >= rocksdb::InfoLogLevel::NUM_INFO_LOG_LEVELS) return rocksdb::InfoLogLevel::HEADER_LEVEL;
        return static_cast<rocksdb::InfoLogLevel>(level);
    }

    // The owner's setting is the one: RocksDB's own calls change nothing.
    void SetInfoLogLevel(const rocksdb::InfoLogLevel) override {}

  private:
    int32_t threshold() const {
        return __atomic_load_n(owner_->logger.level, __ATOMIC_RELAXED);
    }

    std::shared_ptr<panrocks_callback> owner_;
};

// ---- the factories RocksDB's option parser calls -----------------------------------------------

void register_factories() {
    static std::once_flag once;
    std::call_once(once, [] {
        auto &library = rocksdb::ObjectLibrary::Default();
        rocksdb::ObjectLibrary::PatternEntry pattern("panrocks.callback", false);
        pattern.AddNumber(".");
        library->AddFactory<const rocksdb::Comparator>(
            pattern, [](const std::string &uri, std::unique_ptr<const rocksdb::Comparator> *,
                        std::string *errmsg) -> const rocksdb::Comparator * {
                auto cb = lookup(uri, Kind::kComparator, errmsg);
                return cb ? cb->comparator_object.get() : nullptr;
            });
        library->AddFactory<rocksdb::MergeOperator>(
            pattern, [](const std::string &uri, std::unique_ptr<rocksdb::MergeOperator> *guard,
                        std::string *errmsg) -> rocksdb::MergeOperator * {
                auto cb = lookup(uri, Kind::kMergeOperator, errmsg);
                if (cb == nullptr) return nullptr;
                guard->reset(new UpcallMergeOperator(cb));
                return guard->get();
            });
        library->AddFactory<rocksdb::CompactionFilterFactory>(
            pattern, [](const std::string &uri, std::unique_ptr<rocksdb::CompactionFilterFactory> *guard,
                        std::string *errmsg) -> rocksdb::CompactionFilterFactory * {
                auto cb = lookup(uri, Kind::kFilterFactory, errmsg);
                if (cb == nullptr) return nullptr;
                guard->reset(new UpcallFilterFactory(cb));
                return guard->get();
            });
        library->AddFactory<rocksdb::EventListener>(
            pattern, [](const std::string &uri, std::unique_ptr<rocksdb::EventListener> *guard,
                        std::string *errmsg) -> rocksdb::EventListener * {
                auto cb = lookup(uri, Kind::kListener, errmsg);
                if (cb == nullptr) return nullptr;
                guard->reset(new UpcallListener(cb));
                return guard->get();
            });
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

// A handle under a fresh ID; registered by publish().
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

}  // namespace

namespace panrocks {

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
        if (cb->kind == Kind::kComparator && cb->comparator_object.get() == comparator) return cb;
    }
    return nullptr;  // one of RocksDB's own (they are static), or not ours
}

std::shared_ptr<rocksdb::Logger> callback_logger(panrocks_callback *callback, std::string *errmsg) {
    std::shared_ptr<panrocks_callback> found;
    {
        std::lock_guard<std::mutex> lock(registry_mutex);
        auto it = registry.find(callback->number);
        if (it != registry.end() && it->second.get() == callback) found = it->second;
    }
    if (found == nullptr || found->kind != Kind::kLogger) {
        *errmsg = found == nullptr ? std::string("panrocks: the info logger was destroyed")
                                   : "panrocks: " + found->id + " (" + kind_name(found->kind) + ") is not a logger";
        return nullptr;
    }
    return std::make_shared<UpcallLogger>(std::move(found));
}

bool inside_callback() noexcept { return callbacks_running != 0; }

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

int32_t panrocks_comparator_create(const panrocks_comparator_spec *spec, panrocks_callback **callback_out,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && spec->compare != nullptr);
        PANROCKS_REQUIRE(error, callback_out != nullptr);
        auto cb = new_callback(Kind::kComparator, spec->name, spec->context);
        cb->comparator = *spec;
        cb->comparator.name = nullptr;  // the copy in cb->name is the one
        cb->comparator_object = std::make_unique<UpcallComparator>(cb.get());
        *callback_out = publish(std::move(cb));
        return PANROCKS_OK;
    });
}

int32_t panrocks_merge_operator_create(const panrocks_merge_operator_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, (spec->full_merge != nullptr) != (spec->associative_merge != nullptr));
        auto cb = new_callback(Kind::kMergeOperator, spec->name, spec->context);
        cb->merge = *spec;
        cb->merge.name = nullptr;
        *callback_out = publish(std::move(cb));
        return PANROCKS_OK;
    });
}

int32_t panrocks_filter_factory_create(const panrocks_filter_factory_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, spec->create_filter != nullptr && spec->filter != nullptr);
        auto cb = new_callback(Kind::kFilterFactory, spec->name, spec->context);
        cb->filter = *spec;
        cb->filter.name = nullptr;
        *callback_out = publish(std::move(cb));
        return PANROCKS_OK;
    });
}

int32_t panrocks_listener_create(const panrocks_listener_spec *spec, panrocks_callback **callback_out,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, spec->on_event != nullptr);
        auto cb = new_callback(Kind::kListener, spec->name, spec->context);
        cb->listener = *spec;
        cb->listener.name = nullptr;
        *callback_out = publish(std::move(cb));
        return PANROCKS_OK;
    });
}

int32_t panrocks_logger_create(const panrocks_logger_spec *spec, panrocks_callback **callback_out,
                               panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, spec->log != nullptr && spec->level != nullptr);
        auto cb = new_callback(Kind::kLogger, spec->name, spec->context);
        cb->logger = *spec;
        cb->logger.name = nullptr;
        *callback_out = publish(std::move(cb));
        return PANROCKS_OK;
    });
}

uint64_t panrocks_listener_file_io_notifications(const panrocks_callback *callback) {
    return callback != nullptr && callback->kind == Kind::kListener
               ? callback->file_io_notifications.load(std::memory_order_relaxed)
               : 0;
}

uint64_t panrocks_logger_messages(const panrocks_callback *callback) {
    return callback != nullptr ? callback->logged.load(std::memory_order_relaxed) : 0;
}

}  // extern "C"
