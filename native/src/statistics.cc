// Statistics: tickers and histograms looked up by RocksDB's own names, so
// the ABI does not depend on the numbering of RocksDB's enums.
#include "internal.h"

using panrocks::guarded;
using panrocks::report;

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

}  // namespace

extern "C" {

int32_t panrocks_statistics_ticker(panrocks_db *db, const char *name, uint64_t *value,
                                   panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && name != nullptr && value != nullptr);
        if (!db->statistics) {
            return report(error, PANROCKS_NOT_SUPPORTED, "statistics are not enabled for this DB");
        }
        uint32_t ticker;
        if (!find_by_name(rocksdb::TickersNameMap, name, &ticker)) return PANROCKS_NOT_FOUND;
        *value = db->statistics->getTickerCount(ticker);
        return PANROCKS_OK;
    });
}

int32_t panrocks_statistics_histogram(panrocks_db *db, const char *name,
                                      panrocks_histogram *histogram, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && name != nullptr && histogram != nullptr);
        if (!db->statistics) {
            return report(error, PANROCKS_NOT_SUPPORTED, "statistics are not enabled for this DB");
        }
        uint32_t type;
        if (!find_by_name(rocksdb::HistogramsNameMap, name, &type)) return PANROCKS_NOT_FOUND;
        rocksdb::HistogramData data;
        db->statistics->histogramData(type, &data);
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

int32_t panrocks_statistics_reset(panrocks_db *db, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr);
        if (!db->statistics) {
            return report(error, PANROCKS_NOT_SUPPORTED, "statistics are not enabled for this DB");
        }
        return panrocks::check(error, db->statistics->Reset());
    });
}

}  // extern "C"
