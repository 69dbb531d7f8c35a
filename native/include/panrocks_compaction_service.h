/*
 * panrocks_compaction_service.h - remote compaction: a compaction service
 * whose logic lives behind C function pointers (in panrocks: upcall stubs
 * into the JVM), given to a DB at open (RocksDB's
 * DBOptions::compaction_service, through
 * panrocks_open_resources.compaction_service), and the worker's side,
 * RocksDB's DB::OpenAndCompact. Included by panrocks.h; the conventions
 * there and in panrocks_callbacks.h (threads, no unwinding) apply.
 *
 * The primary. For each (sub)compaction RocksDB serializes what to compact
 * (the input files, the key range, the snapshots) into an opaque input and
 * calls schedule, then wait with the ID schedule gave, both on the
 * compaction's background thread. A service that answers SUCCESS from wait
 * hands back the result that DB::OpenAndCompact produced on the worker; the
 * primary renames the worker's output files (the result names the output
 * directory) into the DB and installs them. What RocksDB does with the other
 * answers (db/compaction/compaction_service_job.cc):
 *   - USE_LOCAL (from schedule or wait): the compaction runs locally.
 *   - FAILURE: the compaction fails with Incomplete ("CompactionService
 *     failed ...") or with the status the worker's result carries; the
 *     inputs stay as they are (nothing is lost). RocksDB takes it, for a
 *     manual compaction too, for a fatal background error: the DB refuses
 *     writes (and Resume) until it is reopened.
 *   - ABORTED: as FAILURE, with Aborted.
 *   - SUCCESS from wait with a result that does not parse: RocksDB falls
 *     back to a local compaction (and tells on_installation USE_LOCAL).
 * A function that fails (returns PANROCKS_UPCALL_FAILED: its code threw)
 * or returns no PANROCKS_COMPACTION_JOB_* value counts as USE_LOCAL: the
 * DB can always do the job itself, where FAILURE would fail it. cancel_awaiting_jobs is called by CancelAllBackgroundWork (a
 * close's first step): waits in progress should then return promptly, or
 * the close waits for them.
 *
 * Lifetime: the handle must stay valid until every DB that uses it is
 * closed (the DB keeps its own reference to the engine object; after
 * panrocks_compaction_service_destroy it answers USE_LOCAL without calling
 * any function).
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_COMPACTION_SERVICE_H
#define PANROCKS_COMPACTION_SERVICE_H

/* rocksdb::CompactionServiceJobStatus, by meaning. */
#define PANROCKS_COMPACTION_JOB_SUCCESS 0
#define PANROCKS_COMPACTION_JOB_FAILURE 1
#define PANROCKS_COMPACTION_JOB_ABORTED 2
#define PANROCKS_COMPACTION_JOB_USE_LOCAL 3

typedef struct panrocks_compaction_service panrocks_compaction_service;

/* Bytes a function hands back (a job ID, a result): set with
 * panrocks_compaction_bytes_set during the call that received it. */
typedef struct panrocks_compaction_bytes panrocks_compaction_bytes;

/* rocksdb::CompactionServiceJobInfo. Strings are not NUL-terminated and
 * valid during the call only. */
typedef struct panrocks_compaction_job_info {
    const char *db_name;
    size_t db_name_length;
    const char *db_id;
    size_t db_id_length;
    const char *db_session_id;
    size_t db_session_id_length;
    const char *cf_name;
    size_t cf_name_length;
    uint64_t job_id;           /* unique within the DB's session only */
    uint32_t cf_id;
    int32_t priority;          /* PANROCKS_PRIORITY_* (panrocks_resources.h) */
    int32_t compaction_reason; /* rocksdb::CompactionReason's value */
    int32_t is_full_compaction;
    int32_t is_manual_compaction;
    int32_t bottommost_level;
    int32_t base_input_level;
    int32_t output_level;
} panrocks_compaction_job_info;

/* Schedules the job: input (input_length bytes, valid during the call) is
 * what the worker's DB::OpenAndCompact needs. Returns a
 * PANROCKS_COMPACTION_JOB_* status; with SUCCESS the function must have set
 * the job's ID in job_id (the ID wait receives). */
typedef int32_t (*panrocks_compaction_schedule_fn)(void *context, const panrocks_compaction_job_info *info,
                                                   const char *input, size_t input_length,
                                                   panrocks_compaction_bytes *job_id);

/* Waits for the job's end; returns a PANROCKS_COMPACTION_JOB_* status and,
 * with SUCCESS (or FAILURE, if the worker produced one), sets the worker's
 * result in result. May block as long as the worker takes. */
typedef int32_t (*panrocks_compaction_wait_fn)(void *context, const char *job_id, size_t job_id_length,
                                               panrocks_compaction_bytes *result);

/* CancelAwaitingJobs: waits in progress should end soon. */
typedef void (*panrocks_compaction_cancel_fn)(void *context);

/* OnInstallation: what became of a job whose wait answered (status
 * PANROCKS_COMPACTION_JOB_*: SUCCESS installed, USE_LOCAL the result was
 * refused and the job ran locally, FAILURE its files could not be taken). */
typedef void (*panrocks_compaction_installed_fn)(void *context, const char *job_id, size_t job_id_length,
                                                 int32_t status);

typedef struct panrocks_compaction_service_spec {
    const char *name;                              /* RocksDB's Name(); copied */
    void *context;                                 /* handed back to every call */
    panrocks_compaction_schedule_fn schedule;      /* required */
    panrocks_compaction_wait_fn wait;              /* required */
    panrocks_compaction_cancel_fn cancel_awaiting_jobs; /* may be NULL */
    panrocks_compaction_installed_fn on_installation;   /* may be NULL */
} panrocks_compaction_service_spec;

int32_t panrocks_compaction_service_create(const panrocks_compaction_service_spec *spec,
                                           panrocks_compaction_service **service_out, panrocks_error *error);

/* Copies min(size, capacity) bytes of the service's name (no NUL) into
 * buffer; returns its full size. */
size_t panrocks_compaction_service_name(const panrocks_compaction_service *service, char *buffer, size_t capacity);

/* How many times each function was called and how many calls failed
 * (PANROCKS_UPCALL_FAILED or an unknown status), into counts (5 entries):
 * schedule, wait, cancel_awaiting_jobs, on_installation, failures. */
void panrocks_compaction_service_counts(const panrocks_compaction_service *service, uint64_t *counts);

/* After every DB that uses it is closed; NULL is tolerated. */
void panrocks_compaction_service_destroy(panrocks_compaction_service *service);

/* Sets the bytes a function hands back (copied). Only during that call. */
int32_t panrocks_compaction_bytes_set(panrocks_compaction_bytes *bytes, const char *data, size_t size,
                                      panrocks_error *error);

/* ---- the worker: DB::OpenAndCompact ---------------------------------------- */

/* A cancel flag (OpenAndCompactOptions::canceled): set from any thread, it
 * stops the OpenAndCompact calls given it at their next check (they fail
 * with Incomplete, subcode ManualCompactionPaused). */
typedef struct panrocks_compaction_cancel panrocks_compaction_cancel;

int32_t panrocks_compaction_cancel_create(panrocks_compaction_cancel **cancel_out, panrocks_error *error);
void panrocks_compaction_cancel_set(panrocks_compaction_cancel *cancel, int32_t canceled);
int32_t panrocks_compaction_cancel_get(const panrocks_compaction_cancel *cancel);
/* After every call given it returned; NULL is tolerated. */
void panrocks_compaction_cancel_destroy(panrocks_compaction_cancel *cancel);

typedef struct panrocks_open_and_compact_request {
    const char *db_path;            /* the primary's DB directory (read only) */
    const char *output_directory;   /* where the output files (and progress) go */
    const char *input;              /* what schedule received */
    size_t input_length;
    int32_t allow_resumption;       /* OpenAndCompactOptions::allow_resumption */
    int32_t reserved;
    panrocks_compaction_cancel *cancel; /* NULL: not cancelable */
    /* The column family's options, as for an open (its options string, its
     * table options, its block cache): what the override takes from them,
     * RocksDB's CompactionServiceOptionsOverride: comparator, merge
     * operator, compaction filter and filter factory, prefix extractor,
     * table factory, SST partitioner, table properties collectors. They
     * must be the primary's. NULL: RocksDB's defaults. */
    const panrocks_cf_descriptor *family;
    /* DB options the worker's DB takes over the primary's OPTIONS file
     * (CompactionServiceOptionsOverride::options_map), "k=v;k=v"; NULL:
     * none. */
    const char *options_map;
    panrocks_stats *statistics;     /* the worker's tickers go here; NULL: none */
    struct panrocks_callback *info_log; /* a logger (panrocks_logger.h); NULL: RocksDB's own */
} panrocks_open_and_compact_request;

/* DB::OpenAndCompact: runs the compaction the input describes over the
 * primary's files, writing its output files into output_directory, and
 * hands the result (what the primary's wait gives back) in *result_out
 * (panrocks_tables.h's blob: read it, destroy it). On a failure of the
 * compaction, RocksDB's status, and *result_out stays NULL. */
int32_t panrocks_open_and_compact(const panrocks_open_and_compact_request *request, panrocks_blob **result_out,
                                  panrocks_error *error);

#endif /* PANROCKS_COMPACTION_SERVICE_H */
