/*
 * panrocks_tables.h - what SST files say about themselves: their table
 * properties (rocksdb::TableProperties) for a DB's files, a reader of one
 * SST file outside any DB (rocksdb::SstFileReader), and iterators that skip
 * tables by their properties (ReadOptions::table_filter). Part of the
 * panrocks C ABI; include panrocks.h, which includes this header.
 *
 * Encoded properties. Properties cross the ABI as bytes, in the byte order
 * of the machine, with no padding:
 *
 *   properties := u64 number_count, number_count x u64 (the numbers below,
 *                 in this order; a newer library may append more),
 *                 7 x string (column_family_name, filter_policy_name,
 *                 comparator_name, merge_operator_name,
 *                 prefix_extractor_name, property_collectors_names,
 *                 compression_name),
 *                 map (user_collected_properties), map (readable_properties)
 *   numbers    := data_size, index_size, index_partitions,
 *                 top_level_index_size, index_key_is_user_key,
 *                 index_value_is_delta_encoded, filter_size, raw_key_size,
 *                 raw_value_size, num_data_blocks, num_entries,
 *                 num_deletions, num_merge_operands, num_range_deletions,
 *                 format_version, fixed_key_len, column_family_id,
 *                 creation_time, oldest_key_time,
 *                 slow_compression_estimated_data_size,
 *                 fast_compression_estimated_data_size,
 *                 external_sst_file_global_seqno_offset
 *   string     := u64 length, length bytes
 *   map        := u64 count, count x (string key, string value)
 *   collection := u64 count, count x (string file_name, properties)
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_TABLES_H
#define PANROCKS_TABLES_H

/* How many numbers this library writes at the start of properties. */
#define PANROCKS_TABLE_PROPERTIES_NUMBERS 22

/* Bytes the library made for the caller; read them, then destroy. */
typedef struct panrocks_blob panrocks_blob;

const char *panrocks_blob_data(const panrocks_blob *blob);
uint64_t panrocks_blob_size(const panrocks_blob *blob);
/* NULL is tolerated. */
void panrocks_blob_destroy(panrocks_blob *blob);

/* DB::GetPropertiesOfAllTables: a collection (above) of the family's live
 * SST files, by path. cf NULL: the default family. */
int32_t panrocks_properties_of_all_tables(panrocks_db *db, panrocks_cf *cf, panrocks_blob **blob_out,
                                          panrocks_error *error);

/* DB::GetPropertiesOfTablesInRange: a collection of the files that overlap
 * one of the ranges [bounds[2i], bounds[2i + 1]), i < range_count. */
int32_t panrocks_properties_of_tables_in_range(panrocks_db *db, panrocks_cf *cf, const panrocks_slice *bounds,
                                               size_t range_count, panrocks_blob **blob_out,
                                               panrocks_error *error);

/* ---- SST file reader ------------------------------------------------------ */

/* rocksdb::SstFileReader: one SST file, read outside any DB. Not safe for
 * concurrent open/destroy with any other call; its iterators read the file
 * it opened and must be destroyed before it is opened again or destroyed. */
typedef struct panrocks_sst_reader panrocks_sst_reader;

/* A reader whose options are db_options (DBOptions string; NULL: defaults)
 * and family's options, table options and block cache (name unused). */
int32_t panrocks_sst_reader_create(const char *db_options, const panrocks_cf_descriptor *family,
                                   panrocks_sst_reader **reader_out, panrocks_error *error);
void panrocks_sst_reader_destroy(panrocks_sst_reader *reader);

/* Opens the file at path (replacing the file opened before). */
int32_t panrocks_sst_reader_open(panrocks_sst_reader *reader, const char *path, panrocks_error *error);

/* The functions below answer InvalidArgument until a file is open. */

/* Reads every block of the file and checks its checksum. */
int32_t panrocks_sst_reader_verify_checksum(panrocks_sst_reader *reader, panrocks_error *error);

/* The file's properties, encoded (above). */
int32_t panrocks_sst_reader_properties(panrocks_sst_reader *reader, panrocks_blob **blob_out,
                                       panrocks_error *error);

/* An iterator over the file's entries (spec NULL: default read options; its
 * snapshot is ignored). Moved and destroyed with the panrocks_iterator_*
 * functions; destroy it before the reader. */
int32_t panrocks_sst_reader_iterator(panrocks_sst_reader *reader, const panrocks_read_options_spec *spec,
                                     panrocks_iterator **iterator_out, panrocks_error *error);

/* ---- table filters --------------------------------------------------------- */

/* Whether an iterator reads a table: nonzero yes, 0 skip it. properties is
 * the table's encoded properties, valid during the call. Called on the
 * iterator's thread, inside its creation and moves. PANROCKS_UPCALL_FAILED
 * (the filter failed) reads the table: a failing filter never hides data. */
typedef int32_t (*panrocks_table_filter_fn)(void *context, const char *properties, size_t size);

/* As panrocks_iterator_create, with a table filter (ReadOptions::
 * table_filter; NULL filter: none). The filter is called until the
 * iterator is destroyed. */
int32_t panrocks_iterator_create_filtered(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options_spec *spec,
                                          panrocks_table_filter_fn filter, void *context,
                                          panrocks_iterator **iterator_out, panrocks_error *error);

/* ---- listener events for table files (panrocks_listener.h) ------------------- */

/* Event bits of panrocks_listener_spec.events (beside panrocks_listener.h's 1-8; other
 * headers of events use bits from 65536 up). */
#define PANROCKS_EVENT_TABLE_FILE_CREATED 16
#define PANROCKS_EVENT_TABLE_FILE_CREATION_STARTED 32

/* rocksdb::TableFileCreationReason. */
#define PANROCKS_TABLE_FILE_REASON_FLUSH 0
#define PANROCKS_TABLE_FILE_REASON_COMPACTION 1
#define PANROCKS_TABLE_FILE_REASON_RECOVERY 2
#define PANROCKS_TABLE_FILE_REASON_MISC 3

/* A table file is about to be written (TableFileCreationBriefInfo; then
 * file_size, status and properties are zero), or was written, well or not
 * (TableFileCreationInfo). Slices valid during the call only. */
typedef struct panrocks_table_file_info {
    panrocks_slice db_name;
    panrocks_slice cf_name;
    panrocks_slice file_path;
    panrocks_slice status_message;
    panrocks_slice properties;   /* encoded properties (above); empty when started */
    uint64_t file_size;
    int32_t job_id;
    int32_t reason;              /* PANROCKS_TABLE_FILE_REASON_* */
    int32_t status_code;         /* PANROCKS_OK or a status code */
    int32_t status_subcode;
} panrocks_table_file_info;

#endif /* PANROCKS_TABLES_H */
