/*
 * panrocks_runtime_extras.h - what RocksJava's runtime types need beyond the
 * rest of the ABI: the full statistics of a finished compaction
 * (rocksdb::CompactionJobStats) and the file names of its CompactionJobInfo,
 * delivered with PANROCKS_EVENT_COMPACTION_COMPLETED. Included by
 * panrocks.h; the conventions there apply.
 */
#ifndef PANROCKS_RUNTIME_EXTRAS_H
#define PANROCKS_RUNTIME_EXTRAS_H

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

/* rocksdb::MemoryUtil::GetApproximateMemoryUsageByType over the open DBs
 * dbs[0, db_count) and the caches caches[0, cache_count) (NULL entries
 * skipped; a cache the DBs also use is counted once): fills
 * usage[PANROCKS_MEMORY_USAGE_TYPES] in the order of RocksDB's
 * MemoryUtil::UsageType (memtables total, memtables not flushed, table
 * readers, caches), and sets bit i of *reported for each type RocksDB
 * reported (none for no DB and no cache; the others' usage is 0). The
 * caller keeps every DB and cache alive during the call. */
#define PANROCKS_MEMORY_USAGE_TYPES 4
int32_t panrocks_memory_usage_by_type(panrocks_db *const *dbs, size_t db_count, panrocks_cache *const *caches,
                                      size_t cache_count, uint64_t *usage, uint32_t *reported,
                                      panrocks_error *error);

/* DB::GetAggregatedIntProperty: the property summed over every column
 * family; *known is 0 (and *value 0) for a property RocksDB cannot sum. */
int32_t panrocks_aggregated_int_property(panrocks_db *db, const char *name, uint64_t *value, int32_t *known,
                                         panrocks_error *error);

/* RocksJava's transaction members over rocksdb::Transaction (declared in
 * panrocks_txn.h; defined in txn.cc, which owns panrocks_txn). The caller
 * serializes calls on one transaction, as for every panrocks_txn_* call. */
/* Transaction::PutLogData: a blob for the WAL record of the commit, applied
 * to no family. */
int32_t panrocks_txn_put_log_data(panrocks_txn *txn, const char *blob, size_t length, panrocks_error *error);
/* Transaction::DisableIndexing (enabled 0) / EnableIndexing (enabled 1). */
void panrocks_txn_set_indexing(panrocks_txn *txn, int32_t enabled);
/* Transaction::SetLogNumber / GetLogNumber. */
void panrocks_txn_set_log_number(panrocks_txn *txn, uint64_t log_number);
uint64_t panrocks_txn_log_number(panrocks_txn *txn);

#endif /* PANROCKS_RUNTIME_EXTRAS_H */
