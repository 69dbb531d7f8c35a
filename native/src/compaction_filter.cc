// Compaction filters (through their factory) whose logic is behind C
// function pointers (panrocks_compaction_filter.h), over the registry of
// callbacks.cc.
#include <rocksdb/compaction_filter.h>

#include "callbacks.h"

using panrocks::guarded;

namespace {

using namespace panrocks::callbacks;

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

}  // namespace

namespace panrocks {
namespace callbacks {

void register_compaction_filter(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern) {
    library->AddFactory<rocksdb::CompactionFilterFactory>(
        pattern, [](const std::string &uri, std::unique_ptr<rocksdb::CompactionFilterFactory> *guard, std::string *errmsg) -> rocksdb::CompactionFilterFactory * {
            auto cb = lookup(uri, Kind::kFilterFactory, errmsg);
            if (cb == nullptr) return nullptr;
            guard->reset(new UpcallFilterFactory(cb));
            return guard->get();
        });
}

}  // namespace callbacks
}  // namespace panrocks

extern "C" {

int32_t panrocks_filter_factory_create(const panrocks_filter_factory_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, spec->create_filter != nullptr && spec->filter != nullptr);
        auto cb = panrocks::callbacks::new_callback(panrocks::callbacks::Kind::kFilterFactory, spec->name, spec->context);
        cb->filter = *spec;
        cb->filter.name = nullptr;
        *callback_out = panrocks::callbacks::publish(std::move(cb));
        return PANROCKS_OK;
    });
}

}  // extern "C"
