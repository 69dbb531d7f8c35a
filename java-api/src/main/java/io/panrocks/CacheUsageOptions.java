package io.panrocks;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Which memory the block cache is charged with, role by role (RocksDB's
 * {@code BlockBasedTableOptions::cache_usage_options}, its
 * {@code options_overrides} of {@code CacheEntryRoleOptions::charged}): set
 * it with {@link BlockBasedTableConfig#setCacheUsageOptions}. A charged role
 * reserves room in the cache for the memory it uses, so that one cache
 * capacity bounds block cache, memtables (through a
 * {@link WriteBufferManager} on the same cache) and these:
 * <ul>
 *   <li>{@link CacheEntryRole#kBlockBasedTableReader}: table readers (off by
 *       default); with a strict capacity limit, opening a table that does not
 *       fit fails with {@link Status.Code#Aborted},
 *       sub-code {@link Status.SubCode#MemoryLimit};</li>
 *   <li>{@link CacheEntryRole#kFileMetadata}: per-file metadata (off by
 *       default; the same failure when it does not fit);</li>
 *   <li>{@link CacheEntryRole#kFilterConstruction}: filters being built (off
 *       by default; a Ribbon filter that does not fit falls back to Bloom);</li>
 *   <li>{@link CacheEntryRole#kCompressionDictionaryBuildingBuffer}:
 *       dictionary training samples (on by default);</li>
 *   <li>{@link CacheEntryRole#kBlobCache}: a blob cache's usage (needs a blob
 *       cache, which panrocks does not configure yet, so the engine refuses
 *       it at open with {@link Status.Code#InvalidArgument}).</li>
 * </ul>
 * A plain Java value: no native memory, {@code close()} unneeded. Roles left
 * unset keep the engine's default ({@link Decision#kFallback}).
 */
public final class CacheUsageOptions {
    /** A role's decision ({@code CacheEntryRoleOptions::Decision}). */
    public enum Decision {
        /** Charge the role's memory to the block cache ({@code kEnabled}). */
        kEnabled(1),
        /** Do not charge it ({@code kDisabled}). */
        kDisabled(2),
        /** The engine's default for the role ({@code kFallback}). */
        kFallback(0);

        /** The two bits of panrocks_cf_descriptor.cache_charging (PANROCKS_CHARGE_*). */
        final int bits;

        Decision(int bits) {
            this.bits = bits;
        }
    }

    private final EnumMap<CacheEntryRole, Decision> charged = new EnumMap<>(CacheEntryRole.class);

    /** No role set: every role as the engine decides. */
    public CacheUsageOptions() {
    }

    /**
     * Charges of every role RocksDB can charge on a block-based table, the
     * blob cache excepted: table readers, file metadata, filter construction
     * and compression dictionary buffers. With a {@link WriteBufferManager}
     * on the same cache, the cache's capacity then bounds nearly all of a
     * DB's memory.
     *
     * @return new options with those four roles {@link Decision#kEnabled}
     */
    public static CacheUsageOptions chargeTableMemory() {
        return new CacheUsageOptions().setCharged(CacheEntryRole.kBlockBasedTableReader, Decision.kEnabled)
                .setCharged(CacheEntryRole.kFileMetadata, Decision.kEnabled)
                .setCharged(CacheEntryRole.kFilterConstruction, Decision.kEnabled)
                .setCharged(CacheEntryRole.kCompressionDictionaryBuildingBuffer, Decision.kEnabled);
    }

    /**
     * Whether {@code role}'s memory is charged to the block cache
     * ({@code options_overrides[role].charged}).
     *
     * @param role a role for which {@link CacheEntryRole#isChargeable()} holds
     * @param decision the decision; {@link Decision#kFallback} removes the role's setting
     * @return this
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the engine cannot charge the role
     */
    public CacheUsageOptions setCharged(CacheEntryRole role, Decision decision) {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(decision, "decision");
        if (!role.isChargeable()) {
            throw new IllegalArgumentException("RocksDB cannot charge " + role + " to the block cache; it charges only "
                    + "kCompressionDictionaryBuildingBuffer, kFilterConstruction, kBlockBasedTableReader, kFileMetadata "
                    + "and kBlobCache");
        }
        if (decision == Decision.kFallback) charged.remove(role);
        else charged.put(role, decision);
        return this;
    }

    /**
     * The decision set for {@code role}.
     *
     * @param role the role
     * @return its decision, {@link Decision#kFallback} if none was set
     * @throws NullPointerException if role is null
     */
    public Decision charged(CacheEntryRole role) {
        Objects.requireNonNull(role, "role");
        return charged.getOrDefault(role, Decision.kFallback);
    }

    /**
     * The roles set to something other than {@link Decision#kFallback}.
     *
     * @return a copy, in the engine's role order
     */
    public Map<CacheEntryRole, Decision> decisions() {
        return new EnumMap<>(charged);
    }

    /** The native form: two bits per role at 2 * ordinal (panrocks_cf_descriptor.cache_charging). */
    int bits() {
        int bits = 0;
        for (Map.Entry<CacheEntryRole, Decision> e : charged.entrySet()) bits |= e.getValue().bits << (2 * e.getKey().ordinal());
        return bits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CacheUsageOptions other && charged.equals(other.charged);
    }

    @Override
    public int hashCode() {
        return charged.hashCode();
    }

    @Override
    public String toString() {
        return "CacheUsageOptions" + charged;
    }
}
