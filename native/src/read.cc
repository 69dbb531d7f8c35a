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

void panrocks_read_options_spec_init(panrocks_read_options_spec *spec) {
    if (spec == nullptr) return;
    const rocksdb::ReadOptions d;
    *spec = panrocks_read_options_spec{};
    spec->snapshot = nullptr;
    spec->readahead_size = d.readahead_size;
    spec->deadline_micros = static_cast<uint64_t>(d.deadline.count());
    spec->io_timeout_micros = static_cast<uint64_t>(d.io_timeout.count());
    spec->max_skippable_internal_keys = d.max_skippable_internal_keys;
    spec->read_tier = d.read_tier == rocksdb::kBlockCacheTier ? PANROCKS_READ_TIER_MEMORY_ONLY
                                                              : PANROCKS_READ_TIER_ALL;
    spec->fill_cache = d.fill_cache;
    spec->verify_checksums = d.verify_checksums;
    spec->total_order_seek = d.total_order_seek;
    spec->prefix_same_as_start = d.prefix_same_as_start;
    spec->auto_prefix_mode = d.auto_prefix_mode;
    spec->pin_data = d.pin_data;
    spec->tailing = d.tailing;
    spec->ignore_range_deletions = d.ignore_range_deletions;
    spec->async_io = d.async_io;
}

int32_t panrocks_read_options_create(const panrocks_read_options_spec *spec,
                                     panrocks_read_options **out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && out != nullptr);
        auto o = std::make_unique<panrocks_read_options>();
        int32_t rc = panrocks::build_read_options(spec, o.get(), error);
        if (rc != PANROCKS_OK) return rc;
        *out = o.release();
        return PANROCKS_OK;
    });
}

void panrocks_read_options_destroy(panrocks_read_options *options) { delete options; }

}  // extern "C"

namespace panrocks {

void set_read_bounds(panrocks_read_options *o, const char *lower, size_t lower_length, const char *upper,
                     size_t upper_length) {
    rocksdb::ReadOptions &r = o->options;
    r.iterate_lower_bound = nullptr;
    r.iterate_upper_bound = nullptr;
    if (lower != nullptr) {
        o->lower_bound.assign(lower, lower_length);
        o->lower_slice = rocksdb::Slice(o->lower_bound);
        r.iterate_lower_bound = &o->lower_slice;
    }
    if (upper != nullptr) {
        o->upper_bound.assign(upper, upper_length);
        o->upper_slice = rocksdb::Slice(o->upper_bound);
        r.iterate_upper_bound = &o->upper_slice;
    }
}

void copy_read_options(const panrocks_read_options &from, panrocks_read_options *o) {
    o->options = from.options;
    o->options.iterate_lower_bound = nullptr;
    o->options.iterate_upper_bound = nullptr;
    if (from.options.timestamp != nullptr) {
        o->timestamp = from.timestamp;
        o->timestamp_slice = rocksdb::Slice(o->timestamp);
        o->options.timestamp = &o->timestamp_slice;
    }
    if (from.options.iter_start_ts != nullptr) {
        o->iter_start_ts = from.iter_start_ts;
        o->iter_start_slice = rocksdb::Slice(o->iter_start_ts);
        o->options.iter_start_ts = &o->iter_start_slice;
    }
}

int32_t build_read_options(const panrocks_read_options_spec *spec, panrocks_read_options *o,
                           panrocks_error *error) {
    PANROCKS_REQUIRE(error, spec->read_tier == PANROCKS_READ_TIER_ALL ||
                                spec->read_tier == PANROCKS_READ_TIER_MEMORY_ONLY);
    rocksdb::ReadOptions &r = o->options;
    r.snapshot = spec->snapshot != nullptr ? spec->snapshot->snapshot : nullptr;
    set_read_bounds(o, spec->lower_bound.data, spec->lower_bound.size, spec->upper_bound.data,
                    spec->upper_bound.size);
    r.readahead_size = spec->readahead_size;
    r.deadline = std::chrono::microseconds(spec->deadline_micros);
    r.io_timeout = std::chrono::microseconds(spec->io_timeout_micros);
    r.max_skippable_internal_keys = spec->max_skippable_internal_keys;
    r.read_tier = spec->read_tier == PANROCKS_READ_TIER_MEMORY_ONLY ? rocksdb::kBlockCacheTier
                                                                    : rocksdb::kReadAllTier;
    r.fill_cache = spec->fill_cache != 0;
    r.verify_checksums = spec->verify_checksums != 0;
    r.total_order_seek = spec->total_order_seek != 0;
    r.prefix_same_as_start = spec->prefix_same_as_start != 0;
    r.auto_prefix_mode = spec->auto_prefix_mode != 0;
    r.pin_data = spec->pin_data != 0;
    r.tailing = spec->tailing != 0;
    r.ignore_range_deletions = spec->ignore_range_deletions != 0;
    r.async_io = spec->async_io != 0;
    return apply_read_timestamps(spec->timestamps, o, error);
}

}  // namespace panrocks
