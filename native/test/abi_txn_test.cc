// C ABI tests of panrocks_txn.h: pessimistic and optimistic DBs, lock
// timeouts and deadlocks, save points, iterators over a transaction's
// updates (and their end when it is reset), two-phase commit with recovery
// after a reopen, the registry that keeps one handle per transaction. Runs
// plain and under ASan and UBSan.
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::db_get;
using panrocks_test::entry_key;
using panrocks_test::entry_value;
using panrocks_test::TempDir;

// Allocation failures on demand, for the library's allocations too: this
// executable's malloc comes first in the dynamic symbol lookup, so the
// library's C++ runtime (operator new) allocates through it. Not under
// AddressSanitizer, whose own malloc this would replace.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PANROCKS_TEST_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define PANROCKS_TEST_UNDER_ASAN 1
#endif
#if defined(__GLIBC__) && !defined(PANROCKS_TEST_UNDER_ASAN)
#define PANROCKS_TEST_FAILING_MALLOC 1
extern "C" void *__libc_malloc(size_t size);
namespace {
// nonzero: allocations larger than this fail on this thread
thread_local size_t fail_allocations_over = 0;
}  // namespace
extern "C" void *malloc(size_t size) {
    if (fail_allocations_over != 0 && size > fail_allocations_over) {
        errno = ENOMEM;
        return nullptr;
    }
    return __libc_malloc(size);
}
#endif

namespace {

// A transaction DB of one kind in its own (or a given) folder, closed at scope end.
class TxnDb {
  public:
    explicit TxnDb(int32_t kind, const std::string *path = nullptr) : kind_(kind) {
        if (path == nullptr) {
            own_ = std::make_unique<TempDir>();
            path_ = own_->path();
        } else {
            path_ = *path;
        }
        panrocks_txn_db_options_init(&options);
        open();
    }
    ~TxnDb() { close(); }

    void open() {
        panrocks_open_request req{};
        req.path = path_.c_str();
        req.db_options = "create_if_missing=true";
        req.mode = PANROCKS_OPEN_READ_WRITE;
        panrocks_error err{};
        int32_t rc = panrocks_txn_db_open(&req, kind_, &options, &db, nullptr, &err);
        if (rc != PANROCKS_OK) ADD_FAILURE() << "open failed: " << err.message;
    }
    void close() {
        panrocks_error err{};
        if (db != nullptr) EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
        db = nullptr;
    }
    void reopen() {
        close();
        open();
    }

    panrocks_txn_db_options options;
    panrocks_db *db = nullptr;

  private:
    int32_t kind_;
    std::unique_ptr<TempDir> own_;
    std::string path_;
};

panrocks_txn *begin(panrocks_db *db, const panrocks_txn_options *o = nullptr) {
    panrocks_txn *txn = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_txn_begin(db, 0, o, nullptr, &txn, &err), PANROCKS_OK) << err.message;
    return txn;
}

int32_t txn_put(panrocks_txn *txn, const std::string &k, const std::string &v, panrocks_error *err) {
    return panrocks_txn_write(txn, nullptr, PANROCKS_TXN_OP_PUT, 0, k.data(), k.size(), v.data(), v.size(), err);
}

void put_ok(panrocks_txn *txn, const std::string &k, const std::string &v) {
    panrocks_error err{};
    ASSERT_EQ(txn_put(txn, k, v, &err), PANROCKS_OK) << err.message;
}

// The transaction's view of k ("<none>" when absent).
std::string txn_get(panrocks_txn *txn, const std::string &k, uint32_t flags = 0, int32_t *rc_out = nullptr) {
    panrocks_error err{};
    panrocks_pin *pin = nullptr;
    EXPECT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buffer[64];
    panrocks_value value{};
    int32_t rc = panrocks_txn_get(txn, nullptr, nullptr, flags, pin, k.data(), k.size(), buffer, sizeof buffer,
                                  sizeof buffer, &value, &err);
    std::string out = "<none>";
    if (rc == PANROCKS_OK) out.assign(value.data, value.size);
    panrocks_pin_destroy(pin);
    if (rc_out != nullptr) *rc_out = rc;
    else EXPECT_TRUE(rc == PANROCKS_OK || rc == PANROCKS_NOT_FOUND) << rc << " " << err.message;
    return out;
}

void release(panrocks_txn *txn) {
    panrocks_error err{};
    EXPECT_EQ(panrocks_txn_release(txn, &err), PANROCKS_OK) << err.message;
}

}  // namespace

TEST(TxnDb, OpensAsATransactionDbThatWorksAsAPlainOne) {
    for (int32_t kind : {PANROCKS_TXN_DB_PESSIMISTIC, PANROCKS_TXN_DB_OPTIMISTIC}) {
        TxnDb t(kind);
        ASSERT_NE(t.db, nullptr);
        EXPECT_EQ(panrocks_txn_db_kind(t.db), kind);
        panrocks_error err{};
        ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "a", 1, "1", 1, &err), PANROCKS_OK) << err.message;
        EXPECT_EQ(db_get(t.db, "a"), "1");
        panrocks_snapshot *snapshot = nullptr;
        ASSERT_EQ(panrocks_snapshot_create(t.db, &snapshot, &err), PANROCKS_OK);
        panrocks_snapshot_release(t.db, snapshot);
        // RocksDB's transaction DBs refuse range deletes
        EXPECT_EQ(panrocks_delete_range(t.db, nullptr, 0, "a", 1, "b", 1, &err), PANROCKS_NOT_SUPPORTED);
    }
}

TEST(TxnDb, RefusesWhatItCannotDo) {
    TempDir dir;
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    panrocks_error err{};
    panrocks_db *db = nullptr;
    req.mode = PANROCKS_OPEN_READ_ONLY;
    EXPECT_EQ(panrocks_txn_db_open(&req, PANROCKS_TXN_DB_PESSIMISTIC, nullptr, &db, nullptr, &err),
              PANROCKS_INVALID_ARGUMENT);
    req.mode = PANROCKS_OPEN_READ_WRITE;
    EXPECT_EQ(panrocks_txn_db_open(&req, 7, nullptr, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_txn_db_options o;
    panrocks_txn_db_options_init(&o);
    o.write_policy = PANROCKS_TXN_WRITE_PREPARED;
    EXPECT_EQ(panrocks_txn_db_open(&req, PANROCKS_TXN_DB_PESSIMISTIC, &o, &db, nullptr, &err),
              PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(db, nullptr);

    // a plain DB has no transactions
    panrocks_test::OpenDb plain;
    panrocks_txn *txn = nullptr;
    EXPECT_EQ(panrocks_txn_begin(plain.db, 0, nullptr, nullptr, &txn, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_txn_db_kind(plain.db), 0);
    int32_t adopted = 0;
    EXPECT_EQ(panrocks_txn_db_find(plain.db, "x", 1, &txn, &adopted, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_txn_release(nullptr, &err), PANROCKS_OK);
    panrocks_wbwi_destroy(nullptr);
}

TEST(Txn, SeesItsOwnWritesAndCommitsThemAtomically) {
    for (int32_t kind : {PANROCKS_TXN_DB_PESSIMISTIC, PANROCKS_TXN_DB_OPTIMISTIC}) {
        TxnDb t(kind);
        panrocks_txn *txn = begin(t.db);
        put_ok(txn, "k1", "v1");
        put_ok(txn, "k2", "v2");
        EXPECT_EQ(txn_get(txn, "k1"), "v1");
        EXPECT_EQ(db_get(t.db, "k1"), "<none>");
        panrocks_error err{};
        ASSERT_EQ(panrocks_txn_write(txn, nullptr, PANROCKS_TXN_OP_DELETE, 0, "k2", 2, nullptr, 0, &err), PANROCKS_OK);
        EXPECT_EQ(txn_get(txn, "k2"), "<none>");
        panrocks_txn_info info;
        panrocks_txn_get_info(txn, &info);
        EXPECT_EQ(info.num_puts, 2u);
        EXPECT_EQ(info.num_deletes, 1u);
        EXPECT_EQ(info.state, PANROCKS_TXN_STARTED);
        EXPECT_EQ(panrocks_txn_db(txn), t.db);
        ASSERT_EQ(panrocks_txn_commit(txn, &err), PANROCKS_OK) << err.message;
        panrocks_txn_get_info(txn, &info);
        EXPECT_EQ(info.state, PANROCKS_TXN_COMMITTED);
        EXPECT_EQ(db_get(t.db, "k1"), "v1");
        EXPECT_EQ(db_get(t.db, "k2"), "<none>");
        release(txn);
    }
}

// A serialized write batch (here an indexed batch's) replays into a
// transaction as its own writes, all or nothing: bytes that are no batch, or
// a batch cut short, are refused and leave the transaction as it was.
TEST(Txn, ReplaysASerializedWriteBatch) {
    for (int32_t kind : {PANROCKS_TXN_DB_PESSIMISTIC, PANROCKS_TXN_DB_OPTIMISTIC}) {
        TxnDb t(kind);
        panrocks_error err{};
        panrocks_wbwi *batch = nullptr;
        ASSERT_EQ(panrocks_wbwi_create(0, 0, &batch, &err), PANROCKS_OK);
        ASSERT_EQ(panrocks_wbwi_write(batch, nullptr, PANROCKS_WBWI_OP_PUT, "a", 1, "1", 1, &err), PANROCKS_OK);
        ASSERT_EQ(panrocks_wbwi_write(batch, nullptr, PANROCKS_WBWI_OP_PUT, "b", 1, "2", 1, &err), PANROCKS_OK);
        ASSERT_EQ(panrocks_wbwi_write(batch, nullptr, PANROCKS_WBWI_OP_DELETE, "a", 1, nullptr, 0, &err), PANROCKS_OK);
        std::string data(panrocks_wbwi_data(batch, nullptr, 0), '\0');
        panrocks_wbwi_data(batch, data.data(), data.size());
        panrocks_wbwi_destroy(batch);

        panrocks_txn *txn = begin(t.db);
        ASSERT_EQ(panrocks_txn_write_batch_data(txn, data.data(), data.size(), &err), PANROCKS_OK) << err.message;
        EXPECT_EQ(txn_get(txn, "b"), "2");
        EXPECT_EQ(txn_get(txn, "a"), "<none>");
        EXPECT_EQ(db_get(t.db, "b"), "<none>");
        EXPECT_EQ(panrocks_txn_write_batch_data(txn, "short", 5, &err), PANROCKS_INVALID_ARGUMENT);
        EXPECT_EQ(panrocks_txn_write_batch_data(txn, nullptr, 12, &err), PANROCKS_INVALID_ARGUMENT);
        ASSERT_EQ(panrocks_txn_commit(txn, &err), PANROCKS_OK) << err.message;
        EXPECT_EQ(db_get(t.db, "b"), "2");
        EXPECT_EQ(db_get(t.db, "a"), "<none>");
        release(txn);
        std::string damaged = data;
        damaged.resize(data.size() - 3);  // the last record cut short
        panrocks_txn *other = begin(t.db);
        EXPECT_EQ(panrocks_txn_write_batch_data(other, damaged.data(), damaged.size(), &err), PANROCKS_CORRUPTION)
            << err.message;
        EXPECT_EQ(txn_get(other, "a"), "<none>");  // the records before the damage are not kept
        release(other);
    }
}

TEST(Txn, RollbackAndReleaseDiscardAndUnlock) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_txn *a = begin(t.db);
    put_ok(a, "k", "a");
    panrocks_error err{};
    ASSERT_EQ(panrocks_txn_rollback(a, &err), PANROCKS_OK);
    EXPECT_EQ(db_get(t.db, "k"), "<none>");
    release(a);

    // released while started: rolled back, its lock free for the next one
    panrocks_txn *b = begin(t.db);
    put_ok(b, "k", "b");
    release(b);
    panrocks_txn_options o;
    panrocks_txn_options_init(&o);
    o.lock_timeout = 0;
    panrocks_txn *c = begin(t.db, &o);
    put_ok(c, "k", "c");
    ASSERT_EQ(panrocks_txn_commit(c, &err), PANROCKS_OK);
    release(c);
    EXPECT_EQ(db_get(t.db, "k"), "c");
}

TEST(Txn, LockTimeoutIsTimedOutWithItsSubcode) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_txn *holder = begin(t.db);
    put_ok(holder, "k", "1");
    panrocks_txn_options o;
    panrocks_txn_options_init(&o);
    o.lock_timeout = 20;
    panrocks_txn *waiter = begin(t.db, &o);
    panrocks_error err{};
    EXPECT_EQ(txn_put(waiter, "k", "2", &err), PANROCKS_TIMED_OUT);
    EXPECT_EQ(err.subcode, 2);  // rocksdb::Status::kLockTimeout
    int32_t rc = 0;
    txn_get(waiter, "k", PANROCKS_TXN_FOR_UPDATE, &rc);
    EXPECT_EQ(rc, PANROCKS_TIMED_OUT);
    // a plain read takes no lock
    EXPECT_EQ(txn_get(waiter, "k"), "<none>");
    // and a plain write to the DB waits for the lock too (default_lock_timeout)
    EXPECT_EQ(panrocks_put(t.db, nullptr, 0, "k", 1, "3", 1, &err), PANROCKS_TIMED_OUT);
    release(waiter);
    release(holder);
}

TEST(Txn, DeadlockIsBusyWithItsSubcode) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_txn_options o;
    panrocks_txn_options_init(&o);
    o.deadlock_detect = 1;
    o.lock_timeout = 5000;
    panrocks_txn *a = begin(t.db, &o);
    panrocks_txn *b = begin(t.db, &o);
    put_ok(a, "x", "a");
    put_ok(b, "y", "b");
    std::atomic<int32_t> a_result{-1};
    std::thread other([&] {
        panrocks_error err{};
        a_result = txn_put(a, "y", "a", &err);  // waits for b
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    panrocks_error err{};
    int32_t b_result = txn_put(b, "x", "b", &err);  // closes the cycle
    int32_t b_subcode = err.subcode;
    if (b_result != PANROCKS_OK) release(b);  // frees y for a
    other.join();
    // one of the two is told Busy/Deadlock, the other gets its lock
    if (b_result == PANROCKS_BUSY) {
        EXPECT_EQ(b_subcode, 5);  // rocksdb::Status::kDeadlock
        EXPECT_EQ(a_result.load(), PANROCKS_OK);
    } else {
        EXPECT_EQ(a_result.load(), PANROCKS_BUSY);
        release(b);
    }
    release(a);
}

TEST(Txn, DeadlockDetectionDeeperThanTheEngineCanSearchIsRefused) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    for (int64_t depth : {int64_t{-1}, int64_t{(1 << 16) + 1}, INT64_MAX, INT64_MIN}) {
        panrocks_txn_options o;
        panrocks_txn_options_init(&o);
        o.deadlock_detect = 1;
        o.deadlock_detect_depth = depth;
        panrocks_txn *txn = nullptr;
        panrocks_error err{};
        EXPECT_EQ(panrocks_txn_begin(t.db, 0, &o, nullptr, &txn, &err), PANROCKS_INVALID_ARGUMENT) << depth;
        EXPECT_NE(std::strstr(err.message, "deadlock_detect_depth"), nullptr) << err.message;
        EXPECT_EQ(txn, nullptr);
    }
}

// RocksDB's lock table locks a stripe's mutex by hand; an exception the
// engine throws in between (here: the allocation of deadlock detection's
// search queue fails while the lock waits) must not leave it locked, or the
// holder's rollback, which unlocks its key in that stripe, waits forever.
TEST(Txn, AnEngineExceptionWhileALockWaitsLeavesNoStripeMutexLocked) {
#if !defined(PANROCKS_TEST_FAILING_MALLOC)
    GTEST_SKIP() << "needs this test's failing malloc (glibc, no AddressSanitizer)";
#else
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_txn *holder = begin(t.db);
    put_ok(holder, "k", "holder");
    panrocks_txn_options o;
    panrocks_txn_options_init(&o);
    o.deadlock_detect = 1;
    o.deadlock_detect_depth = 1 << 16;  // a search queue of 768 KiB, allocated at every wait
    o.lock_timeout = 5000;
    panrocks_txn *waiter = begin(t.db, &o);
    panrocks_error err{};
    fail_allocations_over = 128 << 10;
    int32_t rc = txn_put(waiter, "k", "waiter", &err);
    fail_allocations_over = 0;
    ASSERT_EQ(rc, PANROCKS_OUT_OF_MEMORY) << err.message;
    auto rollback = std::async(std::launch::async, [holder] {
        panrocks_error e{};
        return panrocks_txn_rollback(holder, &e);
    });
    if (rollback.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
        ADD_FAILURE() << "the holder's rollback waits for the stripe mutex the failed lock wait left locked";
        std::fflush(nullptr);
        std::_Exit(1);  // the thread blocked on it can be neither joined nor abandoned
    }
    EXPECT_EQ(rollback.get(), PANROCKS_OK);
    put_ok(waiter, "k", "waiter");  // the key and its stripe are free
    panrocks_error cerr{};
    EXPECT_EQ(panrocks_txn_commit(waiter, &cerr), PANROCKS_OK) << cerr.message;
    EXPECT_EQ(db_get(t.db, "k"), "waiter");
    release(waiter);
    release(holder);
#endif
}

// Timeouts and expirations too long for the engine's clocks (microseconds,
// then nanoseconds, in 64 bits) are clamped to the longest it handles, about
// 292 years: Long.MAX_VALUE ms of expiration no longer expires at once, and a
// long lock wait no longer ends at the first wakeup of its stripe.
TEST(Txn, TimeoutsAndExpirationsTooLongForTheEngineAreClamped) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    t.options.num_stripes = 1;  // every unlock wakes every waiter
    t.reopen();
    panrocks_txn_options o;
    panrocks_txn_options_init(&o);
    o.expiration = INT64_MAX;
    o.lock_timeout = INT64_MAX;
    panrocks_txn *holder = begin(t.db, &o);
    put_ok(holder, "k", "holder");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    panrocks_txn_options w;
    panrocks_txn_options_init(&w);
    w.lock_timeout = 10000000000000;  // 10^13 ms
    panrocks_txn *waiter = begin(t.db, &w);
    std::atomic<int32_t> waited{-1};
    std::thread other([&] {
        panrocks_error err{};
        waited = txn_put(waiter, "k", "waiter", &err);
    });
    // wakeups of the waiter's stripe
    for (int i = 0; i < 200; i++) {
        panrocks_txn *churn = begin(t.db);
        put_ok(churn, "other" + std::to_string(i % 64), "x");
        panrocks_error cerr{};
        EXPECT_EQ(panrocks_txn_commit(churn, &cerr), PANROCKS_OK) << cerr.message;
        release(churn);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(waited.load(), -1) << "the wait ended before the holder let go";
    panrocks_error err{};
    EXPECT_EQ(panrocks_txn_commit(holder, &err), PANROCKS_OK) << err.message;  // not Expired
    other.join();
    EXPECT_EQ(waited.load(), PANROCKS_OK);
    release(waiter);
    release(holder);
}

TEST(Txn, OptimisticCommitFailsBusyOnAConflict) {
    TxnDb t(PANROCKS_TXN_DB_OPTIMISTIC);
    panrocks_txn *txn = begin(t.db);
    int32_t rc = 0;
    txn_get(txn, "k", PANROCKS_TXN_FOR_UPDATE, &rc);  // tracks k
    EXPECT_EQ(rc, PANROCKS_NOT_FOUND);
    put_ok(txn, "k", "txn");
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "k", 1, "db", 2, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_txn_commit(txn, &err), PANROCKS_BUSY);
    EXPECT_EQ(db_get(t.db, "k"), "db");
    EXPECT_EQ(panrocks_txn_prepare(txn, &err), PANROCKS_INVALID_ARGUMENT);  // no 2PC here
    EXPECT_EQ(panrocks_txn_set_name(txn, "n", 1, &err), PANROCKS_INVALID_ARGUMENT);
    ASSERT_EQ(panrocks_txn_rollback(txn, &err), PANROCKS_OK);
    release(txn);
}

TEST(Txn, SavePoints) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_txn *txn = begin(t.db);
    panrocks_error err{};
    EXPECT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_ROLLBACK, &err), PANROCKS_NOT_FOUND);
    EXPECT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_POP, &err), PANROCKS_NOT_FOUND);
    put_ok(txn, "a", "1");
    ASSERT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_SET, &err), PANROCKS_OK);
    put_ok(txn, "b", "2");
    put_ok(txn, "a", "3");
    ASSERT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_ROLLBACK, &err), PANROCKS_OK);
    EXPECT_EQ(txn_get(txn, "a"), "1");
    EXPECT_EQ(txn_get(txn, "b"), "<none>");
    ASSERT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_SET, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_POP, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_txn_save_point(txn, 9, &err), PANROCKS_INVALID_ARGUMENT);
    ASSERT_EQ(panrocks_txn_commit(txn, &err), PANROCKS_OK);
    release(txn);
    EXPECT_EQ(db_get(t.db, "a"), "1");
}

TEST(Txn, IteratorShowsOwnWritesOverTheDbAndEndsWithTheBatch) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_error err{};
    for (const char *k : {"a", "c", "e"}) ASSERT_EQ(panrocks_put(t.db, nullptr, 0, k, 1, "db", 2, &err), PANROCKS_OK);
    panrocks_txn *txn = begin(t.db);
    put_ok(txn, "b", "txn");
    put_ok(txn, "c", "txn");
    ASSERT_EQ(panrocks_txn_write(txn, nullptr, PANROCKS_TXN_OP_DELETE, 0, "e", 1, nullptr, 0, &err), PANROCKS_OK);
    panrocks_iterator *it = nullptr;
    ASSERT_EQ(panrocks_txn_iterator_create(txn, nullptr, nullptr, &it, &err), PANROCKS_OK) << err.message;
    panrocks_iter_entry e{};
    std::vector<std::string> seen;
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
    for (; e.valid; panrocks_iterator_next(it, &e, &err)) seen.push_back(entry_key(e) + "=" + entry_value(e));
    EXPECT_EQ(seen, (std::vector<std::string>{"a=db", "b=txn", "c=txn"}));

    // positioned on a batch entry, the batch grows (its buffer moves): the
    // entry the caller holds stays readable and unchanged
    ASSERT_EQ(panrocks_iterator_seek(it, "b", 1, &e, &err), PANROCKS_OK);
    ASSERT_TRUE(e.valid);
    const char *key = e.key, *value = e.value;
    for (int i = 0; i < 2000; i++) put_ok(txn, "z" + std::to_string(i), std::string(100, 'x'));
    EXPECT_EQ(std::string(key, 1), "b");
    EXPECT_EQ(std::string(value, 3), "txn");
    ASSERT_EQ(panrocks_iterator_next(it, &e, &err), PANROCKS_OK);
    EXPECT_EQ(entry_key(e), "c");

    // the bulk walk copies or stabilizes too
    std::vector<panrocks_iter_entry> entries(8);
    char buffer[4096];
    size_t count = 0;
    ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_iterator_next_batch(it, PANROCKS_FORWARD, 0, entries.size(), 2048, buffer, sizeof buffer,
                                           entries.data(), &count, &err),
              PANROCKS_OK);
    ASSERT_EQ(count, entries.size());
    EXPECT_EQ(entry_key(entries[1]), "b");
    EXPECT_EQ(entry_key(entries[3]), "z0");

    // committing rebuilds the batch: the iterator ends, and refuses to move
    ASSERT_EQ(panrocks_txn_commit(txn, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_iterator_next(it, &e, &err), PANROCKS_ENDED);
    EXPECT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_ENDED);
    EXPECT_EQ(panrocks_iterator_status(it, &err), PANROCKS_ENDED);
    EXPECT_EQ(panrocks_iterator_next_batch(it, PANROCKS_FORWARD, 0, entries.size(), 2048, buffer, sizeof buffer,
                                           entries.data(), &count, &err),
              PANROCKS_ENDED);
    // released after its transaction: fine
    release(txn);
    panrocks_iterator_destroy(it);
}

TEST(Txn, IteratorsEndOnRollbackSavePointAndRelease) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_error err{};
    panrocks_txn *txn = begin(t.db);
    put_ok(txn, "a", "1");
    ASSERT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_SET, &err), PANROCKS_OK);
    put_ok(txn, "b", "2");
    panrocks_iterator *first = nullptr, *second = nullptr, *third = nullptr;
    ASSERT_EQ(panrocks_txn_iterator_create(txn, nullptr, nullptr, &first, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_txn_iterator_create(txn, nullptr, nullptr, &second, &err), PANROCKS_OK);
    panrocks_iter_entry e{};
    ASSERT_EQ(panrocks_iterator_seek_to_first(first, &e, &err), PANROCKS_OK);
    panrocks_iterator_destroy(second);  // destroyed while its transaction lives
    ASSERT_EQ(panrocks_txn_save_point(txn, PANROCKS_SAVE_POINT_ROLLBACK, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_iterator_next(first, &e, &err), PANROCKS_ENDED);
    ASSERT_EQ(panrocks_txn_iterator_create(txn, nullptr, nullptr, &third, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_iterator_seek_to_first(third, &e, &err), PANROCKS_OK);
    EXPECT_EQ(entry_key(e), "a");
    release(txn);  // ends the third
    EXPECT_EQ(panrocks_iterator_prev(third, &e, &err), PANROCKS_ENDED);
    panrocks_iterator_destroy(first);
    panrocks_iterator_destroy(third);
}

TEST(Txn, MultiGetWithAndWithoutLocks) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "a", 1, "db-a", 4, &err), PANROCKS_OK);
    panrocks_txn *txn = begin(t.db);
    put_ok(txn, "b", "txn-b");
    panrocks_multiget *scratch = nullptr;
    ASSERT_EQ(panrocks_multiget_create(&scratch, &err), PANROCKS_OK);
    std::vector<std::string> names = {"a", "b", "c"};
    std::vector<panrocks_slice> keys;
    for (auto &n : names) keys.push_back({n.data(), n.size()});
    std::vector<panrocks_multiget_entry> entries(3);
    for (uint32_t flags : {0u, PANROCKS_TXN_FOR_UPDATE}) {
        for (int32_t mode : {PANROCKS_MULTIGET_COPY, PANROCKS_MULTIGET_PIN}) {
            char buffer[64];
            ASSERT_EQ(panrocks_txn_multi_get(txn, nullptr, nullptr, flags, scratch, 3, keys.data(), mode, buffer,
                                             sizeof buffer, entries.data(), &err),
                      PANROCKS_OK)
                << err.message;
            EXPECT_EQ(std::string(entries[0].data, entries[0].size), "db-a");
            EXPECT_EQ(std::string(entries[1].data, entries[1].size), "txn-b");
            EXPECT_EQ(entries[2].status, PANROCKS_NOT_FOUND);
            panrocks_multiget_release(scratch);
        }
    }
    // the keys read for update are locked now
    panrocks_txn_options o;
    panrocks_txn_options_init(&o);
    o.lock_timeout = 0;
    panrocks_txn *other = begin(t.db, &o);
    EXPECT_EQ(txn_put(other, "c", "x", &err), PANROCKS_TIMED_OUT);
    // read for update twice (both modes): undone after as many undos
    ASSERT_EQ(panrocks_txn_undo_get_for_update(txn, nullptr, "c", 1, &err), PANROCKS_OK);
    EXPECT_EQ(txn_put(other, "c", "x", &err), PANROCKS_TIMED_OUT);
    ASSERT_EQ(panrocks_txn_undo_get_for_update(txn, nullptr, "c", 1, &err), PANROCKS_OK);
    EXPECT_EQ(txn_put(other, "c", "x", &err), PANROCKS_OK) << err.message;
    release(other);
    release(txn);
    panrocks_multiget_destroy(scratch);
}

TEST(Txn, SnapshotViewFollowsTheGeneration) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_error err{};
    panrocks_txn *txn = begin(t.db);
    uint64_t sequence = 0;
    EXPECT_EQ(panrocks_txn_snapshot(txn, &sequence), nullptr);
    uint64_t g0 = panrocks_txn_snapshot_generation(txn);
    ASSERT_EQ(panrocks_txn_set_snapshot(txn, PANROCKS_TXN_SNAPSHOT_NOW, &err), PANROCKS_OK);
    uint64_t g1 = panrocks_txn_snapshot_generation(txn);
    EXPECT_NE(g0, g1);
    const panrocks_snapshot *view = panrocks_txn_snapshot(txn, &sequence);
    ASSERT_NE(view, nullptr);
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "k", 1, "later", 5, &err), PANROCKS_OK);

    // reads through the transaction at its snapshot do not see the later write
    panrocks_read_options_spec spec;
    panrocks_read_options_spec_init(&spec);
    spec.snapshot = view;
    panrocks_read_options *ro = nullptr;
    ASSERT_EQ(panrocks_read_options_create(&spec, &ro, &err), PANROCKS_OK);
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    panrocks_value value{};
    EXPECT_EQ(panrocks_txn_get(txn, nullptr, ro, 0, pin, "k", 1, nullptr, 0, 0, &value, &err), PANROCKS_NOT_FOUND);
    // and writing a key changed after the snapshot is a conflict
    EXPECT_EQ(txn_put(txn, "k", "mine", &err), PANROCKS_BUSY);

    ASSERT_EQ(panrocks_txn_set_snapshot(txn, PANROCKS_TXN_SNAPSHOT_NEXT_OPERATION, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_txn_snapshot_generation(txn), g1);  // not yet taken
    put_ok(txn, "other", "1");
    EXPECT_NE(panrocks_txn_snapshot_generation(txn), g1);  // taken by that write
    ASSERT_EQ(panrocks_txn_set_snapshot(txn, PANROCKS_TXN_SNAPSHOT_CLEAR, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_txn_snapshot(txn, &sequence), nullptr);
    EXPECT_EQ(panrocks_txn_set_snapshot(txn, 9, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_pin_destroy(pin);
    panrocks_read_options_destroy(ro);
    release(txn);
}

TEST(Txn, ReuseOnlyAfterTheEnd) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_error err{};
    panrocks_txn *txn = begin(t.db);
    put_ok(txn, "k", "1");
    panrocks_txn *again = nullptr;
    EXPECT_EQ(panrocks_txn_begin(t.db, 0, nullptr, txn, &again, &err), PANROCKS_INVALID_ARGUMENT);
    ASSERT_EQ(panrocks_txn_commit(txn, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_txn_begin(t.db, 0, nullptr, txn, &again, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(again, txn);
    panrocks_txn_info info;
    panrocks_txn_get_info(again, &info);
    EXPECT_EQ(info.state, PANROCKS_TXN_STARTED);
    EXPECT_EQ(info.num_puts, 0u);
    put_ok(again, "k", "2");
    ASSERT_EQ(panrocks_txn_commit(again, &err), PANROCKS_OK);
    release(again);
    EXPECT_EQ(db_get(t.db, "k"), "2");
}

TEST(TwoPhaseCommit, PreparedSurvivesAReopenAndIsFoundOnce) {
    TempDir dir;
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC, &dir.path());
    panrocks_error err{};
    panrocks_txn *prepared = begin(t.db);
    EXPECT_EQ(panrocks_txn_prepare(prepared, &err), PANROCKS_INVALID_ARGUMENT);  // unnamed
    ASSERT_EQ(panrocks_txn_set_name(prepared, "xid-1", 5, &err), PANROCKS_OK);
    char name[16];
    EXPECT_EQ(panrocks_txn_name(prepared, name, sizeof name), 5u);
    EXPECT_EQ(std::string(name, 5), "xid-1");
    put_ok(prepared, "p", "prepared");
    ASSERT_EQ(panrocks_txn_prepare(prepared, &err), PANROCKS_OK) << err.message;
    panrocks_txn *found = nullptr;
    int32_t adopted = -1;
    ASSERT_EQ(panrocks_txn_db_find(t.db, "xid-1", 5, &found, &adopted, &err), PANROCKS_OK);
    EXPECT_EQ(found, prepared);
    EXPECT_EQ(adopted, 0);
    panrocks_txn *unprepared = begin(t.db);
    ASSERT_EQ(panrocks_txn_set_name(unprepared, "xid-2", 5, &err), PANROCKS_OK);
    put_ok(unprepared, "u", "unprepared");
    panrocks_txn *duplicate = begin(t.db);
    EXPECT_NE(panrocks_txn_set_name(duplicate, "xid-1", 5, &err), PANROCKS_OK);  // names are unique
    release(duplicate);
    // both released: the prepared one stays prepared, the other rolls back
    release(prepared);
    release(unprepared);
    EXPECT_EQ(db_get(t.db, "p"), "<none>");
    t.reopen();

    EXPECT_EQ(db_get(t.db, "p"), "<none>");
    size_t count = 0;
    ASSERT_EQ(panrocks_txn_db_prepared(t.db, nullptr, 0, &count, &err), PANROCKS_OK);
    ASSERT_EQ(count, 1u);
    panrocks_txn *listed[1] = {nullptr};
    ASSERT_EQ(panrocks_txn_db_prepared(t.db, listed, 1, &count, &err), PANROCKS_OK);
    ASSERT_NE(listed[0], nullptr);
    ASSERT_EQ(panrocks_txn_db_find(t.db, "xid-1", 5, &found, &adopted, &err), PANROCKS_OK);
    EXPECT_EQ(found, listed[0]);  // one handle per transaction
    EXPECT_EQ(adopted, 0);
    ASSERT_EQ(panrocks_txn_db_find(t.db, "xid-2", 5, &found, &adopted, &err), PANROCKS_OK);
    EXPECT_EQ(found, nullptr);
    panrocks_txn_info info;
    panrocks_txn_get_info(listed[0], &info);
    EXPECT_EQ(info.state, PANROCKS_TXN_PREPARED);
    ASSERT_EQ(panrocks_txn_commit(listed[0], &err), PANROCKS_OK) << err.message;
    release(listed[0]);
    EXPECT_EQ(db_get(t.db, "p"), "prepared");
    EXPECT_EQ(db_get(t.db, "u"), "<none>");
}

TEST(TwoPhaseCommit, RecoveredTransactionsLeftAloneCloseCleanly) {
    TempDir dir;
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC, &dir.path());
    panrocks_error err{};
    panrocks_txn *txn = begin(t.db);
    ASSERT_EQ(panrocks_txn_set_name(txn, "xid", 3, &err), PANROCKS_OK);
    put_ok(txn, "k", "v");
    ASSERT_EQ(panrocks_txn_prepare(txn, &err), PANROCKS_OK);
    release(txn);
    t.reopen();  // recovered, never looked up: RocksDB frees it with the DB
    t.reopen();
    panrocks_txn *found = nullptr;
    int32_t adopted = 0;
    ASSERT_EQ(panrocks_txn_db_find(t.db, "xid", 3, &found, &adopted, &err), PANROCKS_OK);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(adopted, 1);
    ASSERT_EQ(panrocks_txn_rollback(found, &err), PANROCKS_OK);
    release(found);
    t.reopen();
    ASSERT_EQ(panrocks_txn_db_find(t.db, "xid", 3, &found, &adopted, &err), PANROCKS_OK);
    EXPECT_EQ(found, nullptr);
    EXPECT_EQ(db_get(t.db, "k"), "<none>");
}

TEST(Txn, CloseReleasesWhatTheCallerLeftOpen) {
    TxnDb t(PANROCKS_TXN_DB_PESSIMISTIC);
    panrocks_txn *txn = begin(t.db);
    put_ok(txn, "k", "v");
    begin(t.db);
    t.close();  // both transactions are released first (ASan: nothing leaks, nothing dangles)
}
