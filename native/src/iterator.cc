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
                                     int32_t step_first, size_t max_entries, char *buffer,
                                     size_t capacity, panrocks_iter_entry *entries, size_t *count,
                                     panrocks_error *error) {
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
            if (n == max_entries || buffer == nullptr || need > capacity - used) {
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
