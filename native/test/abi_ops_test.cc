// The file operations of the C ABI (panrocks_ops.h), called directly:
// checkpoints, live files, SST writer and ingestion, backups, TTL and
// secondary opens. Error paths included; also runs under ASan and UBSan.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::OpenDb;
using panrocks_test::TempDir;

namespace {

void put(panrocks_db *db, const std::string &k, const std::string &v, panrocks_cf *cf = nullptr) {
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(db, cf, 0, k.data(), k.size(), v.data(), v.size(), &err), PANROCKS_OK) << err.message;
}

// The value of k, or "<missing>".
std::string get(panrocks_db *db, const std::string &k, panrocks_cf *cf = nullptr) {
    panrocks_error err{};
    panrocks_pin *pin = nullptr;
    EXPECT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buffer[4096];
    uint64_t size = 0;
    int32_t rc = panrocks_get_copy(db, cf, nullptr, pin, k.data(), k.size(), buffer, sizeof buffer, &size, &err);
    panrocks_pin_destroy(pin);
    if (rc == PANROCKS_NOT_FOUND) return "<missing>";
    EXPECT_EQ(rc, PANROCKS_OK) << err.message;
    return std::string(buffer, std::min<uint64_t>(size, sizeof buffer));
}

panrocks_db *open(const std::string &path, int32_t mode = PANROCKS_OPEN_READ_WRITE, const char *options =
                      "create_if_missing=true", const int32_t *ttls = nullptr, const char *secondary = nullptr) {
    panrocks_open_request req{};
    req.path = path.c_str();
    req.db_options = options;
    req.mode = mode;
    req.ttls = ttls;
    req.secondary_path = secondary;
    panrocks_db *db = nullptr;
    panrocks_error err{};
    int32_t rc = panrocks_open(&req, &db, nullptr, &err);
    EXPECT_EQ(rc, PANROCKS_OK) << err.message;
    return db;
}

void close(panrocks_db *db) {
    panrocks_error err{};
    EXPECT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
}

std::string str(panrocks_slice s) { return std::string(s.data, s.size); }

// Writes keys [from, to) as "k%03d" -> "v%d" into an SST file at path.
void write_sst(const std::string &path, int from, int to) {
    panrocks_error err{};
    panrocks_sst_writer *w = nullptr;
    ASSERT_EQ(panrocks_sst_writer_create(nullptr, nullptr, nullptr, &w, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(panrocks_sst_writer_open(w, path.c_str(), &err), PANROCKS_OK) << err.message;
    for (int i = from; i < to; i++) {
        char k[16];
        std::snprintf(k, sizeof k, "k%03d", i);
        std::string v = "v" + std::to_string(i);
        ASSERT_EQ(panrocks_sst_writer_put(w, k, std::strlen(k), v.data(), v.size(), &err), PANROCKS_OK) << err.message;
    }
    ASSERT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_OK) << err.message;
    panrocks_sst_writer_destroy(w);
}

}  // namespace

TEST(Checkpoint, IsAnOpenableCopyAndRefusesAnExistingDirectory) {
    OpenDb t;
    TempDir out;
    put(t.db, "a", "1");
    panrocks_error err{};
    std::string dir = out.path() + "/cp";
    uint64_t sequence = 0;
    ASSERT_EQ(panrocks_checkpoint_create(t.db, dir.c_str(), 0, &sequence, &err), PANROCKS_OK) << err.message;
    EXPECT_GE(sequence, 1u);
    put(t.db, "a", "2");  // not in the checkpoint
    panrocks_db *copy = open(dir);
    EXPECT_EQ(get(copy, "a"), "1");
    close(copy);

    EXPECT_EQ(panrocks_checkpoint_create(t.db, dir.c_str(), 0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_NE(std::string(err.message).find("exists"), std::string::npos) << err.message;
    EXPECT_EQ(panrocks_checkpoint_create(nullptr, dir.c_str(), 0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_checkpoint_create(t.db, nullptr, 0, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(LiveFiles, ListTheDbsFilesAndWals) {
    OpenDb t;
    panrocks_error err{};
    uint64_t before = 0, after = 0;
    ASSERT_EQ(panrocks_latest_sequence_number(t.db, &before, &err), PANROCKS_OK);
    put(t.db, "a", "1");
    put(t.db, "b", "2");
    ASSERT_EQ(panrocks_latest_sequence_number(t.db, &after, &err), PANROCKS_OK);
    EXPECT_EQ(after, before + 2);

    panrocks_file_list *wals = nullptr;
    ASSERT_EQ(panrocks_get_sorted_wal_files(t.db, &wals, &err), PANROCKS_OK) << err.message;
    ASSERT_GE(panrocks_file_list_count(wals), 1u);
    const panrocks_file_info *wal = panrocks_file_list_get(wals, 0);
    EXPECT_NE(str(wal->name).find(".log"), std::string::npos) << str(wal->name);
    EXPECT_EQ(wal->wal_type, PANROCKS_WAL_ALIVE);
    EXPECT_GT(wal->size, 0u);
    EXPECT_EQ(panrocks_file_list_get(wals, 99), nullptr);
    panrocks_file_list_destroy(wals);

    ASSERT_EQ(panrocks_disable_file_deletions(t.db, &err), PANROCKS_OK);
    panrocks_file_list *live = nullptr;
    uint64_t manifest = 0;
    ASSERT_EQ(panrocks_get_live_files(t.db, 1, &live, &manifest, &err), PANROCKS_OK) << err.message;
    EXPECT_GT(manifest, 0u);
    std::vector<std::string> names;
    for (size_t i = 0; i < panrocks_file_list_count(live); i++) names.push_back(str(panrocks_file_list_get(live, i)->name));
    panrocks_file_list_destroy(live);
    auto has = [&](const std::string &part) {
        return std::any_of(names.begin(), names.end(), [&](const std::string &n) { return n.find(part) != std::string::npos; });
    };
    EXPECT_TRUE(has("/CURRENT"));
    EXPECT_TRUE(has("/MANIFEST-"));
    EXPECT_TRUE(has(".sst"));  // the flush made one
    ASSERT_EQ(panrocks_enable_file_deletions(t.db, 1, &err), PANROCKS_OK);

    panrocks_file_list *metadata = nullptr;
    ASSERT_EQ(panrocks_get_live_files_metadata(t.db, &metadata, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_file_list_count(metadata), 1u);
    const panrocks_file_info *f = panrocks_file_list_get(metadata, 0);
    EXPECT_EQ(str(f->column_family), "default");
    EXPECT_EQ(str(f->smallest_key), "a");
    EXPECT_EQ(str(f->largest_key), "b");
    EXPECT_EQ(f->num_entries, 2u);
    EXPECT_EQ(f->level, 0);
    EXPECT_EQ(str(f->directory), t.path());
    EXPECT_TRUE(std::filesystem::exists(str(f->directory) + str(f->name)));
    panrocks_file_list_destroy(metadata);

    panrocks_file_list_destroy(nullptr);
    EXPECT_EQ(panrocks_file_list_count(nullptr), 0u);
    EXPECT_EQ(panrocks_get_live_files(nullptr, 0, &live, &manifest, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(LiveFiles, ForcedEnableUndoesEveryDisable) {
    OpenDb t;
    panrocks_error err{};
    uint64_t enabled = 9;
    for (int i = 0; i < 3; i++) ASSERT_EQ(panrocks_disable_file_deletions(t.db, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_enable_file_deletions(t.db, 0, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_get_int_property(t.db, nullptr, "rocksdb.is-file-deletions-enabled", &enabled, &err), PANROCKS_OK);
    EXPECT_EQ(enabled, 0u);  // two disables left
    ASSERT_EQ(panrocks_enable_file_deletions(t.db, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_get_int_property(t.db, nullptr, "rocksdb.is-file-deletions-enabled", &enabled, &err), PANROCKS_OK);
    EXPECT_EQ(enabled, 1u);
}

TEST(SstWriter, WritesInKeyOrderAndReportsTheFile) {
    TempDir dir;
    panrocks_error err{};
    panrocks_env_options env;
    panrocks_env_options_init(&env);
    panrocks_cf_descriptor family{};
    family.options = "compression=kNoCompression";
    panrocks_sst_writer *w = nullptr;
    ASSERT_EQ(panrocks_sst_writer_create(&env, "", &family, &w, &err), PANROCKS_OK) << err.message;
    // nothing open yet
    EXPECT_NE(panrocks_sst_writer_put(w, "a", 1, "1", 1, &err), PANROCKS_OK);
    std::string path = dir.path() + "/one.sst";
    ASSERT_EQ(panrocks_sst_writer_open(w, path.c_str(), &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_INVALID_ARGUMENT);  // no entries
    ASSERT_EQ(panrocks_sst_writer_put(w, "b", 1, "2", 1, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_sst_writer_put(w, "a", 1, "1", 1, &err), PANROCKS_INVALID_ARGUMENT);  // out of order
    EXPECT_NE(std::string(err.message).find("order"), std::string::npos) << err.message;
    EXPECT_EQ(panrocks_sst_writer_put(w, "b", 1, "1", 1, &err), PANROCKS_INVALID_ARGUMENT);  // not strictly
    ASSERT_EQ(panrocks_sst_writer_merge(w, "c", 1, "3", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_delete(w, "d", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_delete_range(w, "x", 1, "z", 1, &err), PANROCKS_OK);
    uint64_t size = 0;
    ASSERT_EQ(panrocks_sst_writer_file_size(w, &size, &err), PANROCKS_OK);
    panrocks_sst_file_info info{};
    ASSERT_EQ(panrocks_sst_writer_finish(w, &info, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(str(info.file_path), path);
    EXPECT_EQ(str(info.smallest_key), "b");
    EXPECT_EQ(str(info.largest_key), "d");
    EXPECT_EQ(str(info.smallest_range_del_key), "x");
    EXPECT_EQ(str(info.largest_range_del_key), "z");
    EXPECT_EQ(info.num_entries, 3u);
    EXPECT_EQ(info.num_range_del_entries, 1u);
    EXPECT_EQ(info.file_size, std::filesystem::file_size(path));
    EXPECT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_INVALID_ARGUMENT);  // finished
    // the writer takes another file
    std::string second = dir.path() + "/two.sst";
    ASSERT_EQ(panrocks_sst_writer_open(w, second.c_str(), &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_put(w, "a", 1, "1", 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_sst_writer_finish(w, nullptr, &err), PANROCKS_OK);
    panrocks_sst_writer_destroy(w);
    panrocks_sst_writer_destroy(nullptr);

    EXPECT_EQ(panrocks_sst_writer_create(nullptr, "no_such_option=1", nullptr, &w, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_sst_writer_put(nullptr, "a", 1, "1", 1, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(Ingest, AddsFilesAtomicallyAndKeepsRocksDbsRules) {
    OpenDb t;
    TempDir dir;
    panrocks_error err{};
    panrocks_ingest_options options;
    panrocks_ingest_options_init(&options);
    EXPECT_EQ(options.snapshot_consistency, 1);
    EXPECT_EQ(options.allow_global_seqno, 1);

    std::string a = dir.path() + "/a.sst", b = dir.path() + "/b.sst";
    write_sst(a, 0, 50);
    write_sst(b, 50, 100);
    const char *both[] = {a.c_str(), b.c_str()};
    ASSERT_EQ(panrocks_ingest_external_files(t.db, nullptr, both, 2, &options, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(get(t.db, "k000"), "v0");
    EXPECT_EQ(get(t.db, "k099"), "v99");
    EXPECT_TRUE(std::filesystem::exists(a));  // copied, not moved

    // overlapping the DB's data needs a global sequence number
    std::string c = dir.path() + "/c.sst";
    write_sst(c, 10, 20);
    const char *one[] = {c.c_str()};
    options.allow_global_seqno = 0;
    EXPECT_EQ(panrocks_ingest_external_files(t.db, nullptr, one, 1, &options, &err), PANROCKS_INVALID_ARGUMENT)
        << err.message;
    options.allow_global_seqno = 1;
    options.move_files = 1;
    ASSERT_EQ(panrocks_ingest_external_files(t.db, nullptr, one, 1, &options, &err), PANROCKS_OK) << err.message;
    EXPECT_FALSE(std::filesystem::exists(c));  // moved (hard-linked, the original removed)

    const char *missing[] = {"/no/such/file.sst"};
    EXPECT_NE(panrocks_ingest_external_files(t.db, nullptr, missing, 1, nullptr, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_ingest_external_files(t.db, nullptr, nullptr, 1, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    const char *null_path[] = {nullptr};
    EXPECT_EQ(panrocks_ingest_external_files(t.db, nullptr, null_path, 1, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(Backup, CreateListVerifyRestorePurgeDelete) {
    TempDir dir;
    std::string db_path = dir.path() + "/db", backups = dir.path() + "/backups";
    panrocks_db *db = open(db_path);
    put(db, "a", "1");
    panrocks_error err{};
    panrocks_backup_engine_options o;
    panrocks_backup_engine_options_init(&o);
    EXPECT_EQ(o.backup_dir, nullptr);
    EXPECT_EQ(o.share_table_files, 1);
    EXPECT_EQ(panrocks_backup_engine_open(&o, nullptr, &err), PANROCKS_INVALID_ARGUMENT);  // no dir
    o.backup_dir = backups.c_str();
    panrocks_backup_engine *engine = nullptr;
    ASSERT_EQ(panrocks_backup_engine_open(&o, &engine, &err), PANROCKS_OK) << err.message;

    uint32_t first = 0, second = 0;
    ASSERT_EQ(panrocks_backup_engine_create(engine, db, 1, "one", 3, &first, &err), PANROCKS_OK) << err.message;
    put(db, "a", "2");
    const char binary[] = {'x', '\0', 'y'};
    ASSERT_EQ(panrocks_backup_engine_create(engine, db, 0, binary, 3, &second, &err), PANROCKS_OK) << err.message;
    EXPECT_GT(second, first);

    panrocks_backup_list *list = nullptr;
    ASSERT_EQ(panrocks_backup_engine_info(engine, &list, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_list_count(list), 2u);
    const panrocks_backup_info *i0 = panrocks_backup_list_get(list, 0), *i1 = panrocks_backup_list_get(list, 1);
    EXPECT_EQ(i0->backup_id, first);
    EXPECT_EQ(str(i0->app_metadata), "one");
    EXPECT_EQ(str(i1->app_metadata), std::string(binary, 3));
    EXPECT_GT(i0->size, 0u);
    EXPECT_GT(i0->number_files, 0u);
    EXPECT_GT(i0->timestamp, 1600000000);
    EXPECT_EQ(panrocks_backup_list_corrupted_count(list), 0u);
    EXPECT_EQ(panrocks_backup_list_get(list, 2), nullptr);
    panrocks_backup_list_destroy(list);

    EXPECT_EQ(panrocks_backup_engine_verify(engine, first, 1, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(panrocks_backup_engine_verify(engine, 999, 0, &err), PANROCKS_NOT_FOUND);

    std::string restored = dir.path() + "/restored";
    ASSERT_EQ(panrocks_backup_engine_restore(engine, 0, first, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_OK) << err.message;
    panrocks_db *r = open(restored);
    EXPECT_EQ(get(r, "a"), "1");
    close(r);
    ASSERT_EQ(panrocks_backup_engine_restore(engine, 1, 0, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_OK) << err.message;
    r = open(restored);
    EXPECT_EQ(get(r, "a"), "2");  // the latest backup copied the WAL
    close(r);

    ASSERT_EQ(panrocks_backup_engine_purge_old(engine, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_engine_info(engine, &list, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_list_count(list), 1u);
    EXPECT_EQ(panrocks_backup_list_get(list, 0)->backup_id, second);
    panrocks_backup_list_destroy(list);
    ASSERT_EQ(panrocks_backup_engine_delete(engine, second, &err), PANROCKS_OK);
    EXPECT_NE(panrocks_backup_engine_delete(engine, second, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_backup_engine_garbage_collect(engine, &err), PANROCKS_OK);
    EXPECT_NE(panrocks_backup_engine_restore(engine, 1, 0, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_OK);  // nothing left

    panrocks_backup_engine_stop(engine);  // nothing running: harmless
    panrocks_backup_engine_destroy(engine);
    panrocks_backup_engine_destroy(nullptr);
    panrocks_backup_list_destroy(nullptr);
    close(db);
}

TEST(Backup, ACorruptedFileFailsVerificationAndRestore) {
    TempDir dir;
    std::string db_path = dir.path() + "/db", backups = dir.path() + "/backups";
    panrocks_db *db = open(db_path);
    for (int i = 0; i < 200; i++) put(db, "key" + std::to_string(i), std::string(100, static_cast<char>('a' + i % 26)));
    panrocks_error err{};
    panrocks_backup_engine_options o;
    panrocks_backup_engine_options_init(&o);
    o.backup_dir = backups.c_str();
    panrocks_backup_engine *engine = nullptr;
    ASSERT_EQ(panrocks_backup_engine_open(&o, &engine, &err), PANROCKS_OK) << err.message;
    uint32_t id = 0;
    ASSERT_EQ(panrocks_backup_engine_create(engine, db, 1, nullptr, 0, &id, &err), PANROCKS_OK) << err.message;
    close(db);

    std::string sst;
    for (auto &e : std::filesystem::recursive_directory_iterator(backups)) {
        if (e.path().extension() == ".sst") sst = e.path().string();
    }
    ASSERT_FALSE(sst.empty());
    {
        std::fstream f(sst, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        char bytes[16];
        f.read(bytes, sizeof bytes);
        for (char &b : bytes) b ^= 0x5A;
        f.seekp(100);
        f.write(bytes, sizeof bytes);
    }
    EXPECT_EQ(panrocks_backup_engine_verify(engine, id, 0, &err), PANROCKS_OK);  // sizes still match
    EXPECT_EQ(panrocks_backup_engine_verify(engine, id, 1, &err), PANROCKS_CORRUPTION) << err.message;
    std::string restored = dir.path() + "/restored";
    EXPECT_EQ(panrocks_backup_engine_restore(engine, 1, 0, restored.c_str(), restored.c_str(), 0, &err),
              PANROCKS_CORRUPTION) << err.message;
    panrocks_backup_engine_destroy(engine);
}

TEST(Ttl, EntriesExpireAtCompactionAndReadsStripTheTimestamp) {
    TempDir dir;
    int32_t ttls[] = {1};
    panrocks_db *db = open(dir.path(), PANROCKS_OPEN_TTL, "create_if_missing=true", ttls);
    ASSERT_NE(db, nullptr);
    put(db, "a", "value");
    EXPECT_EQ(get(db, "a"), "value");  // no timestamp bytes
    // the batched read strips them too
    panrocks_error err{};
    panrocks_multiget *scratch = nullptr;
    ASSERT_EQ(panrocks_multiget_create(&scratch, &err), PANROCKS_OK);
    panrocks_slice keys[] = {{"a", 1}, {"b", 1}};
    panrocks_multiget_entry entries[2];
    char buffer[64];
    ASSERT_EQ(panrocks_multi_get(db, nullptr, nullptr, scratch, 2, keys, PANROCKS_MULTIGET_COPY, buffer, sizeof buffer,
                                 entries, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(entries[0].data, entries[0].size), "value");
    EXPECT_EQ(entries[1].status, PANROCKS_NOT_FOUND);
    panrocks_multiget_destroy(scratch);

    panrocks_cf_descriptor d{};
    d.name = "short";
    panrocks_cf *cf = nullptr;
    ASSERT_EQ(panrocks_create_column_family_with_ttl(db, &d, 1, &cf, &err), PANROCKS_OK) << err.message;
    put(db, "b", "x", cf);
    std::this_thread::sleep_for(std::chrono::milliseconds(2100));
    EXPECT_EQ(get(db, "a"), "value");  // expired, but still there until a compaction
    panrocks_slice none{nullptr, 0};
    ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_compact_range(db, nullptr, none, none, &err), PANROCKS_OK);
    EXPECT_EQ(get(db, "a"), "<missing>");
    ASSERT_EQ(panrocks_flush(db, cf, 1, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_compact_range(db, cf, none, none, &err), PANROCKS_OK);
    EXPECT_EQ(get(db, "b", cf), "<missing>");
    close(db);

    OpenDb plain;
    EXPECT_EQ(panrocks_create_column_family_with_ttl(plain.db, &d, 1, &cf, &err), PANROCKS_NOT_SUPPORTED);
}

// DBWithTTL's own iterator strips 4 bytes from every value without looking:
// a value shorter than its timestamp (written before the DB had a TTL) came
// out with a size of 2^64 - 3. Every iterator path stops on it with the
// Corruption a point read returns (under ASan: no read out of bounds).
TEST(Ttl, IteratorsStopWithCorruptionOnValuesWithoutATimestamp) {
    TempDir dir;
    panrocks_db *plain = open(dir.path());
    ASSERT_NE(plain, nullptr);
    put(plain, "a", "xy");                              // shorter than a timestamp
    put(plain, "c", std::string("old\0\0\0\0", 7));   // a timestamp of 0: before TTLs existed
    close(plain);
    int32_t ttls[] = {0};
    panrocks_db *db = open(dir.path(), PANROCKS_OPEN_TTL, "", ttls);
    ASSERT_NE(db, nullptr);
    put(db, "b", "fine");
    put(db, "d", "fine too");
    panrocks_error err{};
    for (int round = 0; round < 2; round++) {  // memtable, then an SST file
        char buffer[64];
        uint64_t size = 0;
        panrocks_pin *pin = nullptr;
        ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
        EXPECT_EQ(panrocks_get_copy(db, nullptr, nullptr, pin, "a", 1, buffer, sizeof buffer, &size, &err),
                  PANROCKS_CORRUPTION);
        panrocks_pin_destroy(pin);

        panrocks_iterator *it = nullptr;
        ASSERT_EQ(panrocks_iterator_create(db, nullptr, nullptr, &it, &err), PANROCKS_OK);
        panrocks_iter_entry e{};
        ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
        EXPECT_EQ(e.valid, 0);
        EXPECT_EQ(panrocks_iterator_status(it, &err), PANROCKS_CORRUPTION);
        EXPECT_NE(std::string(err.message).find("less than timestamp"), std::string::npos) << err.message;
        ASSERT_EQ(panrocks_iterator_seek(it, "b", 1, &e, &err), PANROCKS_OK);
        ASSERT_EQ(e.valid, 1);
        EXPECT_EQ(std::string(e.value, e.value_size), "fine");
        ASSERT_EQ(panrocks_iterator_next(it, &e, &err), PANROCKS_OK);
        EXPECT_EQ(e.valid, 0);
        EXPECT_EQ(panrocks_iterator_status(it, &err), PANROCKS_CORRUPTION);
        EXPECT_NE(std::string(err.message).find("Timestamp"), std::string::npos) << err.message;
        ASSERT_EQ(panrocks_iterator_seek_to_last(it, &e, &err), PANROCKS_OK);
        ASSERT_EQ(e.valid, 1);
        EXPECT_EQ(std::string(e.value, e.value_size), "fine too");

        // the bulk walk and the collecting walk report it as their failure
        panrocks_iter_entry entries[8];
        char walk[1024];
        size_t count = 0;
        ASSERT_EQ(panrocks_iterator_seek(it, "b", 1, &e, &err), PANROCKS_OK);
        EXPECT_EQ(panrocks_iterator_next_batch(it, PANROCKS_FORWARD, 0, 8, 512, walk, sizeof walk, entries, &count,
                                               &err),
                  PANROCKS_CORRUPTION);
        EXPECT_EQ(count, 1u);
        ASSERT_EQ(panrocks_iterator_seek_to_first(it, &e, &err), PANROCKS_OK);
        panrocks_collect_result result{};
        EXPECT_EQ(panrocks_iterator_collect(it, 8, 1 << 20, 1, 0, walk, sizeof walk, entries, &result, &err),
                  PANROCKS_CORRUPTION);
        EXPECT_EQ(result.count, 0u);
        panrocks_iterator_destroy(it);
        panrocks_slice none{nullptr, 0};
        ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        ASSERT_EQ(panrocks_compact_range(db, nullptr, none, none, &err), PANROCKS_OK) << err.message;
    }
    close(db);
}

TEST(Secondary, FollowsItsPrimary) {
    TempDir dir, secondary;
    std::string primary_path = dir.path();
    panrocks_db *primary = open(primary_path);
    put(primary, "a", "1");
    panrocks_db *follower =
        open(primary_path, PANROCKS_OPEN_SECONDARY, "max_open_files=-1", nullptr, secondary.path().c_str());
    ASSERT_NE(follower, nullptr);
    EXPECT_EQ(get(follower, "a"), "1");
    put(primary, "b", "2");
    EXPECT_EQ(get(follower, "b"), "<missing>");
    panrocks_error err{};
    ASSERT_EQ(panrocks_try_catch_up_with_primary(follower, &err), PANROCKS_OK) << err.message;
    EXPECT_EQ(get(follower, "b"), "2");
    EXPECT_NE(panrocks_put(follower, nullptr, 0, "c", 1, "3", 1, &err), PANROCKS_OK);  // read-only
    // RocksDB's secondary would write the primary's MANIFEST here: refused
    panrocks_cf_descriptor d{};
    d.name = "new";
    panrocks_cf *cf = nullptr;
    EXPECT_EQ(panrocks_create_column_family(follower, &d, &cf, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(panrocks_drop_column_family(follower, panrocks_default_cf(follower), &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(panrocks_try_catch_up_with_primary(primary, &err), PANROCKS_NOT_SUPPORTED);
    close(follower);
    close(primary);

    panrocks_open_request req{};
    req.path = primary_path.c_str();
    req.mode = PANROCKS_OPEN_SECONDARY;  // no secondary_path
    panrocks_db *db = nullptr;
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
    req.mode = 99;
    EXPECT_EQ(panrocks_open(&req, &db, nullptr, &err), PANROCKS_INVALID_ARGUMENT);
}

TEST(ReadOnly, RefusesColumnFamilyChangesRocksDbWouldWriteToTheManifest) {
    TempDir dir;
    panrocks_db *primary = open(dir.path());
    put(primary, "a", "1");
    panrocks_db *reader = open(dir.path(), PANROCKS_OPEN_READ_ONLY, "");
    ASSERT_NE(reader, nullptr);
    EXPECT_EQ(get(reader, "a"), "1");
    panrocks_error err{};
    panrocks_cf_descriptor d{};
    d.name = "new";
    panrocks_cf *cf = nullptr;
    EXPECT_EQ(panrocks_create_column_family(reader, &d, &cf, &err), PANROCKS_NOT_SUPPORTED);
    EXPECT_EQ(panrocks_drop_column_family(reader, panrocks_default_cf(reader), &err), PANROCKS_NOT_SUPPORTED);
    close(reader);
    // the primary's families are what they were
    ASSERT_EQ(panrocks_create_column_family(primary, &d, &cf, &err), PANROCKS_OK) << err.message;
    close(primary);
}
