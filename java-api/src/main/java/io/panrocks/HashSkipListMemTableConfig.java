package io.panrocks;

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
        if (count < 1 || count > 100_000_000) {
            throw new IllegalArgumentException("bucketCount must be in [1, 100000000], was " + count);
        }
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
        if (height < 1 || height > 32) throw new IllegalArgumentException("height must be in [1, 32], was " + height);
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
        if (bf < 2 || bf > 1024) throw new IllegalArgumentException("branchingFactor must be in [2, 1024], was " + bf);
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
