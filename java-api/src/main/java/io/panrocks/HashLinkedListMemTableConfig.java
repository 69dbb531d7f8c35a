package io.panrocks;


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
public final class HashLinkedListMemTableConfig extends HashLinkedListMemTableConfigFields {
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

    /** RocksJava's defaults (the constants of this class). */
    public HashLinkedListMemTableConfig() {
    }

    @Override
    String optionValue() {
        return "{id=HashLinkListRepFactory;bucket_count=" + bucketCount + ";threshold=" + thresholdUseSkiplist
                + ";huge_page_size=" + hugePageTlbSize + ";logging_threshold=" + bucketEntriesLoggingThreshold
                + ";log_when_flash=" + ifLogBucketDistWhenFlush + "}";
    }
}
