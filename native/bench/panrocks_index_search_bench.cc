// panrocks_index_search_bench: the native floor of jmh/'s IndexSearchBenchmark.
//
// Point gets from one compacted SST file under each index_block_search_type
// (kBinary, kAuto with uniform_cv_threshold 0.2, kInterpolation), on uniform
// and on skewed 8-byte big-endian keys, straight on the engine. The keys,
// values and options are the Java benchmark's (IndexSearchKeys.java), so the
// two read the same file. One JSON line per point:
//   {"keys":"uniform","search":"kAuto","keyCount":1000000,"opsPerSec":...,"iterations":[...]}
// Run it several times (the JMH side runs 2 forks) and pool the iterations;
// scripts/bench-index-search.sh does both.

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/slice.h>
#include <rocksdb/table.h>
#include <rocksdb/version.h>

#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kValueSize = 16;

// The same generator as IndexSearchKeys.splitmix64 (Java's long arithmetic wraps as uint64_t does).
uint64_t splitmix64(uint64_t x) {
    uint64_t z = x + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// IndexSearchKeys.generate: uniform draws, or log-uniform ones; sorted, deduplicated.
std::vector<uint64_t> generate(const std::string &distribution, size_t count) {
    std::vector<uint64_t> k(count);
    for (size_t i = 0; i < count; ++i) {
        uint64_t r = splitmix64(42ull * 0x9E3779B97F4A7C15ull + i);
        if (distribution == "uniform") {
            k[i] = r;
        } else if (distribution == "skewed") {
            unsigned bits = static_cast<unsigned>((r >> 58) % 63) + 1;
            k[i] = (uint64_t{1} << (bits - 1)) | (r & ((uint64_t{1} << (bits - 1)) - 1));
        } else {
            throw std::invalid_argument("distribution " + distribution);
        }
    }
    std::sort(k.begin(), k.end());
    k.erase(std::unique(k.begin(), k.end()), k.end());
    return k;
}

std::string bigEndian(uint64_t v) {
    std::string s(8, '\0');
    for (int i = 0; i < 8; ++i) s[i] = static_cast<char>(v >> (56 - 8 * i));
    return s;
}

void check(const rocksdb::Status &s, const char *what) {
    if (!s.ok()) throw std::runtime_error(std::string(what) + ": " + s.ToString());
}

// One measured get (the Java get(key, byte[] value): pinned Get, value copied into the caller's buffer).
// Never inlined, so that callgrind can count the instructions below it alone
// (scripts/bench.sh compression-search: --toggle-collect on it, the count
// divided by the "measuredGets" the program prints): the gets of loading and
// warming never pass through it.
__attribute__((noinline)) void measuredGet(rocksdb::DB *db, const rocksdb::ReadOptions &read, const std::string &key,
                                           rocksdb::PinnableSlice *pinned, char *buffer);

// Keeps the compiler from dropping a read whose result is otherwise unused (JMH's Blackhole).
inline void escape(const void *p) { asm volatile("" : : "g"(p) : "memory"); }

// The Java benchmark's Rng (xorshift64*, stream 0).
struct Rng {
    uint64_t state = 0x9E3779B97F4A7C15ull;
    uint32_t below(uint32_t bound) {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        uint64_t r = state * 0x2545F4914F6CDD1Dull;
        return static_cast<uint32_t>(((r >> 32) * bound) >> 32);
    }
};

void measuredGet(rocksdb::DB *db, const rocksdb::ReadOptions &read, const std::string &key,
                 rocksdb::PinnableSlice *pinned, char *buffer) {
    check(db->Get(read, db->DefaultColumnFamily(), key, pinned), "Get");
    std::memcpy(buffer, pinned->data(), pinned->size());
    escape(buffer);
    pinned->Reset();
}

double tQuantile999(int df) {
    static const double kTable[] = {636.6192, 31.5991, 12.9240, 8.6103, 6.8688, 5.9588, 5.4079, 5.0413, 4.7809, 4.5869,
                                    4.4370, 4.3178, 4.2208, 4.1405, 4.0728, 4.0150, 3.9651, 3.9216, 3.8834, 3.8495};
    return df <= 20 ? kTable[df - 1] : 3.85;
}

struct Args {
    size_t keyCount = 1000000;
    int warmupMs = 3000;
    int measureMs = 1000;
    int iterations = 6;
    std::vector<std::string> keys{"uniform", "skewed"};
    std::vector<std::string> searches{"kBinary", "kAuto", "kInterpolation"};
    std::string tmpDir;
};

rocksdb::BlockBasedTableOptions::BlockSearchType searchType(const std::string &name) {
    if (name == "kBinary") return rocksdb::BlockBasedTableOptions::kBinary;
    if (name == "kAuto") return rocksdb::BlockBasedTableOptions::kAuto;
    if (name == "kInterpolation") return rocksdb::BlockBasedTableOptions::kInterpolation;
    throw std::invalid_argument("search " + name);
}

std::vector<std::string> split(const std::string &s) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        size_t comma = s.find(',', start);
        out.push_back(s.substr(start, comma - start));
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

void runPoint(const Args &a, const std::string &dist, const std::string &search) {
    std::vector<uint64_t> sorted = generate(dist, a.keyCount);
    std::vector<std::string> keys;
    keys.reserve(sorted.size());
    for (uint64_t v : sorted) keys.push_back(bigEndian(v));

    std::string base = (a.tmpDir.empty() ? std::filesystem::temp_directory_path().string() : a.tmpDir) +
                       "/panrocks-index-search-XXXXXX";
    std::vector<char> tmpl(base.begin(), base.end());
    tmpl.push_back('\0');
    if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    std::string dir(tmpl.data());

  // The Java side's options (IndexSearchBenchmark.Db.open).
    rocksdb::Options options;
    options.create_if_missing = true;
    options.compression = rocksdb::kNoCompression;
    options.bottommost_compression = rocksdb::kNoCompression;
    options.compression_per_level.assign(7, rocksdb::kNoCompression);
    options.target_file_size_base = uint64_t{1} << 30;
    rocksdb::BlockBasedTableOptions table;
    table.block_cache = rocksdb::NewLRUCache(size_t{1} << 30);
    table.uniform_cv_threshold = 0.2;
    table.index_block_search_type = searchType(search);
    options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));

    std::unique_ptr<rocksdb::DB> db;
    check(rocksdb::DB::Open(options, dir + "/db", &db), "Open");
    rocksdb::WriteOptions write;
    std::string value(kValueSize, '\0');
    for (const std::string &k : keys) {
        value.replace(0, 8, k);
        value.replace(8, 8, k);
        check(db->Put(write, k, value), "Put");
    }
    check(db->Flush(rocksdb::FlushOptions()), "Flush");
    check(db->CompactRange(rocksdb::CompactRangeOptions(), nullptr, nullptr), "CompactRange");
    std::vector<rocksdb::LiveFileMetaData> files;
    db->GetLiveFilesMetaData(&files);
    if (files.size() != 1) throw std::runtime_error("expected one SST file, got " + std::to_string(files.size()));

    rocksdb::ReadOptions read;
    rocksdb::PinnableSlice pinned;
    char buffer[kValueSize];
    for (const std::string &k : keys) {  // every key once: blocks cached, answers checked
        check(db->Get(read, db->DefaultColumnFamily(), k, &pinned), "Get");
        if (pinned.size() != kValueSize || std::memcmp(pinned.data(), k.data(), 8) != 0) {
            throw std::runtime_error("wrong value under " + search);
        }
        pinned.Reset();
    }

    Rng rng;
    const uint32_t n = static_cast<uint32_t>(keys.size());
    uint64_t measured = 0;  // every call of measuredGet, warmup included: callgrind's count is divided by it
    auto phase = [&](int ms) {
        uint64_t count = 0;
        const Clock::time_point start = Clock::now();
        const Clock::time_point end = start + std::chrono::milliseconds(ms);
        Clock::time_point now;
        do {
            for (int i = 0; i < 256; ++i) {  // the clock read amortised over 256 gets
                measuredGet(db.get(), read, keys[rng.below(n)], &pinned, buffer);
            }
            count += 256;
            measured += 256;
            now = Clock::now();
        } while (now < end);
        return static_cast<double>(count) / std::chrono::duration<double>(now - start).count();
    };
    phase(a.warmupMs);
    std::vector<double> its;
    for (int i = 0; i < a.iterations; ++i) its.push_back(phase(a.measureMs));
    db.reset();
    std::filesystem::remove_all(dir);

    double mean = 0;
    for (double x : its) mean += x;
    mean /= its.size();
    double sq = 0;
    for (double x : its) sq += (x - mean) * (x - mean);
    double error = its.size() > 1 ? tQuantile999(static_cast<int>(its.size()) - 1) * std::sqrt(sq / (its.size() - 1)) /
                                        std::sqrt(static_cast<double>(its.size()))
                                  : 0;
    std::printf(
        "{\"keys\":\"%s\",\"search\":\"%s\",\"keyCount\":%zu,\"distinctKeys\":%zu,\"opsPerSec\":%.1f,"
        "\"error\":%.1f,\"iterations\":[",
        dist.c_str(), search.c_str(), a.keyCount, keys.size(), mean, error);
    for (size_t i = 0; i < its.size(); ++i) std::printf("%s%.1f", i ? "," : "", its[i]);
    std::printf("],\"measuredGets\":%llu,\"engine\":\"%d.%d.%d\"}\n", static_cast<unsigned long long>(measured),
                ROCKSDB_MAJOR, ROCKSDB_MINOR, ROCKSDB_PATCH);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char **argv) {
    Args a;
    try {
        for (int i = 1; i < argc; ++i) {
            std::string f = argv[i];
            if (f == "-h" || f == "--help") {
                std::puts(
                    "panrocks_index_search_bench [--key-count N] [--keys uniform,skewed] "
                    "[--search kBinary,kAuto,kInterpolation] [--warmup-ms MS] [--measure-ms MS] "
                    "[--iterations N] [--tmp-dir DIR]");
                return 0;
            }
            if (i + 1 >= argc) throw std::invalid_argument(f + " needs a value");
            std::string v = argv[++i];
            if (f == "--key-count") a.keyCount = std::stoul(v);
            else if (f == "--keys") a.keys = split(v);
            else if (f == "--search") a.searches = split(v);
            else if (f == "--warmup-ms") a.warmupMs = std::stoi(v);
            else if (f == "--measure-ms") a.measureMs = std::stoi(v);
            else if (f == "--iterations") a.iterations = std::stoi(v);
            else if (f == "--tmp-dir") a.tmpDir = v;
            else throw std::invalid_argument("unknown flag " + f);
        }
        if (a.keyCount < 2 || a.iterations < 1 || a.measureMs < 1 || a.warmupMs < 0) {
            throw std::invalid_argument("key count >= 2, iterations >= 1, measure-ms >= 1, warmup-ms >= 0");
        }
        for (const std::string &k : a.keys)
            for (const std::string &s : a.searches) runPoint(a, k, s);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "panrocks_index_search_bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
