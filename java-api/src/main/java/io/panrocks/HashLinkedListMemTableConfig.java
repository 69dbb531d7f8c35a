package io.panrocks;

import io.panrocks.internal.Bounds;

/**
 * A memtable hashed by key prefix, a sorted linked list per bucket that
 * turns into a skip list once it holds {@link #thresholdUseSkiplist()}
 * entries ({@code HashLinkListRepFactory}), as RocksJava's
 * {@code HashLinkedListMemTableConfig}. It needs a prefix extractor
 * ({@code useFixedLengthPrefixExtractor} and the like): without one RocksDB
 * uses its skip list instead. It does not take concurrent writes: open the
 * DB with {@code setAllowConcurrentMemtableWrite(false)} (RocksDB refuses
 * the open with InvalidArgument otherwise).
 */
public final class HashLinkedListMemTableConfig extends MemTableConfig {
    /** RocksJava's default bucket count: 50,000. */
    public static final long DEFAULT_BUCKET_COUNT = 50_000;
    /** RocksJava's default huge page size: 0, no huge pages. */
    public static final long DEFAULT_HUGE_PAGE_TLB_SIZE = 0;
    /** RocksJava's default: a bucket of more than 4,096 entries is logged. */
    public static final int DEFAULT_BUCKET_ENTRIES_LOG_THRES = 4096;
    /** RocksJava's default: the bucket distribution is logged at a flush. */
    public static final boolean DEFAULT_IF_LOG_BUCKET_DIST_WHEN_FLUSH = true;
    /** RocksJava's default (spelled as there): a bucket turns into a skip list at 256 entries. */
    public static final int DEFAUL_THRESHOLD_USE_SKIPLIST = 256;

    private long bucketCount = DEFAULT_BUCKET_COUNT;
    private long hugePageTlbSize = DEFAULT_HUGE_PAGE_TLB_SIZE;
    private int bucketEntriesLoggingThreshold = DEFAULT_BUCKET_ENTRIES_LOG_THRES;
    private boolean ifLogBucketDistWhenFlush = DEFAULT_IF_LOG_BUCKET_DIST_WHEN_FLUSH;
    private int thresholdUseSkiplist = DEFAUL_THRESHOLD_USE_SKIPLIST;

    /** RocksJava's defaults (the constants of this class). */
    public HashLinkedListMemTableConfig() {
    }

    /**
     * Hash buckets (each allocated when the memtable is).
     *
     * @param count buckets, 1 to 100,000,000 (RocksDB divides by it)
     * @return this
     * @throws IllegalArgumentException if outside that range
     */
    public HashLinkedListMemTableConfig setBucketCount(long count) {
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
     * The size of the huge pages the memtable's memory comes from (the
     * system must have them reserved, else RocksDB falls back to ordinary
     * memory).
     *
     * @param size bytes, {@code >= 0}; 0: no huge pages
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public HashLinkedListMemTableConfig setHugePageTlbSize(long size) {
        if (size < 0) throw new IllegalArgumentException("hugePageTlbSize must be >= 0, was " + size);
        this.hugePageTlbSize = size;
        return this;
    }

    /**
     * The value set with {@link #setHugePageTlbSize}.
     *
     * @return bytes; 0: no huge pages
     */
    public long hugePageTlbSize() {
        return hugePageTlbSize;
    }

    /**
     * How many entries a bucket holds before RocksDB logs it (to the info log).
     *
     * @param threshold entries
     * @return this
     */
    public HashLinkedListMemTableConfig setBucketEntriesLoggingThreshold(int threshold) {
        this.bucketEntriesLoggingThreshold = threshold;
        return this;
    }

    /**
     * The value set with {@link #setBucketEntriesLoggingThreshold}.
     *
     * @return entries
     */
    public int bucketEntriesLoggingThreshold() {
        return bucketEntriesLoggingThreshold;
    }

    /**
     * Whether RocksDB logs the distribution of entries over the buckets when it flushes the memtable.
     *
     * @param logDistribution true to log it
     * @return this
     */
    public HashLinkedListMemTableConfig setIfLogBucketDistWhenFlush(boolean logDistribution) {
        this.ifLogBucketDistWhenFlush = logDistribution;
        return this;
    }

    /**
     * The value set with {@link #setIfLogBucketDistWhenFlush}.
     *
     * @return whether the distribution is logged
     */
    public boolean ifLogBucketDistWhenFlush() {
        return ifLogBucketDistWhenFlush;
    }

    /**
     * The number of entries at which a bucket's linked list turns into a skip list.
     *
     * @param threshold entries, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public HashLinkedListMemTableConfig setThresholdUseSkiplist(int threshold) {
        if (threshold < 0) throw new IllegalArgumentException("thresholdUseSkiplist must be >= 0, was " + threshold);
        this.thresholdUseSkiplist = threshold;
        return this;
    }

    /**
     * The value set with {@link #setThresholdUseSkiplist}.
     *
     * @return entries
     */
    public int thresholdUseSkiplist() {
        return thresholdUseSkiplist;
    }

    @Override
    String optionValue() {
        return "{id=HashLinkListRepFactory;bucket_count=" + bucketCount + ";threshold=" + thresholdUseSkiplist
                + ";huge_page_size=" + hugePageTlbSize + ";logging_threshold=" + bucketEntriesLoggingThreshold
                + ";log_when_flash=" + ifLogBucketDistWhenFlush + "}";
    }
}
