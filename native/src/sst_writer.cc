// SST files written outside a DB (rocksdb::SstFileWriter), for ingestion.
#include <rocksdb/convenience.h>
#include <rocksdb/env.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/version.h>
#include <rocksdb/wide_columns.h>

#include "internal.h"

using panrocks::check;
using panrocks::guarded;
using panrocks::report;

struct panrocks_sst_writer {
    // the options the writer was built with: it keeps references into them
    rocksdb::Options options;
    rocksdb::EnvOptions env;
    std::unique_ptr<rocksdb::SstFileWriter> writer;
    rocksdb::ExternalSstFileInfo info;  // of the last finished file
};

extern "C" {

void panrocks_env_options_init(panrocks_env_options *options) {
    if (options == nullptr) return;
    const rocksdb::EnvOptions d;
    *options = panrocks_env_options{};
    options->bytes_per_sync = d.bytes_per_sync;
    options->writable_file_max_buffer_size = d.writable_file_max_buffer_size;
    options->use_direct_writes = d.use_direct_writes;
    options->fallocate_with_keep_size = d.fallocate_with_keep_size;
}

int32_t panrocks_sst_writer_create(const panrocks_env_options *env, const char *db_options,
                                   const panrocks_cf_descriptor *family, panrocks_sst_writer **writer_out,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer_out != nullptr);
        auto w = std::make_unique<panrocks_sst_writer>();
        int32_t rc = panrocks::file_options(db_options, family, &w->options, error);
        if (rc != PANROCKS_OK) return rc;
        if (env != nullptr) {
            w->env.bytes_per_sync = env->bytes_per_sync;
            w->env.writable_file_max_buffer_size = static_cast<size_t>(env->writable_file_max_buffer_size);
            w->env.use_direct_writes = env->use_direct_writes != 0;
            w->env.fallocate_with_keep_size = env->fallocate_with_keep_size != 0;
        }
        w->writer = std::make_unique<rocksdb::SstFileWriter>(w->env, w->options);
        *writer_out = w.release();
        return PANROCKS_OK;
    });
}

void panrocks_sst_writer_destroy(panrocks_sst_writer *writer) { delete writer; }

int32_t panrocks_sst_writer_open(panrocks_sst_writer *writer, const char *path, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr && path != nullptr);
        return check(error, writer->writer->Open(path));
    });
}

int32_t panrocks_sst_writer_put(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                const char *value, size_t value_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr);
        return check(error, writer->writer->Put(rocksdb::Slice(key, key_length), rocksdb::Slice(value, value_length)));
    });
}

int32_t panrocks_sst_writer_merge(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                  const char *value, size_t value_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr);
        return check(error,
                     writer->writer->Merge(rocksdb::Slice(key, key_length), rocksdb::Slice(value, value_length)));
    });
}

int32_t panrocks_sst_writer_delete(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr);
        return check(error, writer->writer->Delete(rocksdb::Slice(key, key_length)));
    });
}

int32_t panrocks_sst_writer_delete_range(panrocks_sst_writer *writer, const char *begin, size_t begin_length,
                                         const char *end, size_t end_length, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr);
        return check(error, writer->writer->DeleteRange(rocksdb::Slice(begin, begin_length),
                                                        rocksdb::Slice(end, end_length)));
    });
}

int32_t panrocks_sst_writer_finish(panrocks_sst_writer *writer, panrocks_sst_file_info *info,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr);
        rocksdb::ExternalSstFileInfo done;
        rocksdb::Status s = writer->writer->Finish(&done);
        if (!s.ok()) return report(error, s);
        writer->info = std::move(done);
        if (info != nullptr) {
            const rocksdb::ExternalSstFileInfo &i = writer->info;
            auto slice = [](const std::string &str) { return panrocks_slice{str.data(), str.size()}; };
            *info = panrocks_sst_file_info{};
            info->file_path = slice(i.file_path);
            info->smallest_key = slice(i.smallest_key);
            info->largest_key = slice(i.largest_key);
            info->smallest_range_del_key = slice(i.smallest_range_del_key);
            info->largest_range_del_key = slice(i.largest_range_del_key);
            info->sequence_number = i.sequence_number;
            info->file_size = i.file_size;
            info->num_entries = i.num_entries;
            info->num_range_del_entries = i.num_range_del_entries;
            info->version = i.version;
        }
        return PANROCKS_OK;
    });
}

int32_t panrocks_sst_writer_file_size(panrocks_sst_writer *writer, uint64_t *size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr && size != nullptr);
        *size = writer->writer->FileSize();
        return PANROCKS_OK;
    });
}

int32_t panrocks_sst_writer_put_entity(panrocks_sst_writer *writer, const char *key, size_t key_length,
                                       const panrocks_wide_column *columns, size_t count, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, writer != nullptr && (columns != nullptr || count == 0));
#if ROCKSDB_MAJOR > 8 || (ROCKSDB_MAJOR == 8 && ROCKSDB_MINOR >= 6)
        rocksdb::WideColumns entity;
        entity.reserve(count);
        for (size_t i = 0; i < count; i++) {
            entity.emplace_back(rocksdb::Slice(columns[i].name.data, columns[i].name.size),
                                rocksdb::Slice(columns[i].value.data, columns[i].value.size));
        }
        return check(error, writer->writer->PutEntity(rocksdb::Slice(key, key_length), entity));
#else
        return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: entities in SST files need RocksDB 8.6 or later");
#endif
    });
}

}  // extern "C"
