package io.panrocks.internal;

import java.lang.ref.WeakReference;

/**
 * A DB's object one thread uses and closes (a pinned value, an iterator, a
 * MultiGet, a pinned entity), whose memory is shown to that thread as
 * segments of a {@link ViewScope} confined to it; a view keeps the scope
 * reachable.
 *
 * <p>Only the owner releases it while its scope is reachable (closing the
 * scope first: every view throws from then on); the safety net (the Cleaner,
 * or the owner's sweep for forgotten pins) releases it once the scope is
 * unreachable, which proves no view can be read; anyone may release it once
 * the owner thread died (a confined view cannot be read by another thread).
 * A DB closed by another thread while the owner lives defers it. It is
 * registered with its owner's {@link CallContext}, not with the DB.
 */
final class ConfinedResource extends DbResource {
    /** the scope of its views (weak: the views and the holder keep it alive) */
    private final WeakReference<ViewScope> views;
    /** the registry it is in: its owner's context */
    final CallContext context;
    /** position in the context's list; guarded by the context's lock */
    int index = -1;
    /**
     * A pooled pin ({@link PinSlot}) between two lends: nothing pinned, no
     * view, nothing to defer. Written by the owner inside a call or under
     * this monitor, read under this monitor by the DB's close (which first
     * waits for every call to end).
     */
    boolean idle;

    ConfinedResource(CallContext context, String kind, ViewScope views, Runnable free) {
        super(context.db, kind, free, views.owner());
        this.views = new WeakReference<>(views);
        this.context = context;
    }

    /** Another live thread than the owner may not close it, unless it was released meanwhile. */
    @Override
    void checkCloser() {
        if (Thread.currentThread() != owner && owner.isAlive()) {
            synchronized (this) {
                if (isReleased()) return; // the release that follows does nothing
            }
            throw new WrongThreadException(kind() + " belongs to thread \"" + owner.getName()
                    + "\"; only that thread can close it");
        }
    }

    /** Nobody can observe it any more: its views are unreachable or its owner is dead. */
    boolean isUnobservable() {
        return views.refersTo(null) || !owner.isAlive();
    }

    /** By the owner's sweep for forgotten pins, which warns once for all it released. */
    boolean releaseForgottenQuietly() {
        return release(true);
    }

    /** On the owner (or a dead owner's stand-in): closes the views' arena, so every view throws from now on. */
    @Override
    void retireViews(boolean unobserved) {
        if (unobserved) return;
        ViewScope v = views.get();
        if (v == null) return;
        if (Thread.currentThread() == owner) v.close();
        else if (owner.isAlive()) throw new WrongThreadException(kind() + " belongs to thread \"" + owner.getName() + "\"");
        // else: confined to a dead thread, nobody can read the views
    }

    @Override
    boolean retireViewsAtDbClose(Thread closer) {
        if (idle) return true; // a pooled pin no value holds: released at once, wherever it belongs
        ViewScope v = views.get();
        if (closer == owner) {
            if (v != null) v.close();
            return true;
        }
        if (v != null && owner.isAlive()) {
            // pins are not watched by the Cleaner: from now on they are
            if (cleanable instanceof NoCleaner) cleanable = Leaks.CLEANER.register(v, this);
            return false;
        }
        return true;
    }

    @Override
    void unregister() {
        context.untrack(this);
    }
}
