/*
 * panrocks_wbwi.h - indexed write batches (RocksDB's WriteBatchWithIndex),
 * owned by no DB; panrocks_txn.h says how they and their iterators are
 * owned.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_WBWI_H
#define PANROCKS_WBWI_H

typedef struct panrocks_wbwi panrocks_wbwi;   /* owned by no DB */

/* ---- indexed write batches ----------------------------------------------- */

/* A WriteBatchWithIndex: a write batch that can be read (by key and with
 * iterators) before it is written. With overwrite_key, a key's later update
 * replaces its earlier one in the index (and merges cannot be read back
 * from the batch alone). */
int32_t panrocks_wbwi_create(size_t reserved_bytes, int32_t overwrite_key,
                             panrocks_wbwi **wbwi_out, panrocks_error *error);
/* Ends its iterators and frees it. NULL is tolerated. */
void panrocks_wbwi_destroy(panrocks_wbwi *wbwi);

#define PANROCKS_WBWI_OP_PUT 0
#define PANROCKS_WBWI_OP_MERGE 1
#define PANROCKS_WBWI_OP_DELETE 2
#define PANROCKS_WBWI_OP_SINGLE_DELETE 3
#define PANROCKS_WBWI_OP_DELETE_RANGE 4  /* key .. value: RocksDB answers NotSupported */
#define PANROCKS_WBWI_OP_LOG_DATA 5      /* value: a blob for the WAL only */

/* One update. cf (NULL: default) must be a handle of the DB the batch is
 * meant for, alive during the call. The index orders each family with the
 * comparator of its handle; an update with cf NULL orders the default
 * family bytewise until an update names the default family's handle. A
 * family's first update (or iterator) fixes its order until the batch is
 * cleared: an update, read or iterator naming a family of another order
 * is refused with InvalidArgument ("panrocks: this indexed batch ...").
 * The batch keeps a callback comparator it orders with alive; it must not
 * be updated or read once that comparator's DB is closed (a destroyed
 * callback compares bytewise). */
int32_t panrocks_wbwi_write(panrocks_wbwi *wbwi, panrocks_cf *cf, int32_t op,
                            const char *key, size_t key_length,
                            const char *value, size_t value_length,
                            panrocks_error *error);

/* PANROCKS_SAVE_POINT_*; a rollback ends the iterators. */
int32_t panrocks_wbwi_save_point(panrocks_wbwi *wbwi, int32_t action, panrocks_error *error);
/* Removes every update and save point; ends the iterators. */
int32_t panrocks_wbwi_clear(panrocks_wbwi *wbwi, panrocks_error *error);
uint32_t panrocks_wbwi_count(const panrocks_wbwi *wbwi);
/* Copies min(size, capacity) bytes of the serialized batch (RocksDB's
 * format); returns its size. */
size_t panrocks_wbwi_data(const panrocks_wbwi *wbwi, char *buffer, size_t capacity);

/* key's value from the batch alone: PANROCKS_NOT_FOUND when the batch has
 * no update of it or deletes it, PANROCKS_MERGE_IN_PROGRESS when it only
 * merges into a value the batch does not have. Copies min(size, capacity)
 * bytes into buffer; *value_size receives the full size. db may be NULL
 * when cf is NULL (then merges are not resolved). */
int32_t panrocks_wbwi_get_from_batch(panrocks_wbwi *wbwi, panrocks_db *db, panrocks_cf *cf,
                                     const char *key, size_t key_length,
                                     char *buffer, size_t capacity, uint64_t *value_size,
                                     panrocks_error *error);

/* key's value with the batch's updates on top of the DB, as
 * panrocks_get_adaptive (copy small into buffer, pin large). */
int32_t panrocks_wbwi_get_from_batch_and_db(panrocks_wbwi *wbwi, panrocks_db *db, panrocks_cf *cf,
                                            const panrocks_read_options *options, panrocks_pin *pin,
                                            const char *key, size_t key_length,
                                            char *buffer, size_t capacity, uint64_t copy_threshold,
                                            panrocks_value *value, panrocks_error *error);

/* An iterator over cf showing the batch's updates on top of base, an
 * iterator of cf's DB over cf (RocksDB's NewIteratorWithBase). base is
 * taken over: the returned iterator owns it (base must not be used or
 * destroyed any more). On failure base is left as it was. */
int32_t panrocks_wbwi_iterator_with_base(panrocks_wbwi *wbwi, panrocks_db *db, panrocks_cf *cf,
                                         panrocks_iterator *base, panrocks_iterator **iterator_out,
                                         panrocks_error *error);

/* Applies the batch to db atomically (the batch stays as it was). */
int32_t panrocks_wbwi_write_to_db(panrocks_db *db, uint32_t write_flags, panrocks_wbwi *wbwi,
                                  panrocks_error *error);

#endif /* PANROCKS_WBWI_H */
