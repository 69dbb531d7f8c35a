// The mixed load of io.panrocks.jmh.MixedLoad straight on an engine build, no
// binding: 200,000 records of 100 B (16 B keys), zipfian keys, flushed into
// the block cache or all in a 256 MiB memtable; a reader alone, a reader beside
// an updater (get, bump, put), or two threads each reading and updating.
// Per thread: operations and CPU time (CLOCK_THREAD_CPUTIME_ID) over the
// measured seconds, after a warm-up.
#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <time.h>
#include <vector>

static const int N = 200000, KEY = 16, VALUE = 100, SAMPLES = 1 << 20;
static std::atomic<int> phase{0};  // 0 warm-up, 1 measure, 2 stop
static double pace = 0;  // mode paced: updates per second of the updater

static std::string key(int i) {
    char b[32];
    snprintf(b, sizeof b, "%016d", i);
    return std::string(b, KEY);
}

// YCSB's zipfian (theta 0.99) with scrambled ranks, as MixedLoad.zipfian
static std::vector<int> zipfian(uint64_t seed) {
    double theta = 0.99, zetan = 0, zeta2 = 1 + std::pow(0.5, theta);
    for (int i = 1; i <= N; i++) zetan += 1 / std::pow(i, theta);
    double alpha = 1 / (1 - theta), eta = (1 - std::pow(2.0 / N, 1 - theta)) / (1 - zeta2 / zetan);
    std::vector<int> out(SAMPLES);
    uint64_t s = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (int i = 0; i < SAMPLES; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        double u = (s >> 11) * (1.0 / 9007199254740992.0), uz = u * zetan;
        long rank = uz < 1 ? 0 : uz < 1 + std::pow(0.5, theta) ? 1 : (long)(N * std::pow(eta * u - eta + 1, alpha));
        out[i] = (int)(((uint64_t)rank * 0x9E3779B97F4A7C15ULL >> 17) % N);
    }
    return out;
}

static double wall_ns() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static double cpu_ns() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

struct Result {
    long reads = 0, updates = 0;
    double cpu = 0;
};

static void run(rocksdb::DB *db, const std::vector<std::string> *keys, bool reads, bool updates, int seed,
                Result *r) {
    std::vector<int> order = zipfian(seed);
    rocksdb::ReadOptions ro;
    rocksdb::WriteOptions wo;
    rocksdb::PinnableSlice v;
    std::string value;
    size_t next = 0;
    long nr = 0, nu = 0;
    double start = 0;
    bool measuring = false;
    double paced_start = wall_ns();
    long paced = 0;
    for (;;) {
        int p = phase.load(std::memory_order_relaxed);
        if (p == 2) break;
        if (p == 1 && !measuring) {
            measuring = true;
            nr = nu = 0;
            start = cpu_ns();
        }
        if (reads) {
            const std::string &k = (*keys)[order[next++ & (SAMPLES - 1)]];
            v.Reset();
            if (!db->Get(ro, db->DefaultColumnFamily(), k, &v).ok()) abort();
            value.assign(v.data(), v.size());  // the copy a binding hands out
            nr++;
        }
        if (updates) {
            const std::string &k = (*keys)[order[next++ & (SAMPLES - 1)]];
            v.Reset();
            if (!db->Get(ro, db->DefaultColumnFamily(), k, &v).ok()) abort();
            value.assign(v.data(), v.size());
            v.Reset();
            uint64_t c = 0;
            for (int i = 0; i < 8; i++) c = c << 8 | (uint8_t)value[i];
            c++;
            for (int i = 7; i >= 0; i--) { value[i] = (char)c; c >>= 8; }
            if (!db->Put(wo, k, value).ok()) abort();
            nu++;
            if (pace > 0 && (++paced & 15) == 0) {
                double ahead = paced_start + paced * 1e9 / pace - wall_ns();
                if (ahead > 0) {
                    timespec t{0, (long)ahead};
                    nanosleep(&t, nullptr);
                }
            }
        }
    }
    r->cpu = cpu_ns() - start;
    r->reads = nr;
    r->updates = nu;
}

int main(int argc, char **argv) {
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: mixed_floor DIR flushed|memtable read|mixed|both|paced WARMUP_S MEASURE_S [UPDATES_PER_S]\n");
        return 2;
    }
    std::string dir = argv[1], dataset = argv[2], mode = argv[3];
    int warm = atoi(argv[4]), measure = atoi(argv[5]);
    if (argc == 7) pace = atof(argv[6]);
    rocksdb::Options o;
    o.create_if_missing = true;
    rocksdb::BlockBasedTableOptions t;
    t.block_cache = rocksdb::NewLRUCache(64 << 20);
    o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
    o.write_buffer_size = dataset == "memtable" ? 256 << 20 : 64 << 20;
    std::unique_ptr<rocksdb::DB> db;
    if (!rocksdb::DB::Open(o, dir, &db).ok()) abort();
    std::vector<std::string> keys;
    for (int i = 0; i < N; i++) {
        keys.push_back(key(i));
        std::string v(VALUE, 0);
        int s = (i * 31) & 0xff;
        for (int j = 0; j < VALUE; j++) v[j] = (char)(s + j);
        if (!db->Put(rocksdb::WriteOptions(), keys.back(), v).ok()) abort();
    }
    if (dataset == "flushed") {
        db->Flush(rocksdb::FlushOptions());
        db->CompactRange(rocksdb::CompactRangeOptions(), nullptr, nullptr);
    }
    std::vector<Result> res(2);
    std::vector<std::thread> th;
    if (mode == "read") th.emplace_back(run, db.get(), &keys, true, false, 1, &res[0]);
    if (mode == "mixed" || mode == "paced") {
        th.emplace_back(run, db.get(), &keys, true, false, 1, &res[0]);
        th.emplace_back(run, db.get(), &keys, false, true, 2, &res[1]);
    }
    if (mode == "both") {
        th.emplace_back(run, db.get(), &keys, true, true, 1, &res[0]);
        th.emplace_back(run, db.get(), &keys, true, true, 2, &res[1]);
    }
    std::this_thread::sleep_for(std::chrono::seconds(warm));
    phase = 1;
    std::this_thread::sleep_for(std::chrono::seconds(measure));
    phase = 2;
    for (auto &x : th) x.join();
    std::string mem;
    db->GetProperty("rocksdb.num-entries-active-mem-table", &mem);
    for (size_t i = 0; i < th.size(); i++) {
        const Result &r = res[i];
        long ops = mode == "both" ? r.reads : r.reads + r.updates;  // both: one op = a read and an update
        printf("{\"dataset\":\"%s\",\"mode\":\"%s\",\"thread\":%zu,\"reads\":%ld,\"updates\":%ld,\"cpuNsPerOp\":%.1f,"
               "\"wallNsPerOp\":%.1f,\"memtableEntries\":%s}\n",
               dataset.c_str(), mode.c_str(), i, r.reads, r.updates, r.cpu / ops, measure * 1e9 / ops, mem.c_str());
    }
    db.reset();
    return 0;
}
