package io.panrocks;

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

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static CompactionPriority fromRocksName(String rocksName) {
        for (CompactionPriority v : values()) if (v.rocksName.equals(rocksName)) return v;
        throw new IllegalStateException("CompactionPriority: the engine reports " + rocksName + ", which panrocks does not know");
    }
}
