package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

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

    /**
     * What the cache holds, by role: one walk of every entry
     * ({@code Cache::ApplyToAllEntries}, each entry counted as its
     * {@code CacheItemHelper}'s {@code CacheEntryRole}), covering every DB,
     * write buffer manager and charged role (see {@link CacheUsageOptions})
     * that shares it. The walk takes each shard's lock briefly (256 entries
     * at a time), so readers on other threads go on meanwhile; it costs a
     * few milliseconds per 100,000 entries.
     *
     * @return the usage by role
     * @throws IllegalStateException if this handle is closed
     */
    public CacheUsage getUsageByRole() {
        int roles = panrocks_h.PANROCKS_CACHE_ENTRY_ROLES();
        long[] charges = new long[roles], counts = new long[roles];
        StandaloneResource r = shared.resource;
        synchronized (r) {
            MemorySegment handle = r.handle(); // names the cache when it is closed
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment c = arena.allocate(ValueLayout.JAVA_LONG, roles), n = arena.allocate(ValueLayout.JAVA_LONG, roles);
                MemorySegment error = panrocks_error.allocate(arena);
                int rc = panrocks_h.panrocks_cache_usage_by_role(handle, c, n, roles, error);
                if (rc != 0) throw new UncheckedRocksDBException(Errors.toException(rc, error));
                MemorySegment.copy(c, ValueLayout.JAVA_LONG, 0, charges, 0, roles);
                MemorySegment.copy(n, ValueLayout.JAVA_LONG, 0, counts, 0, roles);
            }
            return new CacheUsage(charges, counts, panrocks_h.panrocks_cache_usage(handle));
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
