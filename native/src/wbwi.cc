// Indexed write batches (RocksDB's WriteBatchWithIndex): a batch that can be
// read by key and iterated, alone or on top of a DB, before it is written.
#include <algorithm>

#include <rocksdb/comparator.h>
#include <rocksdb/utilities/write_batch_with_index.h>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::read_options;
using panrocks::report;

struct panrocks_wbwi {
    rocksdb::WriteBatchWithIndex batch;
    // declared after the batch, so destroyed before it: iterators end first
    panrocks_iterator_source source;

    panrocks_wbwi(size_t reserved_bytes, bool overwrite_key)
        : batch(rocksdb::BytewiseComparator(), reserved_bytes, overwrite_key) {
        source.batch = &batch;
    }
};

namespace {

const rocksdb::DBOptions &default_db_options() {
    static const rocksdb::DBOptions options;
    return options;
}

}  // namespace

extern "C" {

int32_t panrocks_wbwi_create(size_t reserved_bytes, int32_t overwrite_key, panrocks_wbwi **wbwi_out,
                             panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, wbwi_out != nullptr);
        *wbwi_out = new panrocks_wbwi(reserved_bytes, overwrite_key != 0);
        return PANROCKS_OK;
    });
}

void panrocks_wbwi_destroy(panrocks_wbwi *wbwi) { delete wbwi; }

int32_t panrocks_wbwi_write(panrocks_wbwi *wbwi, panrocks_cf *cf, int32_t op, const char *key, size_t key_length,
                            const char *value, size_t value_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, wbwi != nullptr);
        rocksdb::WriteBatchWithIndex &b = wbwi->batch;
        const rocksdb::Slice k(key, key_length), v(value, value_length);
        rocksdb::ColumnFamilyHandle *h = cf != nullptr ? cf->handle : nullptr;
        rocksdb::Status s;
        switch (op) {
            case PANROCKS_WBWI_OP_PUT:
                s = h != nullptr ? b.Put(h, k, v) : b.Put(k, v);
                break;
            case PANROCKS_WBWI_OP_MERGE:
                s = h != nullptr ? b.Merge(h, k, v) : b.Merge(k, v);
                break;
            case PANROCKS_WBWI_OP_DELETE:
                s = h != nullptr ? b.Delete(h, k) : b.Delete(k);
                break;
            case PANROCKS_WBWI_OP_SINGLE_DELETE:
                s = h != nullptr ? b.SingleDelete(h, k) : b.SingleDelete(k);
                break;
            case PANROCKS_WBWI_OP_DELETE_RANGE:
                s = h != nullptr ? b.DeleteRange(h, k, v) : b.DeleteRange(k, v);
                break;
            case PANROCKS_WBWI_OP_LOG_DATA:
                s = b.PutLogData(v);
                break;
            default:
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown batch update");
        }
        return check(error, s);
    });
}

int32_t panrocks_wbwi_save_point(panrocks_wbwi *wbwi, int32_t action, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, wbwi != nullptr);
        switch (action) {
            case PANROCKS_SAVE_POINT_SET:
                wbwi->batch.SetSavePoint();
                return PANROCKS_OK;
            case PANROCKS_SAVE_POINT_ROLLBACK:
                wbwi->source.end_all();  // the index is rebuilt
                return check(error, wbwi->batch.RollbackToSavePoint());
            case PANROCKS_SAVE_POINT_POP:
                return check(error, wbwi->batch.PopSavePoint());
            default:
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown save point action");
        }
    });
}

int32_t panrocks_wbwi_clear(panrocks_wbwi *wbwi, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, wbwi != nullptr);
        wbwi->source.end_all();
        wbwi->batch.Clear();
        return PANROCKS_OK;
    });
}

uint32_t panrocks_wbwi_count(const panrocks_wbwi *wbwi) {
    return wbwi != nullptr ? const_cast<panrocks_wbwi *>(wbwi)->batch.GetWriteBatch()->Count() : 0;
}

size_t panrocks_wbwi_data(const panrocks_wbwi *wbwi, char *buffer, size_t capacity) {
    if (wbwi == nullptr) return 0;
    const std::string &data = const_cast<panrocks_wbwi *>(wbwi)->batch.GetWriteBatch()->Data();
    if (buffer != nullptr) std::memcpy(buffer, data.data(), std::min(data.size(), capacity));
    return data.size();
}

int32_t panrocks_wbwi_get_from_batch(panrocks_wbwi *wbwi, panrocks_db *db, panrocks_cf *cf, const char *key,
                                     size_t key_length, char *buffer, size_t capacity, uint64_t *value_size,
                                     panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, wbwi != nullptr && value_size != nullptr);
        PANROCKS_REQUIRE(error, db != nullptr || cf == nullptr);
        std::string value;
        // a family handle lets merges be resolved with the family's operator
        rocksdb::ColumnFamilyHandle *h = db != nullptr ? family(db, cf) : nullptr;
        rocksdb::Status s = wbwi->batch.GetFromBatch(h, default_db_options(), rocksdb::Slice(key, key_length), &value);
        if (s.IsNotFound()) return static_cast<int32_t>(PANROCKS_NOT_FOUND);
        if (!s.ok()) return report(error, s);
        *value_size = value.size();
        if (buffer != nullptr) std::memcpy(buffer, value.data(), std::min(value.size(), capacity));
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

int32_t panrocks_wbwi_get_from_batch_and_db(panrocks_wbwi *wbwi, panrocks_db *db, panrocks_cf *cf,
                                            const panrocks_read_options *options, panrocks_pin *pin,
                                            const char *key, size_t key_length, char *buffer, size_t capacity,
                                            uint64_t copy_threshold, panrocks_value *value, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, wbwi != nullptr && db != nullptr && pin != nullptr && value != nullptr);
        pin->slice.Reset();
        rocksdb::Status s = wbwi->batch.GetFromBatchAndDB(db->db, read_options(options), family(db, cf),
                                                          rocksdb::Slice(key, key_length), &pin->slice);
        if (s.IsNotFound()) return static_cast<int32_t>(PANROCKS_NOT_FOUND);
        if (!s.ok()) return report(error, s);
        panrocks::adaptive_result(pin, buffer, capacity, copy_threshold, value);
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

int32_t panrocks_wbwi_iterator_with_base(panrocks_wbwi *wbwi, panrocks_db *db, panrocks_cf *cf,
                                         panrocks_iterator *base, panrocks_iterator **iterator_out,
                                         panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, wbwi != nullptr && db != nullptr && base != nullptr && iterator_out != nullptr);
        if (base->source != nullptr || base->wrapped || base->ended || base->failed || !base->it) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: the base of an iterator over a batch must be a DB's iterator in good order");
        }
        auto merged = std::make_unique<panrocks_iterator>();
        wbwi->source.iterators.reserve(wbwi->source.iterators.size() + 1);
        // the batch's side reads the base's bounds: its read options move with it
        merged->it.reset(wbwi->batch.NewIteratorWithBase(family(db, cf), base->it.get(), &base->options.options));
        // from here on nothing throws: the new iterator owns the base
        base->it.release();
        merged->wrapped.reset(base);
        wbwi->source.attach(merged.get());
        *iterator_out = merged.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_wbwi_write_to_db(panrocks_db *db, uint32_t write_flags, panrocks_wbwi *wbwi,
                                  panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && wbwi != nullptr);
        return check(error, db->db->Write(panrocks::write_options(write_flags), wbwi->batch.GetWriteBatch()));
    });
}

}  // extern "C"
