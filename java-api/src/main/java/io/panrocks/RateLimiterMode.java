package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** Which I/O a {@link RateLimiter} limits, as RocksDB's {@code RateLimiter::Mode}. */
public enum RateLimiterMode {
    /** Reads of flushes and compactions only. */
    READS_ONLY,
    /** Writes of flushes and compactions only (the default). */
    WRITES_ONLY,
    /** Both. */
    ALL_IO;

    int code() {
        return ordinal(); // the codes are the constants' positions
    }

    static RateLimiterMode fromCode(int code) {
        return EnumCodes.require(values(), RateLimiterMode::code, code,
                () -> new IllegalStateException("RateLimiterMode: unknown code " + code));
    }
}
