/*
 * panrocks_members.h - small whole-DB operations RocksJava has: destroying
 * a DB's files (rocksdb::DestroyDB) and syncing its WAL (DB::SyncWAL).
 * Part of the panrocks C ABI; include panrocks.h, which includes this header.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_MEMBERS_H
#define PANROCKS_MEMBERS_H

/* rocksdb::DestroyDB: deletes the files of the DB at path (and of its WAL
 * directory and data paths, as db_options name them), then the folders
 * if empty. db_options is a RocksDB DB option string ("" or NULL: the
 * defaults). The caller makes sure no DB of this process has it open. */
int32_t panrocks_destroy_db(const char *path, const char *db_options, panrocks_error *error);

/* DB::SyncWAL: fsyncs the WAL files written so far (the writes made with
 * sync = false become durable). */
int32_t panrocks_sync_wal(panrocks_db *db, panrocks_error *error);

#endif /* PANROCKS_MEMBERS_H */
