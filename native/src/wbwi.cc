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

namespace {

// How every refusal of a mixed order starts (the Java side throws IllegalArgumentException for them).
constexpr const char *kOrderRefusal = "panrocks: this indexed batch ";

// The order in which the index keeps one column family's entries: fixed
// while the batch holds entries of the family or iterators over it.
struct FamilyOrder {
    const rocksdb::Comparator *comparator = nullptr;  // meaningful while fixed
    std::string name;                                 // its name, for messages (it may be gone)
    bool has_entries = false;                         // since the last clear
};

}  // namespace

// RocksDB's WriteBatchWithIndex orders each family's entries with the
// comparator of the first family handle an update names (it keeps a raw
// pointer to it, also across Clear()), and an update naming no family with
// the comparator the batch was made with (bytewise here). So that a batch
// never mixes two orders in one family, never walks a DB in another order
// than its own, and never calls a comparator that is gone:
//  - each family's order is fixed by its first update (or the iterator over
//    it that comes first), and every later update, read or iterator of that
//    family must agree (InvalidArgument otherwise, naming both orders);
//  - the batch keeps the Java comparators it orders with alive (RocksDB's
//    index points at them; the Java side also refuses the batch once their
//    DB is closed, since their upcalls end with the DB);
//  - clear() starts afresh: a new RocksDB batch, which forgets the old
//    family comparators.
struct panrocks_wbwi {
    // declared first, so released last: the index points into them
    std::vector<std::shared_ptr<void>> retained;
    const size_t reserved_bytes;
    const bool overwrite_key;
    rocksdb::WriteBatchWithIndex batch;
    // declared after the batch, so destroyed before it: iterators end first
    panrocks_iterator_source source;
    // by family ID
    std::vector<FamilyOrder> orders;
    // the comparator RocksDB's index uses for updates that name no family
    const rocksdb::Comparator *unnamed_default_order;
    // whether an update named a family handle since the last clear (RocksDB
    // then holds that family's comparator)
    bool named_families = false;

    panrocks_wbwi(size_t reserved, bool overwrite)
        : reserved_bytes(reserved),
          overwrite_key(overwrite),
          batch(rocksdb::BytewiseComparator(), reserved, overwrite),
          unnamed_default_order(rocksdb::BytewiseComparator()) {
        source.batch = &batch;
    }

    FamilyOrder &order(uint32_t family_id) {
        if (family_id >= orders.size()) orders.resize(static_cast<size_t>(family_id) + 1);
        return orders[family_id];
    }

    // Whether the family's order is fixed: entries of it, or iterators over it.
    bool fixed(uint32_t family_id) {
        if (family_id < orders.size() && orders[family_id].has_entries) return true;
        for (const panrocks_iterator *iterator : source.iterators) {
            if (iterator->source_family == family_id) return true;
        }
        return false;
    }

    // PANROCKS_OK when the family may be used in the order of `comparator`
    // (`what` uses it so); else InvalidArgument, naming both orders.
    int32_t agree(uint32_t family_id, const rocksdb::Comparator *comparator, const char *what, panrocks_error *error) {
        if (!fixed(family_id)) return PANROCKS_OK;
        const FamilyOrder &o = orders[family_id];
        if (o.comparator == comparator) return PANROCKS_OK;
        std::string message = std::string(kOrderRefusal) + "keeps column family " + std::to_string(family_id) +
                              (family_id == 0 ? " (the default one)" : "") + " in the order of '" + o.name +
                              "', but " + what + " orders it by '" + comparator->Name() + "'";
        if (family_id == 0) {
            message +=
                "; updates naming no column family are indexed bytewise until one names the default "
                "family's handle, and then in its order";
        }
        message += "; clear() the batch to start afresh";
        return report(error, PANROCKS_INVALID_ARGUMENT, 0, 0, message.data(), message.size());
    }

    // The family's order becomes (or stays) `comparator`.
    void fix(uint32_t family_id, const rocksdb::Comparator *comparator) {
        FamilyOrder &o = order(family_id);
        if (o.comparator != comparator || o.name.empty()) {
            o.comparator = comparator;
            o.name = comparator->Name();
        }
    }

    // Keeps a Java comparator alive with the batch (once).
    void retain(const rocksdb::Comparator *comparator) {
        std::shared_ptr<void> owner = panrocks::retain_comparator(comparator);
        if (owner == nullptr) return;
        for (const auto &kept : retained) {
            if (kept == owner) return;
        }
        retained.push_back(std::move(owner));
    }

    void reset() {
        source.end_all();
        if (named_families) {
            // RocksDB's Clear() keeps the family comparators: a new batch forgets them
            batch = rocksdb::WriteBatchWithIndex(rocksdb::BytewiseComparator(), reserved_bytes, overwrite_key);
        } else {
            batch.Clear();
        }
        orders.clear();
        unnamed_default_order = rocksdb::BytewiseComparator();
        named_families = false;
        retained.clear();
    }
};

namespace {

const rocksdb::DBOptions &default_db_options() {
    static const rocksdb::DBOptions options;
    return options;
}

// The family a read or iterator names must be in the order the batch holds it in.
int32_t check_read(panrocks_wbwi *wbwi, rocksdb::ColumnFamilyHandle *h, panrocks_error *error) {
    if (h == nullptr) return PANROCKS_OK;
    return wbwi->agree(h->GetID(), h->GetComparator(), "the DB read", error);
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
        const bool indexed = op != PANROCKS_WBWI_OP_LOG_DATA;
        // the order the update is indexed in: the family's, or for an update
        // naming none, the one RocksDB's index has for the default family
        const uint32_t family_id = h != nullptr ? h->GetID() : 0;
        const rocksdb::Comparator *order = h != nullptr ? h->GetComparator() : wbwi->unnamed_default_order;
        if (indexed) {
            const FamilyOrder *known = family_id < wbwi->orders.size() ? &wbwi->orders[family_id] : nullptr;
            if (known == nullptr || !known->has_entries || known->comparator != order) {
                int32_t rc = wbwi->agree(family_id, order,
                                         h != nullptr ? "the family named" : "an update naming no column family", error);
                if (rc != PANROCKS_OK) return rc;
                if (h != nullptr) wbwi->retain(order);
            }
        }
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
        if (!s.ok()) return report(error, s);
        if (indexed) {
            wbwi->fix(family_id, order);
            wbwi->orders[family_id].has_entries = true;
            if (h != nullptr) {
                wbwi->named_families = true;
                // RocksDB now indexes the family with its handle's comparator,
                // updates naming no family included when it is the default one
                if (family_id == 0) wbwi->unnamed_default_order = order;
            }
        }
        return static_cast<int32_t>(PANROCKS_OK);
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
        wbwi->reset();
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
        if (int32_t rc = check_read(wbwi, h, error)) return rc;
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
        if (int32_t rc = check_read(wbwi, family(db, cf), error)) return rc;
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
        if (base->source != nullptr || base->wrapped || base->ended || base->failed || !base->it || base->history) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: the base of an iterator over a batch must be a DB's iterator in good order "
                          "(and not one showing history)");
        }
        rocksdb::ColumnFamilyHandle *h = family(db, cf);
        // it merges the batch's entries in the family's order: the batch must hold them in it,
        // and keeps to it while the iterator lives
        if (int32_t rc = wbwi->agree(h->GetID(), h->GetComparator(), "the DB iterated", error)) return rc;
        auto merged = std::make_unique<panrocks_iterator>();
        wbwi->source.iterators.reserve(wbwi->source.iterators.size() + 1);
        wbwi->fix(h->GetID(), h->GetComparator());
        // the batch's side reads the base's bounds: its read options move with it
        merged->it.reset(wbwi->batch.NewIteratorWithBase(h, base->it.get(), &base->options.options));
        // from here on nothing throws: the new iterator owns the base
        base->it.release();
        merged->ttl = base->ttl;
        merged->source_family = h->GetID();
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
        rocksdb::WriteBatch *batch = wbwi->batch.GetWriteBatch();
        if (int32_t rc = panrocks::refuse_batch_records(db, *batch, 0, error)) return rc;
        return check(error, db->db->Write(panrocks::write_options(write_flags), batch));
    });
}

}  // extern "C"
