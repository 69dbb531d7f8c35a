// Transactions: pessimistic (TransactionDB) and optimistic
// (OptimisticTransactionDB) DBs, their transactions, two-phase commit.
//
// A transaction DB is an ordinary panrocks_db whose `db` is the transaction
// DB seen as a DB (both are StackableDBs), so every function of panrocks.h
// works on it. Each rocksdb::Transaction has exactly one panrocks_txn, found
// through the DB's registry: the lookup by name of a transaction that
// already has a handle returns that handle, never a second owner.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>

#include <rocksdb/utilities/optimistic_transaction_db.h>
#include <rocksdb/utilities/transaction.h>
#include <rocksdb/utilities/transaction_db.h>
#include <rocksdb/utilities/transaction_db_mutex.h>
#include <rocksdb/utilities/write_batch_with_index.h>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::read_options;
using panrocks::report;

namespace {

// Counts the snapshots a transaction took on its own (SetSnapshotOnNextOperation).
class GenerationNotifier : public rocksdb::TransactionNotifier {
  public:
    explicit GenerationNotifier(uint64_t *generation) : generation_(generation) {}
    void SnapshotCreated(const rocksdb::Snapshot *) override { ++*generation_; }

  private:
    uint64_t *generation_;
};

// ---- limits of RocksDB 9.11's lock table --------------------------------------

// The longest lock timeout and expiration, in milliseconds, the engine handles.
// It keeps both in microseconds (x 1000, in int64) and waits with
// std::condition_variable::wait_for, which compares the time waited with the
// duration in nanoseconds: a wait over INT64_MAX ns (about 292 years) wraps,
// and every wakeup then looks like the timeout (a lock wait of 10^13 ms failed
// at the first notification of its stripe; Long.MAX_VALUE x 1000 wrapped to a
// negative timeout, which means "the DB's"). Longer values are clamped here
// (the Java side clamps the same: TransactionOptions.MAX_LOCK_TIMEOUT).
constexpr int64_t kLongestMillis = INT64_MAX / 1000000;

// A timeout in milliseconds as the engine can take it: negative ones become
// -1 (Long.MIN_VALUE x 1000 would wrap to 0, "no wait"), longer ones the
// longest it handles.
int64_t engine_millis(int64_t millis) { return millis < 0 ? -1 : std::min(millis, kLongestMillis); }

// The deepest deadlock detection accepted. Every lock wait with detection on
// allocates and zeroes a search queue of 12 bytes per level (under a stripe
// mutex of the lock table), and the search counts in ints: a depth of
// Long.MAX_VALUE threw std::length_error there. 65,536 levels are 768 KiB per
// wait (TransactionOptions.MAX_DEADLOCK_DETECT_DEPTH on the Java side).
constexpr int64_t kDeepestDeadlockDetection = 1 << 16;

// ---- the lock table's mutexes ------------------------------------------------

// RocksDB's lock table locks a stripe's mutex by hand (Lock ... UnLock, no
// RAII), so a C++ exception thrown by the engine in between (an allocation
// failure while it waits or takes a lock) leaves the stripe locked, and every
// later lock or unlock of a key of that stripe, a rollback's included, waits
// forever. panrocks gives the lock table its own mutexes (RocksDB's
// custom_mutex_factory), which remember which ones each thread holds, so that
// the exception barrier can unlock what the unwound engine frames abandoned
// (release_abandoned_lock_table_mutexes). Otherwise they are RocksDB's own:
// a std::mutex and a std::condition_variable.
class LockTableMutex;

// The mutexes this thread holds, newest first, linked through the mutexes
// themselves (a thread may hold several, one per stripe): no allocation.
PANROCKS_THREAD_LOCAL LockTableMutex *held_by_this_thread = nullptr;

class LockTableMutex final : public rocksdb::TransactionDBMutex {
  public:
    rocksdb::Status Lock() override {
        mutex_.lock();
        note_held();
        return rocksdb::Status::OK();
    }

    // As RocksDB's: a zero timeout only tries; any other waits, since a
    // stripe's mutex is held briefly (the lock timeout applies to the wait
    // for the key, in the condition variable).
    rocksdb::Status TryLockFor(int64_t timeout_micros) override {
        if (timeout_micros == 0) {
            if (!mutex_.try_lock()) return rocksdb::Status::TimedOut(rocksdb::Status::SubCode::kMutexTimeout);
        } else {
            mutex_.lock();
        }
        note_held();
        return rocksdb::Status::OK();
    }

    void UnLock() override {
        note_released();
        mutex_.unlock();
    }

    std::mutex &native() { return mutex_; }

    // By the exception barrier: unlocks every mutex this thread still holds.
    static void release_all_held() noexcept {
        while (held_by_this_thread != nullptr) {
            LockTableMutex *m = held_by_this_thread;
            held_by_this_thread = m->next_held_;
            m->next_held_ = nullptr;
            m->mutex_.unlock();
        }
    }

    // Bookkeeping of the calling thread's list; the condition variable
    // takes the mutex out of it while it waits (another thread may hold it
    // meanwhile, and link it into its own list).
    void note_held() {
        next_held_ = held_by_this_thread;
        held_by_this_thread = this;
    }

    void note_released() {
        // usually the newest (stripes are unlocked in the reverse order)
        for (LockTableMutex **link = &held_by_this_thread; *link != nullptr; link = &(*link)->next_held_) {
            if (*link == this) {
                *link = next_held_;
                next_held_ = nullptr;
                return;
            }
        }
    }

  private:
    std::mutex mutex_;
    LockTableMutex *next_held_ = nullptr;  // written by the holding thread only
};

class LockTableCondVar final : public rocksdb::TransactionDBCondVar {
  public:
    // Waits with the mutex released, and holds it again on return.
    rocksdb::Status Wait(std::shared_ptr<rocksdb::TransactionDBMutex> mutex) override {
        auto *m = static_cast<LockTableMutex *>(mutex.get());
        m->note_released();
        std::unique_lock<std::mutex> lock(m->native(), std::adopt_lock);
        cv_.wait(lock);
        lock.release();
        m->note_held();
        return rocksdb::Status::OK();
    }

    rocksdb::Status WaitFor(std::shared_ptr<rocksdb::TransactionDBMutex> mutex, int64_t timeout_micros) override {
        if (timeout_micros < 0) return Wait(std::move(mutex));
        // A wait the standard library cannot measure (see kLongestMillis) is
        // cut short and reported as a wakeup: the lock table then looks at the
        // key again and waits for the rest.
        constexpr int64_t kLongestWaitMicros = kLongestMillis * 1000;
        const bool cut = timeout_micros > kLongestWaitMicros;
        auto *m = static_cast<LockTableMutex *>(mutex.get());
        m->note_released();
        std::unique_lock<std::mutex> lock(m->native(), std::adopt_lock);
        const std::cv_status waited =
            cv_.wait_for(lock, std::chrono::microseconds(cut ? kLongestWaitMicros : timeout_micros));
        lock.release();
        m->note_held();
        if (waited == std::cv_status::timeout && !cut) {
            return rocksdb::Status::TimedOut(rocksdb::Status::SubCode::kMutexTimeout);
        }
        return rocksdb::Status::OK();
    }

    void Notify() override { cv_.notify_one(); }
    void NotifyAll() override { cv_.notify_all(); }

  private:
    std::condition_variable cv_;
};

class LockTableMutexFactory final : public rocksdb::TransactionDBMutexFactory {
  public:
    std::shared_ptr<rocksdb::TransactionDBMutex> AllocateMutex() override {
        return std::make_shared<LockTableMutex>();
    }
    std::shared_ptr<rocksdb::TransactionDBCondVar> AllocateCondVar() override {
        return std::make_shared<LockTableCondVar>();
    }
};

}  // namespace

namespace panrocks {

void release_abandoned_lock_table_mutexes() noexcept { LockTableMutex::release_all_held(); }

}  // namespace panrocks

struct panrocks_txn {
    panrocks_db *db = nullptr;
    rocksdb::Transaction *txn = nullptr;
    // the iterators over this transaction's writes
    panrocks_iterator_source source;
    // what panrocks_txn_snapshot hands out, and how often the snapshot changed
    panrocks_snapshot view{nullptr};
    uint64_t snapshot_generation = 0;
    std::shared_ptr<GenerationNotifier> notifier;
    // PANROCKS_TXN_COMMITTED or _ROLLEDBACK once that succeeded (optimistic
    // transactions do not track it themselves); 0 while open
    int32_t outcome = 0;

    // Rebuilding the batch's index (commit, rollback, save point, reuse)
    // leaves iterators pointing at freed nodes: they end first.
    void end_iterators() { source.end_all(); }
};

namespace {

constexpr const char *kNotTransactional = "panrocks: this DB was not opened as a transaction DB";

panrocks_txn *adopt(panrocks_db *db, rocksdb::Transaction *t, int32_t *adopted) {
    // under db->txns_mutex
    auto found = db->txns.find(t);
    if (found != db->txns.end()) {
        if (adopted != nullptr) *adopted = 0;
        return found->second;
    }
    auto wrapper = std::make_unique<panrocks_txn>();
    wrapper->db = db;
    wrapper->txn = t;
    wrapper->source.batch = t->GetWriteBatch();
    db->txns.emplace(t, wrapper.get());
    if (adopted != nullptr) *adopted = 1;
    return wrapper.release();
}

// A commit or prepare writes with the options the transaction began with; one
// made from inside a callback must not wait for a write stall either (see
// panrocks::write_options). Restores them afterwards.
class NoStallInsideCallbacks {
  public:
    explicit NoStallInsideCallbacks(rocksdb::Transaction *t)
        : options_(panrocks::inside_callback() ? t->GetWriteOptions() : nullptr) {
        if (options_ == nullptr) return;
        saved_ = options_->no_slowdown;
        options_->no_slowdown = true;
    }
    ~NoStallInsideCallbacks() {
        if (options_ != nullptr) options_->no_slowdown = saved_;
    }
    NoStallInsideCallbacks(const NoStallInsideCallbacks &) = delete;
    NoStallInsideCallbacks &operator=(const NoStallInsideCallbacks &) = delete;

  private:
    rocksdb::WriteOptions *options_;
    bool saved_ = false;
};

int32_t state_of(const panrocks_txn *txn) {
    return txn->outcome != 0 ? txn->outcome : static_cast<int32_t>(txn->txn->GetState());
}

}  // namespace

namespace {

// ---- rebuilding a transaction from a batch -------------------------------------------------

// First pass: every record names a family of the DB and is of a kind a
// transaction takes; nothing is added.
class RebuildCheck final : public rocksdb::WriteBatch::Handler {
  public:
    explicit RebuildCheck(const std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> &families)
        : families_(families) {}

    rocksdb::Status PutCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &) override { return known(cf); }
    rocksdb::Status DeleteCF(uint32_t cf, const rocksdb::Slice &) override { return known(cf); }
    rocksdb::Status SingleDeleteCF(uint32_t cf, const rocksdb::Slice &) override { return known(cf); }
    rocksdb::Status MergeCF(uint32_t cf, const rocksdb::Slice &, const rocksdb::Slice &) override { return known(cf); }
    rocksdb::Status DeleteRangeCF(uint32_t, const rocksdb::Slice &, const rocksdb::Slice &) override {
        return rocksdb::Status::NotSupported("panrocks: a transaction takes no range delete");
    }
    rocksdb::Status PutEntityCF(uint32_t, const rocksdb::Slice &, const rocksdb::Slice &) override {
        return rocksdb::Status::NotSupported("panrocks: rebuilding a transaction from a wide-column entity");
    }
    void LogData(const rocksdb::Slice &) override {}

  private:
    rocksdb::Status known(uint32_t cf) const {
        return families_.count(cf) != 0
                   ? rocksdb::Status::OK()
                   : rocksdb::Status::InvalidArgument("Invalid column family specified in write batch");
    }

    const std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> &families_;
};

// Second pass: each record through the transaction.
class RebuildApply final : public rocksdb::WriteBatch::Handler {
  public:
    RebuildApply(rocksdb::Transaction *txn, const std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> &families)
        : txn_(txn), families_(families) {}

    rocksdb::Status PutCF(uint32_t cf, const rocksdb::Slice &key, const rocksdb::Slice &value) override {
        return txn_->Put(families_.at(cf), key, value);
    }
    rocksdb::Status DeleteCF(uint32_t cf, const rocksdb::Slice &key) override {
        return txn_->Delete(families_.at(cf), key);
    }
    rocksdb::Status SingleDeleteCF(uint32_t cf, const rocksdb::Slice &key) override {
        return txn_->SingleDelete(families_.at(cf), key);
    }
    rocksdb::Status MergeCF(uint32_t cf, const rocksdb::Slice &key, const rocksdb::Slice &value) override {
        return txn_->Merge(families_.at(cf), key, value);
    }
    void LogData(const rocksdb::Slice &) override {}

  private:
    rocksdb::Transaction *txn_;
    const std::unordered_map<uint32_t, rocksdb::ColumnFamilyHandle *> &families_;
};

}  // namespace

extern "C" {

void panrocks_txn_db_options_init(panrocks_txn_db_options *options) {
    if (options == nullptr) return;
    const rocksdb::TransactionDBOptions t;
    const rocksdb::OptimisticTransactionDBOptions o;
    *options = panrocks_txn_db_options{};
    options->max_num_locks = t.max_num_locks;
    options->num_stripes = static_cast<int64_t>(t.num_stripes);
    options->transaction_lock_timeout = t.transaction_lock_timeout;
    options->default_lock_timeout = t.default_lock_timeout;
    options->max_num_deadlocks = t.max_num_deadlocks;
    options->write_policy = static_cast<int32_t>(t.write_policy);
    options->occ_validate_policy = static_cast<int32_t>(o.validate_policy);
    options->occ_lock_buckets = o.occ_lock_buckets;
}

void panrocks_txn_options_init(panrocks_txn_options *options) {
    if (options == nullptr) return;
    const rocksdb::TransactionOptions t;
    *options = panrocks_txn_options{};
    options->lock_timeout = t.lock_timeout;
    options->expiration = t.expiration;
    options->deadlock_detect_depth = t.deadlock_detect_depth;
    options->max_write_batch_size = t.max_write_batch_size;
    options->set_snapshot = t.set_snapshot;
    options->deadlock_detect = t.deadlock_detect;
}

int32_t panrocks_txn_db_open(const panrocks_open_request *request, int32_t kind,
                             const panrocks_txn_db_options *options, panrocks_db **db_out,
                             panrocks_cf **cf_handles_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, request != nullptr && request->path != nullptr);
        PANROCKS_REQUIRE(error, db_out != nullptr);
        PANROCKS_REQUIRE(error, request->cf_count == 0 ||
                                    (request->cfs != nullptr && cf_handles_out != nullptr));
        PANROCKS_REQUIRE(error, kind == PANROCKS_TXN_DB_PESSIMISTIC || kind == PANROCKS_TXN_DB_OPTIMISTIC);
        if (request->mode != PANROCKS_OPEN_READ_WRITE) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: a transaction DB is opened for reading and writing");
        }
        panrocks_txn_db_options o;
        panrocks_txn_db_options_init(&o);
        if (options != nullptr) o = *options;
        if (o.write_policy != PANROCKS_TXN_WRITE_COMMITTED) {
            // WRITE_PREPARED and WRITE_UNPREPARED keep the raw column family
            // handles given at open and use them in later rollbacks, so a
            // handle released before the DB closes would be read after free.
            return report(error, PANROCKS_NOT_SUPPORTED,
                          "panrocks: only the WRITE_COMMITTED write policy is supported");
        }
        PANROCKS_REQUIRE(error, o.num_stripes >= 1);
        PANROCKS_REQUIRE(error, o.occ_validate_policy == PANROCKS_OCC_VALIDATE_SERIAL ||
                                    o.occ_validate_policy == PANROCKS_OCC_VALIDATE_PARALLEL);

        auto db = std::make_unique<panrocks_db>();
        panrocks::CallbackScope callbacks(db.get());  // callbacks of its option strings belong to it
        rocksdb::DBOptions db_options;
        std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
        int32_t rc = panrocks::open_options(request, db.get(), &db_options, &descriptors, error);
        if (rc != PANROCKS_OK) return rc;

        std::vector<rocksdb::ColumnFamilyHandle *> handles;
        rocksdb::DB *raw = nullptr;
        rocksdb::Status s;
        if (kind == PANROCKS_TXN_DB_PESSIMISTIC) {
            rocksdb::TransactionDBOptions t;
            t.max_num_locks = o.max_num_locks;
            t.num_stripes = static_cast<size_t>(o.num_stripes);
            t.transaction_lock_timeout = engine_millis(o.transaction_lock_timeout);
            t.default_lock_timeout = engine_millis(o.default_lock_timeout);
            t.max_num_deadlocks = o.max_num_deadlocks;
            t.write_policy = rocksdb::TxnDBWritePolicy::WRITE_COMMITTED;
            t.custom_mutex_factory = std::make_shared<LockTableMutexFactory>();
            rocksdb::TransactionDB *opened = nullptr;
            s = rocksdb::TransactionDB::Open(db_options, t, request->path, descriptors, &handles, &opened);
            if (!s.ok()) return report(error, s);
            db->txn_db = opened;
            raw = opened;
        } else {
            rocksdb::OptimisticTransactionDBOptions t;
            t.validate_policy = o.occ_validate_policy == PANROCKS_OCC_VALIDATE_SERIAL
                                    ? rocksdb::OccValidationPolicy::kValidateSerial
                                    : rocksdb::OccValidationPolicy::kValidateParallel;
            t.occ_lock_buckets = o.occ_lock_buckets;
            rocksdb::OptimisticTransactionDB *opened = nullptr;
            s = rocksdb::OptimisticTransactionDB::Open(db_options, t, request->path, descriptors, &handles,
                                                       &opened);
            if (!s.ok()) return report(error, s);
            db->occ_db = opened;
            raw = opened;
        }
        db->txn_kind = kind;
        panrocks::adopt_families(db.get(), raw, descriptors, handles, request, cf_handles_out);
        *db_out = db.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_txn_db_kind(const panrocks_db *db) { return db != nullptr ? db->txn_kind : 0; }

int32_t panrocks_txn_begin(panrocks_db *db, uint32_t write_flags, const panrocks_txn_options *options,
                           panrocks_txn *reuse, panrocks_txn **txn_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && txn_out != nullptr);
        if (db->txn_kind == 0) return report(error, PANROCKS_INVALID_ARGUMENT, kNotTransactional);
        panrocks_txn_options o;
        panrocks_txn_options_init(&o);
        if (options != nullptr) o = *options;
        if (o.deadlock_detect_depth < 0 || o.deadlock_detect_depth > kDeepestDeadlockDetection) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: deadlock_detect_depth must be in [0, 65536]");
        }
        if (reuse != nullptr) {
            PANROCKS_REQUIRE(error, reuse->db == db);
            if (reuse->outcome == 0) {
                // RocksDB would reinitialize it with its locks still held
                return report(error, PANROCKS_INVALID_ARGUMENT,
                              "panrocks: only a committed or rolled back transaction can be reused");
            }
            reuse->end_iterators();
        }
        const rocksdb::WriteOptions write = panrocks::write_options(write_flags);
        rocksdb::Transaction *old = reuse != nullptr ? reuse->txn : nullptr;
        rocksdb::Transaction *t;
        if (db->txn_kind == PANROCKS_TXN_DB_PESSIMISTIC) {
            rocksdb::TransactionOptions to;
            to.set_snapshot = o.set_snapshot != 0;
            to.deadlock_detect = o.deadlock_detect != 0;
            to.lock_timeout = engine_millis(o.lock_timeout);
            to.expiration = engine_millis(o.expiration);
            to.deadlock_detect_depth = o.deadlock_detect_depth;
            to.max_write_batch_size = static_cast<size_t>(o.max_write_batch_size);
            t = db->txn_db->BeginTransaction(write, to, old);
        } else {
            rocksdb::OptimisticTransactionOptions to;
            to.set_snapshot = o.set_snapshot != 0;
            t = db->occ_db->BeginTransaction(write, to, old);
        }
        if (reuse != nullptr) {
            // reinitialized in place: same object, fresh state and snapshot
            reuse->outcome = 0;
            reuse->snapshot_generation++;
            reuse->notifier.reset();
            *txn_out = reuse;
            return PANROCKS_OK;
        }
        if (t == nullptr) return report(error, PANROCKS_INTERNAL_ERROR, "panrocks: BeginTransaction returned null");
        std::unique_ptr<rocksdb::Transaction> owned(t);
        std::lock_guard<std::mutex> lock(db->txns_mutex);
        *txn_out = adopt(db, t, nullptr);
        owned.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_txn_release(panrocks_txn *txn, panrocks_error *error) {
    if (txn == nullptr) return PANROCKS_OK;
    return guarded(error, [&] {
        std::unique_ptr<panrocks_txn> wrapper(txn);
        wrapper->end_iterators();
        panrocks_db *db = wrapper->db;
        // under the registry's lock until the transaction is deleted (which
        // unregisters its name): a lookup by name never finds it half gone
        std::lock_guard<std::mutex> lock(db->txns_mutex);
        std::unique_ptr<rocksdb::Transaction> t(wrapper->txn);
        db->txns.erase(wrapper->txn);
        if (wrapper->outcome == 0 && t->GetState() == rocksdb::Transaction::STARTED) {
            return check(error, t->Rollback());
        }
        // prepared: deleting the object leaves the transaction prepared in
        // the write-ahead log, recovered when the DB opens again
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

void panrocks_txn_get_info(const panrocks_txn *txn, panrocks_txn_info *info) {
    if (info == nullptr) return;
    *info = panrocks_txn_info{};
    if (txn == nullptr) return;
    rocksdb::Transaction *t = txn->txn;
    info->id = t->GetID();
    info->num_keys = t->GetNumKeys();
    info->num_puts = t->GetNumPuts();
    info->num_deletes = t->GetNumDeletes();
    info->num_merges = t->GetNumMerges();
    info->elapsed_millis = t->GetElapsedTime();
    info->state = state_of(txn);
    info->deadlock_detect = t->IsDeadlockDetect() ? 1 : 0;
}

panrocks_db *panrocks_txn_db(const panrocks_txn *txn) { return txn != nullptr ? txn->db : nullptr; }

int32_t panrocks_txn_write(panrocks_txn *txn, panrocks_cf *cf, int32_t op, uint32_t flags,
                           const char *key, size_t key_length, const char *value, size_t value_length,
                           panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr);
        rocksdb::Transaction *t = txn->txn;
        rocksdb::ColumnFamilyHandle *h = family(txn->db, cf);
        const rocksdb::Slice k(key, key_length), v(value, value_length);
        const bool untracked = (flags & PANROCKS_TXN_UNTRACKED) != 0;
        const bool assume = (flags & PANROCKS_TXN_ASSUME_TRACKED) != 0;
        rocksdb::Status s;
        switch (op) {
            case PANROCKS_TXN_OP_PUT:
                s = untracked ? t->PutUntracked(h, k, v) : t->Put(h, k, v, assume);
                break;
            case PANROCKS_TXN_OP_MERGE:
                if (int32_t rc = panrocks::refuse_merge(panrocks::family_or_default(txn->db, cf), false, error)) return rc;
                s = untracked ? t->MergeUntracked(h, k, v) : t->Merge(h, k, v, assume);
                break;
            case PANROCKS_TXN_OP_DELETE:
                s = untracked ? t->DeleteUntracked(h, k) : t->Delete(h, k, assume);
                break;
            case PANROCKS_TXN_OP_SINGLE_DELETE:
                s = untracked ? t->SingleDeleteUntracked(h, k) : t->SingleDelete(h, k, assume);
                break;
            default:
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown transaction write");
        }
        return check(error, s);
    });
}

int32_t panrocks_txn_write_batch_data(panrocks_txn *txn, const char *data, size_t size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && (data != nullptr || size == 0));
        // a copy: RocksDB reads the batch in place while it replays it into the transaction
        rocksdb::WriteBatch batch(std::string(data, size));
        if (batch.GetDataSize() < 12) {  // a WriteBatch starts with its 8-byte sequence and 4-byte count
            return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: not a serialized write batch (too short)");
        }
        // all or nothing: RocksDB replays record by record, so a damaged
        // record, or a lock that times out, would leave the records before
        // it in the transaction; a save point of its own takes them out again
        if (int32_t rc = panrocks::refuse_batch_records(txn->db, batch, 0, error)) return rc;
        rocksdb::Transaction *t = txn->txn;
        t->SetSavePoint();
        rocksdb::Status s = t->RebuildFromWriteBatch(&batch);
        if (s.ok()) {
            t->PopSavePoint().PermitUncheckedError();
            return static_cast<int32_t>(PANROCKS_OK);
        }
        txn->source.end_all();  // the index is rebuilt, as on any rollback to a save point
        t->RollbackToSavePoint().PermitUncheckedError();
        return report(error, s);
    });
}

int32_t panrocks_txn_get(panrocks_txn *txn, panrocks_cf *cf, const panrocks_read_options *options,
                         uint32_t flags, panrocks_pin *pin, const char *key, size_t key_length,
                         char *buffer, size_t capacity, uint64_t copy_threshold, panrocks_value *value,
                         panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && pin != nullptr && value != nullptr);
        pin->slice.Reset();
        rocksdb::ColumnFamilyHandle *h = family(txn->db, cf);
        const rocksdb::Slice k(key, key_length);
        rocksdb::Status s;
        if ((flags & PANROCKS_TXN_FOR_UPDATE) != 0) {
            s = txn->txn->GetForUpdate(read_options(options), h, k, &pin->slice,
                                       (flags & PANROCKS_TXN_SHARED_LOCK) == 0,
                                       (flags & PANROCKS_TXN_SKIP_VALIDATE) == 0);
        } else {
            s = txn->txn->Get(read_options(options), h, k, &pin->slice);
        }
        if (s.IsNotFound()) return static_cast<int32_t>(PANROCKS_NOT_FOUND);
        if (!s.ok()) return report(error, s);
        panrocks::adaptive_result(pin, buffer, capacity, copy_threshold, value);
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

int32_t panrocks_txn_multi_get(panrocks_txn *txn, panrocks_cf *cf, const panrocks_read_options *options,
                               uint32_t flags, panrocks_multiget *scratch, size_t count,
                               const panrocks_slice *keys, int32_t mode, char *buffer, size_t capacity,
                               panrocks_multiget_entry *entries, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && scratch != nullptr);
        PANROCKS_REQUIRE(error, count == 0 || (keys != nullptr && entries != nullptr));
        PANROCKS_REQUIRE(error, mode == PANROCKS_MULTIGET_COPY || mode == PANROCKS_MULTIGET_PIN);
        scratch->take(count, keys);
        if (count == 0) return PANROCKS_OK;
        rocksdb::ColumnFamilyHandle *h = family(txn->db, cf);
        if ((flags & PANROCKS_TXN_FOR_UPDATE) != 0) {
            // RocksDB has only the copying form of MultiGetForUpdate
            std::vector<rocksdb::ColumnFamilyHandle *> families(count, h);
            std::vector<rocksdb::Slice> slices(scratch->keys.begin(), scratch->keys.begin() + count);
            std::vector<std::string> values;
            std::vector<rocksdb::Status> statuses =
                txn->txn->MultiGetForUpdate(read_options(options), families, slices, &values);
            for (size_t i = 0; i < count; i++) {
                scratch->statuses[i] = i < statuses.size() ? statuses[i] : rocksdb::Status::Incomplete();
                if (scratch->statuses[i].ok()) scratch->values[i].PinSelf(values[i]);
            }
        } else {
            txn->txn->MultiGet(read_options(options), h, count, scratch->keys.data(), scratch->values.data(),
                               scratch->statuses.data(), false);
        }
        panrocks::multiget_entries(scratch, count, mode, buffer, capacity, entries,
                                   panrocks::family_or_default(txn->db, cf)->merges_refused);
        return PANROCKS_OK;
    });
}

int32_t panrocks_txn_undo_get_for_update(panrocks_txn *txn, panrocks_cf *cf, const char *key,
                                         size_t key_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr);
        txn->txn->UndoGetForUpdate(family(txn->db, cf), rocksdb::Slice(key, key_length));
        return PANROCKS_OK;
    });
}

int32_t panrocks_txn_iterator_create(panrocks_txn *txn, panrocks_cf *cf, const panrocks_read_options_spec *spec,
                                     panrocks_iterator **iterator_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && iterator_out != nullptr);
        auto iterator = std::make_unique<panrocks_iterator>();
        if (spec != nullptr) {
            int32_t rc = panrocks::build_read_options(spec, &iterator->options, error);
            if (rc != PANROCKS_OK) return rc;
        }
        if (iterator->options.options.iter_start_ts != nullptr) {
            return report(error, PANROCKS_NOT_SUPPORTED,
                          "panrocks: a transaction's iterator cannot show history (iter_start_ts)");
        }
        txn->source.iterators.reserve(txn->source.iterators.size() + 1);
        // the transaction keeps a pointer to these read options: they live in the iterator
        iterator->it.reset(txn->txn->GetIterator(iterator->options.options, family(txn->db, cf)));
        txn->source.attach(iterator.get());
        *iterator_out = iterator.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_txn_commit(panrocks_txn *txn, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr);
        txn->end_iterators();
        NoStallInsideCallbacks no_stall(txn->txn);
        rocksdb::Status s = txn->txn->Commit();
        if (s.ok()) txn->outcome = PANROCKS_TXN_COMMITTED;
        return check(error, s);
    });
}

int32_t panrocks_txn_rollback(panrocks_txn *txn, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr);
        txn->end_iterators();
        rocksdb::Status s = txn->txn->Rollback();
        if (s.ok()) txn->outcome = PANROCKS_TXN_ROLLEDBACK;
        return check(error, s);
    });
}

int32_t panrocks_txn_set_name(panrocks_txn *txn, const char *name, size_t name_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && (name != nullptr || name_length == 0));
        return check(error, txn->txn->SetName(std::string(name == nullptr ? "" : name, name_length)));
    });
}

size_t panrocks_txn_name(const panrocks_txn *txn, char *buffer, size_t capacity) {
    if (txn == nullptr) return 0;
    const rocksdb::TransactionName name = txn->txn->GetName();
    if (buffer != nullptr) std::memcpy(buffer, name.data(), std::min(name.size(), capacity));
    return name.size();
}

int32_t panrocks_txn_prepare(panrocks_txn *txn, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr);
        NoStallInsideCallbacks no_stall(txn->txn);
        return check(error, txn->txn->Prepare());
    });
}

int32_t panrocks_txn_save_point(panrocks_txn *txn, int32_t action, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr);
        switch (action) {
            case PANROCKS_SAVE_POINT_SET:
                txn->txn->SetSavePoint();
                return PANROCKS_OK;
            case PANROCKS_SAVE_POINT_ROLLBACK: {
                txn->end_iterators();
                rocksdb::Status s = txn->txn->RollbackToSavePoint();
                txn->snapshot_generation++;  // the save point's snapshot is back
                return check(error, s);
            }
            case PANROCKS_SAVE_POINT_POP:
                return check(error, txn->txn->PopSavePoint());
            default:
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown save point action");
        }
    });
}

int32_t panrocks_txn_set_snapshot(panrocks_txn *txn, int32_t how, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr);
        switch (how) {
            case PANROCKS_TXN_SNAPSHOT_NOW:
                txn->txn->SetSnapshot();
                txn->snapshot_generation++;
                return PANROCKS_OK;
            case PANROCKS_TXN_SNAPSHOT_NEXT_OPERATION:
                if (!txn->notifier) txn->notifier = std::make_shared<GenerationNotifier>(&txn->snapshot_generation);
                txn->txn->SetSnapshotOnNextOperation(txn->notifier);
                return PANROCKS_OK;
            case PANROCKS_TXN_SNAPSHOT_CLEAR:
                txn->txn->ClearSnapshot();
                txn->snapshot_generation++;
                return PANROCKS_OK;
            default:
                return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown snapshot action");
        }
    });
}

const panrocks_snapshot *panrocks_txn_snapshot(panrocks_txn *txn, uint64_t *sequence) {
    if (txn == nullptr) return nullptr;
    const rocksdb::Snapshot *s = txn->txn->GetSnapshot();
    if (s == nullptr) return nullptr;
    txn->view.snapshot = s;
    if (sequence != nullptr) *sequence = s->GetSequenceNumber();
    return &txn->view;
}

uint64_t panrocks_txn_snapshot_generation(const panrocks_txn *txn) {
    return txn != nullptr ? txn->snapshot_generation : 0;
}

void panrocks_txn_set_lock_timeout(panrocks_txn *txn, int64_t millis) {
    // negative: RocksDB's meaning here, no timeout (the DB's applies only at begin)
    if (txn != nullptr) txn->txn->SetLockTimeout(engine_millis(millis));
}

void panrocks_txn_set_write_options(panrocks_txn *txn, uint32_t write_flags) {
    if (txn != nullptr) txn->txn->SetWriteOptions(panrocks::write_options(write_flags));
}

// ---- RocksJava's members ----------------------------------------------------------------

int32_t panrocks_txn_put_log_data(panrocks_txn *txn, const char *blob, size_t length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && (blob != nullptr || length == 0));
        txn->txn->PutLogData(rocksdb::Slice(blob, length));
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

void panrocks_txn_set_indexing(panrocks_txn *txn, int32_t enabled) {
    if (txn == nullptr) return;
    if (enabled != 0) {
        txn->txn->EnableIndexing();
    } else {
        txn->txn->DisableIndexing();
    }
}

void panrocks_txn_set_log_number(panrocks_txn *txn, uint64_t log_number) {
    if (txn != nullptr) txn->txn->SetLogNumber(log_number);
}

uint64_t panrocks_txn_log_number(panrocks_txn *txn) {
    return txn == nullptr ? 0 : txn->txn->GetLogNumber();
}

int32_t panrocks_txn_db_find(panrocks_db *db, const char *name, size_t name_length, panrocks_txn **txn_out,
                             int32_t *adopted, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && txn_out != nullptr && (name != nullptr || name_length == 0));
        *txn_out = nullptr;
        if (adopted != nullptr) *adopted = 0;
        if (db->txn_kind != PANROCKS_TXN_DB_PESSIMISTIC) {
            return db->txn_kind == 0 ? report(error, PANROCKS_INVALID_ARGUMENT, kNotTransactional)
                                     : static_cast<int32_t>(PANROCKS_OK);  // optimistic ones have no names
        }
        std::lock_guard<std::mutex> lock(db->txns_mutex);
        rocksdb::Transaction *t =
            db->txn_db->GetTransactionByName(std::string(name == nullptr ? "" : name, name_length));
        if (t != nullptr) *txn_out = adopt(db, t, adopted);
        return PANROCKS_OK;
    });
}

int32_t panrocks_txn_db_prepared(panrocks_db *db, panrocks_txn **txns, size_t capacity, size_t *count,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && count != nullptr && (txns != nullptr || capacity == 0));
        *count = 0;
        if (db->txn_kind != PANROCKS_TXN_DB_PESSIMISTIC) {
            return db->txn_kind == 0 ? report(error, PANROCKS_INVALID_ARGUMENT, kNotTransactional)
                                     : static_cast<int32_t>(PANROCKS_OK);
        }
        std::lock_guard<std::mutex> lock(db->txns_mutex);
        std::vector<rocksdb::Transaction *> all;
        db->txn_db->GetAllPreparedTransactions(&all);
        *count = all.size();
        for (size_t i = 0; i < all.size() && i < capacity; i++) txns[i] = adopt(db, all[i], nullptr);
        return PANROCKS_OK;
    });
}

int32_t panrocks_txn_rebuild_from_batch(panrocks_txn *txn, const char *data, size_t size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && data != nullptr);
        if (size < 12) return report(error, PANROCKS_CORRUPTION, "panrocks: a write batch has a 12-byte header");
        panrocks_db *db = nullptr;
        rocksdb::Transaction *t = panrocks::transaction_of(txn, &db);
        const auto families = panrocks::families_by_id(db);
        rocksdb::WriteBatch batch(std::string(data, size));
        RebuildCheck check_records(families);
        rocksdb::Status s = batch.Iterate(&check_records);
        if (!s.ok()) return report(error, s);
        RebuildApply apply(t, families);
        return check(error, batch.Iterate(&apply));
    });
}

int32_t panrocks_txn_waiting(panrocks_txn *txn, uint32_t *column_family_id, char *key, size_t key_capacity,
                             size_t *key_length, uint64_t *ids, size_t id_capacity, size_t *id_count,
                             panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, txn != nullptr && column_family_id != nullptr && key_length != nullptr);
        PANROCKS_REQUIRE(error, id_count != nullptr && (key != nullptr || key_capacity == 0));
        PANROCKS_REQUIRE(error, ids != nullptr || id_capacity == 0);
        panrocks_db *db = nullptr;
        rocksdb::Transaction *t = panrocks::transaction_of(txn, &db);
        uint32_t cf = 0;
        std::string waiting_key;
        std::vector<rocksdb::TransactionID> waiting;
        // an optimistic transaction never waits (and RocksDB asserts if asked)
        if (db->txn_kind == PANROCKS_TXN_DB_PESSIMISTIC) waiting = t->GetWaitingTxns(&cf, &waiting_key);
        *column_family_id = cf;
        *key_length = waiting_key.size();
        if (key != nullptr) std::memcpy(key, waiting_key.data(), std::min(waiting_key.size(), key_capacity));
        *id_count = waiting.size();
        for (size_t i = 0; i < waiting.size() && i < id_capacity; i++) ids[i] = waiting[i];
        return PANROCKS_OK;
    });
}

}  // extern "C"

namespace panrocks {

void release_transactions(panrocks_db *db) {
    std::vector<panrocks_txn *> left;
    {
        std::lock_guard<std::mutex> lock(db->txns_mutex);
        for (auto &entry : db->txns) left.push_back(entry.second);
    }
    for (panrocks_txn *txn : left) panrocks_txn_release(txn, nullptr);
}

}  // namespace panrocks

namespace panrocks {

rocksdb::Transaction *transaction_of(panrocks_txn *txn, panrocks_db **db) {
    if (db != nullptr) *db = txn->db;
    return txn->txn;
}

}  // namespace panrocks
