/*
 * panrocks_compaction.h - compactions of chosen files (DB::CompactFiles)
 * and compaction thread limiters.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_COMPACTION_H
#define PANROCKS_COMPACTION_H

/* ---- compacting chosen files (DB::CompactFiles) ------------------------------- */

/* rocksdb::CompactionOptions. Start from panrocks_compaction_options_init()
 * (the engine's defaults). */
typedef struct panrocks_compaction_options {
    uint64_t output_file_size_limit; /* bytes per output file; UINT64_MAX: one file */
    int32_t compression;             /* rocksdb::CompressionType; 0xff (kDisableCompressionOption):
                                        the family's compression for the output level */
    int32_t max_subcompactions;      /* 0: the DB's max_subcompactions */
} panrocks_compaction_options;

void panrocks_compaction_options_init(panrocks_compaction_options *options);

/* What a finished CompactFiles wrote: the output files' paths and the
 * engine's CompactionJobInfo. Read it, then destroy it. */
typedef struct panrocks_compaction_result panrocks_compaction_result;
/* defined in panrocks_listener.h, which panrocks.h includes after this header */
struct panrocks_compaction_info;

/* Compacts the SST files named input_files[0..input_count) of cf (NULL:
 * default) into output_level, on the calling thread, and waits for it.
 * A name is the file's number with the ".sst" suffix, with or without a
 * directory ("000012.sst", "/000012.sst", a full path). output_path_id
 * indexes the family's cf_paths (or the DB's db_paths when it has none;
 * -1: the only path); an index the family does not have is
 * PANROCKS_INVALID_ARGUMENT (RocksDB would read past its path list).
 * Unknown files, an empty list, a level the family does not have and a
 * file already being compacted are RocksDB's errors (InvalidArgument,
 * Aborted). On success *result_out receives what was written. */
int32_t panrocks_compact_files(panrocks_db *db, panrocks_cf *cf, const panrocks_compaction_options *options,
                               const char *const *input_files, size_t input_count, int32_t output_level,
                               int32_t output_path_id, panrocks_compaction_result **result_out,
                               panrocks_error *error);

/* The paths of the files the compaction wrote, in the engine's order. */
size_t panrocks_compaction_result_output_count(const panrocks_compaction_result *result);
/* Sets *path to the index-th output path (pointing into result); to an
 * empty slice when index >= count. */
void panrocks_compaction_result_output(const panrocks_compaction_result *result, size_t index,
                                       panrocks_slice *path);
/* Sets *info to the job as a listener would see it (panrocks_listener.h),
 * its details included; everything points into result and lives as long as
 * it. NULL for a NULL result. */
void panrocks_compaction_result_info(const panrocks_compaction_result *result,
                                     const struct panrocks_compaction_info **info);
void panrocks_compaction_result_destroy(panrocks_compaction_result *result);

/* ---- compaction thread limiters (rocksdb::ConcurrentTaskLimiter) ------------ */

/* A limit on how many compactions the column families given it
 * (panrocks_cf_descriptor.compaction_thread_limiter) run at once, together.
 * Each family takes its own reference, so the handle may be destroyed while
 * DBs use it. Its functions are safe from any thread, but the handle must
 * not be destroyed while another thread uses it. */
typedef struct panrocks_task_limiter panrocks_task_limiter;

/* max_outstanding_tasks < 0: no limit; 0: no compaction starts. name is copied. */
int32_t panrocks_task_limiter_create(const char *name, int32_t max_outstanding_tasks,
                                     panrocks_task_limiter **limiter_out, panrocks_error *error);
void panrocks_task_limiter_destroy(panrocks_task_limiter *limiter);
/* The name: min(length, capacity) bytes into buffer (may be NULL); returns the full length. */
size_t panrocks_task_limiter_name(const panrocks_task_limiter *limiter, char *buffer, size_t capacity);
/* < 0: no limit; 0: no new compaction starts (running ones finish). */
void panrocks_task_limiter_set_max_outstanding_tasks(panrocks_task_limiter *limiter, int32_t limit);
/* Back to no limit. */
void panrocks_task_limiter_reset_max_outstanding_tasks(panrocks_task_limiter *limiter);
/* Compactions running under the limit now; 0 for NULL. */
int32_t panrocks_task_limiter_outstanding_tasks(const panrocks_task_limiter *limiter);

#endif /* PANROCKS_COMPACTION_H */
