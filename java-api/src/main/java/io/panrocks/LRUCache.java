package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.Leaks;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;

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
    private final State state;
    private final Cleaner.Cleanable cleanable;

    /** The native cache; released once, by close() or the Cleaner. */
    private static final class State implements Runnable {
        private MemorySegment handle;

        State(MemorySegment handle) {
            this.handle = handle;
        }

        @Override
        public synchronized void run() {
            if (handle != null) panrocks_h.panrocks_cache_destroy(handle);
            handle = null;
        }
    }

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
            this.state = new State(out.get(ValueLayout.ADDRESS, 0));
        }
        this.cleanable = Leaks.CLEANER.register(this, state);
    }

    public long capacity() {
        return capacity;
    }

    /** Bytes in the cache now. */
    public long getUsage() {
        synchronized (state) {
            return state.handle == null ? 0 : panrocks_h.panrocks_cache_usage(checkOpen());
        }
    }

    /** Bytes of entries in use (pinned) now. */
    public long getPinnedUsage() {
        synchronized (state) {
            return state.handle == null ? 0 : panrocks_h.panrocks_cache_pinned_usage(checkOpen());
        }
    }

    /** Runs action with the native handle, which stays valid meanwhile (an open uses this). */
    <T, E extends Exception> T withHandle(HandleAction<T, E> action) throws E {
        synchronized (state) {
            return action.apply(checkOpen());
        }
    }

    interface HandleAction<T, E extends Exception> {
        T apply(MemorySegment handle) throws E;
    }

    private MemorySegment checkOpen() {
        if (state.handle == null) throw new IllegalStateException("LRUCache is closed");
        return state.handle;
    }

    @Override
    public void close() {
        cleanable.clean();
    }
}
