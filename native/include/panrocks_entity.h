/*
 * panrocks_entity.h - wide columns: entities of named columns stored under
 * one key (RocksDB's PutEntity / GetEntity / Iterator::columns). Part of
 * the panrocks C ABI; include panrocks.h, which includes this header after
 * panrocks_iterator.h. (Entities written to an SST file:
 * panrocks_sst_writer.h.)
 *
 * The anonymous default column (empty name) is the plain value: a Get of
 * an entity's key returns its default column, and a plain key-value reads
 * as an entity with only the default column. Column names are unique and
 * come back sorted bytewise.
 *
 * Engines before RocksDB 8.0 (whose wide-column support was incomplete)
 * answer every function here with PANROCKS_NOT_SUPPORTED, as does a DB
 * opened with TTL (DBWithTTL stores a timestamp after each value, which
 * entities do not carry).
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_ENTITY_H
#define PANROCKS_ENTITY_H

/* One column: borrowed name and value. */
typedef struct panrocks_wide_column {
    panrocks_slice name;
    panrocks_slice value;
} panrocks_wide_column;

/* 1 if this build of the library supports wide columns, else 0. */
int32_t panrocks_wide_columns_supported(void);

/* Writes the entity columns[0..count) under key in cf, replacing what the
 * key held. Names must be distinct (RocksDB reports Corruption otherwise);
 * order does not matter. */
int32_t panrocks_put_entity(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags,
                            const char *key, size_t key_length,
                            const panrocks_wide_column *columns, size_t count,
                            panrocks_error *error);

/* A read entity (a rocksdb::PinnableWideColumns): its columns stay in
 * RocksDB's memory (pinned) or in the entity's own buffer until it is
 * released, reused or destroyed. Reused, it allocates nothing in steady
 * state. One thread at a time. */
typedef struct panrocks_entity panrocks_entity;

int32_t panrocks_entity_create(panrocks_entity **entity_out, panrocks_error *error);
/* Releases what the entity holds; it stays reusable. */
void panrocks_entity_release(panrocks_entity *entity);
void panrocks_entity_destroy(panrocks_entity *entity);

/* Reads key's entity into `entity`: *columns receives its columns (an array
 * owned by the entity, sorted by name) and *count their number; both stay
 * valid until the entity is released, reused or destroyed.
 * PANROCKS_NOT_FOUND (no message) when the key is absent. */
int32_t panrocks_get_entity(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                            panrocks_entity *entity, const char *key, size_t key_length,
                            const panrocks_wide_column **columns, uint64_t *count,
                            panrocks_error *error);

/* The columns of the iterator's current entry: *columns (an array owned by
 * the iterator) and *count stay valid until its next move. InvalidArgument
 * when the iterator is not on an entry. Over a transaction or an indexed
 * batch, the columns of an entry of the batch are copies taken at the move
 * (updates of the batch leave them valid); PANROCKS_ENDED once the
 * iterator ended with its transaction or batch. */
int32_t panrocks_iterator_columns(panrocks_iterator *iterator, const panrocks_wide_column **columns,
                                  uint64_t *count, panrocks_error *error);

/* ---- column selection and batched reads (ABI 9) ------------------------ */

/* Reads key's entity as panrocks_get_entity does, keeping only the columns
 * whose names are among selected[0..selected_count) (any order; a name
 * listed twice counts once; the empty name selects the default column).
 * The filter runs here, so only the selected columns reach the caller:
 * *columns / *count are the kept ones, sorted by name, valid as for
 * panrocks_get_entity. A key whose entity has none of them is found, with
 * no columns. selected may be NULL when selected_count is 0 (keeps none). */
int32_t panrocks_get_entity_selected(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                                     panrocks_entity *entity, const char *key, size_t key_length,
                                     const panrocks_slice *selected, size_t selected_count,
                                     const panrocks_wide_column **columns, uint64_t *count,
                                     panrocks_error *error);

/* The outcome of one key of a batched entity read. */
typedef struct panrocks_entity_result {
    const panrocks_wide_column *columns; /* its (selected) columns, sorted by name; NULL if none */
    uint64_t count;                      /* their number */
    int32_t status;                      /* 0 found, PANROCKS_NOT_FOUND, else RocksDB's Status::Code */
    int32_t subcode;                     /* RocksDB's Status::SubCode when status is an error */
    panrocks_slice message;              /* RocksDB's message when status is an error, else empty */
} panrocks_entity_result;

/* A batched entity read (RocksDB's MultiGetEntity into PinnableWideColumns):
 * holds every key's columns (pinned in RocksDB's memory or in its own
 * buffers), the column arrays and the results until it is released, reused
 * or destroyed. Reused, it allocates nothing once grown to the batch.
 * One thread at a time. */
typedef struct panrocks_entities panrocks_entities;

int32_t panrocks_entities_create(panrocks_entities **entities_out, panrocks_error *error);
/* Releases what it holds (pins, columns, results); it stays reusable. */
void panrocks_entities_release(panrocks_entities *entities);
void panrocks_entities_destroy(panrocks_entities *entities);

/* Reads the entities of keys[0..count) in one call of RocksDB's
 * MultiGetEntity into `entities`. families NULL: every key in cf (NULL: the
 * default family); else families[i] is key i's family (a NULL entry: the
 * default one) and cf is ignored. selected NULL: every column; else only
 * the columns named in selected[0..selected_count), as for
 * panrocks_get_entity_selected. *results receives an array of count
 * outcomes owned by `entities`, in key order (duplicate keys each get
 * theirs), valid until it is released, reused or destroyed. A key's failure
 * is its outcome, not the call's: the call itself fails only for bad
 * arguments, an unsupported engine or DB, or out of memory. */
int32_t panrocks_multi_get_entity(panrocks_db *db, panrocks_cf *cf, panrocks_cf *const *families,
                                  const panrocks_read_options *options, panrocks_entities *entities,
                                  const panrocks_slice *keys, size_t count,
                                  const panrocks_slice *selected, size_t selected_count,
                                  const panrocks_entity_result **results, panrocks_error *error);

#endif /* PANROCKS_ENTITY_H */
