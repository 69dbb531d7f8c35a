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
 * RocksDB's lock-free HyperClockCache, as RocksJava's {@code HyperClockCache}
 * (RocksJava 8 and later): scales better than {@link LRUCache} under many
 * threads. Its table is sized when it is created, for
 * {@code capacity / estimatedEntryCharge} entries: estimate the average
 * block size well (e.g. the block size). Ownership and threads as
 * {@link Cache}.
 */
public final class HyperClockCache extends Cache {
    /** Most entries a table may be sized for: the table is allocated and touched up front. */
    public static final long MAX_TABLE_ENTRIES = 1L << 24;

    /**
     * A HyperClockCache.
     *
     * @param capacity bytes, {@code >= 0}
     * @param estimatedEntryCharge the expected average charge of an entry, {@code > 0}, at least
     *        {@code capacity / }{@link #MAX_TABLE_ENTRIES}; 0 (size the table as it fills) needs
     *        RocksDB 8 or later
     * @param numShardBits 2^numShardBits shards; -1 lets RocksDB choose (at most 19)
     * @param strictCapacityLimit refuse inserts beyond the capacity instead of exceeding it
     * @throws IllegalArgumentException for values out of those ranges
     */
    public HyperClockCache(long capacity, long estimatedEntryCharge, int numShardBits, boolean strictCapacityLimit) {
        super("HyperClockCache", capacity, create(capacity, estimatedEntryCharge, numShardBits, strictCapacityLimit));
    }

    private static MemorySegment create(long capacity, long charge, int numShardBits, boolean strict) {
        if (capacity < 0) throw new IllegalArgumentException("capacity must be >= 0, was " + capacity);
        if (charge < 0) throw new IllegalArgumentException("estimatedEntryCharge must be >= 0, was " + charge);
        Bounds.inRange(numShardBits, -1, 19, "numShardBits");
        if (charge > 0 && capacity / charge > MAX_TABLE_ENTRIES) {
            throw new IllegalArgumentException("capacity / estimatedEntryCharge must be at most " + MAX_TABLE_ENTRIES
                    + " (the table is allocated up front), was " + capacity / charge);
        }
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_cache_create_hyper_clock(capacity, charge, numShardBits, strict ? 1 : 0, out,
                    error);
            if (rc != 0) throw new IllegalArgumentException("HyperClockCache: " + Errors.toException(rc, error).getMessage());
            return out.get(ValueLayout.ADDRESS, 0);
        }
    }
}
