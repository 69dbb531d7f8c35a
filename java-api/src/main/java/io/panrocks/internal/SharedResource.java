package io.panrocks.internal;

/**
 * A DB's object any thread uses and closes, which calls of other threads may
 * be using inside the engine (a snapshot, a column family handle); it shows
 * no memory as views.
 *
 * <p>A release unpublishes it first (later uses throw), then waits a grace
 * period until every call that might have seen it has left the engine
 * ({@link NativeDb#awaitGracePeriod}), then frees it; the DB's close waits
 * for a release in progress. Inside a callback (whose own call the grace
 * period would wait for, forever) the close returns once it is unpublished,
 * and a thread of its own waits out the grace period and frees it. Once the
 * DB's close deferred it, the close has drained every call: the release frees
 * at once.
 */
final class SharedResource extends DbResource {
    SharedResource(NativeDb db, String kind, Runnable free) {
        super(db, kind, free);
    }

    @Override
    boolean release(boolean unobserved) {
        synchronized (this) {
            if (!mayReleaseNow()) return false;
            if (deferredByDbClose()) return finishRelease();
            unpublish();
        }
        if (ThreadContexts.insideAnyUpcall()) {
            // A callback runs on behalf of a call in progress (a compactRange,
            // a flush, a write): the grace period would wait for that call,
            // which waits for this callback, forever. Unpublished already
            // (later uses throw); another thread waits out the grace period
            // and frees it. The DB's close waits for that (RELEASING).
            Thread.ofPlatform().daemon().name("panrocks-release-" + kind()).start(this::finishGracePeriod);
            return true;
        }
        finishGracePeriod();
        return true;
    }

    /** The second half of a release: waits out the grace period, then frees. */
    private void finishGracePeriod() {
        try {
            db.awaitGracePeriod();
        } finally {
            synchronized (this) {
                try {
                    finishRelease();
                } finally {
                    notifyAll(); // a DB's close waiting for this release
                }
            }
        }
    }
}
