package io.panrocks.internal;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A DB's object any thread uses and closes, one at a time (RocksDB's object
 * is not thread-safe: a transaction); it shows no memory as views.
 *
 * <p>Every use holds the object's lock for the whole native call, and so
 * does the release, which therefore needs no grace period: a release never
 * waits for other threads' calls (one of them may wait for what this object
 * holds, a row lock). A release from inside one of its own uses, by a
 * callback that use runs, is refused. The DB's close releases the idle ones
 * before it waits for calls in progress ({@link #releaseIfIdle}), and each
 * one that goes idle while it waits.
 */
final class SerializedResource extends DbResource {
    private final ReentrantLock lock;

    SerializedResource(NativeDb db, String kind, ReentrantLock lock, Runnable free) {
        super(db, kind, free);
        this.lock = lock;
    }

    @Override
    void register() {
        db.register(this);
    }

    @Override
    void unregister() {
        db.unregister(this);
    }

    @Override
    boolean release(boolean unobserved) {
        // held by this thread already: the release comes from inside one of the
        // object's own calls (a comparator or merge operator that call runs), which
        // still uses the native object; freeing it there would crash that call
        if (lock.isHeldByCurrentThread()) {
            throw new IllegalStateException(kind() + " cannot be closed from inside one of its own calls (a callback "
                    + "such as a comparator or merge operator it runs); close it after the call returns");
        }
        // the lock first, then this monitor: the order every path takes
        lock.lock();
        try {
            return super.release(unobserved);
        } finally {
            lock.unlock();
        }
    }

    @Override
    boolean releaseAtClose(Thread closer) {
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
     * releases it if nobody uses it right now (its release may be what a
     * call in progress waits for). Never blocks; false if it was in use.
     */
    boolean releaseIfIdle() {
        if (!lock.tryLock()) return false;
        try {
            synchronized (this) {
                return mayReleaseNow() && finishRelease();
            }
        } finally {
            lock.unlock();
        }
    }
}
