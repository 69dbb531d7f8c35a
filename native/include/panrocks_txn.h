/*
 * panrocks_txn.h - transactions (pessimistic and optimistic); indexed
 * write batches (RocksDB's WriteBatchWithIndex) are in panrocks_wbwi.h.
 * Part of the C ABI: include panrocks.h, which includes this header; its
 * conventions apply here.
 *
 * Ownership:
 *  - A transaction DB is a panrocks_db opened by panrocks_txn_db_open: every
 *    function of panrocks.h works on it (reads, writes, iterators,
 *    snapshots, column families), with RocksDB's transaction semantics
 *    (a plain write on a pessimistic DB takes the key's lock).
 *  - A transaction (panrocks_txn) belongs to its DB and is released with
 *    panrocks_txn_release before the DB closes (panrocks_close releases
 *    the ones left, as a safety net). One thread at a time per transaction,
 *    its iterators included.
 *  - An indexed batch (panrocks_wbwi) belongs to no DB; released with
 *    panrocks_wbwi_destroy. One thread at a time, its iterators included.
 *  - An iterator over a transaction or an indexed batch is a panrocks_iterator
 *    (panrocks.h): it shows the batch's updates on top of the DB, belongs to
 *    the DB (released before it closes) and is released with
 *    panrocks_iterator_destroy. Its entries never point into the batch
 *    (entries that live there are copied into the iterator), so updating the
 *    batch leaves the current entry readable. Committing, rolling back (to a
 *    save point too), clearing or releasing the batch ends its iterators:
 *    every later move returns PANROCKS_ENDED; they must still be destroyed.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes panrocks_txn.h"
#endif

#ifndef PANROCKS_TXN_H
#define PANROCKS_TXN_H

/* A panrocks code: the transaction or indexed batch an iterator reads was
 * committed, rolled back, cleared or released since it was created. */
#define PANROCKS_ENDED 102

typedef struct panrocks_txn panrocks_txn;     /* owned by its DB's user */

/* ---- transaction DBs ---------------------------------------------------- */

#define PANROCKS_TXN_DB_PESSIMISTIC 1   /* rocksdb::TransactionDB */
#define PANROCKS_TXN_DB_OPTIMISTIC 2    /* rocksdb::OptimisticTransactionDB */

/* rocksdb::TxnDBWritePolicy */
#define PANROCKS_TXN_WRITE_COMMITTED 0
#define PANROCKS_TXN_WRITE_PREPARED 1
#define PANROCKS_TXN_WRITE_UNPREPARED 2

/* rocksdb::OccValidationPolicy */
#define PANROCKS_OCC_VALIDATE_SERIAL 0
#define PANROCKS_OCC_VALIDATE_PARALLEL 1

/* rocksdb::TransactionDBOptions (pessimistic) and
 * OptimisticTransactionDBOptions (optimistic) in one struct; start from
 * panrocks_txn_db_options_init. Times are milliseconds. */
typedef struct panrocks_txn_db_options {
    int64_t max_num_locks;             /* per column family; <= 0: no limit */
    int64_t num_stripes;               /* lock table stripes, >= 1 */
    int64_t transaction_lock_timeout;  /* a transaction's wait for a lock; < 0: forever */
    int64_t default_lock_timeout;      /* a plain write's wait for a lock; < 0: forever */
    uint32_t max_num_deadlocks;        /* deadlocks remembered for diagnosis */
    int32_t write_policy;              /* PANROCKS_TXN_WRITE_* */
    int32_t occ_validate_policy;       /* optimistic: PANROCKS_OCC_VALIDATE_* */
    uint32_t occ_lock_buckets;         /* optimistic, serial validation: lock buckets */
} panrocks_txn_db_options;

/* Fills options with RocksDB's defaults. */
void panrocks_txn_db_options_init(panrocks_txn_db_options *options);

/* Opens a transaction DB of `kind` (PANROCKS_TXN_DB_*), as panrocks_open
 * does a plain one (request->mode must be PANROCKS_OPEN_READ_WRITE).
 * options may be NULL (defaults). A pessimistic DB is opened with
 * allow_2pc, as RocksDB's TransactionDB always is. */
int32_t panrocks_txn_db_open(const panrocks_open_request *request, int32_t kind,
                             const panrocks_txn_db_options *options,
                             panrocks_db **db_out, panrocks_cf **cf_handles_out,
                             panrocks_error *error);

/* PANROCKS_TXN_DB_* of an open DB, or 0 for a plain one. */
int32_t panrocks_txn_db_kind(const panrocks_db *db);

/* ---- transactions --------------------------------------------------------- */

/* rocksdb::TransactionOptions (pessimistic) and
 * OptimisticTransactionOptions (optimistic: set_snapshot only); start from
 * panrocks_txn_options_init. Times are milliseconds. */
typedef struct panrocks_txn_options {
    int64_t lock_timeout;          /* < 0: the DB's transaction_lock_timeout */
    int64_t expiration;            /* < 0: never; else locks may be stolen after it */
    int64_t deadlock_detect_depth;
    uint64_t max_write_batch_size; /* bytes; 0: no limit */
    int32_t set_snapshot;          /* take a snapshot at begin */
    int32_t deadlock_detect;       /* detect deadlocks while waiting for a lock */
} panrocks_txn_options;

/* Fills options with RocksDB's defaults. */
void panrocks_txn_options_init(panrocks_txn_options *options);

/* Begins a transaction with write options as flags (PANROCKS_WRITE_*).
 * options may be NULL (defaults). With reuse != NULL (a transaction of this
 * DB that is committed or rolled back, without iterators in use), RocksDB
 * reinitializes that transaction instead of allocating one, and
 * *txn_out == reuse. */
int32_t panrocks_txn_begin(panrocks_db *db, uint32_t write_flags,
                           const panrocks_txn_options *options, panrocks_txn *reuse,
                           panrocks_txn **txn_out, panrocks_error *error);

/* Releases the transaction: ends its iterators, rolls it back unless it is
 * prepared, committed or rolled back (a prepared one stays prepared in the
 * write-ahead log, and is recovered when the DB opens again), and frees it.
 * The transaction is freed even when the rollback fails (then returned).
 * NULL is tolerated. */
int32_t panrocks_txn_release(panrocks_txn *txn, panrocks_error *error);

/* rocksdb::Transaction::TransactionState */
#define PANROCKS_TXN_STARTED 0
#define PANROCKS_TXN_AWAITING_PREPARE 1
#define PANROCKS_TXN_PREPARED 2
#define PANROCKS_TXN_AWAITING_COMMIT 3
#define PANROCKS_TXN_COMMITTED 4
#define PANROCKS_TXN_AWAITING_ROLLBACK 5
#define PANROCKS_TXN_ROLLEDBACK 6
#define PANROCKS_TXN_LOCKS_STOLEN 7

typedef struct panrocks_txn_info {
    uint64_t id;               /* rocksdb::Transaction::GetID() */
    uint64_t num_keys;         /* keys locked or read for update */
    uint64_t num_puts;
    uint64_t num_deletes;
    uint64_t num_merges;
    uint64_t elapsed_millis;   /* since begin */
    int32_t state;             /* PANROCKS_TXN_* state */
    int32_t deadlock_detect;
} panrocks_txn_info;

void panrocks_txn_get_info(const panrocks_txn *txn, panrocks_txn_info *info);

/* The DB a transaction belongs to. */
panrocks_db *panrocks_txn_db(const panrocks_txn *txn);

/* Writes of a transaction. */
#define PANROCKS_TXN_OP_PUT 0
#define PANROCKS_TXN_OP_MERGE 1
#define PANROCKS_TXN_OP_DELETE 2
#define PANROCKS_TXN_OP_SINGLE_DELETE 3

#define PANROCKS_TXN_ASSUME_TRACKED 1u  /* the key is already locked by this transaction */
#define PANROCKS_TXN_UNTRACKED 2u       /* write without locking or conflict checking */

/* One write (PANROCKS_TXN_OP_*; value ignored by deletes) into the
 * transaction. A pessimistic transaction locks the key first, waiting at
 * most its lock timeout: PANROCKS_TIMED_OUT (subcode LockTimeout), or
 * PANROCKS_BUSY (subcode Deadlock) when deadlock detection finds a cycle. */
int32_t panrocks_txn_write(panrocks_txn *txn, panrocks_cf *cf, int32_t op, uint32_t flags,
                           const char *key, size_t key_length,
                           const char *value, size_t value_length,
                           panrocks_error *error);

/* Adds every update of a serialized write batch (panrocks_write_batch_data's
 * format) to the transaction, as rocksdb::Transaction::RebuildFromWriteBatch. */
int32_t panrocks_txn_write_batch_data(panrocks_txn *txn, const char *data, size_t size,
                                      panrocks_error *error);

/* Reads of a transaction. */
#define PANROCKS_TXN_FOR_UPDATE 1u      /* lock the key (GetForUpdate) */
#define PANROCKS_TXN_SHARED_LOCK 2u     /* with FOR_UPDATE: a shared lock, not an exclusive one */
#define PANROCKS_TXN_SKIP_VALIDATE 4u   /* with FOR_UPDATE: no conflict check against the snapshot */

/* The transaction's view of key (its own writes on top of the DB), as
 * panrocks_get_adaptive: copied into buffer when its size is at most
 * copy_threshold and fits, else left pinned in `pin`. With
 * PANROCKS_TXN_FOR_UPDATE the key is locked first (errors as for writes;
 * PANROCKS_BUSY when it changed after the transaction's snapshot). */
int32_t panrocks_txn_get(panrocks_txn *txn, panrocks_cf *cf, const panrocks_read_options *options,
                         uint32_t flags, panrocks_pin *pin,
                         const char *key, size_t key_length,
                         char *buffer, size_t capacity, uint64_t copy_threshold,
                         panrocks_value *value, panrocks_error *error);

/* count keys of one column family through the transaction, as
 * panrocks_multi_get (same scratch, modes and entries). With
 * PANROCKS_TXN_FOR_UPDATE every key is locked first (MultiGetForUpdate):
 * the function then fails as a whole when a lock cannot be taken. */
int32_t panrocks_txn_multi_get(panrocks_txn *txn, panrocks_cf *cf,
                               const panrocks_read_options *options, uint32_t flags,
                               panrocks_multiget *scratch, size_t count, const panrocks_slice *keys,
                               int32_t mode, char *buffer, size_t capacity,
                               panrocks_multiget_entry *entries, panrocks_error *error);

/* Releases the lock GetForUpdate took on key, if nothing else needs it. */
int32_t panrocks_txn_undo_get_for_update(panrocks_txn *txn, panrocks_cf *cf,
                                         const char *key, size_t key_length,
                                         panrocks_error *error);

/* An iterator over cf as the transaction sees it (see the top of this
 * header). The spec is copied; the column family handle must outlive the
 * iterator. */
int32_t panrocks_txn_iterator_create(panrocks_txn *txn, panrocks_cf *cf,
                                     const panrocks_read_options_spec *spec,
                                     panrocks_iterator **iterator_out, panrocks_error *error);

int32_t panrocks_txn_commit(panrocks_txn *txn, panrocks_error *error);
int32_t panrocks_txn_rollback(panrocks_txn *txn, panrocks_error *error);

/* Two-phase commit: a transaction must be named before it is prepared;
 * names are unique in their DB. A prepared transaction survives a crash and
 * is found again by name after the DB reopens. */
int32_t panrocks_txn_set_name(panrocks_txn *txn, const char *name, size_t name_length,
                              panrocks_error *error);
/* Copies min(length, capacity) bytes of the name; returns its length (0: unnamed). */
size_t panrocks_txn_name(const panrocks_txn *txn, char *buffer, size_t capacity);
int32_t panrocks_txn_prepare(panrocks_txn *txn, panrocks_error *error);

#define PANROCKS_SAVE_POINT_SET 0
#define PANROCKS_SAVE_POINT_ROLLBACK 1
#define PANROCKS_SAVE_POINT_POP 2

/* SetSavePoint, RollbackToSavePoint (PANROCKS_NOT_FOUND without a save
 * point) or PopSavePoint. */
int32_t panrocks_txn_save_point(panrocks_txn *txn, int32_t action, panrocks_error *error);

#define PANROCKS_TXN_SNAPSHOT_NOW 0           /* SetSnapshot */
#define PANROCKS_TXN_SNAPSHOT_NEXT_OPERATION 1 /* SetSnapshotOnNextOperation */
#define PANROCKS_TXN_SNAPSHOT_CLEAR 2         /* ClearSnapshot */

int32_t panrocks_txn_set_snapshot(panrocks_txn *txn, int32_t how, panrocks_error *error);

/* A view of the transaction's current snapshot for the read options
 * (panrocks_read_options_spec.snapshot) of this transaction's own reads;
 * NULL when it has none. The view belongs to the transaction and is never
 * released by the caller: it is valid while the transaction's snapshot
 * generation (below) stays what it was when the view was taken, and the
 * transaction is not released. *sequence receives its sequence number. */
const panrocks_snapshot *panrocks_txn_snapshot(panrocks_txn *txn, uint64_t *sequence);

/* Changes whenever the transaction's snapshot changes (set, cleared,
 * restored by a rollback to a save point, taken by the next operation). */
uint64_t panrocks_txn_snapshot_generation(const panrocks_txn *txn);

void panrocks_txn_set_lock_timeout(panrocks_txn *txn, int64_t millis);
void panrocks_txn_set_write_options(panrocks_txn *txn, uint32_t write_flags);

/* The transaction of db named `name`: a prepared one recovered when the DB
 * opened, or one named with panrocks_txn_set_name. *txn_out = NULL when
 * there is none. The same transaction always comes back as the same handle;
 * *adopted = 1 when this call created the handle (a recovered transaction),
 * which the caller then owns and releases once. */
int32_t panrocks_txn_db_find(panrocks_db *db, const char *name, size_t name_length,
                             panrocks_txn **txn_out, int32_t *adopted, panrocks_error *error);

/* The prepared transactions of db: up to capacity handles into txns (as
 * panrocks_txn_db_find returns them, adopting the new ones), *count the
 * number there are. */
int32_t panrocks_txn_db_prepared(panrocks_db *db, panrocks_txn **txns, size_t capacity,
                                 size_t *count, panrocks_error *error);

/* RocksJava's transaction members over rocksdb::Transaction. The caller
 * serializes calls on one transaction, as for every panrocks_txn_* call. */
/* Transaction::PutLogData: a blob for the WAL record of the commit, applied
 * to no family. */
int32_t panrocks_txn_put_log_data(panrocks_txn *txn, const char *blob, size_t length, panrocks_error *error);
/* Transaction::DisableIndexing (enabled 0) / EnableIndexing (enabled 1). */
void panrocks_txn_set_indexing(panrocks_txn *txn, int32_t enabled);
/* Transaction::SetLogNumber / GetLogNumber. */
void panrocks_txn_set_log_number(panrocks_txn *txn, uint64_t log_number);
uint64_t panrocks_txn_log_number(panrocks_txn *txn);

/* ---- transaction members --------------------------------------------------------- */

/* Adds the records of a serialized batch to the transaction, as RocksDB's
 * Transaction::RebuildFromWriteBatch: puts, merges, deletes and single
 * deletes, each through the transaction (locking as a pessimistic one
 * does); log data is skipped. Every record's column family ID must name a
 * family of the transaction's DB (checked before anything is added:
 * InvalidArgument "Invalid column family specified in write batch"); a
 * range delete or a wide-column entity is refused (NotSupported, before
 * anything is added). A failure on the way (a lock timeout) leaves the
 * records before it added, as in RocksDB. */
int32_t panrocks_txn_rebuild_from_batch(panrocks_txn *txn, const char *data, size_t size, panrocks_error *error);

/* What the transaction waits for (Transaction::GetWaitingTxns): the family
 * ID and key of the lock, and the IDs of the transactions holding it; none
 * (0 IDs, empty key, family 0) when it is not waiting or is optimistic.
 * Copies min(key_length, key_capacity) key bytes and min(count, id_capacity)
 * IDs; reports the full key length and ID count. */
int32_t panrocks_txn_waiting(panrocks_txn *txn, uint32_t *column_family_id, char *key, size_t key_capacity,
                             size_t *key_length, uint64_t *ids, size_t id_capacity, size_t *id_count,
                             panrocks_error *error);

#endif /* PANROCKS_TXN_H */
