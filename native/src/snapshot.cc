// Snapshots: consistent read views.
#include "internal.h"

using panrocks::guarded;
using panrocks::report;

extern "C" {

int32_t panrocks_snapshot_create(panrocks_db *db, panrocks_snapshot **snapshot_out,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && snapshot_out != nullptr);
        const rocksdb::Snapshot *s = db->db->GetSnapshot();
        if (s == nullptr) {
            return report(error, PANROCKS_NOT_SUPPORTED, "this DB cannot take snapshots");
        }
        *snapshot_out = new panrocks_snapshot{s};
        return PANROCKS_OK;
    });
}

uint64_t panrocks_snapshot_sequence(const panrocks_snapshot *snapshot) {
    return snapshot ? snapshot->snapshot->GetSequenceNumber() : 0;
}

void panrocks_snapshot_release(panrocks_db *db, panrocks_snapshot *snapshot) {
    if (db == nullptr || snapshot == nullptr) return;
    db->db->ReleaseSnapshot(snapshot->snapshot);
    delete snapshot;
}

}  // extern "C"
