package io.panrocks;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A block cache's usage by {@link CacheEntryRole}, from one walk of its
 * entries ({@link Cache#getUsageByRole()}): what every DB, table reader,
 * memtable ({@link WriteBufferManager}) and charged role sharing the cache
 * holds in it. Not an atomic snapshot: entries added or evicted during the
 * walk may or may not be counted. An immutable value.
 */
public final class CacheUsage {
    private final long[] charges;
    private final long[] counts;
    private final long usage;

    CacheUsage(long[] charges, long[] counts, long usage) {
        this.charges = charges;
        this.counts = counts;
        this.usage = usage;
    }

    /**
     * Bytes charged to the cache by entries of {@code role}.
     *
     * @param role the role
     * @return bytes
     * @throws NullPointerException if role is null
     */
    public long charge(CacheEntryRole role) {
        return charges[Objects.requireNonNull(role, "role").ordinal()];
    }

    /**
     * The number of entries of {@code role} (a reservation is one entry per
     * 256 KiB it reserves).
     *
     * @param role the role
     * @return entries
     * @throws NullPointerException if role is null
     */
    public long count(CacheEntryRole role) {
        return counts[Objects.requireNonNull(role, "role").ordinal()];
    }

    /**
     * The charge of every role that has one.
     *
     * @return bytes by role, in the engine's role order
     */
    public Map<CacheEntryRole, Long> charges() {
        EnumMap<CacheEntryRole, Long> out = new EnumMap<>(CacheEntryRole.class);
        for (CacheEntryRole r : CacheEntryRole.values()) {
            if (charges[r.ordinal()] != 0) out.put(r, charges[r.ordinal()]);
        }
        return out;
    }

    /**
     * The sum of the roles' charges.
     *
     * @return bytes
     */
    public long total() {
        long sum = 0;
        for (long c : charges) sum += c;
        return sum;
    }

    /**
     * The cache's own usage read right after the walk
     * ({@link Cache#getUsage()}); it also counts the cache's metadata, which
     * no role holds (per entry for an LRU cache; the slot table too for a
     * HyperClockCache).
     *
     * @return bytes
     */
    public long usage() {
        return usage;
    }

    @Override
    public String toString() {
        return "CacheUsage{usage=" + usage + ", " + charges() + "}";
    }
}
