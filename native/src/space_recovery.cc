// Writers never wait unboundedly on a full disk.
//
// RocksDB answers a NoSpace background error (a flush or compaction that met
// a full disk) with an automatic recovery run by the SstFileManager, which
// polls the free space every 5 seconds for as long as the disk stays full.
// While that recovery is in progress, a writer that meets a write stop (too
// many memtables or L0 files: what a flush that cannot finish leads to) waits
// in DBImpl::DelayWrite with no time limit; a service's request thread hung
// there for as long as the disk stayed full. panrocks takes that recovery
// over: its listener turns RocksDB's own down (OnErrorRecoveryBegin may), so
// such a writer returns at once with RocksDB's Incomplete naming the NoSpace
// error, or with the error itself, and a thread of the DB's calls
// DB::Resume() every second until the DB is writable again or closes.
// RocksDB's other automatic recovery (retryable I/O errors, bounded by
// max_bgerror_resume_count) is left alone.
//
// A close never waits unboundedly for that thread. RocksDB (11.8.1) can lose
// the flush a Resume() waits for: a family whose memtable filled while the
// failing flush ran has a flush request queued behind it (one flush thread);
// the Resume's own request for that family is then not queued (one request
// per family), and the queued one, which is not a recovery flush, is dropped
// by the flush thread while the background error is still set. The Resume
// then waits in DBImpl::WaitForFlushMemTables for a flush that never runs,
// with every background thread idle, and RocksDB's Close waits for the
// Resume. Whether it happens is a race between the failing flush's one-second
// pause and the first Resume: a Resume() that starts while the failed flush's
// job still runs (in that pause) waits for it, and for the job that then
// drops the stale request, and queues its own flush after them; one that
// starts after the job ended (nothing schedules the queued request while the
// DB is stopped and no recovery runs) meets the stale request still queued.
// So the first Resume() after a new error comes a quarter of a second after
// it, not a second (it lost that race under a loaded machine: the fault
// matrix's disk-full/write-stop); the retries after it, while the disk stays
// full, come every second. Not at once: a writer waiting in
// DBImpl::DelayWrite on the write stop leaves only when it sees the error with
// no recovery in progress (RocksDB wakes it as the failed flush ends); a
// Resume() begun before that keeps it waiting, and the Resume's flush waits
// to enter the write thread that writer holds (a Kafka store restoring on a
// full disk hung that way). And the close waits for a Resume in flight for
// kResumeAtCloseLimit, the time a real one takes to flush, and then ends it
// with RocksDB's own shutdown step (CancelAllBackgroundWork, which the close
// takes next anyway), on which the waiting Resume returns ShutdownInProgress.
#include "internal.h"

#include <chrono>
#include <condition_variable>
#include <thread>

#include <rocksdb/convenience.h>
#include <rocksdb/listener.h>

namespace panrocks {

namespace {
constexpr std::chrono::milliseconds kResumeInterval{1000};
// the first Resume() after a new error: inside the failed flush's one-second pause, but after the
// writers that waited on the write stop have seen the error and left (see above)
constexpr std::chrono::milliseconds kFirstResumeDelay{250};
// how long a close waits for a Resume() in flight before it ends it
constexpr std::chrono::seconds kResumeAtCloseLimit{10};
}  // namespace

class SpaceRecovery final : public rocksdb::EventListener {
  public:
    const char *Name() const override { return "panrocks.SpaceRecovery"; }

    void OnErrorRecoveryBegin(rocksdb::BackgroundErrorReason, rocksdb::Status error,
                              bool *auto_recovery) override {
        error.PermitUncheckedError();
        if (auto_recovery == nullptr || !*auto_recovery) return;
        if (error.subcode() != rocksdb::Status::SubCode::kNoSpace) return;
        *auto_recovery = false;
        std::lock_guard<std::mutex> lock(mutex_);
        if (closing_) return;
        pending_ = true;
        // a new error (not one of a Resume's own flush, nor while retrying): answered sooner
        if (!resuming_ && !retrying_) immediate_ = true;
        // started by the first NoSpace error: a DB that never meets one has no thread
        if (!worker_.joinable()) worker_ = std::thread([this] { run(); });
        wake_.notify_all();
    }

    void OnBackgroundError(rocksdb::BackgroundErrorReason reason, rocksdb::Status *error) override {
        if (error == nullptr || error->ok()) return;
        std::lock_guard<std::mutex> lock(mutex_);
        // sticky: the Resume() that follows fails on the WAL writer with an error of another reason
        if (reason == rocksdb::BackgroundErrorReason::kWriteCallback) wal_write_failed_ = true;
    }

    // A write of the WAL (an append or sync) failed since the last Resume()
    // that succeeded: RocksDB's WAL writer keeps that error ("Seen error.
    // Skip writing buffer.") and no Resume() clears it.
    bool wal_write_failed() {
        std::lock_guard<std::mutex> lock(mutex_);
        return wal_write_failed_;
    }

    // A Resume() of the user's succeeded: the DB is writable, and the next NoSpace error is a new one.
    void resumed() {
        std::lock_guard<std::mutex> lock(mutex_);
        wal_write_failed_ = false;
        retrying_ = false;
    }

    void attach(rocksdb::DB *db) {
        std::lock_guard<std::mutex> lock(mutex_);
        db_ = db;
        wake_.notify_all();
    }

    // Before the DB closes: no Resume() runs once this returns, and none
    // starts. A Resume() in flight has kResumeAtCloseLimit to return; one that
    // has not by then waits for a flush RocksDB lost (above), and is ended as
    // RocksDB's close would end it, had it not waited for it first.
    void stop() {
        std::unique_lock<std::mutex> lock(mutex_);
        closing_ = true;
        wake_.notify_all();
        if (!worker_.joinable() || worker_.get_id() == std::this_thread::get_id()) return;
        if (!wake_.wait_for(lock, kResumeAtCloseLimit, [&] { return !resuming_; })) {
            rocksdb::DB *db = db_;
            lock.unlock();
            rocksdb::CancelAllBackgroundWork(db, false);
            lock.lock();
        }
        lock.unlock();
        worker_.join();
    }

    ~SpaceRecovery() override { stop(); }

  private:
    void run() {
        std::unique_lock<std::mutex> lock(mutex_);
        while (!closing_) {
            wake_.wait(lock, [&] { return closing_ || (pending_ && db_ != nullptr); });
            if (closing_) break;
            // a retry waits for the space to come back; the first Resume after a new error comes sooner (above)
            if (wake_.wait_for(lock, immediate_ ? kFirstResumeDelay : kResumeInterval, [&] { return closing_; })) break;
            immediate_ = false;
            pending_ = false;
            rocksdb::DB *db = db_;
            resuming_ = true;
            lock.unlock();
            rocksdb::Status s = db->Resume();
            lock.lock();
            resuming_ = false;
            wake_.notify_all();
            // still full: a failed Resume may or may not have reported a new error
            if (!s.ok()) {
                pending_ = true;
                retrying_ = true;
            } else {
                wal_write_failed_ = false;
                retrying_ = false;
            }
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::thread worker_;
    rocksdb::DB *db_ = nullptr;
    bool pending_ = false;
    bool closing_ = false;
    // the worker is inside db_->Resume()
    bool resuming_ = false;
    // the last Resume() failed: the next comes after kResumeInterval
    bool retrying_ = false;
    // the next Resume() comes at once: a new error, met while not retrying
    bool immediate_ = false;
    bool wal_write_failed_ = false;
};

void install_space_recovery(panrocks_db *db, rocksdb::DBOptions *options) {
    db->space_recovery = std::make_shared<SpaceRecovery>();
    options->listeners.push_back(db->space_recovery);
}

void attach_space_recovery(panrocks_db *db) {
    if (db->space_recovery) db->space_recovery->attach(db->db);
}

void stop_space_recovery(panrocks_db *db) {
    if (db->space_recovery) db->space_recovery->stop();
}

namespace {

// What a failed Resume() says when RocksDB's answer does not say that only a reopen helps.
rocksdb::Status explain_failed_resume(panrocks_db *db, rocksdb::Status s) {
    if (s.severity() >= rocksdb::Status::Severity::kFatalError) {
        // RocksDB answers the stored error itself, which does not say that no Resume can clear it
        return rocksdb::Status::CopyAppendMessage(
            s, "; ", "panrocks: a fatal background error, which Resume cannot clear: close the DB and open it again");
    }
    if (db->space_recovery && db->space_recovery->wal_write_failed()) {
        return rocksdb::Status::CopyAppendMessage(
            s, "; ",
            "panrocks: a write of the WAL failed, and RocksDB's WAL writer keeps that error, which Resume cannot "
            "clear: close the DB and open it again (the writes acknowledged before are in the WAL)");
    }
    return s;
}

}  // namespace

rocksdb::Status resume(panrocks_db *db) {
    rocksdb::Status s = db->db->Resume();
    if (!s.ok()) return explain_failed_resume(db, s);
    if (db->space_recovery) db->space_recovery->resumed();
    return s;
}

}  // namespace panrocks
