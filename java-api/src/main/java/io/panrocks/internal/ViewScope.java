package io.panrocks.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;

/**
 * The lifetime of the views a thread-confined resource hands out over memory
 * it does not own (a pinned block, an iterator's current entry, the values of
 * a pinned MultiGet).
 *
 * <p>Every view is a read-only segment of the scope's current confined arena.
 * {@link #renew()} closes that arena, so every view handed out so far throws
 * {@link IllegalStateException} from then on; the next view opens a fresh
 * arena. Confined arenas are cheap to close, but only their thread can close
 * them, so a view of this scope may outlive a close that runs elsewhere (the
 * Cleaner, another thread's DB close). To make that safe, <b>every view keeps
 * its scope reachable</b>: each arena's session holds a close action that
 * refers to this object, and every segment refers to its session. The
 * resource behind the views watches this object (weakly, or through the
 * Cleaner), so it is released by a safety net only once no view and no holder
 * can reach it; otherwise only its own thread releases it, after
 * {@link #close()}.
 */
public final class ViewScope {
    private final Thread owner;
    private Arena arena;
    private boolean closed;
    /** the close action every arena of this scope carries: it refers to this scope */
    private final Consumer<MemorySegment> keepAlive = this::keepAlive;
    /** what each arena's {@link Link} refers to; null: every arena refers to this scope, for good */
    private final Object linkTarget;
    /** the current arena's link, when there is a {@link #linkTarget} */
    private Link link;
    /** the scope of views of other memory of the same owner, closed with this one ({@link #child()}) */
    private ViewScope child;
    /** the current arena's segment over all memory ({@link #whole()}); null until asked for */
    private MemorySegment whole;

    /** A scope confined to the calling thread. */
    public ViewScope() {
        this(null);
    }

    /**
     * A scope confined to the calling thread whose arenas each refer to
     * {@code linkTarget} through a {@link Link} of their own, cut when the
     * arena closes: a view keeps the target reachable only while it is
     * readable. For a scope that serves many owners in turn (a pooled pin,
     * the target, which refers to this scope): a view or a holder kept after
     * its value closed must keep nothing from the safety net. It costs a small
     * object per arena.
     */
    public ViewScope(Object linkTarget) {
        this.owner = Thread.currentThread();
        this.linkTarget = linkTarget;
    }

    /**
     * An arena's close action that refers to its scope's target until the
     * arena closes: what a holder of the arena's views keeps, to tell whether
     * they are still readable ({@link #target()} null once they are not).
     */
    public static final class Link implements Consumer<MemorySegment> {
        private Object target;

        Link(Object target) {
            this.target = target;
        }

        /** The scope's target while this link's arena is open; null once it closed. */
        public Object target() {
            return target;
        }

        @Override
        public void accept(MemorySegment ignored) {
            // nothing to do at close: the action exists for the reference it holds
        }
    }

    /** The current arena's link (the arena opened if needed); only for a scope with a link target. */
    public Link link() {
        arena();
        return link;
    }

    /**
     * A scope for views of other memory of the same owner, with a lifetime
     * of its own: it renews on its own, but closes with this scope, and each
     * of its arenas keeps this scope reachable while open (so a view of
     * either keeps the owner from the safety net). One per scope.
     */
    public ViewScope child() {
        if (child != null) throw new IllegalStateException("this scope has a child already");
        ViewScope c = new ViewScope(this);
        if (closed) c.closed = true;
        child = c;
        return c;
    }

    /** The thread whose views these are. */
    public Thread owner() {
        return owner;
    }

    /** A read-only view of [address, address + size), valid until the next renew or close. */
    public MemorySegment view(long address, long size) {
        return MemorySegment.ofAddress(address).reinterpret(size, arena(), null).asReadOnly();
    }

    /**
     * The current arena's segment (the arena opened if needed) over the whole
     * address space, made at the first call of each arena: a view is its
     * read-only slice at the viewed memory
     * ({@code whole().asSlice(address, size).asReadOnly()}), as valid as
     * {@link #view}'s and cheaper to make when one arena serves many views
     * (an iterator's entries read ahead): a slice skips the restricted-method
     * checks of a reinterpret. It costs one segment per arena, so scopes of a
     * view or two per arena take {@link #view} instead. Only for memory the
     * caller knows is readable; writable, so never handed out itself.
     */
    public MemorySegment whole() {
        MemorySegment w = whole;
        if (w == null) whole = w = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena(), null);
        return w;
    }

    /** The current arena (opened if needed): segments scoped to it die at the next renew or close. */
    public Arena arena() {
        if (closed) throw new IllegalStateException("the scope of these bytes is closed");
        Arena a = arena;
        if (a == null) {
            if (Thread.currentThread() != owner) {
                throw new WrongThreadException("views belong to thread \"" + owner.getName() + "\"");
            }
            a = Arena.ofConfined();
            // the session now refers to this scope, and every view to the session
            if (linkTarget != null) {
                Link l = new Link(linkTarget);
                MemorySegment.NULL.reinterpret(0, a, l);
                link = l;
            } else {
                MemorySegment.NULL.reinterpret(0, a, keepAlive);
            }
            arena = a;
        }
        return a;
    }

    /**
     * Invalidates every view handed out so far. Only the owner thread can
     * (another gets {@link WrongThreadException} and nothing changes).
     */
    public void renew() {
        Arena a = arena;
        if (a != null) {
            a.close(); // first: a refused close leaves the views open and the arena in place
            arena = null;
            whole = null;
            Link l = link;
            if (l != null) {
                l.target = null; // the closed arena's dead views (and their holders) no longer keep the target
                link = null;
            }
        }
    }

    /** Invalidates the views for good, its child's too; only the owner thread can. */
    public void close() {
        if (child != null) child.close();
        renew();
        closed = true;
    }

    public boolean isOpen() {
        return !closed;
    }

    private void keepAlive(MemorySegment ignored) {
        // nothing to do at close: the action exists for the reference it holds
    }
}
