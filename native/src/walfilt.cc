// WAL filters (panrocks_walfilt.h): RocksDB's WalFilter over C function
// pointers, resolved from a DB option string (wal_filter=<ID>) through
// RocksDB's object registry, as the callbacks of callbacks.cc are.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <rocksdb/db.h>
#include <rocksdb/utilities/object_registry.h>
#include <rocksdb/utilities/transaction.h>
#include <rocksdb/wal_filter.h>
#include <rocksdb/write_batch.h>

#include "internal.h"

using panrocks::guarded;
using panrocks::check;
using panrocks::report;

namespace {

class UpcallWalFilter;

}  // namespace

struct panrocks_wal_filter {
    uint64_t number = 0;
    std::string id;
    std::string name;
    panrocks_wal_filter_spec spec{};
    std::atomic<uint64_t> failures{0};
    std::atomic<uint64_t> records{0};
    // set by the first failure: every later record is refused without a call
    std::atomic<bool> failed{false};
    std::unique_ptr<UpcallWalFilter> object;

    void fail() {
        failures.fetch_add(1, std::memory_order_relaxed);
        failed.store(true, std::memory_order_release);
    }
};

struct panrocks_wal_new_batch {
    rocksdb::WriteBatch *batch;
    bool replaced = false;
};

namespace {

using Option = rocksdb::WalFilter::WalProcessingOption;

// A serialized batch's header: sequence 0, then count (little-endian fixed32).
std::string header(uint32_t count) {
    std::string rep(12, '\0');
    for (int i = 0; i < 4; i++) rep[8 + i] = static_cast<char>((count >> (8 * i)) & 0xff);
    return rep;
}


class UpcallWalFilter final : public rocksdb::WalFilter {
  public:
    explicit UpcallWalFilter(panrocks_wal_filter *owner) : owner_(owner) {}

    const char *Name() const override { return owner_->name.c_str(); }

    void ColumnFamilyLogNumberMap(const std::map<uint32_t, uint64_t> &cf_lognumber_map,
                                  const std::map<std::string, uint32_t> &cf_name_id_map) override {
        if (owner_->spec.column_families == nullptr || owner_->failed.load(std::memory_order_acquire)) return;
        std::vector<uint32_t> ids;
        std::vector<uint64_t> log_numbers;
        std::vector<const char *> names;
        std::vector<size_t> name_lengths;
        for (const auto &entry : cf_name_id_map) {
            ids.push_back(entry.second);
            auto found = cf_lognumber_map.find(entry.second);
            log_numbers.push_back(found == cf_lognumber_map.end() ? 0 : found->second);
            names.push_back(entry.first.data());
            name_lengths.push_back(entry.first.size());
        }
        owner_->spec.column_families(owner_->spec.context, ids.size(), ids.data(), log_numbers.data(), names.data(),
                                     name_lengths.data());
    }

    Option LogRecordFound(unsigned long long log_number, const std::string &log_file_name,
                          const rocksdb::WriteBatch &batch, rocksdb::WriteBatch *new_batch,
                          bool *batch_changed) override {
        if (owner_->failed.load(std::memory_order_acquire)) return refuse(batch, new_batch, batch_changed);
        owner_->records.fetch_add(1, std::memory_order_relaxed);
        panrocks_wal_new_batch replacement{new_batch};
        const std::string &data = batch.Data();
        const int32_t rc = owner_->spec.record_found(owner_->spec.context, log_number, log_file_name.data(),
                                                     log_file_name.size(), data.data(), data.size(), &replacement);
        if (rc < PANROCKS_WAL_CONTINUE_PROCESSING || rc > PANROCKS_WAL_CORRUPTED_RECORD) {
            // failed (or an answer RocksDB does not define, which it would assert
            // on); the JVM's side may have failed the filter already
            if (!owner_->failed.load(std::memory_order_acquire)) owner_->fail();
            new_batch->Clear();
            return refuse(batch, new_batch, batch_changed);
        }
        if (replacement.replaced) *batch_changed = true;
        return static_cast<Option>(rc);
    }

  private:
    // A batch that claims one record more than the original: RocksDB ends
    // the recovery with NotSupported (see the header's "Failure").
    static Option refuse(const rocksdb::WriteBatch &batch, rocksdb::WriteBatch *new_batch, bool *batch_changed) {
        *new_batch = rocksdb::WriteBatch(header(batch.Count() + 1));
        *batch_changed = true;
        return Option::kContinueProcessing;
    }

    panrocks_wal_filter *owner_;
};

// ---- a batch with a WAL termination point ---------------------------------------------------

// Appends the records it is handed to a batch through the public API, so
// that the batch's own bookkeeping (count, content flags) stays right. The
// public API takes handles, and RocksDB (11.x) reads the family's internals
// through them: only the DB's own handles will do, so a record of a family
// the DB does not have is refused.
class Appender final : public rocksdb::WriteBatch::Handler {
  public:
    Appender(rocksdb::WriteBatch *to, const std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> &families)
        : to_(to), families_(families) {}

    rocksdb::Status PutCF(uint32_t cf, const rocksdb::Slice &key, const rocksdb::Slice &value) override {
        rocksdb::ColumnFamilyHandle *f = family(cf);
        return f == nullptr ? missing(cf) : to_->Put(f, key, value);
    }
    rocksdb::Status DeleteCF(uint32_t cf, const rocksdb::Slice &key) override {
        rocksdb::ColumnFamilyHandle *f = family(cf);
        return f == nullptr ? missing(cf) : to_->Delete(f, key);
    }
    rocksdb::Status SingleDeleteCF(uint32_t cf, const rocksdb::Slice &key) override {
        rocksdb::ColumnFamilyHandle *f = family(cf);
        return f == nullptr ? missing(cf) : to_->SingleDelete(f, key);
    }
    rocksdb::Status DeleteRangeCF(uint32_t cf, const rocksdb::Slice &begin, const rocksdb::Slice &end) override {
        rocksdb::ColumnFamilyHandle *f = family(cf);
        return f == nullptr ? missing(cf) : to_->DeleteRange(f, begin, end);
    }
    rocksdb::Status MergeCF(uint32_t cf, const rocksdb::Slice &key, const rocksdb::Slice &value) override {
        rocksdb::ColumnFamilyHandle *f = family(cf);
        return f == nullptr ? missing(cf) : to_->Merge(f, key, value);
    }
    void LogData(const rocksdb::Slice &blob) override { status_ = to_->PutLogData(blob); }
    bool Continue() override { return status_.ok(); }

    rocksdb::Status status() const { return status_; }

  private:
    rocksdb::ColumnFamilyHandle *family(uint32_t cf) const {
        auto it = families_.find(cf);
        return it == families_.end() ? nullptr : it->second;
    }
    static rocksdb::Status missing(uint32_t cf) {
        return rocksdb::Status::InvalidArgument("panrocks: the batch writes column family " + std::to_string(cf) +
                                                ", which this DB does not have");
    }

    rocksdb::WriteBatch *to_;
    const std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> &families_;
    rocksdb::Status status_;
};

// ---- registry ---------------------------------------------------------------------------

constexpr const char *kIdPrefix = "panrocks.callback.walfilter.";

std::mutex registry_mutex;
std::unordered_map<uint64_t, panrocks_wal_filter *> registry;
std::atomic<uint64_t> next_number{1};

rocksdb::WalFilter *lookup(const std::string &id, std::string *errmsg) {
    const size_t prefix = std::strlen(kIdPrefix);
    uint64_t number = 0;
    bool digits = id.size() > prefix && id.compare(0, prefix, kIdPrefix) == 0;
    for (size_t i = prefix; digits && i < id.size(); i++) {
        if (id[i] < '0' || id[i] > '9' || number > (UINT64_MAX - 9) / 10) digits = false;
        else number = number * 10 + static_cast<uint64_t>(id[i] - '0');
    }
    if (digits) {
        std::lock_guard<std::mutex> lock(registry_mutex);
        auto it = registry.find(number);
        if (it != registry.end()) return it->second->object.get();
    }
    *errmsg = "panrocks: no WAL filter " + id + " (destroyed, or never created)";
    return nullptr;
}

void register_factory() {
    static std::once_flag once;
    std::call_once(once, [] {
        rocksdb::ObjectLibrary::PatternEntry pattern("panrocks.callback.walfilter", false);
        pattern.AddNumber(".");
        // a static object: RocksDB keeps a raw pointer (DBOptions::wal_filter),
        // the handle owns it
        rocksdb::ObjectLibrary::Default()->AddFactory<rocksdb::WalFilter>(
            pattern, [](const std::string &uri, std::unique_ptr<rocksdb::WalFilter> *, std::string *errmsg) -> rocksdb::WalFilter * { return lookup(uri, errmsg); });
    });
}

}  // namespace

extern "C" {

int32_t panrocks_wal_filter_create(const panrocks_wal_filter_spec *spec, panrocks_wal_filter **filter_out,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && filter_out != nullptr);
        PANROCKS_REQUIRE(error, spec->record_found != nullptr);
        register_factory();
        auto filter = std::make_unique<panrocks_wal_filter>();
        filter->spec = *spec;
        filter->spec.name = nullptr;
        filter->name = spec->name;
        filter->number = next_number.fetch_add(1);
        filter->id = kIdPrefix + std::to_string(filter->number);
        filter->object = std::make_unique<UpcallWalFilter>(filter.get());
        std::lock_guard<std::mutex> lock(registry_mutex);
        registry.emplace(filter->number, filter.get());
        *filter_out = filter.release();
        return PANROCKS_OK;
    });
}

size_t panrocks_wal_filter_id(const panrocks_wal_filter *filter, char *buffer, size_t capacity) {
    if (filter == nullptr) return 0;
    if (buffer != nullptr) std::memcpy(buffer, filter->id.data(), std::min(filter->id.size(), capacity));
    return filter->id.size();
}

int32_t panrocks_wal_filter_replace_batch(panrocks_wal_new_batch *new_batch, const char *data, size_t size,
                                          panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, new_batch != nullptr && new_batch->batch != nullptr);
        PANROCKS_REQUIRE(error, data != nullptr || size == 0);
        if (size < 12) return report(error, PANROCKS_CORRUPTION, "panrocks: a write batch has a 12-byte header");
        *new_batch->batch = rocksdb::WriteBatch(std::string(data, size));
        new_batch->replaced = true;
        return PANROCKS_OK;
    });
}

void panrocks_wal_filter_fail(panrocks_wal_filter *filter) {
    if (filter != nullptr) filter->fail();
}

uint64_t panrocks_wal_filter_failures(const panrocks_wal_filter *filter) {
    return filter != nullptr ? filter->failures.load(std::memory_order_relaxed) : 0;
}

uint64_t panrocks_wal_filter_records(const panrocks_wal_filter *filter) {
    return filter != nullptr ? filter->records.load(std::memory_order_relaxed) : 0;
}

int32_t panrocks_write_batch_data_wal_terminated(panrocks_db *db, uint32_t write_flags, const char *data, size_t size,
                                                 size_t wal_size, uint32_t wal_count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && db->db != nullptr && data != nullptr);
        if (size < 12 || wal_size < 12 || wal_size > size) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: a WAL termination point outside the batch");
        }
        uint32_t count = 0;
        for (int i = 0; i < 4; i++) count |= static_cast<uint32_t>(static_cast<unsigned char>(data[8 + i])) << (8 * i);
        if (wal_count > count) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: a WAL termination point past the batch's count");
        }
        // the part the WAL gets, marked; then the rest appended record by record
        rocksdb::WriteBatch batch(header(wal_count) + std::string(data + 12, wal_size - 12));
        batch.MarkWalTerminationPoint();
        rocksdb::WriteBatch rest(header(count - wal_count) + std::string(data + wal_size, size - wal_size));
        const auto families = panrocks::families_by_id(db);
        Appender appender(&batch, families);
        rocksdb::Status s = rest.Iterate(&appender);
        if (s.ok()) s = appender.status();
        if (!s.ok()) return report(error, s);
        if (int32_t rc = panrocks::refuse_batch_records(db, batch, write_flags, error)) return rc;
        return check(error, db->db->Write(panrocks::write_options(write_flags), &batch));
    });
}

void panrocks_wal_filter_destroy(panrocks_wal_filter *filter) {
    if (filter == nullptr) return;
    {
        std::lock_guard<std::mutex> lock(registry_mutex);
        registry.erase(filter->number);
    }
    delete filter;
}

}  // extern "C"
