// Iterators: every move reports the new position in the same crossing,
// and the bulk walk returns many entries per crossing.
#include <algorithm>
#include <cstdint>

#include <rocksdb/utilities/stackable_db.h>
#include <rocksdb/utilities/write_batch_with_index.h>
#include <rocksdb/version.h>
#include <rocksdb/wide_columns.h>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::report;

namespace {

using panrocks::inside;

// An iterator over a batch's updates copies the current key and value where
// they lie in the batch's buffer: the next update of the batch may move that
// buffer, and the caller's views must not follow it. On an entry of the batch
// (its key lies there) the columns are taken then too: they point into the
// same buffer. Out of line: rare, and kept out of the bulk walk's loop.
__attribute__((noinline)) void copy_out_of_batch(panrocks_iterator *iterator, rocksdb::Slice *k, rocksdb::Slice *v) {
    const std::string &buffer = iterator->source->batch->GetWriteBatch()->Data();
    const rocksdb::Slice original_value = *v;
    const bool in_batch = inside(buffer, *k);
    if (in_batch) {
        iterator->key_copy.assign(k->data(), k->size());
        *k = rocksdb::Slice(iterator->key_copy);
    }
    if (inside(buffer, *v)) {
        iterator->value_copy.assign(v->data(), v->size());
        *v = rocksdb::Slice(iterator->value_copy);
    }
    iterator->columns_copied = in_batch && panrocks::capture_batch_columns(iterator, buffer, original_value);
}

// The current key and value (copied out of a batch, see above); inlined into
// the bulk walk's loop, which reads them per entry.
inline __attribute__((always_inline)) void current(panrocks_iterator *iterator, rocksdb::Slice *k,
                                                   rocksdb::Slice *v) {
    rocksdb::Iterator &it = *iterator->it;
    *k = it.key();
    *v = it.value();
    if (iterator->source != nullptr) copy_out_of_batch(iterator, k, v);
}

inline void position(panrocks_iterator *iterator, panrocks_iter_entry *entry) {
    if (entry == nullptr) return;
    if (iterator->it->Valid()) {
        rocksdb::Slice k, v;
        current(iterator, &k, &v);
        entry->key = k.data();
        entry->key_size = k.size();
        entry->value = v.data();
        entry->value_size = v.size();
        entry->valid = 1;
    } else {
        entry->key = entry->value = nullptr;
        entry->key_size = entry->value_size = 0;
        entry->valid = 0;
    }
    entry->flags = 0;
}

// Whether the current value stays where it is until the iterator is
// destroyed, so that a walk may hand it out in place. Only with pin_data on a
// family without a merge operator or blob files in its options
// (values_stable); and where blob files exist all the same (check_each_value:
// a DB reopened without blob files in its options, or given them by
// SetOptions), only when the engine says so for this entry
// ("rocksdb.iterator.is-value-pinned": a value in a pinned block or the
// memtable): a value read from a blob file goes into a buffer the iterator
// reuses at its next step.
inline bool value_stays(panrocks_iterator *iterator) {
    if (!iterator->values_stable) return false;
    if (!iterator->check_each_value) return true;
    std::string pinned;  // "1" or "0": short, no allocation
    return iterator->it->GetProperty("rocksdb.iterator.is-value-pinned", &pinned).ok() && pinned == "1";
}

// An iterator that cannot be moved: failed inside the engine, or ended
// with its batch. 0 when it can.
inline int32_t unusable(panrocks_iterator *iterator, panrocks_error *error) {
    if (iterator->ended) {
        return report(error, PANROCKS_ENDED,
                      "panrocks: the transaction or batch this iterator reads was committed, rolled back, "
                      "cleared or released");
    }
    if (iterator->failed || !iterator->it) {
        return report(error, PANROCKS_INTERNAL_ERROR, "panrocks: the iterator failed earlier and cannot move");
    }
    return PANROCKS_OK;
}

// A move under the exception barrier; an iterator the engine threw in is
// never moved again.
template <typename Move>
int32_t guarded_move(panrocks_iterator *iterator, panrocks_iter_entry *entry, panrocks_error *error, Move &&step) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && entry != nullptr);
        if (int32_t rc = unusable(iterator, error)) return rc;
        iterator->failed = true;  // until the move returns normally
        step(*iterator->it);
        position(iterator, entry);
        iterator->failed = false;
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

// ---- TTL ----------------------------------------------------------------------

// DBWithTTL's own iterator strips the 4-byte timestamp from every value
// without looking: a value shorter than that (written before the DB had a
// TTL, or ingested from a file) comes out with a size of 2^64 - 3, and a
// timestamp older than the TTL feature is not questioned, where a point
// read answers Corruption for both. This one reads the DB under DBWithTTL
// and checks each entry it stands on as DBWithTTL's point reads do; on a
// bad one it stops, invalid, with that Corruption as its status (as any
// iterator stops on a damaged block). Only TTL DBs pay for the check.
class CheckedTtlIterator final : public rocksdb::Iterator {
  public:
    explicit CheckedTtlIterator(std::unique_ptr<rocksdb::Iterator> raw) : raw_(std::move(raw)) {
#if ROCKSDB_MAJOR >= 8
        columns_.emplace_back(rocksdb::kDefaultWideColumnName, rocksdb::Slice());
#endif
        check();
    }

    bool Valid() const override { return status_.ok() && raw_->Valid(); }
    void SeekToFirst() override {
        raw_->SeekToFirst();
        check();
    }
    void SeekToLast() override {
        raw_->SeekToLast();
        check();
    }
    void Seek(const rocksdb::Slice &target) override {
        raw_->Seek(target);
        check();
    }
    void SeekForPrev(const rocksdb::Slice &target) override {
        raw_->SeekForPrev(target);
        check();
    }
    // REQUIRES: Valid(), as for any iterator (so the raw one is valid too)
    void Next() override {
        raw_->Next();
        check();
    }
    void Prev() override {
        raw_->Prev();
        check();
    }
    rocksdb::Slice key() const override { return raw_->key(); }
    rocksdb::Slice value() const override { return value_; }
#if ROCKSDB_MAJOR >= 8
    // an iterator with base over a TTL DB asks for them: the value as its one column
    const rocksdb::WideColumns &columns() const override { return columns_; }
#endif
    rocksdb::Status status() const override { return status_.ok() ? raw_->status() : status_; }

  private:
    // DBWithTTLImpl::kTSLength and kMinTimestamp (05/09/2013), and the
    // messages of DBWithTTLImpl::SanityCheckTimestamp, which Get returns
    static constexpr size_t kTimestampLength = 4;
    static constexpr int32_t kMinTimestamp = 1368146402;

    void check() {
        status_ = rocksdb::Status::OK();
        value_ = rocksdb::Slice();
        if (!raw_->Valid()) return;
        const rocksdb::Slice stored = raw_->value();
        if (stored.size() < kTimestampLength) {
            status_ = rocksdb::Status::Corruption("Error: value's length less than timestamp's\n");
            return;
        }
        const auto *ts = reinterpret_cast<const unsigned char *>(stored.data() + stored.size() - kTimestampLength);
        const uint32_t bits = static_cast<uint32_t>(ts[0]) | static_cast<uint32_t>(ts[1]) << 8 |
                              static_cast<uint32_t>(ts[2]) << 16 | static_cast<uint32_t>(ts[3]) << 24;
        if (static_cast<int32_t>(bits) < kMinTimestamp) {
            status_ = rocksdb::Status::Corruption("Error: Timestamp < ttl feature release time!\n");
            return;
        }
        value_ = rocksdb::Slice(stored.data(), stored.size() - kTimestampLength);
#if ROCKSDB_MAJOR >= 8
        columns_[0] = rocksdb::WideColumn(rocksdb::kDefaultWideColumnName, value_);
#endif
    }

    std::unique_ptr<rocksdb::Iterator> raw_;
    rocksdb::Status status_;
    rocksdb::Slice value_;
#if ROCKSDB_MAJOR >= 8
    rocksdb::WideColumns columns_;
#endif
};

// The engine's iterator for iterator->options (filled in): a TTL DB's values
// checked and stripped, a history read shown as user keys.
void open_engine_iterator(panrocks_db *db, panrocks_cf *cf, panrocks_iterator *iterator) {
    iterator->ttl = panrocks::is_ttl(db);
    if (iterator->ttl) {
        // the DB under DBWithTTL, its values checked and stripped here
        rocksdb::DB *base = static_cast<rocksdb::StackableDB *>(db->db)->GetBaseDB();
        std::unique_ptr<rocksdb::Iterator> raw(base->NewIterator(iterator->options.options, family(db, cf)));
        iterator->it = std::make_unique<CheckedTtlIterator>(std::move(raw));
    } else {
        iterator->it.reset(db->db->NewIterator(iterator->options.options, family(db, cf)));
    }
    if (iterator->options.options.iter_start_ts != nullptr) {
        // every version, under internal keys: shown as user keys (timestamps.cc)
        const size_t ts_size = family(db, cf)->GetComparator()->timestamp_size();
        iterator->it = panrocks::history_iterator(std::move(iterator->it), ts_size);
        iterator->history = true;
    }
    panrocks_cf *f = cf != nullptr ? cf : db->default_family;
    iterator->values_stable = iterator->options.options.pin_data && !f->has_merge_operator;
    if (iterator->values_stable) {
        // blob files in any live version (the iterator's among them: it keeps its
        // version alive), left by another configuration or made since SetOptions
        // turned them on: ask per value
        uint64_t blob_bytes = 0;
        iterator->check_each_value =
            !db->db->GetIntProperty(f->handle, "rocksdb.total-blob-file-size", &blob_bytes) || blob_bytes > 0;
    }
}

// memcpy for the walk's copies, most of them keys and values of a few
// bytes: up to 32 bytes by two overlapping loads and stores each way, inline,
// where a call to the C library's memcpy, through the PLT and its size
// dispatch, cost more than the copy (about 10 instructions a call, two calls
// an entry); longer ones go to memcpy.
template <size_t Width>
inline void copy_ends(char *to, const char *from, size_t n) {  // Width <= n <= 2 * Width
    char head[Width], tail[Width];
    std::memcpy(head, from, Width);
    std::memcpy(tail, from + n - Width, Width);
    std::memcpy(to, head, Width);
    std::memcpy(to + n - Width, tail, Width);
}

inline void copy_bytes(char *to, const char *from, size_t n) {
    if (n > 32) {
        std::memcpy(to, from, n);
    } else if (n >= 16) {
        copy_ends<16>(to, from, n);
    } else if (n >= 8) {
        copy_ends<8>(to, from, n);
    } else if (n >= 4) {
        copy_ends<4>(to, from, n);
    } else {
        for (size_t i = 0; i < n; i++) to[i] = from[i];
    }
}

// The bulk walk (panrocks_iterator_next_batch) on a usable iterator:
// returns the number of entries filled.
// pinned_values_in_place: hand out a value that stays until the iterator is
// destroyed (value_stays) in place, marked PANROCKS_ENTRY_VALUE_STAYS, and
// copy only its key (a key is pinned only at a block's restart points). Only
// forward: going backward the engine's iterator copies values it assembles
// into a buffer it reuses, pin_data or not.
// past_last (PANROCKS_WALK_PAST_LAST): the last entry allowed is copied too
// when it may be, and the iterator steps past it; an entry that no longer fits
// in the buffer, after at least one that did, is left for the next walk (the
// iterator stands on it, unreported), so that the batch holds copies only.
size_t walk(panrocks_iterator *iterator, bool forward, bool step_first, size_t max_entries, size_t copy_limit,
            char *buffer, size_t capacity, panrocks_iter_entry *entries, bool pinned_values_in_place,
            bool past_last = false) {
    rocksdb::Iterator &it = *iterator->it;
    auto step = [&] { forward ? it.Next() : it.Prev(); };
    if (step_first && it.Valid()) step();
    const bool values_may_stay = pinned_values_in_place && forward && !iterator->history && iterator->values_stable;
    size_t n = 0, used = 0;
    while (n < max_entries && it.Valid()) {
        rocksdb::Slice k, v;
        current(iterator, &k, &v);
        const bool value_in_place = values_may_stay && value_stays(iterator);
        const size_t need = k.size() + (value_in_place ? 0 : v.size());
        if (need > capacity - used && past_last && n > 0 && need <= copy_limit) break;  // rare test first
        panrocks_iter_entry &e = entries[n++];
        e.valid = 1;
        e.flags = value_in_place ? PANROCKS_ENTRY_VALUE_STAYS : 0;
        if ((n == max_entries && !past_last) || buffer == nullptr || need > copy_limit || need > capacity - used) {
            // the last entry stays where RocksDB holds it: no copy, and
            // the iterator stays on it so the pointers remain valid
            e.key = k.data();
            e.key_size = k.size();
            e.value = v.data();
            e.value_size = v.size();
            break;
        }
        copy_bytes(buffer + used, k.data(), k.size());
        e.key = buffer + used;
        e.key_size = k.size();
        if (value_in_place) {
            e.value = v.data();
        } else {
            copy_bytes(buffer + used + k.size(), v.data(), v.size());
            e.value = buffer + used + k.size();
        }
        e.value_size = v.size();
        used += need;
        step();
    }
    return n;
}

}  // namespace

extern "C" {

int32_t panrocks_iterator_create(panrocks_db *db, panrocks_cf *cf,
                                 const panrocks_read_options_spec *spec,
                                 panrocks_iterator **iterator_out, panrocks_error *error) {
    return panrocks::create_iterator(db, cf, spec, nullptr, iterator_out, error);
}

}  // extern "C"

int32_t panrocks::create_iterator(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options_spec *spec,
                                  std::function<bool(const rocksdb::TableProperties &)> table_filter,
                                  panrocks_iterator **iterator_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && iterator_out != nullptr);
        auto iterator = std::make_unique<panrocks_iterator>();
        if (spec != nullptr) {
            int32_t rc = panrocks::build_read_options(spec, &iterator->options, error);
            if (rc != PANROCKS_OK) return rc;
        }
        iterator->options.options.table_filter = std::move(table_filter);
        open_engine_iterator(db, cf, iterator.get());
        *iterator_out = iterator.release();
        return PANROCKS_OK;
    });
}

extern "C" {

void panrocks_iterator_destroy(panrocks_iterator *iterator) { delete iterator; }

int32_t panrocks_iterator_seek_to_first(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                                        panrocks_error *error) {
    return guarded_move(iterator, entry, error, [](rocksdb::Iterator &it) { it.SeekToFirst(); });
}

int32_t panrocks_iterator_seek_to_last(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                                       panrocks_error *error) {
    return guarded_move(iterator, entry, error, [](rocksdb::Iterator &it) { it.SeekToLast(); });
}

int32_t panrocks_iterator_seek(panrocks_iterator *iterator, const char *target, size_t target_length,
                               panrocks_iter_entry *entry, panrocks_error *error) {
    return guarded_move(iterator, entry, error,
                        [&](rocksdb::Iterator &it) { it.Seek(rocksdb::Slice(target, target_length)); });
}

int32_t panrocks_iterator_seek_for_prev(panrocks_iterator *iterator, const char *target,
                                        size_t target_length, panrocks_iter_entry *entry,
                                        panrocks_error *error) {
    return guarded_move(iterator, entry, error,
                        [&](rocksdb::Iterator &it) { it.SeekForPrev(rocksdb::Slice(target, target_length)); });
}

// Moving an invalid iterator is undefined in RocksDB; here it is a no-op.
int32_t panrocks_iterator_next(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                               panrocks_error *error) {
    return guarded_move(iterator, entry, error, [](rocksdb::Iterator &it) {
        if (it.Valid()) it.Next();
    });
}

int32_t panrocks_iterator_prev(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                               panrocks_error *error) {
    return guarded_move(iterator, entry, error, [](rocksdb::Iterator &it) {
        if (it.Valid()) it.Prev();
    });
}

int32_t panrocks_iterator_status(panrocks_iterator *iterator, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr);
        if (iterator->ended || !iterator->it) return unusable(iterator, error);
        return check(error, iterator->it->status());
    });
}

int32_t panrocks_iterator_next_batch(panrocks_iterator *iterator, int32_t direction,
                                     int32_t step_first, size_t max_entries, size_t copy_limit,
                                     char *buffer, size_t capacity, panrocks_iter_entry *entries,
                                     size_t *count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && entries != nullptr && count != nullptr);
        const int32_t way = direction & ~PANROCKS_WALK_PAST_LAST;
        PANROCKS_REQUIRE(error, way == PANROCKS_FORWARD || way == PANROCKS_BACKWARD);
        if (int32_t rc = unusable(iterator, error)) return rc;
        iterator->failed = true;  // until the walk returns normally
        *count = 0;
        *count = walk(iterator, way == PANROCKS_FORWARD, step_first != 0, max_entries, copy_limit, buffer, capacity,
                      entries, true, (direction & PANROCKS_WALK_PAST_LAST) != 0);
        iterator->failed = false;
        return check(error, iterator->it->status());
    });
}

int32_t panrocks_iterator_walk_range(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                                     const char *lower, size_t lower_length, const char *upper,
                                     size_t upper_length, int32_t direction, size_t max_entries,
                                     size_t copy_limit, char *buffer, size_t capacity,
                                     panrocks_iter_entry *entries, size_t *count,
                                     panrocks_iterator **iterator_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && entries != nullptr && count != nullptr && iterator_out != nullptr);
        PANROCKS_REQUIRE(error, max_entries > 0);
        PANROCKS_REQUIRE(error, direction == PANROCKS_FORWARD || direction == PANROCKS_BACKWARD);
        *count = 0;
        *iterator_out = nullptr;
        // released by the unique_ptr on every way out but the one that hands it over
        auto iterator = std::make_unique<panrocks_iterator>();
        if (options != nullptr) panrocks::copy_read_options(*options, &iterator->options);
        panrocks::set_read_bounds(&iterator->options, lower, lower_length, upper, upper_length);
        open_engine_iterator(db, cf, iterator.get());
        const bool forward = direction == PANROCKS_FORWARD;
        forward ? iterator->it->SeekToFirst() : iterator->it->SeekToLast();
        // the iterator goes when the range ends: nothing may stay in place
        const size_t n =
            walk(iterator.get(), forward, false, max_entries, copy_limit, buffer, capacity, entries, false);
        if (int32_t rc = check(error, iterator->it->status())) return rc;
        *count = n;
        // at the end of the range every entry was copied: nothing needs the iterator any more
        if (iterator->it->Valid()) *iterator_out = iterator.release();
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

}  // extern "C"

extern "C" {

int32_t panrocks_iterator_collect(panrocks_iterator *iterator, size_t max_entries, uint64_t max_bytes,
                                  int32_t take_first, size_t key_headroom, char *buffer, size_t capacity,
                                  panrocks_iter_entry *entries, panrocks_collect_result *result,
                                  panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && entries != nullptr && result != nullptr);
        PANROCKS_REQUIRE(error, buffer != nullptr || capacity == 0);
        *result = panrocks_collect_result{};
        if (int32_t rc = unusable(iterator, error)) return rc;
        iterator->failed = true;  // until the walk returns normally
        rocksdb::Iterator &it = *iterator->it;
        size_t n = 0, used = 0;
        uint64_t total = 0;
        int32_t rc = PANROCKS_OK;
        while (n < max_entries && it.Valid()) {
            rocksdb::Slice k, v;
            current(iterator, &k, &v);
            const uint64_t size = k.size() + v.size();
            if ((n > 0 || !take_first) && total + size > max_bytes) break;
            // keys are delta-encoded in blocks, so not stable: always copied
            const bool in_place = value_stays(iterator);
            const size_t copied = key_headroom + k.size() + (in_place ? 0 : v.size());
            if (copied > capacity - used) {
                result->needed = copied;
                rc = PANROCKS_INCOMPLETE;
                break;
            }
            panrocks_iter_entry &e = entries[n];
            char *at = buffer + used + key_headroom;
            std::memcpy(at, k.data(), k.size());
            e.key = at;
            if (in_place) {
                e.value = v.data();
            } else {
                std::memcpy(at + k.size(), v.data(), v.size());
                e.value = at + k.size();
            }
            used += copied;
            e.key_size = k.size();
            e.value_size = v.size();
            e.valid = 1;
            e.flags = 0;
            total += size;
            n++;
            it.Next();
        }
        if (iterator->source != nullptr && it.Valid()) {
            // it stands on the next entry now: what lies in the batch is copied
            rocksdb::Slice k, v;
            current(iterator, &k, &v);
        }
        iterator->failed = false;
        result->count = n;
        result->bytes = total;
        result->used = used;
        if (!it.status().ok()) return report(error, it.status());
        return rc;
    });
}

}  // extern "C"

void panrocks_iterator_source::attach(panrocks_iterator *iterator) {
    iterators.push_back(iterator);
    iterator->source = this;
}

void panrocks_iterator_source::detach(panrocks_iterator *iterator) {
    for (size_t i = 0; i < iterators.size(); i++) {
        if (iterators[i] == iterator) {
            iterators[i] = iterators.back();
            iterators.pop_back();
            break;
        }
    }
    iterator->source = nullptr;
}

void panrocks_iterator_source::end_all() {
    for (panrocks_iterator *iterator : iterators) {
        iterator->ended = true;
        iterator->source = nullptr;
    }
    iterators.clear();
}
// ---- refresh ------------------------------------------------------------------

namespace {

// Refresh(const Snapshot*) exists from RocksDB 8.x on; older engines have
// only Refresh() (the latest state).
template <typename It>
auto refresh_at(It &it, const rocksdb::Snapshot *snapshot, int) -> decltype(it.Refresh(snapshot)) {
    return it.Refresh(snapshot);
}

template <typename It>
rocksdb::Status refresh_at(It &it, const rocksdb::Snapshot *snapshot, long) {
    if (snapshot != nullptr) {
        return rocksdb::Status::NotSupported("Iterator::Refresh(snapshot) needs RocksDB 8 or later");
    }
    return it.Refresh();
}

}  // namespace

extern "C" {

int32_t panrocks_iterator_refresh(panrocks_iterator *iterator, const panrocks_snapshot *snapshot,
                                  panrocks_iter_entry *entry, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && entry != nullptr);
        if (int32_t rc = unusable(iterator, error)) return rc;
        const rocksdb::Snapshot *s = snapshot != nullptr ? snapshot->snapshot : nullptr;
        iterator->failed = true;  // until the refresh returns normally
        rocksdb::Status status = refresh_at(*iterator->it, s, 0);
        iterator->failed = false;
        // stands on no entry until the next seek, whatever the engine left
        *entry = panrocks_iter_entry{};
        return check(error, status);
    });
}

}  // extern "C"
