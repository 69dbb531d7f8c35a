package io.panrocks.internal.open;

import io.panrocks.internal.SharedNative;
import io.panrocks.internal.ffi.panrocks_cf_descriptor;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A family's block-based table config as an open needs it: its option
 * text, its cache charges and the native side of its block cache. Made by
 * the public {@code BlockBasedTableConfig} when a family's spec is made.
 *
 * @param options RocksDB's option string of the table ({@code table_options})
 * @param cacheCharging the cache charges, role by role ({@code cache_charging}: two bits a role)
 * @param blockCache the block cache's native side, or null for RocksDB's own cache
 */
public record TableSpec(String options, int cacheCharging, SharedNative blockCache) {
    /**
     * Writes the table options and cache charges into a family's native
     * descriptor (the block cache goes in by the caller, which holds the
     * cache's handle).
     */
    public void describe(Arena arena, MemorySegment descriptor) {
        panrocks_cf_descriptor.table_options(descriptor, arena.allocateFrom(options));
        panrocks_cf_descriptor.cache_charging(descriptor, cacheCharging);
    }
}
