// What the callback tests share (abi_callbacks_test.cc, abi_comparator_test.cc,
// abi_merge_operator_test.cc, abi_compaction_filter_test.cc,
// abi_listener_test.cc): a DB opened with callbacks, a reversing comparator,
// adding merge operators.
#ifndef PANROCKS_CALLBACK_SUPPORT_H
#define PANROCKS_CALLBACK_SUPPORT_H

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "panrocks.h"
#include "test_support.h"

namespace panrocks_test {

inline std::string id_of(const panrocks_callback *cb) {
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

inline int32_t reverse_compare(void *ctx, const char *a, size_t an, const char *b, size_t bn) {
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
inline int64_t bad_separator(void *ctx, const char *, size_t, const char *, size_t, char *out, size_t capacity) {
    static_cast<ComparatorState *>(ctx)->separators++;
    if (capacity == 0) return -1;
    out[0] = '\x7f';  // not in [start, limit) for most keys
    return 1;
}

inline panrocks_callback *reverse_comparator(ComparatorState *state, const char *name = "test.Reverse") {
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

// ---- merge operators -------------------------------------------------------------

inline uint64_t read_u64(const char *p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

struct MergeState {
    std::atomic<int> full{0}, partial{0}, steps{0};
    bool fail = false;
};

inline int32_t add_full(void *ctx, const char *, size_t, const char *existing, size_t existing_length,
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

inline int32_t add_step(void *ctx, const char *, size_t, const char *left, size_t, const char *right, size_t,
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

inline panrocks_callback *merge_operator(panrocks_merge_operator_spec spec) {
    spec.name = spec.name ? spec.name : "test.Merge";
    panrocks_callback *cb = nullptr;
    panrocks_error err{};
    EXPECT_EQ(panrocks_merge_operator_create(&spec, &cb, &err), PANROCKS_OK) << err.message;
    return cb;
}

}  // namespace panrocks_test

#endif
