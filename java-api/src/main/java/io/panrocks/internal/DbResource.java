package io.panrocks.internal;

import java.lang.foreign.Arena;
import java.lang.ref.Cleaner;
import java.lang.ref.WeakReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A native object that belongs to an open DB (a snapshot, a column family
 * handle, a pinned value, an iterator, a MultiGet, a record batch ...), and
 * the one protocol by which it is released: exactly once, while the engine is
 * still open, never while a call or a view may still use it.
 *
 * <p>This object is the releasable state; the object users hold (the
 * <i>holder</i>: {@code Snapshot}, {@code RocksIterator} ...) refers to it,
 * never the other way round, so a forgotten holder can become unreachable
 * and the Cleaner (which holds this object) can release it. The free action
 * must not capture the holder either.
 *
 * <h2>Three kinds, by who may use the native object</h2>
 * <ul>
 * <li>{@link Sharing#SHARED}: any thread uses and closes it, and calls of
 * other threads may be inside the engine with it. A release first
 * unpublishes it (later uses throw), then waits a grace period until every
 * call that might have seen it has left the engine, then frees it. Inside a
 * callback (whose own call the grace period would wait for, forever) the
 * close returns once it is unpublished, and another thread waits out the
 * grace period and frees it.</li>
 * <li>{@link Sharing#CONFINED}: one thread uses and closes it; its views are
 * segments of a {@link ViewScope} confined to that thread, and a view keeps
 * the scope reachable. Only the owner releases it while its scope is
 * reachable (closing the scope first); the safety net releases it once the
 * scope is unreachable; anyone may release it once the owner thread died (a
 * confined view cannot be read by another thread).</li>
 * <li>{@link Sharing#SHARED_VIEWS}: any thread reads and closes it; its views
 * are segments of a shared arena, which the release closes first (from any
 * thread: the JDK makes racing readers fail safely).</li>
 * <li>{@link Sharing#SERIALIZED}: any thread uses and closes it, one at a
 * time: every use holds the object's lock for the whole native call, and so
 * does the release, which therefore needs no grace period (a release from
 * inside one of its own uses, by a callback that use runs, is refused). The DB's close
 * releases the idle ones before it waits for calls in progress, and each
 * one that goes idle while it waits (their release may be what those calls
 * wait for: a transaction's row locks).</li>
 * </ul>
 *
 * <h2>In use</h2>
 * While a holder's own operation runs user code over the resource (a scan's
 * visitor, a channel write), it holds a use ({@link #tryUse()} /
 * {@link #endUse()}). A close during a use, including one from inside that
 * user code, is <i>deferred</i>: the last use to end performs it.
 *
 * <h2>Against the DB's close</h2>
 * The DB's close refuses new calls, waits for calls in flight, then asks every
 * resource to {@link #releaseAtClose release}: one that a live thread may still
 * look at (a confined resource whose views another live thread can reach, a
 * resource in use) is deferred instead, and the engine closes when the last
 * deferred resource is released. Every transition happens under this object's
 * monitor, so a release racing the DB's close is either finished before the
 * close looks at it or sees the close's decision.
 */
public final class DbResource implements Runnable {
    private static final System.Logger LOG = System.getLogger("io.panrocks");

    /** Who may use the native object, and so how a release makes sure nobody does any more. */
    public enum Sharing { SHARED, CONFINED, SHARED_VIEWS, SERIALIZED }

    final NativeDb db;
    final Sharing sharing;
    private final String kind;
    private final Runnable free;
    private final Object site;
    /** CONFINED: the thread that may use it */
    final Thread owner;
    /** CONFINED: the scope of its views (weak: the views and the holder keep it alive) */
    private final WeakReference<ViewScope> views;
    /** SHARED_VIEWS: the arena of its views */
    private final Arena sharedArena;
    /** SERIALIZED: held by every use and by the release */
    private final ReentrantLock lock;
    /** CONFINED: the registry it is in (its owner's context) */
    final CallContext context;
    /** position in the registry's list; guarded by the registry's lock */
    int index = -1;

    private volatile boolean released;
    private boolean releasing;       // SHARED: unpublished, waiting out its grace period
    private int uses;
    private boolean closeRequested;  // a close arrived during a use
    private boolean deferredByClose; // the DB's close waits for this release
    private Cleaner.Cleanable cleanable = NoCleaner.INSTANCE;

    private DbResource(NativeDb db, Sharing sharing, String kind, Runnable free, ViewScope views, Arena sharedArena,
                       CallContext context) {
        this(db, sharing, kind, free, views, sharedArena, context, null);
    }

    private DbResource(NativeDb db, Sharing sharing, String kind, Runnable free, ViewScope views, Arena sharedArena,
                       CallContext context, ReentrantLock lock) {
        this.db = db;
        this.lock = lock;
        this.sharing = sharing;
        this.kind = kind;
        this.free = free;
        this.site = Leaks.captureSite();
        this.owner = views == null ? null : views.owner();
        this.views = views == null ? null : new WeakReference<>(views);
        this.sharedArena = sharedArena;
        this.context = context;
    }

    /**
     * A resource any thread may use and close (released after a grace
     * period). Call inside a call on db; {@code holder} is what users hold:
     * when it becomes unreachable unclosed, the Cleaner releases the resource.
     */
    public static DbResource shared(NativeDb db, String kind, Object holder, Runnable free) {
        return adopt(new DbResource(db, Sharing.SHARED, kind, free, null, null, null), holder);
    }

    /** As {@link #shared}, for an object with nothing to leak (no Cleaner registration). */
    public static DbResource sharedUnwatched(NativeDb db, String kind, Runnable free) {
        return adopt(new DbResource(db, Sharing.SHARED, kind, free, null, null, null), null);
    }

    /**
     * A resource of the calling thread whose views live in {@code views}.
     * {@code watchedByCleaner = false} for the read path's pins: registering
     * with the Cleaner takes its global lock, so the owner's context sweeps
     * them instead as its thread reads on.
     */
    public static DbResource confined(CallContext c, String kind, ViewScope views, boolean watchedByCleaner,
                                      Runnable free) {
        if (views.owner() != Thread.currentThread()) throw new IllegalStateException("views of another thread");
        DbResource r = new DbResource(c.db, Sharing.CONFINED, kind, free, views, null, c);
        if (watchedByCleaner) r.cleanable = Leaks.CLEANER.register(views, r);
        c.track(r);
        return r;
    }

    /** A resource whose views live in a shared arena; any thread may read and close it. */
    public static DbResource sharedViews(NativeDb db, String kind, Object holder, Arena arena, Runnable free) {
        return adopt(new DbResource(db, Sharing.SHARED_VIEWS, kind, free, null, arena, null), holder);
    }

    /**
     * A resource any thread may use and close, one at a time: every use runs
     * its native call holding {@code lock}, and the release (which runs
     * {@code free} holding it too) waits for a use in progress instead of a
     * grace period. Call inside a call on db.
     */
    public static DbResource serialized(NativeDb db, String kind, Object holder, ReentrantLock lock, Runnable free) {
        return adopt(new DbResource(db, Sharing.SERIALIZED, kind, free, null, null, null, lock), holder);
    }

    private static DbResource adopt(DbResource r, Object holder) {
        try {
            r.db.register(r);
        } catch (IllegalStateException closed) {
            r.released = true;
            r.free.run();
            throw closed;
        }
        if (holder != null) r.cleanable = Leaks.CLEANER.register(holder, r);
        return r;
    }

    public String kind() {
        return kind;
    }

    public boolean isReleased() {
        return released;
    }

    /** @throws IllegalStateException naming this object if it or its DB is closed */
    public void checkUsable() {
        // the DB first: its close releases the resource too, and the message should say why
        if (!db.isOpen()) throw new IllegalStateException(kind + " is closed (its " + db.closed().getMessage() + ")");
        if (released) throw new IllegalStateException(kind + " is closed");
    }

    /**
     * As {@link #checkUsable()}, and that this object belongs to
     * {@code expected}: native objects of one DB are meaningless to another
     * (in RocksDB, undefined behaviour).
     *
     * @throws IllegalArgumentException if it belongs to another DB
     */
    public void checkUsableOn(NativeDb expected) {
        if (expected != db) throw new IllegalArgumentException(kind + " belongs to another DB (" + db + ")");
        checkUsable();
    }

    /** @throws WrongThreadException if a CONFINED resource is used from a thread other than its owner */
    public void checkOwner() {
        if (owner != null && Thread.currentThread() != owner) {
            throw new WrongThreadException(kind + " belongs to thread \"" + owner.getName() + "\"");
        }
    }

    // ---- uses -------------------------------------------------------------------

    /**
     * Starts a use of the native object by user code; false if it is released
     * or a close is pending. Every true must be followed by {@link #endUse()}.
     */
    public synchronized boolean tryUse() {
        if (released || releasing || closeRequested) return false;
        uses++;
        return true;
    }

    /** Ends a use; the last one performs a close that arrived meanwhile. */
    public void endUse() {
        boolean close;
        synchronized (this) {
            close = --uses == 0 && closeRequested;
        }
        if (close && release(false)) cleanable.clean();
    }

    /** Whether a close arrived during the current use (the use should stop early). */
    public synchronized boolean closePending() {
        return closeRequested;
    }

    // ---- releases -----------------------------------------------------------------

    /**
     * The user's close. Idempotent from any thread. A CONFINED resource that is
     * still open may only be closed by its owner ({@link WrongThreadException},
     * and nothing changes); one in use is closed when the use ends.
     *
     * @throws IllegalStateException if a SHARED_VIEWS resource's views are in
     *         use by an I/O operation (close it afterwards)
     */
    public void close() {
        if (released) return;
        if (sharing == Sharing.CONFINED && Thread.currentThread() != owner && owner.isAlive()) {
            synchronized (this) {
                if (released) return;
            }
            throw new WrongThreadException(kind + " belongs to thread \"" + owner.getName()
                    + "\"; only that thread can close it");
        }
        if (release(false)) cleanable.clean();
    }

    /** The safety net: the holder (and, for CONFINED, every view) became unreachable unclosed. */
    @Override
    public void run() {
        if (released) return;
        try {
            if (release(true)) Leaks.warn(LOG, kind, site);
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "panrocks: releasing a forgotten " + kind + " failed", t);
        }
    }

    /** By the owner's sweep for forgotten pins, which warns once for all it released. */
    boolean releaseForgottenQuietly() {
        return release(true);
    }

    /** A CONFINED resource nobody can observe any more: its views are unreachable or its owner is dead. */
    boolean isUnobservable() {
        return views.refersTo(null) || !owner.isAlive();
    }

    /**
     * Releases now, or schedules the release for the end of the current use.
     * {@code unobserved}: called by a safety net that knows no view can be
     * read (or the owner is dead), so a CONFINED scope need not be closed.
     *
     * @return whether this call released it
     */
    private boolean release(boolean unobserved) {
        if (sharing == Sharing.SERIALIZED) {
            // held by this thread already: the release comes from inside one of the
            // object's own calls (a comparator or merge operator that call runs), which
            // still uses the native object; freeing it there would crash that call
            if (lock.isHeldByCurrentThread()) {
                throw new IllegalStateException(kind + " cannot be closed from inside one of its own calls (a callback "
                        + "such as a comparator or merge operator it runs); close it after the call returns");
            }
            // the lock first, then this monitor: the order every path takes
            lock.lock();
            try {
                synchronized (this) {
                    if (released) return false;
                    if (uses > 0) {
                        closeRequested = true;
                        return false;
                    }
                    return finishRelease();
                }
            } finally {
                lock.unlock();
            }
        }
        boolean grace;
        synchronized (this) {
            if (released || releasing) return false;
            if (uses > 0) {
                closeRequested = true;
                return false;
            }
            switch (sharing) {
                case SHARED_VIEWS -> closeSharedArena();
                case CONFINED -> {
                    if (!unobserved) closeViewsOnOwner();
                }
                case SHARED, SERIALIZED -> { }
            }
            grace = sharing == Sharing.SHARED;
            if (grace) {
                released = true;   // unpublished: uses from now on throw
                releasing = true;
            } else {
                return finishRelease();
            }
        }
        if (ThreadContexts.insideAnyUpcall()) {
            // A callback runs on behalf of a call in progress (a compactRange,
            // a flush, a write): the grace period would wait for that call,
            // which waits for this callback, forever. Unpublished already
            // (later uses throw); another thread waits out the grace period
            // and frees it. The DB's close waits for that (releasing).
            Thread.ofPlatform().daemon().name("panrocks-release-" + kind).start(this::finishGracePeriod);
            return true;
        }
        finishGracePeriod();
        return true;
    }

    /** The second half of a SHARED release: waits out the grace period, then frees. */
    private void finishGracePeriod() {
        try {
            db.awaitGracePeriod();
        } finally {
            synchronized (this) {
                releasing = false;
                notifyAll();
                finishRelease();
            }
        }
    }

    private void closeSharedArena() {
        try {
            sharedArena.close();
        } catch (IllegalStateException inUse) {
            if (!sharedArena.scope().isAlive()) return;
            throw new IllegalStateException(kind + " is in use by an I/O operation; close it afterwards", inUse);
        }
    }

    /** On the owner (or a dead owner's stand-in): closes the views' arena, so every view throws from now on. */
    private void closeViewsOnOwner() {
        ViewScope v = views.get();
        if (v == null) return;
        if (Thread.currentThread() == owner) v.close();
        else if (owner.isAlive()) throw new WrongThreadException(kind + " belongs to thread \"" + owner.getName() + "\"");
        // else: confined to a dead thread, nobody can read the views
    }

    /** The native release; under this monitor, exactly once. Returns true. */
    private boolean finishRelease() {
        released = true;
        boolean notifyClose = deferredByClose;
        try {
            free.run();
        } finally {
            db.unregister(this);
            if (notifyClose) db.deferredResourceReleased();
        }
        return true;
    }

    /**
     * By the DB's close, after every call drained: releases the resource, or
     * defers it (returns false) while a live thread may still look at it; the
     * deferred release then tells the DB, and the last one closes the engine.
     */
    boolean releaseAtClose(Thread closer) {
        if (sharing != Sharing.SERIALIZED) return releaseAtCloseLocked(closer);
        // after the drain nobody is inside a call, so the lock is held at most
        // by a release in progress or a use about to be refused
        lock.lock();
        try {
            return releaseAtCloseLocked(closer);
        } finally {
            lock.unlock();
        }
    }

    /**
     * By the DB's close before and while it waits for calls in progress:
     * releases a SERIALIZED resource nobody uses right now (its release may
     * be what a call in progress waits for). Never blocks; false if it was in
     * use.
     */
    boolean releaseIfIdle() {
        if (sharing != Sharing.SERIALIZED || !lock.tryLock()) return false;
        try {
            synchronized (this) {
                if (released || uses > 0) return false;
                return finishRelease();
            }
        } finally {
            lock.unlock();
        }
    }

    boolean isSerialized() {
        return sharing == Sharing.SERIALIZED;
    }

    private synchronized boolean releaseAtCloseLocked(Thread closer) {
        boolean interrupted = false;
        while (releasing) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        if (released) return true;
        if (uses > 0) {
            closeRequested = true;
            deferredByClose = true;
            return false;
        }
        switch (sharing) {
            case SHARED_VIEWS -> {
                try {
                    sharedArena.close();
                } catch (IllegalStateException inUse) {
                    if (sharedArena.scope().isAlive()) {
                        deferredByClose = true; // its own close (or the Cleaner) finishes the job
                        return false;
                    }
                }
            }
            case CONFINED -> {
                ViewScope v = views.get();
                if (closer == owner) {
                    if (v != null) v.close();
                } else if (v != null && owner.isAlive()) {
                    deferredByClose = true;
                    // pins are not watched by the Cleaner: from now on they are
                    if (cleanable instanceof NoCleaner) cleanable = Leaks.CLEANER.register(v, this);
                    return false;
                }
            }
            case SHARED, SERIALIZED -> { }
        }
        released = true;
        try {
            free.run();
        } finally {
            db.unregister(this);
        }
        return true;
    }

    /** The placeholder registration of resources the Cleaner does not watch. */
    private static final class NoCleaner implements Cleaner.Cleanable {
        static final NoCleaner INSTANCE = new NoCleaner();

        @Override
        public void clean() {
        }
    }

    @Override
    public String toString() {
        return kind + (released ? " (released)" : "");
    }
}
