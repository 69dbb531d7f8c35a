/*
 * panrocks_walfilt.h - a WAL filter whose logic lives behind C function
 * pointers (in panrocks: upcall stubs into the JVM): RocksDB's WalFilter,
 * asked about every write batch the write-ahead log replays while a DB
 * opens. Included by panrocks.h; the conventions there and in
 * panrocks_callbacks.h (lifetime, threads, failure) apply.
 *
 * How it reaches a DB: panrocks_wal_filter_create() returns a handle whose
 * ID, "panrocks.callback.walfilter.<n>" (panrocks_wal_filter_id), is what a
 * DB option string names: wal_filter=panrocks.callback.walfilter.7. The
 * handle must stay valid until every DB that named it is closed (RocksDB
 * keeps the filter in the DB's options and names it when it writes them);
 * the functions are called only during the open, on the opening thread.
 *
 * Failure. A function that fails (returns PANROCKS_UPCALL_FAILED, or for
 * the column family map, which returns nothing, calls
 * panrocks_wal_filter_fail) fails the filter: from then on no function is
 * called, and the record being replayed, and every later one, is answered
 * with a batch that claims more records than the original, which RocksDB
 * refuses with NotSupported "More than original # of records returned by Wal
 * Filter <name>". That error ends the recovery and the open, whatever the
 * recovery mode (RocksDB never takes NotSupported for corruption), before
 * anything is replayed into the DB's files or any log is dropped: a reopen
 * without the filter recovers everything. RocksDB's own CorruptedRecord
 * answer is not used for failures: with point-in-time recovery it would
 * open the DB without the rest of the log.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_WALFILT_H
#define PANROCKS_WALFILT_H

/* rocksdb::WalFilter::WalProcessingOption, what record_found returns. */
#define PANROCKS_WAL_CONTINUE_PROCESSING 0
#define PANROCKS_WAL_IGNORE_CURRENT_RECORD 1
#define PANROCKS_WAL_STOP_REPLAY 2
#define PANROCKS_WAL_CORRUPTED_RECORD 3

typedef struct panrocks_wal_filter panrocks_wal_filter;

/* Where record_found may put a replacement of the record's batch
 * (panrocks_wal_filter_replace_batch); valid during that call only. */
typedef struct panrocks_wal_new_batch panrocks_wal_new_batch;

/* Once, before the first record: each column family's ID, name (UTF-8,
 * name_lengths[i] bytes, not NUL-terminated) and the number of the oldest
 * log that still holds its updates (older records of it were flushed).
 * The arrays are valid during the call only. */
typedef void (*panrocks_wal_column_families_fn)(void *context, size_t count, const uint32_t *ids,
                                                const uint64_t *log_numbers, const char *const *names,
                                                const size_t *name_lengths);

/* One record of log log_number (file file_name, file_name_length bytes):
 * batch is its serialized WriteBatch (RocksDB's format, batch_size bytes),
 * valid during the call only. Returns a PANROCKS_WAL_* option or
 * PANROCKS_UPCALL_FAILED. To replace the batch (with at most as many
 * records), call panrocks_wal_filter_replace_batch(new_batch, ...) before
 * returning PANROCKS_WAL_CONTINUE_PROCESSING. */
typedef int32_t (*panrocks_wal_record_fn)(void *context, uint64_t log_number, const char *file_name,
                                          size_t file_name_length, const char *batch, size_t batch_size,
                                          panrocks_wal_new_batch *new_batch);

typedef struct panrocks_wal_filter_spec {
    const char *name;                                 /* RocksDB's Name(); copied */
    void *context;                                    /* handed back to every call */
    panrocks_wal_column_families_fn column_families;  /* may be NULL */
    panrocks_wal_record_fn record_found;              /* required */
} panrocks_wal_filter_spec;

int32_t panrocks_wal_filter_create(const panrocks_wal_filter_spec *spec, panrocks_wal_filter **filter_out,
                                   panrocks_error *error);

/* Copies min(size, capacity) bytes of the filter's ID
 * ("panrocks.callback.walfilter.<n>", no NUL) into buffer; returns its full size. */
size_t panrocks_wal_filter_id(const panrocks_wal_filter *filter, char *buffer, size_t capacity);

/* Replaces the batch of the record being filtered by data (size bytes, a
 * serialized WriteBatch, copied; its sequence number is set by RocksDB).
 * Only during the record_found call that received new_batch. */
int32_t panrocks_wal_filter_replace_batch(panrocks_wal_new_batch *new_batch, const char *data, size_t size,
                                          panrocks_error *error);

/* Fails the filter (see Failure above); for a column family map that
 * failed. Counted by panrocks_wal_filter_failures. */
void panrocks_wal_filter_fail(panrocks_wal_filter *filter);

/* How many calls failed, and how many records were handed to record_found. */
uint64_t panrocks_wal_filter_failures(const panrocks_wal_filter *filter);
uint64_t panrocks_wal_filter_records(const panrocks_wal_filter *filter);

/* Unregisters and frees the filter; after every DB using it is closed.
 * NULL is tolerated. */
void panrocks_wal_filter_destroy(panrocks_wal_filter *filter);

/* ---- a write batch with a WAL termination point ------------------------------------ */

/* As panrocks_write_batch_data, for a batch whose first wal_size bytes
 * (header included), holding wal_count records, are all the write-ahead log
 * gets (RocksDB's WriteBatch::MarkWalTerminationPoint): the records after
 * them are applied to the memtables only, so a crash before they are
 * flushed loses them. 12 <= wal_size <= size. The records after the point
 * may be puts, merges, deletes, single deletes, range deletes and log data
 * (anything else: NotSupported, nothing written). */
int32_t panrocks_write_batch_data_wal_terminated(panrocks_db *db, uint32_t write_flags, const char *data, size_t size,
                                                 size_t wal_size, uint32_t wal_count, panrocks_error *error);

#endif /* PANROCKS_WALFILT_H */
