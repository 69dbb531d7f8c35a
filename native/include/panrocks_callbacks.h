/*
 * panrocks_callbacks.h - code outside the engine called by the engine:
 * comparators, merge operators, compaction filters (through their factory)
 * and event listeners whose logic lives behind C function pointers (in
 * panrocks: upcall stubs into the JVM). Included by panrocks.h; the
 * conventions there apply.
 *
 * How a callback reaches a DB. panrocks_<kind>_create() takes a spec (the
 * function pointers and an opaque context handed back to every call) and
 * returns a callback handle. Its ID, "panrocks.callback.<n>"
 * (panrocks_callback_id), is what an option string names:
 *
 *   comparator=panrocks.callback.7              column family options
 *   merge_operator=panrocks.callback.8          column family options
 *   compaction_filter_factory=panrocks.callback.9   column family options
 *   listeners=panrocks.callback.10              DB options (several: a:b)
 *
 * RocksDB's own option parser resolves the ID (the library registers a
 * factory for the pattern in RocksDB's object registry), so every function
 * that takes option strings (panrocks_open, panrocks_create_column_family)
 * accepts callbacks without a signature of its own.
 *
 * Lifetime. The handle (and what its function pointers point to) must stay
 * valid until every DB that named it is closed (panrocks_close returned):
 * the engine calls comparators, merge operators and listeners until then,
 * and after a failed open nothing refers to it any more. A handle is meant
 * for one DB: the comparator's failure state (below) is that DB's.
 * panrocks_callback_destroy unregisters the ID at once (a later option
 * string naming it fails with InvalidArgument).
 *
 * Threads. Every function pointer may be called on any thread: the
 * caller's thread inside a read or write (comparators, merge operators),
 * RocksDB's flush and compaction threads (all kinds), several at once.
 * A function pointer must not unwind (C++ exceptions, longjmp) and must
 * return.
 *
 * Failure. A function that cannot do its work returns
 * PANROCKS_UPCALL_FAILED (or, for void functions, nothing: the engine does
 * not notice). Then:
 *   - comparator: the engine needs an answer, so the pair is ordered
 *     bytewise; and the DB is failed: from then on the DB refuses every
 *     file write (WAL records, flushes, compactions) with an IOError that
 *     names the comparator, which RocksDB turns into its background error
 *     (the DB becomes read-only until reopened). A failed shortening keeps
 *     the key as it is (always correct), as does a result outside the
 *     allowed range.
 *   - full merge: the merge fails, as RocksDB defines it: the read that
 *     needed it fails with Corruption (subcode MergeOperatorFailed on newer
 *     engines), a flush or compaction that needed it fails and becomes a
 *     background error. A failed partial merge keeps the operands.
 *   - compaction filter: the key is kept unchanged. A failed filter
 *     creation compacts without a filter.
 *   - listener: ignored.
 * panrocks_callback_failures counts the failures of a callback.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_CALLBACKS_H
#define PANROCKS_CALLBACKS_H

/* What a function pointer returns when it failed (its code threw). */
#define PANROCKS_UPCALL_FAILED (-2147483647 - 1)

/* A comparator, merge operator, compaction filter factory or listener. */
typedef struct panrocks_callback panrocks_callback;

/* Copies min(size, capacity) bytes of the callback's ID
 * ("panrocks.callback.<n>", no NUL) into buffer; returns its full size. */
size_t panrocks_callback_id(const panrocks_callback *callback, char *buffer, size_t capacity);

/* How many calls of this callback failed so far. */
uint64_t panrocks_callback_failures(const panrocks_callback *callback);

/* Records why the callback failed (for a comparator: the message of the
 * IOError its DB reports from now on), and fails a comparator's DB. Meant
 * to be called by a failing function pointer before it returns
 * PANROCKS_UPCALL_FAILED; the message is copied. */
int32_t panrocks_callback_set_failure(panrocks_callback *callback, const char *message, size_t length,
                                      panrocks_error *error);

/* Unregisters and frees the callback; after every DB using it is closed.
 * NULL is tolerated. */
void panrocks_callback_destroy(panrocks_callback *callback);

/* Starts a close: running compactions (manual ones included) stop at their
 * next entry, flushes at their next check, and no new background work
 * starts (RocksDB's DisableManualCompaction, then
 * CancelAllBackgroundWork(wait = false)). Returns without waiting. Calls
 * may still be in progress; after it, only panrocks_close is meant to
 * follow. Lets a close wait for one slow callback at most, not for a
 * compaction of a whole column family through a slow filter. */
int32_t panrocks_close_begin(panrocks_db *db, panrocks_error *error);

/* Keeps a JVM's exit from hanging once callbacks ran on RocksDB's threads.
 * Such a thread is attached to the JVM by its first upcall and detaches
 * when it ends; at exit, RocksDB's static thread pools end and join their
 * threads after the JVM has stopped, so the detach waits for the JVM
 * forever and the join for the detach. Installs (once; later calls do
 * nothing) an exit handler that runs before those static destructors:
 * it flushes stdio and ends the process with the exit status at once (no
 * C++ static destructor registered before it runs; open DBs were never
 * closed by them anyway). Meant for processes that run callbacks through
 * upcalls; plain C programs have no reason to call it. With glibc only
 * (on_exit gives the handler the exit status); elsewhere it does nothing. */
void panrocks_install_exit_guard(void);

/* ---- results written by a callback -------------------------------------- */

/* Where a merge or a filter's changed value goes. The engine provides
 * buffer (capacity bytes, 64 to start with); the function writes its value
 * there and sets size, after growing the buffer with
 * panrocks_result_reserve when it needs more room (earlier buffers stay
 * allocated until the call returns, so a pointer kept into one is harmless,
 * but no longer the value). Instead of writing, a merge may name an input
 * as its result (no copy): source = one of the constants below, or the
 * index of an operand. */
typedef struct panrocks_result {
    char *buffer;
    size_t capacity;
    size_t size;        /* set by the function: bytes of buffer that are the value */
    int32_t source;     /* set by the function; PANROCKS_RESULT_BUFFER when it wrote */
    int32_t reserved;
    void *internal;     /* the engine's string behind buffer; do not touch */
} panrocks_result;

#define PANROCKS_RESULT_BUFFER (-1)
#define PANROCKS_RESULT_EXISTING_VALUE (-2)

/* Grows result's buffer to at least capacity bytes, keeping its contents;
 * updates buffer and capacity. Only during the call that received result. */
int32_t panrocks_result_reserve(panrocks_result *result, size_t capacity, panrocks_error *error);

/* ---- comparators ----------------------------------------------------------- */

/* Orders a before b: < 0, 0 or > 0 (or PANROCKS_UPCALL_FAILED). */
typedef int32_t (*panrocks_compare_fn)(void *context, const char *a, size_t a_length, const char *b,
                                       size_t b_length);

/* Shortens key: writes a shorter key into out (at most capacity bytes) and
 * returns its length, or returns -1 to keep key as it is (or
 * PANROCKS_UPCALL_FAILED). As a separator (limit not NULL, key < limit):
 * the result must be >= key and < limit. As a successor (limit NULL): the
 * result must be >= key. A result outside that range is ignored. */
typedef int64_t (*panrocks_shorten_fn)(void *context, const char *key, size_t key_length, const char *limit,
                                       size_t limit_length, char *out, size_t capacity);

typedef struct panrocks_comparator_spec {
    const char *name;                       /* persisted in the DB; checked at every open */
    void *context;
    panrocks_compare_fn compare;
    panrocks_shorten_fn shortest_separator; /* NULL: keys are never shortened */
    panrocks_shorten_fn short_successor;    /* NULL: keys are never shortened */
} panrocks_comparator_spec;

int32_t panrocks_comparator_create(const panrocks_comparator_spec *spec, panrocks_callback **callback_out,
                                   panrocks_error *error);

/* ---- merge operators -------------------------------------------------------- */

/* Full merge: the existing value (NULL when there is none) and the
 * operands, oldest first, into result. Returns 1 when merged, 0 when the
 * merge fails (or PANROCKS_UPCALL_FAILED). */
typedef int32_t (*panrocks_full_merge_fn)(void *context, const char *key, size_t key_length,
                                          const char *existing_value, size_t existing_length,
                                          const panrocks_slice *operands, size_t operand_count,
                                          panrocks_result *result);

/* Partial merge of two or more operands, oldest first, into one operand.
 * Returns 1 when merged, 0 when they cannot be combined (they are kept). */
typedef int32_t (*panrocks_partial_merge_fn)(void *context, const char *key, size_t key_length,
                                             const panrocks_slice *operands, size_t operand_count,
                                             panrocks_result *result);

/* One step of an associative operator: left (NULL when there is none: no
 * existing value) combined with right into result; the engine folds the
 * operands with it, and uses it for partial merges too.
 * PANROCKS_RESULT_EXISTING_VALUE names left as the result, 0 names right.
 * Returns 1 when merged, 0 when it fails. */
typedef int32_t (*panrocks_associative_merge_fn)(void *context, const char *key, size_t key_length,
                                                 const char *left, size_t left_length, const char *right,
                                                 size_t right_length, panrocks_result *result);

typedef struct panrocks_merge_operator_spec {
    const char *name;
    void *context;
    panrocks_full_merge_fn full_merge;               /* exactly one of full_merge */
    panrocks_associative_merge_fn associative_merge; /* and associative_merge */
    panrocks_partial_merge_fn partial_merge;         /* NULL: none (ignored when associative) */
    int32_t allow_single_operand;                    /* partial merge of one operand too */
    int32_t reserved;
} panrocks_merge_operator_spec;

int32_t panrocks_merge_operator_create(const panrocks_merge_operator_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error);

/* ---- compaction filters ------------------------------------------------------ */

/* Why a filter is created: rocksdb::TableFileCreationReason. */
#define PANROCKS_FILTER_REASON_FLUSH 0
#define PANROCKS_FILTER_REASON_COMPACTION 1
#define PANROCKS_FILTER_REASON_RECOVERY 2
#define PANROCKS_FILTER_REASON_MISC 3

typedef struct panrocks_filter_context {
    int32_t is_full_compaction;
    int32_t is_manual_compaction;
    uint32_t column_family_id;
    int32_t reason;             /* PANROCKS_FILTER_REASON_* */
} panrocks_filter_context;

/* The decisions of a filter. */
#define PANROCKS_FILTER_KEEP 0
#define PANROCKS_FILTER_REMOVE 1
#define PANROCKS_FILTER_CHANGE_VALUE 2

/* What a filtered entry is. */
#define PANROCKS_VALUE_TYPE_VALUE 0
#define PANROCKS_VALUE_TYPE_MERGE_OPERAND 1

/* A filter for one compaction (called by one thread at a time): returns a
 * token > 0 that names it in the calls below, 0 for no filter, or
 * PANROCKS_UPCALL_FAILED (no filter). */
typedef int64_t (*panrocks_create_filter_fn)(void *context, const panrocks_filter_context *filter_context);

/* Decides one entry: PANROCKS_FILTER_KEEP, _REMOVE, or _CHANGE_VALUE with
 * the new value written to new_value (as a merge writes its result).
 * Anything else (PANROCKS_UPCALL_FAILED) keeps the entry. */
typedef int32_t (*panrocks_filter_fn)(void *context, int64_t filter, int32_t level, const char *key,
                                      size_t key_length, int32_t value_type, const char *value,
                                      size_t value_length, panrocks_result *new_value);

/* The compaction is over: the token is not used again. */
typedef void (*panrocks_release_filter_fn)(void *context, int64_t filter);

typedef struct panrocks_filter_factory_spec {
    const char *name;
    void *context;
    panrocks_create_filter_fn create_filter;
    panrocks_filter_fn filter;
    panrocks_release_filter_fn release_filter;
} panrocks_filter_factory_spec;

int32_t panrocks_filter_factory_create(const panrocks_filter_factory_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error);

/* ---- event listeners ------------------------------------------------------------ */

/* Events, as bits of panrocks_listener_spec.events. */
#define PANROCKS_EVENT_FLUSH_COMPLETED 1
#define PANROCKS_EVENT_COMPACTION_COMPLETED 2
#define PANROCKS_EVENT_BACKGROUND_ERROR 4
#define PANROCKS_EVENT_STALL_CONDITIONS_CHANGED 8

/* rocksdb::WriteStallCondition, numbered by panrocks. */
#define PANROCKS_STALL_NORMAL 0
#define PANROCKS_STALL_DELAYED 1
#define PANROCKS_STALL_STOPPED 2

/* A flush finished (rocksdb::FlushJobInfo). Strings are not NUL-terminated
 * and valid during the call only. Reasons are rocksdb::FlushReason. */
typedef struct panrocks_flush_info {
    panrocks_slice cf_name;
    panrocks_slice file_path;
    uint32_t cf_id;
    int32_t job_id;
    uint64_t thread_id;
    uint64_t smallest_seqno;
    uint64_t largest_seqno;
    uint64_t num_entries;        /* of the file written */
    uint64_t file_size;          /* data size of the file written */
    int32_t flush_reason;
    int32_t triggered_writes_slowdown;
    int32_t triggered_writes_stop;
    int32_t reserved;
} panrocks_flush_info;

/* A compaction finished, well or not (rocksdb::CompactionJobInfo).
 * Reasons are rocksdb::CompactionReason. */
typedef struct panrocks_compaction_info {
    panrocks_slice cf_name;
    panrocks_slice status_message;
    uint32_t cf_id;
    int32_t job_id;
    uint64_t thread_id;
    int32_t base_input_level;
    int32_t output_level;
    int32_t compaction_reason;
    int32_t status_code;         /* PANROCKS_OK or a status code */
    int32_t status_subcode;
    int32_t reserved;
    uint64_t input_files;
    uint64_t output_files;
    uint64_t input_records;
    uint64_t output_records;
    uint64_t total_input_bytes;
    uint64_t total_output_bytes;
    uint64_t elapsed_micros;
    const panrocks_compaction_details *details; /* the full stats and file names */
} panrocks_compaction_info;

/* The DB hit a background error (rocksdb::BackgroundErrorReason). */
typedef struct panrocks_background_error_info {
    panrocks_slice message;
    int32_t reason;
    int32_t code;
    int32_t subcode;
    int32_t severity;
} panrocks_background_error_info;

/* Writes of a column family became delayed, stopped or normal again. */
typedef struct panrocks_stall_info {
    panrocks_slice cf_name;
    int32_t current_condition;   /* PANROCKS_STALL_* */
    int32_t previous_condition;
} panrocks_stall_info;

/* One event: info points at the struct of that event, valid during the call. */
typedef void (*panrocks_event_fn)(void *context, int32_t event, const void *info);

typedef struct panrocks_listener_spec {
    const char *name;
    void *context;
    panrocks_event_fn on_event;
    uint32_t events;             /* PANROCKS_EVENT_* bits: the others are never delivered */
    uint32_t reserved;
} panrocks_listener_spec;

int32_t panrocks_listener_create(const panrocks_listener_spec *spec, panrocks_callback **callback_out,
                                 panrocks_error *error);

#endif /* PANROCKS_CALLBACKS_H */
