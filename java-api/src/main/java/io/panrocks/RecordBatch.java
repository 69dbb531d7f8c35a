package io.panrocks;

import io.panrocks.internal.Leaks;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.SharedResource;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_iter_entry;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * A batch of consecutive records (key and value) read without copying the
 * values: they stay where RocksDB holds them, pinned, until the batch is
 * closed. Produced by {@link RecordCursor#next} and {@link LogConsumer#poll},
 * bounded by a record count and a byte budget.
 *
 * <h2>Lifetime and threads</h2>
 * {@link #key(int)} and {@link #value(int)} are read-only segments valid
 * until {@link #close()}; any access after it throws
 * {@link IllegalStateException}. Unlike a {@link PinnedValue}, a batch may
 * be handed to another thread: any thread may read it, write it to a
 * channel, and close it (once nobody reads it any more). Closing the DB
 * closes its batches too, unless a channel write is using one at that
 * moment; then the DB's engine stays open until that batch is closed.
 *
 * <h2>To channels</h2>
 * {@link #writeValuesTo} and {@link #writeRecordsTo} hand the pinned bytes
 * to a {@link WritableByteChannel} through read-only {@link ByteBuffer}
 * views: no copy on the Java heap, gathering writes where the channel
 * supports them.
 *
 * <p>A batch holds the blocks it pins, so keep batches short-lived.
 */
public final class RecordBatch implements AutoCloseable {
    /** bytes before each key in the batch's memory, where a frame header goes */
    static final int FRAME_HEADER = 8;
    private static final long ENTRY = panrocks_iter_entry.sizeof();
    private static final long KEY = panrocks_iter_entry.key$offset();
    private static final long KEY_SIZE = panrocks_iter_entry.key_size$offset();
    private static final long VALUE = panrocks_iter_entry.value$offset();
    private static final long VALUE_SIZE = panrocks_iter_entry.value_size$offset();
    private static final ValueLayout.OfInt BIG_ENDIAN_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong BIG_ENDIAN_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** views per gathering write: below the kernel's IOV_MAX */
    private static final int GATHER = 512;

    static final RecordBatch EMPTY = new RecordBatch();

    private final State state;
    private final Cleaner.Cleanable cleanable;
    private final int count;
    private final long bytes;
    /** the entries (key/value addresses and sizes) and the copied keys, in native memory */
    private final MemorySegment entries;

    /** Everything that must be released; what the DB and the Cleaner hold (never the batch). */
    static final class State implements SharedResource, Runnable {
        final NativeDb db;
        final Arena arena = Arena.ofShared();
        private final MemorySegment iterator;
        private final MemorySegment memory;
        private final Object site = Leaks.captureSite();
        private boolean released;
        private boolean deferred;

        State(NativeDb db, MemorySegment iterator, MemorySegment memory) {
            this.db = db;
            this.iterator = iterator;
            this.memory = memory;
        }

        /** By the batch's own close, any thread. */
        void close() {
            boolean finishDeferred;
            synchronized (this) {
                if (released) return;
                try {
                    arena.close();
                } catch (IllegalStateException inUse) {
                    throw new IllegalStateException("RecordBatch is in use by an I/O operation; close it afterwards", inUse);
                }
                released = true;
                freeNative();
                finishDeferred = deferred;
            }
            db.unshare(this);
            if (finishDeferred) db.deferredResourceReleased();
        }

        @Override
        public synchronized boolean releaseAtClose() {
            if (released) return true;
            try {
                arena.close();
            } catch (IllegalStateException inUse) {
                deferred = true;
                return false;
            }
            released = true;
            freeNative();
            return true;
        }

        private void freeNative() {
            panrocks_h.panrocks_iterator_destroy(iterator);
            NativeMemory.free(memory);
        }

        /** Cleaner: the batch became unreachable unclosed. */
        @Override
        public void run() {
            boolean wasOpen;
            synchronized (this) {
                wasOpen = !released;
            }
            if (!wasOpen) return;
            close();
            Leaks.warnForgotten("RecordBatch", site);
        }

        synchronized boolean isOpen() {
            return !released;
        }
    }

    private RecordBatch() {
        state = null;
        cleanable = () -> { };
        count = 0;
        bytes = 0;
        entries = MemorySegment.NULL;
    }

    RecordBatch(State state, int count, long bytes, MemorySegment entries) {
        this.state = state;
        this.count = count;
        this.bytes = bytes;
        this.entries = entries.reinterpret(ENTRY * count, state.arena, null);
        this.cleanable = Leaks.CLEANER.register(this, state);
    }

    /** Number of records. */
    public int size() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** Bytes of keys and values together. */
    public long byteSize() {
        return bytes;
    }

    /** Key i: read-only, valid until the batch closes. */
    public MemorySegment key(int i) {
        long at = entryAt(i);
        return view(entries.get(ValueLayout.JAVA_LONG, at + KEY), entries.get(ValueLayout.JAVA_LONG, at + KEY_SIZE));
    }

    /** Value i: read-only, valid until the batch closes; RocksDB's memory, not a copy. */
    public MemorySegment value(int i) {
        long at = entryAt(i);
        return view(entries.get(ValueLayout.JAVA_LONG, at + VALUE), entries.get(ValueLayout.JAVA_LONG, at + VALUE_SIZE));
    }

    /** Key i read as a big-endian 64-bit number (the offset of a {@link RecordLog} record). */
    public long keyAsLong(int i) {
        MemorySegment k = key(i);
        if (k.byteSize() != 8) throw new IllegalStateException("key " + i + " has " + k.byteSize() + " bytes, not 8");
        return k.get(BIG_ENDIAN_LONG, 0);
    }

    /** Visits each record in order. */
    public void forEach(RecordVisitor visitor) {
        Objects.requireNonNull(visitor, "visitor");
        for (int i = 0; i < count; i++) visitor.visit(key(i), value(i));
    }

    /** Receives one record of a batch. */
    @FunctionalInterface
    public interface RecordVisitor {
        void visit(MemorySegment key, MemorySegment value);
    }

    private long entryAt(int i) {
        Objects.checkIndex(i, count);
        return i * ENTRY;
    }

    private MemorySegment view(long address, long size) {
        return MemorySegment.ofAddress(address).reinterpret(size, state.arena, null).asReadOnly();
    }

    // ---- channels --------------------------------------------------------------

    /**
     * Writes every value, back to back, to channel, without copying them to
     * the heap. Returns the bytes written (all of them: a non-blocking
     * channel that takes less throws).
     */
    public long writeValuesTo(WritableByteChannel channel) throws IOException {
        Objects.requireNonNull(channel, "channel");
        ByteBuffer[] views = new ByteBuffer[Math.min(count, GATHER)];
        long written = 0;
        for (int first = 0; first < count; first += views.length) {
            int n = Math.min(views.length, count - first);
            for (int j = 0; j < n; j++) views[j] = value(first + j).asByteBuffer();
            written += writeFully(channel, views, n);
        }
        return written;
    }

    /**
     * Writes every record to channel as a frame: key length and value length
     * (big-endian 32-bit), key, value. The values are not copied; the header
     * and key of a record travel together from the batch's own memory.
     */
    public long writeRecordsTo(WritableByteChannel channel) throws IOException {
        Objects.requireNonNull(channel, "channel");
        ByteBuffer[] views = new ByteBuffer[2 * Math.min(count, GATHER)];
        long written = 0;
        for (int first = 0; first < count; first += views.length / 2) {
            int n = Math.min(views.length / 2, count - first);
            for (int j = 0; j < n; j++) {
                int i = first + j;
                long at = entryAt(i);
                long keyAddress = entries.get(ValueLayout.JAVA_LONG, at + KEY);
                long keySize = entries.get(ValueLayout.JAVA_LONG, at + KEY_SIZE);
                MemorySegment framed = MemorySegment.ofAddress(keyAddress - FRAME_HEADER)
                        .reinterpret(FRAME_HEADER + keySize, state.arena, null);
                MemorySegment value = value(i);
                framed.set(BIG_ENDIAN_INT, 0, (int) keySize);
                framed.set(BIG_ENDIAN_INT, 4, (int) value.byteSize());
                views[2 * j] = framed.asReadOnly().asByteBuffer();
                views[2 * j + 1] = value.asByteBuffer();
            }
            written += writeFully(channel, views, 2 * n);
        }
        return written;
    }

    private static long writeFully(WritableByteChannel channel, ByteBuffer[] views, int n) throws IOException {
        long written = 0;
        if (channel instanceof GatheringByteChannel gathering) {
            int from = 0;
            while (from < n) {
                long w = gathering.write(views, from, n - from);
                if (w == 0 && views[from].hasRemaining()) throw new IOException("channel accepted no bytes (non-blocking?)");
                written += w;
                while (from < n && !views[from].hasRemaining()) from++;
            }
        } else {
            for (int j = 0; j < n; j++) {
                while (views[j].hasRemaining()) {
                    int w = channel.write(views[j]);
                    if (w == 0) throw new IOException("channel accepted no bytes (non-blocking?)");
                    written += w;
                }
            }
        }
        return written;
    }

    /** Releases the pinned memory; any thread, idempotent. Every view throws after it. */
    @Override
    public void close() {
        if (state == null) return;
        state.close();
        cleanable.clean();
    }

    public boolean isOpen() {
        return state == null || state.isOpen();
    }

    @Override
    public String toString() {
        return "RecordBatch{" + count + " records, " + bytes + " bytes" + (isOpen() ? "" : ", closed") + "}";
    }
}
