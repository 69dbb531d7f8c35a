package io.panrocks.internal;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * A native object no DB owns (a write batch's buffer, a block cache):
 * released exactly once, by {@link #close()} from any thread or by the
 * Cleaner once its holder is unreachable. Nothing but its holder uses it, and
 * the holder reads the handle through {@link #handle()} under its own lock or
 * this object's, so a release never frees what a use is reading.
 *
 * <p>The holder refers to this object, never the reverse, and the release
 * action must not capture the holder.
 */
public final class StandaloneResource implements Runnable {
    private final String kind;
    private final Consumer<MemorySegment> release;
    private MemorySegment handle;
    private Cleaner.Cleanable cleanable;

    /** Owns {@code handle}; {@code release} frees it. Watches {@code holder} for the Cleaner. */
    public StandaloneResource(String kind, Object holder, MemorySegment handle, Consumer<MemorySegment> release) {
        this.kind = kind;
        this.release = release;
        this.handle = handle;
        this.cleanable = Leaks.CLEANER.register(holder, this);
    }

    /** @throws IllegalStateException naming the object if it is released */
    public synchronized MemorySegment handle() {
        if (handle == null) throw new IllegalStateException(kind + " is closed");
        return handle;
    }

    /**
     * What {@code call} reads from the handle, under this object's lock, so that no release runs during the call.
     *
     * @throws IllegalStateException naming the object if it is released
     */
    public synchronized long read(ToLongFunction<MemorySegment> call) {
        return call.applyAsLong(handle());
    }

    /** As {@link #read}, for a call that answers an {@code int}. */
    public synchronized int readInt(ToIntFunction<MemorySegment> call) {
        return call.applyAsInt(handle());
    }

    public synchronized boolean isReleased() {
        return handle == null;
    }

    /** Replaces the handle by a new one (a grown buffer), releasing the old one. */
    public synchronized void replace(MemorySegment fresh) {
        MemorySegment old = handle();
        handle = fresh;
        release.accept(old);
    }

    /** Releases now; idempotent, any thread. */
    public void close() {
        cleanable.clean();
    }

    /** The release, once: by close() or by the Cleaner. */
    @Override
    public synchronized void run() {
        if (handle == null) return;
        MemorySegment h = handle;
        handle = null;
        release.accept(h);
    }
}
