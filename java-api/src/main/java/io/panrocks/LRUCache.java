package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * An LRU block cache, as RocksJava's {@code LRUCache}: give the same cache
 * to several column families or DBs (through
 * {@link BlockBasedTableConfig#setBlockCache}) to bound their memory
 * together. Ownership and threads as {@link Cache}.
 */
public final class LRUCache extends Cache {

    /**
     * A cache of {@code capacity} bytes, shards chosen by RocksDB.
     *
     * @param capacity bytes, {@code >= 0}
     */
    public LRUCache(long capacity) {
        this(capacity, -1);
    }

    /**
     * A cache of {@code capacity} bytes in 2^numShardBits shards.
     *
     * @param capacity bytes, {@code >= 0}
     * @param numShardBits the cache has 2^numShardBits shards; -1 lets RocksDB choose (at most 19)
     */
    public LRUCache(long capacity, int numShardBits) {
        this(capacity, numShardBits, false);
    }

    /**
     * As {@link #LRUCache(long, int, boolean, double, double)}, with no
     * high- and low-priority pools (RocksJava's defaults).
     *
     * @param capacity bytes, {@code >= 0}
     * @param numShardBits 2^numShardBits shards; -1 lets RocksDB choose (at most 19)
     * @param strictCapacityLimit refuse inserts beyond the capacity instead of exceeding it
     */
    public LRUCache(long capacity, int numShardBits, boolean strictCapacityLimit) {
        this(capacity, numShardBits, strictCapacityLimit, 0.0);
    }

    /**
     * As {@link #LRUCache(long, int, boolean, double, double)}, with no low-priority pool.
     *
     * @param capacity bytes, {@code >= 0}
     * @param numShardBits 2^numShardBits shards; -1 lets RocksDB choose (at most 19)
     * @param strictCapacityLimit refuse inserts beyond the capacity instead of exceeding it
     * @param highPriPoolRatio share of the capacity kept for high-priority entries (index and filter blocks)
     */
    public LRUCache(long capacity, int numShardBits, boolean strictCapacityLimit, double highPriPoolRatio) {
        this(capacity, numShardBits, strictCapacityLimit, highPriPoolRatio, 0.0);
    }

    /**
     * An LRU cache with every knob of RocksDB's {@code LRUCacheOptions}.
     *
     * @param capacity bytes, {@code >= 0}
     * @param numShardBits 2^numShardBits shards; -1 lets RocksDB choose (at most 19)
     * @param strictCapacityLimit refuse inserts beyond the capacity instead of exceeding it
     * @param highPriPoolRatio share of the capacity kept for high-priority entries, in [0, 1]
     * @param lowPriPoolRatio share kept for low-priority entries, in [0, 1]; both add up to at most 1
     * @throws IllegalArgumentException for values out of those ranges (NaN included)
     */
    public LRUCache(long capacity, int numShardBits, boolean strictCapacityLimit, double highPriPoolRatio,
                    double lowPriPoolRatio) {
        super("LRUCache", capacity, create(capacity, numShardBits, strictCapacityLimit, highPriPoolRatio,
                lowPriPoolRatio));
    }

    static MemorySegment create(long capacity, int numShardBits, boolean strict, double high, double low) {
        if (capacity < 0) throw new IllegalArgumentException("capacity must be >= 0, was " + capacity);
        Bounds.inRange(numShardBits, -1, 19, "numShardBits");
        if (!(high >= 0 && high <= 1)) throw new IllegalArgumentException("highPriPoolRatio must be in [0, 1], was " + high);
        if (!(low >= 0 && low <= 1)) throw new IllegalArgumentException("lowPriPoolRatio must be in [0, 1], was " + low);
        if (!(high + low <= 1)) {
            throw new IllegalArgumentException("highPriPoolRatio + lowPriPoolRatio must be at most 1, was " + (high + low));
        }
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_cache_create_lru(capacity, numShardBits, strict ? 1 : 0, high, low, out,
                    error);
            if (rc != 0) throw new IllegalArgumentException("LRUCache: " + Errors.toException(rc, error).getMessage());
            return out.get(ValueLayout.ADDRESS, 0);
        }
    }
}
