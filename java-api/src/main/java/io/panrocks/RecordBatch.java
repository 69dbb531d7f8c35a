package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.data.Batches;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_iter_entry;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * {@link IllegalStateException}, from any thread, at once: the views live
 * in a shared arena that the close closes first. Unlike a
 * {@link PinnedValue}, a batch may be handed to another thread: any thread
 * may read it, write it to a channel, and close it; closing twice, or from
 * two threads at once, is harmless. A close while a channel write of this
 * batch runs (from another thread, or from inside the channel) takes effect
 * when the write returns. Closing the DB closes its batches too; one being
 * written keeps the DB's engine open until its write returns. A batch
 * forgotten unclosed is closed by a Cleaner (its views then throw).
 *
 * <h2>To channels</h2>
 * {@link #writeValuesTo} and {@link #writeRecordsTo} hand the pinned bytes
 * to a {@link WritableByteChannel} through read-only {@link ByteBuffer}
 * views of the batch's arena: no copy on the Java heap, gathering writes
 * where the channel supports them. A channel can neither change RocksDB's
 * memory through them nor read them after the batch is closed.
 *
 * <p>A batch holds the blocks it pins, so keep batches short-lived.
 */
public final class RecordBatch implements AutoCloseable {
    /** bytes before each key in the batch's memory, where a frame header goes */
    static final int FRAME_HEADER = Batches.FRAME_HEADER;
    private static final long ENTRY = panrocks_iter_entry.sizeof();
    private static final long KEY = panrocks_iter_entry.key$offset();
    private static final long KEY_SIZE = panrocks_iter_entry.key_size$offset();
    private static final long VALUE = panrocks_iter_entry.value$offset();
    private static final long VALUE_SIZE = panrocks_iter_entry.value_size$offset();
    private static final ValueLayout.OfLong BIG_ENDIAN_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** views per gathering write: below the kernel's IOV_MAX */
    private static final int GATHER = 512;

    static final RecordBatch EMPTY = new RecordBatch();

    /** keeps the DB from the Cleaner while the batch is reachable */
    private final RocksDB owner;
    /** the views' scope: closed (by any thread) before the memory is released */
    private final Arena arena;
    private final DbResource resource;
    private final int count;
    private final long bytes;
    /** the entries (key/value addresses and sizes), a segment of the arena */
    private final MemorySegment entries;

    private RecordBatch() {
        owner = null;
        arena = null;
        resource = null;
        count = 0;
        bytes = 0;
        entries = MemorySegment.NULL;
    }

    /** The records {@link Batches#collect} gathers on db for owner: the batches it makes, or EMPTY. */
    static RecordBatch collect(RocksDB owner, NativeDb db, CallContext c, ColumnFamilyHandle family, ReadOptions options,
                               byte[] seekKey, boolean after, int maxRecords, long maxBytes) throws RocksDBException {
        return Batches.collect(db, c, ColumnFamilyHandle.nativeHandle(family, db),
                (spec, arena) -> options.fillSpec(db, spec, arena), seekKey, after, maxRecords, maxBytes, EMPTY,
                (iterator, memory, count, bytes) -> new RecordBatch(owner, db, iterator, memory, count, bytes));
    }

    RecordBatch(RocksDB owner, NativeDb db, MemorySegment iterator, Batches.Memory memory, int count, long bytes) {
        this.owner = owner;
        this.arena = Arena.ofShared();
        this.count = count;
        this.bytes = bytes;
        this.entries = memory.entries().reinterpret(ENTRY * count, arena, null);
        this.resource = DbResource.sharedViews(db, "RecordBatch", this, arena, () -> {
            panrocks_h.panrocks_iterator_destroy(iterator);
            memory.free();
        });
    }

    /**
     * Number of records.
     *
     * @return the number of records in the batch
     */
    public int size() {
        return count;
    }

    /**
     * Whether the batch holds no record.
     *
     * @return {@code true} if it is empty
     */
    public boolean isEmpty() {
        return count == 0;
    }

    /**
     * Bytes of keys and values together.
     *
     * @return the total size in bytes
     */
    public long byteSize() {
        return bytes;
    }

    /**
     * Key i: read-only, valid until the batch closes.
     *
     * @param i the record's index, from 0
     * @return the key's bytes
     */
    public MemorySegment key(int i) {
        long at = entryAt(i);
        try {
            return view(entries.get(ValueLayout.JAVA_LONG, at + KEY), entries.get(ValueLayout.JAVA_LONG, at + KEY_SIZE));
        } catch (IllegalStateException arenaClosed) {
            throw closed(arenaClosed);
        }
    }

    /**
     * Value i: read-only, valid until the batch closes; RocksDB's memory, not a copy.
     *
     * @param i the record's index, from 0
     * @return the value's bytes
     */
    public MemorySegment value(int i) {
        long at = entryAt(i);
        try {
            return view(entries.get(ValueLayout.JAVA_LONG, at + VALUE), entries.get(ValueLayout.JAVA_LONG, at + VALUE_SIZE));
        } catch (IllegalStateException arenaClosed) {
            throw closed(arenaClosed);
        }
    }

    /** The batch's arena is closed (by its close or its DB's): say which object it was. */
    private static IllegalStateException closed(IllegalStateException arenaClosed) {
        return new IllegalStateException("RecordBatch is closed", arenaClosed);
    }

    /**
     * Key i read as a big-endian 64-bit number (the offset of a {@link RecordLog} record).
     *
     * @param i the record's index, from 0
     * @return the key's first 8 bytes as a big-endian long
     */
    public long keyAsLong(int i) {
        MemorySegment k = key(i);
        if (k.byteSize() != 8) throw new IllegalStateException("key " + i + " has " + k.byteSize() + " bytes, not 8");
        return k.get(BIG_ENDIAN_LONG, 0);
    }

    /**
     * Visits each record in order.
     *
     * @param visitor called once per record, in key order
     */
    public void forEach(RecordVisitor visitor) {
        Objects.requireNonNull(visitor, "visitor");
        for (int i = 0; i < count; i++) visitor.visit(key(i), value(i));
    }

    /** Receives one record of a batch. */
    @FunctionalInterface
    public interface RecordVisitor {
        /**
         * Called with one record of the batch.
         *
         * @param key the record's key, valid until the batch closes
         * @param value the record's value, valid until the batch closes
         */
        void visit(MemorySegment key, MemorySegment value);
    }

    private long entryAt(int i) {
        Objects.checkIndex(i, count);
        return i * ENTRY;
    }

    private MemorySegment view(long address, long size) {
        return MemorySegment.ofAddress(address).reinterpret(size, arena, null).asReadOnly();
    }

    // ---- channels --------------------------------------------------------------

    /**
     * Writes every value, back to back, to channel, without copying them to
     * the heap. Returns the bytes written (all of them: a non-blocking
     * channel that takes less throws).
     *
     * @param channel where the values go; not null
     * @return the number of bytes written
     * @throws IOException as the channel's write throws it
     */
    public long writeValuesTo(WritableByteChannel channel) throws IOException {
        Objects.requireNonNull(channel, "channel");
        return write(channel, false);
    }

    /**
     * Writes every record to channel as a frame: key length and value length
     * (big-endian 32-bit), key, value. The values are not copied; the header
     * and key of a record travel together from the batch's own memory.
     *
     * @param channel where the frames go; not null
     * @return the number of bytes written, headers included
     * @throws IOException as the channel's write throws it
     */
    public long writeRecordsTo(WritableByteChannel channel) throws IOException {
        Objects.requireNonNull(channel, "channel");
        return write(channel, true);
    }

    private long write(WritableByteChannel channel, boolean framed) throws IOException {
        if (resource == null) return 0;
        // a close meanwhile (from another thread, or from inside the channel)
        // waits for the write: the views stay valid throughout
        if (!resource.tryUse()) throw new IllegalStateException("RecordBatch is closed");
        try {
            return writeInUse(channel, framed);
        } finally {
            resource.endUse();
        }
    }

    private long writeInUse(WritableByteChannel channel, boolean framed) throws IOException {
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
                    views[2 * j] = window.of(keyAddress - FRAME_HEADER, FRAME_HEADER + keySize);
                }
                views[perRecord * j + perRecord - 1] = window.of(valueAddress, valueSize);
            }
            written += writeFully(channel, views, perRecord * n);
        }
        return written;
    }

    /**
     * Read-only ByteBuffer views of this batch's memory for channel writes,
     * scoped to the batch's arena: a channel that keeps one cannot read it
     * after the close, nor write through it ever. One buffer spans every
     * record of the batch, and each view is a slice of it: one object per
     * view. Falls back to a buffer per view when the batch's memory spans
     * more than a ByteBuffer can.
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
                span = MemorySegment.ofAddress(lo).reinterpret(hi - lo, arena, null).asReadOnly().asByteBuffer();
            }
        }

        ByteBuffer of(long address, long size) {
            return span != null
                    ? span.slice((int) (address - base), (int) size)
                    : MemorySegment.ofAddress(address).reinterpret(size, arena, null).asReadOnly().asByteBuffer();
        }
    }

    /**
     * Writes views[0, n) fully. Progress is measured on the buffers, not on
     * what the channel claims: a channel that reports bytes it did not take
     * would otherwise keep this loop (and the batch, and a DB close waiting
     * for it) busy forever.
     */
    private static long writeFully(WritableByteChannel channel, ByteBuffer[] views, int n) throws IOException {
        long written = 0;
        if (channel instanceof GatheringByteChannel gathering) {
            int from = 0;
            while (from < n) {
                long before = remaining(views, from, n);
                gathering.write(views, from, n - from);
                long taken = before - remaining(views, from, n);
                if (taken <= 0) throw new IOException("channel accepted no bytes (non-blocking, or misbehaving?)");
                written += taken;
                while (from < n && !views[from].hasRemaining()) from++;
            }
        } else {
            for (int j = 0; j < n; j++) {
                while (views[j].hasRemaining()) {
                    int before = views[j].remaining();
                    channel.write(views[j]);
                    int taken = before - views[j].remaining();
                    if (taken <= 0) throw new IOException("channel accepted no bytes (non-blocking, or misbehaving?)");
                    written += taken;
                }
            }
        }
        return written;
    }

    private static long remaining(ByteBuffer[] views, int from, int to) {
        long r = 0;
        for (int i = from; i < to; i++) r += views[i].remaining();
        return r;
    }

    /**
     * Releases the pinned memory; idempotent, any thread. Every view throws
     * after it. During a channel write of this batch, the close happens when
     * the write returns.
     *
     * @throws IllegalStateException if a view is in use by an I/O operation
     *         outside this batch's own writes (close it afterwards)
     */
    @Override
    public void close() {
        if (resource != null) resource.close();
    }

    /**
     * Whether the batch is still open.
     *
     * @return {@code false} once it is closed
     */
    public boolean isOpen() {
        return resource == null || !resource.isReleased();
    }

    @Override
    public String toString() {
        return "RecordBatch{" + count + " records, " + bytes + " bytes" + (isOpen() ? "" : ", closed") + "}";
    }
}
