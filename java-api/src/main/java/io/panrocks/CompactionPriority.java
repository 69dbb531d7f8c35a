package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** Which files leveled compaction picks first, as RocksDB's {@code CompactionPri} ({@code compaction_pri}). */
public enum CompactionPriority {
    /** Larger files first, deletions counted extra. */
    ByCompensatedSize("kByCompensatedSize"),
    /** Files whose newest data is oldest first: for hot keys updated in small ranges. */
    OldestLargestSeqFirst("kOldestLargestSeqFirst"),
    /** Files whose oldest data is oldest first: for uniform updates over the key space. */
    OldestSmallestSeqFirst("kOldestSmallestSeqFirst"),
    /** Files that overlap least with the next level first (RocksDB's default). */
    MinOverlappingRatio("kMinOverlappingRatio"),
    /** Files in round-robin key order, like a cursor over each level. */
    RoundRobin("kRoundRobin");

    private final String rocksName;

    CompactionPriority(String rocksName) {
        this.rocksName = rocksName;
    }

    /**
     * RocksDB's number for the priority, as RocksJava's.
     *
     * @return the number
     */
    public byte getValue() {
        return (byte) ordinal(); // the numbers are the constants' positions
    }

    /**
     * The priority of a number {@link #getValue()} returns, as RocksJava's.
     *
     * @param value the number
     * @return its priority
     * @throws IllegalArgumentException if none has that number
     */
    public static CompactionPriority getCompactionPriority(byte value) {
        return EnumCodes.ofValue(values(), CompactionPriority::getValue, value);
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static CompactionPriority fromRocksName(String rocksName) {
        return EnumCodes.ofRocksName(values(), CompactionPriority::rocksName, rocksName);
    }
}
