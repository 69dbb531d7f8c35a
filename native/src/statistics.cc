// Statistics objects (rocksdb::Statistics) that any number of DBs share:
// tickers and histograms looked up by RocksDB's own names, so that the ABI
// does not depend on the numbering of RocksDB's enums.
#include "internal.h"

using panrocks::check;
using panrocks::copy_out;
using panrocks::guarded;
using panrocks::report;

struct panrocks_stats {
    std::shared_ptr<rocksdb::Statistics> stats;
};

namespace panrocks {

std::shared_ptr<rocksdb::Statistics> statistics_of(const panrocks_stats *stats) { return stats->stats; }

}  // namespace panrocks

namespace {

template <typename Map>
bool find_by_name(const Map &map, const char *name, uint32_t *out) {
    for (const auto &entry : map) {
        if (entry.second == name) {
            *out = entry.first;
            return true;
        }
    }
    return false;
}

bool to_stats_level(int32_t level, rocksdb::StatsLevel *out) {
    switch (level) {
        case PANROCKS_STATS_LEVEL_DISABLE_ALL: *out = rocksdb::kDisableAll; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS: *out = rocksdb::kExceptHistogramOrTimers; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_TIMERS: *out = rocksdb::kExceptTimers; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_DETAILED_TIMERS: *out = rocksdb::kExceptDetailedTimers; return true;
        case PANROCKS_STATS_LEVEL_EXCEPT_TIME_FOR_MUTEX: *out = rocksdb::kExceptTimeForMutex; return true;
        case PANROCKS_STATS_LEVEL_ALL: *out = rocksdb::kAll; return true;
        default: return false;
    }
}

int32_t from_stats_level(rocksdb::StatsLevel level) {
    switch (level) {
        case rocksdb::kDisableAll: return PANROCKS_STATS_LEVEL_DISABLE_ALL;
        case rocksdb::kExceptHistogramOrTimers: return PANROCKS_STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS;
        case rocksdb::kExceptTimers: return PANROCKS_STATS_LEVEL_EXCEPT_TIMERS;
        case rocksdb::kExceptDetailedTimers: return PANROCKS_STATS_LEVEL_EXCEPT_DETAILED_TIMERS;
        case rocksdb::kExceptTimeForMutex: return PANROCKS_STATS_LEVEL_EXCEPT_TIME_FOR_MUTEX;
        default: return PANROCKS_STATS_LEVEL_ALL;
    }
}

}  // namespace

extern "C" {

int32_t panrocks_stats_create(panrocks_stats **stats_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats_out != nullptr);
        auto stats = std::make_unique<panrocks_stats>();
        stats->stats = rocksdb::CreateDBStatistics();
        *stats_out = stats.release();
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_of_db(panrocks_db *db, panrocks_stats **stats_out, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && stats_out != nullptr);
        if (!db->statistics) {
            return report(error, PANROCKS_NOT_SUPPORTED, "statistics are not enabled for this DB");
        }
        auto stats = std::make_unique<panrocks_stats>();
        stats->stats = db->statistics;
        *stats_out = stats.release();
        return PANROCKS_OK;
    });
}

void panrocks_stats_destroy(panrocks_stats *stats) { delete stats; }

int32_t panrocks_stats_ticker(panrocks_stats *stats, const char *name, int32_t reset, uint64_t *value,
                              panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr && name != nullptr && value != nullptr);
        uint32_t ticker;
        if (!find_by_name(rocksdb::TickersNameMap, name, &ticker)) return PANROCKS_NOT_FOUND;
        *value = reset ? stats->stats->getAndResetTickerCount(ticker) : stats->stats->getTickerCount(ticker);
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_histogram(panrocks_stats *stats, const char *name, panrocks_histogram *histogram,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr && name != nullptr && histogram != nullptr);
        uint32_t type;
        if (!find_by_name(rocksdb::HistogramsNameMap, name, &type)) return PANROCKS_NOT_FOUND;
        rocksdb::HistogramData data;
        stats->stats->histogramData(type, &data);
        histogram->median = data.median;
        histogram->percentile95 = data.percentile95;
        histogram->percentile99 = data.percentile99;
        histogram->average = data.average;
        histogram->standard_deviation = data.standard_deviation;
        histogram->max = data.max;
        histogram->min = data.min;
        histogram->count = data.count;
        histogram->sum = data.sum;
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_text(panrocks_stats *stats, const char *name, char *buffer, size_t capacity,
                            uint64_t *size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr && size != nullptr);
        if (name == nullptr) return copy_out(stats->stats->ToString(), buffer, capacity, size);
        uint32_t type;
        if (!find_by_name(rocksdb::HistogramsNameMap, name, &type)) return PANROCKS_NOT_FOUND;
        return copy_out(stats->stats->getHistogramString(type), buffer, capacity, size);
    });
}

int32_t panrocks_stats_reset(panrocks_stats *stats, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr);
        return check(error, stats->stats->Reset());
    });
}

int32_t panrocks_stats_set_level(panrocks_stats *stats, int32_t level, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, stats != nullptr);
        rocksdb::StatsLevel l;
        if (!to_stats_level(level, &l)) return report(error, PANROCKS_INVALID_ARGUMENT, "panrocks: unknown stats level");
        stats->stats->set_stats_level(l);
        return PANROCKS_OK;
    });
}

int32_t panrocks_stats_level(const panrocks_stats *stats) {
    return stats == nullptr ? -1 : from_stats_level(stats->stats->get_stats_level());
}

}  // extern "C"
