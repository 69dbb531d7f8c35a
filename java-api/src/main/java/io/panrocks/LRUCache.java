package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.StandaloneResource;
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
 * together.
 *
 * <p>Owned by you: close it when no DB will be opened with it any more.
 * DBs already open keep their own reference, so closing the cache while
 * they run is safe; they release it when they close. A cache never closed
 * is released by a Cleaner when unreachable. Thread-safe.
 */
public final class LRUCache implements AutoCloseable {
    private final long capacity;
    /** the native cache; a DB opened with it holds its own reference */
    private final StandaloneResource cache;

    /** A cache of {@code capacity} bytes, shards chosen by RocksDB. */
    public LRUCache(long capacity) {
        this(capacity, -1);
    }

    /**
     * @param numShardBits the cache has 2^numShardBits shards; -1 lets RocksDB choose
     */
    public LRUCache(long capacity, int numShardBits) {
        if (capacity < 0) throw new IllegalArgumentException("capacity must be >= 0, was " + capacity);
        if (numShardBits < -1 || numShardBits > 19) {
            throw new IllegalArgumentException("numShardBits must be in [-1, 19], was " + numShardBits);
        }
        NativeLibrary.ensureLoaded();
        this.capacity = capacity;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_cache_create_lru(capacity, numShardBits, out, error);
            if (rc != 0) throw new IllegalArgumentException("LRUCache: " + Errors.toException(rc, error).getMessage());
            this.cache = new StandaloneResource("LRUCache", this, out.get(ValueLayout.ADDRESS, 0),
                    panrocks_h::panrocks_cache_destroy);
        }
    }

    public long capacity() {
        return capacity;
    }

    /** Bytes in the cache now. */
    public long getUsage() {
        synchronized (cache) {
            return cache.isReleased() ? 0 : panrocks_h.panrocks_cache_usage(cache.handle());
        }
    }

    /** Bytes of entries in use (pinned) now. */
    public long getPinnedUsage() {
        synchronized (cache) {
            return cache.isReleased() ? 0 : panrocks_h.panrocks_cache_pinned_usage(cache.handle());
        }
    }

    /** Runs action with the native handle, which stays valid meanwhile (an open uses this). */
    <T, E extends Exception> T withHandle(HandleAction<T, E> action) throws E {
        synchronized (cache) {
            return action.apply(cache.handle());
        }
    }

    interface HandleAction<T, E extends Exception> {
        T apply(MemorySegment handle) throws E;
    }

    @Override
    public void close() {
        cache.close();
    }
}
