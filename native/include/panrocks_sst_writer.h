/*
 * panrocks_sst_writer.h - SST files written outside a DB
 * (rocksdb::SstFileWriter), for ingestion.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_SST_WRITER_H
#define PANROCKS_SST_WRITER_H

/* ---- SST files written outside a DB -------------------------------------------- */

/* The rocksdb::EnvOptions fields that matter for writing SST files. Start
 * from panrocks_env_options_init(). */
typedef struct panrocks_env_options {
    uint64_t bytes_per_sync;                /* 0: off */
    uint64_t writable_file_max_buffer_size;
    int32_t use_direct_writes;
    int32_t fallocate_with_keep_size;
} panrocks_env_options;

void panrocks_env_options_init(panrocks_env_options *options);

/* rocksdb::SstFileWriter: writes keys in the order of the family's
 * comparator into one SST file that any column family with compatible
 * options may ingest. One thread at a time. */
typedef struct panrocks_sst_writer panrocks_sst_writer;

/* A writer whose options are db_options (DBOptions string; NULL: defaults)
 * and family's options, table options and block cache (its name is not
 * used). env NULL: RocksDB's default EnvOptions. */
int32_t panrocks_sst_writer_create(const panrocks_env_options *env, const char *db_options,
                                   const panrocks_cf_descriptor *family, panrocks_sst_writer **writer_out,
                                   panrocks_error *error);
void panrocks_sst_writer_destroy(panrocks_sst_writer *writer);

/* Starts a new file at path (replacing one that exists). */
int32_t panrocks_sst_writer_open(panrocks_sst_writer *writer, const char *path, panrocks_error *error);

/* Adds one entry; keys must come in strictly ascending order (RocksDB's
 * InvalidArgument otherwise), range deletions in any order. Failing here
 * (no file open, say) leaves the writer as it was. */
int32_t panrocks_sst_writer_put(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                const char *value, size_t value_length, panrocks_error *error);
int32_t panrocks_sst_writer_merge(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                  const char *value, size_t value_length, panrocks_error *error);
int32_t panrocks_sst_writer_delete(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                   panrocks_error *error);
int32_t panrocks_sst_writer_delete_range(panrocks_sst_writer *writer, const char *begin, size_t begin_length,
                                         const char *end, size_t end_length, panrocks_error *error);

/* What a finished SST file holds. The slices point into the writer and stay
 * valid until its next open, finish or destroy. */
typedef struct panrocks_sst_file_info {
    panrocks_slice file_path;
    panrocks_slice smallest_key;
    panrocks_slice largest_key;
    panrocks_slice smallest_range_del_key;
    panrocks_slice largest_range_del_key;
    uint64_t sequence_number;
    uint64_t file_size;
    uint64_t num_entries;
    uint64_t num_range_del_entries;
    int32_t version;
    int32_t reserved;
} panrocks_sst_file_info;

/* Completes the file (RocksDB refuses a file with no entries); info, if not
 * NULL, receives what it holds. The writer may then open another file. */
int32_t panrocks_sst_writer_finish(panrocks_sst_writer *writer, panrocks_sst_file_info *info,
                                   panrocks_error *error);

/* Bytes written to the current file so far. */
int32_t panrocks_sst_writer_file_size(panrocks_sst_writer *writer, uint64_t *size, panrocks_error *error);

/* Adds an entity to an SST file being written (RocksDB 8.6 and later). */
int32_t panrocks_sst_writer_put_entity(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                       const panrocks_wide_column *columns, size_t count,
                                       panrocks_error *error);

#endif /* PANROCKS_SST_WRITER_H */
