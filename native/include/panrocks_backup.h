/*
 * panrocks_backup.h - backups (rocksdb::BackupEngine).
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_BACKUP_H
#define PANROCKS_BACKUP_H

/* ---- backups ------------------------------------------------------------------- */

/* rocksdb::BackupEngine (the thread-safe one RocksDB's Open returns). No DB
 * owns it: the DB a backup reads is passed to each call. */
typedef struct panrocks_backup_engine panrocks_backup_engine;

/* rocksdb::BackupEngineOptions. Start from panrocks_backup_engine_options_init(). */
typedef struct panrocks_backup_engine_options {
    const char *backup_dir;
    uint64_t backup_rate_limit;              /* bytes per second; 0: unlimited */
    uint64_t restore_rate_limit;             /* bytes per second; 0: unlimited */
    uint64_t callback_trigger_interval_size;
    int32_t share_table_files;
    int32_t sync;
    int32_t destroy_old_data;
    int32_t backup_log_files;
    int32_t share_files_with_checksum;
    int32_t max_background_operations;
    int32_t max_valid_backups_to_open;
    int32_t reserved;
} panrocks_backup_engine_options;

/* RocksDB's defaults, backup_dir NULL. */
void panrocks_backup_engine_options_init(panrocks_backup_engine_options *options);

/* Opens (creating it if needed) the backup directory. */
int32_t panrocks_backup_engine_open(const panrocks_backup_engine_options *options,
                                    panrocks_backup_engine **engine_out, panrocks_error *error);
void panrocks_backup_engine_destroy(panrocks_backup_engine *engine);

/* Backs up db (flushing its memtables first when flush_before_backup, else
 * copying its WALs); app_metadata (any bytes, NULL: none) is stored with it.
 * *backup_id receives the new backup's ID. */
int32_t panrocks_backup_engine_create(panrocks_backup_engine *engine, panrocks_db *db, int32_t flush_before_backup,
                                      const char *app_metadata, size_t app_metadata_length, uint32_t *backup_id,
                                      panrocks_error *error);

/* Asks a backup in progress (on another thread) to stop; it then fails
 * with Incomplete. Thread-safe. */
void panrocks_backup_engine_stop(panrocks_backup_engine *engine);

/* One backup. app_metadata points into its list. */
typedef struct panrocks_backup_info {
    int64_t timestamp;        /* seconds since the epoch */
    uint64_t size;            /* bytes of its files */
    panrocks_slice app_metadata;
    uint32_t backup_id;
    uint32_t number_files;
} panrocks_backup_info;

typedef struct panrocks_backup_list panrocks_backup_list;

/* The valid backups, oldest first, and the IDs of the corrupted ones, in a
 * list built by the library: read it, then destroy it. */
int32_t panrocks_backup_engine_info(panrocks_backup_engine *engine, panrocks_backup_list **list_out,
                                    panrocks_error *error);
size_t panrocks_backup_list_count(const panrocks_backup_list *list);
const panrocks_backup_info *panrocks_backup_list_get(const panrocks_backup_list *list, size_t index);
size_t panrocks_backup_list_corrupted_count(const panrocks_backup_list *list);
/* The index-th corrupted backup's ID; 0 when index >= the count. */
uint32_t panrocks_backup_list_corrupted_id(const panrocks_backup_list *list, size_t index);
void panrocks_backup_list_destroy(panrocks_backup_list *list);

/* Checks that the backup's files exist with the recorded sizes, and with
 * verify_with_checksum their checksums too (Corruption on a mismatch). */
int32_t panrocks_backup_engine_verify(panrocks_backup_engine *engine, uint32_t backup_id,
                                      int32_t verify_with_checksum, panrocks_error *error);

/* Restores backup_id (latest != 0: the latest backup) into db_dir and
 * wal_dir (which the caller makes sure no DB has open). */
int32_t panrocks_backup_engine_restore(panrocks_backup_engine *engine, int32_t latest, uint32_t backup_id,
                                       const char *db_dir, const char *wal_dir, int32_t keep_log_files,
                                       panrocks_error *error);

/* Deletes all but the newest `keep` backups. */
int32_t panrocks_backup_engine_purge_old(panrocks_backup_engine *engine, uint32_t keep, panrocks_error *error);
int32_t panrocks_backup_engine_delete(panrocks_backup_engine *engine, uint32_t backup_id, panrocks_error *error);
/* Deletes files no backup refers to (left by failed or stopped backups). */
int32_t panrocks_backup_engine_garbage_collect(panrocks_backup_engine *engine, panrocks_error *error);

#endif /* PANROCKS_BACKUP_H */
