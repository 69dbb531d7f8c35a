/*
 * panrocks_options_io.h - options of an open DB read and changed while it
 * runs (RocksDB's GetOptions/SetOptions), and OPTIONS files parsed into
 * option strings. Part of the panrocks C ABI; include panrocks.h, which
 * includes this header. Its conventions (statuses, caller-owned error
 * records, NULL column family = default) apply here unchanged.
 *
 * Options cross as RocksDB option strings ("name=value;name=value"), parsed
 * by RocksDB's own StringToMap, as at open.
 */
#ifndef PANROCKS_H
#error "include panrocks.h"
#endif

#ifndef PANROCKS_OPTIONS_IO_H
#define PANROCKS_OPTIONS_IO_H

/* Changes mutable options of the family cf (NULL: default) of an open DB:
 * DB::SetOptions. RocksDB refuses an option that is not mutable, or a value
 * it cannot parse, with InvalidArgument, and changes nothing then. An empty
 * string is refused (RocksDB's "empty input"). A DB opened read-only or as
 * a secondary refuses it with NotSupported (RocksDB's read-only DB would
 * write a new MANIFEST and OPTIONS file into the folder). */
int32_t panrocks_set_options(panrocks_db *db, panrocks_cf *cf, const char *options,
                             panrocks_error *error);

/* Changes mutable DB-wide options of an open DB: DB::SetDBOptions; refused
 * as panrocks_set_options. */
int32_t panrocks_set_db_options(panrocks_db *db, const char *options, panrocks_error *error);

/* The current options of the family cf (NULL: default) as an option string
 * (DB::GetOptions, serialized by GetStringFromColumnFamilyOptions with ";"
 * between options): min(size, capacity) bytes into buffer (may be NULL),
 * *size = the full size. */
int32_t panrocks_get_options(panrocks_db *db, panrocks_cf *cf, char *buffer, size_t capacity,
                             uint64_t *size, panrocks_error *error);

/* The current DB-wide options (DB::GetDBOptions) as an option string, as
 * panrocks_get_options. */
int32_t panrocks_get_db_options(panrocks_db *db, char *buffer, size_t capacity, uint64_t *size,
                                panrocks_error *error);

/* How an OPTIONS file is read (RocksDB's ConfigOptions). */
#define PANROCKS_CONFIG_IGNORE_UNKNOWN_OPTIONS 1u
#define PANROCKS_CONFIG_INPUT_STRINGS_ESCAPED 2u

/* Parses an OPTIONS file: the newest one of the DB in `path` when latest is
 * nonzero (LoadLatestOptions), else the file `path` (LoadOptionsFromFile),
 * with PANROCKS_CONFIG_* flags. The result, copied as min(size, capacity)
 * bytes into buffer (may be NULL; *size = the full size), is a sequence of
 * records, each a uint32_t length in the machine's byte order then that many
 * bytes: first the DB-wide options, then for each column family its name and
 * its options. Options cross as option strings holding only the options whose
 * value differs from RocksDB's default; options naming an object (comparator,
 * merge operator, filters, the table factory's cache) are left out. */
int32_t panrocks_load_options(const char *path, int32_t latest, uint32_t flags, char *buffer,
                              size_t capacity, uint64_t *size, panrocks_error *error);

/* The name of the newest OPTIONS file of the DB in `path` (GetLatestOptionsFileName),
 * as panrocks_get_options. */
int32_t panrocks_latest_options_file_name(const char *path, char *buffer, size_t capacity,
                                          uint64_t *size, panrocks_error *error);

/* Whether RocksDB takes an option string of kind PANROCKS_OPTIONS_DB or
 * PANROCKS_OPTIONS_COLUMN_FAMILY (GetDBOptionsFromString,
 * GetColumnFamilyOptionsFromString over RocksDB's defaults), read with
 * PANROCKS_CONFIG_* flags: PANROCKS_OK, or RocksDB's status
 * (InvalidArgument for an unknown option or a bad value). Nothing is kept. */
int32_t panrocks_check_options(int32_t kind, const char *options, uint32_t flags, panrocks_error *error);

#endif /* PANROCKS_OPTIONS_IO_H */
