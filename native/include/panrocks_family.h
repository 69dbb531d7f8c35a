/*
 * panrocks_family.h - column families: creating (with a TTL too),
 * dropping, naming and listing them.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_FAMILY_H
#define PANROCKS_FAMILY_H

/* ---- column families ----------------------------------------------------- */

/* Creates a column family; the handle belongs to the DB. */
int32_t panrocks_create_column_family(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                      panrocks_cf **cf_out, panrocks_error *error);
/* Drops the family's data; the handle stays valid until destroyed. */
int32_t panrocks_drop_column_family(panrocks_db *db, panrocks_cf *cf, panrocks_error *error);
/* Releases a handle before the DB closes (the family itself stays). */
int32_t panrocks_destroy_column_family_handle(panrocks_db *db, panrocks_cf *cf, panrocks_error *error);
uint32_t panrocks_column_family_id(const panrocks_cf *cf);
/* Copies min(size, capacity) bytes of the family's name; returns its full size. */
size_t panrocks_column_family_name(const panrocks_cf *cf, char *buffer, size_t capacity);

/* Names of the column families of the DB at path, packed into buffer as
 * (uint32 length, bytes) records; *size receives the bytes needed and
 * *count the number of names. Nothing is written past capacity. */
int32_t panrocks_list_column_families(const char *path, const char *db_options,
                                      char *buffer, size_t capacity,
                                      uint64_t *size, uint32_t *count,
                                      panrocks_error *error);

/* On a DB opened with PANROCKS_OPEN_TTL: creates a family whose entries
 * expire after ttl seconds (<= 0: never). NotSupported on other DBs. */
int32_t panrocks_create_column_family_with_ttl(panrocks_db *db, const panrocks_cf_descriptor *descriptor,
                                               int32_t ttl, panrocks_cf **cf_out, panrocks_error *error);

#endif /* PANROCKS_FAMILY_H */
