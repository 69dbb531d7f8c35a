/*
 * panrocks_wal.h - reading the write-ahead log: the updates since a
 * sequence number (RocksDB's GetUpdatesSince, a TransactionLogIterator) and
 * the WAL file being written. Part of the panrocks C ABI; include
 * panrocks.h, which includes this header. Its conventions (statuses,
 * caller-owned error records, one owner and one release per handle, release
 * functions tolerating NULL) apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_WAL_H
#define PANROCKS_WAL_H

/* A walk over the batches of the WAL (a rocksdb::TransactionLogIterator),
 * oldest first. It reads the DB's state: destroy it before the DB. One
 * thread at a time. */
typedef struct panrocks_wal_iterator panrocks_wal_iterator;

/* Where a WAL walk stands. When valid, data/size are the current batch's
 * serialized bytes (RocksDB's WriteBatch format, its header carrying
 * `sequence`), owned by the iterator and unchanged until its next move or
 * its destruction. */
typedef struct panrocks_wal_batch {
    const char *data;
    uint64_t size;
    uint64_t sequence; /* the sequence number of the batch's first update */
    int32_t valid;
} panrocks_wal_batch;

/* The updates from `sequence` on (0: from the first one), as RocksDB's
 * GetUpdatesSince, and *position the first batch. Stricter than RocksDB,
 * which moves silently to the next batch it finds: when the WAL no longer
 * holds `sequence` (purged, or written with disableWAL), or holds nothing
 * from there although the DB wrote it, it fails with NotFound instead.
 * A sequence past the latest one is RocksDB's NotFound "Requested sequence
 * not yet written in the db". verify_checksums: RocksDB's
 * TransactionLogIterator::ReadOptions. */
int32_t panrocks_wal_updates_since(panrocks_db *db, uint64_t sequence, int32_t verify_checksums,
                                   panrocks_wal_iterator **iterator_out, panrocks_wal_batch *position,
                                   panrocks_error *error);

/* Moves to the next batch and reports it in *position (valid 0 at the end,
 * or after an error: see panrocks_wal_iterator_status). At the end, a later
 * call picks up batches written since, as long as they are in the WAL files
 * the walk knew when it started (RocksDB then reports TryAgain: start a new
 * walk). The previous batch's bytes are freed. */
int32_t panrocks_wal_iterator_next(panrocks_wal_iterator *iterator, panrocks_wal_batch *position,
                                   panrocks_error *error);

/* RocksDB's status of the walk: 0, or the failure that stopped it. */
int32_t panrocks_wal_iterator_status(panrocks_wal_iterator *iterator, panrocks_error *error);

void panrocks_wal_iterator_destroy(panrocks_wal_iterator *iterator);

/* RocksDB's GetCurrentWalFile: the WAL file being written. Its name
 * ("/000012.log") is copied into name (at most capacity bytes; NULL to ask
 * only for the size), *name_size receives its full length; wal_type is
 * PANROCKS_WAL_ALIVE or PANROCKS_WAL_ARCHIVED. */
int32_t panrocks_get_current_wal_file(panrocks_db *db, char *name, size_t capacity, uint64_t *name_size,
                                      uint64_t *log_number, uint64_t *start_sequence, uint64_t *size_bytes,
                                      int32_t *wal_type, panrocks_error *error);

/* DB::SyncWAL: fsyncs the WAL files written so far (the writes made with
 * sync = false become durable). */
int32_t panrocks_sync_wal(panrocks_db *db, panrocks_error *error);

#endif
