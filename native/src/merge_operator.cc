// Merge operators whose logic is behind C function pointers
// (panrocks_merge_operator.h), over the registry of callbacks.cc.
#include <algorithm>
#include <deque>

#include <rocksdb/merge_operator.h>

#include "callbacks.h"

using panrocks::guarded;

namespace {

using namespace panrocks::callbacks;

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

}  // namespace

namespace {

// Set by the stand-in on the thread it ran on, taken by report() (a read it
// failed), and cleared where it ran in a flush or compaction on the caller's
// thread (an open's recovery, CompactFiles). Left set only by a failed
// iteration whose status nobody asked for; it then names the next failed
// merge of that thread, should one of a real operator follow, as the stand-in's.
PANROCKS_THREAD_LOCAL bool stand_in_refused = false;

// The merge operator of a family opened without one (see
// stand_in_for_missing_merge_operator in internal.h). It merges nothing: a
// full merge fails with the failure scope that makes only the reads that must
// merge fail (Get, MultiGet, iteration), while flushes and compactions copy
// the operands to their output. Partial merges keep the RocksDB default
// (refuse, the operands stay).
class MissingMergeOperator final : public rocksdb::MergeOperator {
  public:
    // What RocksDB records for a family without a merge operator (the table
    // properties of its files, the OPTIONS file, which also reads "nullptr"
    // back as none): a file written under the stand-in reads as written
    // without an operator, which it was.
    const char *Name() const override { return "nullptr"; }

    bool FullMergeV3(const MergeOperationInputV3 &, MergeOperationOutputV3 *out) const override {
        stand_in_refused = true;
        out->op_failure_scope = OpFailureScope::kMustMerge;
        return false;
    }
    // what a TTL DB's merge operator calls on the one it wraps
    bool FullMergeV2(const MergeOperationInput &, MergeOperationOutput *out) const override {
        stand_in_refused = true;
        out->op_failure_scope = OpFailureScope::kMustMerge;
        return false;
    }
};

const std::shared_ptr<rocksdb::MergeOperator> &missing_merge_operator() {
    static const std::shared_ptr<rocksdb::MergeOperator> stand_in = std::make_shared<MissingMergeOperator>();
    return stand_in;
}

}  // namespace

namespace panrocks {

void stand_in_for_missing_merge_operator(rocksdb::ColumnFamilyOptions *options) {
    if (options->merge_operator == nullptr) options->merge_operator = missing_merge_operator();
}

bool has_merge_stand_in(const rocksdb::ColumnFamilyOptions &options) {
    return options.merge_operator == missing_merge_operator();
}

bool take_stand_in_refusal() {
    const bool refused = stand_in_refused;
    stand_in_refused = false;
    return refused;
}

}  // namespace panrocks

namespace panrocks {
namespace callbacks {

void register_merge_operator(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern) {
    library->AddFactory<rocksdb::MergeOperator>(
        pattern, [](const std::string &uri, std::unique_ptr<rocksdb::MergeOperator> *guard, std::string *errmsg) -> rocksdb::MergeOperator * {
            auto cb = lookup(uri, Kind::kMergeOperator, errmsg);
            if (cb == nullptr) return nullptr;
            guard->reset(new UpcallMergeOperator(cb));
            return guard->get();
        });
}

}  // namespace callbacks
}  // namespace panrocks

extern "C" {

int32_t panrocks_merge_operator_create(const panrocks_merge_operator_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, (spec->full_merge != nullptr) != (spec->associative_merge != nullptr));
        auto cb = panrocks::callbacks::new_callback(panrocks::callbacks::Kind::kMergeOperator, spec->name, spec->context);
        cb->merge = *spec;
        cb->merge.name = nullptr;
        *callback_out = panrocks::callbacks::publish(std::move(cb));
        return PANROCKS_OK;
    });
}

}  // extern "C"
