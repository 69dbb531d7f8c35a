/*
 * panrocks_io_activity.h - file IO counted by what the engine did it for
 * (rocksdb::Env::IOActivity: flush, compaction, DB open, Get, MultiGet,
 * iterators, checksum verification ...). Part of the panrocks C ABI;
 * include panrocks.h, which includes this header.
 *
 * Every DB panrocks opens counts the IO of its files by activity: the
 * engine tags each read and write with the activity in its IOOptions, and
 * panrocks's file system layer under the DB adds the operation and its
 * bytes to the DB's counter of that activity (one relaxed atomic add per
 * file operation, none per cache hit). IO the engine does not tag (WAL
 * writes, MANIFEST updates, file deletions' reads ...) counts as
 * PANROCKS_IO_ACTIVITY_OTHER.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_IO_ACTIVITY_H
#define PANROCKS_IO_ACTIVITY_H

/* Activities, as rocksdb::Env::IOActivity numbers them (kFlush 0 ...
 * kGetFileChecksumsFromCurrentManifest 10), then one for everything else
 * (kUnknown, and custom activities 0x80-0xFE). */
#define PANROCKS_IO_ACTIVITY_FLUSH 0
#define PANROCKS_IO_ACTIVITY_COMPACTION 1
#define PANROCKS_IO_ACTIVITY_DB_OPEN 2
#define PANROCKS_IO_ACTIVITY_GET 3
#define PANROCKS_IO_ACTIVITY_MULTIGET 4
#define PANROCKS_IO_ACTIVITY_DB_ITERATOR 5
#define PANROCKS_IO_ACTIVITY_VERIFY_DB_CHECKSUM 6
#define PANROCKS_IO_ACTIVITY_VERIFY_FILE_CHECKSUMS 7
#define PANROCKS_IO_ACTIVITY_GET_ENTITY 8
#define PANROCKS_IO_ACTIVITY_MULTIGET_ENTITY 9
#define PANROCKS_IO_ACTIVITY_GET_FILE_CHECKSUMS_FROM_MANIFEST 10
#define PANROCKS_IO_ACTIVITY_OTHER 11
#define PANROCKS_IO_ACTIVITIES 12

/* The counters of one activity, in this order. */
#define PANROCKS_IO_READ_OPS 0
#define PANROCKS_IO_READ_BYTES 1
#define PANROCKS_IO_WRITE_OPS 2
#define PANROCKS_IO_WRITE_BYTES 3
#define PANROCKS_IO_COUNTERS 4

/* The DB's counters since it opened, into counters[activity *
 * PANROCKS_IO_COUNTERS + counter]; count must be PANROCKS_IO_ACTIVITIES *
 * PANROCKS_IO_COUNTERS. Reads count the bytes returned, writes the bytes
 * appended. Each counter is read atomically, the set is not a snapshot.
 * An engine before 9.0 does not tag IO: PANROCKS_NOT_SUPPORTED. */
int32_t panrocks_io_activity_counters(panrocks_db *db, uint64_t *counters, size_t count, panrocks_error *error);

#endif /* PANROCKS_IO_ACTIVITY_H */
