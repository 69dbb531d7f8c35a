package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A limit on the I/O of flushes and compactions, shared by every DB given it
 * with {@link DBOptionsInterface#setRateLimiter}, as RocksJava's
 * {@code RateLimiter} (RocksDB's {@code GenericRateLimiter}).
 *
 * <p>Stricter than RocksJava: rate, refill period and fairness must be
 * positive and a {@link #request} must not exceed
 * {@link #getSingleBurstBytes()} (RocksDB asserts these; RocksJava passes them
 * on), and {@link #request} really takes bytes from the budget, at user
 * priority (RocksJava's reaches a deprecated engine method that ignores it).
 *
 * <p>Owned by you: close it when no DB will be opened with it any more; DBs
 * already open keep their own reference (a Cleaner closes a forgotten one).
 * Thread-safe; calls on one limiter are serialized, so a blocked
 * {@link #request} delays the getters.
 */
public final class RateLimiter implements AutoCloseable {
    /** RocksJava's default refill period: 100 ms. */
    public static final long DEFAULT_REFILL_PERIOD_MICROS = 100_000;
    /** RocksJava's default fairness: low-priority requests get a turn 1 time in 10. */
    public static final int DEFAULT_FAIRNESS = 10;
    /** RocksJava's default mode: writes only. */
    public static final RateLimiterMode DEFAULT_MODE = RateLimiterMode.WRITES_ONLY;
    /** RocksJava's default: no auto-tuning. */
    public static final boolean DEFAULT_AUTOTUNE = false;

    private final long refillPeriodMicros;
    private final int fairness;
    private final RateLimiterMode mode;
    private final boolean autoTune;
    final SharedNative shared;

    /**
     * A limiter of {@code rateBytesPerSecond}, with RocksJava's defaults for the rest.
     *
     * @param rateBytesPerSecond bytes per second, {@code > 0}
     */
    public RateLimiter(long rateBytesPerSecond) {
        this(rateBytesPerSecond, DEFAULT_REFILL_PERIOD_MICROS);
    }

    /**
     * As {@link #RateLimiter(long, long, int, RateLimiterMode, boolean)}, defaults for the rest.
     *
     * @param rateBytesPerSecond bytes per second, {@code > 0}
     * @param refillPeriodMicros how often the budget refills, {@code > 0}
     */
    public RateLimiter(long rateBytesPerSecond, long refillPeriodMicros) {
        this(rateBytesPerSecond, refillPeriodMicros, DEFAULT_FAIRNESS);
    }

    /**
     * As {@link #RateLimiter(long, long, int, RateLimiterMode, boolean)}, defaults for the rest.
     *
     * @param rateBytesPerSecond bytes per second, {@code > 0}
     * @param refillPeriodMicros how often the budget refills, {@code > 0}
     * @param fairness low-priority requests go first 1 time in {@code fairness}, {@code > 0}
     */
    public RateLimiter(long rateBytesPerSecond, long refillPeriodMicros, int fairness) {
        this(rateBytesPerSecond, refillPeriodMicros, fairness, DEFAULT_MODE);
    }

    /**
     * As {@link #RateLimiter(long, long, int, RateLimiterMode, boolean)}, not auto-tuned.
     *
     * @param rateBytesPerSecond bytes per second, {@code > 0}
     * @param refillPeriodMicros how often the budget refills, {@code > 0}
     * @param fairness low-priority requests go first 1 time in {@code fairness}, {@code > 0}
     * @param mode which I/O is limited
     */
    public RateLimiter(long rateBytesPerSecond, long refillPeriodMicros, int fairness, RateLimiterMode mode) {
        this(rateBytesPerSecond, refillPeriodMicros, fairness, mode, DEFAULT_AUTOTUNE);
    }

    /**
     * A rate limiter (RocksDB's {@code NewGenericRateLimiter}).
     *
     * @param rateBytesPerSecond bytes per second, {@code > 0} (with autoTune, the upper bound)
     * @param refillPeriodMicros how often the budget refills, {@code > 0}
     * @param fairness low-priority requests go first 1 time in {@code fairness}, {@code > 0}
     * @param mode which I/O is limited
     * @param autoTune let RocksDB adjust the rate to the demand, up to rateBytesPerSecond
     * @throws IllegalArgumentException if a number is not positive
     */
    public RateLimiter(long rateBytesPerSecond, long refillPeriodMicros, int fairness, RateLimiterMode mode,
                       boolean autoTune) {
        positive(rateBytesPerSecond, "rateBytesPerSecond");
        positive(refillPeriodMicros, "refillPeriodMicros");
        positive(fairness, "fairness");
        Objects.requireNonNull(mode, "mode");
        NativeLibrary.ensureLoaded();
        this.refillPeriodMicros = refillPeriodMicros;
        this.fairness = fairness;
        this.mode = mode;
        this.autoTune = autoTune;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_rate_limiter_create(rateBytesPerSecond, refillPeriodMicros, fairness,
                    mode.code(), autoTune ? 1 : 0, out, error);
            if (rc != 0) throw new IllegalArgumentException("RateLimiter: " + Errors.toException(rc, error).getMessage());
            this.shared = new SharedNative(new StandaloneResource("RateLimiter", this, out.get(ValueLayout.ADDRESS, 0),
                    panrocks_h::panrocks_rate_limiter_destroy));
        }
    }

    private static void positive(long value, String what) {
        if (value <= 0) throw new IllegalArgumentException(what + " must be > 0, was " + value);
    }

    /**
     * Changes the rate, at once, for every DB using this limiter.
     *
     * @param bytesPerSecond bytes per second, {@code > 0}
     * @throws IllegalArgumentException if not positive
     * @throws IllegalStateException if closed
     */
    public void setBytesPerSecond(long bytesPerSecond) {
        positive(bytesPerSecond, "bytesPerSecond");
        StandaloneResource r = shared.resource;
        synchronized (r) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment error = panrocks_error.allocate(arena);
                int rc = panrocks_h.panrocks_rate_limiter_set_bytes_per_second(r.handle(), bytesPerSecond, error);
                if (rc != 0) throw new IllegalArgumentException(Errors.toException(rc, error).getMessage());
            }
        }
    }

    /**
     * The rate now (auto-tuning changes it).
     *
     * @return bytes per second
     * @throws IllegalStateException if closed
     */
    public long getBytesPerSecond() {
        return shared.resource.read(panrocks_h::panrocks_rate_limiter_bytes_per_second);
    }

    /**
     * Takes {@code bytes} from the budget, waiting until they are granted, as
     * your own I/O would (user priority).
     *
     * @param bytes at least 0, at most {@link #getSingleBurstBytes()}
     * @throws IllegalArgumentException if out of that range
     * @throws IllegalStateException if closed
     */
    public void request(long bytes) {
        StandaloneResource r = shared.resource;
        synchronized (r) {
            long burst = panrocks_h.panrocks_rate_limiter_single_burst_bytes(r.handle());
            if (bytes < 0 || bytes > burst) {
                throw new IllegalArgumentException("request must be in [0, " + burst + "] (the single burst), was " + bytes);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment error = panrocks_error.allocate(arena);
                int rc = panrocks_h.panrocks_rate_limiter_request(r.handle(), bytes, error);
                if (rc != 0) throw new IllegalArgumentException(Errors.toException(rc, error).getMessage());
            }
        }
    }

    /**
     * The most one request may take.
     *
     * @return bytes
     * @throws IllegalStateException if closed
     */
    public long getSingleBurstBytes() {
        return shared.resource.read(panrocks_h::panrocks_rate_limiter_single_burst_bytes);
    }

    /**
     * Bytes granted so far, to every DB and caller.
     *
     * @return bytes
     * @throws IllegalStateException if closed
     */
    public long getTotalBytesThrough() {
        return shared.resource.read(panrocks_h::panrocks_rate_limiter_total_bytes_through);
    }

    /**
     * Requests so far, from every DB and caller.
     *
     * @return the count
     * @throws IllegalStateException if closed
     */
    public long getTotalRequests() {
        return shared.resource.read(panrocks_h::panrocks_rate_limiter_total_requests);
    }

    /**
     * The refill period it was created with.
     *
     * @return microseconds
     */
    public long refillPeriodMicros() {
        return refillPeriodMicros;
    }

    /**
     * The fairness it was created with.
     *
     * @return fairness
     */
    public int fairness() {
        return fairness;
    }

    /**
     * The mode it was created with.
     *
     * @return the mode
     */
    public RateLimiterMode mode() {
        return mode;
    }

    /**
     * Whether it was created auto-tuned.
     *
     * @return autoTune
     */
    public boolean autoTune() {
        return autoTune;
    }

    /** Releases this handle; DBs using the limiter keep theirs. Idempotent. */
    @Override
    public void close() {
        shared.resource.close();
    }
}
