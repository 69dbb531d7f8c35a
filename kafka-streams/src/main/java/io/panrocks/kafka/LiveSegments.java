package io.panrocks.kafka;

import java.util.Arrays;

/**
 * The ids of a segmented store's live segments (Kafka's open segment DBs),
 * in ascending order. Every read and write of the store looks them up, from
 * the stream thread and from interactive queries, while they change only
 * when a segment starts or expires: so they are a sorted array, replaced
 * whole on a change, that a lookup binary-searches without a lock or a
 * boxed id.
 */
final class LiveSegments {
    private static final long[] NONE = {};

    private volatile long[] ids = NONE;

    boolean contains(long id) {
        return Arrays.binarySearch(ids, id) >= 0;
    }

    /** Adds {@code id} if absent. */
    void add(long id) {
        if (contains(id)) return;
        synchronized (this) {
            long[] old = ids;
            int at = Arrays.binarySearch(old, id);
            if (at >= 0) return;
            at = -at - 1;
            long[] grown = new long[old.length + 1];
            System.arraycopy(old, 0, grown, 0, at);
            grown[at] = id;
            System.arraycopy(old, at, grown, at + 1, old.length - at);
            ids = grown;
        }
    }

    /** Removes the ids below {@code min} and returns them, ascending (none: an empty array). */
    long[] removeBelow(long min) {
        long[] now = ids;
        if (now.length == 0 || now[0] >= min) return NONE;
        synchronized (this) {
            long[] old = ids;
            int n = 0;
            while (n < old.length && old[n] < min) n++;
            if (n == 0) return NONE;
            ids = Arrays.copyOfRange(old, n, old.length);
            return Arrays.copyOf(old, n);
        }
    }

    void clear() {
        synchronized (this) {
            ids = NONE;
        }
    }

    /** The ids in [lo, hi], ascending ({@code ascending}) or descending. */
    long[] between(long lo, long hi, boolean ascending) {
        if (lo > hi) return NONE;
        long[] now = ids;
        int from = Arrays.binarySearch(now, lo);
        if (from < 0) from = -from - 1;
        int to = Arrays.binarySearch(now, hi);
        to = to < 0 ? -to - 1 : to + 1;
        if (from >= to) return NONE;
        long[] out = Arrays.copyOfRange(now, from, to);
        if (!ascending) {
            for (int i = 0, j = out.length - 1; i < j; i++, j--) {
                long t = out[i];
                out[i] = out[j];
                out[j] = t;
            }
        }
        return out;
    }
}
