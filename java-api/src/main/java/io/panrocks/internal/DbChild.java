package io.panrocks.internal;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A native object that belongs to one DB (a snapshot, a column family
 * handle, a MultiGet batch ...): released exactly once, by whichever comes
 * first of its user's close(), the DB's close(), or the Cleaner when the
 * object was forgotten.
 *
 * <p>The DB keeps only the object's {@link Token} (never the object), so a
 * forgotten object can become unreachable. The token's release action must
 * not capture the object either.
 *
 * <p>A user's close runs inside a call on the DB, so the DB cannot be freed
 * under it, and first waits for calls already inside the engine (which may
 * be using the object) to leave; the DB's close runs after every call has
 * drained. Either way the native release happens while the DB is alive.
 */
public abstract class DbChild implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("io.panrocks");

    protected final NativeDb db;
    private final String kind;
    private Token token;
    private Cleaner.Cleanable cleanable;

    /** The releasable part of a child: what the DB and the Cleaner hold. */
    static final class Token implements Runnable {
        final NativeDb db;
        final String kind;
        private final Runnable nativeRelease;
        private final Object site;
        private final AtomicBoolean released = new AtomicBoolean();

        Token(NativeDb db, String kind, Runnable nativeRelease) {
            this.db = db;
            this.kind = kind;
            this.nativeRelease = nativeRelease;
            this.site = Leaks.captureSite();
        }

        boolean isReleased() {
            return released.get();
        }

        /** By the DB's close, after all calls drained. */
        void releaseByOwner() {
            if (released.compareAndSet(false, true)) nativeRelease.run();
        }

        /** By its user's close, inside a call. */
        boolean releaseByUser() {
            if (!released.compareAndSet(false, true)) return false;
            db.disown(this);
            db.awaitQuiescence();
            nativeRelease.run();
            return true;
        }

        /** Cleaner: the object became unreachable unclosed. */
        @Override
        public void run() {
            if (released.get()) return;
            CallContext c;
            try {
                c = db.enter();
            } catch (IllegalStateException closed) {
                return; // the DB's close releases (or released) it
            }
            try {
                if (releaseByUser()) Leaks.warn(LOG, kind, site);
            } finally {
                db.exit(c);
            }
        }
    }

    protected DbChild(NativeDb db, String kind) {
        this.db = db;
        this.kind = kind;
    }

    /**
     * Registers with the DB and the Cleaner; call at the end of the subclass
     * constructor, inside a call on the DB. {@code nativeRelease} frees the
     * native object and must not capture {@code this}.
     */
    protected final void adopt(Runnable nativeRelease) {
        adopt(nativeRelease, true);
    }

    /** As {@link #adopt(Runnable)}; {@code watched = false} for objects with nothing to leak (no Cleaner). */
    protected final void adopt(Runnable nativeRelease, boolean watched) {
        Token t = new Token(db, kind, nativeRelease);
        try {
            db.adopt(t);
        } catch (IllegalStateException closing) {
            t.releaseByOwner();
            throw closing;
        }
        token = t;
        cleanable = watched ? Leaks.CLEANER.register(this, t) : () -> { };
    }

    public final boolean isReleased() {
        return token == null || token.isReleased();
    }

    /** @throws IllegalStateException naming this object if it or its DB is closed */
    public final void checkUsable() {
        if (token.isReleased()) throw new IllegalStateException(kind + " is closed");
        if (!db.isOpen()) throw new IllegalStateException(kind + " is closed (its " + db.closed().getMessage() + ")");
    }

    /**
     * As {@link #checkUsable()}, and that this object belongs to {@code owner}.
     * Native objects of one DB are meaningless to another: a snapshot or a
     * column family of DB A handed to DB B is undefined behaviour in RocksDB.
     *
     * @throws IllegalArgumentException if it belongs to another DB
     */
    public final void checkUsableOn(NativeDb owner) {
        if (owner != db) throw new IllegalArgumentException(kind + " belongs to another DB (" + db + ")");
        checkUsable();
    }

    /** Releases this object; idempotent. After it, every use throws {@link IllegalStateException}. */
    @Override
    public void close() {
        CallContext c;
        try {
            c = db.enter();
        } catch (IllegalStateException closing) {
            return; // the DB's close releases its children
        }
        try {
            token.releaseByUser();
        } finally {
            db.exit(c);
        }
        cleanable.clean();
    }

    protected final String kind() {
        return kind;
    }
}
