/*
 * panrocks_read.h - reads of one key: read options, pins and the point
 * reads (copied, pinned, adaptive).
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_READ_H
#define PANROCKS_READ_H

/* ---- read options ------------------------------------------------------ */

#define PANROCKS_READ_TIER_ALL 0          /* memtable, block cache, files */
#define PANROCKS_READ_TIER_MEMORY_ONLY 1  /* memtable and block cache: never I/O */

/* The fields of rocksdb::ReadOptions that panrocks exposes. Zeroed memory is
 * not the default: start from panrocks_read_options_spec_init(). */
typedef struct panrocks_read_options_spec {
    const panrocks_snapshot *snapshot; /* NULL: latest state */
    panrocks_slice lower_bound;        /* inclusive; data NULL: none. Copied. */
    panrocks_slice upper_bound;        /* exclusive; data NULL: none. Copied. */
    uint64_t readahead_size;
    uint64_t deadline_micros;          /* 0: none (microseconds since epoch) */
    uint64_t io_timeout_micros;        /* 0: none */
    uint64_t max_skippable_internal_keys;
    int32_t read_tier;                 /* PANROCKS_READ_TIER_* */
    int32_t fill_cache;
    int32_t verify_checksums;
    int32_t total_order_seek;
    int32_t prefix_same_as_start;
    int32_t auto_prefix_mode;
    int32_t pin_data;
    int32_t tailing;
    int32_t ignore_range_deletions;
    int32_t async_io;
    /* Read timestamps (user-defined timestamps); NULL: none. Copied.
     * Defined in panrocks_timestamps.h. */
    const struct panrocks_read_timestamps *timestamps;
} panrocks_read_options_spec;

/* Fills spec with rocksdb::ReadOptions' defaults. */
void panrocks_read_options_spec_init(panrocks_read_options_spec *spec);

/* A native ReadOptions built from spec; owns copies of the bounds. */
int32_t panrocks_read_options_create(const panrocks_read_options_spec *spec,
                                     panrocks_read_options **out,
                                     panrocks_error *error);
void panrocks_read_options_destroy(panrocks_read_options *options);

/* ---- point reads ------------------------------------------------------- */

/* A pin holds a value in RocksDB's memory (a PinnableSlice). Reusing one
 * pin for many reads keeps its scratch memory, so steady-state reads do
 * not allocate. One thread at a time. */
int32_t panrocks_pin_create(panrocks_pin **pin_out, panrocks_error *error);
/* Releases what the pin holds; the pin stays reusable. */
void panrocks_pin_release(panrocks_pin *pin);
void panrocks_pin_destroy(panrocks_pin *pin);

/* Where a read left its value. */
typedef struct panrocks_value {
    const char *data;   /* the pinned bytes, when pinned = 1 */
    uint64_t size;      /* full size of the value */
    int32_t pinned;     /* 1: still held by the pin; 0: copied, pin released */
    int32_t reserved;
} panrocks_value;

/* Reads key and copies min(size, capacity) bytes of its value into buffer;
 * *value_size receives the full size. `scratch` is any idle pin, used for
 * the read and released before returning. */
int32_t panrocks_get_copy(panrocks_db *db, panrocks_cf *cf,
                          const panrocks_read_options *options,
                          panrocks_pin *scratch,
                          const char *key, size_t key_length,
                          char *buffer, size_t capacity,
                          uint64_t *value_size,
                          panrocks_error *error);

/* Reads key into pin and keeps it pinned: value->data points into
 * RocksDB's memory until the pin is released or reused. */
int32_t panrocks_get_pinned(panrocks_db *db, panrocks_cf *cf,
                            const panrocks_read_options *options,
                            panrocks_pin *pin,
                            const char *key, size_t key_length,
                            panrocks_value *value,
                            panrocks_error *error);

/* The adaptive read: one crossing that either copies or pins. When the
 * value's size is at most copy_threshold and fits in capacity, its bytes
 * are copied into buffer and the pin is released (value->pinned = 0);
 * otherwise the pin is kept and value->data points at it (pinned = 1). */
int32_t panrocks_get_adaptive(panrocks_db *db, panrocks_cf *cf,
                              const panrocks_read_options *options,
                              panrocks_pin *pin,
                              const char *key, size_t key_length,
                              char *buffer, size_t capacity,
                              uint64_t copy_threshold,
                              panrocks_value *value,
                              panrocks_error *error);

#endif /* PANROCKS_READ_H */
