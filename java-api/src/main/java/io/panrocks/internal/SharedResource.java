package io.panrocks.internal;

/**
 * A native resource any thread may read and close (a record batch): its
 * views live in a shared arena, so the DB's close can invalidate them from
 * its own thread; only an I/O operation in progress on a view (which holds
 * the arena) makes it wait.
 */
public interface SharedResource {
    /**
     * Called by the DB's close after all calls drained: closes the views and
     * releases the native side, or returns false when a view is in use by
     * an I/O operation; the resource's own close then finishes the job and
     * calls {@link NativeDb#deferredResourceReleased()}.
     */
    boolean releaseAtClose();
}
