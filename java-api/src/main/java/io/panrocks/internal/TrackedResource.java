package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;

/**
 * A native resource whose memory a thread may read without a call: a pin
 * lent out as a {@code PinnedValue}, the pins of a pinned MultiGet, an
 * iterator and its current entry. Its views live in a {@link Scope}
 * confined to that thread, so only that thread can read them; it is
 * released exactly once: by its owner's close, by the Cleaner when its
 * holder was forgotten, or by the DB's close (which defers the engine's
 * shutdown while live threads still hold such resources).
 */
public final class TrackedResource implements Runnable {
    private static final System.Logger LOG = System.getLogger("io.panrocks");

    /** What the native handle is, and so how to release it. */
    public enum Kind {
        /** a panrocks_pin from the thread's pool: released and returned to the pool */
        PIN,
        /** a panrocks_multiget holding pins: its pins are released */
        MULTIGET,
        /** a panrocks_iterator: destroyed */
        ITERATOR
    }

    final CallContext context;
    final Kind kind;
    final MemorySegment handle;
    /** for MULTIGET: the scratch whose pins this is */
    private final MultiGetScratch multiGet;
    private final Scope scope;
    /** native scratch of the holder, freed with the resource (may be null) */
    private final MemorySegment ownedMemory;
    /** where it was created: see {@link Leaks#captureSite()} */
    private final Object site;
    private final String description;
    // guarded by context
    int index = -1;
    boolean deferred;
    private Cleaner.Cleanable cleanable;
    /**
     * Pins are watched through this weak reference instead of the Cleaner:
     * registering with a Cleaner takes its global lock, which a read path
     * must not. The owner's context sweeps for forgotten pins as their
     * number grows ({@link CallContext#track}), and the DB's close releases
     * the rest.
     */
    private java.lang.ref.WeakReference<Object> holder;

    private TrackedResource(CallContext context, Kind kind, MemorySegment handle, MultiGetScratch multiGet,
                            Scope scope, MemorySegment ownedMemory, String description) {
        this.context = context;
        this.kind = kind;
        this.handle = handle;
        this.multiGet = multiGet;
        this.scope = scope;
        this.ownedMemory = ownedMemory;
        this.description = description;
        this.site = Leaks.captureSite();
    }

    /**
     * Starts tracking a resource the calling thread just obtained, inside a
     * call on the DB. {@code holder} is the object users see: when it
     * becomes unreachable unclosed, the Cleaner releases the resource.
     */
    public static TrackedResource track(CallContext context, Kind kind, MemorySegment handle, Scope scope,
                                        MemorySegment ownedMemory, Object holder, String description) {
        if (kind == Kind.MULTIGET) throw new IllegalArgumentException("use trackMultiGet");
        return register(new TrackedResource(context, kind, handle, null, scope, ownedMemory, description), holder);
    }

    /** Tracks the pins a pinned MultiGet left in scratch. */
    public static TrackedResource trackMultiGet(CallContext context, MultiGetScratch scratch, Scope scope,
                                                Object holder) {
        return register(new TrackedResource(context, Kind.MULTIGET, scratch.handle(), scratch, scope, null,
                "MultiGet with pinned values"), holder);
    }

    private static TrackedResource register(TrackedResource t, Object holder) {
        if (t.kind == Kind.PIN) {
            t.holder = new java.lang.ref.WeakReference<>(holder);
            t.cleanable = () -> { };
        } else {
            t.cleanable = Leaks.CLEANER.register(holder, t);
        }
        t.context.track(t);
        return t;
    }

    /** A pin whose holder was collected without being closed. */
    boolean isForgotten() {
        return holder != null && holder.refersTo(null);
    }

    /** By the DB's close: releases a forgotten pin, with the warning. */
    void releaseForgotten() {
        if (release()) Leaks.warn(LOG, description, site);
    }

    /** By the owner's sweep, which warns once for all it released. */
    boolean releaseQuietly() {
        return release();
    }

    void warnForgotten(int count) {
        String what = count == 1 ? "a " + description + " was" : count + " " + description + "s were";
        Leaks.warnSentence(LOG, what + " never closed; released as their thread read on. The first: "
                + Leaks.describe(site));
    }

    /** Owner's close: the views throw from now on, then the native side is released. Idempotent. */
    public void close() {
        scope.close(); // WrongThreadException if not the owner
        release();
        cleanable.clean();
    }

    public boolean isOpen() {
        return scope.isOpen();
    }

    public Scope scope() {
        return scope;
    }

    /** On the owner thread (DB close from it): invalidate the views. */
    void invalidate() {
        scope.close();
    }

    /** Cleaner: the holder became unreachable without being closed. */
    @Override
    public void run() {
        if (release()) Leaks.warn(LOG, description, site);
    }

    private boolean release() {
        boolean released;
        boolean wasDeferred;
        synchronized (context) {
            wasDeferred = deferred;
            released = context.release(this);
        }
        if (released && wasDeferred) context.db.deferredResourceReleased();
        return released;
    }

    /** The native release; runs once, under the context's monitor. */
    void freeNative() {
        switch (kind) {
            case PIN -> {
                panrocks_h.panrocks_pin_release(handle);
                context.returnPin(handle);
            }
            case MULTIGET -> multiGet.releasePins(); // a no-op once the scratch is freed
            case ITERATOR -> panrocks_h.panrocks_iterator_destroy(handle);
        }
        if (ownedMemory != null) NativeMemory.free(ownedMemory);
    }
}
