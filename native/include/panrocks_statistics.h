/*
 * panrocks_statistics.h - statistics objects (rocksdb::Statistics),
 * shared objects as panrocks_resources.h describes them.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_STATISTICS_H
#define PANROCKS_STATISTICS_H

/* ---- statistics objects -------------------------------------------------- */

/* A rocksdb::Statistics that any number of DBs may share (open one with it
 * through panrocks_open_resources.statistics). */
typedef struct panrocks_stats panrocks_stats;

/* rocksdb::StatsLevel, by meaning (the engine's numbering is not used). */
#define PANROCKS_STATS_LEVEL_DISABLE_ALL 0
#define PANROCKS_STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS 1
#define PANROCKS_STATS_LEVEL_EXCEPT_TIMERS 2
#define PANROCKS_STATS_LEVEL_EXCEPT_DETAILED_TIMERS 3
#define PANROCKS_STATS_LEVEL_EXCEPT_TIME_FOR_MUTEX 4
#define PANROCKS_STATS_LEVEL_ALL 5

/* A fresh statistics object (rocksdb::CreateDBStatistics()). */
int32_t panrocks_stats_create(panrocks_stats **stats_out, panrocks_error *error);
/* Another reference to the statistics an open DB collects into;
 * PANROCKS_NOT_SUPPORTED if the DB has none. */
int32_t panrocks_stats_of_db(panrocks_db *db, panrocks_stats **stats_out, panrocks_error *error);
void panrocks_stats_destroy(panrocks_stats *stats);

typedef struct panrocks_histogram {
    double median;
    double percentile95;
    double percentile99;
    double average;
    double standard_deviation;
    double max;
    double min;
    uint64_t count;
    uint64_t sum;
} panrocks_histogram;

/* A ticker by RocksDB's name; with reset set, it is read and zeroed at once
 * (getAndResetTickerCount). PANROCKS_NOT_FOUND if the name is unknown. */
int32_t panrocks_stats_ticker(panrocks_stats *stats, const char *name, int32_t reset,
                              uint64_t *value, panrocks_error *error);
/* A histogram by RocksDB's name. PANROCKS_NOT_FOUND if the name is unknown. */
int32_t panrocks_stats_histogram(panrocks_stats *stats, const char *name,
                                 panrocks_histogram *histogram, panrocks_error *error);
/* A histogram as the engine prints it (Statistics::getHistogramString),
 * or with name NULL every ticker and histogram (Statistics::ToString).
 * Copies min(size, capacity) bytes and reports the full size. */
int32_t panrocks_stats_text(panrocks_stats *stats, const char *name, char *buffer, size_t capacity,
                            uint64_t *size, panrocks_error *error);
/* Zeroes every ticker and histogram. */
int32_t panrocks_stats_reset(panrocks_stats *stats, panrocks_error *error);
/* Sets the level (PANROCKS_STATS_LEVEL_*); PANROCKS_INVALID_ARGUMENT for another value. */
int32_t panrocks_stats_set_level(panrocks_stats *stats, int32_t level, panrocks_error *error);
/* The current level (PANROCKS_STATS_LEVEL_*); -1 for a NULL handle. */
int32_t panrocks_stats_level(const panrocks_stats *stats);

#endif /* PANROCKS_STATISTICS_H */
