package io.panrocks.internal;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A native object that DBs take their own reference to when they open or
 * create a column family with it (a cache, a statistics object, a write
 * buffer manager, a rate limiter, an SST file manager). Its handle is read
 * under the resource's lock, so a close waits for an open that is taking
 * its reference. Opens lock several of them in creation order, so two opens
 * never wait for each other.
 */
public final class SharedNative {
    private static final AtomicLong CREATED = new AtomicLong();

    /** creation order: the order in which an open locks its shared objects */
    public final long order = CREATED.incrementAndGet();
    public final StandaloneResource resource;

    public SharedNative(StandaloneResource resource) {
        this.resource = resource;
    }

    /** Runs action with the native handle, which stays valid meanwhile. */
    public <T, E extends Exception> T withHandle(HandleAction<T, E> action) throws E {
        synchronized (resource) {
            return action.apply(resource.handle());
        }
    }

    /** What runs with a live native handle. */
    public interface HandleAction<T, E extends Exception> {
        T apply(MemorySegment handle) throws E;
    }
}
