package io.panrocks.internal;

import io.panrocks.RocksDBException;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The native side of one open DB: its handle, the per-thread call contexts,
 * and the close protocol that makes closing under concurrency safe.
 *
 * <p>Lifecycle: OPEN -> CLOSING -> CLOSED. {@link #enter()} admits calls only
 * while OPEN. {@link #close()} flips to CLOSING, waits until no thread is
 * inside a call (each context's call counter moves past any call in
 * progress), releases the DB's children, then the DB itself. A call that
 * raced with close either finished before the native DB was freed or saw
 * CLOSING and threw {@link IllegalStateException} without touching native
 * memory.
 */
public final class NativeDb {
    private static final int OPEN = 0, CLOSING = 1, CLOSED = 2;

    private final MemorySegment handle;
    private final MemorySegment defaultFamily;
    private final String description;
    private final ThreadLocal<CallContext> contexts = new ThreadLocal<>();
    private final CopyOnWriteArrayList<CallContext> allContexts = new CopyOnWriteArrayList<>();
    /** children released at close, newest first */
    private final java.util.LinkedHashSet<DbChild.Token> children = new java.util.LinkedHashSet<>();
    private final Object lifecycleLock = new Object();
    /** record batches and the like, closable from any thread */
    private final java.util.Set<SharedResource> shared = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile int state = OPEN;
    /** pins other threads still held when close() ran; the last release finishes the close */
    private final AtomicInteger deferredResources = new AtomicInteger();
    private volatile List<DbChild.Token> closingChildren = List.of();
    private static final System.Logger LOG = System.getLogger("io.panrocks");

    public NativeDb(MemorySegment handle, String description) {
        this.handle = handle;
        this.description = description;
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

    /**
     * Admits the calling thread into a native call on this DB.
     *
     * @throws IllegalStateException if the DB is closing or closed
     */
    public CallContext enter() {
        CallContext c = contexts.get();
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

    private CallContext register() {
        synchronized (lifecycleLock) {
            if (state != OPEN) throw closed();
            reclaimDeadThreads();
            CallContext c = new CallContext(this, Thread.currentThread());
            allContexts.add(c);
            contexts.set(c);
            return c;
        }
    }

    /**
     * Frees contexts of threads that have ended: they cannot be inside a
     * call, and the views of their pins and iterators (confined to them)
     * can no longer be read by anyone.
     */
    private void reclaimDeadThreads() {
        for (CallContext c : allContexts) {
            if (!c.owner.isAlive() && c.releaseResourcesAtClose(Thread.currentThread()).isEmpty()) {
                allContexts.remove(c);
                c.free();
            }
        }
    }

    /**
     * The Cleaner's action for a DB whose facade was never closed: warns
     * (naming where it was opened) and closes it.
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

    /** Registers a child that close() must release before the DB. */
    void adopt(DbChild.Token child) {
        synchronized (lifecycleLock) {
            if (state != OPEN) throw closed();
            children.add(child);
        }
    }

    void disown(DbChild.Token child) {
        synchronized (lifecycleLock) {
            children.remove(child);
        }
    }

    /** Registers a resource any thread may close; call inside a call on this DB. */
    public void share(SharedResource resource) {
        shared.add(resource);
    }

    /** The resource was released by its own close. */
    public void unshare(SharedResource resource) {
        shared.remove(resource);
    }

    /**
     * Waits until every thread that was inside a call when this method
     * started has left it: after this, nothing unpublished before the call
     * can still be in use by a native call.
     */
    public void awaitQuiescence() {
        Thread self = Thread.currentThread();
        List<CallContext> snapshot = List.copyOf(allContexts);
        long[] seen = new long[snapshot.size()];
        for (int i = 0; i < seen.length; i++) seen[i] = snapshot.get(i).callsVolatile();
        for (int i = 0; i < seen.length; i++) {
            CallContext c = snapshot.get(i);
            if ((seen[i] & 1) == 0 || c.owner == self) continue;
            for (int spins = 0; c.callsVolatile() == seen[i]; spins++) {
                if (spins < 100) Thread.onSpinWait();
                else if (spins < 200) Thread.yield();
                else LockSupport.parkNanos(Math.min(1_000_000L, 10_000L * (spins - 199)));
            }
        }
    }

    /**
     * Closes the DB: refuses new calls, waits for calls in progress, releases
     * children then the native DB. Idempotent.
     *
     * @throws IllegalStateException if called from inside a call on this DB
     *         (a callback), which would free memory that call still uses
     * @throws RocksDBException if RocksDB reported an error while closing;
     *         the native DB is freed regardless
     */
    public void close() throws RocksDBException {
        CallContext own = contexts.get();
        if (own != null && own.insideCall()) {
            throw new IllegalStateException("RocksDB " + description
                    + " cannot be closed from inside one of its own calls (a callback)");
        }
        List<DbChild.Token> toRelease;
        synchronized (lifecycleLock) {
            if (state != OPEN) return;
            state = CLOSING;
            toRelease = new ArrayList<>(children);
            children.clear();
            closingChildren = toRelease;
        }
        awaitQuiescence();
        // Pinned values are confined to the thread that read them: this
        // thread's and dead threads' are released now; those that live
        // threads hold keep the engine (and the DB's children) alive until
        // they are closed, and the last one to close finishes the job.
        List<Object> held = new ArrayList<>();
        for (CallContext c : allContexts) held.addAll(c.releaseResourcesAtClose(Thread.currentThread()));
        for (SharedResource r : List.copyOf(shared)) {
            if (!r.releaseAtClose()) held.add(r);
        }
        if (!held.isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, "panrocks: RocksDB " + description + " closes when the "
                    + held.size() + " pinned value(s), iterator(s) or busy record batch(es) still open in other threads are closed");
            if (deferredResources.addAndGet(held.size()) != 0) return;
        }
        finishClose(toRelease);
    }

    /** Releases the children, newest first, then the engine. */
    private void finishClose(List<DbChild.Token> toRelease) throws RocksDBException {
        Throwable childFailure = null;
        for (int i = toRelease.size() - 1; i >= 0; i--) {
            try {
                toRelease.get(i).releaseByOwner();
            } catch (Throwable t) {
                if (childFailure == null) childFailure = t;
                else childFailure.addSuppressed(t);
            }
        }
        RocksDBException engineFailure = closeEngine();
        if (engineFailure != null) {
            if (childFailure != null) engineFailure.addSuppressed(childFailure);
            throw engineFailure;
        }
        rethrow(childFailure);
    }

    private void rethrow(Throwable childFailure) {
        if (childFailure instanceof RuntimeException re) throw re;
        if (childFailure instanceof Error er) throw er;
        if (childFailure != null) throw new IllegalStateException("releasing a child of " + description, childFailure);
    }

    /** A resource held across close() was released; the last one closes the engine. */
    public void deferredResourceReleased() {
        if (deferredResources.decrementAndGet() == 0) {
            try {
                finishClose(closingChildren);
            } catch (Throwable failure) {
                LOG.log(System.Logger.Level.WARNING, "panrocks: closing RocksDB " + description + " failed", failure);
            }
        }
    }

    /** Closes the native DB and frees every context's scratch. */
    private RocksDBException closeEngine() {
        RocksDBException failure = null;
        MemorySegment error = NativeMemory.allocate(io.panrocks.internal.ffi.panrocks_error.sizeof());
        try {
            int rc = panrocks_h.panrocks_close(handle, error);
            if (rc != 0) failure = Errors.toException(rc, error);
        } finally {
            NativeMemory.free(error);
            for (CallContext c : allContexts) c.free();
            allContexts.clear();
            state = CLOSED;
        }
        return failure;
    }
}
