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
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * RocksDB's compaction thread limiter ({@code NewConcurrentTaskLimiter}),
 * as RocksJava's {@code ConcurrentTaskLimiterImpl}. A native object that
 * several DBs may share: each family opened or created with it takes its
 * own reference, so it may be closed while they run (they keep the limit;
 * changing it needs an open object). Its methods are safe from any thread;
 * after {@link #close()} they throw {@link IllegalStateException}.
 */
public final class ConcurrentTaskLimiterImpl extends ConcurrentTaskLimiter {
    final SharedNative shared;

    /**
     * A limiter named {@code name}, allowing {@code maxOutstandingTask}
     * compactions at once.
     *
     * @param name a name for logs and {@link #name()}; not null, no zero character
     * @param maxOutstandingTask compactions at once; negative: no limit; 0: no compaction starts
     *         (then the families' level-0 files pile up and their writes stall, as RocksDB does)
     * @throws NullPointerException if name is null
     * @throws IllegalArgumentException if name contains a zero character
     */
    public ConcurrentTaskLimiterImpl(String name, int maxOutstandingTask) {
        Objects.requireNonNull(name, "name");
        if (name.indexOf('\0') >= 0) throw new IllegalArgumentException("name must not contain a zero character");
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_task_limiter_create(arena.allocateFrom(name), maxOutstandingTask, out, error);
            if (rc != 0) {
                throw new IllegalArgumentException("ConcurrentTaskLimiterImpl: " + Errors.toException(rc, error).getMessage());
            }
            this.shared = new SharedNative(new StandaloneResource("ConcurrentTaskLimiterImpl", this,
                    out.get(ValueLayout.ADDRESS, 0), panrocks_h::panrocks_task_limiter_destroy));
        }
    }

    @Override
    public String name() {
        StandaloneResource r = shared.resource;
        synchronized (r) {
            MemorySegment handle = r.handle();
            long length = panrocks_h.panrocks_task_limiter_name(handle, MemorySegment.NULL, 0);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(Math.max(1, length));
                panrocks_h.panrocks_task_limiter_name(handle, buffer, length);
                return new String(buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
            }
        }
    }

    @Override
    public ConcurrentTaskLimiterImpl setMaxOutstandingTask(int maxOutstandingTask) {
        StandaloneResource r = shared.resource;
        synchronized (r) {
            panrocks_h.panrocks_task_limiter_set_max_outstanding_tasks(r.handle(), maxOutstandingTask);
        }
        return this;
    }

    @Override
    public ConcurrentTaskLimiterImpl resetMaxOutstandingTask() {
        StandaloneResource r = shared.resource;
        synchronized (r) {
            panrocks_h.panrocks_task_limiter_reset_max_outstanding_tasks(r.handle());
        }
        return this;
    }

    @Override
    public int outstandingTask() {
        return shared.resource.readInt(panrocks_h::panrocks_task_limiter_outstanding_tasks);
    }

    @Override
    public void close() {
        shared.resource.close();
    }

    @Override
    public String toString() {
        return "ConcurrentTaskLimiterImpl@" + Integer.toHexString(System.identityHashCode(this));
    }
}
