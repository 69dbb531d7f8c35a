/*
 * panrocks_checkpoint.h - checkpoints (openable copies of a DB) and the
 * export of a column family's files and their import into a new family.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_CHECKPOINT_H
#define PANROCKS_CHECKPOINT_H

/* ---- checkpoints ----------------------------------------------------------- */

/* An openable copy of the DB in `dir` (which must not exist: RocksDB refuses
 * it with InvalidArgument), made of hard links to the SST files where the
 * file system allows and copies otherwise. WALs larger than
 * log_size_for_flush make RocksDB flush first (0: always flush). When
 * sequence_number is not NULL, it receives the sequence number the
 * checkpoint holds. */
int32_t panrocks_checkpoint_create(panrocks_db *db, const char *dir, uint64_t log_size_for_flush,
                                   uint64_t *sequence_number, panrocks_error *error);

/* ---- column family export and import ---------------------------------------- */

/* What an export wrote (rocksdb::ExportImportFilesMetaData): the SST files
 * of one column family in the export directory, and the name of the
 * comparator they are sorted by. Any number of imports may read it; read
 * it, then destroy it. */
typedef struct panrocks_export panrocks_export;

/* Checkpoint::ExportColumnFamily: flushes cf (NULL: default), then hard
 * links (or copies) its SST files into dir, which must not exist
 * (InvalidArgument); RocksDB stages them in dir's path + ".tmp". */
int32_t panrocks_export_column_family(panrocks_db *db, panrocks_cf *cf, const char *dir,
                                      panrocks_export **export_out, panrocks_error *error);
/* Sets *name to the comparator's name (pointing into exported); empty for NULL. */
void panrocks_export_comparator_name(const panrocks_export *exported, panrocks_slice *name);
/* The exported files (panrocks_file_info's metadata fields; directory: the
 * export directory), as a list the caller destroys. */
int32_t panrocks_export_files(const panrocks_export *exported, panrocks_file_list **list_out,
                              panrocks_error *error);
void panrocks_export_destroy(panrocks_export *exported);

/* DB::CreateColumnFamilyWithImport: creates the family descriptor names
 * with the files of exports[0..export_count) (their user keys must not
 * overlap across exports), hard linked or copied, or moved with move_files.
 * The exports may be destroyed afterwards. NotSupported on a read-only DB
 * and on a DB opened with TTL. */
int32_t panrocks_create_column_family_with_import(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                                  int32_t move_files, const panrocks_export *const *exports,
                                                  size_t export_count, panrocks_cf **cf_out,
                                                  panrocks_error *error);

#endif /* PANROCKS_CHECKPOINT_H */
