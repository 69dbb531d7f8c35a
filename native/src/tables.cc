// Table properties of a DB's SST files, a reader of one SST file outside any
// DB, and iterators with a table filter (panrocks_tables.h).
#include <cstring>

#include <rocksdb/convenience.h>
#include <rocksdb/sst_file_reader.h>
#include <rocksdb/table_properties.h>

#include "internal.h"

using panrocks::check;
using panrocks::guarded;
using panrocks::report;

struct panrocks_sst_reader {
    // the options the reader was built with: it keeps references into them
    rocksdb::Options options;
    std::unique_ptr<rocksdb::SstFileReader> reader;
    // RocksDB's reader dereferences its table without a check: only after a
    // successful Open may anything else be called
    bool opened = false;
};

namespace {

void put_u64(std::string *out, uint64_t v) { out->append(reinterpret_cast<const char *>(&v), sizeof v); }

void put_string(std::string *out, const std::string &s) {
    put_u64(out, s.size());
    out->append(s);
}

void put_map(std::string *out, const rocksdb::UserCollectedProperties &map) {
    put_u64(out, map.size());
    for (const auto &entry : map) {
        put_string(out, entry.first);
        put_string(out, entry.second);
    }
}

}  // namespace

void panrocks::encode_table_properties_collection(const rocksdb::TablePropertiesCollection &collection,
                                                  std::string *out) {
    put_u64(out, collection.size());
    for (const auto &entry : collection) {
        put_string(out, entry.first);
        if (entry.second != nullptr) {
            panrocks::encode_table_properties(*entry.second, out);
        } else {
            panrocks::encode_table_properties(rocksdb::TableProperties(), out);
        }
    }
}

namespace {

int32_t hand_out(std::unique_ptr<panrocks_blob> blob, panrocks_blob **blob_out) {
    *blob_out = blob.release();
    return PANROCKS_OK;
}

int32_t refuse_unopened(panrocks_error *error) {
    return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: the SST file reader has no file open");
}

}  // namespace

void panrocks::encode_table_properties(const rocksdb::TableProperties &p, std::string *out) {
    const uint64_t numbers[PANROCKS_TABLE_PROPERTIES_NUMBERS] = {
        p.data_size, p.index_size, p.index_partitions, p.top_level_index_size, p.index_key_is_user_key,
        p.index_value_is_delta_encoded, p.filter_size, p.raw_key_size, p.raw_value_size, p.num_data_blocks,
        p.num_entries, p.num_deletions, p.num_merge_operands, p.num_range_deletions, p.format_version,
        p.fixed_key_len, p.column_family_id, p.creation_time, p.oldest_key_time,
        p.slow_compression_estimated_data_size, p.fast_compression_estimated_data_size,
        p.external_sst_file_global_seqno_offset};
    put_u64(out, PANROCKS_TABLE_PROPERTIES_NUMBERS);
    for (uint64_t n : numbers) put_u64(out, n);
    put_string(out, p.column_family_name);
    put_string(out, p.filter_policy_name);
    put_string(out, p.comparator_name);
    put_string(out, p.merge_operator_name);
    put_string(out, p.prefix_extractor_name);
    put_string(out, p.property_collectors_names);
    put_string(out, p.compression_name);
    put_map(out, p.user_collected_properties);
    put_map(out, p.readable_properties);
}

extern "C" {

const char *panrocks_blob_data(const panrocks_blob *blob) { return blob != nullptr ? blob->bytes.data() : nullptr; }

uint64_t panrocks_blob_size(const panrocks_blob *blob) { return blob != nullptr ? blob->bytes.size() : 0; }

void panrocks_blob_destroy(panrocks_blob *blob) { delete blob; }

int32_t panrocks_properties_of_all_tables(panrocks_db *db, panrocks_cf *cf, panrocks_blob **blob_out,
                                          panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && blob_out != nullptr);
        rocksdb::TablePropertiesCollection collection;
        rocksdb::Status s = db->db->GetPropertiesOfAllTables(panrocks::family(db, cf), &collection);
        if (!s.ok()) return report(error, s);
        auto blob = std::make_unique<panrocks_blob>();
        panrocks::encode_table_properties_collection(collection, &blob->bytes);
        return hand_out(std::move(blob), blob_out);
    });
}

int32_t panrocks_properties_of_tables_in_range(panrocks_db *db, panrocks_cf *cf, const panrocks_slice *bounds,
                                               size_t range_count, panrocks_blob **blob_out,
                                               panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && blob_out != nullptr && (bounds != nullptr || range_count == 0));
        std::vector<rocksdb::Range> ranges;
        ranges.reserve(range_count);
        for (size_t i = 0; i < range_count; i++) {
            const panrocks_slice &start = bounds[2 * i], &limit = bounds[2 * i + 1];
            ranges.emplace_back(rocksdb::Slice(start.data, start.size), rocksdb::Slice(limit.data, limit.size));
        }
        rocksdb::TablePropertiesCollection collection;
        rocksdb::Status s = db->db->GetPropertiesOfTablesInRange(panrocks::family(db, cf), ranges.data(),
                                                                 ranges.size(), &collection);
        if (!s.ok()) return report(error, s);
        auto blob = std::make_unique<panrocks_blob>();
        panrocks::encode_table_properties_collection(collection, &blob->bytes);
        return hand_out(std::move(blob), blob_out);
    });
}

int32_t panrocks_sst_reader_create(const char *db_options, const panrocks_cf_descriptor *family,
                                   panrocks_sst_reader **reader_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, reader_out != nullptr);
        auto r = std::make_unique<panrocks_sst_reader>();
        int32_t rc = panrocks::file_options(db_options, family, &r->options, error);
        if (rc != PANROCKS_OK) return rc;
        r->reader = std::make_unique<rocksdb::SstFileReader>(r->options);
        *reader_out = r.release();
        return PANROCKS_OK;
    });
}

void panrocks_sst_reader_destroy(panrocks_sst_reader *reader) { delete reader; }

int32_t panrocks_sst_reader_open(panrocks_sst_reader *reader, const char *path, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, reader != nullptr && path != nullptr);
        // a failed open leaves RocksDB's reader half replaced: nothing may use it until an open succeeds
        reader->opened = false;
        rocksdb::Status s = reader->reader->Open(path);
        if (!s.ok()) return report(error, s);
        reader->opened = true;
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

int32_t panrocks_sst_reader_verify_checksum(panrocks_sst_reader *reader, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, reader != nullptr);
        if (!reader->opened) return refuse_unopened(error);
        return check(error, reader->reader->VerifyChecksum());
    });
}

int32_t panrocks_sst_reader_properties(panrocks_sst_reader *reader, panrocks_blob **blob_out,
                                       panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, reader != nullptr && blob_out != nullptr);
        if (!reader->opened) return refuse_unopened(error);
        std::shared_ptr<const rocksdb::TableProperties> properties = reader->reader->GetTableProperties();
        auto blob = std::make_unique<panrocks_blob>();
        panrocks::encode_table_properties(properties != nullptr ? *properties : rocksdb::TableProperties(),
                                          &blob->bytes);
        return hand_out(std::move(blob), blob_out);
    });
}

int32_t panrocks_sst_reader_iterator(panrocks_sst_reader *reader, const panrocks_read_options_spec *spec,
                                     panrocks_iterator **iterator_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, reader != nullptr && iterator_out != nullptr);
        if (!reader->opened) return refuse_unopened(error);
        auto iterator = std::make_unique<panrocks_iterator>();
        if (spec != nullptr) {
            int32_t rc = panrocks::build_read_options(spec, &iterator->options, error);
            if (rc != PANROCKS_OK) return rc;
        }
        // the file is not a DB: no snapshot of one applies to it
        iterator->options.options.snapshot = nullptr;
        iterator->it.reset(reader->reader->NewIterator(iterator->options.options));
        iterator->values_stable = iterator->options.options.pin_data && reader->options.merge_operator == nullptr;
        *iterator_out = iterator.release();
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

int32_t panrocks_iterator_create_filtered(panrocks_db *db, panrocks_cf *cf, const panrocks_read_options_spec *spec,
                                          panrocks_table_filter_fn filter, void *context,
                                          panrocks_iterator **iterator_out, panrocks_error *error) {
    return guarded(error, [&] {
        std::function<bool(const rocksdb::TableProperties &)> table_filter;
        if (filter != nullptr) {
            table_filter = [filter, context](const rocksdb::TableProperties &properties) noexcept -> bool {
                // a filter that fails (PANROCKS_UPCALL_FAILED), or that cannot be asked, reads the
                // table: a failing filter never hides data, and nothing unwinds through the engine
                try {
                    std::string encoded;
                    panrocks::encode_table_properties(properties, &encoded);
                    return filter(context, encoded.data(), encoded.size()) != 0;
                } catch (...) {
                    return true;
                }
            };
        }
        return panrocks::create_iterator(db, cf, spec, std::move(table_filter), iterator_out, error);
    });
}

}  // extern "C"
