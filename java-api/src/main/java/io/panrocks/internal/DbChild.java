package io.panrocks.internal;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A native object that belongs to one DB (a snapshot, an iterator, a column
 * family handle ...): released exactly once, either by its user's close()
 * or by the DB's close(), whichever comes first.
 *
 * <p>A user's close runs inside a call on the DB, so the DB cannot be freed
 * under it; the DB's close runs after every call has drained. Either way
 * the release happens while the native DB is alive.
 */
public abstract class DbChild implements AutoCloseable {
    protected final NativeDb db;
    private final AtomicBoolean released = new AtomicBoolean();
    private final String kind;

    protected DbChild(NativeDb db, String kind) {
        this.db = db;
        this.kind = kind;
    }

    /** Registers with the DB; call at the end of the subclass constructor. */
    protected final void adopt() {
        try {
            db.adopt(this);
        } catch (IllegalStateException closing) {
            if (released.compareAndSet(false, true)) release();
            throw closing;
        }
    }

    /** Frees the native object. Runs once, while the DB is alive. */
    protected abstract void release();

    public final boolean isReleased() {
        return released.get();
    }

    /** @throws IllegalStateException if this object or its DB is closed */
    public final void checkUsable() {
        if (released.get()) throw new IllegalStateException(kind + " is closed");
        if (!db.isOpen()) throw db.closed();
    }

    /** Releases this object; idempotent. After it, every use throws IllegalStateException. */
    @Override
    public void close() {
        CallContext c;
        try {
            c = db.enter();
        } catch (IllegalStateException closing) {
            return; // the DB's close releases its children
        }
        try {
            if (!released.compareAndSet(false, true)) return;
            db.disown(this);
            beforeRelease();
            release();
        } finally {
            db.exit(c);
        }
    }

    /**
     * Between marking released and freeing: calls already inside the engine
     * with this object (on other threads) finish first. Calls that start
     * later see it released and throw.
     */
    protected void beforeRelease() {
        db.awaitQuiescence();
    }

    /** Called by the DB's close, after all calls have drained. */
    final void releaseByOwner() {
        if (released.compareAndSet(false, true)) release();
    }

    protected final String kind() {
        return kind;
    }
}
