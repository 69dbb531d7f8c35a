// User-defined timestamps: writes at a timestamp, reads as of one, the
// history iterator, and the full-history bound (panrocks_timestamps.h).
//
// Only RocksDB's U64Ts comparators are offered, so a timestamp is always 8
// bytes, encoded by EncodeU64Ts (little-endian fixed64) here: one crossing
// per call, and the Java side passes a plain long.
#include <cstring>

#include <rocksdb/comparator.h>
#include <rocksdb/version.h>
#include <rocksdb/write_batch.h>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::read_options;
using panrocks::report;

namespace {

constexpr size_t kU64TsSize = sizeof(uint64_t);
// Each internal key ends in the packed (sequence << 8 | type) fixed64.
constexpr size_t kInternalFooterSize = 8;

// The engine's ValueType values of a tombstone (db/dbformat.h: kTypeDeletion,
// kTypeSingleDeletion, kTypeDeletionWithTimestamp). Internal; stable because
// they are written in every WAL and SST file.
bool is_tombstone(unsigned char type) { return type == 0x0 || type == 0x7 || type == 0x14; }

// rocksdb::Slice over a timestamp encoded into buffer.
inline rocksdb::Slice encode(uint64_t timestamp, std::string *buffer) {
    return rocksdb::EncodeU64Ts(timestamp, buffer);
}

int32_t decode(const rocksdb::Slice &encoded, uint64_t *timestamp, panrocks_error *error) {
    if (encoded.size() != kU64TsSize) {
        return report(error, PANROCKS_INVALID_ARGUMENT,
                      "panrocks: the column family has no 64-bit user-defined timestamps");
    }
    return check(error, rocksdb::DecodeU64Ts(encoded, timestamp));
}

// An iterator with iter_start_ts: the engine's keys are internal keys (user
// key | timestamp | sequence and type). This one shows the user key, as a
// plain iterator does, and knows each entry's timestamp and kind.
class HistoryIterator final : public rocksdb::Iterator {
  public:
    HistoryIterator(std::unique_ptr<rocksdb::Iterator> raw, size_t timestamp_size)
        : raw_(std::move(raw)), timestamp_size_(timestamp_size) {}

    bool Valid() const override { return raw_->Valid() && well_formed(); }
    void SeekToFirst() override { raw_->SeekToFirst(); }
    void SeekToLast() override { raw_->SeekToLast(); }
    void Seek(const rocksdb::Slice &target) override { raw_->Seek(target); }
    void SeekForPrev(const rocksdb::Slice &target) override { raw_->SeekForPrev(target); }
    void Next() override { raw_->Next(); }
    void Prev() override { raw_->Prev(); }
    rocksdb::Slice key() const override {
        const rocksdb::Slice internal = raw_->key();
        return rocksdb::Slice(internal.data(), internal.size() - kInternalFooterSize - timestamp_size_);
    }
    rocksdb::Slice value() const override { return raw_->value(); }
    rocksdb::Slice timestamp() const override {
        const rocksdb::Slice internal = raw_->key();
        return rocksdb::Slice(internal.data() + internal.size() - kInternalFooterSize - timestamp_size_,
                              timestamp_size_);
    }
    bool deleted() const {
        const rocksdb::Slice internal = raw_->key();
        // the footer is little-endian: its first byte is the type
        return is_tombstone(static_cast<unsigned char>(internal[internal.size() - kInternalFooterSize]));
    }
    rocksdb::Status status() const override {
        if (raw_->Valid() && !well_formed()) {
            return rocksdb::Status::Corruption("panrocks: an internal key shorter than its footer and timestamp");
        }
        return raw_->status();
    }
    const rocksdb::WideColumns &columns() const override { return raw_->columns(); }
    rocksdb::Status GetProperty(std::string name, std::string *property) override {
        return raw_->GetProperty(std::move(name), property);
    }
#if ROCKSDB_MAJOR >= 8
    rocksdb::Status Refresh(const rocksdb::Snapshot *snapshot) override { return raw_->Refresh(snapshot); }
#endif
    rocksdb::Status Refresh() override { return raw_->Refresh(); }

  private:
    bool well_formed() const { return raw_->key().size() >= kInternalFooterSize + timestamp_size_; }

    std::unique_ptr<rocksdb::Iterator> raw_;
    const size_t timestamp_size_;
};

}  // namespace

namespace panrocks {

int32_t apply_read_timestamps(const panrocks_read_timestamps *timestamps, panrocks_read_options *o,
                              panrocks_error *error) {
    (void)error;
    if (timestamps == nullptr) return PANROCKS_OK;
    if (timestamps->has_timestamp) {
        o->timestamp_slice = encode(timestamps->timestamp, &o->timestamp);
        o->options.timestamp = &o->timestamp_slice;
    }
    if (timestamps->has_iter_start) {
        o->iter_start_slice = encode(timestamps->iter_start, &o->iter_start_ts);
        o->options.iter_start_ts = &o->iter_start_slice;
    }
    return PANROCKS_OK;
}

std::unique_ptr<rocksdb::Iterator> history_iterator(std::unique_ptr<rocksdb::Iterator> raw,
                                                    size_t timestamp_size) {
    return std::make_unique<HistoryIterator>(std::move(raw), timestamp_size);
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_timestamp_size(panrocks_db *db, panrocks_cf *cf, uint32_t *size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && size != nullptr);
        *size = static_cast<uint32_t>(family(db, cf)->GetComparator()->timestamp_size());
        return PANROCKS_OK;
    });
}

int32_t panrocks_put_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags, const char *key,
                        size_t key_length, uint64_t timestamp, const char *value, size_t value_length,
                        panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        std::string ts;
        return check(error, db->db->Put(panrocks::write_options(write_flags), family(db, cf),
                                        rocksdb::Slice(key, key_length), encode(timestamp, &ts),
                                        rocksdb::Slice(value, value_length)));
    });
}

int32_t panrocks_delete_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags, const char *key,
                           size_t key_length, uint64_t timestamp, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        std::string ts;
        return check(error, db->db->Delete(panrocks::write_options(write_flags), family(db, cf),
                                           rocksdb::Slice(key, key_length), encode(timestamp, &ts)));
    });
}

int32_t panrocks_single_delete_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags, const char *key,
                                  size_t key_length, uint64_t timestamp, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        std::string ts;
        return check(error, db->db->SingleDelete(panrocks::write_options(write_flags), family(db, cf),
                                                 rocksdb::Slice(key, key_length), encode(timestamp, &ts)));
    });
}

int32_t panrocks_delete_range_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags, const char *begin,
                                 size_t begin_length, const char *end, size_t end_length, uint64_t timestamp,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        std::string ts;
        return check(error, db->db->DeleteRange(panrocks::write_options(write_flags), family(db, cf),
                                                rocksdb::Slice(begin, begin_length),
                                                rocksdb::Slice(end, end_length), encode(timestamp, &ts)));
    });
}

int32_t panrocks_merge_at(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags, const char *key,
                          size_t key_length, uint64_t timestamp, const char *value, size_t value_length,
                          panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        if (int32_t rc = panrocks::refuse_merge(panrocks::family_or_default(db, cf), true, error)) return rc;
        std::string ts;
        return check(error, db->db->Merge(panrocks::write_options(write_flags), family(db, cf),
                                          rocksdb::Slice(key, key_length), encode(timestamp, &ts),
                                          rocksdb::Slice(value, value_length)));
    });
}

int32_t panrocks_get_with_timestamp(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                                    panrocks_pin *scratch, const char *key, size_t key_length, char *buffer,
                                    size_t capacity, uint64_t *value_size, uint64_t *timestamp,
                                    panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && scratch != nullptr && value_size != nullptr &&
                                    timestamp != nullptr);
        scratch->slice.Reset();
        std::string ts;  // 8 bytes: within the string's own storage, no allocation
        rocksdb::Status s = db->db->Get(read_options(options), family(db, cf), rocksdb::Slice(key, key_length),
                                        &scratch->slice, &ts);
        if (s.IsNotFound()) return static_cast<int32_t>(PANROCKS_NOT_FOUND);
        if (!s.ok()) return report(error, s);
        int32_t rc = decode(rocksdb::Slice(ts), timestamp, error);
        if (rc != PANROCKS_OK) {
            scratch->slice.Reset();
            return rc;
        }
        const size_t size = scratch->slice.size();
        *value_size = size;
        if (buffer != nullptr) std::memcpy(buffer, scratch->slice.data(), std::min(size, capacity));
        scratch->slice.Reset();
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

int32_t panrocks_iterator_timestamp(panrocks_iterator *iterator, uint64_t *timestamp, int32_t *deleted,
                                    panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && timestamp != nullptr && deleted != nullptr);
        if (iterator->ended) {
            return report(error, PANROCKS_ENDED,
                          "panrocks: the transaction or batch this iterator reads was committed, rolled back, "
                          "cleared or released");
        }
        if (iterator->failed || !iterator->it || !iterator->it->Valid()) {
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: the iterator is not on an entry");
        }
        // (no dynamic_cast: the engine is built without RTTI)
        *deleted = iterator->history && static_cast<const HistoryIterator *>(iterator->it.get())->deleted() ? 1 : 0;
        return decode(iterator->it->timestamp(), timestamp, error);
    });
}

int32_t panrocks_increase_full_history_ts_low(panrocks_db *db, panrocks_cf *cf, uint64_t timestamp,
                                              panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        std::string ts;
        encode(timestamp, &ts);
        return check(error, db->db->IncreaseFullHistoryTsLow(family(db, cf), ts));
    });
}

int32_t panrocks_get_full_history_ts_low(panrocks_db *db, panrocks_cf *cf, uint64_t *timestamp, int32_t *is_set,
                                         panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && timestamp != nullptr && is_set != nullptr);
        std::string ts;
        rocksdb::Status s = db->db->GetFullHistoryTsLow(family(db, cf), &ts);
        if (!s.ok()) return report(error, s);
        *timestamp = 0;
        *is_set = ts.empty() ? 0 : 1;
        if (ts.empty()) return static_cast<int32_t>(PANROCKS_OK);
        return decode(rocksdb::Slice(ts), timestamp, error);
    });
}

}  // extern "C"
