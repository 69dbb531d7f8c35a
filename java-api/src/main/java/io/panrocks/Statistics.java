package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_histogram;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * The tickers and histograms of a DB opened with
 * {@link DBOptionsInterface#setStatisticsEnabled(boolean)}, as RocksJava's
 * {@code Statistics}. A view of the DB ({@link RocksDB#getStatistics()}):
 * it owns nothing and fails with {@link IllegalStateException} once the DB
 * is closed. Thread-safe.
 */
public final class Statistics {
    private final NativeDb db;

    Statistics(NativeDb db) {
        this.db = db;
    }

    public long getTickerCount(TickerType ticker) throws RocksDBException {
        return getTickerCount(Objects.requireNonNull(ticker, "ticker").rocksName());
    }

    /** A ticker by RocksDB's name; -1 if the engine has no such ticker. */
    public long getTickerCount(String rocksName) throws RocksDBException {
        Objects.requireNonNull(rocksName, "rocksName");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            int rc = panrocks_h.panrocks_statistics_ticker(db.handle(), arena.allocateFrom(rocksName), c.size, c.error);
            if (rc == Reads.NOT_FOUND) return -1;
            if (rc != 0) throw c.failure(rc);
            return c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            db.exit(c);
        }
    }

    public HistogramData getHistogramData(HistogramType histogram) throws RocksDBException {
        return getHistogramData(Objects.requireNonNull(histogram, "histogram").rocksName());
    }

    /** A histogram by RocksDB's name; null if the engine has no such histogram. */
    public HistogramData getHistogramData(String rocksName) throws RocksDBException {
        Objects.requireNonNull(rocksName, "rocksName");
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment h = panrocks_histogram.allocate(arena);
            int rc = panrocks_h.panrocks_statistics_histogram(db.handle(), arena.allocateFrom(rocksName), h, c.error);
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw c.failure(rc);
            return new HistogramData(panrocks_histogram.median(h), panrocks_histogram.percentile95(h),
                    panrocks_histogram.percentile99(h), panrocks_histogram.average(h),
                    panrocks_histogram.standard_deviation(h), panrocks_histogram.max(h), panrocks_histogram.min(h),
                    panrocks_histogram.count(h), panrocks_histogram.sum(h));
        } finally {
            db.exit(c);
        }
    }

    /** Sets every ticker and histogram back to zero. */
    public void reset() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_statistics_reset(db.handle(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }
}
