package io.panrocks.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;

/**
 * A pin lent out beyond a call (the native side of a {@code PinnedValue}):
 * the PinnableSlice, the confined arena that scopes the user's view of the
 * pinned bytes, and the bookkeeping that lets it be released exactly once:
 * by its owner's close, by the Cleaner when it was forgotten, or by the
 * DB's close.
 *
 * <p>The arena is confined to the reading thread, so only that thread can
 * read the bytes or close it; closing it makes every view throw
 * {@link IllegalStateException} before the pin is released.
 */
public final class TrackedPin implements Runnable {
    private static final System.Logger LOG = System.getLogger("io.panrocks");

    final CallContext context;
    /** a panrocks_pin from the pool, or a panrocks_multiget holding pins */
    final MemorySegment pin;
    final boolean multiGet;
    private final Arena arena;
    private final String created;
    // guarded by context
    int index = -1;
    boolean deferred;
    private Cleaner.Cleanable cleanable;

    private TrackedPin(CallContext context, MemorySegment pin, boolean multiGet, Arena arena) {
        this.context = context;
        this.pin = pin;
        this.multiGet = multiGet;
        this.arena = arena;
        this.created = Leaks.creationSite();
    }

    /** Starts tracking a pin the calling thread just filled; call inside a call on the DB. */
    public static TrackedPin track(CallContext context, MemorySegment pin, Arena arena, Object holder) {
        return track(context, pin, false, arena, holder);
    }

    /** Tracks the pins a pinned MultiGet left in its scratch. */
    public static TrackedPin trackMultiGet(CallContext context, MemorySegment scratch, Arena arena, Object holder) {
        return track(context, scratch, true, arena, holder);
    }

    private static TrackedPin track(CallContext context, MemorySegment pin, boolean multiGet, Arena arena,
                                    Object holder) {
        TrackedPin t = new TrackedPin(context, pin, multiGet, arena);
        context.track(t);
        t.cleanable = Leaks.CLEANER.register(holder, t);
        return t;
    }

    /** Owner's close: views throw from now on, then the pin is released. Idempotent. */
    public void close() {
        if (arena.scope().isAlive()) arena.close(); // WrongThreadException if not the owner
        release();
        cleanable.clean();
    }

    public boolean isOpen() {
        return arena.scope().isAlive();
    }

    /** On the owner thread (DB close from it): invalidate the views. */
    void invalidate() {
        if (arena.scope().isAlive()) arena.close();
    }

    /** Cleaner: the holder became unreachable without being closed. */
    @Override
    public void run() {
        if (release()) {
            LOG.log(System.Logger.Level.WARNING, "panrocks: a PinnedValue was never closed; released by the Cleaner. "
                    + created);
        }
    }

    private boolean release() {
        boolean released;
        boolean wasDeferred;
        synchronized (context) {
            wasDeferred = deferred;
            released = context.release(this);
        }
        if (released && wasDeferred) context.db.deferredPinReleased();
        return released;
    }
}
