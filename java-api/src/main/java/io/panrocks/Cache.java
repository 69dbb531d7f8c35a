package io.panrocks;

import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;

/**
 * A block cache, as RocksJava's {@code Cache}: the common type of
 * {@link LRUCache}, {@link ClockCache} and {@link HyperClockCache}. Give one
 * to several column families or DBs (through
 * {@link BlockBasedTableConfig#setBlockCache}, or as a row cache with
 * {@link DBOptionsInterface#setRowCache}) to bound their memory together.
 *
 * <p>Owned by you: close it when no DB will be opened with it any more. DBs
 * already open keep their own reference, so closing the cache while they run
 * is safe; they release it when they close. A cache never closed is released
 * by a Cleaner when unreachable. Thread-safe.
 */
public abstract sealed class Cache implements AutoCloseable permits LRUCache, ClockCache, HyperClockCache {
    private final long capacity;
    /** the native cache; a DB opened with it holds its own reference */
    final SharedNative shared;

    Cache(String kind, long capacity, MemorySegment handle) {
        this.capacity = capacity;
        this.shared = new SharedNative(new StandaloneResource(kind, this, handle, panrocks_h::panrocks_cache_destroy));
    }

    /**
     * The capacity the cache was created with.
     *
     * @return bytes
     */
    public long capacity() {
        return capacity;
    }

    /**
     * Bytes in the cache now (0 once closed).
     *
     * @return bytes
     */
    public long getUsage() {
        StandaloneResource r = shared.resource;
        synchronized (r) {
            return r.isReleased() ? 0 : panrocks_h.panrocks_cache_usage(r.handle());
        }
    }

    /**
     * Bytes of entries in use (pinned) now (0 once closed).
     *
     * @return bytes
     */
    public long getPinnedUsage() {
        StandaloneResource r = shared.resource;
        synchronized (r) {
            return r.isReleased() ? 0 : panrocks_h.panrocks_cache_pinned_usage(r.handle());
        }
    }

    /** Runs action with the native handle, which stays valid meanwhile (an open uses this). */
    <T, E extends Exception> T withHandle(SharedNative.HandleAction<T, E> action) throws E {
        return shared.withHandle(action);
    }

    /** Releases this handle of the cache; DBs using it keep theirs. Idempotent. */
    @Override
    public void close() {
        shared.resource.close();
    }
}
