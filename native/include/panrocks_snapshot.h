/*
 * panrocks_snapshot.h - snapshots: consistent read views of a DB.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_SNAPSHOT_H
#define PANROCKS_SNAPSHOT_H

/* ---- snapshots --------------------------------------------------------- */

typedef struct panrocks_snapshot panrocks_snapshot;          /* owned by its DB */

/* A consistent read view of the DB as of now. Released by
 * panrocks_snapshot_release, which must happen before the DB closes and
 * after every read options object that names it is no longer used. */
int32_t panrocks_snapshot_create(panrocks_db *db, panrocks_snapshot **snapshot_out,
                                 panrocks_error *error);
uint64_t panrocks_snapshot_sequence(const panrocks_snapshot *snapshot);
void panrocks_snapshot_release(panrocks_db *db, panrocks_snapshot *snapshot);

#endif /* PANROCKS_SNAPSHOT_H */
