package io.panrocks;

/** Which files leveled compaction picks first, as RocksDB's {@code CompactionPri} ({@code compaction_pri}). */
public enum CompactionPriority {
    /** Larger files first, deletions counted extra. */
    ByCompensatedSize((byte) 0x0, "kByCompensatedSize"),
    /** Files whose newest data is oldest first: for hot keys updated in small ranges. */
    OldestLargestSeqFirst((byte) 0x1, "kOldestLargestSeqFirst"),
    /** Files whose oldest data is oldest first: for uniform updates over the key space. */
    OldestSmallestSeqFirst((byte) 0x2, "kOldestSmallestSeqFirst"),
    /** Files that overlap least with the next level first (RocksDB's default). */
    MinOverlappingRatio((byte) 0x3, "kMinOverlappingRatio"),
    /** Files in round-robin key order, like a cursor over each level. */
    RoundRobin((byte) 0x4, "kRoundRobin");

    private final byte value;
    private final String rocksName;

    CompactionPriority(byte value, String rocksName) {
        this.value = value;
        this.rocksName = rocksName;
    }

    /**
     * RocksDB's number for the priority, as RocksJava's.
     *
     * @return the number
     */
    public byte getValue() {
        return value;
    }

    /**
     * The priority of a number {@link #getValue()} returns, as RocksJava's.
     *
     * @param value the number
     * @return its priority
     * @throws IllegalArgumentException if none has that number
     */
    public static CompactionPriority getCompactionPriority(byte value) {
        for (CompactionPriority v : values()) {
            if (v.value == value) return v;
        }
        throw new IllegalArgumentException("no CompactionPriority has the value " + value);
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static CompactionPriority fromRocksName(String rocksName) {
        for (CompactionPriority v : values()) if (v.rocksName.equals(rocksName)) return v;
        throw new IllegalStateException("CompactionPriority: the engine reports " + rocksName + ", which panrocks does not know");
    }
}
