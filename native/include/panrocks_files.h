/*
 * panrocks_files.h - a DB's files: keeping obsolete files, the live
 * files, their metadata and the WAL files as file lists, and ingesting
 * SST files written outside a DB.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_FILES_H
#define PANROCKS_FILES_H

/* ---- live files ---------------------------------------------------------------- */

/* Stops RocksDB from deleting obsolete files (counted: each call needs an
 * enable). */
int32_t panrocks_disable_file_deletions(panrocks_db *db, panrocks_error *error);

/* Undoes one disable; with force, undoes all of them (on engines whose
 * EnableFileDeletions lost its force flag, by enabling until the DB reports
 * deletions enabled). */
int32_t panrocks_enable_file_deletions(panrocks_db *db, int32_t force, panrocks_error *error);

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

#endif /* PANROCKS_FILES_H */
