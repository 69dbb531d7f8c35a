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
        /** held while a channel write reads the batch's memory through unscoped views */
        final java.util.concurrent.locks.ReentrantLock writing = new java.util.concurrent.locks.ReentrantLock();

        State(NativeDb db, MemorySegment iterator, MemorySegment memory) {
            this.db = db;
            this.iterator = iterator;
            this.memory = memory;
        }

        /** By the batch's own close, any thread. */
        void close() {
            boolean finishDeferred;
            if (!writing.tryLock()) {
                throw new IllegalStateException("RecordBatch is being written to a channel; close it afterwards");
            }
            try {
                synchronized (this) {
                    if (released) return;
                    try {
                        arena.close();
                    } catch (IllegalStateException inUse) {
                        throw new IllegalStateException("RecordBatch is in use by an I/O operation; close it afterwards",
                                inUse);
                    }
                    released = true;
                    freeNative();
                    finishDeferred = deferred;
                }
            } finally {
                writing.unlock();
            }
            db.unshare(this);
            if (finishDeferred) db.deferredResourceReleased();
        }

        @Override
        public boolean releaseAtClose() {
            if (!writing.tryLock()) {
                synchronized (this) {
                    deferred = true;  // the writer's thread closes it when done
                }
                return false;
            }
            try {
                synchronized (this) {
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
            } finally {
                writing.unlock();
            }
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
        return write(channel, false);
    }

    /**
     * Writes every record to channel as a frame: key length and value length
     * (big-endian 32-bit), key, value. The values are not copied; the header
     * and key of a record travel together from the batch's own memory.
     */
    public long writeRecordsTo(WritableByteChannel channel) throws IOException {
        Objects.requireNonNull(channel, "channel");
        return write(channel, true);
    }

    private long write(WritableByteChannel channel, boolean framed) throws IOException {
        if (state == null) return 0;
        // The views below are not scoped (an arena-scoped buffer costs NIO an
        // acquire, a releaser object and a list node per buffer): instead the
        // batch cannot be released while this lock is held.
        if (!state.writing.tryLock()) {
            throw new IllegalStateException("RecordBatch is being written to a channel by another thread");
        }
        try {
            if (!state.isOpen()) throw new IllegalStateException("RecordBatch is closed");
            return writeLocked(channel, framed);
        } finally {
            state.writing.unlock();
        }
    }

    private long writeLocked(WritableByteChannel channel, boolean framed) throws IOException {
        int perRecord = framed ? 2 : 1;
        ByteBuffer[] views = new ByteBuffer[perRecord * Math.min(count, GATHER)];
        Views window = new Views();
        long written = 0;
        for (int first = 0; first < count; first += views.length / perRecord) {
            int n = Math.min(views.length / perRecord, count - first);
            for (int j = 0; j < n; j++) {
                long at = entryAt(first + j);
                long valueAddress = entries.get(ValueLayout.JAVA_LONG, at + VALUE);
                long valueSize = entries.get(ValueLayout.JAVA_LONG, at + VALUE_SIZE);
                if (framed) {
                    long keyAddress = entries.get(ValueLayout.JAVA_LONG, at + KEY);
                    long keySize = entries.get(ValueLayout.JAVA_LONG, at + KEY_SIZE);
                    window.header(keyAddress - FRAME_HEADER, (int) keySize, (int) valueSize);
                    views[2 * j] = window.of(keyAddress - FRAME_HEADER, FRAME_HEADER + keySize);
                }
                views[perRecord * j + perRecord - 1] = window.of(valueAddress, valueSize);
            }
            written += writeFully(channel, views, perRecord * n);
        }
        return written;
    }

    /**
     * ByteBuffer views of this batch's memory for channel writes, valid
     * while the write holds the batch's lock. One direct buffer spans every
     * record of the batch, and each view is a slice of it: one object per
     * view. (Not read-only: they never leave this class.) Falls back to a
     * buffer per view when the batch's memory spans more than a ByteBuffer can.
     */
    private final class Views {
        private long base;
        private ByteBuffer span;

        Views() {
            long lo = Long.MAX_VALUE, hi = 0;
            for (int i = 0; i < count; i++) {
                long at = i * ENTRY;
                long k = entries.get(ValueLayout.JAVA_LONG, at + KEY) - FRAME_HEADER;
                long v = entries.get(ValueLayout.JAVA_LONG, at + VALUE);
                lo = Math.min(lo, Math.min(k, v));
                hi = Math.max(hi, Math.max(k + FRAME_HEADER + entries.get(ValueLayout.JAVA_LONG, at + KEY_SIZE),
                        v + entries.get(ValueLayout.JAVA_LONG, at + VALUE_SIZE)));
            }
            if (count > 0 && hi - lo <= Integer.MAX_VALUE) {
                base = lo;
                span = MemorySegment.ofAddress(lo).reinterpret(hi - lo).asByteBuffer();
            }
        }

        /** Fills the frame header in the room the batch kept before the key. */
        void header(long address, int keySize, int valueSize) {
            Bytes.EVERYTHING.set(BIG_ENDIAN_INT, address, keySize);
            Bytes.EVERYTHING.set(BIG_ENDIAN_INT, address + 4, valueSize);
        }

        ByteBuffer of(long address, long size) {
            return span != null
                    ? span.slice((int) (address - base), (int) size)
                    : MemorySegment.ofAddress(address).reinterpret(size).asByteBuffer();
        }
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
