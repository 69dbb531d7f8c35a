package io.panrocks;

import java.util.Objects;

/**
 * One statistics object for a {@link StatisticsCollector} to read and the
 * callback that receives what it reads (RocksJava's {@code StatsCollectorInput}).
 */
public final class StatsCollectorInput {
    private final Statistics statistics;
    private final StatisticsCollectorCallback callback;

    /**
     * Pairs the statistics with the callback.
     *
     * @param statistics what to read; not null
     * @param statsCallback what receives it; not null
     * @throws NullPointerException if either is null
     */
    public StatsCollectorInput(Statistics statistics, StatisticsCollectorCallback statsCallback) {
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.callback = Objects.requireNonNull(statsCallback, "statsCallback");
    }

    /**
     * The statistics read.
     *
     * @return the statistics
     */
    public Statistics getStatistics() {
        return statistics;
    }

    /**
     * The callback that receives them.
     *
     * @return the callback
     */
    public StatisticsCollectorCallback getCallback() {
        return callback;
    }
}
