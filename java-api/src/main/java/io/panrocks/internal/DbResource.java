package io.panrocks.internal;

import java.lang.foreign.Arena;
import java.lang.ref.Cleaner;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A native object that belongs to an open DB (a snapshot, a column family
 * handle, a pinned value, an iterator, a MultiGet, a record batch, a
 * transaction ...), and the one protocol by which it is released: exactly
 * once, while the engine is still open, never while a call or a view may
 * still use it.
 *
 * <p>This object is the releasable state; the object users hold (the
 * <i>holder</i>: {@code Snapshot}, {@code RocksIterator} ...) refers to it,
 * never the other way round, so a forgotten holder can become unreachable
 * and the Cleaner (which holds this object) can release it. The free action
 * must not capture the holder either.
 *
 * <h2>One class per ownership mode, by who may use the native object</h2>
 * <ul>
 * <li>{@link SharedResource} ({@link #shared}): any thread uses and closes
 * it, and calls of other threads may be inside the engine with it. A release
 * first unpublishes it (later uses throw), then waits a grace period until
 * every call that might have seen it has left the engine, then frees it.</li>
 * <li>{@link ConfinedResource} ({@link #confined}): one thread uses and
 * closes it; its views are segments of a {@link ViewScope} confined to that
 * thread, and a view keeps the scope reachable.</li>
 * <li>{@link SharedViewsResource} ({@link #sharedViews}): any thread reads
 * and closes it; its views are segments of a shared arena, which the release
 * closes first.</li>
 * <li>{@link SerializedResource} ({@link #serialized}): any thread uses and
 * closes it, one at a time, under the object's lock, which the release holds
 * too (no grace period).</li>
 * </ul>
 * This class holds what they share: the {@link State}, the uses, the
 * Cleaner's registration, the free action run once. Each mode says how its
 * views are retired before the free ({@link #retireViews},
 * {@link #retireViewsAtDbClose}), and may wrap the release in what it needs
 * (a grace period, a lock).
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
public abstract sealed class DbResource implements Runnable
        permits SharedResource, ConfinedResource, SharedViewsResource, SerializedResource {
    static final System.Logger LOG = System.getLogger("io.panrocks");

    /** Where a resource is in its life; changed under its monitor only. */
    enum State {
        /** usable */
        OPEN,
        /** a close arrived during a use: the last use to end performs it; no new uses */
        CLOSE_PENDING,
        /**
         * the DB's close could not release it (in use, or another live thread
         * may look at its views) and waits for its release, which now needs
         * no grace period (the close drained every call); no new uses
         */
        DEFERRED_BY_DB_CLOSE,
        /** unpublished (uses throw), waiting out its grace period before the free ({@link SharedResource}) */
        RELEASING,
        /** freed */
        RELEASED;

        /** Whether uses throw from now on. */
        boolean unpublished() {
            return this == RELEASING || this == RELEASED;
        }
    }

    final NativeDb db;
    /** the only thread that may use it (a {@link ConfinedResource}'s), or null: any thread may */
    final Thread owner;
    private final String kind;
    private final Runnable free;
    /** where (or on which thread) it was made; a pooled pin's is renewed at each lend when tracking */
    Object site;
    private volatile State state = State.OPEN;
    /** uses in progress ({@link #tryUse}); guarded by this monitor */
    private int uses;
    Cleaner.Cleanable cleanable = NoCleaner.INSTANCE;

    DbResource(NativeDb db, String kind, Runnable free) {
        this(db, kind, free, null);
    }

    DbResource(NativeDb db, String kind, Runnable free, Thread owner) {
        this.db = db;
        this.owner = owner;
        this.kind = kind;
        this.free = free;
        this.site = Leaks.captureSite();
    }

    // ---- one factory per mode ---------------------------------------------------------

    /**
     * A resource any thread may use and close (released after a grace
     * period). Call inside a call on db; {@code holder} is what users hold:
     * when it becomes unreachable unclosed, the Cleaner releases the resource.
     */
    public static DbResource shared(NativeDb db, String kind, Object holder, Runnable free) {
        return adopt(new SharedResource(db, kind, free), holder);
    }

    /** As {@link #shared}, for an object with nothing to leak (no Cleaner registration). */
    public static DbResource sharedUnwatched(NativeDb db, String kind, Runnable free) {
        return adopt(new SharedResource(db, kind, free), null);
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
        ConfinedResource r = new ConfinedResource(c, kind, views, free);
        if (watchedByCleaner) r.cleanable = Leaks.CLEANER.register(views, r);
        c.track(r);
        return r;
    }

    /** A resource whose views live in a shared arena; any thread may read and close it. */
    public static DbResource sharedViews(NativeDb db, String kind, Object holder, Arena arena, Runnable free) {
        return adopt(new SharedViewsResource(db, kind, arena, free), holder);
    }

    /**
     * A resource any thread may use and close, one at a time: every use runs
     * its native call holding {@code lock}, and the release (which runs
     * {@code free} holding it too) waits for a use in progress instead of a
     * grace period. Call inside a call on db.
     */
    public static DbResource serialized(NativeDb db, String kind, Object holder, ReentrantLock lock, Runnable free) {
        return adopt(new SerializedResource(db, kind, lock, free), holder);
    }

    /**
     * A resource released from the start, owning nothing: for an object that
     * only names a native one RocksDB is deleting (a column family handle
     * reported to a listener while it is deleted), so that every use throws.
     */
    public static DbResource released(NativeDb db, String kind) {
        DbResource r = new SharedResource(db, kind, () -> {});
        r.state = State.RELEASED;
        return r;
    }

    /** Registers a resource of the DB (not a thread's), freeing it at once if the DB is closed already. */
    private static DbResource adopt(DbResource r, Object holder) {
        try {
            r.register();
        } catch (IllegalStateException closed) {
            r.state = State.RELEASED;
            r.free.run();
            throw closed;
        }
        if (holder != null) r.cleanable = Leaks.CLEANER.register(holder, r);
        return r;
    }

    // ---- what holders ask ---------------------------------------------------------------

    public String kind() {
        return kind;
    }

    public boolean isReleased() {
        return state.unpublished();
    }

    /** @throws IllegalStateException naming this object if it or its DB is closed */
    public void checkUsable() {
        // the DB first: its close releases the resource too, and the message should say why
        if (!db.isOpen()) throw new IllegalStateException(kind + " is closed (its " + db.closed().getMessage() + ")");
        if (state.unpublished()) throw new IllegalStateException(kind + " is closed");
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

    /**
     * Checks that the calling thread may use the object; any thread may,
     * except for a {@link ConfinedResource}.
     *
     * @throws WrongThreadException if it is confined to another thread
     */
    public final void checkOwner() {
        // a field and a compare, not a call each object overrides: iterators check it four times an entry
        Thread o = owner;
        if (o != null && Thread.currentThread() != o) {
            throw new WrongThreadException(kind + " belongs to thread \"" + o.getName() + "\"");
        }
    }

    // ---- uses -------------------------------------------------------------------

    /**
     * Starts a use of the native object by user code; false if it is released
     * or a close is pending. Every true must be followed by {@link #endUse()}.
     */
    public synchronized boolean tryUse() {
        if (state != State.OPEN) return false;
        uses++;
        return true;
    }

    /** Ends a use; the last one performs a close that arrived meanwhile. */
    public void endUse() {
        boolean close;
        synchronized (this) {
            close = --uses == 0 && (state == State.CLOSE_PENDING || state == State.DEFERRED_BY_DB_CLOSE);
        }
        if (close && release(false)) cleanable.clean();
    }

    /**
     * Whether a close arrived during the current use (the use should stop
     * early). A volatile read, no monitor: a bulk walk asks after every
     * entry, and a close that lands just after the read is performed by
     * {@link #endUse()} all the same.
     */
    public boolean closePending() {
        State s = state;
        return s == State.CLOSE_PENDING || s == State.DEFERRED_BY_DB_CLOSE;
    }

    // ---- releases -----------------------------------------------------------------

    /**
     * The user's close. Idempotent from any thread; one in use is closed when
     * the use ends.
     *
     * @throws WrongThreadException if a {@link ConfinedResource} still open is
     *         closed by another live thread than its owner (nothing changes)
     * @throws IllegalStateException if a {@link SharedViewsResource}'s views
     *         are in use by an I/O operation (close it afterwards), or a
     *         {@link SerializedResource} is closed from inside one of its own
     *         calls
     */
    public void close() {
        if (state.unpublished()) return;
        checkCloser();
        if (release(false)) cleanable.clean();
    }

    /**
     * Refuses a close by this thread, if it may not close the object.
     *
     * @throws WrongThreadException see {@link ConfinedResource}
     */
    void checkCloser() {
    }

    /** The safety net: the holder (and, for a confined resource, every view) became unreachable unclosed. */
    @Override
    public void run() {
        if (state.unpublished()) return;
        try {
            if (release(true)) Leaks.warn(LOG, kind, site);
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "panrocks: releasing a forgotten " + kind + " failed", t);
        }
    }

    /**
     * Releases now, or schedules the release for the end of the current use.
     * {@code unobserved}: called by a safety net that knows no view can be
     * read (or the owner is dead), so a confined scope need not be closed.
     * The modes that need more (a grace period, a lock) wrap this.
     *
     * @return whether this call released it
     */
    boolean release(boolean unobserved) {
        synchronized (this) {
            if (!mayReleaseNow()) return false;
            retireViews(unobserved);
            return finishRelease();
        }
    }

    /**
     * Under this monitor: whether a release may go ahead now. False if it is
     * released or being released, or in use (then the close is pending, and
     * the last use performs it).
     */
    final boolean mayReleaseNow() {
        State s = state;
        if (s.unpublished()) return false;
        if (uses > 0) {
            if (s == State.OPEN) state = State.CLOSE_PENDING;
            return false;
        }
        return true;
    }

    /** Under this monitor, in a release the DB's close waits for (it needs no grace period). */
    final boolean deferredByDbClose() {
        return state == State.DEFERRED_BY_DB_CLOSE;
    }

    /** Under this monitor: unpublished, the free to follow after a grace period ({@link SharedResource}). */
    final void unpublish() {
        state = State.RELEASING;
    }

    /** Under this monitor: whether it is unpublished and waiting out its grace period. */
    final boolean isReleasing() {
        return state == State.RELEASING;
    }

    /**
     * Under this monitor, before a user's or the safety net's release frees
     * the object: makes its views unreadable (nothing for a mode without
     * views).
     *
     * @param unobserved no view can be read any more (the safety net knows)
     * @throws IllegalStateException or {@link WrongThreadException} if the
     *         views cannot be retired now; nothing changed then
     */
    void retireViews(boolean unobserved) {
    }

    /**
     * Under this monitor, by the DB's close (on {@code closer}): makes the
     * views unreadable, or answers false if another live thread may still
     * read them (the release is then deferred to the holder's close or the
     * safety net).
     */
    boolean retireViewsAtDbClose(Thread closer) {
        return true;
    }

    /** The native release; under this monitor, exactly once. Returns true. */
    final boolean finishRelease() {
        boolean dbCloseWaits = state == State.DEFERRED_BY_DB_CLOSE;
        state = State.RELEASED;
        try {
            free.run();
        } finally {
            unregister();
            if (dbCloseWaits) db.deferredResourceReleased();
        }
        return true;
    }

    /** Adds it to its DB's registry; a confined one is in its owner's context instead. */
    void register() {
        db.register(this);
    }

    /** Removes it from the registry it is in (its DB's; a confined one: its owner's context). */
    void unregister() {
        db.unregister(this);
    }

    /**
     * By the DB's close, after every call drained: releases the resource, or
     * defers it (returns false) while a live thread may still look at it; the
     * deferred release then tells the DB, and the last one closes the engine.
     */
    boolean releaseAtClose(Thread closer) {
        return releaseAtCloseLocked(closer);
    }

    final synchronized boolean releaseAtCloseLocked(Thread closer) {
        boolean interrupted = false;
        while (state == State.RELEASING) {   // a grace period in progress: its free is next
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        if (state == State.RELEASED) return true;
        if (uses > 0 || !retireViewsAtDbClose(closer)) {
            state = State.DEFERRED_BY_DB_CLOSE;
            return false;
        }
        return finishRelease();
    }

    /** The placeholder registration of resources the Cleaner does not watch. */
    static final class NoCleaner implements Cleaner.Cleanable {
        static final NoCleaner INSTANCE = new NoCleaner();

        @Override
        public void clean() {
        }
    }

    @Override
    public String toString() {
        return kind + (state.unpublished() ? " (released)" : "");
    }
}
