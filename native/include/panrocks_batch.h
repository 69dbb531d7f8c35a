/*
 * panrocks_batch.h - write batches, applied in their serialized form.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_BATCH_H
#define PANROCKS_BATCH_H

/* ---- write batches ------------------------------------------------------ */

/* Applies a write batch atomically. `data` is the batch in RocksDB's
 * serialized form, the one WriteBatch::Data() returns and the WAL stores:
 *
 *   header  := sequence: fixed64 (ignored, 0) | count: fixed32
 *   record  := kTypeValue(0x1) varstring varstring
 *            | kTypeDeletion(0x0) varstring
 *            | kTypeSingleDeletion(0x7) varstring
 *            | kTypeRangeDeletion(0xF) varstring varstring
 *            | kTypeMerge(0x2) varstring varstring
 *            | kTypeColumnFamilyValue(0x5) varint32 varstring varstring
 *            | kTypeColumnFamilyDeletion(0x4) varint32 varstring
 *            | kTypeColumnFamilySingleDeletion(0x8) varint32 varstring
 *            | kTypeColumnFamilyRangeDeletion(0xE) varint32 varstring varstring
 *            | kTypeColumnFamilyMerge(0x6) varint32 varstring varstring
 *   varstring := length: varint32 | bytes
 *
 * (fixed-width integers little-endian; the varint32 before a record names
 * the column family by ID). The caller builds it without crossing the
 * boundary per update; RocksDB parses it, and a malformed batch fails with
 * PANROCKS_CORRUPTION before anything is applied. */
int32_t panrocks_write_batch_data(panrocks_db *db, uint32_t write_flags,
                                  const char *data, size_t size,
                                  panrocks_error *error);

#endif /* PANROCKS_BATCH_H */
