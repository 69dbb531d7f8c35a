package io.panrocks;

/**
 * RocksJava's {@code ClockCache}, as the engine provides it: RocksDB removed
 * its old clock cache (it had an unresolved bug), and {@code NewClockCache},
 * which RocksJava's {@code ClockCache} calls, has since returned an LRU
 * cache, in RocksDB 7.8 as in 9.x. So does this class: an LRU cache with no
 * priority pools. For the lock-free clock cache, use {@link HyperClockCache}.
 */
public final class ClockCache extends Cache {

    /**
     * A cache of {@code capacity} bytes.
     *
     * @param capacity bytes, {@code >= 0}
     */
    public ClockCache(long capacity) {
        this(capacity, -1);
    }

    /**
     * A cache of {@code capacity} bytes in 2^numShardBits shards.
     *
     * @param capacity bytes, {@code >= 0}
     * @param numShardBits 2^numShardBits shards; -1 lets RocksDB choose (at most 19)
     */
    public ClockCache(long capacity, int numShardBits) {
        this(capacity, numShardBits, false);
    }

    /**
     * A cache of {@code capacity} bytes in 2^numShardBits shards.
     *
     * @param capacity bytes, {@code >= 0}
     * @param numShardBits 2^numShardBits shards; -1 lets RocksDB choose (at most 19)
     * @param strictCapacityLimit refuse inserts beyond the capacity instead of exceeding it
     */
    public ClockCache(long capacity, int numShardBits, boolean strictCapacityLimit) {
        super("ClockCache", capacity, LRUCache.create(capacity, numShardBits, strictCapacityLimit, 0.0, 0.0));
    }
}
