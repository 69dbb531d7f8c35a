/*
 * panrocks_multiget.h - batched reads (MultiGet) and KeyMayExist.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_MULTIGET_H
#define PANROCKS_MULTIGET_H

/* ---- batched reads ------------------------------------------------------ */

/* Scratch for MultiGet: key slices, PinnableSlices and statuses for up to
 * any number of keys (it grows). Reused, it allocates nothing in steady
 * state. One thread at a time. */
int32_t panrocks_multiget_create(panrocks_multiget **scratch_out, panrocks_error *error);
/* Releases the pins a pinned MultiGet kept; the scratch stays reusable. */
void panrocks_multiget_release(panrocks_multiget *scratch);
void panrocks_multiget_destroy(panrocks_multiget *scratch);

/* One key's outcome. */
typedef struct panrocks_multiget_entry {
    const char *data;   /* the value (copied or pinned); NULL if not found,
                           failed, or not copied for lack of room */
    uint64_t size;      /* full size of the value */
    int32_t status;     /* PANROCKS_OK, PANROCKS_NOT_FOUND or another code */
    int32_t subcode;
} panrocks_multiget_entry;

#define PANROCKS_MULTIGET_COPY 0  /* copy values into buffer, release pins */
#define PANROCKS_MULTIGET_PIN 1   /* keep pins until panrocks_multiget_release */

/* Reads count keys of one column family with RocksDB's batched MultiGet
 * (one crossing, one SuperVersion, batched block reads). In COPY mode the
 * values are packed into buffer back to back, as long as they fit; a value
 * that does not fit gets data = NULL with its full size, so the caller can
 * retry with a larger buffer. Per-key outcomes go to entries[0..count);
 * the function itself fails only on bad arguments. */
int32_t panrocks_multi_get(panrocks_db *db, panrocks_cf *cf,
                           const panrocks_read_options *options,
                           panrocks_multiget *scratch,
                           size_t count, const panrocks_slice *keys,
                           int32_t mode, char *buffer, size_t capacity,
                           panrocks_multiget_entry *entries,
                           panrocks_error *error);

/* RocksDB's KeyMayExist: *may_exist = 0 means the key is certainly absent;
 * 1 means it may exist. Memory only, no I/O. When the value happened to be
 * found in memory, *value_found = 1 and min(size, capacity) bytes of it are
 * copied into buffer (which may be NULL) with *value_size its full size.
 * Fails as a Get would where the engine's Get fails (a read timestamp the
 * family cannot take, corruption), never answering "absent" for it. */
int32_t panrocks_key_may_exist(panrocks_db *db, panrocks_cf *cf,
                               const panrocks_read_options *options,
                               const char *key, size_t key_length,
                               char *buffer, size_t capacity,
                               uint64_t *value_size, int32_t *value_found,
                               int32_t *may_exist, panrocks_error *error);

#endif /* PANROCKS_MULTIGET_H */
