// Reading the write-ahead log: the updates since a sequence number
// (GetUpdatesSince) and the WAL file being written.
#include <rocksdb/transaction_log.h>
#include <rocksdb/write_batch.h>

#include "internal.h"

using panrocks::guarded;
using panrocks::report;

struct panrocks_wal_iterator {
    panrocks_db *db = nullptr;
    // the sequence the walk was asked to start at (0 stands for 1)
    uint64_t start = 0;
    bool verify_checksums = true;
    std::unique_ptr<rocksdb::TransactionLogIterator> it;
    // Whether `it` ever stood on a batch. Until then it may have no log
    // reader at all: RocksDB's iterator over an empty list of WAL files
    // (every file empty, purged, or written with disableWAL) dereferences a
    // null reader in Next(). Such a walk is started afresh instead of moved.
    bool started = false;
    // The current batch: GetBatch() moves it out of RocksDB's iterator, so it
    // is taken once per move and kept here, where the caller's view of its
    // bytes points, until the next move.
    std::unique_ptr<rocksdb::WriteBatch> batch;
    uint64_t sequence = 0;
    // a failure the walk met outside RocksDB's iterator (a gap panrocks
    // found, a restart that failed); status() reports it
    rocksdb::Status failure;
};

namespace {

void fill(panrocks_wal_iterator *w, panrocks_wal_batch *position) {
    if (position == nullptr) return;
    if (w->batch) {
        const std::string &data = w->batch->Data();
        position->data = data.data();
        position->size = data.size();
        position->sequence = w->sequence;
        position->valid = 1;
    } else {
        position->data = nullptr;
        position->size = 0;
        position->sequence = 0;
        position->valid = 0;
    }
}

// Takes the batch the iterator stands on, if any.
void take_batch(panrocks_wal_iterator *w) {
    w->batch.reset();
    if (!w->it || !w->it->Valid()) return;
    rocksdb::BatchResult r = w->it->GetBatch();
    if (!r.writeBatchPtr) return;
    w->started = true;
    w->sequence = r.sequence;
    w->batch = std::move(r.writeBatchPtr);
}

// Starts (or restarts) the walk at w->start: a fresh RocksDB iterator, which
// lists the WAL files anew. Refuses a gap before the first batch: the
// updates from w->start on must all be there.
rocksdb::Status start_walk(panrocks_wal_iterator *w) {
    w->batch.reset();
    w->it.reset();
    const uint64_t wanted = w->start == 0 ? 1 : w->start;
    // Read before the walk lists the WAL files: every update up to here was
    // logged (unless written without the WAL) before the listing, so a walk
    // that finds none of them proves a gap. Read after, a write racing the
    // start of a walk over an empty DB would look like one.
    const uint64_t latest = w->db->db->GetLatestSequenceNumber();
    std::unique_ptr<rocksdb::TransactionLogIterator> it;
    rocksdb::Status s = w->db->db->GetUpdatesSince(
        w->start, &it, rocksdb::TransactionLogIterator::ReadOptions(w->verify_checksums));
    if (!s.ok()) return s;
    if (!it) return rocksdb::Status::Aborted("panrocks: GetUpdatesSince returned no iterator");
    w->it = std::move(it);
    take_batch(w);
    if (w->batch) {
        if (w->sequence > wanted) {
            const std::string m = "panrocks: the WAL no longer holds sequence " + std::to_string(wanted) +
                                  ": its first batch from there starts at " + std::to_string(w->sequence) +
                                  " (older WAL files were purged, see WAL_ttl_seconds and WAL_size_limit_MB, "
                                  "or those updates were written with disableWAL)";
            w->batch.reset();
            return rocksdb::Status::NotFound(m);
        }
        return rocksdb::Status::OK();
    }
    s = w->it->status();
    if (!s.ok()) return s;
    if (wanted <= latest) {
        const std::string m = "panrocks: the WAL holds none of the updates from sequence " +
                              std::to_string(wanted) + " to " + std::to_string(latest) +
                              " (purged WAL files, see WAL_ttl_seconds and WAL_size_limit_MB; updates written "
                              "with disableWAL; or, with manual_wal_flush, not flushed to the WAL yet)";
        return rocksdb::Status::NotFound(m);
    }
    return rocksdb::Status::OK();  // nothing written yet: the walk waits at the end
}

}  // namespace

int32_t panrocks_wal_updates_since(panrocks_db *db, uint64_t sequence, int32_t verify_checksums,
                                   panrocks_wal_iterator **iterator_out, panrocks_wal_batch *position,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && db->db != nullptr && iterator_out != nullptr);
        *iterator_out = nullptr;
        if (position != nullptr) *position = panrocks_wal_batch{};
        auto w = std::make_unique<panrocks_wal_iterator>();
        w->db = db;
        w->start = sequence;
        w->verify_checksums = verify_checksums != 0;
        rocksdb::Status s = start_walk(w.get());
        if (!s.ok()) return report(error, s);
        fill(w.get(), position);
        *iterator_out = w.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_wal_iterator_next(panrocks_wal_iterator *iterator, panrocks_wal_batch *position,
                                   panrocks_error *error) {
    if (position != nullptr) *position = panrocks_wal_batch{};
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr);
        panrocks_wal_iterator *w = iterator;
        w->batch.reset();
        if (!w->failure.ok() || !w->it) return PANROCKS_OK;  // stopped: status() says why
        if (!w->started) {
            // never on a batch: possibly no log reader, so not Next() but a new walk
            rocksdb::Status s = start_walk(w);
            if (!s.ok()) w->failure = s;
        } else {
            w->it->Next();
            take_batch(w);
        }
        fill(w, position);
        return PANROCKS_OK;
    });
}

int32_t panrocks_wal_iterator_status(panrocks_wal_iterator *iterator, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr);
        if (!iterator->failure.ok()) return report(error, iterator->failure);
        if (!iterator->it) return PANROCKS_OK;
        return panrocks::check(error, iterator->it->status());
    });
}

void panrocks_wal_iterator_destroy(panrocks_wal_iterator *iterator) { delete iterator; }

int32_t panrocks_get_current_wal_file(panrocks_db *db, char *name, size_t capacity, uint64_t *name_size,
                                      uint64_t *log_number, uint64_t *start_sequence, uint64_t *size_bytes,
                                      int32_t *wal_type, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && db->db != nullptr && name_size != nullptr &&
                                    log_number != nullptr && start_sequence != nullptr &&
                                    size_bytes != nullptr && wal_type != nullptr);
        std::unique_ptr<rocksdb::WalFile> file;
        rocksdb::Status s = db->db->GetCurrentWalFile(&file);
        if (!s.ok()) return report(error, s);
        if (!file) return report(error, PANROCKS_INTERNAL_ERROR, "panrocks: GetCurrentWalFile returned no file");
        std::string path = file->PathName();
        if (path.empty() || path[0] != '/') path.insert(path.begin(), '/');
        *log_number = file->LogNumber();
        *start_sequence = file->StartSequence();
        *size_bytes = file->SizeFileBytes();
        *wal_type = file->Type() == rocksdb::kAliveLogFile ? PANROCKS_WAL_ALIVE : PANROCKS_WAL_ARCHIVED;
        return panrocks::copy_out(path, name, capacity, name_size);
    });
}

int32_t panrocks_sync_wal(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        rocksdb::Status s = db->db->SyncWAL();
        return s.ok() ? PANROCKS_OK : report(error, s);
    });
}
