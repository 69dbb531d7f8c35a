// Comparators whose logic is behind C function pointers
// (panrocks_comparator.h), over the registry of callbacks.cc.
#include <algorithm>

#include <rocksdb/comparator.h>

#include "callbacks.h"

using panrocks::guarded;

namespace {

using namespace panrocks::callbacks;

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

}  // namespace

namespace panrocks {
namespace callbacks {

void register_comparator(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern) {
    library->AddFactory<const rocksdb::Comparator>(
        pattern, [](const std::string &uri, std::unique_ptr<const rocksdb::Comparator> *, std::string *errmsg) -> const rocksdb::Comparator * {
            auto cb = lookup(uri, Kind::kComparator, errmsg);
            return cb ? cb->comparator_object.get() : nullptr;
        });
}

}  // namespace callbacks
}  // namespace panrocks

extern "C" {

int32_t panrocks_comparator_create(const panrocks_comparator_spec *spec, panrocks_callback **callback_out,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && spec->compare != nullptr);
        PANROCKS_REQUIRE(error, callback_out != nullptr);
        auto cb = panrocks::callbacks::new_callback(panrocks::callbacks::Kind::kComparator, spec->name, spec->context);
        cb->comparator = *spec;
        cb->comparator.name = nullptr;  // the copy in cb->name is the one
        cb->comparator_object = std::make_unique<UpcallComparator>(cb.get());
        *callback_out = panrocks::callbacks::publish(std::move(cb));
        return PANROCKS_OK;
    });
}

}  // extern "C"
