/*
 * panrocks_events.h - the rest of RocksDB's EventListener events, for a
 * listener made with panrocks_listener_create (panrocks_listener.h): flush
 * and compaction begin, table file deletion, memtable sealing, column
 * family handle deletion, external file ingestion, file I/O and error
 * recovery. Included by panrocks.h; the conventions there and in
 * panrocks_callbacks.h (lifetime, threads, failure) apply.
 *
 * Each event is a bit of panrocks_listener_spec.events; an event whose bit
 * is clear costs no upcall. The file I/O events (PANROCKS_EVENTS_FILE_IO)
 * cost more than an upcall: RocksDB times every file operation of a DB one
 * of whose listeners asks for any of them (its ShouldBeNotifiedOnFileIO),
 * so a listener answers yes only if one of those bits is set. A DB whose
 * listeners set none of them reads and writes its files untimed.
 *
 * The info of each event is a struct below, valid during the call only;
 * strings are not NUL-terminated. Flush begin carries a panrocks_flush_info
 * (the table's num_entries and file_size are 0: nothing is written yet) and
 * compaction begin a panrocks_compaction_info (no output files yet, the
 * statistics are zero).
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_EVENTS_H
#define PANROCKS_EVENTS_H

/* Events, as bits of panrocks_listener_spec.events (beside the
 * PANROCKS_EVENT_* of panrocks_listener.h). */
#define PANROCKS_EVENT_FLUSH_BEGIN 65536                 /* panrocks_flush_info */
#define PANROCKS_EVENT_TABLE_FILE_DELETED 131072         /* panrocks_file_deletion_info */
#define PANROCKS_EVENT_COMPACTION_BEGIN 262144           /* panrocks_compaction_info */
#define PANROCKS_EVENT_MEMTABLE_SEALED 524288            /* panrocks_memtable_info */
#define PANROCKS_EVENT_CF_HANDLE_DELETION_STARTED 1048576 /* panrocks_cf_handle_info */
#define PANROCKS_EVENT_EXTERNAL_FILE_INGESTED 2097152    /* panrocks_ingestion_info */
#define PANROCKS_EVENT_FILE_READ_FINISH 4194304          /* panrocks_file_operation_info ... */
#define PANROCKS_EVENT_FILE_WRITE_FINISH 8388608
#define PANROCKS_EVENT_FILE_FLUSH_FINISH 16777216
#define PANROCKS_EVENT_FILE_SYNC_FINISH 33554432
#define PANROCKS_EVENT_FILE_RANGE_SYNC_FINISH 67108864
#define PANROCKS_EVENT_FILE_TRUNCATE_FINISH 134217728
#define PANROCKS_EVENT_FILE_CLOSE_FINISH 268435456       /* ... panrocks_file_operation_info */
#define PANROCKS_EVENT_ERROR_RECOVERY_BEGIN 536870912    /* panrocks_error_recovery_info */
#define PANROCKS_EVENT_ERROR_RECOVERY_COMPLETED 1073741824 /* panrocks_event_status */

/* Every file I/O event: any of them makes RocksDB time the DB's file operations. */
#define PANROCKS_EVENTS_FILE_IO 532676608

/* A rocksdb::Status inside an event: code PANROCKS_OK (0) or a status code. */
typedef struct panrocks_event_status {
    panrocks_slice message;      /* RocksDB's state text; empty when OK */
    int32_t code;
    int32_t subcode;
    int32_t severity;
    int32_t reserved;
} panrocks_event_status;

/* A table file was deleted (rocksdb::TableFileDeletionInfo). */
typedef struct panrocks_file_deletion_info {
    panrocks_slice db_name;
    panrocks_slice file_path;
    panrocks_event_status status;
    int32_t job_id;
    int32_t reserved;
} panrocks_file_deletion_info;

/* A memtable became immutable (rocksdb::MemTableInfo). */
typedef struct panrocks_memtable_info {
    panrocks_slice cf_name;
    uint64_t first_seqno;        /* of its first entry */
    uint64_t earliest_seqno;     /* at least as small as any seqno it can hold */
    uint64_t num_entries;
    uint64_t num_deletes;
} panrocks_memtable_info;

/* A column family handle is being deleted (its handle is gone after the call). */
typedef struct panrocks_cf_handle_info {
    panrocks_slice cf_name;
    uint32_t cf_id;
    int32_t reserved;
} panrocks_cf_handle_info;

/* An external file was ingested (rocksdb::ExternalFileIngestionInfo). */
typedef struct panrocks_ingestion_info {
    panrocks_slice cf_name;
    panrocks_slice external_file_path;
    panrocks_slice internal_file_path;
    uint64_t global_seqno;
} panrocks_ingestion_info;

/* A file operation finished (rocksdb::FileOperationInfo). */
typedef struct panrocks_file_operation_info {
    panrocks_slice path;
    uint64_t offset;             /* reads, writes, range syncs; 0 for the others */
    uint64_t length;             /* reads, writes, range syncs; 0 for the others */
    int64_t start_nanos;         /* system clock, nanoseconds since the epoch */
    int64_t duration_nanos;
    panrocks_event_status status;
} panrocks_file_operation_info;

/* RocksDB is about to recover from a background error by itself. The one
 * event whose info the function may write: auto_recovery is 1 on the call;
 * setting it to 0 stops the automatic recovery (the DB stays stopped). */
typedef struct panrocks_error_recovery_info {
    panrocks_event_status error;
    int32_t reason;              /* rocksdb::BackgroundErrorReason */
    int32_t auto_recovery;
} panrocks_error_recovery_info;

/* How many file I/O notifications RocksDB made to a listener (delivered or
 * not): zero for a listener that asks for no file I/O event, whose DB's file
 * operations RocksDB then leaves untimed. 0 for NULL or another kind. */
uint64_t panrocks_listener_file_io_notifications(const panrocks_callback *callback);

#endif /* PANROCKS_EVENTS_H */
