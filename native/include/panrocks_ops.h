/*
 * panrocks_ops.h - operations on a DB's files: checkpoints, backups, live
 * files, SST files written outside a DB and their ingestion, TTL and
 * secondary instances. Part of the panrocks C ABI; include panrocks.h, which
 * includes this header. Its conventions (statuses, caller-owned error
 * records, NULL column family = default, one owner and one release per
 * handle, release functions tolerating NULL) apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_OPS_H
#define PANROCKS_OPS_H

/* ---- checkpoints ----------------------------------------------------------- */

/* An openable copy of the DB in `dir` (which must not exist: RocksDB refuses
 * it with InvalidArgument), made of hard links to the SST files where the
 * file system allows and copies otherwise. WALs larger than
 * log_size_for_flush make RocksDB flush first (0: always flush). When
 * sequence_number is not NULL, it receives the sequence number the
 * checkpoint holds. */
int32_t panrocks_checkpoint_create(panrocks_db *db, const char *dir, uint64_t log_size_for_flush,
                                   uint64_t *sequence_number, panrocks_error *error);

/* ---- live files ---------------------------------------------------------------- */

/* Stops RocksDB from deleting obsolete files (counted: each call needs an
 * enable). */
int32_t panrocks_disable_file_deletions(panrocks_db *db, panrocks_error *error);

/* Undoes one disable; with force, undoes all of them (on engines whose
 * EnableFileDeletions lost its force flag, by enabling until the DB reports
 * deletions enabled). */
int32_t panrocks_enable_file_deletions(panrocks_db *db, int32_t force, panrocks_error *error);

/* The sequence number of the last write. */
int32_t panrocks_latest_sequence_number(panrocks_db *db, uint64_t *sequence, panrocks_error *error);

/* One file of a panrocks_file_list. Which fields are set depends on the
 * list (see the functions returning one); the others are zero or empty.
 * The slices point into the list and live as long as it. */
typedef struct panrocks_file_info {
    panrocks_slice name;          /* live files: "/MANIFEST-000005"; metadata: "/000012.sst";
                                     WAL: "/000003.log" (relative to the DB or archive dir) */
    panrocks_slice directory;     /* metadata: the db_path holding the file */
    panrocks_slice column_family; /* metadata: the family's name */
    panrocks_slice smallest_key;  /* metadata */
    panrocks_slice largest_key;   /* metadata */
    uint64_t size;                /* metadata, WAL: bytes */
    uint64_t number;              /* metadata: file number; WAL: log number */
    uint64_t smallest_seqno;      /* metadata; WAL: its first sequence number */
    uint64_t largest_seqno;       /* metadata */
    uint64_t num_entries;         /* metadata */
    uint64_t num_deletions;       /* metadata */
    uint64_t num_reads_sampled;   /* metadata */
    int32_t level;                /* metadata: LSM level */
    int32_t being_compacted;      /* metadata: 1 while a compaction reads it */
    int32_t wal_type;             /* WAL: PANROCKS_WAL_* */
    int32_t reserved;
} panrocks_file_info;

#define PANROCKS_WAL_ARCHIVED 0  /* rocksdb::kArchivedLogFile */
#define PANROCKS_WAL_ALIVE 1     /* rocksdb::kAliveLogFile */

/* A list of files built by the library: read it, then destroy it. */
typedef struct panrocks_file_list panrocks_file_list;

size_t panrocks_file_list_count(const panrocks_file_list *list);
/* The index-th file; NULL when index >= count. */
const panrocks_file_info *panrocks_file_list_get(const panrocks_file_list *list, size_t index);
void panrocks_file_list_destroy(panrocks_file_list *list);

/* RocksDB's GetLiveFiles: the files (names only) that make up the DB now,
 * flushing the memtables first when flush_memtable (not on a read-only DB),
 * and the valid size of the current MANIFEST. */
int32_t panrocks_get_live_files(panrocks_db *db, int32_t flush_memtable, panrocks_file_list **list_out,
                                uint64_t *manifest_file_size, panrocks_error *error);

/* RocksDB's GetLiveFilesMetaData: every SST file of every family. */
int32_t panrocks_get_live_files_metadata(panrocks_db *db, panrocks_file_list **list_out,
                                         panrocks_error *error);

/* RocksDB's GetSortedWalFiles: the WAL files, oldest first. */
int32_t panrocks_get_sorted_wal_files(panrocks_db *db, panrocks_file_list **list_out,
                                      panrocks_error *error);

/* ---- SST files written outside a DB -------------------------------------------- */

/* The rocksdb::EnvOptions fields that matter for writing SST files. Start
 * from panrocks_env_options_init(). */
typedef struct panrocks_env_options {
    uint64_t bytes_per_sync;                /* 0: off */
    uint64_t writable_file_max_buffer_size;
    int32_t use_direct_writes;
    int32_t fallocate_with_keep_size;
} panrocks_env_options;

void panrocks_env_options_init(panrocks_env_options *options);

/* rocksdb::SstFileWriter: writes keys in the order of the family's
 * comparator into one SST file that any column family with compatible
 * options may ingest. One thread at a time. */
typedef struct panrocks_sst_writer panrocks_sst_writer;

/* A writer whose options are db_options (DBOptions string; NULL: defaults)
 * and family's options, table options and block cache (its name is not
 * used). env NULL: RocksDB's default EnvOptions. */
int32_t panrocks_sst_writer_create(const panrocks_env_options *env, const char *db_options,
                                   const panrocks_cf_descriptor *family, panrocks_sst_writer **writer_out,
                                   panrocks_error *error);
void panrocks_sst_writer_destroy(panrocks_sst_writer *writer);

/* Starts a new file at path (replacing one that exists). */
int32_t panrocks_sst_writer_open(panrocks_sst_writer *writer, const char *path, panrocks_error *error);

/* Adds one entry; keys must come in strictly ascending order (RocksDB's
 * InvalidArgument otherwise), range deletions in any order. Failing here
 * (no file open, say) leaves the writer as it was. */
int32_t panrocks_sst_writer_put(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                const char *value, size_t value_length, panrocks_error *error);
int32_t panrocks_sst_writer_merge(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                  const char *value, size_t value_length, panrocks_error *error);
int32_t panrocks_sst_writer_delete(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                   panrocks_error *error);
int32_t panrocks_sst_writer_delete_range(panrocks_sst_writer *writer, const char *begin, size_t begin_length,
                                         const char *end, size_t end_length, panrocks_error *error);

/* What a finished SST file holds. The slices point into the writer and stay
 * valid until its next open, finish or destroy. */
typedef struct panrocks_sst_file_info {
    panrocks_slice file_path;
    panrocks_slice smallest_key;
    panrocks_slice largest_key;
    panrocks_slice smallest_range_del_key;
    panrocks_slice largest_range_del_key;
    uint64_t sequence_number;
    uint64_t file_size;
    uint64_t num_entries;
    uint64_t num_range_del_entries;
    int32_t version;
    int32_t reserved;
} panrocks_sst_file_info;

/* Completes the file (RocksDB refuses a file with no entries); info, if not
 * NULL, receives what it holds. The writer may then open another file. */
int32_t panrocks_sst_writer_finish(panrocks_sst_writer *writer, panrocks_sst_file_info *info,
                                   panrocks_error *error);

/* Bytes written to the current file so far. */
int32_t panrocks_sst_writer_file_size(panrocks_sst_writer *writer, uint64_t *size, panrocks_error *error);

/* ---- ingestion ---------------------------------------------------------------- */

/* rocksdb::IngestExternalFileOptions. Zeroed memory is not the default:
 * start from panrocks_ingest_options_init(). */
typedef struct panrocks_ingest_options {
    uint64_t verify_checksums_readahead_size;
    int32_t move_files;
    int32_t failed_move_fall_back_to_copy;
    int32_t snapshot_consistency;
    int32_t allow_global_seqno;
    int32_t allow_blocking_flush;
    int32_t ingest_behind;
    int32_t write_global_seqno;
    int32_t verify_checksums_before_ingest;
    int32_t verify_file_checksum;
    int32_t fail_if_not_bottommost_level;
} panrocks_ingest_options;

/* Fills options with the engine's defaults (they differ between versions:
 * write_global_seqno was true up to RocksDB 8). */
void panrocks_ingest_options_init(panrocks_ingest_options *options);

/* Adds the SST files at paths[0..count) to cf (NULL: default) atomically.
 * options NULL: the engine's defaults. */
int32_t panrocks_ingest_external_files(panrocks_db *db, panrocks_cf *cf, const char *const *paths, size_t count,
                                       const panrocks_ingest_options *options, panrocks_error *error);

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

/* ---- TTL and secondary instances -------------------------------------------------- */

/* On a DB opened with PANROCKS_OPEN_TTL: creates a family whose entries
 * expire after ttl seconds (<= 0: never). NotSupported on other DBs. */
int32_t panrocks_create_column_family_with_ttl(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                               int32_t ttl, panrocks_cf **cf_out, panrocks_error *error);

/* On a DB opened with PANROCKS_OPEN_SECONDARY: replays what the primary
 * wrote since (MANIFEST and WALs). NotSupported on other DBs. */
int32_t panrocks_try_catch_up_with_primary(panrocks_db *db, panrocks_error *error);

/* ---- compacting chosen files (DB::CompactFiles) ------------------------------- */

/* rocksdb::CompactionOptions. Start from panrocks_compaction_options_init()
 * (the engine's defaults). */
typedef struct panrocks_compaction_options {
    uint64_t output_file_size_limit; /* bytes per output file; UINT64_MAX: one file */
    int32_t compression;             /* rocksdb::CompressionType; 0xff (kDisableCompressionOption):
                                        the family's compression for the output level */
    int32_t max_subcompactions;      /* 0: the DB's max_subcompactions */
} panrocks_compaction_options;

void panrocks_compaction_options_init(panrocks_compaction_options *options);

/* What a finished CompactFiles wrote: the output files' paths and the
 * engine's CompactionJobInfo. Read it, then destroy it. */
typedef struct panrocks_compaction_result panrocks_compaction_result;
/* defined in panrocks_callbacks.h, which panrocks.h includes after this header */
struct panrocks_compaction_info;

/* Compacts the SST files named input_files[0..input_count) of cf (NULL:
 * default) into output_level, on the calling thread, and waits for it.
 * A name is the file's number with the ".sst" suffix, with or without a
 * directory ("000012.sst", "/000012.sst", a full path). output_path_id
 * indexes the family's cf_paths (or the DB's db_paths when it has none;
 * -1: the only path); an index the family does not have is
 * PANROCKS_INVALID_ARGUMENT (RocksDB would read past its path list).
 * Unknown files, an empty list, a level the family does not have and a
 * file already being compacted are RocksDB's errors (InvalidArgument,
 * Aborted). On success *result_out receives what was written. */
int32_t panrocks_compact_files(panrocks_db *db, panrocks_cf *cf, const panrocks_compaction_options *options,
                               const char *const *input_files, size_t input_count, int32_t output_level,
                               int32_t output_path_id, panrocks_compaction_result **result_out,
                               panrocks_error *error);

/* The paths of the files the compaction wrote, in the engine's order. */
size_t panrocks_compaction_result_output_count(const panrocks_compaction_result *result);
/* Sets *path to the index-th output path (pointing into result); to an
 * empty slice when index >= count. */
void panrocks_compaction_result_output(const panrocks_compaction_result *result, size_t index,
                                       panrocks_slice *path);
/* Sets *info to the job as a listener would see it (panrocks_callbacks.h),
 * its details included; everything points into result and lives as long as
 * it. NULL for a NULL result. */
void panrocks_compaction_result_info(const panrocks_compaction_result *result,
                                     const struct panrocks_compaction_info **info);
void panrocks_compaction_result_destroy(panrocks_compaction_result *result);

/* ---- compaction thread limiters (rocksdb::ConcurrentTaskLimiter) ------------ */

/* A limit on how many compactions the column families given it
 * (panrocks_cf_descriptor.compaction_thread_limiter) run at once, together.
 * Each family takes its own reference, so the handle may be destroyed while
 * DBs use it. Its functions are safe from any thread, but the handle must
 * not be destroyed while another thread uses it. */
typedef struct panrocks_task_limiter panrocks_task_limiter;

/* max_outstanding_tasks < 0: no limit; 0: no compaction starts. name is copied. */
int32_t panrocks_task_limiter_create(const char *name, int32_t max_outstanding_tasks,
                                     panrocks_task_limiter **limiter_out, panrocks_error *error);
void panrocks_task_limiter_destroy(panrocks_task_limiter *limiter);
/* The name: min(length, capacity) bytes into buffer (may be NULL); returns the full length. */
size_t panrocks_task_limiter_name(const panrocks_task_limiter *limiter, char *buffer, size_t capacity);
/* < 0: no limit; 0: no new compaction starts (running ones finish). */
void panrocks_task_limiter_set_max_outstanding_tasks(panrocks_task_limiter *limiter, int32_t limit);
/* Back to no limit. */
void panrocks_task_limiter_reset_max_outstanding_tasks(panrocks_task_limiter *limiter);
/* Compactions running under the limit now; 0 for NULL. */
int32_t panrocks_task_limiter_outstanding_tasks(const panrocks_task_limiter *limiter);

/* ---- column family export and import ---------------------------------------- */

/* What an export wrote (rocksdb::ExportImportFilesMetaData): the SST files
 * of one column family in the export directory, and the name of the
 * comparator they are sorted by. Any number of imports may read it; read
 * it, then destroy it. */
typedef struct panrocks_export panrocks_export;

/* Checkpoint::ExportColumnFamily: flushes cf (NULL: default), then hard
 * links (or copies) its SST files into dir, which must not exist
 * (InvalidArgument); RocksDB stages them in dir's path + ".tmp". */
int32_t panrocks_export_column_family(panrocks_db *db, panrocks_cf *cf, const char *dir,
                                      panrocks_export **export_out, panrocks_error *error);
/* Sets *name to the comparator's name (pointing into exported); empty for NULL. */
void panrocks_export_comparator_name(const panrocks_export *exported, panrocks_slice *name);
/* The exported files (panrocks_file_info's metadata fields; directory: the
 * export directory), as a list the caller destroys. */
int32_t panrocks_export_files(const panrocks_export *exported, panrocks_file_list **list_out,
                              panrocks_error *error);
void panrocks_export_destroy(panrocks_export *exported);

/* DB::CreateColumnFamilyWithImport: creates the family descriptor names
 * with the files of exports[0..export_count) (their user keys must not
 * overlap across exports), hard linked or copied, or moved with move_files.
 * The exports may be destroyed afterwards. NotSupported on a read-only DB
 * and on a DB opened with TTL. */
int32_t panrocks_create_column_family_with_import(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                                  int32_t move_files, const panrocks_export *const *exports,
                                                  size_t export_count, panrocks_cf **cf_out,
                                                  panrocks_error *error);

#endif /* PANROCKS_OPS_H */
