package io.panrocks;

import io.panrocks.internal.EnumCodes;

/**
 * The kinds of memory {@link MemoryUtil} reports (RocksDB's
 * {@code MemoryUtil::UsageType}, RocksJava's {@code MemoryUsageType}).
 */
public enum MemoryUsageType {
    /** The memory of every memtable, flushed but still held ones included. */
    kMemTableTotal,
    /** The memory of the memtables not flushed yet. */
    kMemTableUnFlushed,
    /** The memory of the table readers (index and filter blocks held outside the block cache). */
    kTableReadersTotal,
    /** The memory used by the caches. */
    kCacheTotal,
    /** The number of kinds; never reported. */
    kNumUsageTypes;

    /**
     * RocksDB's number for the kind.
     *
     * @return the number
     */
    public byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /**
     * The kind of a number.
     *
     * @param byteIdentifier RocksDB's number
     * @return the kind
     * @throws IllegalArgumentException if no kind has that number
     */
    public static MemoryUsageType getMemoryUsageType(byte byteIdentifier) {
        return EnumCodes.ofValue(values(), MemoryUsageType::getValue, byteIdentifier);
    }
}
