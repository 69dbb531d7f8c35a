// Iterators: every move reports the new position in the same crossing,
// and the bulk walk returns many entries per crossing.
#include <algorithm>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::report;

struct panrocks_iterator {
    panrocks_read_options options;  // outlives `it`: the bounds point into it
    std::unique_ptr<rocksdb::Iterator> it;
    // values returned while moving forward stay valid until destruction
    bool values_stable = false;
};

namespace {

inline void position(const rocksdb::Iterator &it, panrocks_iter_entry *entry) {
    if (entry == nullptr) return;
    if (it.Valid()) {
        rocksdb::Slice k = it.key(), v = it.value();
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
}

}  // namespace

extern "C" {

int32_t panrocks_iterator_create(panrocks_db *db, panrocks_cf *cf,
                                 const panrocks_read_options_spec *spec,
                                 panrocks_iterator **iterator_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && iterator_out != nullptr);
        auto iterator = std::make_unique<panrocks_iterator>();
        if (spec != nullptr) {
            int32_t rc = panrocks::build_read_options(spec, &iterator->options, error);
            if (rc != PANROCKS_OK) return rc;
        }
        iterator->it.reset(db->db->NewIterator(iterator->options.options, family(db, cf)));
        panrocks_cf *f = cf != nullptr ? cf : db->default_family;
        iterator->values_stable = iterator->options.options.pin_data && !f->has_merge_operator;
        *iterator_out = iterator.release();
        return PANROCKS_OK;
    });
}

void panrocks_iterator_destroy(panrocks_iterator *iterator) { delete iterator; }

void panrocks_iterator_seek_to_first(panrocks_iterator *iterator, panrocks_iter_entry *entry) {
    if (iterator == nullptr) return;
    iterator->it->SeekToFirst();
    position(*iterator->it, entry);
}

void panrocks_iterator_seek_to_last(panrocks_iterator *iterator, panrocks_iter_entry *entry) {
    if (iterator == nullptr) return;
    iterator->it->SeekToLast();
    position(*iterator->it, entry);
}

void panrocks_iterator_seek(panrocks_iterator *iterator, const char *target, size_t target_length,
                            panrocks_iter_entry *entry) {
    if (iterator == nullptr) return;
    iterator->it->Seek(rocksdb::Slice(target, target_length));
    position(*iterator->it, entry);
}

void panrocks_iterator_seek_for_prev(panrocks_iterator *iterator, const char *target,
                                     size_t target_length, panrocks_iter_entry *entry) {
    if (iterator == nullptr) return;
    iterator->it->SeekForPrev(rocksdb::Slice(target, target_length));
    position(*iterator->it, entry);
}

// Moving an invalid iterator is undefined in RocksDB; here it is a no-op.
void panrocks_iterator_next(panrocks_iterator *iterator, panrocks_iter_entry *entry) {
    if (iterator == nullptr) return;
    if (iterator->it->Valid()) iterator->it->Next();
    position(*iterator->it, entry);
}

void panrocks_iterator_prev(panrocks_iterator *iterator, panrocks_iter_entry *entry) {
    if (iterator == nullptr) return;
    if (iterator->it->Valid()) iterator->it->Prev();
    position(*iterator->it, entry);
}

int32_t panrocks_iterator_status(panrocks_iterator *iterator, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr);
        return check(error, iterator->it->status());
    });
}

int32_t panrocks_iterator_next_batch(panrocks_iterator *iterator, int32_t direction,
                                     int32_t step_first, size_t max_entries, size_t copy_limit,
                                     char *buffer, size_t capacity, panrocks_iter_entry *entries,
                                     size_t *count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && entries != nullptr && count != nullptr);
        PANROCKS_REQUIRE(error, direction == PANROCKS_FORWARD || direction == PANROCKS_BACKWARD);
        rocksdb::Iterator &it = *iterator->it;
        const bool forward = direction == PANROCKS_FORWARD;
        auto step = [&] { forward ? it.Next() : it.Prev(); };
        *count = 0;
        if (step_first && it.Valid()) step();
        size_t n = 0, used = 0;
        while (n < max_entries && it.Valid()) {
            rocksdb::Slice k = it.key(), v = it.value();
            const size_t need = k.size() + v.size();
            panrocks_iter_entry &e = entries[n++];
            e.valid = 1;
            if (n == max_entries || buffer == nullptr || need > copy_limit || need > capacity - used) {
                // the last entry stays where RocksDB holds it: no copy, and
                // the iterator stays on it so the pointers remain valid
                e.key = k.data();
                e.key_size = k.size();
                e.value = v.data();
                e.value_size = v.size();
                break;
            }
            std::memcpy(buffer + used, k.data(), k.size());
            std::memcpy(buffer + used + k.size(), v.data(), v.size());
            e.key = buffer + used;
            e.key_size = k.size();
            e.value = buffer + used + k.size();
            e.value_size = v.size();
            used += need;
            step();
        }
        *count = n;
        return check(error, it.status());
    });
}

}  // extern "C"

extern "C" {

int32_t panrocks_iterator_collect(panrocks_iterator *iterator, size_t max_entries, uint64_t max_bytes,
                                  size_t key_headroom, char *buffer, size_t capacity,
                                  panrocks_iter_entry *entries, size_t *count, uint64_t *bytes,
                                  panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && entries != nullptr && count != nullptr && bytes != nullptr);
        rocksdb::Iterator &it = *iterator->it;
        size_t n = 0, used = 0;
        uint64_t total = 0;
        while (n < max_entries && it.Valid()) {
            rocksdb::Slice k = it.key(), v = it.value();
            const uint64_t size = k.size() + v.size();
            if (n > 0 && total + size > max_bytes) break;
            // keys are delta-encoded in blocks, so not stable: always copied
            const size_t copied = key_headroom + k.size() + (iterator->values_stable ? 0 : v.size());
            if (buffer == nullptr || copied > capacity - used) {
                if (n > 0) break;
                *count = 0;
                *bytes = copied;
                return static_cast<int32_t>(PANROCKS_INCOMPLETE);
            }
            panrocks_iter_entry &e = entries[n];
            char *at = buffer + used + key_headroom;
            std::memcpy(at, k.data(), k.size());
            e.key = at;
            if (iterator->values_stable) {
                e.value = v.data();
            } else {
                std::memcpy(at + k.size(), v.data(), v.size());
                e.value = at + k.size();
            }
            used += copied;
            e.key_size = k.size();
            e.value_size = v.size();
            e.valid = 1;
            total += size;
            n++;
            it.Next();
        }
        *count = n;
        *bytes = total;
        return check(error, it.status());
    });
}

}  // extern "C"
