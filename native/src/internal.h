// Shared plumbing of the stub layer: the concrete types behind the opaque
// handles, Status -> error record conversion, and the exception barrier.
#ifndef PANROCKS_INTERNAL_H
#define PANROCKS_INTERNAL_H

#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/slice.h>
#include <rocksdb/statistics.h>

#include "panrocks.h"

namespace panrocks {
// callbacks.cc: what a DB's callbacks share (a comparator's failure fails the DB).
struct CallbackHealth;
}  // namespace panrocks

struct panrocks_cf {
    rocksdb::ColumnFamilyHandle *handle;
    // Merged values are built per entry; without an operator every value an
    // iterator returns with pin_data lives as long as the iterator.
    bool has_merge_operator = false;
};

struct panrocks_db {
    rocksdb::DB *db = nullptr;
    bool read_only = false;
    std::shared_ptr<rocksdb::Statistics> statistics;
    // Every family handle this DB opened or created, the default included;
    // owned here and deleted before the DB.
    std::vector<std::unique_ptr<panrocks_cf>> families;
    panrocks_cf *default_family = nullptr;
    std::mutex families_mutex;  // create/destroy of handles may race with each other
    // callbacks (callbacks.cc): the DB's failure state and the Env that
    // refuses file writes once a Java comparator failed; both outlive `db`.
    std::shared_ptr<panrocks::CallbackHealth> callback_health;
    std::unique_ptr<rocksdb::Env> callback_env;
};

struct panrocks_cache {
    std::shared_ptr<rocksdb::Cache> cache;
};

struct panrocks_read_options {
    rocksdb::ReadOptions options;
    // Owned copies of the bounds that options points at.
    std::string lower_bound, upper_bound;
    rocksdb::Slice lower_slice, upper_slice;
};

struct panrocks_snapshot {
    const rocksdb::Snapshot *snapshot;
};

struct panrocks_pin {
    rocksdb::PinnableSlice slice;
};

namespace panrocks {

extern const rocksdb::ReadOptions kDefaultReadOptions;

inline const rocksdb::ReadOptions &read_options(const panrocks_read_options *o) {
    return o ? o->options : kDefaultReadOptions;
}

inline rocksdb::WriteOptions write_options(uint32_t flags) {
    rocksdb::WriteOptions o;
    o.sync = (flags & PANROCKS_WRITE_SYNC) != 0;
    o.disableWAL = (flags & PANROCKS_WRITE_DISABLE_WAL) != 0;
    o.no_slowdown = (flags & PANROCKS_WRITE_NO_SLOWDOWN) != 0;
    o.low_pri = (flags & PANROCKS_WRITE_LOW_PRI) != 0;
    o.ignore_missing_column_families = (flags & PANROCKS_WRITE_IGNORE_MISSING_COLUMN_FAMILIES) != 0;
    return o;
}

inline rocksdb::ColumnFamilyHandle *family(panrocks_db *db, panrocks_cf *cf) {
    return cf ? cf->handle : db->default_family->handle;
}

// Builds ColumnFamilyOptions from a descriptor's option strings and cache.
int32_t family_options(const panrocks_cf_descriptor &d, rocksdb::ColumnFamilyOptions *out,
                       panrocks_error *error);

// callbacks.cc. Prepares a DB about to open for callbacks: its health
// record, and an Env over the default file system that refuses every file
// write once one of its comparators failed (set into db_options->env).
// Every function that opens a DB calls it before parsing option strings.
void prepare_callbacks(panrocks_db *db, rocksdb::DBOptions *db_options);

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

// Fills o from spec (copying the bounds into o).
int32_t build_read_options(const panrocks_read_options_spec *spec, panrocks_read_options *o,
                           panrocks_error *error);

// Fills the record with a message and returns the code.
int32_t report(panrocks_error *error, int32_t code, int32_t subcode,
               int32_t severity, const char *message, size_t length);

inline int32_t report(panrocks_error *error, int32_t code, const char *message) {
    return report(error, code, 0, 0, message, std::strlen(message));
}

// Converts a non-ok Status, keeping RocksDB's code, subcode and message.
int32_t report(panrocks_error *error, const rocksdb::Status &status);

inline int32_t check(panrocks_error *error, const rocksdb::Status &status) {
    return status.ok() ? PANROCKS_OK : report(error, status);
}

// The exception barrier: runs body and turns any C++ exception into a
// status, so that none unwinds into the JVM's frames.
template <typename Body>
inline int32_t guarded(panrocks_error *error, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return report(error, PANROCKS_OUT_OF_MEMORY, "out of memory in panrocks");
    } catch (const std::exception &e) {
        return report(error, PANROCKS_INTERNAL_ERROR, e.what());
    } catch (...) {
        return report(error, PANROCKS_INTERNAL_ERROR, "unknown C++ exception in panrocks");
    }
}

// Checks the handles a call needs; a NULL there is a caller bug, reported
// as InvalidArgument rather than a crash.
#define PANROCKS_REQUIRE(error, condition)                                         \
    do {                                                                           \
        if (!(condition))                                                          \
            return ::panrocks::report((error), PANROCKS_INVALID_ARGUMENT,          \
                                      "panrocks: " #condition " is false");        \
    } while (0)

}  // namespace panrocks

#endif
