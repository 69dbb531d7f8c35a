/*
 * panrocks_listener.h - event listeners whose logic lives behind a C
 * function pointer, and what they receive: flushes, compactions (with the
 * full statistics of the job, rocksdb::CompactionJobStats, and its file
 * names), background errors and write stalls (more events:
 * panrocks_events.h, panrocks_tables.h); panrocks_callbacks.h says how a
 * callback reaches a DB (lifetime, threads, failure).
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_LISTENER_H
#define PANROCKS_LISTENER_H

/* rocksdb::CompactionJobStats, the members RocksJava exposes. The prefixes
 * are borrowed, valid during the listener call. */
typedef struct panrocks_compaction_stats {
    uint64_t elapsed_micros;
    uint64_t num_input_records;
    uint64_t num_input_files;
    uint64_t num_input_files_at_output_level;
    uint64_t num_output_records;
    uint64_t num_output_files;
    uint64_t total_input_bytes;
    uint64_t total_output_bytes;
    uint64_t num_records_replaced;
    uint64_t total_input_raw_key_bytes;
    uint64_t total_input_raw_value_bytes;
    uint64_t num_input_deletion_records;
    uint64_t num_expired_deletion_records;
    uint64_t num_corrupt_keys;
    uint64_t file_write_nanos;
    uint64_t file_range_sync_nanos;
    uint64_t file_fsync_nanos;
    uint64_t file_prepare_write_nanos;
    uint64_t num_single_del_fallthru;
    uint64_t num_single_del_mismatch;
    panrocks_slice smallest_output_key_prefix;
    panrocks_slice largest_output_key_prefix;
    int32_t is_manual_compaction;
    int32_t reserved;
} panrocks_compaction_stats;

/* What a CompactionJobInfo holds beyond panrocks_compaction_info, pointed
 * to by its details member; everything borrowed, valid during the call.
 * input_file_names has panrocks_compaction_info.input_files entries,
 * output_file_names output_files. */
typedef struct panrocks_compaction_details {
    panrocks_compaction_stats stats;
    const panrocks_slice *input_file_names;
    const panrocks_slice *output_file_names;
    int32_t compression;         /* rocksdb::CompressionType */
    int32_t reserved;
    /* the input and output files' properties: an encoded collection (panrocks_tables.h) */
    panrocks_slice table_properties;
} panrocks_compaction_details;

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

#endif /* PANROCKS_LISTENER_H */
