package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.PinSlot;
import io.panrocks.internal.ViewScope;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A value read without copying: {@link #value()} is a read-only
 * {@link MemorySegment} over the bytes where RocksDB holds them (a
 * block-cache block, pinned), or over the caller's buffer when an adaptive
 * read found the value small enough to copy ({@link #isPinned()} tells).
 *
 * <h2>Lifetime</h2>
 * The pin lasts until {@link #close()}. After it, every access through the
 * segment throws {@link IllegalStateException}: it can never read memory
 * RocksDB has reused. A pin holds a block in the cache (it cannot be
 * evicted) but no lock: flushes, compactions and overwrites of the key go
 * on, and the pinned bytes stay the value as it was read.
 *
 * <h2>Threads</h2>
 * A pinned value belongs to the thread that read it: only that thread may
 * read its segment and close it (other threads get a
 * {@link WrongThreadException}, and the value stays open). Hand data to
 * another thread by copying it, or use a record batch, which any thread may
 * read and close.
 *
 * <h2>Forgetting to close</h2>
 * A pinned value is released by the safety net only once neither it nor its
 * segment is reachable (a segment you kept keeps the pin, so it never reads
 * released memory), with a warning on the {@code io.panrocks} logger.
 * Closing the DB releases the pinned values of the closing thread; those
 * other threads still hold keep the engine open until they are closed.
 */
public final class PinnedValue implements AutoCloseable {
    private final MemorySegment value;
    private final boolean pinned;
    /**
     * the link of the pooled pin's arena this value's view lives in (null
     * when copied): it refers to the pin, keeping it from the safety net,
     * until this value closes; the pin then serves later values
     */
    private final ViewScope.Link link;
    /** keeps the DB from the Cleaner while this value is reachable */
    private final RocksDB db;
    /** a copied value's owner and state (a pinned one's live in its slot) */
    private final Thread owner;
    private volatile boolean copyClosed;

    /**
     * The value a pinned read left in {@code slot} (lent from the thread's
     * pool; at {@code c.valueAddress()}, {@code c.valueSize()} bytes), shown
     * as a view of the slot; null for a read that found nothing.
     */
    static PinnedValue lend(RocksDB db, CallContext c, PinSlot slot) {
        if (slot == null) return null;
        return new PinnedValue(db, slot.view(c.valueAddress(), c.valueSize()), slot.link());
    }

    /** A pinned value: {@code value} is a view of the pooled pin's arena that {@code link} belongs to. */
    PinnedValue(RocksDB db, MemorySegment value, ViewScope.Link link) {
        this.db = db;
        this.value = value;
        this.pinned = true;
        this.link = link;
        this.owner = null;
    }

    /** A value copied into the caller's buffer: nothing to release. */
    PinnedValue(RocksDB db, MemorySegment copied) {
        this.db = db;
        this.value = copied;
        this.pinned = false;
        this.link = null;
        this.owner = Thread.currentThread();
    }

    /**
     * The value's bytes, read-only. Valid until {@link #close()}; any access
     * after that throws {@link IllegalStateException}.
     *
     * @return a read-only segment over the value
     */
    public MemorySegment value() {
        if (isClosed()) throw new IllegalStateException("PinnedValue is closed");
        return value;
    }

    private boolean isClosed() {
        return link != null ? PinSlot.isClosed(link) : copyClosed;
    }

    /**
     * The value's size in bytes.
     *
     * @return the size in bytes
     */
    public long size() {
        return value.byteSize();
    }

    /**
     * True when the bytes are RocksDB's (pinned); false when they were copied into the caller's buffer.
     *
     * @return {@code true} if the bytes are pinned in RocksDB's memory
     */
    public boolean isPinned() {
        return pinned;
    }

    /**
     * A copy of the value on the heap.
     *
     * @return a new array holding the value
     * @throws IllegalStateException if the value does not fit in a byte[] (2 GiB): read {@link #value()}
     */
    public byte[] toByteArray() {
        MemorySegment v = value();
        Bytes.checkFitsArray(v.byteSize());
        return v.toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * Releases the pin; idempotent. Only the thread that read the value may
     * close it while it is open ({@link WrongThreadException} otherwise).
     */
    @Override
    public void close() {
        if (link != null) {
            PinSlot.give(link);
        } else if (!copyClosed) {
            // nothing native to release, but the same contract as a pin
            if (Thread.currentThread() != owner && owner.isAlive()) {
                throw new WrongThreadException("PinnedValue belongs to thread \"" + owner.getName()
                        + "\"; only that thread can close it");
            }
            copyClosed = true;
        }
    }

    @Override
    public String toString() {
        return "PinnedValue{" + value.byteSize() + " bytes, " + (pinned ? "pinned" : "copied")
                + (isClosed() ? ", closed" : "") + "}";
    }
}
