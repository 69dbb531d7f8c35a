package io.panrocks;

/**
 * One histogram's summary, as RocksJava's {@code HistogramData} (with its
 * {@code getMedian()}-style getters beside the record's own).
 *
 * @param median the median
 * @param percentile95 the 95th percentile
 * @param percentile99 the 99th percentile
 * @param average the mean
 * @param standardDeviation the standard deviation
 * @param max the largest value
 * @param min the smallest value
 * @param count how many values
 * @param sum their sum
 */
public record HistogramData(double median, double percentile95, double percentile99, double average,
                            double standardDeviation, double max, double min, long count, long sum) {

    /**
     * Returns {@link #median()}, as RocksJava names it.
     *
     * @return {@link #median()}, as RocksJava names it
     */
    public double getMedian() {
        return median;
    }

    /**
     * Returns {@link #percentile95()}, as RocksJava names it.
     *
     * @return {@link #percentile95()}, as RocksJava names it
     */
    public double getPercentile95() {
        return percentile95;
    }

    /**
     * Returns {@link #percentile99()}, as RocksJava names it.
     *
     * @return {@link #percentile99()}, as RocksJava names it
     */
    public double getPercentile99() {
        return percentile99;
    }

    /**
     * Returns {@link #average()}, as RocksJava names it.
     *
     * @return {@link #average()}, as RocksJava names it
     */
    public double getAverage() {
        return average;
    }

    /**
     * Returns {@link #standardDeviation()}, as RocksJava names it.
     *
     * @return {@link #standardDeviation()}, as RocksJava names it
     */
    public double getStandardDeviation() {
        return standardDeviation;
    }

    /**
     * Returns {@link #max()}, as RocksJava names it.
     *
     * @return {@link #max()}, as RocksJava names it
     */
    public double getMax() {
        return max;
    }

    /**
     * Returns {@link #min()}, as RocksJava names it.
     *
     * @return {@link #min()}, as RocksJava names it
     */
    public double getMin() {
        return min;
    }

    /**
     * Returns {@link #count()}, as RocksJava names it.
     *
     * @return {@link #count()}, as RocksJava names it
     */
    public long getCount() {
        return count;
    }

    /**
     * Returns {@link #sum()}, as RocksJava names it.
     *
     * @return {@link #sum()}, as RocksJava names it
     */
    public long getSum() {
        return sum;
    }
}
