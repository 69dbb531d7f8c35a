package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_iter_entry;

import java.lang.foreign.MemorySegment;

/**
 * A thread's memory for the one-crossing range walk
 * ({@code panrocks_iterator_walk_range}): the entries the engine fills, the
 * buffer their copies go to, and the scope of the views a visitor gets of
 * them. Kept by the thread's {@link CallContext} and reused walk after walk,
 * so a short range read allocates no native memory. A walk started from
 * inside another walk's visitor gets scratch of its own (freed when it
 * ends): the outer walk's entries are still being read.
 */
public final class RangeWalkScratch {
    /** entries per crossing (a RocksIterator's bulk walk takes the same) */
    public static final int ENTRIES = 256;
    /** buffer for the copies of small entries (a RocksIterator's bulk walk takes the same) */
    public static final long BUFFER_BYTES = 128 * 1024;
    private static final long ENTRY = panrocks_iter_entry.sizeof();

    private final MemorySegment memory;
    /** room for {@link #ENTRIES} entries plus the one the walk stops on */
    public final MemorySegment entries;
    public final MemorySegment buffer;
    /** out: how many entries the walk filled */
    public final MemorySegment count;
    /** out: the iterator handed over, or NULL */
    public final MemorySegment iterator;
    /** the views of one walk: renewed when it ends, so none outlives the copies it shows */
    public final ViewScope views = new ViewScope();
    boolean inUse;

    RangeWalkScratch() {
        long entriesBytes = ENTRY * (ENTRIES + 1);
        memory = NativeMemory.allocate(2 * Long.BYTES + entriesBytes + BUFFER_BYTES);
        count = memory.asSlice(0, Long.BYTES);
        iterator = memory.asSlice(Long.BYTES, Long.BYTES);
        entries = memory.asSlice(2 * Long.BYTES, entriesBytes);
        buffer = memory.asSlice(2 * Long.BYTES + entriesBytes, BUFFER_BYTES);
    }

    void free() {
        views.close();
        NativeMemory.free(memory);
    }
}
