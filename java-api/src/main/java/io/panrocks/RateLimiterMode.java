package io.panrocks;

/** Which I/O a {@link RateLimiter} limits, as RocksDB's {@code RateLimiter::Mode}. */
public enum RateLimiterMode {
    /** Reads of flushes and compactions only. */
    READS_ONLY(0),
    /** Writes of flushes and compactions only (the default). */
    WRITES_ONLY(1),
    /** Both. */
    ALL_IO(2);

    private final int code;

    RateLimiterMode(int code) {
        this.code = code;
    }

    int code() {
        return code;
    }

    static RateLimiterMode fromCode(int code) {
        for (RateLimiterMode v : values()) if (v.code == code) return v;
        throw new IllegalStateException("RateLimiterMode: unknown code " + code);
    }
}
