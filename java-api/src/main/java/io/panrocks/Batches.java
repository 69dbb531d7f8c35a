package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_iter_entry;
import io.panrocks.internal.ffi.panrocks_read_options_spec;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Builds record batches: a fresh iterator with {@code pin_data} per batch
 * (so the values stay pinned exactly as long as the batch, however long the
 * cursor runs), positioned, then one crossing collects the records.
 */
final class Batches {
    private static final long ENTRY = panrocks_iter_entry.sizeof();
    /** room for copied keys per record, before the buffer is grown */
    private static final long KEY_ROOM = 32;
    /** room for copied values (of families with a merge operator) per batch */
    private static final long VALUE_ROOM = 64 * 1024;
    static final int INCOMPLETE = 7;

    private Batches() {
    }

    /**
     * Collects up to maxRecords records (at most maxBytes of keys and values,
     * at least one record) starting at seekKey (or the first key within the
     * read options' bounds if null), skipping seekKey itself when
     * {@code after} is set. Runs inside a call on db.
     */
    static RecordBatch collect(NativeDb db, CallContext c, MemorySegment cf, ReadOptions options, byte[] seekKey,
                               boolean after, int maxRecords, long maxBytes) throws RocksDBException {
        MemorySegment iterator = newPinningIterator(db, c, cf, options);
        MemorySegment memory = MemorySegment.NULL;
        boolean handedOver = false;
        try {
            long entriesSize = ENTRY * (maxRecords + 1L);
            // keys are always copied; values only when the engine cannot keep them
            // pinned (merge results), and then a batch may just hold fewer records
            long capacity = maxRecords * (RecordBatch.FRAME_HEADER + KEY_ROOM) + Math.min(maxBytes, VALUE_ROOM);
            memory = NativeMemory.allocate(entriesSize + capacity);
            MemorySegment position = memory.asSlice(ENTRY * maxRecords, ENTRY);
            if (seekKey == null) {
                panrocks_h.panrocks_iterator_seek_to_first(iterator, position);
            } else {
                MemorySegment key = c.stageKey(seekKey, 0, seekKey.length);
                panrocks_h.panrocks_iterator_seek(iterator, key, seekKey.length, position);
                if (after && panrocks_iter_entry.valid(position) != 0 && sameKey(position, seekKey)) {
                    panrocks_h.panrocks_iterator_next(iterator, position);
                }
            }
            MemorySegment bytes = c.value; // idle out-parameter slot
            while (true) {
                MemorySegment entries = memory.asSlice(0, ENTRY * maxRecords);
                MemorySegment buffer = memory.asSlice(entriesSize, memory.byteSize() - entriesSize);
                int rc = panrocks_h.panrocks_iterator_collect(iterator, maxRecords, maxBytes, RecordBatch.FRAME_HEADER,
                        buffer, buffer.byteSize(), entries, c.size, bytes, c.error);
                if (rc == INCOMPLETE) {
                    // not even the first record's copies fit: make room for it
                    long needed = bytes.get(ValueLayout.JAVA_LONG, 0);
                    long grown = Math.max(needed, 2 * (memory.byteSize() - entriesSize));
                    NativeMemory.free(memory);
                    memory = MemorySegment.NULL;
                    memory = NativeMemory.allocate(entriesSize + grown);
                    continue;
                }
                if (rc != 0) throw c.failure(rc);
                int count = (int) c.size.get(ValueLayout.JAVA_LONG, 0);
                if (count == 0) return RecordBatch.EMPTY;
                RecordBatch.State state = new RecordBatch.State(db, iterator, memory);
                db.share(state);
                handedOver = true;
                return new RecordBatch(state, count, bytes.get(ValueLayout.JAVA_LONG, 0), memory);
            }
        } finally {
            if (!handedOver) {
                panrocks_h.panrocks_iterator_destroy(iterator);
                NativeMemory.free(memory);
            }
        }
    }

    private static boolean sameKey(MemorySegment position, byte[] key) {
        long size = panrocks_iter_entry.key_size(position);
        if (size != key.length) return false;
        byte[] found = new byte[key.length];
        Bytes.copyFromAddress(position.get(ValueLayout.JAVA_LONG, panrocks_iter_entry.key$offset()), found, 0, key.length);
        return Arrays.equals(found, key);
    }

    private static MemorySegment newPinningIterator(NativeDb db, CallContext c, MemorySegment cf, ReadOptions options) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment spec = panrocks_read_options_spec.allocate(arena);
            options.fillSpec(db, spec, arena);
            panrocks_read_options_spec.pin_data(spec, 1);
            int rc = panrocks_h.panrocks_iterator_create(db.handle(), cf, spec, c.size, c.error);
            if (rc != 0) throw new IllegalArgumentException("cannot create an iterator: " + c.failure(rc).getMessage());
            return c.size.get(ValueLayout.ADDRESS, 0);
        }
    }
}
