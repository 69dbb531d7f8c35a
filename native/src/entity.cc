// Wide columns: PutEntity, GetEntity into a reusable PinnableWideColumns,
// an iterator's columns, entities in SST files. Gated on the engine: before
// RocksDB 8.0 wide columns were incomplete, so every call says NotSupported.
// (panrocks_sst_writer_put_entity lives with the writer, in sst_writer.cc.)
#include <rocksdb/version.h>
#include <rocksdb/wide_columns.h>

#include "internal.h"

using panrocks::check;
using panrocks::family;
using panrocks::guarded;
using panrocks::read_options;
using panrocks::report;

#if ROCKSDB_MAJOR >= 8
#define PANROCKS_WIDE_COLUMNS 1
#else
#define PANROCKS_WIDE_COLUMNS 0
#endif
#define PANROCKS_STRING2(x) #x
#define PANROCKS_STRING(x) PANROCKS_STRING2(x)
#define PANROCKS_ENGINE_TEXT PANROCKS_STRING(ROCKSDB_MAJOR) "." PANROCKS_STRING(ROCKSDB_MINOR) "." PANROCKS_STRING(ROCKSDB_PATCH)

struct panrocks_entity {
#if PANROCKS_WIDE_COLUMNS
    rocksdb::PinnableWideColumns columns;
#endif
    // the columns as the ABI shows them (capacity reused between reads)
    std::vector<panrocks_wide_column> view;
};

struct panrocks_entities {
#if PANROCKS_WIDE_COLUMNS
    std::vector<rocksdb::PinnableWideColumns> columns;  // one per key
    std::vector<rocksdb::Status> statuses;
    std::vector<rocksdb::Slice> keys;
    std::vector<rocksdb::ColumnFamilyHandle *> families;
#endif
    std::vector<panrocks_wide_column> view;    // every key's kept columns, back to back
    std::vector<panrocks_entity_result> results;
    std::vector<std::string> messages;         // the failed keys' messages (results point into them)
};

namespace {

#if !PANROCKS_WIDE_COLUMNS
int32_t unsupported(panrocks_error *error) {
    return report(error, PANROCKS_NOT_SUPPORTED,
                  "panrocks: wide columns need RocksDB 8.0 or later; this engine is " PANROCKS_ENGINE_TEXT);
}

#else
int32_t refuse_ttl(panrocks_error *error) {
    return report(error, PANROCKS_NOT_SUPPORTED,
                  "panrocks: wide columns are not supported on a DB opened with TTL");
}

rocksdb::WideColumns to_columns(const panrocks_wide_column *columns, size_t count) {
    rocksdb::WideColumns out;
    out.reserve(count);
    for (size_t i = 0; i < count; i++) {
        out.emplace_back(rocksdb::Slice(columns[i].name.data, columns[i].name.size),
                         rocksdb::Slice(columns[i].value.data, columns[i].value.size));
    }
    return out;
}

void mirror(const rocksdb::WideColumns &columns, std::vector<panrocks_wide_column> &view) {
    view.resize(columns.size());
    for (size_t i = 0; i < columns.size(); i++) {
        const rocksdb::WideColumn &c = columns[i];
        view[i] = panrocks_wide_column{{c.name().data(), c.name().size()}, {c.value().data(), c.value().size()}};
    }
}

// The names a caller selected, sorted bytewise (as RocksDB sorts columns)
// so that filtering is one merge walk over two sorted lists.
struct Selection {
    bool all = true;
    std::vector<rocksdb::Slice> names;

    Selection(const panrocks_slice *selected, size_t count) {
        if (selected == nullptr && count == 0) return;
        all = false;
        names.reserve(count);
        for (size_t i = 0; i < count; i++) names.emplace_back(selected[i].data, selected[i].size);
        std::sort(names.begin(), names.end(), [](const rocksdb::Slice &a, const rocksdb::Slice &b) {
            return a.compare(b) < 0;
        });
    }

    // Appends the kept columns of `columns` (sorted by name) to view; returns how many.
    size_t keep(const rocksdb::WideColumns &columns, std::vector<panrocks_wide_column> &view) const {
        size_t kept = 0;
        size_t s = 0;
        for (const rocksdb::WideColumn &c : columns) {
            if (!all) {
                while (s < names.size() && names[s].compare(c.name()) < 0) s++;
                if (s == names.size()) break;
                if (names[s].compare(c.name()) != 0) continue;
            }
            view.push_back(
                panrocks_wide_column{{c.name().data(), c.name().size()}, {c.value().data(), c.value().size()}});
            kept++;
        }
        return kept;
    }
};
#endif

}  // namespace

namespace panrocks {

bool capture_batch_columns(panrocks_iterator *iterator, const std::string &buffer,
                           const rocksdb::Slice &original_value) {
#if PANROCKS_WIDE_COLUMNS
    const rocksdb::WideColumns &columns = iterator->it->columns();
    // a slice the copies must hold: in the buffer, and not the value (already in value_copy)
    auto copied = [&](const rocksdb::Slice &s) {
        return inside(buffer, s) && !(s.data() == original_value.data() && s.size() == original_value.size());
    };
    size_t bytes = 0;
    for (const rocksdb::WideColumn &c : columns) {
        if (copied(c.name())) bytes += c.name().size();
        if (copied(c.value())) bytes += c.value().size();
    }
    iterator->columns_copy.resize(bytes);  // sized once: the slices below point into it
    char *at = &iterator->columns_copy[0];
    auto stable = [&](const rocksdb::Slice &s) -> panrocks_slice {
        if (!inside(buffer, s)) return panrocks_slice{s.data(), s.size()};
        if (!copied(s)) return panrocks_slice{iterator->value_copy.data(), iterator->value_copy.size()};
        std::memcpy(at, s.data(), s.size());
        panrocks_slice out{at, s.size()};
        at += s.size();
        return out;
    };
    iterator->columns.resize(columns.size());
    for (size_t i = 0; i < columns.size(); i++) {
        iterator->columns[i] = panrocks_wide_column{stable(columns[i].name()), stable(columns[i].value())};
    }
    return true;
#else
    (void)iterator;
    (void)buffer;
    (void)original_value;
    return false;
#endif
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_wide_columns_supported(void) { return PANROCKS_WIDE_COLUMNS; }

int32_t panrocks_put_entity(panrocks_db *db, panrocks_cf *cf, uint32_t write_flags, const char *key,
                            size_t key_length, const panrocks_wide_column *columns, size_t count,
                            panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && (columns != nullptr || count == 0));
#if PANROCKS_WIDE_COLUMNS
        if (panrocks::is_ttl(db)) return refuse_ttl(error);
        return check(error, db->db->PutEntity(panrocks::write_options(write_flags), family(db, cf),
                                              rocksdb::Slice(key, key_length), to_columns(columns, count)));
#else
        return unsupported(error);
#endif
    });
}

int32_t panrocks_entity_create(panrocks_entity **entity_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, entity_out != nullptr);
        *entity_out = new panrocks_entity();
        return PANROCKS_OK;
    });
}

void panrocks_entity_release(panrocks_entity *entity) {
    if (entity == nullptr) return;
#if PANROCKS_WIDE_COLUMNS
    entity->columns.Reset();
#endif
    entity->view.clear();
}

void panrocks_entity_destroy(panrocks_entity *entity) { delete entity; }

int32_t panrocks_get_entity(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                            panrocks_entity *entity, const char *key, size_t key_length,
                            const panrocks_wide_column **columns, uint64_t *count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && entity != nullptr && columns != nullptr && count != nullptr);
#if PANROCKS_WIDE_COLUMNS
        if (panrocks::is_ttl(db)) return refuse_ttl(error);
        panrocks_entity_release(entity);
        rocksdb::Status s = db->db->GetEntity(read_options(options), family(db, cf),
                                              rocksdb::Slice(key, key_length), &entity->columns);
        if (s.IsNotFound()) return PANROCKS_NOT_FOUND;
        if (!s.ok()) return report(error, s);
        mirror(entity->columns.columns(), entity->view);
        *columns = entity->view.data();
        *count = entity->view.size();
        return PANROCKS_OK;
#else
        return unsupported(error);
#endif
    });
}

int32_t panrocks_iterator_columns(panrocks_iterator *iterator, const panrocks_wide_column **columns,
                                  uint64_t *count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, iterator != nullptr && columns != nullptr && count != nullptr);
#if PANROCKS_WIDE_COLUMNS
        if (iterator->ttl) return refuse_ttl(error);
        if (iterator->ended) {
            // its batch's index is rebuilt or gone: RocksDB's iterator is never touched again
            return report(error, PANROCKS_ENDED,
                          "panrocks: the transaction or batch this iterator reads was committed, rolled back, "
                          "cleared or released: its entry's columns are gone");
        }
        if (iterator->failed) {
            return report(error, PANROCKS_INTERNAL_ERROR, "panrocks: the iterator failed earlier");
        }
        PANROCKS_REQUIRE(error, iterator->it->Valid());
        // On an entry of a batch they were taken at the move, from copies:
        // the batch's buffer they pointed into may have moved since.
        if (iterator->source == nullptr || !iterator->columns_copied) {
            mirror(iterator->it->columns(), iterator->columns);
        }
        *columns = iterator->columns.data();
        *count = iterator->columns.size();
        return PANROCKS_OK;
#else
        return unsupported(error);
#endif
    });
}

int32_t panrocks_get_entity_selected(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options *options,
                                     panrocks_entity *entity, const char *key, size_t key_length,
                                     const panrocks_slice *selected, size_t selected_count,
                                     const panrocks_wide_column **columns, uint64_t *count,
                                     panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && entity != nullptr && columns != nullptr && count != nullptr &&
                                    (selected != nullptr || selected_count == 0));
#if PANROCKS_WIDE_COLUMNS
        if (panrocks::is_ttl(db)) return refuse_ttl(error);
        panrocks_entity_release(entity);
        Selection selection(selected, selected_count);
        selection.all = false;  // NULL with no names selects nothing here
        rocksdb::Status s = db->db->GetEntity(read_options(options), family(db, cf),
                                              rocksdb::Slice(key, key_length), &entity->columns);
        if (s.IsNotFound()) return PANROCKS_NOT_FOUND;
        if (!s.ok()) return report(error, s);
        selection.keep(entity->columns.columns(), entity->view);
        *columns = entity->view.data();
        *count = entity->view.size();
        return PANROCKS_OK;
#else
        return unsupported(error);
#endif
    });
}

int32_t panrocks_entities_create(panrocks_entities **entities_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, entities_out != nullptr);
        *entities_out = new panrocks_entities();
        return PANROCKS_OK;
    });
}

void panrocks_entities_release(panrocks_entities *entities) {
    if (entities == nullptr) return;
#if PANROCKS_WIDE_COLUMNS
    for (rocksdb::PinnableWideColumns &c : entities->columns) c.Reset();
    for (rocksdb::Status &s : entities->statuses) s = rocksdb::Status::OK();
    entities->keys.clear();
    entities->families.clear();
#endif
    entities->view.clear();
    entities->results.clear();
    entities->messages.clear();
}

void panrocks_entities_destroy(panrocks_entities *entities) { delete entities; }

int32_t panrocks_multi_get_entity(panrocks_db *db, panrocks_cf *cf, panrocks_cf *const *families,
                                  const panrocks_read_options *options, panrocks_entities *entities,
                                  const panrocks_slice *keys, size_t count,
                                  const panrocks_slice *selected, size_t selected_count,
                                  const panrocks_entity_result **results, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && entities != nullptr && results != nullptr &&
                                    (keys != nullptr || count == 0) &&
                                    (selected != nullptr || selected_count == 0));
#if PANROCKS_WIDE_COLUMNS
        if (panrocks::is_ttl(db)) return refuse_ttl(error);
        panrocks_entities_release(entities);
        Selection selection(selected, selected_count);  // NULL: every column
        entities->keys.reserve(count);
        for (size_t i = 0; i < count; i++) entities->keys.emplace_back(keys[i].data, keys[i].size);
        if (entities->columns.size() < count) entities->columns.resize(count);
        if (entities->statuses.size() < count) entities->statuses.resize(count);
        if (count > 0) {
            if (families == nullptr) {
                db->db->MultiGetEntity(read_options(options), family(db, cf), count, entities->keys.data(),
                                       entities->columns.data(), entities->statuses.data());
            } else {
                entities->families.reserve(count);
                for (size_t i = 0; i < count; i++) entities->families.push_back(family(db, families[i]));
                db->db->MultiGetEntity(read_options(options), count, entities->families.data(),
                                       entities->keys.data(), entities->columns.data(),
                                       entities->statuses.data());
            }
        }
        // the column arrays first: results point into view only once it stops growing
        std::vector<size_t> firsts(count);
        entities->results.resize(count);
        size_t failed = 0;
        for (size_t i = 0; i < count; i++) {
            const rocksdb::Status &s = entities->statuses[i];
            panrocks_entity_result &r = entities->results[i];
            r = panrocks_entity_result{nullptr, 0, PANROCKS_OK, 0, {nullptr, 0}};
            firsts[i] = entities->view.size();
            if (s.ok()) {
                r.count = selection.keep(entities->columns[i].columns(), entities->view);
            } else if (s.IsNotFound()) {
                r.status = PANROCKS_NOT_FOUND;
            } else {
                r.status = static_cast<int32_t>(s.code());
                r.subcode = static_cast<int32_t>(s.subcode());
                failed++;
            }
        }
        entities->messages.reserve(failed);  // no reallocation below: messages' data stay put
        for (size_t i = 0; i < count; i++) {
            panrocks_entity_result &r = entities->results[i];
            if (r.count > 0) r.columns = entities->view.data() + firsts[i];
            if (r.status != PANROCKS_OK && r.status != PANROCKS_NOT_FOUND) {
                // RocksDB's own text, without ToString()'s code name (as report() carries it)
                const char *state = entities->statuses[i].getState();
                entities->messages.emplace_back(state != nullptr ? state : "");
                const std::string &m = entities->messages.back();
                r.message = panrocks_slice{m.data(), m.size()};
            }
        }
        *results = entities->results.data();
        return PANROCKS_OK;
#else
        return unsupported(error);
#endif
    });
}

}  // extern "C"
