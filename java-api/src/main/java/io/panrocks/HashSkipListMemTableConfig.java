package io.panrocks;

import io.panrocks.internal.Bounds;

/**
 * A memtable hashed by key prefix, a skip list per bucket
 * ({@code HashSkipListRepFactory}), as RocksJava's
 * {@code HashSkipListMemTableConfig}. It needs a prefix extractor
 * ({@code useFixedLengthPrefixExtractor} and the like): without one RocksDB uses
 * its skip list instead.
 */
public final class HashSkipListMemTableConfig extends MemTableConfig {
    private long bucketCount = 1_000_000;
    private int height = 4;
    private int branchingFactor = 4;

    /** RocksDB's defaults: 1,000,000 buckets, height 4, branching factor 4. */
    public HashSkipListMemTableConfig() {
    }

    /**
     * Hash buckets (each allocated when the memtable is).
     *
     * @param count buckets, 1 to 100,000,000
     * @return this
     * @throws IllegalArgumentException if outside that range
     */
    public HashSkipListMemTableConfig setBucketCount(long count) {
        Bounds.inRange(count, 1, 100_000_000, "bucketCount");
        this.bucketCount = count;
        return this;
    }

    /**
     * The value set with {@link #setBucketCount}.
     *
     * @return buckets
     */
    public long bucketCount() {
        return bucketCount;
    }

    /**
     * Maximum height of each bucket's skip list.
     *
     * @param height 1 to 32
     * @return this
     * @throws IllegalArgumentException if outside that range
     */
    public HashSkipListMemTableConfig setHeight(int height) {
        Bounds.inRange(height, 1, 32, "height");
        this.height = height;
        return this;
    }

    /**
     * The value set with {@link #setHeight}.
     *
     * @return the height
     */
    public int height() {
        return height;
    }

    /**
     * Probabilistic size ratio between the skip lists' levels.
     *
     * @param bf 2 to 1024
     * @return this
     * @throws IllegalArgumentException if outside that range
     */
    public HashSkipListMemTableConfig setBranchingFactor(int bf) {
        Bounds.inRange(bf, 2, 1024, "branchingFactor");
        this.branchingFactor = bf;
        return this;
    }

    /**
     * The value set with {@link #setBranchingFactor}.
     *
     * @return the branching factor
     */
    public int branchingFactor() {
        return branchingFactor;
    }

    @Override
    String optionValue() {
        return "{id=HashSkipListRepFactory;bucket_count=" + bucketCount + ";skiplist_height=" + height
                + ";branching_factor=" + branchingFactor + "}";
    }
}
