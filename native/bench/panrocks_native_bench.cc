// panrocks_native_bench: the native floor for the JMH suite.
//
// Runs the same benchmark shapes as jmh/ directly on librocksdb, with the same
// data and options, and prints one JSON object per shape run. Setting a Java
// figure beside the matching line here shows what the binding costs on top of
// the engine. See README.md in this directory for the shapes.

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/iterator.h>
#include <rocksdb/options.h>
#include <rocksdb/slice.h>
#include <rocksdb/status.h>
#include <rocksdb/table.h>
#include <rocksdb/utilities/transaction.h>
#include <rocksdb/utilities/transaction_db.h>
#include <rocksdb/utilities/write_batch_with_index.h>
#include <rocksdb/version.h>
#include <rocksdb/write_batch.h>

#include <stdlib.h>  // mkdtemp (POSIX)

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------

// Makes the compiler believe `value` is observed, so a consumed pointer or size
// (and, through the memory clobber, the bytes behind it) cannot be optimised
// away. This is the C++ counterpart of JMH's Blackhole.consume.
template <typename T>
inline void escape(const T &value) {
    asm volatile("" : : "r,m"(value) : "memory");
}

// Kept out of line so the status checks in the measured loops stay a single
// well-predicted branch.
[[noreturn]] __attribute__((noinline, cold)) void fail(const char *what,
                                                       const rocksdb::Status &s) {
    throw std::runtime_error(std::string(what) + ": " + s.ToString());
}

[[noreturn]] __attribute__((noinline, cold)) void fail(const std::string &what) {
    throw std::runtime_error(what);
}

inline void check(const rocksdb::Status &s, const char *what) {
    if (!s.ok()) fail(what, s);
}

// xorshift64*: a few cycles per draw, so key selection does not blur the
// numbers; each thread owns one, so there is no shared state.
class Rng {
  public:
    explicit Rng(unsigned stream) : state_(0x9E3779B97F4A7C15ULL * (stream + 1)) {}

  // Uniform in [0, bound) by multiply-high instead of a division.
    uint32_t below(uint32_t bound) {
        return static_cast<uint32_t>(((next() >> 32) * bound) >> 32);
    }

  private:
    uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 0x2545F4914F6CDD1DULL;
    }

    uint64_t state_;
};

// Two measuring threads must not share a cache line through their per-thread
// state (RNG, buffers), or the 2-thread shapes would measure false sharing.
constexpr size_t kCacheLine = 64;

// ---------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------

enum class Dataset { kFlushed,
                     kMemtable };

const char *datasetName(Dataset d) {
    return d == Dataset::kFlushed ? "flushed" : "memtable";
}

struct Config {
    int keyCount;
    int keySize;
    int valueSize;
    Dataset dataset;
};

struct Timing {
    int warmupMs;
    int measureMs;
    int iterations;
    long count = 0;  // > 0: after the warmup, exactly this many operations in countedCalls instead
};

// ---------------------------------------------------------------------------
// Data: the keys and values the Java suite writes, byte for byte
// ---------------------------------------------------------------------------

class KeyValues {
  public:
    KeyValues(int keyCount, int keySize, int valueSize)
        : keyCount_(static_cast<uint32_t>(keyCount)),
          keySize_(static_cast<size_t>(keySize)),
          valueSize_(static_cast<size_t>(valueSize)),
          keys_(keyCount_ * keySize_),
          pattern_(valueSize_ + 256) {
    // Key i is the zero-padded decimal index, exactly keySize bytes. Keys are
    // laid out back to back so picking one in a loop is pointer arithmetic.
        std::vector<char> text(keySize_ + 1);
        for (uint32_t i = 0; i < keyCount_; ++i) {
            int n = std::snprintf(text.data(), text.size(), "%0*d", keySize, static_cast<int>(i));
            if (n != keySize) fail("key " + std::to_string(i) + " does not fit in " +
                                   std::to_string(keySize) + " bytes");
            std::memcpy(&keys_[i * keySize_], text.data(), keySize_);
        }
    // Byte j of value i is (i*31 + j) & 0xff. That is the window of a
    // repeating 0..255 ramp starting at (i*31) & 0xff, so one buffer serves
    // every value without materialising keyCount of them.
        for (size_t k = 0; k < pattern_.size(); ++k) pattern_[k] = static_cast<char>(k & 0xff);
    }

    uint32_t count() const { return keyCount_; }
    size_t valueSize() const { return valueSize_; }

    rocksdb::Slice key(uint32_t i) const { return {&keys_[i * keySize_], keySize_}; }

    rocksdb::Slice value(uint32_t i) const {
        return {&pattern_[(static_cast<size_t>(i) * 31) & 0xff], valueSize_};
    }

  private:
    uint32_t keyCount_;
    size_t keySize_;
    size_t valueSize_;
    std::vector<char> keys_;
    std::vector<char> pattern_;
};

// ---------------------------------------------------------------------------
// Temp folder and database
// ---------------------------------------------------------------------------

class TempDir {
  public:
    explicit TempDir(const fs::path &parent) {
        std::string pattern = (parent / "panrocks-native-bench-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) {
            fail("cannot create a temp folder under " + parent.string() + ": " + std::strerror(errno));
        }
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;  // best effort; a destructor must not throw
        fs::remove_all(path_, ignored);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;

    const fs::path &path() const { return path_; }

  private:
    fs::path path_;
};

struct DbCloser {
    void operator()(rocksdb::DB *db) const {
        db->Close().PermitUncheckedError();
        delete db;
    }
};
using DbPtr = std::unique_ptr<rocksdb::DB, DbCloser>;

constexpr uint64_t kMiB = uint64_t{1} << 20;
constexpr uint64_t kGiB = uint64_t{1} << 30;
constexpr uint64_t kMemtableCap = 4 * kGiB;

// Large enough that the whole dataset stays in the active memtable: twice the
// raw bytes covers the skiplist's per-entry overhead, and the floor keeps tiny
// datasets on RocksDB's usual 64 MiB.
uint64_t memtableBudget(const Config &c) {
    uint64_t raw = static_cast<uint64_t>(c.keyCount) *
                   (static_cast<uint64_t>(c.keySize) + static_cast<uint64_t>(c.valueSize));
    return std::max(2 * raw, 64 * kMiB);
}

// Must stay the options the Java suite opens its databases with.
rocksdb::Options makeOptions(const Config &c) {
    rocksdb::Options options;
    options.create_if_missing = true;
  // compression_per_level stays empty, which makes `compression` apply to
  // every level; the bottommost level has its own knob.
    options.compression = rocksdb::kNoCompression;
    options.bottommost_compression = rocksdb::kNoCompression;
    rocksdb::BlockBasedTableOptions table;
    table.block_cache = rocksdb::NewLRUCache(static_cast<size_t>(kGiB));
    options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
    if (c.dataset == Dataset::kMemtable) {
        options.write_buffer_size = static_cast<size_t>(memtableBudget(c));
    }
    return options;
}

uint64_t intProperty(rocksdb::DB &db, const std::string &name) {
    uint64_t value = 0;
    if (!db.GetIntProperty(name, &value)) fail("cannot read property " + name);
    return value;
}

// Opens a fresh database at `path`, writes every key, and brings it to the
// requested dataset state. Then proves that state, because a silently flushed
// "memtable" run would be compared against the wrong Java numbers.
// transactional: a pessimistic TransactionDB (default TransactionDBOptions),
// as the Java transaction benchmarks open; it loads and reads as a DB.
DbPtr openLoaded(const fs::path &path, const Config &c, const KeyValues &kv, bool transactional = false) {
    DbPtr db;
    if (transactional) {
        rocksdb::TransactionDB *raw = nullptr;
        check(rocksdb::TransactionDB::Open(makeOptions(c), rocksdb::TransactionDBOptions(), path.string(), &raw),
              "TransactionDB::Open");
        db.reset(raw);
    } else {
#if ROCKSDB_MAJOR >= 11  // 11.0 dropped the DB** overloads
        std::unique_ptr<rocksdb::DB> opened;
        check(rocksdb::DB::Open(makeOptions(c), path.string(), &opened), "DB::Open");
        db.reset(opened.release());
#else
        rocksdb::DB *raw = nullptr;
        check(rocksdb::DB::Open(makeOptions(c), path.string(), &raw), "DB::Open");
        db.reset(raw);
#endif
    }

    const rocksdb::WriteOptions write;
    for (uint32_t i = 0; i < kv.count(); ++i) check(db->Put(write, kv.key(i), kv.value(i)), "Put");

    if (c.dataset == Dataset::kFlushed) {
        check(db->Flush(rocksdb::FlushOptions()), "Flush");
        check(db->CompactRange(rocksdb::CompactRangeOptions(), nullptr, nullptr), "CompactRange");
        if (intProperty(*db, rocksdb::DB::Properties::kNumEntriesActiveMemTable) != 0 ||
            intProperty(*db, rocksdb::DB::Properties::kNumImmutableMemTable) != 0) {
            fail("flushed dataset still has data in a memtable");
        }
    } else if (intProperty(*db, rocksdb::DB::Properties::kTotalSstFilesSize) != 0 ||
               intProperty(*db, rocksdb::DB::Properties::kNumImmutableMemTable) != 0) {
        fail("memtable dataset was flushed; the write buffer is too small for it");
    }

  // Reading every key once puts all data blocks in the block cache, so the
  // flushed runs measure cache hits and real block pins, not disk reads. It
  // also checks the data, which is cheap here and never done while timing.
    const rocksdb::ReadOptions read;
    rocksdb::PinnableSlice value;
    for (uint32_t i = 0; i < kv.count(); ++i) {
        check(db->Get(read, db->DefaultColumnFamily(), kv.key(i), &value), "Get (verify)");
        if (value != kv.value(i)) fail("value of key " + std::to_string(i) + " reads back wrong");
        value.Reset();
    }
    return db;
}

// ---------------------------------------------------------------------------
// Shapes: one object per measuring thread; operator() is one counted operation
// ---------------------------------------------------------------------------

struct Target {
    rocksdb::DB *db;
    const KeyValues *kv;
};

inline void expectValueSize(size_t actual, size_t expected) {
    if (actual != expected) {
        fail("value has " + std::to_string(actual) + " bytes, expected " + std::to_string(expected));
    }
}

// Options objects are built once per thread, as a binding would hold its
// defaults, so the loop times the engine call and not option construction.
class alignas(kCacheLine) ShapeBase {
  public:
  // Public because derived shapes inherit it, and an inherited constructor
  // keeps the base constructor's access.
    ShapeBase(const Target &t, unsigned thread)
        : db_(t.db), cf_(t.db->DefaultColumnFamily()), kv_(*t.kv), rng_(thread) {}


  protected:
    rocksdb::Slice randomKey() { return kv_.key(rng_.below(kv_.count())); }

    rocksdb::DB *const db_;
    rocksdb::ColumnFamilyHandle *const cf_;
    const KeyValues &kv_;
    Rng rng_;
    const rocksdb::ReadOptions read_;
    const rocksdb::WriteOptions write_;
};

// The copying API: the value lands in a std::string that is reused, so after
// the first call only the copy itself remains.
class GetString : ShapeBase {
  public:
    using ShapeBase::ShapeBase;
    void operator()() {
        check(db_->Get(read_, randomKey(), &value_), "Get");
        expectValueSize(value_.size(), kv_.valueSize());
        escape(value_.data());
        escape(value_.size());
    }

  private:
    std::string value_;
};

// The zero-copy floor: the value is read in place from the pinned block (or
// memtable) and released; nothing can be cheaper through the public API.
class GetPinned : ShapeBase {
  public:
    using ShapeBase::ShapeBase;
    void operator()() {
        check(db_->Get(read_, cf_, randomKey(), &value_), "Get");
        expectValueSize(value_.size(), kv_.valueSize());
        escape(value_.data());
        escape(value_.size());
        value_.Reset();
    }

  private:
    rocksdb::PinnableSlice value_;
};

// Pinned get plus one copy into a caller-owned buffer: what a binding that
// fills a preallocated segment or byte[] does at best.
class GetBuffer : ShapeBase {
  public:
    GetBuffer(const Target &t, unsigned thread) : ShapeBase(t, thread), buffer_(t.kv->valueSize()) {}
    void operator()() {
        check(db_->Get(read_, cf_, randomKey(), &value_), "Get");
        expectValueSize(value_.size(), buffer_.size());
        std::memcpy(buffer_.data(), value_.data(), value_.size());
        escape(buffer_.data());
        value_.Reset();
    }

  private:
    rocksdb::PinnableSlice value_;
    std::vector<char> buffer_;
};

constexpr size_t kBatchKeys = 100;

// One operation is one MultiGet call of 100 random keys, unsorted as a caller
// would pass them, each value read in place.
class MultiGet100 : ShapeBase {
  public:
    using ShapeBase::ShapeBase;
    void operator()() {
        for (auto &key : keys_) key = randomKey();
        db_->MultiGet(read_, cf_, kBatchKeys, keys_.data(), values_.data(), statuses_.data(), false);
        for (size_t k = 0; k < kBatchKeys; ++k) {
            check(statuses_[k], "MultiGet");
            expectValueSize(values_[k].size(), kv_.valueSize());
            escape(values_[k].data());
            escape(values_[k].size());
            values_[k].Reset();
        }
    }

  private:
    std::array<rocksdb::Slice, kBatchKeys> keys_;
    std::array<rocksdb::PinnableSlice, kBatchKeys> values_;
    std::array<rocksdb::Status, kBatchKeys> statuses_;
};

// One operation is one MultiGet call of 100 random keys whose values are then
// copied back to back into one preallocated buffer: the floor of the Java
// MultiGet into one buffer (MultiGet.execute(buffer)), which copies each value
// out of its pin the same way.
class MultiGet100Copy : ShapeBase {
  public:
    MultiGet100Copy(const Target &t, unsigned thread)
        : ShapeBase(t, thread), buffer_(kBatchKeys * t.kv->valueSize()) {}
    void operator()() {
        for (auto &key : keys_) key = randomKey();
        db_->MultiGet(read_, cf_, kBatchKeys, keys_.data(), values_.data(), statuses_.data(), false);
        size_t at = 0;
        for (size_t k = 0; k < kBatchKeys; ++k) {
            check(statuses_[k], "MultiGet");
            expectValueSize(values_[k].size(), kv_.valueSize());
            std::memcpy(buffer_.data() + at, values_[k].data(), values_[k].size());
            at += values_[k].size();
            values_[k].Reset();
        }
        escape(buffer_.data());
    }

  private:
    std::array<rocksdb::Slice, kBatchKeys> keys_;
    std::array<rocksdb::PinnableSlice, kBatchKeys> values_;
    std::array<rocksdb::Status, kBatchKeys> statuses_;
    std::vector<char> buffer_;
};

constexpr uint32_t kScanEntries = 1000;

// One operation is a whole scan: iterator creation, a seek to a random key,
// 1000 entries read in place, deletion. Reaching the end wraps to the first
// key, so every scan visits 1000 entries whatever keyCount and start are.
class Scan1000 : ShapeBase {
  public:
    using ShapeBase::ShapeBase;
    void operator()() {
        std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(read_, cf_));
        it->Seek(randomKey());
        for (uint32_t n = 0; n < kScanEntries; ++n) {
            if (!it->Valid()) {
                check(it->status(), "Iterator");
                it->SeekToFirst();
                if (!it->Valid()) fail("scan found an empty database");
            }
            const rocksdb::Slice key = it->key();
            const rocksdb::Slice value = it->value();
            escape(key.data());
            escape(key.size());
            escape(value.data());
            escape(value.size());
            it->Next();
        }
        check(it->status(), "Iterator");
    }
};

// Overwrites of existing keys with their own value, so the data set keeps its
// shape for the whole run.
class Put : ShapeBase {
  public:
    using ShapeBase::ShapeBase;
    void operator()() {
        uint32_t i = rng_.below(kv_.count());
        check(db_->Put(write_, kv_.key(i), kv_.value(i)), "Put");
    }
};

// One operation is one Write of a 100-put batch; building the batch is part of
// it, as it is for a Java caller. The batch is cleared and reused so its
// buffer is allocated once.
class Batch100 : ShapeBase {
  public:
    using ShapeBase::ShapeBase;
    void operator()() {
        batch_.Clear();
        for (size_t k = 0; k < kBatchKeys; ++k) {
            uint32_t i = rng_.below(kv_.count());
            check(batch_.Put(kv_.key(i), kv_.value(i)), "WriteBatch::Put");
        }
        check(db_->Write(write_, &batch_), "Write");
    }

  private:
    rocksdb::WriteBatch batch_;
};

// Transactions on a pessimistic TransactionDB, the shapes of the Java
// PanrocksTransaction/RocksJavaTransaction benchmarks. A write transaction is
// begun on the thread's previous Transaction object (BeginTransaction's
// old_txn), as the Java benchmarks reuse theirs.
class TxnShapeBase : protected ShapeBase {
  public:
    TxnShapeBase(const Target &t, unsigned thread)
        : ShapeBase(t, thread), txnDb_(static_cast<rocksdb::TransactionDB *>(t.db)) {}
    ~TxnShapeBase() { delete writer_; }
    TxnShapeBase(const TxnShapeBase &) = delete;
    TxnShapeBase &operator=(const TxnShapeBase &) = delete;

  protected:
    rocksdb::Transaction *begin() {
        writer_ = txnDb_->BeginTransaction(write_, txnOptions_, writer_);
        return writer_;
    }

    rocksdb::TransactionDB *const txnDb_;
    const rocksdb::TransactionOptions txnOptions_;
    rocksdb::Transaction *writer_ = nullptr;
    std::string value_;
};

// A read inside a transaction that has written nothing: its batch is
// searched, then the DB; the value copied into a reused std::string (the
// Java side returns a new byte[]).
class TxnGet : TxnShapeBase {
  public:
    TxnGet(const Target &t, unsigned thread) : TxnShapeBase(t, thread), reader_(txnDb_->BeginTransaction(write_)) {}
    ~TxnGet() {
        reader_->Rollback();
        delete reader_;
    }
    void operator()() {
        check(reader_->Get(read_, cf_, randomKey(), &value_), "Transaction::Get");
        expectValueSize(value_.size(), kv_.valueSize());
        escape(value_.data());
    }

  private:
    rocksdb::Transaction *const reader_;
};

// One write transaction: begin, put of a random existing key (its lock taken), commit.
class TxnPutCommit : TxnShapeBase {
  public:
    using TxnShapeBase::TxnShapeBase;
    void operator()() {
        uint32_t i = rng_.below(kv_.count());
        rocksdb::Transaction *txn = begin();
        check(txn->Put(kv_.key(i), kv_.value(i)), "Transaction::Put");
        check(txn->Commit(), "Transaction::Commit");
    }
};

// Read-modify-write: begin, GetForUpdate (exclusive lock, value copied), put, commit.
class TxnGetForUpdatePutCommit : TxnShapeBase {
  public:
    using TxnShapeBase::TxnShapeBase;
    void operator()() {
        uint32_t i = rng_.below(kv_.count());
        rocksdb::Transaction *txn = begin();
        check(txn->GetForUpdate(read_, cf_, kv_.key(i), &value_, true), "Transaction::GetForUpdate");
        expectValueSize(value_.size(), kv_.valueSize());
        escape(value_.data());
        check(txn->Put(kv_.key(i), kv_.value(i)), "Transaction::Put");
        check(txn->Commit(), "Transaction::Commit");
    }
};

constexpr size_t kPendingPuts = 100;

// A read through a WriteBatchWithIndex holding 100 pending puts of random
// keys (overwrite mode), on top of the DB: GetFromBatchAndDB of a random key
// (about 1 in 10 found in the batch at keyCount 1000), value copied.
class BatchAndDbGet : TxnShapeBase {
  public:
    BatchAndDbGet(const Target &t, unsigned thread)
        : TxnShapeBase(t, thread), batch_(rocksdb::BytewiseComparator(), 0, true) {
        for (size_t k = 0; k < kPendingPuts; ++k) {
            uint32_t i = rng_.below(kv_.count());
            check(batch_.Put(kv_.key(i), kv_.value(i)), "WriteBatchWithIndex::Put");
        }
    }
    void operator()() {
        check(batch_.GetFromBatchAndDB(db_, read_, randomKey(), &value_), "GetFromBatchAndDB");
        expectValueSize(value_.size(), kv_.valueSize());
        escape(value_.data());
    }

  private:
    rocksdb::WriteBatchWithIndex batch_;
};

// ---------------------------------------------------------------------------
// Measurement, JMH style
// ---------------------------------------------------------------------------

// Runs the per-thread operations for `duration` and returns the summed
// per-thread throughput (ops/s), which is how JMH aggregates threads. Each
// thread times itself from the common start to the moment it notices the stop
// flag, so an operation still running at the deadline is counted together
// with the time it took.
template <typename Op>
double runPhase(std::vector<std::unique_ptr<Op>> &ops, std::chrono::milliseconds duration) {
    struct Result {
        uint64_t ops = 0;
        double seconds = 0;
        std::exception_ptr error;
    };
    std::vector<Result> results(ops.size());
    std::atomic<size_t> ready{0};
    std::atomic<bool> go{false};
    std::atomic<bool> stop{false};

    auto work = [&](size_t t) {
        Op &op = *ops[t];
        ready.fetch_add(1);
        while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
        const Clock::time_point start = Clock::now();
        uint64_t count = 0;  // local, so threads never write a shared line while timing
        try {
            while (!stop.load(std::memory_order_relaxed)) {
                op();
                ++count;
            }
        } catch (...) {
            results[t].error = std::current_exception();
        }
        results[t].seconds = std::chrono::duration<double>(Clock::now() - start).count();
        results[t].ops = count;
    };

    std::vector<std::thread> workers;
    workers.reserve(ops.size());
    try {
        for (size_t t = 0; t < ops.size(); ++t) workers.emplace_back(work, t);
    } catch (...) {
    // Release the threads already started before reporting, or their
    // destruction while joinable would terminate the process.
        stop.store(true);
        go.store(true);
        for (auto &w : workers) w.join();
        throw;
    }
    while (ready.load() < ops.size()) std::this_thread::yield();
    go.store(true, std::memory_order_release);
    std::this_thread::sleep_for(duration);
    stop.store(true, std::memory_order_relaxed);
    for (auto &w : workers) w.join();

    double opsPerSec = 0;
    for (const Result &r : results) {
        if (r.error) std::rethrow_exception(r.error);
        opsPerSec += static_cast<double>(r.ops) / r.seconds;
    }
    return opsPerSec;
}

// A fixed number of operations on the calling thread and nothing else, for
// callgrind to count what one operation executes (--count; scripts/bench.sh
// instructions --run counts the instructions inside this function and
// divides by n). Never inlined, so that the count has a function to name.
template <typename Op>
[[gnu::noinline]] void countedCalls(Op &op, long n) {
    for (long i = 0; i < n; ++i) op();
}

// One warmup phase, then one phase per measurement iteration. The per-thread
// state lives across phases, as JMH's @State does across iterations.
template <typename Op>
std::vector<double> measure(const Target &target, unsigned threads, const Timing &timing) {
    std::vector<std::unique_ptr<Op>> ops;
    for (unsigned t = 0; t < threads; ++t) ops.push_back(std::make_unique<Op>(target, t));

    if (timing.warmupMs > 0) runPhase(ops, std::chrono::milliseconds(timing.warmupMs));
    if (timing.count > 0) {
        const Clock::time_point start = Clock::now();
        countedCalls(*ops[0], timing.count);
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return {static_cast<double>(timing.count) / seconds};
    }
    std::vector<double> perIteration;
    for (int i = 0; i < timing.iterations; ++i) {
        perIteration.push_back(runPhase(ops, std::chrono::milliseconds(timing.measureMs)));
    }
    return perIteration;
}

// Two-sided 99.9% Student t quantile t(0.9995, df), the factor JMH puts in its
// "± error" column. Exact table up to df = 30; beyond that the Cornish-Fisher
// expansion around the normal quantile is within 0.001 of the true value.
double tQuantile999(int df) {
    static const double kTable[] = {
        636.6192, 31.5991, 12.9240, 8.6103, 6.8688, 5.9588, 5.4079, 5.0413, 4.7809, 4.5869,
        4.4370, 4.3178, 4.2208, 4.1405, 4.0728, 4.0150, 3.9651, 3.9216, 3.8834, 3.8495,
        3.8193, 3.7921, 3.7676, 3.7454, 3.7251, 3.7066, 3.6896, 3.6739, 3.6594, 3.6460};
    if (df <= 30) return kTable[df - 1];
    const double z = 3.2905267314919255;  // normal quantile at 0.9995
    const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    const double v = df;
    return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

struct Summary {
    double mean = 0;
    double error = NAN;  // undefined for a single iteration, as in JMH
};

Summary summarize(const std::vector<double> &xs) {
    Summary s;
    const size_t n = xs.size();
    if (n == 0) return s;
    for (double x : xs) s.mean += x;
    s.mean /= static_cast<double>(n);
    if (n < 2) return s;
    double squares = 0;
    for (double x : xs) squares += (x - s.mean) * (x - s.mean);
    const double stddev = std::sqrt(squares / static_cast<double>(n - 1));
    s.error = tQuantile999(static_cast<int>(n - 1)) * stddev / std::sqrt(static_cast<double>(n));
    return s;
}

// ---------------------------------------------------------------------------
// Shape table
// ---------------------------------------------------------------------------

using Runner = std::vector<double> (*)(const Target &, unsigned threads, const Timing &);

struct Shape {
    const char *name;
    bool threaded;  // may run with --threads > 1
    bool writes;    // gets its own fresh database per run
    Runner run;
    const char *help;
    bool transactional = false;  // its own fresh TransactionDB per run
};

// Reads first, so the shared read database is built once and dropped before
// the write shapes start creating their own.
const Shape kShapes[] = {
    {"get_string", true, false, &measure<GetString>,
     "Get into a reused std::string (one copy)"},
    {"get_pinned", true, false, &measure<GetPinned>,
     "Get into a PinnableSlice, read in place, Reset (zero-copy)"},
    {"get_buffer", true, false, &measure<GetBuffer>,
     "pinned Get, memcpy into a preallocated value-size buffer"},
    {"multiget100", false, false, &measure<MultiGet100>,
     "one MultiGet of 100 random keys, values read in place"},
    {"multiget100_copy", false, false, &measure<MultiGet100Copy>,
     "one MultiGet of 100 random keys, values copied back to back into one buffer"},
    {"scan1000", false, false, &measure<Scan1000>,
     "new iterator, Seek a random key, read 1000 entries in place"},
    {"put", false, true, &measure<Put>, "Put overwriting a random existing key"},
    {"batch100", false, true, &measure<Batch100>,
     "one Write of a reused WriteBatch of 100 random overwrites"},
    {"txn_get", false, true, &measure<TxnGet>,
     "TransactionDB: Get in a transaction that wrote nothing, into a std::string", true},
    {"txn_put_commit", false, true, &measure<TxnPutCommit>,
     "TransactionDB: begin (object reused), Put a random key, Commit", true},
    {"txn_get_for_update_put_commit", false, true, &measure<TxnGetForUpdatePutCommit>,
     "TransactionDB: begin, GetForUpdate (exclusive), Put, Commit", true},
    {"batch_and_db_get", false, true, &measure<BatchAndDbGet>,
     "TransactionDB: GetFromBatchAndDB through a WriteBatchWithIndex of 100 pending puts", true},
};

const Shape *findShape(const std::string &name) {
    for (const Shape &s : kShapes) {
        if (name == s.name) return &s;
    }
    return nullptr;
}

// ---------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------

struct Args {
    std::vector<int> keyCounts{1000};
    std::vector<int> keySizes{16};
    std::vector<int> valueSizes{16, 4096};
    std::vector<Dataset> datasets{Dataset::kFlushed};
    std::vector<int> threads{1};
    std::vector<const Shape *> shapes;  // empty: all
    Timing timing{500, 300, 5};
    std::string output;
    fs::path tmpDir;
};

void printHelp(std::ostream &out) {
    out << R"(Usage: panrocks_native_bench [options]

The native floor for the panrocks JMH suite: the same benchmark shapes, data
and options, run straight on librocksdb. Every combination of the list-valued
parameters is run; each shape run prints one JSON line on stdout.

Parameters (comma-separated lists; the values in parentheses are the Java
suite's, the ones in brackets the defaults):
  --key-count LIST   keys in the database (1000, 100000)           [1000]
  --key-size LIST    key bytes; key i is i zero-padded to this width
                     (16, 128)                                      [16]
  --value-size LIST  value bytes; byte j of value i is (i*31+j)&0xff
                     (16, 128, 1024, 4096, 16384, 65536, 1048576)   [16,4096]
  --dataset LIST     flushed:  flushed, compacted, every key read once so
                               the block cache holds all data blocks
                     memtable: write buffer big enough that nothing is
                               flushed; reads come from the memtable [flushed]
  --threads LIST     measuring threads (1, 2). Only the get_* shapes take
                     values above 1; the others run for the value 1  [1]
  --shapes LIST      shapes to run, in this order                   [all]

Shapes (one operation = one counted unit):
)";
    for (const Shape &s : kShapes) {
        char line[160];
        std::snprintf(line, sizeof line, "  %-12s %s\n", s.name, s.help);
        out << line;
    }
    out << R"(
Timing (one warmup phase, then the measured iterations, per shape run):
  --warmup-ms N      warmup time                                    [500]
  --measure-ms N     time of one measurement iteration              [300]
  --iterations N     measurement iterations                         [5]
  The defaults make a quick sweep (well under a minute). For figures to set
  beside JMH, pass its timing, e.g. --warmup-ms 6000 --measure-ms 2000.
  --count N          after the warmup, exactly N operations on one thread in
                     one call of countedCalls<Shape> instead of the timed
                     iterations (for callgrind: instructions per operation)

Output:
  --output FILE      also append the JSON lines to FILE
  --tmp-dir DIR      parent of the temporary databases  [$TMPDIR or /tmp]
  -h, --help         this text

Each line holds shape, keyCount, keySize, valueSize, dataset, threads,
opsPerSec (mean of the iterations), error (99.9% confidence half-width as JMH
computes it; null for a single iteration), iterations (ops/s of each) and
engine (the RocksDB version). Progress goes to stderr.
)";
}

[[noreturn]] void usageError(const std::string &message) {
    throw std::invalid_argument(message + " (see --help)");
}

std::vector<std::string> splitList(const std::string &flag, const std::string &text) {
    std::vector<std::string> items;
    size_t start = 0;
    while (true) {
        size_t comma = text.find(',', start);
        std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) usageError(flag + ": empty element in '" + text + "'");
        items.push_back(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return items;
}

int parseInt(const std::string &flag, const std::string &text, long min, long max) {
    errno = 0;
    char *end = nullptr;
    long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0 || value < min || value > max) {
        usageError(flag + ": '" + text + "' is not an integer in [" + std::to_string(min) + ", " +
                   std::to_string(max) + "]");
    }
    return static_cast<int>(value);
}

std::vector<int> parseIntList(const std::string &flag, const std::string &text, long min, long max) {
    std::vector<int> values;
    for (const std::string &item : splitList(flag, text)) values.push_back(parseInt(flag, item, min, max));
    return values;
}

// Returns false when --help was printed.
bool parseArgs(int argc, char **argv, Args &args) {
    std::vector<std::string> tokens(argv + 1, argv + argc);
    for (size_t i = 0; i < tokens.size(); ++i) {
        std::string flag = tokens[i];
        if (flag == "-h" || flag == "--help") {
            printHelp(std::cout);
            return false;
        }
        std::string value;
        size_t eq = flag.find('=');
        if (flag.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag.resize(eq);
        } else if (i + 1 < tokens.size()) {
            value = tokens[++i];
        } else {
            usageError(flag + " needs a value");
        }

        if (flag == "--key-count") {
            args.keyCounts = parseIntList(flag, value, 1, 100000000);
        } else if (flag == "--key-size") {
            args.keySizes = parseIntList(flag, value, 1, 65536);
        } else if (flag == "--value-size") {
            args.valueSizes = parseIntList(flag, value, 1, 256 << 20);
        } else if (flag == "--threads") {
            args.threads = parseIntList(flag, value, 1, 256);
        } else if (flag == "--dataset") {
            args.datasets.clear();
            for (const std::string &item : splitList(flag, value)) {
                if (item == "flushed") {
                    args.datasets.push_back(Dataset::kFlushed);
                } else if (item == "memtable") {
                    args.datasets.push_back(Dataset::kMemtable);
                } else {
                    usageError(flag + ": unknown dataset '" + item + "' (flushed, memtable)");
                }
            }
        } else if (flag == "--shapes") {
            args.shapes.clear();
            for (const std::string &item : splitList(flag, value)) {
                const Shape *shape = findShape(item);
                if (shape == nullptr) usageError(flag + ": unknown shape '" + item + "'");
                if (std::find(args.shapes.begin(), args.shapes.end(), shape) == args.shapes.end()) {
                    args.shapes.push_back(shape);
                }
            }
        } else if (flag == "--warmup-ms") {
            args.timing.warmupMs = parseInt(flag, value, 0, 3600000);
        } else if (flag == "--measure-ms") {
            args.timing.measureMs = parseInt(flag, value, 1, 3600000);
        } else if (flag == "--iterations") {
            args.timing.iterations = parseInt(flag, value, 1, 1000);
        } else if (flag == "--count") {
            args.timing.count = parseInt(flag, value, 1, 1000000000);
        } else if (flag == "--output") {
            args.output = value;
        } else if (flag == "--tmp-dir") {
            args.tmpDir = value;
        } else {
            usageError("unknown option " + flag);
        }
    }
    if (args.shapes.empty()) {
        for (const Shape &s : kShapes) args.shapes.push_back(&s);
    }
    if (args.tmpDir.empty()) args.tmpDir = fs::temp_directory_path();
    return true;
}

// Rejects a combination before any database is built, so a long sweep does
// not die half way on something knowable up front.
void validate(const Args &args) {
    if (args.timing.count > 0 && (args.threads.size() != 1 || args.threads[0] != 1)) {
        usageError("--count runs one thread: --threads 1 only");
    }
    for (int keyCount : args.keyCounts) {
        const int digits = static_cast<int>(std::to_string(keyCount - 1).size());
        for (int keySize : args.keySizes) {
            if (keySize < digits) {
                usageError("--key-size " + std::to_string(keySize) + " cannot hold " +
                           std::to_string(keyCount) + " distinct zero-padded keys");
            }
            for (int valueSize : args.valueSizes) {
                for (Dataset d : args.datasets) {
                    if (d == Dataset::kMemtable && memtableBudget({keyCount, keySize, valueSize, d}) > kMemtableCap) {
                        usageError("dataset memtable with key-count " + std::to_string(keyCount) +
                                   " and value-size " + std::to_string(valueSize) +
                                   " needs a write buffer above the 4 GiB cap");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------

std::string jsonNumber(double x) {
    if (!std::isfinite(x)) return "null";
    char text[64];
    std::snprintf(text, sizeof text, "%.3f", x);
    return text;
}

std::string jsonLine(const Shape &shape, const Config &c, unsigned threads,
                     const std::vector<double> &iterations, const std::string &engine) {
    const Summary s = summarize(iterations);
    std::string line = std::string("{\"shape\":\"") + shape.name + "\"";
    line += ",\"keyCount\":" + std::to_string(c.keyCount);
    line += ",\"keySize\":" + std::to_string(c.keySize);
    line += ",\"valueSize\":" + std::to_string(c.valueSize);
    line += std::string(",\"dataset\":\"") + datasetName(c.dataset) + "\"";
    line += ",\"threads\":" + std::to_string(threads);
    line += ",\"opsPerSec\":" + jsonNumber(s.mean);
    line += ",\"error\":" + jsonNumber(s.error);
    line += ",\"iterations\":[";
    for (size_t i = 0; i < iterations.size(); ++i) {
        if (i > 0) line += ",";
        line += jsonNumber(iterations[i]);
    }
    line += "],\"engine\":\"" + engine + "\"}";
    return line;
}

// ---------------------------------------------------------------------------
// Driver
// ---------------------------------------------------------------------------

int run(const Args &args) {
    std::ofstream output;
    if (!args.output.empty()) {
        output.open(args.output, std::ios::app);
        if (!output) fail("cannot open --output " + args.output);
    }
    const std::string engine = rocksdb::GetRocksVersionAsString();
    const bool singleThreadWanted =
        std::find(args.threads.begin(), args.threads.end(), 1) != args.threads.end();
    TempDir tmp(args.tmpDir);
    unsigned dbSerial = 0;

    for (int keyCount : args.keyCounts) {
        for (int keySize : args.keySizes) {
            for (int valueSize : args.valueSizes) {
                for (Dataset dataset : args.datasets) {
                    const Config config{keyCount, keySize, valueSize, dataset};
                    const KeyValues kv(keyCount, keySize, valueSize);
                    DbPtr readDb;  // built on first use, shared by all read shapes of this config
                    fs::path readPath;

                    for (const Shape *shape : args.shapes) {
                        if (!shape->threaded && !singleThreadWanted) {
                            std::cerr << "[bench] skipping " << shape->name
                                      << ": it runs with 1 thread only and --threads has no 1" << std::endl;
                        }
                        for (int threads : args.threads) {
                            if (threads > 1 && !shape->threaded) continue;
                            std::cerr << "[bench] " << shape->name << " keyCount=" << keyCount
                                      << " keySize=" << keySize << " valueSize=" << valueSize
                                      << " dataset=" << datasetName(dataset) << " threads=" << threads
                                      << std::endl;

                            DbPtr writeDb;
                            fs::path writePath;
                            rocksdb::DB *db;
                            if (shape->writes) {
                // A fresh database per write run: the read database keeps its
                // layout, and one write run cannot tilt the next.
                                writePath = tmp.path() / ("db" + std::to_string(dbSerial++));
                                writeDb = openLoaded(writePath, config, kv, shape->transactional);
                                db = writeDb.get();
                            } else {
                                if (!readDb) {
                                    readPath = tmp.path() / ("db" + std::to_string(dbSerial++));
                                    readDb = openLoaded(readPath, config, kv);
                                }
                                db = readDb.get();
                            }

                            const std::vector<double> perIteration =
                                shape->run(Target{db, &kv}, static_cast<unsigned>(threads), args.timing);
                            const std::string line = jsonLine(*shape, config, static_cast<unsigned>(threads),
                                                              perIteration, engine);
                            std::cout << line << std::endl;
                            if (output.is_open()) output << line << std::endl;

                            if (writeDb) {
                                writeDb.reset();
                                fs::remove_all(writePath);
                            }
                        }
                    }
                    if (readDb) {
                        readDb.reset();
                        fs::remove_all(readPath);
                    }
                }
            }
        }
    }
    if (output.is_open() && !output) fail("writing --output " + args.output + " failed");
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    try {
        Args args;
        if (!parseArgs(argc, argv, args)) return 0;
        validate(args);
        return run(args);
    } catch (const std::invalid_argument &e) {
        std::cerr << "panrocks_native_bench: " << e.what() << std::endl;
        return 2;
    } catch (const std::exception &e) {
        std::cerr << "panrocks_native_bench: " << e.what() << std::endl;
        return 1;
    }
}
