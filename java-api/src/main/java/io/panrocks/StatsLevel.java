package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** How much a {@link Statistics} object collects, as RocksDB's {@code StatsLevel}. RocksJava's three levels, and RocksDB's lower ones. */
public enum StatsLevel {
    /** Nothing: no tickers, no histograms. */
    DISABLE_ALL,
    /** Tickers only. */
    EXCEPT_HISTOGRAM_OR_TIMERS,
    /** Tickers and histograms, but no timings. */
    EXCEPT_TIMERS,
    /** Everything but the costly detailed timers (the default). */
    EXCEPT_DETAILED_TIMERS,
    /** Everything but the time spent waiting for the DB mutex. */
    EXCEPT_TIME_FOR_MUTEX,
    /** Everything, the DB mutex wait included (slows every operation). */
    ALL;

    int code() {
        return ordinal(); // the codes are the constants' positions
    }

    static StatsLevel fromCode(int code) {
        return EnumCodes.require(values(), StatsLevel::code, code,
                () -> new IllegalStateException("StatsLevel: unknown code " + code));
    }
}
