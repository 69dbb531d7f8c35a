// Batched point reads and KeyMayExist.
#include <algorithm>

#include "internal.h"

using panrocks::family;
using panrocks::guarded;
using panrocks::read_options;
using panrocks::report;

namespace panrocks {

void multiget_entries(panrocks_multiget *scratch, size_t count, int32_t mode, char *buffer,
                      size_t capacity, panrocks_multiget_entry *entries, bool merges_refused) {
    size_t used = 0;
    bool stand_in_refused = false;
    for (size_t i = 0; i < count; i++) {
        rocksdb::Status &s = scratch->statuses[i];
        if (merges_refused && s.IsCorruption() && s.subcode() == rocksdb::Status::kMergeOperatorFailed) {
            s = merge_without_operator();  // the stand-in's refusal, named as report() names it
            stand_in_refused = true;
        }
        rocksdb::PinnableSlice &v = scratch->values[i];
        panrocks_multiget_entry &e = entries[i];
        e.subcode = static_cast<int32_t>(s.subcode());
        if (!s.ok()) {
            e.status = static_cast<int32_t>(s.code());
            e.data = nullptr;
            e.size = 0;
            continue;
        }
        e.status = PANROCKS_OK;
        e.size = v.size();
        if (mode == PANROCKS_MULTIGET_PIN) {
            e.data = v.data();
        } else if (buffer != nullptr && v.size() <= capacity - used) {
            std::memcpy(buffer + used, v.data(), v.size());
            e.data = buffer + used;
            used += v.size();
        } else {
            e.data = nullptr;
        }
    }
    if (mode == PANROCKS_MULTIGET_COPY) scratch->release();
    if (stand_in_refused) take_stand_in_refusal();  // named here, per entry: not for a later report()
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_multiget_create(panrocks_multiget **scratch_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, scratch_out != nullptr);
        *scratch_out = new panrocks_multiget();
        return PANROCKS_OK;
    });
}

void panrocks_multiget_release(panrocks_multiget *scratch) {
    if (scratch != nullptr) scratch->release();
}

void panrocks_multiget_destroy(panrocks_multiget *scratch) { delete scratch; }

int32_t panrocks_multi_get(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                           panrocks_multiget *scratch, size_t count, const panrocks_slice *keys,
                           int32_t mode, char *buffer, size_t capacity,
                           panrocks_multiget_entry *entries, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && scratch != nullptr);
        PANROCKS_REQUIRE(error, count == 0 || (keys != nullptr && entries != nullptr));
        PANROCKS_REQUIRE(error, mode == PANROCKS_MULTIGET_COPY || mode == PANROCKS_MULTIGET_PIN);
        scratch->take(count, keys);
        if (count == 0) return PANROCKS_OK;
        if (panrocks::is_ttl(db)) {
            // DBWithTTL strips its timestamps in Get; its batched MultiGet
            // did not before RocksDB 9, and returned values with the 4 bytes
            // of timestamp still on: one Get per key is right on every engine
            rocksdb::ColumnFamilyHandle *h = family(db, cf);
            for (size_t i = 0; i < count; i++) {
                scratch->statuses[i] = db->db->Get(read_options(options), h, scratch->keys[i], &scratch->values[i]);
            }
        } else {
            db->db->MultiGet(read_options(options), family(db, cf), count, scratch->keys.data(),
                             scratch->values.data(), scratch->statuses.data(), false);
        }
        panrocks::multiget_entries(scratch, count, mode, buffer, capacity, entries,
                                   panrocks::family_or_default(db, cf)->merges_refused);
        return PANROCKS_OK;
    });
}

int32_t panrocks_key_may_exist(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                               const char *key, size_t key_length, char *buffer, size_t capacity,
                               uint64_t *value_size, int32_t *value_found, int32_t *may_exist,
                               panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && may_exist != nullptr);
        // DB::KeyMayExist is a Get from memory and block cache only that
        // folds every status but Incomplete into "certainly absent": a read
        // timestamp the family cannot take (InvalidArgument) or a corrupt
        // block answered false for a key that exists. The same Get is made
        // here with its status kept: NotFound is absent, Incomplete (a block
        // not in the cache) may exist, any other error is reported as Get
        // reports it.
        rocksdb::ReadOptions memory_only = read_options(options);
        memory_only.read_tier = rocksdb::kBlockCacheTier;
        rocksdb::PinnableSlice value;
        rocksdb::Status s = db->db->Get(memory_only, family(db, cf), rocksdb::Slice(key, key_length), &value);
        bool found = s.ok();
        if (!found && !s.IsNotFound() && !s.IsIncomplete()) return report(error, s);
        *may_exist = found || s.IsIncomplete() ? 1 : 0;
        if (value_found != nullptr) *value_found = found ? 1 : 0;
        if (value_size != nullptr) *value_size = found ? value.size() : 0;
        if (found && buffer != nullptr) std::memcpy(buffer, value.data(), std::min(value.size(), capacity));
        return PANROCKS_OK;
    });
}

}  // extern "C"
