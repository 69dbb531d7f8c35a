package io.panrocks.internal;

import java.lang.foreign.Arena;

/**
 * A DB's object any thread reads and closes, whose memory is shown as
 * segments of a shared arena (a record batch). A release closes the arena
 * first, from any thread: the JDK makes racing readers fail safely, and
 * refuses the close while an I/O operation holds the arena (the user's
 * close then throws; the DB's close defers the release to the holder's
 * close or the safety net).
 */
final class SharedViewsResource extends DbResource {
    private final Arena arena;

    SharedViewsResource(NativeDb db, String kind, Arena arena, Runnable free) {
        super(db, kind, free);
        this.arena = arena;
    }

    @Override
    void retireViews(boolean unobserved) {
        try {
            arena.close();
        } catch (IllegalStateException inUse) {
            if (!arena.scope().isAlive()) return;
            throw new IllegalStateException(kind() + " is in use by an I/O operation; close it afterwards", inUse);
        }
    }

    @Override
    boolean retireViewsAtDbClose(Thread closer) {
        try {
            arena.close();
        } catch (IllegalStateException inUse) {
            return !arena.scope().isAlive(); // alive: its own close (or the Cleaner) finishes the job
        }
        return true;
    }
}
