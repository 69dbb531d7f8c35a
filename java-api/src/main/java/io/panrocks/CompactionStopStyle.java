package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** When universal compaction stops adding files to a run, as RocksJava's {@code CompactionStopStyle}. */
public enum CompactionStopStyle {
    /** Stop at a file of a size not similar to the run's (RocksDB's default). */
    CompactionStopStyleSimilarSize("kCompactionStopStyleSimilarSize"),
    /** Stop when the run's total size is reached. */
    CompactionStopStyleTotalSize("kCompactionStopStyleTotalSize");

    private final String rocksName;

    CompactionStopStyle(String rocksName) {
        this.rocksName = rocksName;
    }

    /**
     * RocksDB's number for the stop style, as RocksJava's.
     *
     * @return the number
     */
    public byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /**
     * The stop style of a number {@link #getValue()} returns, as RocksJava's.
     *
     * @param value the number
     * @return its stop style
     * @throws IllegalArgumentException if none has that number
     */
    public static CompactionStopStyle getCompactionStopStyle(byte value) {
        return EnumCodes.ofValue(values(), CompactionStopStyle::getValue, value);
    }

    String rocksName() {
        return rocksName;
    }

    static CompactionStopStyle fromRocksName(String rocksName) {
        return EnumCodes.require(values(), CompactionStopStyle::rocksName, rocksName,
                () -> new IllegalStateException("the engine reports stop style " + rocksName + ", which panrocks does not know"));
    }
}
