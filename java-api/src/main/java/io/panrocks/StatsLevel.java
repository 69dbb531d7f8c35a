package io.panrocks;

/** How much a {@link Statistics} object collects, as RocksDB's {@code StatsLevel}. RocksJava's three levels, and RocksDB's lower ones. */
public enum StatsLevel {
    /** Nothing: no tickers, no histograms. */
    DISABLE_ALL(0),
    /** Tickers only. */
    EXCEPT_HISTOGRAM_OR_TIMERS(1),
    /** Tickers and histograms, but no timings. */
    EXCEPT_TIMERS(2),
    /** Everything but the costly detailed timers (the default). */
    EXCEPT_DETAILED_TIMERS(3),
    /** Everything but the time spent waiting for the DB mutex. */
    EXCEPT_TIME_FOR_MUTEX(4),
    /** Everything, the DB mutex wait included (slows every operation). */
    ALL(5);

    private final int code;

    StatsLevel(int code) {
        this.code = code;
    }

    int code() {
        return code;
    }

    static StatsLevel fromCode(int code) {
        for (StatsLevel v : values()) if (v.code == code) return v;
        throw new IllegalStateException("StatsLevel: unknown code " + code);
    }
}
