package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One memtable memory budget for several column families and DBs, as
 * RocksJava's {@code WriteBufferManager}: give it to each DB with
 * {@link DBOptionsInterface#setWriteBufferManager}; when their memtables
 * together exceed the budget, RocksDB flushes the largest (and, with
 * {@code allowStall}, stalls writes until memory is freed). With a cache, the
 * memtables' memory is charged to it, so one number bounds block cache and
 * memtables together.
 *
 * <p>Owned by you: close it when no DB will be opened with it any more; DBs
 * already open keep their own reference (a Cleaner closes a forgotten one).
 * Thread-safe.
 */
public final class WriteBufferManager implements AutoCloseable {
    private final boolean allowStall;
    final SharedNative shared;

    /**
     * A budget of {@code bufferSize} bytes charged to {@code cache}, writes not stalled.
     *
     * @param bufferSize bytes; 0 counts usage without a limit
     * @param cache the cache to charge, or null for none
     */
    public WriteBufferManager(long bufferSize, Cache cache) {
        this(bufferSize, cache, false);
    }

    /**
     * A budget of {@code bufferSize} bytes.
     *
     * @param bufferSize bytes; 0 counts usage without a limit
     * @param cache the cache to charge (it may be closed afterwards: the manager keeps its own reference),
     *        or null for none
     * @param allowStall stall writes while the memtables exceed the budget
     * @throws IllegalArgumentException if bufferSize is negative
     * @throws IllegalStateException if the cache is closed
     */
    public WriteBufferManager(long bufferSize, Cache cache, boolean allowStall) {
        if (bufferSize < 0) throw new IllegalArgumentException("bufferSize must be >= 0, was " + bufferSize);
        NativeLibrary.ensureLoaded();
        this.allowStall = allowStall;
        MemorySegment handle = cache == null ? create(bufferSize, MemorySegment.NULL, allowStall)
                : cache.withHandle(h -> create(bufferSize, h, allowStall));
        this.shared = new SharedNative(new StandaloneResource("WriteBufferManager", this, handle,
                panrocks_h::panrocks_write_buffer_manager_destroy));
    }

    private static MemorySegment create(long bufferSize, MemorySegment cache, boolean allowStall) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_write_buffer_manager_create(bufferSize, cache, allowStall ? 1 : 0, out, error);
            if (rc != 0) throw new IllegalStateException("WriteBufferManager: " + Errors.toException(rc, error).getMessage());
            return out.get(ValueLayout.ADDRESS, 0);
        }
    }

    /**
     * Whether writes stall while the memtables exceed the budget.
     *
     * @return allowStall as given
     */
    public boolean allowStall() {
        return allowStall;
    }

    /**
     * The budget.
     *
     * @return bytes; 0: no limit
     * @throws IllegalStateException if closed
     */
    public long bufferSize() {
        return shared.resource.read(panrocks_h::panrocks_write_buffer_manager_buffer_size);
    }

    /**
     * Memtable bytes counted now, by every DB using this manager.
     *
     * @return bytes
     * @throws IllegalStateException if closed
     */
    public long memoryUsage() {
        return shared.resource.read(panrocks_h::panrocks_write_buffer_manager_memory_usage);
    }

    /**
     * Whether the memtables' memory is charged to a cache.
     *
     * @return true if created with a cache
     * @throws IllegalStateException if closed
     */
    public boolean costToCache() {
        return shared.resource.readInt(panrocks_h::panrocks_write_buffer_manager_cost_to_cache) != 0;
    }

    /** Releases this handle; DBs using the manager keep theirs. Idempotent. */
    @Override
    public void close() {
        shared.resource.close();
    }
}
