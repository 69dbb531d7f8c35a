package io.panrocks;

/** One histogram's summary, as RocksJava's {@code HistogramData}. */
public record HistogramData(double median, double percentile95, double percentile99, double average,
                            double standardDeviation, double max, double min, long count, long sum) {
}
