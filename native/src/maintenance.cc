// Flush, compaction and properties.
#include <algorithm>
#include <map>
#include <unordered_set>
#include <vector>

#include <rocksdb/utilities/memory_util.h>

#include "internal.h"

using panrocks::check;
using panrocks::copy_out;
using panrocks::family;
using panrocks::guarded;
using panrocks::report;

extern "C" {

int32_t panrocks_flush(panrocks_db *db, panrocks_cf *cf, int32_t wait, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        rocksdb::FlushOptions options;
        options.wait = wait != 0;
        return check(error, db->db->Flush(options, family(db, cf)));
    });
}

int32_t panrocks_compact_range(panrocks_db *db, panrocks_cf *cf, panrocks_slice begin,
                               panrocks_slice end, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        rocksdb::Slice b(begin.data, begin.size), e(end.data, end.size);
        rocksdb::CompactRangeOptions options;
        return check(error, db->db->CompactRange(options, family(db, cf),
                                                 begin.data != nullptr ? &b : nullptr,
                                                 end.data != nullptr ? &e : nullptr));
    });
}

int32_t panrocks_get_property(panrocks_db *db, panrocks_cf *cf, const char *name, char *buffer,
                              size_t capacity, uint64_t *size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && name != nullptr && size != nullptr);
        std::string value;
        if (!db->db->GetProperty(family(db, cf), rocksdb::Slice(name), &value)) {
            return PANROCKS_NOT_FOUND;
        }
        *size = value.size();
        if (buffer != nullptr) std::memcpy(buffer, value.data(), std::min(value.size(), capacity));
        return PANROCKS_OK;
    });
}

int32_t panrocks_get_int_property(panrocks_db *db, panrocks_cf *cf, const char *name,
                                  uint64_t *value, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && name != nullptr && value != nullptr);
        return db->db->GetIntProperty(family(db, cf), rocksdb::Slice(name), value) ? PANROCKS_OK
                                                                                   : PANROCKS_NOT_FOUND;
    });
}

}  // extern "C"

extern "C" {

int32_t panrocks_approximate_sizes(panrocks_db *db, panrocks_cf *cf, size_t count,
                                   const panrocks_slice *starts, const panrocks_slice *limits,
                                   int32_t flags, uint64_t *sizes,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        PANROCKS_REQUIRE(error, (flags & ~(PANROCKS_SIZES_INCLUDE_MEMTABLES | PANROCKS_SIZES_INCLUDE_BLOB_FILES)) == 0);
        PANROCKS_REQUIRE(error, count == 0 || (starts != nullptr && limits != nullptr && sizes != nullptr));
        std::vector<rocksdb::Range> ranges;
        ranges.reserve(count);
        for (size_t i = 0; i < count; i++) {
            ranges.emplace_back(rocksdb::Slice(starts[i].data, starts[i].size),
                                rocksdb::Slice(limits[i].data, limits[i].size));
        }
        rocksdb::SizeApproximationOptions options;
        options.include_memtables = (flags & PANROCKS_SIZES_INCLUDE_MEMTABLES) != 0;
        options.include_files = true;
        if ((flags & PANROCKS_SIZES_INCLUDE_BLOB_FILES) != 0) {
#if ROCKSDB_MAJOR >= 11
            options.include_blob_files = true;
#else
            return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: blob file sizes need RocksDB 11 or later");
#endif
        }
        return check(error, db->db->GetApproximateSizes(options, family(db, cf), ranges.data(),
                                                        static_cast<int>(count), sizes));
    });
}

int32_t panrocks_approximate_memtable_stats(panrocks_db *db, panrocks_cf *cf, panrocks_slice start,
                                            panrocks_slice limit, uint64_t *count, uint64_t *size,
                                            panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && count != nullptr && size != nullptr);
        PANROCKS_REQUIRE(error, (start.data != nullptr || start.size == 0) && (limit.data != nullptr || limit.size == 0));
        const rocksdb::Range range(rocksdb::Slice(start.data, start.size), rocksdb::Slice(limit.data, limit.size));
        db->db->GetApproximateMemTableStats(family(db, cf), range, count, size);
        return PANROCKS_OK;
    });
}

}  // extern "C"

extern "C" {

int32_t panrocks_get_db_identity(panrocks_db *db, char *buffer, size_t capacity, size_t *size,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && size != nullptr);
        std::string identity;
        int32_t rc = check(error, db->db->GetDbIdentity(identity));
        if (rc != PANROCKS_OK) return rc;
        *size = identity.size();
        if (buffer != nullptr) std::memcpy(buffer, identity.data(), std::min(capacity, identity.size()));
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

int32_t panrocks_get_db_session_id(panrocks_db *db, char *buffer, size_t capacity, uint64_t *size,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && size != nullptr);
        std::string session;
        int32_t rc = check(error, db->db->GetDbSessionId(session));
        if (rc != PANROCKS_OK) return rc;
        return copy_out(session, buffer, capacity, size);
    });
}

int32_t panrocks_verify_checksum(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        return check(error, db->db->VerifyChecksum());
    });
}

// ---- flush and compaction with options --------------------------------------

int32_t panrocks_flush_families(panrocks_db *db, panrocks_cf *const *cfs, size_t count, int32_t wait,
                                int32_t allow_write_stall, int32_t listener_wait, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        PANROCKS_REQUIRE(error, count == 0 || cfs != nullptr);
        rocksdb::FlushOptions options;
        options.wait = wait != 0;
        options.allow_write_stall = allow_write_stall != 0;
#if ROCKSDB_MAJOR > 11 || (ROCKSDB_MAJOR == 11 && ROCKSDB_MINOR >= 8)
        options.listener_wait = listener_wait != 0;
#else
        // FlushOptions::listener_wait came with RocksDB 11.8; flushing without the wait asked for would
        // let the caller read what its listener has not yet seen
        if (listener_wait != 0) {
            return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: listener_wait needs RocksDB 11.8 or later");
        }
#endif
        if (count == 0) return check(error, db->db->Flush(options, family(db, nullptr)));
        std::vector<rocksdb::ColumnFamilyHandle *> families;
        families.reserve(count);
        for (size_t i = 0; i < count; i++) families.push_back(family(db, cfs[i]));
        return check(error, db->db->Flush(options, families));
    });
}

int32_t panrocks_abort_all_compactions(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
#if ROCKSDB_MAJOR >= 11
        db->db->AbortAllCompactions();
        return static_cast<int32_t>(PANROCKS_OK);
#else
        return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: AbortAllCompactions needs RocksDB 11 or later");
#endif
    });
}

int32_t panrocks_resume_all_compactions(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
#if ROCKSDB_MAJOR >= 11
        db->db->ResumeAllCompactions();
        return static_cast<int32_t>(PANROCKS_OK);
#else
        return report(error, PANROCKS_NOT_SUPPORTED, "panrocks: ResumeAllCompactions needs RocksDB 11 or later");
#endif
    });
}

void panrocks_compact_range_options_init(panrocks_compact_range_options *options) {
    if (options == nullptr) return;
    const rocksdb::CompactRangeOptions d;
    *options = panrocks_compact_range_options{};
    options->exclusive_manual_compaction = d.exclusive_manual_compaction;
    options->change_level = d.change_level;
    options->target_level = d.target_level;
    options->target_path_id = static_cast<int32_t>(d.target_path_id);
    switch (d.bottommost_level_compaction) {
        case rocksdb::BottommostLevelCompaction::kSkip:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_SKIP;
            break;
        case rocksdb::BottommostLevelCompaction::kForce:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_FORCE;
            break;
        case rocksdb::BottommostLevelCompaction::kForceOptimized:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_FORCE_OPTIMIZED;
            break;
        default:
            options->bottommost_level_compaction = PANROCKS_BOTTOMMOST_IF_HAVE_COMPACTION_FILTER;
            break;
    }
    options->allow_write_stall = d.allow_write_stall;
    options->max_subcompactions = static_cast<int32_t>(d.max_subcompactions);
}

int32_t panrocks_compact_range_with(panrocks_db *db, panrocks_cf *cf, panrocks_slice begin, panrocks_slice end,
                                    const panrocks_compact_range_options *o, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        rocksdb::CompactRangeOptions options;
        if (o != nullptr) {
            PANROCKS_REQUIRE(error, o->target_level >= -1 && o->target_path_id >= 0 && o->max_subcompactions >= 0);
            options.exclusive_manual_compaction = o->exclusive_manual_compaction != 0;
            options.change_level = o->change_level != 0;
            options.target_level = o->target_level;
            options.target_path_id = static_cast<uint32_t>(o->target_path_id);
            switch (o->bottommost_level_compaction) {
                case PANROCKS_BOTTOMMOST_SKIP:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kSkip;
                    break;
                case PANROCKS_BOTTOMMOST_IF_HAVE_COMPACTION_FILTER:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kIfHaveCompactionFilter;
                    break;
                case PANROCKS_BOTTOMMOST_FORCE:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
                    break;
                case PANROCKS_BOTTOMMOST_FORCE_OPTIMIZED:
                    options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForceOptimized;
                    break;
                default:
                    return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown bottommost level compaction");
            }
            options.allow_write_stall = o->allow_write_stall != 0;
            options.max_subcompactions = static_cast<uint32_t>(o->max_subcompactions);
        }
        rocksdb::Slice b(begin.data, begin.size), e(end.data, end.size);
        return check(error, db->db->CompactRange(options, family(db, cf), begin.data != nullptr ? &b : nullptr,
                                                 end.data != nullptr ? &e : nullptr));
    });
}

int32_t panrocks_memory_usage_by_type(panrocks_db *const *dbs, size_t db_count, panrocks_cache *const *caches,
                                      size_t cache_count, uint64_t *usage, uint32_t *reported,
                                      panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, usage != nullptr && reported != nullptr);
        PANROCKS_REQUIRE(error, db_count == 0 || dbs != nullptr);
        PANROCKS_REQUIRE(error, cache_count == 0 || caches != nullptr);
        std::vector<rocksdb::DB *> engines;
        for (size_t i = 0; i < db_count; i++) {
            PANROCKS_REQUIRE(error, dbs[i] != nullptr && dbs[i]->db != nullptr);
            engines.push_back(dbs[i]->db);
        }
        std::unordered_set<const rocksdb::Cache *> cache_set;
        for (size_t i = 0; i < cache_count; i++) {
            if (caches[i] != nullptr && caches[i]->cache) cache_set.insert(caches[i]->cache.get());
        }
        std::map<rocksdb::MemoryUtil::UsageType, uint64_t> by_type;
        rocksdb::Status s = rocksdb::MemoryUtil::GetApproximateMemoryUsageByType(engines, cache_set, &by_type);
        if (!s.ok()) return panrocks::report(error, s);
        const rocksdb::MemoryUtil::UsageType order[PANROCKS_MEMORY_USAGE_TYPES] = {
            rocksdb::MemoryUtil::kMemTableTotal, rocksdb::MemoryUtil::kMemTableUnFlushed,
            rocksdb::MemoryUtil::kTableReadersTotal, rocksdb::MemoryUtil::kCacheTotal};
        *reported = 0;
        for (int i = 0; i < PANROCKS_MEMORY_USAGE_TYPES; i++) {
            auto found = by_type.find(order[i]);
            usage[i] = found == by_type.end() ? 0 : found->second;
            if (found != by_type.end()) *reported |= 1u << i;
        }
        return PANROCKS_OK;
    });
}

int32_t panrocks_aggregated_int_property(panrocks_db *db, const char *name, uint64_t *value, int32_t *known,
                                         panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && db->db != nullptr && name != nullptr && value != nullptr &&
                                    known != nullptr);
        uint64_t sum = 0;
        bool ok = db->db->GetAggregatedIntProperty(rocksdb::Slice(name), &sum);
        *known = ok ? 1 : 0;
        *value = ok ? sum : 0;
        return static_cast<int32_t>(PANROCKS_OK);
    });
}

}  // extern "C"
