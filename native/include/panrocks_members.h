/*
 * panrocks_members.h - small whole-DB operations: destroying a DB's files
 * (rocksdb::DestroyDB), syncing its WAL (DB::SyncWAL) and resuming it after
 * a background error (DB::Resume).
 * Part of the panrocks C ABI; include panrocks.h, which includes this header.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_MEMBERS_H
#define PANROCKS_MEMBERS_H

/* One of rocksdb's db_paths / cf_paths: a folder for SST files and the
 * bytes RocksDB aims to keep there before it moves on to the next one. */
typedef struct panrocks_db_path {
    const char *path;
    uint64_t target_size;
} panrocks_db_path;

/* rocksdb::DestroyDB: deletes the files of the DB at path (and of its WAL
 * directory, as db_options names it, and of db_paths), then the folders
 * if empty. db_options is a RocksDB DB option string ("" or NULL: the
 * defaults). The caller makes sure no DB of this process has it open. */
int32_t panrocks_destroy_db(const char *path, const char *db_options, size_t db_path_count,
                            const panrocks_db_path *db_paths, panrocks_error *error);

/* DB::SyncWAL: fsyncs the WAL files written so far (the writes made with
 * sync = false become durable). */
int32_t panrocks_sync_wal(panrocks_db *db, panrocks_error *error);

/* DB::Resume: brings a DB that a background error (a full disk, a failed
 * flush or compaction) made read-only back to writing, once the cause is
 * gone; the error again if it is not. OK on a DB without such an error.
 * A writable DB resumes by itself from a full disk (NoSpace): a thread of
 * the DB's calls this every second until it succeeds or the DB closes, in
 * place of RocksDB's own recovery, during which a writer met by a write
 * stop waited without a time limit; with panrocks' it fails at once with
 * RocksDB's Incomplete or the NoSpace error. */
int32_t panrocks_resume(panrocks_db *db, panrocks_error *error);

#endif /* PANROCKS_MEMBERS_H */
