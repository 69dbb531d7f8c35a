package io.panrocks;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A DB's file IO since it opened, by {@link IOActivity}
 * ({@link RocksDB#getIOActivityStats()}): operations and bytes read and
 * written, counted by panrocks's file system layer under the DB from the
 * activity the engine tags each operation with. Reads count the bytes a
 * file returned (block cache hits never reach a file), writes the bytes
 * appended. An immutable value; each counter was read atomically, the set
 * is not a snapshot.
 */
public final class IOActivityStats {
    private static final int READ_OPS = 0, READ_BYTES = 1, WRITE_OPS = 2, WRITE_BYTES = 3, COUNTERS = 4;
    private final long[] counters;

    IOActivityStats(long[] counters) {
        this.counters = counters;
    }

    private long get(IOActivity activity, int counter) {
        return counters[Objects.requireNonNull(activity, "activity").ordinal() * COUNTERS + counter];
    }

    /**
     * File reads done for {@code activity}.
     *
     * @param activity the activity
     * @return operations (a MultiRead counts each of its requests)
     * @throws NullPointerException if activity is null
     */
    public long readOps(IOActivity activity) {
        return get(activity, READ_OPS);
    }

    /**
     * Bytes read from files for {@code activity}.
     *
     * @param activity the activity
     * @return bytes
     * @throws NullPointerException if activity is null
     */
    public long readBytes(IOActivity activity) {
        return get(activity, READ_BYTES);
    }

    /**
     * File writes (appends) done for {@code activity}.
     *
     * @param activity the activity
     * @return operations
     * @throws NullPointerException if activity is null
     */
    public long writeOps(IOActivity activity) {
        return get(activity, WRITE_OPS);
    }

    /**
     * Bytes written to files for {@code activity}.
     *
     * @param activity the activity
     * @return bytes
     * @throws NullPointerException if activity is null
     */
    public long writeBytes(IOActivity activity) {
        return get(activity, WRITE_BYTES);
    }

    /**
     * The counters that moved, by activity: {@code [readOps, readBytes, writeOps, writeBytes]}.
     *
     * @return a new map in the engine's activity order
     */
    public Map<IOActivity, long[]> asMap() {
        Map<IOActivity, long[]> out = new EnumMap<>(IOActivity.class);
        for (IOActivity a : IOActivity.values()) {
            long[] c = {readOps(a), readBytes(a), writeOps(a), writeBytes(a)};
            if (c[0] != 0 || c[1] != 0 || c[2] != 0 || c[3] != 0) out.put(a, c);
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("IOActivityStats{");
        asMap().forEach((a, c) -> b.append(a).append("=[read ").append(c[0]).append(" ops ").append(c[1])
                .append(" B, write ").append(c[2]).append(" ops ").append(c[3]).append(" B] "));
        return b.append('}').toString();
    }
}
