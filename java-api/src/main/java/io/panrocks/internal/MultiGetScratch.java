package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_multiget_entry;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Native scratch for one batched read: the keys (bytes packed back to back,
 * slices built at execute time so the key buffer may grow), the per-key
 * entries RocksDB fills, and the panrocks_multiget that holds
 * PinnableSlices and statuses. Reused batch after batch, it allocates
 * nothing once it has grown to the batch size. One thread at a time.
 */
public final class MultiGetScratch {
    private static final long SLICE = panrocks_slice.sizeof();
    private static final long ENTRY = panrocks_multiget_entry.sizeof();
    private static final long SLICE_DATA = panrocks_slice.data$offset();
    private static final long SLICE_SIZE = panrocks_slice.size$offset();
    private static final long ENTRY_DATA = panrocks_multiget_entry.data$offset();
    private static final long ENTRY_SIZE = panrocks_multiget_entry.size$offset();
    private static final long ENTRY_STATUS = panrocks_multiget_entry.status$offset();
    private static final long ENTRY_SUBCODE = panrocks_multiget_entry.subcode$offset();

    private final MemorySegment handle;
    private MemorySegment keyBytes;
    private MemorySegment slices;
    private MemorySegment entries;
    private long[] offsets = new long[16];
    private int[] lengths = new int[16];
    private int count;
    private long used;
    private boolean freed;

    public MultiGetScratch(CallContext c) {
        int rc = panrocks_h.panrocks_multiget_create(c.size, c.error);
        if (rc != 0) throw new OutOfMemoryError("panrocks: cannot create MultiGet scratch: " + Errors.message(c.error));
        handle = c.size.get(ValueLayout.ADDRESS, 0);
        keyBytes = NativeMemory.allocate(1024);
        slices = NativeMemory.allocate(SLICE * 16);
        entries = NativeMemory.allocate(ENTRY * 16);
    }

    public MemorySegment handle() {
        return handle;
    }

    public int count() {
        return count;
    }

    public void clear() {
        count = 0;
        used = 0;
    }

    public void add(byte[] key, int offset, int length) {
        MemorySegment dst = reserve(length);
        MemorySegment.copy(key, offset, dst, ValueLayout.JAVA_BYTE, used, length);
        commit(length);
    }

    public void add(MemorySegment key) {
        long length = key.byteSize();
        if (length > Integer.MAX_VALUE) throw new IllegalArgumentException("key of " + length + " bytes");
        MemorySegment dst = reserve(length);
        CallerMemory.copy(key, 0, dst, used, length);
        commit((int) length);
    }

    private MemorySegment reserve(long length) {
        if (count == offsets.length) {
            offsets = Arrays.copyOf(offsets, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        if (used + length > keyBytes.byteSize()) {
            MemorySegment bigger = NativeMemory.allocate(Math.max(used + length, keyBytes.byteSize() * 2));
            MemorySegment.copy(keyBytes, 0, bigger, 0, used);
            NativeMemory.free(keyBytes);
            keyBytes = bigger;
        }
        return keyBytes;
    }

    private void commit(int length) {
        offsets[count] = used;
        lengths[count] = length;
        count++;
        used += length;
    }

    /** Runs RocksDB's MultiGet over the added keys; inside a call on the DB. */
    public int execute(CallContext c, MemorySegment db, MemorySegment cf, MemorySegment readOptions, int mode,
                       MemorySegment buffer, long capacity) {
        return panrocks_h.panrocks_multi_get(db, cf, readOptions, handle, count, slices(), mode,
                buffer, capacity, entries, c.error);
    }

    /** The per-key entries the next execution fills (valid until the next {@link #slices()}). */
    public MemorySegment entries() {
        return entries;
    }

    /** The key slices of the added keys, for an execution now (another MultiGet than the DB's own). */
    public MemorySegment slices() {
        if (slices.byteSize() < count * SLICE) {
            NativeMemory.free(slices);
            NativeMemory.free(entries);
            slices = NativeMemory.allocate(SLICE * count * 2L);
            entries = NativeMemory.allocate(ENTRY * count * 2L);
        }
        long base = keyBytes.address();
        for (int i = 0; i < count; i++) {
            slices.set(ValueLayout.JAVA_LONG, i * SLICE + SLICE_DATA, base + offsets[i]);
            slices.set(ValueLayout.JAVA_LONG, i * SLICE + SLICE_SIZE, (long) lengths[i]);
        }
        return slices;
    }

    public int status(int i) {
        return entries.get(ValueLayout.JAVA_INT, i * ENTRY + ENTRY_STATUS);
    }

    public int subcode(int i) {
        return entries.get(ValueLayout.JAVA_INT, i * ENTRY + ENTRY_SUBCODE);
    }

    public long size(int i) {
        return entries.get(ValueLayout.JAVA_LONG, i * ENTRY + ENTRY_SIZE);
    }

    /** The value's address (in the buffer or pinned), or 0 when not found or not copied. */
    public long dataAddress(int i) {
        return entries.get(ValueLayout.JAVA_LONG, i * ENTRY + ENTRY_DATA);
    }

    /** Releases the pins a pinned execution left (by the owner, the Cleaner or the DB's close). */
    public synchronized void releasePins() {
        if (!freed) panrocks_h.panrocks_multiget_release(handle);
    }

    public synchronized void free() {
        if (freed) return;
        freed = true;
        panrocks_h.panrocks_multiget_destroy(handle);
        NativeMemory.free(keyBytes);
        NativeMemory.free(slices);
        NativeMemory.free(entries);
    }
}
