// Single-key writes.
#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::write_options;

extern "C" {

int32_t panrocks_put(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                     const char *key, size_t key_length, const char *value, size_t value_length,
                     panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->Put(write_options(write_flags), family(db, cf),
                                        rocksdb::Slice(key, key_length),
                                        rocksdb::Slice(value, value_length)));
    });
}

int32_t panrocks_delete(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                        const char *key, size_t key_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->Delete(write_options(write_flags), family(db, cf),
                                           rocksdb::Slice(key, key_length)));
    });
}

}  // extern "C"

extern "C" {

int32_t panrocks_single_delete(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                               const char *key, size_t key_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->SingleDelete(write_options(write_flags), family(db, cf),
                                                 rocksdb::Slice(key, key_length)));
    });
}

int32_t panrocks_delete_range(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                              const char *begin, size_t begin_length, const char *end,
                              size_t end_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->DeleteRange(write_options(write_flags), family(db, cf),
                                                rocksdb::Slice(begin, begin_length),
                                                rocksdb::Slice(end, end_length)));
    });
}

int32_t panrocks_merge(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags, const char *key,
                       size_t key_length, const char *value, size_t value_length,
                       panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        if (int32_t rc = panrocks::refuse_merge(panrocks::family_or_default(db, cf), false, error)) return rc;
        return check(error, db->db->Merge(write_options(write_flags), family(db, cf),
                                          rocksdb::Slice(key, key_length),
                                          rocksdb::Slice(value, value_length)));
    });
}

}  // extern "C"
