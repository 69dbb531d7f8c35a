// File IO counted by activity (panrocks_io_activity.h): a file system layer
// under every DB that reads the activity RocksDB tags each operation with
// (IOOptions::io_activity) and adds the operation and its bytes to the DB's
// counters. One relaxed atomic add per file operation; cache hits never
// reach a file.
#include <atomic>

#include <rocksdb/file_system.h>
#include <rocksdb/version.h>

#include "internal.h"

using panrocks::guarded;
using panrocks::report;

namespace panrocks {

struct IOActivityCounters {
    std::atomic<uint64_t> values[PANROCKS_IO_ACTIVITIES][PANROCKS_IO_COUNTERS] = {};
};

}  // namespace panrocks

#if ROCKSDB_MAJOR >= 9

namespace {

using Counters = panrocks::IOActivityCounters;

// The engine's own activities keep their number; kUnknown and custom ones are "other".
int slot(rocksdb::Env::IOActivity activity) {
    const auto n = static_cast<unsigned>(activity);
    return n < PANROCKS_IO_ACTIVITY_OTHER ? static_cast<int>(n) : PANROCKS_IO_ACTIVITY_OTHER;
}

void count(Counters &c, const rocksdb::IOOptions &options, int ops, int bytes, uint64_t n) {
    const int s = slot(options.io_activity);
    c.values[s][ops].fetch_add(1, std::memory_order_relaxed);
    c.values[s][bytes].fetch_add(n, std::memory_order_relaxed);
}

void count_read(Counters &c, const rocksdb::IOOptions &options, uint64_t n) {
    count(c, options, PANROCKS_IO_READ_OPS, PANROCKS_IO_READ_BYTES, n);
}

void count_write(Counters &c, const rocksdb::IOOptions &options, uint64_t n) {
    count(c, options, PANROCKS_IO_WRITE_OPS, PANROCKS_IO_WRITE_BYTES, n);
}

// A read's status, counted if it succeeded, at the bytes it returned (read
// through the pointer here, after the read filled it).
rocksdb::IOStatus counted_read(rocksdb::IOStatus s, Counters &c, const rocksdb::IOOptions &options,
                               const rocksdb::Slice *result) {
    if (s.ok()) count_read(c, options, result->size());
    return s;
}

// A write's status, counted if it succeeded.
rocksdb::IOStatus counted_write(rocksdb::IOStatus s, Counters &c, const rocksdb::IOOptions &options,
                                const rocksdb::Slice &data) {
    if (s.ok()) count_write(c, options, data.size());
    return s;
}

class CountingRandomAccessFile final : public rocksdb::FSRandomAccessFileOwnerWrapper {
  public:
    CountingRandomAccessFile(std::unique_ptr<rocksdb::FSRandomAccessFile> &&file, std::shared_ptr<Counters> counters)
        : FSRandomAccessFileOwnerWrapper(std::move(file)), counters_(std::move(counters)) {}

    rocksdb::IOStatus Read(uint64_t offset, size_t n, const rocksdb::IOOptions &options, rocksdb::Slice *result,
                           char *scratch, rocksdb::IODebugContext *dbg) const override {
        return counted_read(target()->Read(offset, n, options, result, scratch, dbg), *counters_, options, result);
    }

    rocksdb::IOStatus MultiRead(rocksdb::FSReadRequest *reqs, size_t num_reqs, const rocksdb::IOOptions &options,
                                rocksdb::IODebugContext *dbg) override {
        rocksdb::IOStatus s = target()->MultiRead(reqs, num_reqs, options, dbg);
        if (s.ok()) {
            for (size_t i = 0; i < num_reqs; i++) {
                if (reqs[i].status.ok()) count_read(*counters_, options, reqs[i].result.size());
            }
        }
        return s;
    }

    // an asynchronous read is counted when it is issued, at the length asked
    rocksdb::IOStatus ReadAsync(rocksdb::FSReadRequest &req, const rocksdb::IOOptions &options,
                                std::function<void(rocksdb::FSReadRequest &, void *)> cb, void *cb_arg,
                                void **io_handle, rocksdb::IOHandleDeleter *del_fn, rocksdb::IODebugContext *dbg) override {
        rocksdb::IOStatus s = target()->ReadAsync(req, options, cb, cb_arg, io_handle, del_fn, dbg);
        if (s.ok()) count_read(*counters_, options, req.len);
        return s;
    }

  private:
    std::shared_ptr<Counters> counters_;
};

class CountingSequentialFile final : public rocksdb::FSSequentialFileOwnerWrapper {
  public:
    CountingSequentialFile(std::unique_ptr<rocksdb::FSSequentialFile> &&file, std::shared_ptr<Counters> counters)
        : FSSequentialFileOwnerWrapper(std::move(file)), counters_(std::move(counters)) {}

    rocksdb::IOStatus Read(size_t n, const rocksdb::IOOptions &options, rocksdb::Slice *result, char *scratch,
                           rocksdb::IODebugContext *dbg) override {
        return counted_read(target()->Read(n, options, result, scratch, dbg), *counters_, options, result);
    }

    rocksdb::IOStatus PositionedRead(uint64_t offset, size_t n, const rocksdb::IOOptions &options,
                                     rocksdb::Slice *result, char *scratch, rocksdb::IODebugContext *dbg) override {
        return counted_read(target()->PositionedRead(offset, n, options, result, scratch, dbg), *counters_, options,
                            result);
    }

  private:
    std::shared_ptr<Counters> counters_;
};

class CountingWritableFile final : public rocksdb::FSWritableFileOwnerWrapper {
  public:
    CountingWritableFile(std::unique_ptr<rocksdb::FSWritableFile> &&file, std::shared_ptr<Counters> counters)
        : FSWritableFileOwnerWrapper(std::move(file)), counters_(std::move(counters)) {}

    rocksdb::IOStatus Append(const rocksdb::Slice &data, const rocksdb::IOOptions &options,
                             rocksdb::IODebugContext *dbg) override {
        return counted_write(target()->Append(data, options, dbg), *counters_, options, data);
    }

    rocksdb::IOStatus Append(const rocksdb::Slice &data, const rocksdb::IOOptions &options,
                             const rocksdb::DataVerificationInfo &info, rocksdb::IODebugContext *dbg) override {
        return counted_write(target()->Append(data, options, info, dbg), *counters_, options, data);
    }

    rocksdb::IOStatus PositionedAppend(const rocksdb::Slice &data, uint64_t offset, const rocksdb::IOOptions &options,
                                       rocksdb::IODebugContext *dbg) override {
        return counted_write(target()->PositionedAppend(data, offset, options, dbg), *counters_, options, data);
    }

    rocksdb::IOStatus PositionedAppend(const rocksdb::Slice &data, uint64_t offset, const rocksdb::IOOptions &options,
                                       const rocksdb::DataVerificationInfo &info,
                                       rocksdb::IODebugContext *dbg) override {
        return counted_write(target()->PositionedAppend(data, offset, options, info, dbg), *counters_, options, data);
    }

  private:
    std::shared_ptr<Counters> counters_;
};

class CountingFileSystem final : public rocksdb::FileSystemWrapper {
  public:
    CountingFileSystem(const std::shared_ptr<rocksdb::FileSystem> &target, std::shared_ptr<Counters> counters)
        : FileSystemWrapper(target), counters_(std::move(counters)) {}

    static const char *kClassName() { return "PanrocksIOActivityFileSystem"; }
    const char *Name() const override { return kClassName(); }

    rocksdb::IOStatus NewRandomAccessFile(const std::string &f, const rocksdb::FileOptions &options,
                                          std::unique_ptr<rocksdb::FSRandomAccessFile> *r,
                                          rocksdb::IODebugContext *dbg) override {
        rocksdb::IOStatus s = FileSystemWrapper::NewRandomAccessFile(f, options, r, dbg);
        if (s.ok() && *r != nullptr) r->reset(new CountingRandomAccessFile(std::move(*r), counters_));
        return s;
    }

    rocksdb::IOStatus NewSequentialFile(const std::string &f, const rocksdb::FileOptions &options,
                                        std::unique_ptr<rocksdb::FSSequentialFile> *r,
                                        rocksdb::IODebugContext *dbg) override {
        rocksdb::IOStatus s = FileSystemWrapper::NewSequentialFile(f, options, r, dbg);
        if (s.ok() && *r != nullptr) r->reset(new CountingSequentialFile(std::move(*r), counters_));
        return s;
    }

    rocksdb::IOStatus NewWritableFile(const std::string &f, const rocksdb::FileOptions &options,
                                      std::unique_ptr<rocksdb::FSWritableFile> *r,
                                      rocksdb::IODebugContext *dbg) override {
        return writable(FileSystemWrapper::NewWritableFile(f, options, r, dbg), r);
    }

    rocksdb::IOStatus ReopenWritableFile(const std::string &f, const rocksdb::FileOptions &options,
                                         std::unique_ptr<rocksdb::FSWritableFile> *r,
                                         rocksdb::IODebugContext *dbg) override {
        return writable(FileSystemWrapper::ReopenWritableFile(f, options, r, dbg), r);
    }

    rocksdb::IOStatus ReuseWritableFile(const std::string &f, const std::string &old,
                                        const rocksdb::FileOptions &options,
                                        std::unique_ptr<rocksdb::FSWritableFile> *r,
                                        rocksdb::IODebugContext *dbg) override {
        return writable(FileSystemWrapper::ReuseWritableFile(f, old, options, r, dbg), r);
    }

  private:
    rocksdb::IOStatus writable(rocksdb::IOStatus s, std::unique_ptr<rocksdb::FSWritableFile> *r) {
        if (s.ok() && *r != nullptr) r->reset(new CountingWritableFile(std::move(*r), counters_));
        return s;
    }

    std::shared_ptr<Counters> counters_;
};

}  // namespace

#endif  // ROCKSDB_MAJOR >= 9

namespace panrocks {

std::shared_ptr<rocksdb::FileSystem> count_io_activity(panrocks_db *db, std::shared_ptr<rocksdb::FileSystem> fs) {
    db->io_activity = std::make_shared<IOActivityCounters>();
#if ROCKSDB_MAJOR >= 9
    return std::make_shared<CountingFileSystem>(fs, db->io_activity);
#else
    return fs;
#endif
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_io_activity_counters(panrocks_db *db, uint64_t *counters, size_t count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && counters != nullptr);
        if (count != PANROCKS_IO_ACTIVITIES * PANROCKS_IO_COUNTERS) {
            return report(error, PANROCKS_INVALID_ARGUMENT,
                          "panrocks: count must be PANROCKS_IO_ACTIVITIES * PANROCKS_IO_COUNTERS");
        }
#if ROCKSDB_MAJOR < 9
        return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: IO activity tagging needs RocksDB 9 or later");
#else
        if (db->io_activity == nullptr) {
            return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: this DB was not opened with IO counting");
        }
        for (int a = 0; a < PANROCKS_IO_ACTIVITIES; a++) {
            for (int c = 0; c < PANROCKS_IO_COUNTERS; c++) {
                counters[a * PANROCKS_IO_COUNTERS + c] = db->io_activity->values[a][c].load(std::memory_order_relaxed);
            }
        }
        return PANROCKS_OK;
#endif
    });
}

}  // extern "C"
