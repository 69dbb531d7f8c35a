package io.panrocks;

import io.panrocks.internal.EnumCodes;

/**
 * How much RocksDB's per-thread {@link PerfContext} and
 * {@link IOStatsContext} measure, as RocksJava's {@code PerfLevel} (the
 * same constants and byte values). Set with
 * {@link RocksDB#setPerfLevel(PerfLevel)}, per thread.
 *
 * <p>The byte values are RocksJava's, not the engine's: RocksDB 9.1 added a
 * level ({@code kEnableWait}) between {@link #ENABLE_COUNT} and
 * {@link #ENABLE_TIME_EXCEPT_FOR_MUTEX}, which panrocks, as RocksJava,
 * does not offer; the native layer translates by meaning.
 */
public enum PerfLevel {
    /** Unknown setting: not a level one can set. */
    UNINITIALIZED,
    /** Measure nothing. */
    DISABLE,
    /** Count only (the engine's default on every thread). */
    ENABLE_COUNT,
    /** Counts, and times except for mutexes. */
    ENABLE_TIME_EXCEPT_FOR_MUTEX,
    /** Counts, times and CPU times, except for mutexes. */
    ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX,
    /** Counts and times, mutexes included. */
    ENABLE_TIME,
    /**
     * Not a level: the end of the range (and what {@link RocksDB#getPerfLevel()}
     * answers for a level of the engine that has no constant here).
     *
     * @deprecated kept for parity with RocksJava and RocksDB's C++ API
     */
    @Deprecated
    OUT_OF_BOUNDS;

    /**
     * RocksJava's byte value of the level.
     *
     * @return the value
     */
    public byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /**
     * The level of a RocksJava byte value.
     *
     * @param level the value
     * @return its level
     * @throws IllegalArgumentException if no level has that value
     */
    public static PerfLevel getPerfLevel(byte level) {
        return EnumCodes.require(values(), PerfLevel::getValue, level,
                () -> new IllegalArgumentException("Unknown PerfLevel constant: " + level));
    }

    /** The ABI's code of a level one can set ({@code PANROCKS_PERF_LEVEL_*}). */
    int nativeCode() {
        return switch (this) {
            case DISABLE -> io.panrocks.internal.ffi.panrocks_h.PANROCKS_PERF_LEVEL_DISABLE();
            case ENABLE_COUNT -> io.panrocks.internal.ffi.panrocks_h.PANROCKS_PERF_LEVEL_ENABLE_COUNT();
            case ENABLE_TIME_EXCEPT_FOR_MUTEX ->
                io.panrocks.internal.ffi.panrocks_h.PANROCKS_PERF_LEVEL_ENABLE_TIME_EXCEPT_FOR_MUTEX();
            case ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX ->
                io.panrocks.internal.ffi.panrocks_h.PANROCKS_PERF_LEVEL_ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX();
            case ENABLE_TIME -> io.panrocks.internal.ffi.panrocks_h.PANROCKS_PERF_LEVEL_ENABLE_TIME();
            default -> throw new IllegalArgumentException("Unable to set " + name() + " level");
        };
    }

    /** The level of an ABI code; {@link #OUT_OF_BOUNDS} for one without a constant here (kEnableWait). */
    static PerfLevel ofNativeCode(int code) {
        for (PerfLevel l : values()) {
            if (l != UNINITIALIZED && l != OUT_OF_BOUNDS && l.nativeCode() == code) return l;
        }
        return OUT_OF_BOUNDS;
    }
}
