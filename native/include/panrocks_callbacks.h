/*
 * panrocks_callbacks.h - code outside the engine called by the engine:
 * comparators, merge operators, compaction filters (through their factory)
 * and event listeners whose logic lives behind C function pointers (in
 * panrocks: upcall stubs into the JVM). Included by panrocks.h; the
 * conventions there apply. This header holds what every kind shares (the
 * callback handle, results written by a callback, closing a DB that has
 * callbacks); each kind's spec and create call are in its own header:
 * panrocks_comparator.h, panrocks_merge_operator.h,
 * panrocks_compaction_filter.h, panrocks_listener.h, panrocks_logger.h.
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

#endif /* PANROCKS_CALLBACKS_H */
