package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.data.Reads;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_histogram;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Tickers and histograms, as RocksJava's {@code Statistics}, in two forms:
 *
 * <ul>
 * <li>an object of your own, {@code new Statistics()}, given to one or more
 * DBs with {@link DBOptionsInterface#setStatistics(Statistics)} before they
 * open (they all count into it); close it when done (DBs still open keep
 * counting into their own reference, a Cleaner closes a forgotten one);</li>
 * <li>the view {@link RocksDB#getStatistics()} of a DB opened with
 * statistics (either way): it fails with {@link IllegalStateException} once
 * the DB is closed.</li>
 * </ul>
 *
 * <p>Unknown names are answers, not errors: -1 for a ticker and
 * {@code null} for a histogram the engine does not have (RocksDB renames and
 * drops some between versions). Thread-safe.
 */
public final class Statistics implements AutoCloseable {
    /** the DB a view belongs to (null for an object of one's own): its close ends the view */
    private final NativeDb db;
    private final StandaloneResource stats;
    /** what an open takes its reference from (objects of one's own only; null for a view) */
    final SharedNative shared;

    /** A statistics object of one's own, collecting at {@link StatsLevel#EXCEPT_DETAILED_TIMERS}. */
    public Statistics() {
        NativeLibrary.ensureLoaded();
        this.db = null;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_stats_create(out, error);
            if (rc != 0) throw new IllegalStateException("Statistics: " + Errors.toException(rc, error).getMessage());
            this.stats = new StandaloneResource("Statistics", this, out.get(ValueLayout.ADDRESS, 0),
                    panrocks_h::panrocks_stats_destroy);
        }
        this.shared = new SharedNative(stats);
    }

    /** The view of an open DB's statistics (inside a call on db). */
    Statistics(NativeDb db, CallContext c) {
        this.db = db;
        int rc = panrocks_h.panrocks_stats_of_db(db.handle(), c.size, c.error);
        if (rc != 0) throw new IllegalStateException("statistics of " + db + ": " + c.failure(rc).getMessage());
        this.stats = new StandaloneResource("Statistics", this, c.size.get(ValueLayout.ADDRESS, 0),
                panrocks_h::panrocks_stats_destroy);
        this.shared = null;
    }

    /** The statistics' handle, under its lock, after checking the DB of a view is open. */
    private <T> T call(StatsCall<T> action) {
        CallContext c = db == null ? null : db.enter();
        try {
            synchronized (stats) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment error = panrocks_error.allocate(arena);
                    return action.apply(stats.handle(), arena, error);
                }
            }
        } finally {
            if (c != null) db.exit(c);
        }
    }

    private interface StatsCall<T> {
        T apply(MemorySegment handle, Arena arena, MemorySegment error);
    }

    private static IllegalStateException failure(int rc, MemorySegment error) {
        return new IllegalStateException("Statistics: " + Errors.toException(rc, error).getMessage());
    }

    /**
     * As {@link #getTickerCount(String)}, by RocksJava's constant.
     *
     * @param ticker the ticker
     * @return its count, or -1 if the engine has no such ticker
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public long getTickerCount(TickerType ticker) {
        return getTickerCount(Objects.requireNonNull(ticker, "ticker").rocksName());
    }

    /**
     * A ticker by RocksDB's name ("rocksdb.block.cache.miss").
     *
     * @param rocksName the ticker's name
     * @return its count, or -1 if the engine has no such ticker
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public long getTickerCount(String rocksName) {
        return ticker(rocksName, false);
    }

    /**
     * Reads a ticker and sets it to zero, at once.
     *
     * @param ticker the ticker
     * @return its count before, or -1 if the engine has no such ticker
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public long getAndResetTickerCount(TickerType ticker) {
        return getAndResetTickerCount(Objects.requireNonNull(ticker, "ticker").rocksName());
    }

    /**
     * As {@link #getAndResetTickerCount(TickerType)}, by RocksDB's name.
     *
     * @param rocksName the ticker's name
     * @return its count before, or -1 if the engine has no such ticker
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public long getAndResetTickerCount(String rocksName) {
        return ticker(rocksName, true);
    }

    private long ticker(String rocksName, boolean reset) {
        byte[] name = cName(rocksName);
        return call((h, arena, error) -> {
            MemorySegment value = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = panrocks_h.panrocks_stats_ticker(h, arena.allocateFrom(ValueLayout.JAVA_BYTE, name),
                    reset ? 1 : 0, value, error);
            if (rc == Reads.NOT_FOUND) return -1L;
            if (rc != 0) throw failure(rc, error);
            return value.get(ValueLayout.JAVA_LONG, 0);
        });
    }

    /**
     * As {@link #getHistogramData(String)}, by RocksJava's constant.
     *
     * @param histogram the histogram
     * @return its summary, or null if the engine has no such histogram
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public HistogramData getHistogramData(HistogramType histogram) {
        return getHistogramData(Objects.requireNonNull(histogram, "histogram").rocksName());
    }

    /**
     * A histogram's summary by RocksDB's name ("rocksdb.db.get.micros").
     *
     * @param rocksName the histogram's name
     * @return its summary, or null if the engine has no such histogram
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public HistogramData getHistogramData(String rocksName) {
        byte[] name = cName(rocksName);
        return call((handle, arena, error) -> {
            MemorySegment h = panrocks_histogram.allocate(arena);
            int rc = panrocks_h.panrocks_stats_histogram(handle, arena.allocateFrom(ValueLayout.JAVA_BYTE, name),
                    h, error);
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw failure(rc, error);
            return new HistogramData(panrocks_histogram.median(h), panrocks_histogram.percentile95(h),
                    panrocks_histogram.percentile99(h), panrocks_histogram.average(h),
                    panrocks_histogram.standard_deviation(h), panrocks_histogram.max(h), panrocks_histogram.min(h),
                    panrocks_histogram.count(h), panrocks_histogram.sum(h));
        });
    }

    /**
     * A histogram as RocksDB prints it ("Count: 5 Average: ...").
     *
     * @param histogram the histogram
     * @return the text, or null if the engine has no such histogram
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public String getHistogramString(HistogramType histogram) {
        return getHistogramString(Objects.requireNonNull(histogram, "histogram").rocksName());
    }

    /**
     * As {@link #getHistogramString(HistogramType)}, by RocksDB's name.
     *
     * @param rocksName the histogram's name
     * @return the text, or null if the engine has no such histogram
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public String getHistogramString(String rocksName) {
        return text(cName(rocksName));
    }

    private String text(byte[] name) {
        return call((h, arena, error) -> {
            MemorySegment n = name == null ? MemorySegment.NULL : arena.allocateFrom(ValueLayout.JAVA_BYTE, name);
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = panrocks_h.panrocks_stats_text(h, n, MemorySegment.NULL, 0, size, error);
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw failure(rc, error);
            MemorySegment buffer = arena.allocate(Math.max(1, size.get(ValueLayout.JAVA_LONG, 0)));
            rc = panrocks_h.panrocks_stats_text(h, n, buffer, buffer.byteSize(), size, error);
            if (rc != 0) throw failure(rc, error);
            long length = Math.min(size.get(ValueLayout.JAVA_LONG, 0), buffer.byteSize());
            return new String(buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        });
    }

    /**
     * Sets every ticker and histogram back to zero.
     *
     * @throws RocksDBException if the engine refuses
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public void reset() throws RocksDBException {
        RocksDBException failed = call((h, arena, error) -> {
            int rc = panrocks_h.panrocks_stats_reset(h, error);
            return rc == 0 ? null : Errors.toException(rc, error);
        });
        if (failed != null) throw failed;
    }

    /**
     * How much is collected now.
     *
     * @return the level
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public StatsLevel statsLevel() {
        return call((h, arena, error) -> StatsLevel.fromCode(panrocks_h.panrocks_stats_level(h)));
    }

    /**
     * Changes how much is collected, at once, for every DB counting into
     * these statistics.
     *
     * @param level the level
     * @throws IllegalStateException if closed (or the view's DB is)
     */
    public void setStatsLevel(StatsLevel level) {
        Objects.requireNonNull(level, "level");
        call((h, arena, error) -> {
            int rc = panrocks_h.panrocks_stats_set_level(h, level.code(), error);
            if (rc != 0) throw failure(rc, error);
            return null;
        });
    }

    /**
     * Releases this handle; DBs counting into the statistics keep theirs.
     * Idempotent. Later reads throw {@link IllegalStateException}.
     */
    @Override
    public void close() {
        stats.close();
    }

    /**
     * Every ticker and histogram as RocksDB prints them, as RocksJava's
     * {@code toString()}; or a note once closed.
     *
     * @return the text
     */
    @Override
    public String toString() {
        try {
            return text(null);
        } catch (IllegalStateException e) {
            return "Statistics{closed}";
        }
    }

    /** A name crossing as a C string: NUL-terminated, and no zero character inside (it would cut it short). */
    private static byte[] cName(String rocksName) {
        Objects.requireNonNull(rocksName, "rocksName");
        if (rocksName.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a statistics name must not contain a zero character");
        }
        byte[] utf8 = rocksName.getBytes(StandardCharsets.UTF_8);
        return java.util.Arrays.copyOf(utf8, utf8.length + 1);
    }
}
