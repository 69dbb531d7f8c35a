package io.panrocks.internal;

import io.panrocks.RocksDBException;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shared native objects an open (or a new column family) hands to the
 * engine: the families' block caches and compaction thread limiters and the
 * DB's statistics, write buffer manager, rate limiter, SST file manager, row
 * cache and environment, as the facade gathers them. Each is locked while
 * the DB opens (so none can be closed before the DB has taken its own
 * reference), in creation order, so two opens sharing objects never wait for
 * each other.
 */
public final class OpenResources {
    private final List<SharedNative> all = new ArrayList<>();
    private final Map<SharedNative, MemorySegment> handles = new IdentityHashMap<>();

    public OpenResources() {
    }

    /** Adds s to the objects locked (kept in creation order). */
    public void add(SharedNative s) {
        for (SharedNative t : all) if (t == s) return;
        all.add(s);
        all.sort(Comparator.comparingLong(t -> t.order));
    }

    /** The handle of any object added, inside {@link #withHandles}. */
    public MemorySegment handle(SharedNative s) {
        return handles.get(s);
    }

    /** What runs while every object is locked and its handle known. */
    public interface Action<T> {
        T run() throws RocksDBException;
    }

    /**
     * Runs action with every object locked.
     *
     * @throws IllegalStateException naming the object if one is closed
     */
    public <T> T withHandles(Action<T> action) throws RocksDBException {
        return withHandles(0, action);
    }

    private <T> T withHandles(int i, Action<T> action) throws RocksDBException {
        if (i == all.size()) return action.run();
        SharedNative s = all.get(i);
        return s.withHandle(h -> {
            handles.put(s, h);
            return withHandles(i + 1, action);
        });
    }
}
