package io.panrocks;


/**
 * A memtable hashed by key prefix, a skip list per bucket
 * ({@code HashSkipListRepFactory}), as RocksJava's
 * {@code HashSkipListMemTableConfig}. It needs a prefix extractor
 * ({@code useFixedLengthPrefixExtractor} and the like): without one RocksDB uses
 * its skip list instead.
 */
public final class HashSkipListMemTableConfig extends HashSkipListMemTableConfigFields {
    /** RocksDB's defaults: 1,000,000 buckets, height 4, branching factor 4. */
    public HashSkipListMemTableConfig() {
    }

    @Override
    String optionValue() {
        return "{id=HashSkipListRepFactory;bucket_count=" + bucketCount + ";skiplist_height=" + height
                + ";branching_factor=" + branchingFactor + "}";
    }
}
