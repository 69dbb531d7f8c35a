// Callbacks through the C ABI with plain C function pointers (the JVM's
// upcall stubs are such pointers): comparators, merge operators (full,
// associative, partial), compaction filter factories, event listeners,
// their failure paths, and IDs that name nothing. Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::TempDir;

namespace {

std::string id_of(const panrocks_callback *cb) {
    std::string id(panrocks_callback_id(cb, nullptr, 0), '\0');
    panrocks_callback_id(cb, &id[0], id.size());
    return id;
}

struct Db {
    panrocks_db *db = nullptr;
    int32_t rc = 0;
    panrocks_error err{};

    Db(const std::string &path, const std::string &cf_options, const std::string &db_options = "") {
        std::string dbo = "create_if_missing=true" + (db_options.empty() ? "" : ";" + db_options);
        panrocks_cf_descriptor d{};
        d.name = "default";
        d.options = cf_options.c_str();
        panrocks_open_request req{};
        req.path = path.c_str();
        req.db_options = dbo.c_str();
        req.cf_count = 1;
        req.cfs = &d;
        panrocks_cf *handle = nullptr;
        rc = panrocks_open(&req, &db, &handle, &err);
    }
    ~Db() { close(); }
    int32_t close() {
        panrocks_error e{};
        int32_t r = PANROCKS_OK;
        if (db != nullptr) r = panrocks_close(db, &e);
        db = nullptr;
        return r;
    }
    int32_t put(const std::string &k, const std::string &v) {
        return panrocks_put(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err);
    }
    int32_t merge(const std::string &k, const std::string &v) {
        return panrocks_merge(db, nullptr, 0, k.data(), k.size(), v.data(), v.size(), &err);
    }
    // the value, or "<missing>", or "<error N>"
    std::string get(const std::string &k) {
        panrocks_pin *pin = nullptr;
        panrocks_pin_create(&pin, &err);
        char buffer[4096];
        uint64_t size = 0;
        int32_t r = panrocks_get_copy(db, nullptr, nullptr, pin, k.data(), k.size(), buffer, sizeof buffer, &size,
                                      &err);
        panrocks_pin_destroy(pin);
        if (r == PANROCKS_NOT_FOUND) return "<missing>";
        if (r != PANROCKS_OK) return "<error " + std::to_string(r) + ">";
        return std::string(buffer, size);
    }
    void flush_and_compact() {
        ASSERT_EQ(panrocks_flush(db, nullptr, 1, &err), PANROCKS_OK) << err.message;
        ASSERT_EQ(panrocks_compact_range(db, nullptr, panrocks_slice{nullptr, 0}, panrocks_slice{nullptr, 0}, &err),
                  PANROCKS_OK)
            << err.message;
    }
    std::vector<std::string> keys() {
        std::vector<std::string> out;
        panrocks_read_options_spec spec;
        panrocks_read_options_spec_init(&spec);
        panrocks_iterator *it = nullptr;
        EXPECT_EQ(panrocks_iterator_create(db, nullptr, &spec, &it, &err), PANROCKS_OK);
        panrocks_iter_entry e{};
        for (panrocks_iterator_seek_to_first(it, &e, &err); e.valid; panrocks_iterator_next(it, &e, &err)) {
            out.emplace_back(e.key, e.key_size);
        }
        panrocks_iterator_destroy(it);
        return out;
    }
    uint64_t int_property(const char *name) {
        uint64_t v = 0;
        panrocks_get_int_property(db, nullptr, name, &v, &err);
        return v;
    }
};

// ---- a reverse bytewise comparator that fails on the key "boom" ----------------

struct ComparatorState {
    std::atomic<int> compares{0};
    std::atomic<int> separators{0};
    const char *poison = nullptr;
};

int32_t reverse_compare(void *ctx, const char *a, size_t an, const char *b, size_t bn) {
    auto *s = static_cast<ComparatorState *>(ctx);
    s->compares++;
    if (s->poison != nullptr) {
        size_t pn = std::strlen(s->poison);
        if ((an == pn && std::memcmp(a, s->poison, pn) == 0) || (bn == pn && std::memcmp(b, s->poison, pn) == 0)) {
            return PANROCKS_UPCALL_FAILED;
        }
    }
    int c = std::memcmp(a, b, std::min(an, bn));
    if (c == 0) c = an < bn ? -1 : (an > bn ? 1 : 0);
    return -c;
}

// A separator that is deliberately wrong: the engine must ignore it.
int64_t bad_separator(void *ctx, const char *, size_t, const char *, size_t, char *out, size_t capacity) {
    static_cast<ComparatorState *>(ctx)->separators++;
    if (capacity == 0) return -1;
    out[0] = '\x7f';  // not in [start, limit) for most keys
    return 1;
}

panrocks_callback *reverse_comparator(ComparatorState *state, const char *name = "test.Reverse") {
    panrocks_comparator_spec spec{};
    spec.name = name;
    spec.context = state;
    spec.compare = reverse_compare;
    spec.shortest_separator = bad_separator;
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_comparator_create(&spec, &cb, &err), PANROCKS_OK) << err.message;
    return cb;
}

TEST(Callbacks, ComparatorOrdersKeysAndItsNameIsCheckedAtReopen) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    {
        Db db(dir.path(), "comparator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (const char *k : {"b", "a", "c", "ab"}) ASSERT_EQ(db.put(k, k), PANROCKS_OK);
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"c", "b", "ab", "a"}));
        db.flush_and_compact();
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"c", "b", "ab", "a"}));
        EXPECT_EQ(db.get("ab"), "ab");
        EXPECT_GT(state.compares.load(), 0);
    }
    ComparatorState other_state;
    panrocks_callback *other = reverse_comparator(&other_state, "test.Other");
    {
        Db db(dir.path(), "comparator=" + id_of(other));
        EXPECT_EQ(db.rc, PANROCKS_INVALID_ARGUMENT);
        EXPECT_NE(std::string(db.err.message).find("test.Other"), std::string::npos) << db.err.message;
    }
    {
        Db db(dir.path(), "");  // the default bytewise comparator
        EXPECT_EQ(db.rc, PANROCKS_INVALID_ARGUMENT) << db.err.message;
    }
    {
        Db db(dir.path(), "comparator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"c", "b", "ab", "a"}));
    }
    EXPECT_EQ(panrocks_callback_failures(cb), 0u);
    panrocks_callback_destroy(other);
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AFailingComparatorFailsTheDbWithRocksDbsBackgroundError) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    Db db(dir.path(), "comparator=" + id_of(cb));
    ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
    ASSERT_EQ(db.put("a", "1"), PANROCKS_OK);
    ASSERT_EQ(db.put("b", "2"), PANROCKS_OK);
    state.poison = "boom";
    const char *why = "RuntimeException: boom";
    panrocks_error err{};
    ASSERT_EQ(panrocks_callback_set_failure(cb, why, std::strlen(why), &err), PANROCKS_OK);
    // the memtable insert compares "boom" with its neighbours: answered
    // bytewise, counted, and the DB fails
    EXPECT_EQ(db.put("boom", "3"), PANROCKS_OK);
    EXPECT_GT(panrocks_callback_failures(cb), 0u);
    EXPECT_EQ(db.put("c", "4"), PANROCKS_IO_ERROR);
    EXPECT_NE(std::string(db.err.message).find("test.Reverse"), std::string::npos) << db.err.message;
    EXPECT_NE(std::string(db.err.message).find(why), std::string::npos) << db.err.message;
    EXPECT_NE(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
    EXPECT_EQ(db.get("a"), "1");  // reads go on
    db.close();                   // whatever it reports, it frees everything
    state.poison = nullptr;
    Db again(dir.path(), "comparator=" + id_of(cb));
    ASSERT_EQ(again.rc, PANROCKS_OK) << again.err.message;
    EXPECT_EQ(again.get("b"), "2");
    EXPECT_EQ(again.put("d", "5"), PANROCKS_OK);
    again.close();
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AComparatorFailingInACompactionFailsTheCompaction) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    {
        Db db(dir.path(), "comparator=" + id_of(cb) + ";disable_auto_compactions=true");
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("boom", "1"), PANROCKS_OK);
        ASSERT_EQ(db.put("a", "1"), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        ASSERT_EQ(db.put("boom", "2"), PANROCKS_OK);
        ASSERT_EQ(db.put("b", "2"), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        state.poison = "boom";
        EXPECT_NE(panrocks_compact_range(db.db, nullptr, panrocks_slice{nullptr, 0}, panrocks_slice{nullptr, 0},
                                         &db.err),
                  PANROCKS_OK);
        EXPECT_GE(db.int_property("rocksdb.background-errors"), 1u);
        EXPECT_GT(panrocks_callback_failures(cb), 0u);
        EXPECT_NE(db.put("c", "3"), PANROCKS_OK);
        state.poison = nullptr;
    }
    {
        Db db(dir.path(), "comparator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        EXPECT_EQ(db.get("boom"), "2");
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"boom", "b", "a"}));
    }
    panrocks_callback_destroy(cb);
}

// ---- merge operators -------------------------------------------------------------

uint64_t read_u64(const char *p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

std::string u64(uint64_t v) { return std::string(reinterpret_cast<const char *>(&v), 8); }

struct MergeState {
    std::atomic<int> full{0}, partial{0}, steps{0};
    bool fail = false;
};

int32_t add_full(void *ctx, const char *, size_t, const char *existing, size_t existing_length,
                 const panrocks_slice *operands, size_t count, panrocks_result *result) {
    auto *s = static_cast<MergeState *>(ctx);
    s->full++;
    if (s->fail) return PANROCKS_UPCALL_FAILED;
    uint64_t sum = existing != nullptr && existing_length == 8 ? read_u64(existing) : 0;
    for (size_t i = 0; i < count; i++) {
        if (operands[i].size != 8) return 0;
        sum += read_u64(operands[i].data);
    }
    if (result->capacity < 8) {
        panrocks_error err{};
        if (panrocks_result_reserve(result, 8, &err) != PANROCKS_OK) return 0;
    }
    std::memcpy(result->buffer, &sum, 8);
    result->size = 8;
    return 1;
}

int32_t add_partial(void *ctx, const char *, size_t, const panrocks_slice *operands, size_t count,
                    panrocks_result *result) {
    static_cast<MergeState *>(ctx)->partial++;
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++) sum += read_u64(operands[i].data);
    std::memcpy(result->buffer, &sum, 8);
    result->size = 8;
    return 1;
}

int32_t add_step(void *ctx, const char *, size_t, const char *left, size_t, const char *right, size_t,
                 panrocks_result *result) {
    auto *s = static_cast<MergeState *>(ctx);
    s->steps++;
    if (s->fail) return 0;
    if (left == nullptr) {
        result->source = 0;  // the operand itself
        return 1;
    }
    uint64_t sum = read_u64(left) + read_u64(right);
    std::memcpy(result->buffer, &sum, 8);
    result->size = 8;
    return 1;
}

// Appends operands with a comma, growing the buffer through reserve.
int32_t append_full(void *, const char *, size_t, const char *existing, size_t existing_length,
                    const panrocks_slice *operands, size_t count, panrocks_result *result) {
    std::string v = existing ? std::string(existing, existing_length) : "";
    for (size_t i = 0; i < count; i++) v += (v.empty() ? "" : ",") + std::string(operands[i].data, operands[i].size);
    panrocks_error err{};
    if (panrocks_result_reserve(result, v.size(), &err) != PANROCKS_OK) return 0;
    EXPECT_GE(result->capacity, v.size());
    std::memcpy(result->buffer, v.data(), v.size());
    result->size = v.size();
    return 1;
}

// Grows twice and writes through pointers into the earlier buffers
// afterwards: harmless (they stay allocated), and not the value.
int32_t regrow_full(void *, const char *, size_t, const char *, size_t, const panrocks_slice *, size_t,
                    panrocks_result *result) {
    panrocks_error err{};
    char *first = result->buffer;
    if (panrocks_result_reserve(result, 100, &err) != PANROCKS_OK) return 0;
    char *second = result->buffer;
    std::memset(second, 'b', 100);
    if (panrocks_result_reserve(result, 10000, &err) != PANROCKS_OK) return 0;
    EXPECT_EQ(std::string(result->buffer, 100), std::string(100, 'b'));  // contents kept
    std::memset(first, 'x', 64);
    std::memset(second, 'x', 100);
    std::memset(result->buffer, 'c', 10000);
    result->size = 10000;
    return 1;
}

// Picks the operand that sorts last (no copy: names it).
int32_t max_full(void *, const char *, size_t, const char *existing, size_t existing_length,
                 const panrocks_slice *operands, size_t count, panrocks_result *result) {
    std::string best = existing ? std::string(existing, existing_length) : "";
    result->source = existing ? PANROCKS_RESULT_EXISTING_VALUE : 0;
    for (size_t i = 0; i < count; i++) {
        std::string s(operands[i].data, operands[i].size);
        if (s > best) {
            best = s;
            result->source = static_cast<int32_t>(i);
        }
    }
    return 1;
}

panrocks_callback *merge_operator(panrocks_merge_operator_spec spec) {
    spec.name = spec.name ? spec.name : "test.Merge";
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_merge_operator_create(&spec, &cb, &err), PANROCKS_OK) << err.message;
    return cb;
}

TEST(Callbacks, FullMergeThroughGetIteratorFlushAndCompaction) {
    TempDir dir;
    MergeState state;
    panrocks_merge_operator_spec spec{};
    spec.context = &state;
    spec.full_merge = add_full;
    spec.partial_merge = add_partial;
    panrocks_callback *cb = merge_operator(spec);
    {
        Db db(dir.path(), "merge_operator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("k", u64(10)), PANROCKS_OK);
        for (int i = 1; i <= 5; i++) ASSERT_EQ(db.merge("k", u64(i)), PANROCKS_OK);
        for (int i = 1; i <= 3; i++) ASSERT_EQ(db.merge("fresh", u64(i)), PANROCKS_OK);
        EXPECT_EQ(read_u64(db.get("k").data()), 25u);
        EXPECT_EQ(read_u64(db.get("fresh").data()), 6u);
        EXPECT_EQ(db.keys(), (std::vector<std::string>{"fresh", "k"}));
        db.flush_and_compact();
        EXPECT_EQ(read_u64(db.get("k").data()), 25u);
        EXPECT_GT(state.full.load(), 0);
        // a wrong operand size: the merge fails, the read says Corruption
        ASSERT_EQ(db.merge("k", "short"), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "<error 2>");
    }
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AFailingFullMergeFailsTheReadAndTheFlush) {
    TempDir dir;
    MergeState state;
    panrocks_merge_operator_spec spec{};
    spec.context = &state;
    spec.full_merge = add_full;
    panrocks_callback *cb = merge_operator(spec);
    {
        Db db(dir.path(), "merge_operator=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("k", u64(1)), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", u64(2)), PANROCKS_OK);
        state.fail = true;
        EXPECT_EQ(db.get("k"), "<error 2>");
        EXPECT_EQ(panrocks_callback_failures(cb), 1u);
        EXPECT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_CORRUPTION) << db.err.message;
        EXPECT_GE(db.int_property("rocksdb.background-errors"), 1u);
    }
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, AssociativeMergeFoldsAndPartiallyMerges) {
    TempDir dir;
    MergeState state;
    panrocks_merge_operator_spec spec{};
    spec.context = &state;
    spec.associative_merge = add_step;
    panrocks_callback *cb = merge_operator(spec);
    {
        Db db(dir.path(), "merge_operator=" + id_of(cb) + ";disable_auto_compactions=true");
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (int i = 1; i <= 4; i++) ASSERT_EQ(db.merge("k", u64(i)), PANROCKS_OK);
        EXPECT_EQ(read_u64(db.get("k").data()), 10u);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        for (int i = 1; i <= 4; i++) ASSERT_EQ(db.merge("k", u64(100)), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        EXPECT_EQ(read_u64(db.get("k").data()), 410u);
        db.flush_and_compact();
        EXPECT_EQ(read_u64(db.get("k").data()), 410u);
        EXPECT_GT(state.steps.load(), 0);
        state.fail = true;
        ASSERT_EQ(db.merge("k", u64(1)), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "<error 2>");
    }
    panrocks_callback_destroy(cb);
}

TEST(Callbacks, MergeResultsGrowAndMayNameAnInput) {
    TempDir dir;
    panrocks_merge_operator_spec append{};
    append.full_merge = append_full;
    append.name = "test.Append";
    panrocks_merge_operator_spec max{};
    max.full_merge = max_full;
    max.name = "test.Max";
    panrocks_callback *a = merge_operator(append);
    panrocks_callback *m = merge_operator(max);
    std::string big(5000, 'x');
    {
        Db db(dir.path(), "merge_operator=" + id_of(a));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.merge("k", "a"), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", big), PANROCKS_OK);
        panrocks_pin *pin = nullptr;
        panrocks_pin_create(&pin, &db.err);
        panrocks_value v{};
        ASSERT_EQ(panrocks_get_pinned(db.db, nullptr, nullptr, pin, "k", 1, &v, &db.err), PANROCKS_OK);
        EXPECT_EQ(std::string(v.data, v.size), "a," + big);
        panrocks_pin_destroy(pin);
    }
    TempDir dir2;
    {
        Db db(dir2.path(), "merge_operator=" + id_of(m));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.put("k", "m"), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", "c"), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "m");
        ASSERT_EQ(db.merge("k", "z"), PANROCKS_OK);
        ASSERT_EQ(db.merge("k", "d"), PANROCKS_OK);
        EXPECT_EQ(db.get("k"), "z");
        db.flush_and_compact();
        EXPECT_EQ(db.get("k"), "z");
    }
    TempDir dir3;
    panrocks_merge_operator_spec regrow{};
    regrow.full_merge = regrow_full;
    regrow.name = "test.Regrow";
    panrocks_callback *g = merge_operator(regrow);
    {
        Db db(dir3.path(), "merge_operator=" + id_of(g));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        ASSERT_EQ(db.merge("k", "a"), PANROCKS_OK);
        panrocks_pin *pin = nullptr;
        panrocks_pin_create(&pin, &db.err);
        panrocks_value v{};
        ASSERT_EQ(panrocks_get_pinned(db.db, nullptr, nullptr, pin, "k", 1, &v, &db.err), PANROCKS_OK);
        EXPECT_EQ(std::string(v.data, v.size), std::string(10000, 'c'));
        panrocks_pin_destroy(pin);
    }
    panrocks_callback_destroy(g);
    panrocks_callback_destroy(a);
    panrocks_callback_destroy(m);
}

// ---- compaction filters ----------------------------------------------------------------

struct FilterState {
    std::atomic<int> created{0}, released{0}, calls{0};
    std::atomic<int> last_level{-1};
    panrocks_filter_context context{};
};

int64_t create_filter(void *ctx, const panrocks_filter_context *c) {
    auto *s = static_cast<FilterState *>(ctx);
    s->context = *c;
    return ++s->created;
}

void release_filter(void *ctx, int64_t) { static_cast<FilterState *>(ctx)->released++; }

int32_t filter(void *ctx, int64_t token, int32_t level, const char *key, size_t key_length, int32_t type,
               const char *, size_t, panrocks_result *new_value) {
    auto *s = static_cast<FilterState *>(ctx);
    s->calls++;
    s->last_level = level;
    EXPECT_GT(token, 0);
    EXPECT_EQ(type, PANROCKS_VALUE_TYPE_VALUE);
    std::string k(key, key_length);
    if (k.rfind("drop", 0) == 0) return PANROCKS_FILTER_REMOVE;
    if (k.rfind("fail", 0) == 0) return PANROCKS_UPCALL_FAILED;
    if (k.rfind("liar", 0) == 0) {  // claims more bytes than it was given: kept
        new_value->size = new_value->capacity + 1;
        return PANROCKS_FILTER_CHANGE_VALUE;
    }
    if (k.rfind("change", 0) == 0) {
        std::string v = "changed:" + std::string(300, 'v');
        panrocks_error err{};
        if (panrocks_result_reserve(new_value, v.size(), &err) != PANROCKS_OK) return PANROCKS_FILTER_KEEP;
        std::memcpy(new_value->buffer, v.data(), v.size());
        new_value->size = v.size();
        return PANROCKS_FILTER_CHANGE_VALUE;
    }
    return PANROCKS_FILTER_KEEP;
}

TEST(Callbacks, CompactionFilterRemovesChangesAndKeepsOnFailure) {
    TempDir dir;
    FilterState state;
    panrocks_filter_factory_spec spec{};
    spec.name = "test.Filter";
    spec.context = &state;
    spec.create_filter = create_filter;
    spec.filter = filter;
    spec.release_filter = release_filter;
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_filter_factory_create(&spec, &cb, &err), PANROCKS_OK);
    {
        Db db(dir.path(), "compaction_filter_factory=" + id_of(cb));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (const char *k : {"drop1", "drop2", "keep", "fail", "change", "liar"}) ASSERT_EQ(db.put(k, "v"), PANROCKS_OK);
        db.flush_and_compact();
        EXPECT_EQ(db.get("drop1"), "<missing>");
        EXPECT_EQ(db.get("drop2"), "<missing>");
        EXPECT_EQ(db.get("keep"), "v");
        EXPECT_EQ(db.get("fail"), "v");
        EXPECT_EQ(db.get("liar"), "v");
        EXPECT_EQ(db.get("change"), "changed:" + std::string(300, 'v'));
        EXPECT_EQ(panrocks_callback_failures(cb), 2u);  // "fail" and "liar"
        EXPECT_GE(state.created.load(), 1);
        EXPECT_EQ(state.context.is_manual_compaction, 1);
        EXPECT_EQ(state.context.reason, PANROCKS_FILTER_REASON_COMPACTION);
        EXPECT_GE(state.last_level.load(), 0);
    }
    EXPECT_EQ(state.released.load(), state.created.load());
    panrocks_callback_destroy(cb);
}

// DBWithTTL wraps the compaction filter factory: its TtlCompactionFilter
// drops expired entries, then asks the user's filter through the older
// Filter() entry point (the value without its timestamp), which the upcall
// filter answers as FilterV2.
TEST(Callbacks, CompactionFiltersRunUnderTheTtlWrapper) {
    TempDir dir;
    FilterState state;
    panrocks_filter_factory_spec spec{};
    spec.name = "test.Filter";
    spec.context = &state;
    spec.create_filter = create_filter;
    spec.filter = filter;
    spec.release_filter = release_filter;
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_filter_factory_create(&spec, &cb, &err), PANROCKS_OK);
    std::string options = "compaction_filter_factory=" + id_of(cb);
    panrocks_cf_descriptor d{};
    d.name = "default";
    d.options = options.c_str();
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.mode = PANROCKS_OPEN_TTL;
    int32_t ttls[] = {1};
    req.ttls = ttls;
    req.cf_count = 1;
    req.cfs = &d;
    Db db(dir.path(), "");  // only for its helpers: reopened below as a TTL DB
    db.close();
    panrocks_cf *handle = nullptr;
    ASSERT_EQ(panrocks_open(&req, &db.db, &handle, &err), PANROCKS_OK) << err.message;
    ASSERT_EQ(db.put("expired", "v"), PANROCKS_OK);
    std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // the TTL clock counts whole seconds
    for (const char *k : {"drop1", "keep", "change"}) ASSERT_EQ(db.put(k, "v"), PANROCKS_OK);
    db.flush_and_compact();
    EXPECT_EQ(db.get("expired"), "<missing>");  // the TTL's own decision, before the filter
    EXPECT_EQ(db.get("drop1"), "<missing>");
    EXPECT_EQ(db.get("keep"), "v");
    EXPECT_EQ(db.get("change"), "changed:" + std::string(300, 'v'));  // its timestamp put back by DBWithTTL
    EXPECT_EQ(state.calls.load(), 3);  // drop1, keep, change: not the expired one
    EXPECT_EQ(panrocks_callback_failures(cb), 0u);
    ASSERT_EQ(db.close(), PANROCKS_OK);
    EXPECT_EQ(state.released.load(), state.created.load());
    panrocks_callback_destroy(cb);
}

// RocksDB's WriteBatchWithIndex keeps a raw pointer to the comparator of
// each family an update names. A Java comparator is freed once its DB is
// closed and the callback destroyed: the batch keeps it alive (the Java
// side refuses such a batch anyway; here, under ASan, nothing is freed
// under it), and then it answers bytewise as any destroyed callback.
TEST(Callbacks, AnIndexedBatchKeepsItsComparatorAliveAfterItsDbClosed) {
    TempDir dir;
    ComparatorState state;
    panrocks_callback *cb = reverse_comparator(&state);
    std::string options = "comparator=" + id_of(cb);
    panrocks_cf_descriptor d{};
    d.name = "default";
    d.options = options.c_str();
    panrocks_open_request req{};
    req.path = dir.path().c_str();
    req.db_options = "create_if_missing=true";
    req.cf_count = 1;
    req.cfs = &d;
    panrocks_db *db = nullptr;
    panrocks_cf *dflt = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_open(&req, &db, &dflt, &err), PANROCKS_OK) << err.message;
    panrocks_wbwi *b = nullptr;
    ASSERT_EQ(panrocks_wbwi_create(0, 0, &b, &err), PANROCKS_OK);
    for (int i = 0; i < 50; i++) {
        std::string k = "k" + std::to_string(i);
        ASSERT_EQ(panrocks_wbwi_write(b, dflt, PANROCKS_WBWI_OP_PUT, k.data(), k.size(), "v", 1, &err), PANROCKS_OK);
    }
    int before = state.compares.load();
    EXPECT_GT(before, 0);
    ASSERT_EQ(panrocks_close(db, &err), PANROCKS_OK) << err.message;
    panrocks_callback_destroy(cb);  // as the Java side does once the engine is closed
    // the comparator object is still there, dead: no call reaches the function any more
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "late", 4, "v", 1, &err), PANROCKS_OK);
    char buffer[8];
    uint64_t size = 0;
    int32_t rc = panrocks_wbwi_get_from_batch(b, nullptr, nullptr, "k7", 2, buffer, sizeof buffer, &size, &err);
    EXPECT_TRUE(rc == PANROCKS_OK || rc == PANROCKS_NOT_FOUND) << rc;
    EXPECT_EQ(state.compares.load(), before);
    ASSERT_EQ(panrocks_wbwi_clear(b, &err), PANROCKS_OK);  // lets go of it: freed here (ASan: no leak)
    ASSERT_EQ(panrocks_wbwi_write(b, nullptr, PANROCKS_WBWI_OP_PUT, "k", 1, "v", 1, &err), PANROCKS_OK);
    panrocks_wbwi_destroy(b);
}

// ---- event listeners ---------------------------------------------------------------------

struct ListenerState {
    std::atomic<int> flushes{0}, compactions{0}, errors{0}, stalls{0};
    std::string flushed_cf;
    uint64_t flushed_entries = 0;
    uint64_t compaction_inputs = 0;
    int32_t error_code = 0;
};

void on_event(void *ctx, int32_t event, const void *info) {
    auto *s = static_cast<ListenerState *>(ctx);
    switch (event) {
        case PANROCKS_EVENT_FLUSH_COMPLETED: {
            auto *f = static_cast<const panrocks_flush_info *>(info);
            s->flushed_cf.assign(f->cf_name.data, f->cf_name.size);
            s->flushed_entries = f->num_entries;
            s->flushes++;
            break;
        }
        case PANROCKS_EVENT_COMPACTION_COMPLETED:
            s->compaction_inputs = static_cast<const panrocks_compaction_info *>(info)->input_files;
            s->compactions++;
            break;
        case PANROCKS_EVENT_BACKGROUND_ERROR:
            s->error_code = static_cast<const panrocks_background_error_info *>(info)->code;
            s->errors++;
            break;
        case PANROCKS_EVENT_STALL_CONDITIONS_CHANGED: s->stalls++; break;
        default: ADD_FAILURE() << "unknown event " << event;
    }
}

TEST(Callbacks, ListenerSeesFlushesCompactionsAndBackgroundErrors) {
    TempDir dir;
    ListenerState state;
    panrocks_listener_spec spec{};
    spec.name = "test.Listener";
    spec.context = &state;
    spec.on_event = on_event;
    spec.events = PANROCKS_EVENT_FLUSH_COMPLETED | PANROCKS_EVENT_COMPACTION_COMPLETED | PANROCKS_EVENT_BACKGROUND_ERROR;
    panrocks_callback *listener = nullptr;
    panrocks_error err{};
    ASSERT_EQ(panrocks_listener_create(&spec, &listener, &err), PANROCKS_OK);
    ComparatorState cs;
    panrocks_callback *comparator = reverse_comparator(&cs);
    {
        Db db(dir.path(), "comparator=" + id_of(comparator), "listeners=" + id_of(listener));
        ASSERT_EQ(db.rc, PANROCKS_OK) << db.err.message;
        for (int i = 0; i < 10; i++) ASSERT_EQ(db.put("k" + std::to_string(i), "v"), PANROCKS_OK);
        ASSERT_EQ(panrocks_flush(db.db, nullptr, 1, &db.err), PANROCKS_OK);
        ASSERT_EQ(db.put("k", "v"), PANROCKS_OK);
        db.flush_and_compact();
        EXPECT_GE(state.flushes.load(), 2);
        EXPECT_EQ(state.flushed_cf, "default");
        EXPECT_GE(state.compactions.load(), 1);
        EXPECT_EQ(state.compaction_inputs, 2u);
        EXPECT_EQ(state.errors.load(), 0);
        // a key in the memtable, so that inserting "boom" compares: the first
        // key of an empty memtable needs no comparison (RocksDB 9.11.2)
        ASSERT_EQ(db.put("m", "v"), PANROCKS_OK);
        cs.poison = "boom";
        EXPECT_EQ(db.put("boom", "v"), PANROCKS_OK);
        EXPECT_NE(db.put("after", "v"), PANROCKS_OK);
        EXPECT_GE(state.errors.load(), 1);
        EXPECT_EQ(state.error_code, PANROCKS_IO_ERROR);
        EXPECT_EQ(state.stalls.load(), 0);  // not asked for
    }
    panrocks_callback_destroy(comparator);
    panrocks_callback_destroy(listener);
}

// ---- IDs ---------------------------------------------------------------------------------

TEST(Callbacks, IdsThatNameNothingUsableFailTheOpen) {
    TempDir dir;
    ComparatorState cs;
    panrocks_callback *comparator = reverse_comparator(&cs);
    std::string id = id_of(comparator);
    EXPECT_EQ(id.rfind("panrocks.callback.", 0), 0u);
    char small[4] = {0, 0, 0, 0};
    EXPECT_EQ(panrocks_callback_id(comparator, small, sizeof small), id.size());
    EXPECT_EQ(std::string(small, 4), id.substr(0, 4));
    EXPECT_EQ(panrocks_callback_id(nullptr, small, sizeof small), 0u);
    {
        Db db(dir.path(), "merge_operator=" + id);  // a comparator is not a merge operator
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    {
        Db db(dir.path(), "comparator=panrocks.callback.999999999");
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    {
        Db db(dir.path(), "comparator=panrocks.callback.99999999999999999999999");
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    panrocks_callback_destroy(comparator);
    {
        Db db(dir.path(), "comparator=" + id);  // destroyed
        EXPECT_NE(db.rc, PANROCKS_OK);
    }
    panrocks_callback_destroy(nullptr);
    EXPECT_EQ(panrocks_callback_failures(nullptr), 0u);
    panrocks_error err{};
    panrocks_comparator_spec bad{};
    panrocks_callback *out = nullptr;
    EXPECT_EQ(panrocks_comparator_create(&bad, &out, &err), PANROCKS_INVALID_ARGUMENT);
    panrocks_merge_operator_spec both{};
    both.name = "x";
    both.full_merge = add_full;
    both.associative_merge = add_step;
    EXPECT_EQ(panrocks_merge_operator_create(&both, &out, &err), PANROCKS_INVALID_ARGUMENT);
    EXPECT_EQ(panrocks_result_reserve(nullptr, 1, &err), PANROCKS_INVALID_ARGUMENT);
}

}  // namespace
