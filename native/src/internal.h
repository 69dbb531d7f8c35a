// Shared plumbing of the stub layer: the concrete types behind the opaque
// handles, Status -> error record conversion, and the exception barrier.
#ifndef PANROCKS_INTERNAL_H
#define PANROCKS_INTERNAL_H

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#include <rocksdb/cache.h>
#include <rocksdb/concurrent_task_limiter.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/slice.h>
#include <rocksdb/statistics.h>
#include <rocksdb/table_properties.h>

// The C ABI is all the library exports: the stub is compiled with hidden
// visibility (CMakeLists.txt), and its functions take theirs from these
// declarations. (On ELF the version script says the same; on Mach-O this is
// what says it; Windows exports what the module-definition file lists.)
#pragma GCC visibility push(default)
#include "panrocks.h"
#pragma GCC visibility pop

// The stub's thread-locals: plain pointers and counters, constant-initialized
// (__thread: no TLS wrapper function). On glibc they use the initial-exec
// model, as the engine's do (scripts/build-engine.sh, native/engine/README.md):
// one load from the thread pointer instead of a __tls_get_addr call. musl
// refuses initial-exec TLS in a library loaded by dlopen.
#if defined(__GLIBC__)
#define PANROCKS_THREAD_LOCAL __thread __attribute__((tls_model("initial-exec")))
#else
#define PANROCKS_THREAD_LOCAL __thread
#endif

namespace rocksdb {
struct CompactionJobInfo;
struct LiveFileMetaData;
class OptimisticTransactionDB;
class Transaction;
class TransactionDB;
class WriteBatchWithIndex;
}  // namespace rocksdb
namespace panrocks {
// callbacks.cc: what a DB's callbacks share (a comparator's failure fails the DB).
struct CallbackHealth;
struct IOActivityCounters;
// space_recovery.cc: resumes a DB stopped by a full disk, in place of RocksDB's own recovery.
class SpaceRecovery;
}  // namespace panrocks

// A list of files built for the caller (panrocks_files.h).
struct panrocks_file_list {
    std::deque<std::string> strings;  // stable addresses: the slices point here
    std::vector<panrocks_file_info> files;

    panrocks_slice keep(std::string s) {
        strings.push_back(std::move(s));
        const std::string &kept = strings.back();
        return panrocks_slice{kept.data(), kept.size()};
    }
    panrocks_file_info &add() {
        files.push_back(panrocks_file_info{});
        return files.back();
    }
};

// Bytes made for the caller (panrocks_tables.h).
struct panrocks_blob {
    std::string bytes;
};

struct panrocks_cf {
    rocksdb::ColumnFamilyHandle *handle;
    // Merged values are built per entry; without an operator every value an
    // iterator returns with pin_data lives as long as the iterator.
    // (also set for families with blob files in their options at the open,
    // see values_built_per_entry; blob files left from another configuration,
    // or turned on later by SetOptions, each iterator finds for itself:
    // panrocks_iterator::check_each_value)
    bool has_merge_operator = false;
    // The family was opened without a merge operator: it has the stand-in
    // (merge_operator.cc), and panrocks refuses merges into it as RocksDB
    // refuses them into a family without one.
    bool merges_refused = false;
};

struct panrocks_db {
    rocksdb::DB *db = nullptr;
    bool read_only = false;
    int32_t mode = PANROCKS_OPEN_READ_WRITE;  // how it was opened (PANROCKS_OPEN_*)
    std::shared_ptr<rocksdb::Statistics> statistics;
    // Every family handle this DB opened or created, the default included;
    // owned here and deleted before the DB.
    std::vector<std::unique_ptr<panrocks_cf>> families;
    panrocks_cf *default_family = nullptr;
    std::mutex families_mutex;  // create/destroy of handles may race with each other
    // A transaction DB (txn.cc): `db` is then that DB, seen as a plain one.
    int32_t txn_kind = 0;  // PANROCKS_TXN_DB_*, or 0
    rocksdb::TransactionDB *txn_db = nullptr;
    rocksdb::OptimisticTransactionDB *occ_db = nullptr;
    // Every transaction handle of the DB, by the transaction it wraps: one
    // handle per transaction, and released ones are gone from here.
    std::mutex txns_mutex;
    std::unordered_map<rocksdb::Transaction *, panrocks_txn *> txns;
    // callbacks (callbacks.cc): the DB's failure state and the Env that
    // refuses file writes once a Java comparator failed; both outlive `db`.
    std::shared_ptr<panrocks::CallbackHealth> callback_health;
    std::unique_ptr<rocksdb::Env> callback_env;
    // the environment of the open (panrocks_resources.h; NULL: the default
    // one): its file system is the one callback_env guards
    std::shared_ptr<rocksdb::Env> base_env;
    // IDs of the families whose comparator has timestamps (timestamps.cc):
    // a serialized batch may not write them (its keys carry none).
    std::atomic<bool> has_timestamped_family{false};
    std::vector<uint32_t> timestamped_family_ids;  // under families_mutex
    // IDs of the families opened without a merge operator (merges_refused):
    // a batch may not merge into them.
    std::atomic<bool> has_merge_refusing_family{false};
    std::vector<uint32_t> merge_refusing_family_ids;  // under families_mutex
    // writable opens: the recovery from NoSpace errors (space_recovery.cc),
    // stopped before the DB closes
    std::shared_ptr<panrocks::SpaceRecovery> space_recovery;
    // file IO by activity (io_activity.cc), counted by the file system layer
    // under callback_env, which may outlive `db` a little: shared
    std::shared_ptr<panrocks::IOActivityCounters> io_activity;
};

struct panrocks_cache {
    std::shared_ptr<rocksdb::Cache> cache;
};

// a compaction thread limiter (panrocks_compaction.h); families hold their own reference
struct panrocks_task_limiter {
    std::shared_ptr<rocksdb::ConcurrentTaskLimiter> limiter;
};

struct panrocks_read_options {
    rocksdb::ReadOptions options;
    // Owned copies of the bounds that options points at.
    std::string lower_bound, upper_bound;
    rocksdb::Slice lower_slice, upper_slice;
    // Owned encodings of the read timestamps (timestamps.cc), likewise.
    std::string timestamp, iter_start_ts;
    rocksdb::Slice timestamp_slice, iter_start_slice;
};

struct panrocks_snapshot {
    const rocksdb::Snapshot *snapshot;
};

struct panrocks_pin {
    rocksdb::PinnableSlice slice;
};

// MultiGet scratch (multiget.cc, txn.cc).
struct panrocks_multiget {
    // Kept between calls: their capacity is what makes reuse allocation-free.
    std::vector<rocksdb::Slice> keys;
    std::vector<rocksdb::PinnableSlice> values;
    std::vector<rocksdb::Status> statuses;

    void release() {
        for (auto &v : values) v.Reset();
    }
    // Releases the last call's pins and takes the keys of the next one.
    void take(size_t count, const panrocks_slice *slices) {
        release();
        if (count == 0) return;
        resize(count);
        for (size_t i = 0; i < count; i++) keys[i] = rocksdb::Slice(slices[i].data, slices[i].size);
    }
    void resize(size_t n) {
        if (values.size() < n) {
            // PinnableSlice is not movable into a grown vector while pinned;
            // all pins are released before a call, so rebuilding is safe.
            release();
            values = std::vector<rocksdb::PinnableSlice>(n);
        }
        keys.resize(n);
        statuses.resize(n);
    }
};

struct panrocks_iterator;

// A write batch that iterators show the updates of (a transaction's, or a
// WriteBatchWithIndex): it knows its iterators, so that whatever rebuilds
// or frees the batch's index ends them first (txn.cc, wbwi.cc).
struct panrocks_iterator_source {
    rocksdb::WriteBatchWithIndex *batch = nullptr;
    std::vector<panrocks_iterator *> iterators;

    void attach(panrocks_iterator *iterator);
    void detach(panrocks_iterator *iterator);
    // Every iterator over the batch is ended: never moved again.
    void end_all();
    ~panrocks_iterator_source() { end_all(); }
};

struct panrocks_iterator {
    panrocks_read_options options;  // outlives `it`: the bounds point into it
    // A base iterator taken over by this one (NewIteratorWithBase): its read
    // options must outlive `it` too, so it is destroyed after `it`.
    std::unique_ptr<panrocks_iterator> wrapped;
    std::unique_ptr<rocksdb::Iterator> it;
    // values returned while moving forward stay valid until destruction
    bool values_stable = false;
    // ... unless one was read from a blob file: there are blob files (from
    // another configuration, or since SetOptions turned them on) in a version
    // the iterator may read, so each value is asked about (iterator.cc,
    // value_stays)
    bool check_each_value = false;
    // the engine threw inside a move: its state is unknown, so it is not
    // touched again (only destroyed)
    bool failed = false;
    // Over a batch's updates: the batch (null once ended), entries copied
    // out of the batch's buffer (a later update may move it), and whether
    // the batch's index was rebuilt or freed (then `it` is never moved).
    panrocks_iterator_source *source = nullptr;
    bool ended = false;
    std::string key_copy, value_copy;
    // a DBWithTTL's iterator, whose values carry a timestamp the engine's
    // columns() does not strip: wide columns are refused
    bool ttl = false;
    // an iterator with iter_start_ts: `it` is a history iterator
    // (timestamps.cc) showing every version of each key
    bool history = false;
    // the current entry's columns as the ABI shows them (reused per entry)
    std::vector<panrocks_wide_column> columns;
    // Over a batch, on an entry of the batch: `columns` was filled at the
    // move, from copies (columns_copy, value_copy) of what lay in the
    // batch's buffer, which the batch's next update may move.
    bool columns_copied = false;
    std::string columns_copy;
    // Over an indexed batch: the ID of the family it reads (wbwi.cc keeps
    // the batch's order of that family fixed while the iterator lives).
    uint32_t source_family = 0;

    ~panrocks_iterator() {
        if (source != nullptr) source->detach(this);
    }
};

namespace panrocks {

extern const rocksdb::ReadOptions kDefaultReadOptions;

// Whether a slice lies in a buffer (a batch's, whose next update may move it).
inline bool inside(const std::string &buffer, const rocksdb::Slice &s) {
    const auto begin = reinterpret_cast<uintptr_t>(buffer.data());
    const auto at = reinterpret_cast<uintptr_t>(s.data());
    return at >= begin && at < begin + buffer.size();
}

// entity.cc. Over a batch, on an entry of the batch: fills iterator->columns
// with the current entry's columns, copying what lies in buffer (the value
// itself is already in value_copy, original_value is where it lay). False
// when the engine has no wide columns (then columns are refused anyway).
bool capture_batch_columns(panrocks_iterator *iterator, const std::string &buffer,
                           const rocksdb::Slice &original_value);

// callbacks.cc. When comparator is a Java comparator (a callback's), a
// reference that keeps its C++ object alive; else null. An indexed batch
// keeps the comparators it indexes with (RocksDB's index holds raw pointers).
std::shared_ptr<void> retain_comparator(const rocksdb::Comparator *comparator);

inline const rocksdb::ReadOptions &read_options(const panrocks_read_options *o) {
    return o ? o->options : kDefaultReadOptions;
}

// timestamps.cc. Copies spec's read timestamps (may be null) into o.
int32_t apply_read_timestamps(const panrocks_read_timestamps *timestamps, panrocks_read_options *o,
                              panrocks_error *error);
// family.cc. The handle of a family db opened or created with options
// (after stand_in_for_missing_merge_operator), owned by db from now on;
// call with db->families_mutex held or before the DB is shared.
panrocks_cf *adopt_family(panrocks_db *db, rocksdb::ColumnFamilyHandle *handle,
                          const rocksdb::ColumnFamilyOptions &options);
// family.cc. InvalidArgument when a batch writes what db's families refuse:
// any record into a family with timestamps (its keys carry none; RocksDB
// would take their last bytes for one), a merge into a family opened
// without a merge operator (RocksDB would write it to the log, fail it in
// the memtable and stop the DB). OK at once when db has neither kind, and
// merges are not looked for when write_flags has PANROCKS_WRITE_NO_MERGE_RECORDS.
int32_t refuse_batch_records(panrocks_db *db, const rocksdb::WriteBatch &batch, uint32_t write_flags,
                             panrocks_error *error);
// family.cc. RocksDB's NotSupported for a merge (with_timestamp: at a
// timestamp) into a family opened without a merge operator (cf: resolved,
// never null); OK otherwise, and for a timestamp the family does not take
// (RocksDB refuses that first, as InvalidArgument).
int32_t refuse_merge(const panrocks_cf *cf, bool with_timestamp, panrocks_error *error);
// family.cc. The handle behind cf, the default family's when cf is null.
inline panrocks_cf *family_or_default(panrocks_db *db, panrocks_cf *cf) { return cf ? cf : db->default_family; }

// merge_operator.cc. Gives a family to be opened without a merge operator
// the stand-in, which keeps every merge operand it meets: RocksDB's log
// recovery fails a merge record of a family without an operator, and under
// point-in-time recovery that ends the replay and drops the rest of the log
// for good (a DB that took merges, reopened without its operator). Reads
// that must merge fail instead (report() names them as RocksDB names a merge
// without an operator), flushes and compactions copy the operands, and a
// reopen with the right operator reads every record.
void stand_in_for_missing_merge_operator(rocksdb::ColumnFamilyOptions *options);
// merge_operator.cc. Whether options hold the stand-in.
bool has_merge_stand_in(const rocksdb::ColumnFamilyOptions &options);
// merge_operator.cc. Whether the stand-in refused a merge on this thread
// since the last call (and forgets it).
bool take_stand_in_refusal();
// status.cc. What RocksDB answers a read that meets merge operands in a
// family without a merge operator.
rocksdb::Status merge_without_operator();
// timestamps.cc. The iterator of a read with iter_start_ts, whose keys the
// engine returns as internal keys: shows user keys, and keeps the
// timestamp and the kind of each entry for panrocks_iterator_timestamp.
std::unique_ptr<rocksdb::Iterator> history_iterator(std::unique_ptr<rocksdb::Iterator> raw,
                                                    size_t timestamp_size);

// A CompactionJobInfo as the ABI shows it (panrocks_listener.h): what a
// listener receives with a compaction event and what a CompactFiles result
// gives (compaction.cc). The slices point into the job and into the view,
// which must outlive them and stay where it is.
struct CompactionJobView {
    std::string message;
    std::vector<panrocks_slice> input_names, output_names;
    panrocks_compaction_details details{};
    panrocks_compaction_info info{};  // info.details points at details
};

// listener.cc, the one conversion of a CompactionJobInfo: fills *view from
// job, all but details.table_properties (the listener's event adds them).
void describe_compaction_job(const rocksdb::CompactionJobInfo &job, CompactionJobView *view);

// callbacks.cc: whether the calling thread is inside a callback (a function
// pointer panrocks called for the engine: comparator, merge operator,
// compaction filter, event listener), at any depth.
bool inside_callback() noexcept;

// Write options from PANROCKS_WRITE_* flags. A write made from inside a
// callback never waits for a write stall (no_slowdown: it fails with
// Incomplete instead): the callback may run on one of the background threads
// (shared by every DB of the process) whose flush or compaction would end
// the stall, and would wait for itself; two DBs whose flush listeners write
// into each other deadlocked both flushes that way.
inline rocksdb::WriteOptions write_options(uint32_t flags) {
    rocksdb::WriteOptions o;
    o.sync = (flags & PANROCKS_WRITE_SYNC) != 0;
    o.disableWAL = (flags & PANROCKS_WRITE_DISABLE_WAL) != 0;
    o.no_slowdown = (flags & PANROCKS_WRITE_NO_SLOWDOWN) != 0 || inside_callback();
    o.low_pri = (flags & PANROCKS_WRITE_LOW_PRI) != 0;
    o.ignore_missing_column_families = (flags & PANROCKS_WRITE_IGNORE_MISSING_COLUMN_FAMILIES) != 0;
    return o;
}

// space_recovery.cc: its listener goes into the options of a writable open,
// the DB is attached once open, and the recovery stops before the DB closes.
void install_space_recovery(panrocks_db *db, rocksdb::DBOptions *options);
void attach_space_recovery(panrocks_db *db);
void stop_space_recovery(panrocks_db *db);

// family.cc: a family RocksDB created but then answered an error for is
// dropped again; the error, naming a failed drop.
rocksdb::Status undo_created_family(panrocks_db *db, rocksdb::ColumnFamilyHandle *handle, rocksdb::Status s);

// family.cc: the DB's column families by ID, the default one included.
std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> families_by_id(panrocks_db *db);

// files.cc: one SST file's metadata into a list (live files, an export's files).
void add_file_metadata(panrocks_file_list *list, const rocksdb::LiveFileMetaData &m);

// space_recovery.cc: DB::Resume, its failure explained, the space recovery
// told of a success (panrocks_resume).
rocksdb::Status resume(panrocks_db *db);

// db_paths / cf_paths from the C ABI's array (db.cc)
std::vector<rocksdb::DbPath> db_paths(size_t count, const panrocks_db_path *paths);

inline rocksdb::ColumnFamilyHandle *family(panrocks_db *db, panrocks_cf *cf) {
    return cf ? cf->handle : db->default_family->handle;
}

// Builds ColumnFamilyOptions from a descriptor's option strings and cache.
int32_t family_options(const panrocks_cf_descriptor &d, rocksdb::ColumnFamilyOptions *out,
                       panrocks_error *error);
// The options of a family a DB opens or creates (db.cc): family_options,
// and the merge operator's stand-in when it names none.
int32_t new_family_options(const panrocks_cf_descriptor &d, rocksdb::ColumnFamilyOptions *out, panrocks_error *error);
// DBOptions from an option string (NULL or empty: the defaults), parsed as
// an open parses it (db.cc).
int32_t parse_db_options(const char *text, rocksdb::DBOptions *out, panrocks_error *error);
// The Options of a file reader or writer with no DB (db.cc): a DBOptions
// string (NULL or empty: the defaults) and a family descriptor (NULL: the defaults).
int32_t file_options(const char *db_options, const panrocks_cf_descriptor *family, rocksdb::Options *out,
                     panrocks_error *error);

// Makes options (and *statistics) refer to the shared objects of an open
// (panrocks_resources.h); resources.cc.
int32_t apply_open_resources(const panrocks_open_resources &resources, rocksdb::DBOptions *options,
                             std::shared_ptr<rocksdb::Statistics> *statistics,
                             std::shared_ptr<rocksdb::Env> *env, panrocks_error *error);

// Whether an iterator with pin_data over a family with these options
// may return values that do not live as long as the iterator: merged values
// are built per entry, and values in blob files are read into the
// iterator's own buffer, reused at every move.
inline bool values_built_per_entry(const rocksdb::ColumnFamilyOptions &options) {
#if ROCKSDB_MAJOR >= 11
    if (options.enable_blob_direct_write) return true;  // the memtable holds blob references then
#endif
    return (options.merge_operator != nullptr && !has_merge_stand_in(options)) || options.enable_blob_files;
}
// callbacks.cc. Prepares a DB about to open for callbacks: its health
// record, and an Env over the default file system that refuses every file
// write once one of its comparators failed (set into db_options->env).
// Every function that opens a DB calls it before parsing option strings.
void prepare_callbacks(panrocks_db *db, rocksdb::DBOptions *db_options);

// The file system under a DB, counting its IO by activity into db->io_activity
// (io_activity.cc); fs itself on an engine that does not tag IO.
std::shared_ptr<rocksdb::FileSystem> count_io_activity(panrocks_db *db, std::shared_ptr<rocksdb::FileSystem> fs);

// logger.cc. The info logger a DB gets for a logger callback
// (panrocks_logger.h); null with errmsg set if callback is no live logger.
std::shared_ptr<rocksdb::Logger> callback_logger(panrocks_callback *callback, std::string *errmsg);

// callbacks.cc. While alive, callbacks that option strings parsed on this
// thread name are bound to db (a comparator's failure then fails db).
class CallbackScope {
  public:
    explicit CallbackScope(panrocks_db *db);
    ~CallbackScope();
    CallbackScope(const CallbackScope &) = delete;
    CallbackScope &operator=(const CallbackScope &) = delete;

  private:
    panrocks_db *previous_;
};

// Points o's iterate bounds at o's own copies of [lower, lower + lower_length)
// and [upper, upper + upper_length); a NULL side has no bound.
void set_read_bounds(panrocks_read_options *o, const char *lower, size_t lower_length, const char *upper,
                     size_t upper_length);
// o as `from`, with its own copies of the timestamps they point at, and no bounds.
void copy_read_options(const panrocks_read_options &from, panrocks_read_options *o);
// Fills o from spec (copying the bounds into o).
int32_t build_read_options(const panrocks_read_options_spec *spec, panrocks_read_options *o,
                           panrocks_error *error);

// The two halves of an open around the engine's own Open (db.cc): parses the
// request's DB options and families, then takes in what the engine opened.
int32_t open_options(const panrocks_open_request *request, panrocks_db *db,
                     rocksdb::DBOptions *db_options,
                     std::vector<rocksdb::ColumnFamilyDescriptor> *descriptors,
                     panrocks_error *error);
void adopt_families(panrocks_db *db, rocksdb::DB *raw,
                    const std::vector<rocksdb::ColumnFamilyDescriptor> &descriptors,
                    const std::vector<rocksdb::ColumnFamilyHandle *> &handles,
                    const panrocks_open_request *request, panrocks_cf **cf_handles_out);

// The engine's transaction behind a handle, and its DB (txn.cc).
rocksdb::Transaction *transaction_of(panrocks_txn *txn, panrocks_db **db);

// Releases the transactions a caller left open (txn.cc), before the DB closes.
void release_transactions(panrocks_db *db);

// Fills a MultiGet's entries from scratch's values and statuses, copying
// into buffer in COPY mode (then releasing the pins); merges_refused: the
// family's (a failed merge is the stand-in's refusal) (multiget.cc).
void multiget_entries(panrocks_multiget *scratch, size_t count, int32_t mode, char *buffer,
                      size_t capacity, panrocks_multiget_entry *entries, bool merges_refused);

// Where an adaptive read left its value in pin: copied into buffer and
// released when at most copy_threshold and it fits, else kept (read.cc).
void adaptive_result(panrocks_pin *pin, char *buffer, size_t capacity, uint64_t copy_threshold,
                     panrocks_value *value);

// Fills the record with a message and returns the code.
int32_t report(panrocks_error *error, int32_t code, int32_t subcode,
               int32_t severity, const char *message, size_t length);

// The engine's statistics object behind a handle (statistics.cc).
std::shared_ptr<rocksdb::Statistics> statistics_of(const panrocks_stats *stats);
// compaction_service.cc: the engine object behind a compaction service handle.
std::shared_ptr<rocksdb::CompactionService> compaction_service_of(panrocks_compaction_service *service);

// The ABI's way to hand text out: copies min(size, capacity) bytes into
// buffer (which may be NULL, to ask for the size) and reports the full size.
inline int32_t copy_out(const rocksdb::Slice &text, char *buffer, size_t capacity, uint64_t *size) {
    *size = text.size();
    if (buffer != nullptr) std::memcpy(buffer, text.data(), std::min<size_t>(text.size(), capacity));
    return PANROCKS_OK;
}

inline int32_t report(panrocks_error *error, int32_t code, const char *message) {
    return report(error, code, 0, 0, message, std::strlen(message));
}

// Converts a non-ok Status, keeping RocksDB's code, subcode and message.
int32_t report(panrocks_error *error, const rocksdb::Status &status);

inline int32_t check(panrocks_error *error, const rocksdb::Status &status) {
    return status.ok() ? PANROCKS_OK : report(error, status);
}

// txn.cc: unlocks the mutexes of a transaction DB's lock table that the
// calling thread still holds. Called by the exception barrier only: the engine
// locks them by hand, so an exception it throws in between (an allocation
// failure) would leave one locked for good. No callback runs under such a
// mutex (the lock table hashes keys, it never compares them), so whatever the
// thread holds when an exception reaches the barrier belongs to unwound frames.
void release_abandoned_lock_table_mutexes() noexcept;

// The exception barrier: runs body and turns any C++ exception into a
// status, so that none unwinds into the JVM's frames, and no lock-table mutex
// stays locked behind it.
template <typename Body>
inline int32_t guarded(panrocks_error *error, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        release_abandoned_lock_table_mutexes();
        return report(error, PANROCKS_OUT_OF_MEMORY, "out of memory in panrocks");
    } catch (const std::exception &e) {
        release_abandoned_lock_table_mutexes();
        return report(error, PANROCKS_INTERNAL_ERROR, e.what());
    } catch (...) {
        release_abandoned_lock_table_mutexes();
        return report(error, PANROCKS_INTERNAL_ERROR, "unknown C++ exception in panrocks");
    }
}

// Checks the handles a call needs; a NULL there is a caller bug, reported
// as InvalidArgument rather than a crash.
#define PANROCKS_REQUIRE(error, condition)                                  \
    do {                                                                    \
        if (!(condition))                                                   \
            return ::panrocks::report((error), PANROCKS_INVALID_ARGUMENT,   \
                                      "panrocks: " #condition " is false"); \
    } while (0)

}  // namespace panrocks

namespace panrocks {
// iterator.cc: panrocks_iterator_create with a table filter (empty: none),
// which the iterator's read options keep until it is destroyed.
int32_t create_iterator(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options_spec *spec,
                        std::function<bool(const rocksdb::TableProperties &)> table_filter,
                        panrocks_iterator **iterator_out, panrocks_error *error);

// tables.cc: appends properties to out in the ABI's encoding (panrocks_tables.h).
void encode_table_properties(const rocksdb::TableProperties &properties, std::string *out);
// tables.cc: appends a collection (file name to properties) in the ABI's encoding.
void encode_table_properties_collection(const rocksdb::TablePropertiesCollection &collection, std::string *out);
}  // namespace panrocks

namespace panrocks {
// RocksDB's read-only and secondary DBs do not refuse creating or dropping
// a column family: they would write the MANIFEST of a DB whose primary may
// be writing it too. panrocks refuses, as they refuse writes.
inline int32_t refuse_read_only(panrocks_error *error) {
    return report(error, PANROCKS_NOT_SUPPORTED, "Not supported operation in read only mode.");
}

inline bool is_ttl(const panrocks_db *db) {
    return db->mode == PANROCKS_OPEN_TTL || db->mode == PANROCKS_OPEN_TTL_READ_ONLY;
}
}  // namespace panrocks

#endif
