/*
 * panrocks_db.h - the library and the DB handle: versions, the engine's
 * option defaults, opening and closing a DB, destroying a DB's files,
 * resuming after a background error, the last sequence number, and a
 * secondary instance catching up.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_DB_H
#define PANROCKS_DB_H

/* ---- library ----------------------------------------------------------- */

/* PANROCKS_ABI_VERSION of the compiled library. */
uint32_t panrocks_abi_version(void);

/* Version of the RocksDB engine linked at run time, "major.minor.patch".
 * Static storage; never freed. */
const char *panrocks_engine_version(void);

/* ---- option defaults -------------------------------------------------- */

#define PANROCKS_OPTIONS_DB 0
#define PANROCKS_OPTIONS_COLUMN_FAMILY 1
#define PANROCKS_OPTIONS_BLOCK_BASED_TABLE 2

/* The engine's default DBOptions, ColumnFamilyOptions or
 * BlockBasedTableOptions as an option string ("name=value;..."), as
 * rocksdb::GetStringFromDBOptions & co. write them. Copies
 * min(size, capacity) bytes and reports the full size. */
int32_t panrocks_default_options(int32_t kind, char *buffer, size_t capacity, uint64_t *size,
                                 panrocks_error *error);

/* ---- open / close ------------------------------------------------------ */

#define PANROCKS_OPEN_READ_WRITE 0
#define PANROCKS_OPEN_READ_ONLY 1
/* Open modes of feature areas take values of their own (16 and up here),
 * so that modes added on parallel branches cannot collide silently. */
#define PANROCKS_OPEN_TTL 16            /* DBWithTTL, read-write: ttls */
#define PANROCKS_OPEN_TTL_READ_ONLY 17  /* DBWithTTL over a read-only DB: ttls */
#define PANROCKS_OPEN_SECONDARY 18      /* a secondary instance: secondary_path */

/* One column family to open. The option strings use RocksDB's own option
 * string syntax (rocksdb/convenience.h), e.g. "write_buffer_size=4194304". */
typedef struct panrocks_cf_descriptor {
    const char *name;            /* "default" for the default family */
    const char *options;         /* ColumnFamilyOptions string; NULL: defaults */
    const char *table_options;   /* BlockBasedTableOptions string; NULL: defaults */
    panrocks_cache *block_cache; /* NULL: RocksDB's default cache */
    /* cf_paths (panrocks_db_path, below): where the family's SST files go; 0/NULL: the DB's paths */
    size_t cf_path_count;
    const struct panrocks_db_path *cf_paths;
    /* compaction_thread_limiter (panrocks_compaction.h): shared by the families
     * given it, which take their own reference; NULL: none */
    struct panrocks_task_limiter *compaction_thread_limiter;
    /* BlockBasedTableOptions::cache_usage_options: for each
     * rocksdb::CacheEntryRole r, bits 2r..2r+1 of cache_charging say whether
     * the memory of that role is charged to the block cache
     * (CacheEntryRoleOptions::charged): PANROCKS_CHARGE_FALLBACK (the
     * engine's default), _ENABLED or _DISABLED. 0: every role as the engine
     * decides. The engine refuses a decision for a role it cannot charge. */
    uint32_t cache_charging;
    int32_t reserved_charging;
} panrocks_cf_descriptor;

#define PANROCKS_CHARGE_FALLBACK 0
#define PANROCKS_CHARGE_ENABLED 1
#define PANROCKS_CHARGE_DISABLED 2

typedef struct panrocks_open_request {
    const char *path;
    const char *db_options;      /* DBOptions string; NULL: defaults */
    int32_t mode;                /* PANROCKS_OPEN_* */
    int32_t error_if_wal_file_exists; /* read-only mode only */
    int32_t enable_statistics;   /* create a Statistics object for the DB */
    int32_t reserved;
    size_t cf_count;             /* 0: the default family only */
    const panrocks_cf_descriptor *cfs;
    /* PANROCKS_OPEN_SECONDARY: where the secondary keeps its own files (info
     * log); path is the primary's directory. NULL otherwise. */
    const char *secondary_path;
    /* PANROCKS_OPEN_TTL*: time to live in seconds of each family in cfs
     * (max(cf_count, 1) entries; <= 0: forever). NULL: forever for all. */
    const int32_t *ttls;
    /* Shared objects (statistics, write buffer manager, rate limiter, SST
     * file manager, row cache, environment) the DB takes a reference to;
     * NULL: none.
     * Defined in panrocks_resources.h. */
    const struct panrocks_open_resources *resources;
    /* db_paths (panrocks_db_path, below): where SST files go, each up to its
     * target size; 0/NULL: the DB's directory */
    size_t db_path_count;
    const struct panrocks_db_path *db_paths;
} panrocks_open_request;

/* Opens a DB. On success *db_out is set and, when cf_count > 0,
 * cf_handles_out[i] receives the handle of cfs[i] (owned by the DB). */
int32_t panrocks_open(const panrocks_open_request *request,
                      panrocks_db **db_out,
                      panrocks_cf **cf_handles_out,
                      panrocks_error *error);

/* Closes the DB and frees it and all its column family handles, even when
 * RocksDB reports an error while closing (which is then returned). Every
 * pin, iterator and snapshot of the DB must have been released before. */
int32_t panrocks_close(panrocks_db *db, panrocks_error *error);

/* The default column family of an open DB. */
panrocks_cf *panrocks_default_cf(panrocks_db *db);

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

/* DB::Resume: brings a DB that a background error (a full disk, a failed
 * flush or compaction) made read-only back to writing, once the cause is
 * gone; the error again if it is not. OK on a DB without such an error.
 * A writable DB resumes by itself from a full disk (NoSpace): a thread of
 * the DB's calls this every second until it succeeds or the DB closes, in
 * place of RocksDB's own recovery, during which a writer met by a write
 * stop waited without a time limit; with panrocks' it fails at once with
 * RocksDB's Incomplete or the NoSpace error. */
int32_t panrocks_resume(panrocks_db *db, panrocks_error *error);

/* The sequence number of the last write. */
int32_t panrocks_latest_sequence_number(panrocks_db *db, uint64_t *sequence, panrocks_error *error);

/* On a DB opened with PANROCKS_OPEN_SECONDARY: replays what the primary
 * wrote since (MANIFEST and WALs). NotSupported on other DBs. */
int32_t panrocks_try_catch_up_with_primary(panrocks_db *db, panrocks_error *error);

#endif /* PANROCKS_DB_H */
