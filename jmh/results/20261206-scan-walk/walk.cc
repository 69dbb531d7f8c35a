// Where a copying bulk walk's time goes against the in-place floor, on the
// static engine: variants of the stub's walk loop, alternated.
#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <time.h>
#include <vector>

struct Entry { const char *key; uint64_t key_size; const char *value; uint64_t value_size; int32_t valid, flags; };
struct Packed { uint32_t key_size, value_size; };

static const int KEYS = 1000, ENTRIES = 1000, BATCH = 256;
static const size_t BUFFER = 128 * 1024;
static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint32_t below(uint32_t n) { rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27; return (uint32_t)((rng * 2685821657736338717ULL) >> 32) % n; }
template <class T> static inline void escape(T v) { asm volatile("" : : "g"(v) : "memory"); }
static double now() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static std::vector<std::string> keys;
static char *buffer; static Entry *entries; static Packed *packed;
static volatile uint64_t sink;

static inline void small_copy(char *d, const char *s, size_t n) {  // n <= 32
    if (n >= 16) { __builtin_memcpy(d, s, 16); __builtin_memcpy(d + n - 16, s + n - 16, 16); }
    else if (n >= 8) { __builtin_memcpy(d, s, 8); __builtin_memcpy(d + n - 8, s + n - 8, 8); }
    else if (n >= 4) { __builtin_memcpy(d, s, 4); __builtin_memcpy(d + n - 4, s + n - 4, 4); }
    else for (size_t i = 0; i < n; i++) d[i] = s[i];
}

static __attribute__((noinline)) size_t walk(rocksdb::Iterator &it, bool step_first, int mode) {
    if (step_first && it.Valid()) it.Next();
    size_t n = 0, used = 0;
    while (n < BATCH && it.Valid()) {
        rocksdb::Slice k = it.key(), v = it.value();
        const size_t need = k.size() + v.size();
        if (mode == 3) {  // packed: sizes only, copies contiguous
            packed[n].key_size = (uint32_t)k.size(); packed[n].value_size = (uint32_t)v.size(); n++;
            std::memcpy(buffer + used, k.data(), k.size());
            std::memcpy(buffer + used + k.size(), v.data(), v.size());
        } else {
            Entry &e = entries[n++];
            e.valid = 1; e.flags = 0;
            if (mode == 1) {  // no copy: in place (diagnostic only)
                e.key = k.data(); e.value = v.data();
            } else {
                if (mode == 2 && k.size() <= 32 && v.size() <= 32) {  // fixed-size inline copies
                    small_copy(buffer + used, k.data(), k.size());
                    small_copy(buffer + used + k.size(), v.data(), v.size());
                    e.key = buffer + used; e.value = buffer + used + k.size();
                    e.key_size = k.size(); e.value_size = v.size();
                    used += need; it.Next(); continue;
                }
                std::memcpy(buffer + used, k.data(), k.size());
                std::memcpy(buffer + used + k.size(), v.data(), v.size());
                e.key = buffer + used; e.value = buffer + used + k.size();
            }
            e.key_size = k.size(); e.value_size = v.size();
        }
        used += need;
        it.Next();
    }
    return n;
}

static void floor_scan(rocksdb::DB *db) {
    std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions()));
    it->Seek(keys[below(KEYS)]);
    for (int n = 0; n < ENTRIES; n++) {
        if (!it->Valid()) it->SeekToFirst();
        rocksdb::Slice k = it->key(), v = it->value();
        escape(k.data()); escape(k.size()); escape(v.data()); escape(v.size());
        sink += (unsigned char)v.data()[v.size() - 1];
        it->Next();
    }
}

static void walk_scan(rocksdb::DB *db, int mode) {
    std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions()));
    it->Seek(keys[below(KEYS)]);
    int seen = 0; bool step = false;
    while (seen < ENTRIES) {
        size_t c = walk(*it, step, mode);
        step = true;
        if (c == 0) { it->SeekToFirst(); step = false; continue; }
        if (mode == 3) {
            size_t at = 0;
            for (size_t i = 0; i < c && seen < ENTRIES; i++, seen++) {
                at += packed[i].key_size + packed[i].value_size;
                sink += (unsigned char)buffer[at - 1];
            }
        } else {
            for (size_t i = 0; i < c && seen < ENTRIES; i++, seen++)
                sink += entries[i].key_size + (unsigned char)entries[i].value[entries[i].value_size - 1];
        }
        // the stub's walk keeps the engine on the last entry only when it is not copied: here all are copied
    }
}

int main(int argc, char **argv) {
    int vsize = argc > 1 ? atoi(argv[1]) : 16, rounds = argc > 2 ? atoi(argv[2]) : 5;
    char dir[] = "/tmp/walkexp-db-XXXXXX"; mkdtemp(dir);
    rocksdb::Options o; o.create_if_missing = true; o.compression = rocksdb::kNoCompression;
    o.bottommost_compression = rocksdb::kNoCompression;
    rocksdb::BlockBasedTableOptions t; t.block_cache = rocksdb::NewLRUCache(1 << 30);
    o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
    std::unique_ptr<rocksdb::DB> dbp; if (!rocksdb::DB::Open(o, dir, &dbp).ok()) return 1; rocksdb::DB *db = dbp.get();
    std::string value(vsize, 'x');
    for (int i = 0; i < KEYS; i++) { char b[32]; snprintf(b, sizeof b, "%016d", i); keys.emplace_back(b, 16);
        for (int j = 0; j < vsize; j++) value[j] = (char)((i * 31 + j) & 0xff); db->Put(rocksdb::WriteOptions(), keys.back(), value); }
    db->Flush(rocksdb::FlushOptions()); db->CompactRange(rocksdb::CompactRangeOptions(), nullptr, nullptr);
    std::string s; for (auto &k : keys) db->Get(rocksdb::ReadOptions(), k, &s);
    buffer = (char *)malloc(BUFFER); entries = (Entry *)malloc(sizeof(Entry) * (BATCH + 1)); packed = (Packed *)malloc(sizeof(Packed) * (BATCH + 1));
    const char *names[] = {"floor", "walk_copy", "walk_inplace", "walk_inline", "walk_packed"};
    double sum[5] = {0}; int cnt[5] = {0};
    for (int r = -1; r < rounds; r++) {
        for (int m0 = 0; m0 < 5; m0++) {
            int m = (r % 2 == 0) ? m0 : 4 - m0;
            long ops = 0; double start = now(), el;
            do { for (int i = 0; i < 50; i++) { if (m == 0) floor_scan(db); else walk_scan(db, m == 1 ? 0 : m == 2 ? 1 : m == 3 ? 2 : 3); } ops += 50; } while ((el = now() - start) < 1.0);
            if (r >= 0) { sum[m] += el / ops * 1e6; cnt[m]++; }
        }
    }
    for (int m = 0; m < 5; m++) printf("%-13s %.1f us/scan  (x floor %.3f)\n", names[m], sum[m] / cnt[m], (sum[0] / cnt[0]) / (sum[m] / cnt[m]));

    return 0;
}
