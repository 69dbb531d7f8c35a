package io.panrocks;

/**
 * Receives what a {@link StatisticsCollector} reads, as RocksJava's
 * {@code StatisticsCollectorCallback}: every ticker and every histogram of
 * a {@link Statistics}, once per collection round, on the collector's
 * thread.
 */
public interface StatisticsCollectorCallback {
    /**
     * One ticker's current count.
     *
     * @param tickerType the ticker
     * @param tickerCount its count
     */
    void tickerCallback(TickerType tickerType, long tickerCount);

    /**
     * One histogram's current data.
     *
     * @param histType the histogram
     * @param histData its data
     */
    void histogramCallback(HistogramType histType, HistogramData histData);
}
