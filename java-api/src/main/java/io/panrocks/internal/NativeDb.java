package io.panrocks.internal;

import io.panrocks.RocksDBException;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The native side of one open DB: its handle, the per-thread call contexts,
 * the resources it owns, and the close protocol that makes closing under
 * concurrency safe.
 *
 * <p>Lifecycle: OPEN -> CLOSING -> CLOSED. {@link #enter()} admits calls only
 * while OPEN. {@link #close()} flips to CLOSING, waits until no thread is
 * inside a call (each context's call counter moves past any call in
 * progress), asks every {@link DbResource} to release (those a live thread
 * may still look at defer), and closes the engine once the last of them is
 * released. A call that raced with close either finished before anything
 * was freed or saw CLOSING and threw {@link IllegalStateException} without
 * touching native memory.
 */
public final class NativeDb {
    private static final int OPEN = 0, CLOSING = 1, CLOSED = 2;
    private static final System.Logger LOG = System.getLogger("io.panrocks");

    private final MemorySegment handle;
    private final MemorySegment defaultFamily;
    private final String description;
    /** what {@link OpenPaths} knows this DB by; null if not registered there */
    private final OpenPaths.Claim pathClaim;
    private final CopyOnWriteArrayList<CallContext> allContexts = new CopyOnWriteArrayList<>();
    private final Object lifecycleLock = new Object();
    /**
     * its shared and shared-views resources, oldest first; guarded by
     * lifecycleLock (confined ones live in their thread's context)
     */
    private final LinkedHashSet<DbResource> resources = new LinkedHashSet<>();
    /** its serialized resources (transactions), oldest first; guarded by lifecycleLock */
    private final LinkedHashSet<SerializedResource> serialized = new LinkedHashSet<>();
    private volatile int state = OPEN;
    /** resources whose release the close deferred; the last one released finishes the close */
    private final AtomicInteger deferredResources = new AtomicInteger();

    public NativeDb(MemorySegment handle, String description, OpenPaths.Claim pathClaim) {
        this.handle = handle;
        this.description = description;
        this.pathClaim = pathClaim;
        this.defaultFamily = panrocks_h.panrocks_default_cf(handle);
    }

    /** The panrocks_db*; only valid between {@link #enter()} and {@link #exit}. */
    public MemorySegment handle() {
        return handle;
    }

    public MemorySegment defaultFamily() {
        return defaultFamily;
    }

    public String description() {
        return description;
    }

    public boolean isOpen() {
        return state == OPEN;
    }

    @Override
    public String toString() {
        return description;
    }

    // ---- the call guard ----------------------------------------------------------

    /**
     * Admits the calling thread into a native call on this DB.
     *
     * @throws IllegalStateException if the DB is closing or closed
     */
    public CallContext enter() {
        CallContext c = ThreadContexts.get(this);
        if (c == null) c = register();
        c.enter();
        if (state != OPEN) {
            c.exit();
            throw closed();
        }
        return c;
    }

    public void exit(CallContext c) {
        c.exit();
    }

    /** A native call on the DB's handle that answers only a status, filling the error record on failure. */
    @FunctionalInterface
    public interface StatusCall {
        int call(MemorySegment db, MemorySegment error);
    }

    /** A native call that writes text about the DB into buffer (up to capacity bytes) and its full size into size. */
    @FunctionalInterface
    public interface TextCall {
        int call(MemorySegment db, MemorySegment buffer, long capacity, MemorySegment size, MemorySegment error);
    }

    /**
     * The text a call writes ({@link EngineText#read}), between
     * {@link #enter()} and {@link #exit}; scratch grown for a long text is
     * given back.
     *
     * @throws RocksDBException the status of a call that failed
     * @throws IllegalStateException if the DB is closing or closed
     */
    public String text(TextCall call) throws RocksDBException {
        CallContext c = enter();
        try {
            return EngineText.read(c, 0, (buffer, capacity) -> call.call(handle(), buffer, capacity, c.size, c.error));
        } finally {
            c.trimScratch();
            exit(c);
        }
    }

    /**
     * Makes a call that answers only a status, between {@link #enter()} and
     * {@link #exit}.
     *
     * @throws RocksDBException the status of a call that failed
     * @throws IllegalStateException if the DB is closing or closed
     */
    public void run(StatusCall call) throws RocksDBException {
        CallContext c = enter();
        try {
            int rc = call.call(handle(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            exit(c);
        }
    }

    /**
     * As {@link #enter()}, for a call that waits for RocksDB's background
     * work (a flush it waits for, a compaction, a checkpoint, an ingestion, a
     * backup): refused on a thread running a callback of any DB.
     *
     * @param operation what the call is, for the message ("flush")
     * @throws IllegalStateException inside a callback, or if the DB is closing or closed
     */
    public CallContext enterToWaitForBackgroundWork(String operation) {
        ThreadContexts.refuseWaitForBackgroundWork(this, operation);
        return enter();
    }

    /** The calling thread's context if it has one (never creates one). */
    CallContext currentContext() {
        return ThreadContexts.get(this);
    }

    /** registrations at which dead threads' contexts are next reclaimed; guarded by lifecycleLock */
    private int reclaimAt = 64;

    private CallContext register() {
        synchronized (lifecycleLock) {
            if (state != OPEN) throw closed();
            // amortized: many short-lived threads (virtual ones, pools) would
            // otherwise make every registration scan every context
            if (allContexts.size() >= reclaimAt) {
                reclaimDeadThreads();
                reclaimAt = Math.max(64, 2 * allContexts.size());
            }
            CallContext c = new CallContext(this, Thread.currentThread());
            allContexts.add(c);
            ThreadContexts.put(this, c);
            return c;
        }
    }

    /**
     * Frees contexts of threads that have ended: they cannot be inside a
     * call, and the views of their resources (confined to them) can no
     * longer be read by anyone.
     */
    private void reclaimDeadThreads() {
        for (CallContext c : allContexts) {
            if (!c.owner.isAlive() && c.releaseUnobservable()) {
                allContexts.remove(c);
                c.free();
            }
        }
    }

    /**
     * The Cleaner's action for a DB whose facade became unreachable unclosed
     * (and so did every object of it, since those refer to the facade):
     * warns, naming where it was opened, and closes it.
     */
    public Runnable closerForForgotten(String created) {
        return () -> {
            if (state != OPEN) return;
            Leaks.warn(LOG, "RocksDB (" + description + ")", created);
            try {
                close();
            } catch (Throwable t) {
                LOG.log(System.Logger.Level.WARNING, "panrocks: closing forgotten RocksDB " + description + " failed", t);
            }
        };
    }

    public IllegalStateException closed() {
        return new IllegalStateException("RocksDB " + description + " is closed");
    }

    // ---- resources ---------------------------------------------------------------

    /** Registers a shared or shared-views resource, created inside a call on this DB. */
    void register(DbResource r) {
        synchronized (lifecycleLock) {
            if (state == CLOSED) throw closed();
            resources.add(r);
        }
    }

    /** Registers a serialized resource, created inside a call on this DB. */
    void register(SerializedResource r) {
        synchronized (lifecycleLock) {
            if (state == CLOSED) throw closed();
            serialized.add(r);
        }
    }

    void unregister(DbResource r) {
        synchronized (lifecycleLock) {
            resources.remove(r);
        }
    }

    void unregister(SerializedResource r) {
        synchronized (lifecycleLock) {
            serialized.remove(r);
        }
    }

    /**
     * Waits until every other thread that was inside a call when this method
     * started has left it, so that nothing unpublished before this call can
     * still be in use by the engine: the grace period of a {@link SharedResource}'s release.
     * Threads that are themselves waiting out a grace period hold nothing
     * such a release frees (the calls they are inside of have returned from
     * the engine and run user code), so they count as quiescent: two
     * callbacks releasing objects at once do not wait for each other.
     */
    void awaitGracePeriod() {
        CallContext own = ThreadContexts.getUnchecked(this);
        if (own != null) own.graceWaits++;
        try {
            awaitCalls(true, null, null);
        } finally {
            if (own != null) own.graceWaits--;
        }
    }

    /**
     * Waits until every other thread that was inside a call has left it.
     *
     * @param skipGraceWaiters count threads waiting out a grace period as quiescent
     * @param whileWaiting run about once a millisecond while a thread keeps waiting, or null
     * @param bound the close's bound at the JVM's shutdown, or null for none (grace periods)
     * @return false if the bound ran out first
     */
    private boolean awaitCalls(boolean skipGraceWaiters, Runnable whileWaiting, ShutdownBound bound) {
        Thread self = Thread.currentThread();
        List<CallContext> snapshot = List.copyOf(allContexts);
        long[] seen = new long[snapshot.size()];
        for (int i = 0; i < seen.length; i++) seen[i] = snapshot.get(i).callsVolatile();
        for (int i = 0; i < seen.length; i++) {
            CallContext c = snapshot.get(i);
            if ((seen[i] & 1) == 0 || c.owner == self) continue;
            for (int spins = 0; c.callsVolatile() == seen[i]; spins++) {
                if (skipGraceWaiters && c.inGracePeriod()) break;
                if (spins < 100) {
                    Thread.onSpinWait();
                } else if (spins < 200) {
                    Thread.yield();
                } else {
                    if (whileWaiting != null) whileWaiting.run();
                    if (bound != null && bound.expired()) return false;
                    LockSupport.parkNanos(Math.min(1_000_000L, 10_000L * (spins - 199)));
                }
            }
        }
        return true;
    }

    // ---- close ---------------------------------------------------------------------

    /**
     * Closes the DB: refuses new calls, waits for calls in progress, releases
     * what it owns, then closes the engine (later, if a live thread still
     * holds a view or a use of one of its resources). Idempotent. Serialized
     * resources (transactions) are released whenever nobody uses them, also
     * while the close waits for calls, since a call may wait for their locks.
     * Once the JVM is shutting down, the waits are bounded ({@link ShutdownBound}).
     *
     * @throws IllegalStateException if called from inside a call on this DB
     *         (a callback), which would free memory that call still uses, or
     *         from inside a callback of any DB (it could wait for the
     *         background job running that callback); or if the JVM's
     *         shutdown bound ran out (the engine is left to the process's end)
     * @throws RocksDBException if RocksDB reported an error while closing;
     *         the native DB is freed regardless
     */
    public void close() throws RocksDBException {
        // refused inside a callback of this DB (ThreadContexts.get throws): on
        // one of RocksDB's threads the engine's close would wait for itself;
        // inside a callback of another DB it could wait for a background job
        // that waits for this callback's thread
        CallContext own = ThreadContexts.get(this);
        if (own != null && own.insideCall()) {
            throw new IllegalStateException("RocksDB " + description
                    + " cannot be closed from inside one of its own calls (a callback)");
        }
        ThreadContexts.refuseWaitForBackgroundWork(this, "the close");
        boolean hasCallbacks;
        synchronized (lifecycleLock) {
            if (state != OPEN) return;
            state = CLOSING;
            hasCallbacks = !engineClosedActions.isEmpty();
        }
        // At the JVM's shutdown the close is bounded: a callback or call that
        // never returns (one that called System.exit waits for the shutdown
        // hooks, and so for this close) must not hold the exit forever.
        ShutdownBound bound = ShutdownBound.forClose();
        // Serialized resources nobody is using go first, before the wait, and
        // so does each one whose call ends while the close waits: a call in
        // progress may be waiting for what they hold (a transaction's row
        // locks), and would otherwise keep the close waiting with it.
        releaseIdleSerialized();
        // callbacks: a compaction through a slow Java filter would
        // keep its compactRange call (which the grace period waits for) busy
        // to its end; stop background work at its next entry instead
        if (hasCallbacks && !bound.run(this::stopBackgroundWork, "panrocks close of " + description)) {
            throw bound.gaveUp(this, "stopping its background work");
        }
        if (!awaitCalls(false, this::releaseIdleSerialized, bound)) {
            throw bound.gaveUp(this, "calls in progress on other threads");
        }
        Thread self = Thread.currentThread();
        // release order: serialized resources (transactions), then what
        // threads hold (iterators, pins), then the DB's shared objects
        // (snapshots, handles) newest first, then the engine
        List<DbResource> all = new ArrayList<>(serializedResources());
        for (CallContext c : allContexts) all.addAll(c.openResources());
        synchronized (lifecycleLock) {
            List<DbResource> shared = new ArrayList<>(resources);
            for (int i = shared.size() - 1; i >= 0; i--) all.add(shared.get(i)); // newest first
        }
        int deferred = 0;
        Throwable failure = null;
        for (DbResource r : all) {
            try {
                if (!r.releaseAtClose(self)) deferred++;
            } catch (Throwable t) {
                if (failure == null) failure = t;
                else failure.addSuppressed(t);
            }
        }
        if (deferred > 0) {
            LOG.log(System.Logger.Level.WARNING, "panrocks: RocksDB " + description + " closes when the "
                    + deferred + " pinned value(s), iterator(s), MultiGet(s) or busy record batch(es) that other "
                    + "threads still use are closed");
            if (deferredResources.addAndGet(deferred) != 0) {
                rethrow(failure);
                return;
            }
        }
        RocksDBException[] engineFailure = new RocksDBException[1];
        if (!bound.run(() -> engineFailure[0] = closeEngine(), "panrocks close of " + description)) {
            throw bound.gaveUp(this, "the engine's close, which waits for its background work");
        }
        if (engineFailure[0] != null) {
            if (failure != null) engineFailure[0].addSuppressed(failure);
            throw engineFailure[0];
        }
        rethrow(failure);
    }

    /** Releases the {@link SerializedResource}s nobody is using right now (transactions between calls). */
    private void releaseIdleSerialized() {
        for (SerializedResource r : serializedResources()) {
            try {
                r.releaseIfIdle();
            } catch (Throwable t) {
                LOG.log(System.Logger.Level.WARNING, "panrocks: releasing a " + r.kind() + " of " + description
                        + " failed", t);
            }
        }
    }

    private void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException re) throw re;
        if (failure instanceof Error er) throw er;
        if (failure != null) throw new IllegalStateException("releasing a resource of " + description, failure);
    }

    /** The {@link SerializedResource}s still registered, oldest first. */
    private List<SerializedResource> serializedResources() {
        synchronized (lifecycleLock) {
            return new ArrayList<>(serialized);
        }
    }

    /** A resource the close deferred was released; the last one closes the engine. */
    void deferredResourceReleased() {
        if (deferredResources.decrementAndGet() == 0) {
            RocksDBException failure = closeEngine();
            if (failure != null) {
                LOG.log(System.Logger.Level.WARNING, "panrocks: closing RocksDB " + description + " failed", failure);
            }
        }
    }

    /** Closes the native DB and frees every context's scratch; releases the path. */
    private RocksDBException closeEngine() {
        RocksDBException failure = null;
        MemorySegment error = NativeMemory.allocate(io.panrocks.internal.ffi.panrocks_error.sizeof());
        try {
            // scratch first: a frame's PinnableSlice may still pin a block or a
            // memtable (a read cut short by a StackOverflowError never released
            // it), and releasing a pin needs the engine
            for (CallContext c : allContexts) c.free();
            allContexts.clear();
            int rc = panrocks_h.panrocks_close(handle, error);
            if (rc != 0) failure = Errors.toException(rc, error);
        } finally {
            NativeMemory.free(error);
            state = CLOSED;
            ThreadContexts.remove(this);
            runEngineClosedActions();
            if (pathClaim != null) pathClaim.release();
        }
        return failure;
    }

    // ---- callbacks ------------------------------------------------------

    /** run once the engine is closed: releases of what the engine called into (upcall stubs); guarded by lifecycleLock */
    private final List<Runnable> engineClosedActions = new ArrayList<>();
    private volatile Throwable firstCallbackFailure;
    private final AtomicInteger callbackFailures = new AtomicInteger();

    /**
     * Runs action once the engine is closed (after {@code panrocks_close}
     * returned, so the engine calls nothing any more), or at once if it is
     * already closed: the release of upcall stubs and callback handles.
     */
    public void onEngineClosed(Runnable action) {
        synchronized (lifecycleLock) {
            if (state != CLOSED) {
                engineClosedActions.add(action);
                return;
            }
        }
        action.run();
    }

    private void runEngineClosedActions() {
        List<Runnable> actions;
        synchronized (lifecycleLock) {
            actions = new ArrayList<>(engineClosedActions);
            engineClosedActions.clear();
        }
        for (Runnable a : actions) {
            try {
                a.run();
            } catch (Throwable t) {
                LOG.log(System.Logger.Level.WARNING, "panrocks: releasing a callback of " + description + " failed", t);
            }
        }
    }

    /** Stops running compactions and flushes at their next check, without waiting (panrocks_close_begin). */
    private void stopBackgroundWork() {
        MemorySegment error = NativeMemory.allocate(io.panrocks.internal.ffi.panrocks_error.sizeof());
        try {
            int rc = panrocks_h.panrocks_close_begin(handle, error);
            if (rc != 0) {
                LOG.log(System.Logger.Level.WARNING, "panrocks: stopping the background work of " + description
                        + " failed: " + Errors.toException(rc, error).getMessage());
            }
        } finally {
            NativeMemory.free(error);
        }
    }

    /** Records what a callback of this DB threw (the first one is kept). Must not throw. */
    void recordCallbackFailure(Throwable t) {
        callbackFailures.incrementAndGet();
        if (firstCallbackFailure == null) firstCallbackFailure = t;
    }

    /** The first exception a callback of this DB threw, or null. */
    public Throwable firstCallbackFailure() {
        return firstCallbackFailure;
    }

    /** How many callback calls of this DB threw. */
    public int callbackFailureCount() {
        return callbackFailures.get();
    }

    /** Whether the calling thread is running a callback of this DB. */
    public boolean insideCallback() {
        return ThreadContexts.current().insideUpcallOf(this);
    }

    /** Whether the engine has been closed (all deferred resources released). */
    public boolean isEngineClosed() {
        return state == CLOSED;
    }
}
