/*
 * panrocks.h - the C ABI between the JVM and the RocksDB C++ engine.
 *
 * Conventions (docs/architecture.md explains them at length):
 *
 *  - Plain C99: opaque handles, POD structs, fixed-width integers. No C++
 *    type and no C++ exception ever crosses this boundary.
 *  - Every fallible function returns an int32_t status: PANROCKS_OK (0), or
 *    a RocksDB status code (rocksdb::Status::Code, values 1..15), or a
 *    panrocks code (>= 100). On failure it fills the caller's error record
 *    (code, subcode, severity, message); on success the record is untouched.
 *    The record is caller-owned storage, so reporting an error allocates
 *    nothing and can leak nothing.
 *  - Point lookups report a missing key as PANROCKS_NOT_FOUND without
 *    writing a message: a miss is an answer, not an error.
 *  - Each handle has one owner and one release function. A NULL handle is
 *    tolerated by every release function. A NULL column family means the
 *    default column family; NULL read/write options mean RocksDB's defaults.
 *  - Functions that read into caller memory never write past the capacity
 *    they are given and always report the value's full size, so a caller
 *    can grow its buffer and retry.
 *  - Thread safety follows RocksDB: a DB handle may be used from many
 *    threads at once; pins, multiget scratch, iterators and write batches
 *    belong to one thread at a time.
 */
#ifndef PANROCKS_H
#define PANROCKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped on every change to a signature or struct layout in this file. */
#define PANROCKS_ABI_VERSION 15

/* ---- status codes ------------------------------------------------------ */

#define PANROCKS_OK 0
/* 1..15 mirror rocksdb::Status::Code */
#define PANROCKS_NOT_FOUND 1
#define PANROCKS_CORRUPTION 2
#define PANROCKS_NOT_SUPPORTED 3
#define PANROCKS_INVALID_ARGUMENT 4
#define PANROCKS_IO_ERROR 5
#define PANROCKS_MERGE_IN_PROGRESS 6
#define PANROCKS_INCOMPLETE 7
#define PANROCKS_SHUTDOWN_IN_PROGRESS 8
#define PANROCKS_TIMED_OUT 9
#define PANROCKS_ABORTED 10
#define PANROCKS_BUSY 11
#define PANROCKS_EXPIRED 12
#define PANROCKS_TRY_AGAIN 13
#define PANROCKS_COMPACTION_TOO_DEEP 14
#define PANROCKS_COLUMN_FAMILY_DROPPED 15
/* panrocks' own codes: failures of the stub layer itself */
#define PANROCKS_OUT_OF_MEMORY 100
#define PANROCKS_INTERNAL_ERROR 101

/* Capacity of the message in an error record, terminating NUL included. */
#define PANROCKS_MESSAGE_CAPACITY 1024

/* What went wrong, as RocksDB said it. Caller-owned; filled on failure. */
typedef struct panrocks_error {
    int32_t code;              /* a status code above */
    int32_t subcode;           /* rocksdb::Status::SubCode */
    int32_t severity;          /* rocksdb::Status::Severity */
    uint32_t message_length;   /* full length, may exceed the capacity */
    char message[PANROCKS_MESSAGE_CAPACITY]; /* NUL-terminated, truncated */
} panrocks_error;

/* A borrowed byte range. */
typedef struct panrocks_slice {
    const char *data;
    size_t size;
} panrocks_slice;

/* ---- opaque handles ---------------------------------------------------- */

typedef struct panrocks_db panrocks_db;
typedef struct panrocks_cf panrocks_cf;                     /* owned by its DB */
typedef struct panrocks_cache panrocks_cache;
typedef struct panrocks_read_options panrocks_read_options;
typedef struct panrocks_pin panrocks_pin;                   /* a PinnableSlice */
typedef struct panrocks_multiget panrocks_multiget;         /* MultiGet scratch */

/* ---- library ----------------------------------------------------------- */

/* PANROCKS_ABI_VERSION of the compiled library. */
uint32_t panrocks_abi_version(void);

/* Version of the RocksDB engine linked at run time, "major.minor.patch".
 * Static storage; never freed. */
const char *panrocks_engine_version(void);

/* ---- option defaults -------------------------------------------------- */

#define PANROCKS_OPTIONS_DB 0
#define PANROCKS_OPTIONS_COLUMN_FAMILY 1
#define PANROCKS_OPTIONS_BLOCK_BASED_TABLE 2

/* The engine's default DBOptions, ColumnFamilyOptions or
 * BlockBasedTableOptions as an option string ("name=value;..."), as
 * rocksdb::GetStringFromDBOptions & co. write them. Copies
 * min(size, capacity) bytes and reports the full size. */
int32_t panrocks_default_options(int32_t kind, char *buffer, size_t capacity, uint64_t *size,
                                 panrocks_error *error);

/* ---- open / close ------------------------------------------------------ */

#define PANROCKS_OPEN_READ_WRITE 0
#define PANROCKS_OPEN_READ_ONLY 1
/* Open modes of feature areas take values of their own (16 and up here),
 * so that modes added on parallel branches cannot collide silently. */
#define PANROCKS_OPEN_TTL 16            /* DBWithTTL, read-write: ttls */
#define PANROCKS_OPEN_TTL_READ_ONLY 17  /* DBWithTTL over a read-only DB: ttls */
#define PANROCKS_OPEN_SECONDARY 18      /* a secondary instance: secondary_path */

/* One column family to open. The option strings use RocksDB's own option
 * string syntax (rocksdb/convenience.h), e.g. "write_buffer_size=4194304". */
typedef struct panrocks_cf_descriptor {
    const char *name;            /* "default" for the default family */
    const char *options;         /* ColumnFamilyOptions string; NULL: defaults */
    const char *table_options;   /* BlockBasedTableOptions string; NULL: defaults */
    panrocks_cache *block_cache; /* NULL: RocksDB's default cache */
    /* cf_paths (panrocks_members.h): where the family's SST files go; 0/NULL: the DB's paths */
    size_t cf_path_count;
    const struct panrocks_db_path *cf_paths;
    /* compaction_thread_limiter (panrocks_ops.h): shared by the families
     * given it, which take their own reference; NULL: none */
    struct panrocks_task_limiter *compaction_thread_limiter;
    /* BlockBasedTableOptions::cache_usage_options: for each
     * rocksdb::CacheEntryRole r, bits 2r..2r+1 of cache_charging say whether
     * the memory of that role is charged to the block cache
     * (CacheEntryRoleOptions::charged): PANROCKS_CHARGE_FALLBACK (the
     * engine's default), _ENABLED or _DISABLED. 0: every role as the engine
     * decides. The engine refuses a decision for a role it cannot charge. */
    uint32_t cache_charging;
    int32_t reserved_charging;
} panrocks_cf_descriptor;

#define PANROCKS_CHARGE_FALLBACK 0
#define PANROCKS_CHARGE_ENABLED 1
#define PANROCKS_CHARGE_DISABLED 2

typedef struct panrocks_open_request {
    const char *path;
    const char *db_options;      /* DBOptions string; NULL: defaults */
    int32_t mode;                /* PANROCKS_OPEN_* */
    int32_t error_if_wal_file_exists; /* read-only mode only */
    int32_t enable_statistics;   /* create a Statistics object for the DB */
    int32_t reserved;
    size_t cf_count;             /* 0: the default family only */
    const panrocks_cf_descriptor *cfs;
    /* PANROCKS_OPEN_SECONDARY: where the secondary keeps its own files (info
     * log); path is the primary's directory. NULL otherwise. */
    const char *secondary_path;
    /* PANROCKS_OPEN_TTL*: time to live in seconds of each family in cfs
     * (max(cf_count, 1) entries; <= 0: forever). NULL: forever for all. */
    const int32_t *ttls;
    /* Shared objects (statistics, write buffer manager, rate limiter, SST
     * file manager, row cache, environment) the DB takes a reference to;
     * NULL: none.
     * Defined in panrocks_resources.h. */
    const struct panrocks_open_resources *resources;
    /* db_paths (panrocks_members.h): where SST files go, each up to its
     * target size; 0/NULL: the DB's directory */
    size_t db_path_count;
    const struct panrocks_db_path *db_paths;
} panrocks_open_request;

/* Opens a DB. On success *db_out is set and, when cf_count > 0,
 * cf_handles_out[i] receives the handle of cfs[i] (owned by the DB). */
int32_t panrocks_open(const panrocks_open_request *request,
                      panrocks_db **db_out,
                      panrocks_cf **cf_handles_out,
                      panrocks_error *error);

/* Closes the DB and frees it and all its column family handles, even when
 * RocksDB reports an error while closing (which is then returned). Every
 * pin, iterator and snapshot of the DB must have been released before. */
int32_t panrocks_close(panrocks_db *db, panrocks_error *error);

/* The default column family of an open DB. */
panrocks_cf *panrocks_default_cf(panrocks_db *db);

/* ---- read options ------------------------------------------------------ */

typedef struct panrocks_snapshot panrocks_snapshot;          /* owned by its DB */

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

/* ---- snapshots --------------------------------------------------------- */

/* A consistent read view of the DB as of now. Released by
 * panrocks_snapshot_release, which must happen before the DB closes and
 * after every read options object that names it is no longer used. */
int32_t panrocks_snapshot_create(panrocks_db *db, panrocks_snapshot **snapshot_out,
                                 panrocks_error *error);
uint64_t panrocks_snapshot_sequence(const panrocks_snapshot *snapshot);
void panrocks_snapshot_release(panrocks_db *db, panrocks_snapshot *snapshot);

/* ---- write options ----------------------------------------------------- */

/* rocksdb::WriteOptions as bit flags, passed by value: writes need no
 * options object at all. 0 means RocksDB's defaults. */
#define PANROCKS_WRITE_SYNC 1u
#define PANROCKS_WRITE_DISABLE_WAL 2u
#define PANROCKS_WRITE_NO_SLOWDOWN 4u
#define PANROCKS_WRITE_LOW_PRI 8u
#define PANROCKS_WRITE_IGNORE_MISSING_COLUMN_FAMILIES 16u

/* ---- writes ------------------------------------------------------------ */

int32_t panrocks_put(panrocks_db *db, panrocks_cf *cf,
                     uint32_t write_flags,
                     const char *key, size_t key_length,
                     const char *value, size_t value_length,
                     panrocks_error *error);

int32_t panrocks_delete(panrocks_db *db, panrocks_cf *cf,
                        uint32_t write_flags,
                        const char *key, size_t key_length,
                        panrocks_error *error);

int32_t panrocks_single_delete(panrocks_db *db, panrocks_cf *cf,
                               uint32_t write_flags,
                               const char *key, size_t key_length,
                               panrocks_error *error);

/* Deletes the keys in [begin, end). */
int32_t panrocks_delete_range(panrocks_db *db, panrocks_cf *cf,
                              uint32_t write_flags,
                              const char *begin, size_t begin_length,
                              const char *end, size_t end_length,
                              panrocks_error *error);

/* Merges value into key with the family's merge operator. */
int32_t panrocks_merge(panrocks_db *db, panrocks_cf *cf,
                       uint32_t write_flags,
                       const char *key, size_t key_length,
                       const char *value, size_t value_length,
                       panrocks_error *error);

/* ---- write batches ------------------------------------------------------ */

/* Applies a write batch atomically. `data` is the batch in RocksDB's
 * serialized form, the one WriteBatch::Data() returns and the WAL stores:
 *
 *   header  := sequence: fixed64 (ignored, 0) | count: fixed32
 *   record  := kTypeValue(0x1) varstring varstring
 *            | kTypeDeletion(0x0) varstring
 *            | kTypeSingleDeletion(0x7) varstring
 *            | kTypeRangeDeletion(0xF) varstring varstring
 *            | kTypeMerge(0x2) varstring varstring
 *            | kTypeColumnFamilyValue(0x5) varint32 varstring varstring
 *            | kTypeColumnFamilyDeletion(0x4) varint32 varstring
 *            | kTypeColumnFamilySingleDeletion(0x8) varint32 varstring
 *            | kTypeColumnFamilyRangeDeletion(0xE) varint32 varstring varstring
 *            | kTypeColumnFamilyMerge(0x6) varint32 varstring varstring
 *   varstring := length: varint32 | bytes
 *
 * (fixed-width integers little-endian; the varint32 before a record names
 * the column family by ID). The caller builds it without crossing the
 * boundary per update; RocksDB parses it, and a malformed batch fails with
 * PANROCKS_CORRUPTION before anything is applied. */
int32_t panrocks_write_batch_data(panrocks_db *db, uint32_t write_flags,
                                  const char *data, size_t size,
                                  panrocks_error *error);

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

/* ---- iterators --------------------------------------------------------- */

/* An iterator over one column family. It owns a copy of its read options
 * (bounds included), so the spec may be freed after create. One thread at
 * a time; release before the DB closes. */
typedef struct panrocks_iterator panrocks_iterator;

/* Where an iterator stands after a move: key and value point into
 * RocksDB's memory and stay valid until the next move or destroy. */
typedef struct panrocks_iter_entry {
    const char *key;
    uint64_t key_size;
    const char *value;
    uint64_t value_size;
    int32_t valid;       /* 0: past either end, or failed (see status) */
    int32_t reserved;
} panrocks_iter_entry;

int32_t panrocks_iterator_create(panrocks_db *db, panrocks_cf *cf,
                                 const panrocks_read_options_spec *spec,
                                 panrocks_iterator **iterator_out,
                                 panrocks_error *error);
void panrocks_iterator_destroy(panrocks_iterator *iterator);

/* Each move fills *entry with the new position in the same crossing and
 * returns PANROCKS_OK; a position past either end, or an engine error
 * (see panrocks_iterator_status), is an invalid entry, not a failure.
 * A move fails only when the engine threw (out of memory, say): then the
 * entry is not filled and the iterator is unusable, every later move and
 * walk failing the same way; destroy it. */
int32_t panrocks_iterator_seek_to_first(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                                        panrocks_error *error);
int32_t panrocks_iterator_seek_to_last(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                                       panrocks_error *error);
int32_t panrocks_iterator_seek(panrocks_iterator *iterator, const char *target, size_t target_length,
                               panrocks_iter_entry *entry, panrocks_error *error);
int32_t panrocks_iterator_seek_for_prev(panrocks_iterator *iterator, const char *target,
                                        size_t target_length, panrocks_iter_entry *entry,
                                        panrocks_error *error);
int32_t panrocks_iterator_next(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                               panrocks_error *error);
int32_t panrocks_iterator_prev(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                               panrocks_error *error);

/* The iterator's status: PANROCKS_OK while it is fine, even when invalid at an end. */
int32_t panrocks_iterator_status(panrocks_iterator *iterator, panrocks_error *error);

#define PANROCKS_FORWARD 0
#define PANROCKS_BACKWARD 1

/* Iterator::Refresh: the iterator reads the DB as of now (snapshot NULL) or
 * as of snapshot (an engine before 8.x answers PANROCKS_NOT_SUPPORTED), and
 * stands on no entry: *entry is invalid until the next seek. Pointers of
 * earlier positions die. A failed iterator stays failed. */
int32_t panrocks_iterator_refresh(panrocks_iterator *iterator, const panrocks_snapshot *snapshot,
                                  panrocks_iter_entry *entry, panrocks_error *error);

/* The bulk walk: from the current position (after stepping once if
 * `step_first`), collects up to max_entries entries in one crossing,
 * moving in `direction`. Entries of at most copy_limit bytes (key + value)
 * are copied back to back into buffer while they fit in `capacity`; the walk
 * stops at the first entry that is larger or does not fit, or at the last
 * one allowed, and returns it uncopied with pointers into RocksDB's memory
 * (the iterator stays on it, so those pointers are valid until the next
 * move). Large values thus always travel zero-copy, small ones many per
 * crossing. *count receives the number of entries filled; 0 means the
 * iterator is exhausted (or failed: see status). */
int32_t panrocks_iterator_next_batch(panrocks_iterator *iterator, int32_t direction,
                                     int32_t step_first, size_t max_entries,
                                     size_t copy_limit, char *buffer, size_t capacity,
                                     panrocks_iter_entry *entries, size_t *count,
                                     panrocks_error *error);

/* A short range read in one crossing: an iterator over [lower, upper) of
 * cf (NULL: the default family) with options (NULL: the defaults; bounds
 * in options are ignored: lower or upper NULL means no bound on that side),
 * placed on the range's first entry (direction FORWARD) or last
 * (BACKWARD), then walked as panrocks_iterator_next_batch walks without
 * stepping first. max_entries must be positive. When the walk reaches the
 * end of the range, every entry filled was copied into buffer, the
 * iterator is already released and *iterator_out is NULL. Otherwise
 * *iterator_out is the iterator, standing on the last entry filled (go on
 * with next_batch, step_first = 1), for the caller to destroy. On failure
 * nothing is kept: *count is 0 and *iterator_out NULL. */
int32_t panrocks_iterator_walk_range(panrocks_db *db, panrocks_cf *cf,
                                     const panrocks_read_options *options,
                                     const char *lower, size_t lower_length,
                                     const char *upper, size_t upper_length,
                                     int32_t direction, size_t max_entries,
                                     size_t copy_limit, char *buffer, size_t capacity,
                                     panrocks_iter_entry *entries, size_t *count,
                                     panrocks_iterator **iterator_out,
                                     panrocks_error *error);

/* What a record-batch walk collected. */
typedef struct panrocks_collect_result {
    uint64_t count;   /* entries filled */
    uint64_t bytes;   /* sum of their key and value sizes */
    uint64_t used;    /* bytes of buffer the copies took */
    uint64_t needed;  /* on PANROCKS_INCOMPLETE: buffer room the next entry needs */
} panrocks_collect_result;

/* The record-batch walk: from the current position, collects up to
 * max_entries entries whose keys and values add up to at most max_bytes
 * (with take_first set, the first entry is taken even if it alone is
 * larger), stepping past each one taken. Keys are copied into buffer
 * (RocksDB delta-encodes them, so they do not stay put), each preceded by
 * key_headroom free bytes (room for a frame header). Values are returned in
 * place, without a copy, when they stay valid until the iterator is
 * destroyed: the iterator was created with pin_data = 1, its column family
 * has no merge operator (merged values are built per entry), and RocksDB
 * reports the entry's value pinned (not read from a blob file into the
 * iterator's buffer, which its next step reuses); otherwise they are copied
 * into buffer too.
 * Returns PANROCKS_OK when it stopped at max_entries, max_bytes or the end
 * of the range, and PANROCKS_INCOMPLETE when buffer cannot hold the next
 * entry's copies (result->needed says how much room they need; the entries
 * collected so far are valid): call again with more buffer to go on. */
int32_t panrocks_iterator_collect(panrocks_iterator *iterator, size_t max_entries,
                                  uint64_t max_bytes, int32_t take_first, size_t key_headroom,
                                  char *buffer, size_t capacity,
                                  panrocks_iter_entry *entries, panrocks_collect_result *result,
                                  panrocks_error *error);

/* ---- column families ----------------------------------------------------- */

/* Creates a column family; the handle belongs to the DB. */
int32_t panrocks_create_column_family(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                      panrocks_cf **cf_out, panrocks_error *error);
/* Drops the family's data; the handle stays valid until destroyed. */
int32_t panrocks_drop_column_family(panrocks_db *db, panrocks_cf *cf, panrocks_error *error);
/* Releases a handle before the DB closes (the family itself stays). */
int32_t panrocks_destroy_column_family_handle(panrocks_db *db, panrocks_cf *cf, panrocks_error *error);
uint32_t panrocks_column_family_id(const panrocks_cf *cf);
/* Copies min(size, capacity) bytes of the family's name; returns its full size. */
size_t panrocks_column_family_name(const panrocks_cf *cf, char *buffer, size_t capacity);

/* Names of the column families of the DB at path, packed into buffer as
 * (uint32 length, bytes) records; *size receives the bytes needed and
 * *count the number of names. Nothing is written past capacity. */
int32_t panrocks_list_column_families(const char *path, const char *db_options,
                                      char *buffer, size_t capacity,
                                      uint64_t *size, uint32_t *count,
                                      panrocks_error *error);

/* ---- maintenance -------------------------------------------------------- */

/* Flushes the memtables of cf (NULL: default) to SST files; waits if wait. */
int32_t panrocks_flush(panrocks_db *db, panrocks_cf *cf, int32_t wait,
                       panrocks_error *error);

/* Compacts keys in [begin, end) of cf; a NULL data pointer means unbounded. */
int32_t panrocks_compact_range(panrocks_db *db, panrocks_cf *cf,
                               panrocks_slice begin, panrocks_slice end,
                               panrocks_error *error);

/* Flushes the memtables of count families (count 0: the default one),
 * together, as DB::Flush(FlushOptions, vector) does; waits if wait; with
 * allow_write_stall clear, waits for a write stall to clear before starting;
 * with listener_wait (and wait) set, returns only once the listeners'
 * OnFlushCompleted callbacks for the flushed memtables have returned
 * (rocksdb::FlushOptions). listener_wait needs RocksDB 11.8 or later: set on
 * an older engine, PANROCKS_NOT_SUPPORTED and nothing flushed. */
int32_t panrocks_flush_families(panrocks_db *db, panrocks_cf *const *cfs, size_t count,
                                int32_t wait, int32_t allow_write_stall, int32_t listener_wait,
                                panrocks_error *error);

/* Stops every running and queued compaction, automatic and manual, and
 * returns once none runs (DB::AbortAllCompactions); until as many
 * panrocks_resume_all_compactions calls have followed, compactions stop as
 * soon as they start, a manual one failing with PANROCKS_INCOMPLETE, subcode
 * 19 (kCompactionAborted), and their output files are removed. Flushes go on.
 * A resume without an abort before it does nothing (the engine counts).
 * RocksDB 11 or later: PANROCKS_NOT_SUPPORTED on an older engine. */
int32_t panrocks_abort_all_compactions(panrocks_db *db, panrocks_error *error);
int32_t panrocks_resume_all_compactions(panrocks_db *db, panrocks_error *error);

/* rocksdb::BottommostLevelCompaction, by meaning. */
#define PANROCKS_BOTTOMMOST_SKIP 0
#define PANROCKS_BOTTOMMOST_IF_HAVE_COMPACTION_FILTER 1
#define PANROCKS_BOTTOMMOST_FORCE 2
#define PANROCKS_BOTTOMMOST_FORCE_OPTIMIZED 3

/* The fields of rocksdb::CompactRangeOptions that panrocks exposes. Start
 * from panrocks_compact_range_options_init (the engine's defaults). */
typedef struct panrocks_compact_range_options {
    int32_t exclusive_manual_compaction;
    int32_t change_level;
    int32_t target_level;               /* with change_level; -1: the lowest level that fits */
    int32_t target_path_id;
    int32_t bottommost_level_compaction; /* PANROCKS_BOTTOMMOST_* */
    int32_t allow_write_stall;
    int32_t max_subcompactions;         /* 0: the DB's max_subcompactions */
    int32_t reserved;
} panrocks_compact_range_options;

void panrocks_compact_range_options_init(panrocks_compact_range_options *options);

/* Compacts keys in [begin, end) of cf (NULL data pointer: unbounded) with
 * options (NULL: the defaults), and waits for it. */
int32_t panrocks_compact_range_with(panrocks_db *db, panrocks_cf *cf, panrocks_slice begin,
                                    panrocks_slice end, const panrocks_compact_range_options *options,
                                    panrocks_error *error);

/* A DB property as text: copies min(size, capacity) bytes into buffer and
 * reports the full size. PANROCKS_NOT_FOUND if the property is unknown. */
int32_t panrocks_get_property(panrocks_db *db, panrocks_cf *cf, const char *name,
                              char *buffer, size_t capacity, uint64_t *size,
                              panrocks_error *error);

/* A numeric DB property. PANROCKS_NOT_FOUND if unknown or not numeric. */
int32_t panrocks_get_int_property(panrocks_db *db, panrocks_cf *cf, const char *name,
                                  uint64_t *value, panrocks_error *error);

/* What panrocks_approximate_sizes counts besides the SST files (always
 * counted): bits of its flags argument. */
#define PANROCKS_SIZES_INCLUDE_MEMTABLES 1
/* The blob files' share of the range, prorated by its share of the SST data
 * (SizeApproximationOptions::include_blob_files, RocksDB 11; on an older
 * engine PANROCKS_NOT_SUPPORTED). */
#define PANROCKS_SIZES_INCLUDE_BLOB_FILES 4

/* Approximate on-disk bytes of the key ranges [starts[i], limits[i]), and
 * what flags add (PANROCKS_SIZES_*); sizes[i] receives each. Unknown flag
 * bits: PANROCKS_INVALID_ARGUMENT. */
int32_t panrocks_approximate_sizes(panrocks_db *db, panrocks_cf *cf, size_t count,
                                   const panrocks_slice *starts, const panrocks_slice *limits,
                                   int32_t flags, uint64_t *sizes,
                                   panrocks_error *error);

/* How many entries (*count) and bytes (*size) the memtables of cf (NULL:
 * default), mutable and immutable, hold in the key range [start, limit):
 * RocksDB's estimate (DB::GetApproximateMemTableStats), no files read. A
 * slice with a NULL data pointer must have size 0 (the empty key). */
int32_t panrocks_approximate_memtable_stats(panrocks_db *db, panrocks_cf *cf, panrocks_slice start,
                                            panrocks_slice limit, uint64_t *count, uint64_t *size,
                                            panrocks_error *error);

/* The DB's unique identity (its IDENTITY file): min(size, capacity) bytes
 * into buffer (may be NULL), *size = the full size. */
int32_t panrocks_get_db_identity(panrocks_db *db, char *buffer, size_t capacity,
                                 size_t *size, panrocks_error *error);

/* Reads every live table and blob file whole and checks its block
 * checksums (DB::VerifyChecksum); Corruption names the first bad file. */
int32_t panrocks_verify_checksum(panrocks_db *db, panrocks_error *error);

/* ---- feature headers -------------------------------------------------------
 * Larger feature areas declare their functions in headers of their own
 * (panrocks_<area>.h, under the same conventions), included here so that
 * panrocks.h stays the one header of the ABI. */

#include "panrocks_txn.h"
#include "panrocks_ops.h"
#include "panrocks_entity.h"
#include "panrocks_resources.h"
#include "panrocks_runtime_extras.h"
#include "panrocks_callbacks.h"
#include "panrocks_perf.h"
#include "panrocks_wal.h"
#include "panrocks_timestamps.h"
#include "panrocks_options_io.h"
#include "panrocks_members.h"
#include "panrocks_logger.h"
#include "panrocks_events.h"
#include "panrocks_walfilt.h"
#include "panrocks_tables.h"
#include "panrocks_io_activity.h"
#include "panrocks_compaction_service.h"

#ifdef __cplusplus
}
#endif

#endif /* PANROCKS_H */
