package io.panrocks.internal.data;

import io.panrocks.RocksDBException;
import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.ffi.panrocks_collect_result;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_iter_entry;
import io.panrocks.internal.ffi.panrocks_read_options_spec;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Builds record batches: a fresh iterator with {@code pin_data} per batch
 * (so the values stay pinned exactly as long as the batch, however long the
 * cursor runs), positioned, then crossings that collect the records into
 * memory sized to what is there: the entry table and the room for copied
 * keys start small and grow, so a huge record limit costs nothing until
 * records fill it. The caller's {@link Maker} makes the public batch.
 */
public final class Batches {
    /** bytes before each key in the batch's memory, where a frame header goes */
    public static final int FRAME_HEADER = 8;
    private static final long ENTRY = panrocks_iter_entry.sizeof();
    private static final long KEY = panrocks_iter_entry.key$offset();
    private static final long KEY_SIZE = panrocks_iter_entry.key_size$offset();
    private static final long VALUE_SIZE = panrocks_iter_entry.value_size$offset();
    private static final ValueLayout.OfInt BIG_ENDIAN_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** entries of the first crossing; the table doubles as records keep coming */
    private static final int FIRST_ENTRIES = 256;
    /** room for a copied key (and its frame header) per record in the first chunk */
    private static final long KEY_ROOM = 32;
    /** room for copied values (of families with a merge operator) in the first chunk */
    private static final long VALUE_ROOM = 64 * 1024;
    /** largest chunk of copy room allocated at once (unless one record needs more) */
    private static final long MAX_CHUNK = 16L << 20;

    private Batches() {
    }

    /** The native memory a batch owns besides its iterator: the entry table and the chunks of copies. */
    public record Memory(MemorySegment entries, List<MemorySegment> chunks) {
        /** Frees the table and the chunks. */
        public void free() {
            NativeMemory.free(entries);
            for (MemorySegment chunk : chunks) NativeMemory.free(chunk);
        }
    }

    /**
     * Makes the batch that takes over a collection: its pinning iterator,
     * its memory, the records' count and the bytes of their keys and values.
     *
     * @param <B> the batch
     */
    public interface Maker<B> {
        B make(MemorySegment iterator, Memory memory, int count, long bytes);
    }

    /**
     * Collects up to maxRecords records (at most maxBytes of keys and values,
     * at least one record) starting at seekKey (or the first key within the
     * read options' bounds if null), skipping seekKey itself when
     * {@code after} is set. Runs inside a call on db. {@code options} fills
     * the read options' {@code panrocks_read_options_spec} (bounds allocated
     * in the arena it is given).
     *
     * @return {@code empty} if there is no record, else what {@code maker} made
     */
    public static <B> B collect(NativeDb db, CallContext c, MemorySegment cf, BiConsumer<MemorySegment, Arena> options,
                                byte[] seekKey, boolean after, int maxRecords, long maxBytes, B empty, Maker<B> maker)
            throws RocksDBException {
        MemorySegment iterator = newPinningIterator(db, c, cf, options);
        int capacity = Math.min(maxRecords, FIRST_ENTRIES);
        MemorySegment entries = MemorySegment.NULL;
        List<MemorySegment> chunks = new ArrayList<>();
        boolean handedOver = false;
        try {
            entries = NativeMemory.allocate(ENTRY * capacity);
            MemorySegment position = entries.asSlice(0, ENTRY); // overwritten by the first record
            int rc;
            if (seekKey == null) {
                rc = panrocks_h.panrocks_iterator_seek_to_first(iterator, position, c.error);
            } else {
                MemorySegment key = Staging.key(c, seekKey, 0, seekKey.length);
                rc = panrocks_h.panrocks_iterator_seek(iterator, key, seekKey.length, position, c.error);
                if (rc == 0 && after && panrocks_iter_entry.valid(position) != 0 && sameKey(position, seekKey)) {
                    rc = panrocks_h.panrocks_iterator_next(iterator, position, c.error);
                }
            }
            if (rc != 0) throw c.failure(rc);

            MemorySegment result = c.keyBuffer(panrocks_collect_result.sizeof());
            MemorySegment chunk = NativeMemory.allocate(
                    Math.min(MAX_CHUNK, capacity * (FRAME_HEADER + KEY_ROOM) + Math.min(maxBytes, VALUE_ROOM)));
            chunks.add(chunk);
            long chunkUsed = 0;
            int count = 0;
            long bytes = 0;
            while (true) {
                if (count == capacity) {
                    if (count == maxRecords) break;
                    int grown = (int) Math.min(maxRecords, 2L * capacity);
                    MemorySegment bigger = NativeMemory.allocate(ENTRY * grown);
                    MemorySegment.copy(entries, 0, bigger, 0, ENTRY * count);
                    NativeMemory.free(entries);
                    entries = bigger;
                    capacity = grown;
                }
                rc = panrocks_h.panrocks_iterator_collect(iterator, capacity - count, maxBytes - bytes,
                        count == 0 ? 1 : 0, FRAME_HEADER, chunk.asSlice(chunkUsed),
                        chunk.byteSize() - chunkUsed, entries.asSlice(ENTRY * count), result, c.error);
                int got = (int) panrocks_collect_result.count(result);
                count += got;
                bytes += panrocks_collect_result.bytes(result);
                chunkUsed += panrocks_collect_result.used(result);
                if (rc == Reads.INCOMPLETE) {
                    // the next record's copies need a fresh chunk
                    long needed = panrocks_collect_result.needed(result);
                    chunk = NativeMemory.allocate(Math.max(needed, Math.min(MAX_CHUNK, 2 * chunk.byteSize())));
                    chunks.add(chunk);
                    chunkUsed = 0;
                    continue;
                }
                if (rc != 0) throw c.failure(rc);
                if (count < capacity) break; // the end of the range, or the byte budget
            }
            if (count == 0) return empty;
            writeFrameHeaders(entries, count);
            Memory memory = new Memory(entries, List.copyOf(chunks));
            handedOver = true;
            return maker.make(iterator, memory, count, bytes);
        } finally {
            if (!handedOver) {
                panrocks_h.panrocks_iterator_destroy(iterator);
                NativeMemory.free(entries);
                for (MemorySegment chunk : chunks) NativeMemory.free(chunk);
            }
        }
    }

    /**
     * Writes each record's frame header (key and value length, big-endian)
     * into the room kept before its copied key, while the batch is still
     * private, so that writing frames later only reads.
     */
    private static void writeFrameHeaders(MemorySegment entries, int count) {
        for (int i = 0; i < count; i++) {
            long at = i * ENTRY;
            long key = entries.get(ValueLayout.JAVA_LONG, at + KEY);
            Bytes.EVERYTHING.set(BIG_ENDIAN_INT, key - FRAME_HEADER,
                    (int) entries.get(ValueLayout.JAVA_LONG, at + KEY_SIZE));
            Bytes.EVERYTHING.set(BIG_ENDIAN_INT, key - FRAME_HEADER + 4,
                    (int) entries.get(ValueLayout.JAVA_LONG, at + VALUE_SIZE));
        }
    }

    private static boolean sameKey(MemorySegment position, byte[] key) {
        long size = panrocks_iter_entry.key_size(position);
        if (size != key.length) return false;
        byte[] found = new byte[key.length];
        Bytes.copyFromAddress(position.get(ValueLayout.JAVA_LONG, panrocks_iter_entry.key$offset()), found, 0, key.length);
        return Arrays.equals(found, key);
    }

    private static MemorySegment newPinningIterator(NativeDb db, CallContext c, MemorySegment cf,
                                                    BiConsumer<MemorySegment, Arena> options) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment spec = panrocks_read_options_spec.allocate(arena);
            options.accept(spec, arena);
            panrocks_read_options_spec.pin_data(spec, 1);
            int rc = panrocks_h.panrocks_iterator_create(db.handle(), cf, spec, c.size, c.error);
            if (rc != 0) throw new IllegalArgumentException("cannot create an iterator: " + c.failure(rc).getMessage());
            return c.size.get(ValueLayout.ADDRESS, 0);
        }
    }
}
