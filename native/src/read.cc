// Point reads: copy, pin, and the adaptive choice between them.
//
// All three go through a caller-supplied PinnableSlice. RocksDB then hands
// out block-cache blocks without copying, and a reused PinnableSlice keeps
// its self_space_ string's capacity for memtable values, so a steady
// stream of reads performs no malloc here.
#include <algorithm>

#include "internal.h"

using panrocks::family;
using panrocks::guarded;
using panrocks::read_options;
using panrocks::report;

namespace {

// Get into pin. A miss is an answer, so it carries no message.
inline int32_t read_pinned(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                           panrocks_pin *pin, const char *key, size_t key_length,
                           panrocks_error *error) {
    pin->slice.Reset();
    rocksdb::Status s = db->db->Get(read_options(options), family(db, cf),
                                    rocksdb::Slice(key, key_length), &pin->slice);
    if (s.ok()) return PANROCKS_OK;
    if (s.IsNotFound()) return PANROCKS_NOT_FOUND;
    return report(error, s);
}

}  // namespace

namespace panrocks {

void adaptive_result(panrocks_pin *pin, char *buffer, size_t capacity, uint64_t copy_threshold,
                     panrocks_value *value) {
    const size_t size = pin->slice.size();
    value->size = size;
    if (size <= copy_threshold && size <= capacity && buffer != nullptr) {
        std::memcpy(buffer, pin->slice.data(), size);
        pin->slice.Reset();
        value->data = buffer;
        value->pinned = 0;
    } else {
        value->data = pin->slice.data();
        value->pinned = 1;
    }
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_pin_create(panrocks_pin **pin_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, pin_out != nullptr);
        *pin_out = new panrocks_pin();
        return PANROCKS_OK;
    });
}

void panrocks_pin_release(panrocks_pin *pin) {
    if (pin != nullptr) pin->slice.Reset();
}

void panrocks_pin_destroy(panrocks_pin *pin) { delete pin; }

int32_t panrocks_get_copy(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                          panrocks_pin *scratch, const char *key, size_t key_length,
                          char *buffer, size_t capacity, uint64_t *value_size,
                          panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && scratch != nullptr && value_size != nullptr);
        int32_t rc = read_pinned(db, cf, options, scratch, key, key_length, error);
        if (rc != PANROCKS_OK) return rc;
        const size_t size = scratch->slice.size();
        *value_size = size;
        if (buffer != nullptr) std::memcpy(buffer, scratch->slice.data(), std::min(size, capacity));
        scratch->slice.Reset();
        return PANROCKS_OK;
    });
}

int32_t panrocks_get_pinned(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                            panrocks_pin *pin, const char *key, size_t key_length,
                            panrocks_value *value, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && pin != nullptr && value != nullptr);
        int32_t rc = read_pinned(db, cf, options, pin, key, key_length, error);
        if (rc != PANROCKS_OK) return rc;
        value->data = pin->slice.data();
        value->size = pin->slice.size();
        value->pinned = 1;
        return PANROCKS_OK;
    });
}

int32_t panrocks_get_adaptive(panrocks_db *db, panrocks_cf *cf,
                              const panrocks_read_options *options, panrocks_pin *pin,
                              const char *key, size_t key_length, char *buffer, size_t capacity,
                              uint64_t copy_threshold, panrocks_value *value,
                              panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && pin != nullptr && value != nullptr);
        int32_t rc = read_pinned(db, cf, options, pin, key, key_length, error);
        if (rc != PANROCKS_OK) return rc;
        panrocks::adaptive_result(pin, buffer, capacity, copy_threshold, value);
        return PANROCKS_OK;
    });
}

}  // extern "C"
