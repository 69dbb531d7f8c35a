package io.panrocks.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The lifetime of the views panrocks hands out over memory it does not own
 * (pinned blocks, an iterator's current entry): every view is a read-only
 * segment of a confined arena, and {@link #renew()} closes that arena, so
 * every view handed out so far throws {@link IllegalStateException} from
 * then on. The next view opens a fresh arena.
 *
 * <p>Confined to the thread that created the first view: views cannot be
 * read, and the scope cannot be renewed, from another thread.
 */
public final class Scope {
    private Arena arena;
    private boolean closed;

    /** A read-only view of [address, address + size), valid until the next renew or close. */
    public MemorySegment view(long address, long size) {
        if (closed) throw new IllegalStateException("the scope of these bytes is closed");
        Arena a = arena;
        if (a == null) arena = a = Arena.ofConfined();
        return MemorySegment.ofAddress(address).reinterpret(size, a, null).asReadOnly();
    }

    /** Invalidates every view handed out so far. */
    public void renew() {
        Arena a = arena;
        if (a != null) {
            arena = null;
            a.close();
        }
    }

    public void close() {
        renew();
        closed = true;
    }

    public boolean isOpen() {
        return !closed;
    }
}
