/*
 * panrocks.h - the C ABI between the JVM and the RocksDB C++ engine.
 *
 * Conventions (docs/architecture.md explains them at length):
 *
 *  - Plain C99: opaque handles, POD structs, fixed-width integers. No C++
 *    type and no C++ exception ever crosses this boundary.
 *  - Every fallible function returns an int32_t status: PANROCKS_OK (0), or
 *    a RocksDB status code (rocksdb::Status::Code, values 1..15), or a
 *    panrocks code (>= 100). On failure it fills the caller's error record
 *    (code, subcode, severity, message); on success the record is untouched.
 *    The record is caller-owned storage, so reporting an error allocates
 *    nothing and can leak nothing.
 *  - Point lookups report a missing key as PANROCKS_NOT_FOUND without
 *    writing a message: a miss is an answer, not an error.
 *  - Each handle has one owner and one release function. A NULL handle is
 *    tolerated by every release function. A NULL column family means the
 *    default column family; NULL read/write options mean RocksDB's defaults.
 *  - Functions that read into caller memory never write past the capacity
 *    they are given and always report the value's full size, so a caller
 *    can grow its buffer and retry.
 *  - Thread safety follows RocksDB: a DB handle may be used from many
 *    threads at once; pins, multiget scratch, iterators and write batches
 *    belong to one thread at a time.
 */
#ifndef PANROCKS_H
#define PANROCKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped on every change to a signature or struct layout in this file or in
 * a header it includes. */
#define PANROCKS_ABI_VERSION 18

/* ---- status codes ------------------------------------------------------ */

#define PANROCKS_OK 0
/* 1..15 mirror rocksdb::Status::Code */
#define PANROCKS_NOT_FOUND 1
#define PANROCKS_CORRUPTION 2
#define PANROCKS_NOT_SUPPORTED 3
#define PANROCKS_INVALID_ARGUMENT 4
#define PANROCKS_IO_ERROR 5
#define PANROCKS_MERGE_IN_PROGRESS 6
#define PANROCKS_INCOMPLETE 7
#define PANROCKS_SHUTDOWN_IN_PROGRESS 8
#define PANROCKS_TIMED_OUT 9
#define PANROCKS_ABORTED 10
#define PANROCKS_BUSY 11
#define PANROCKS_EXPIRED 12
#define PANROCKS_TRY_AGAIN 13
#define PANROCKS_COMPACTION_TOO_DEEP 14
#define PANROCKS_COLUMN_FAMILY_DROPPED 15
/* panrocks' own codes: failures of the stub layer itself */
#define PANROCKS_OUT_OF_MEMORY 100
#define PANROCKS_INTERNAL_ERROR 101

/* Capacity of the message in an error record, terminating NUL included. */
#define PANROCKS_MESSAGE_CAPACITY 1024

/* What went wrong, as RocksDB said it. Caller-owned; filled on failure. */
typedef struct panrocks_error {
    int32_t code;              /* a status code above */
    int32_t subcode;           /* rocksdb::Status::SubCode */
    int32_t severity;          /* rocksdb::Status::Severity */
    uint32_t message_length;   /* full length, may exceed the capacity */
    char message[PANROCKS_MESSAGE_CAPACITY]; /* NUL-terminated, truncated */
} panrocks_error;

/* A borrowed byte range. */
typedef struct panrocks_slice {
    const char *data;
    size_t size;
} panrocks_slice;

/* ---- opaque handles ---------------------------------------------------- */

typedef struct panrocks_db panrocks_db;
typedef struct panrocks_cf panrocks_cf;                     /* owned by its DB */
typedef struct panrocks_cache panrocks_cache;
typedef struct panrocks_read_options panrocks_read_options;
typedef struct panrocks_pin panrocks_pin;                   /* a PinnableSlice */
typedef struct panrocks_multiget panrocks_multiget;         /* MultiGet scratch */

/* ---- the objects ------------------------------------------------------------
 * Every function of the ABI is declared in the header of the native object it
 * serves, include/panrocks_<object>.h (under the conventions above), defined in
 * src/<object>.cc and tested in test/abi_<object>_test.cc
 * (native/tools/check_objects.py checks the first two). They are included here,
 * in an order where each comes after the types it uses, so that panrocks.h
 * stays the one header of the ABI. */

#include "panrocks_db.h"
#include "panrocks_snapshot.h"
#include "panrocks_read.h"
#include "panrocks_write.h"
#include "panrocks_batch.h"
#include "panrocks_multiget.h"
#include "panrocks_iterator.h"
#include "panrocks_family.h"
#include "panrocks_maintenance.h"
#include "panrocks_txn.h"
#include "panrocks_wbwi.h"
#include "panrocks_files.h"
#include "panrocks_checkpoint.h"
#include "panrocks_backup.h"
#include "panrocks_compaction.h"
#include "panrocks_entity.h"
#include "panrocks_sst_writer.h"
#include "panrocks_cache.h"
#include "panrocks_statistics.h"
#include "panrocks_resources.h"
#include "panrocks_callbacks.h"
#include "panrocks_comparator.h"
#include "panrocks_merge_operator.h"
#include "panrocks_compaction_filter.h"
#include "panrocks_listener.h"
#include "panrocks_perf.h"
#include "panrocks_wal.h"
#include "panrocks_timestamps.h"
#include "panrocks_options_io.h"
#include "panrocks_logger.h"
#include "panrocks_events.h"
#include "panrocks_walfilt.h"
#include "panrocks_tables.h"
#include "panrocks_io_activity.h"
#include "panrocks_compaction_service.h"

#ifdef __cplusplus
}
#endif

#endif /* PANROCKS_H */
