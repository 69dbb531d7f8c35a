package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.RangeWalkScratch;
import io.panrocks.internal.ViewScope;
import io.panrocks.internal.data.Entities;
import io.panrocks.internal.data.Staging;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_iter_entry;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An iterator over one column family, as RocksJava's {@code RocksIterator}:
 * seek, step in either direction, read the current entry.
 *
 * <h2>Zero-copy entries</h2>
 * {@link #key()} and {@link #value()} are read-only {@link MemorySegment}s
 * that show the current entry's bytes, valid at least until the iterator
 * moves, and at most until it closes. A segment never shows other bytes
 * than those of the entry it was taken from: once they may be gone it
 * throws {@link IllegalStateException}. When exactly depends on where the
 * entry lies (see <i>Reading ahead</i>): in RocksDB's memory, the segment
 * ends at the next move that crosses into the engine; in the iterator's own
 * copy of an entry read ahead, when the iterator reuses the part of its
 * buffer that copy lies in (at the earliest when it reads ahead again), or a
 * bulk walk fills the buffer; a value RocksDB keeps for the iterator's life
 * (see <i>pinData</i> below), at the close. {@link #keyBytes()},
 * {@link #valueBytes()} and the ByteBuffer forms copy.
 *
 * <h2>Reading ahead</h2>
 * A seek and the first steps after it cross into the engine once each. From
 * the third {@link #next()} (or {@link #prev()}) in a row the iterator
 * reads ahead: one crossing collects the following entries, up to 16 at
 * first and twice as many at each batch up to 64 (so a scan that stops
 * has stepped the engine at most 64 entries further), copying small ones (up to
 * 2 KiB of key and value) into a buffer of the iterator (128 KiB), the
 * batch's last one too, and leaving a larger one, which ends the batch, where
 * RocksDB holds it. Batches go into the buffer one after the other; when
 * less than a quarter of it is left, it starts over, and only then do the
 * views of the copies it held end (all at once). The steps within a batch
 * stay in Java and allocate nothing. What the iterator shows is the
 * same, as it reads a fixed state: its snapshot, or the DB as of its
 * creation. A step back from the first entry of a batch, and {@link #columns()},
 * {@link #timestamp()} or {@link #isTombstone()} on an entry read ahead,
 * first bring the engine's iterator back to the entry with one more
 * crossing, and turn reading ahead off for the iterator's life (one who
 * reads them at an entry reads them at every one). A failure met while reading ahead shows once the iterator
 * reaches it ({@link #status()} stays quiet on the entries before).
 * With {@link ReadOptions#setPinData(boolean) pinData} on a family without a
 * merge operator, a run forward copies only keys: RocksDB keeps every block
 * the iterator read until it closes, so each value read ahead stays where it
 * lies, and its {@link #value()} segment stays readable until the iterator
 * closes (a value read from a blob file is copied all the same).
 * Iterators over a transaction or an indexed batch, tailing ones and those
 * showing history ({@link ReadOptions#setIterStartTs(long)}) never read
 * ahead: their entries can change under them or repeat a key.
 *
 * <h2>Bulk walks</h2>
 * {@link #scanForward} and {@link #scanBackward} visit many entries per
 * crossing: the engine copies small entries into a batch buffer, and hands
 * a large one over where it lies, so a scan costs a crossing per batch, not
 * per entry. Batches grow as when stepping (16 entries, then twice as many,
 * up to 64), so a visitor that stops early stops the engine soon after.
 *
 * <h2>Threads and lifetime</h2>
 * An iterator belongs to the thread that created it (others get a
 * {@link WrongThreadException}, and the iterator stays open). It sees the DB
 * as of its creation (or its read options' snapshot). Close it; closing the
 * DB closes the iterators of the closing thread, and waits for those of live
 * threads to be closed before the engine shuts down. A forgotten iterator
 * is closed by a Cleaner, with a warning, once neither it nor a view of its
 * entries is reachable.
 *
 * <h2>Inside a walk</h2>
 * The visitor of {@link #scanForward}/{@link #scanBackward} may close the
 * iterator: the walk then stops after that visit, and the iterator closes
 * when the walk returns. It may not move it or read its current entry
 * ({@link IllegalStateException}): the walk owns the position.
 *
 * <h2>Over a transaction or an indexed batch</h2>
 * {@link Transaction#getIterator} and
 * {@link WriteBatchWithIndex#newIteratorWithBase} return iterators that show
 * the batch's updates on top of the DB. Their entries never point into the
 * batch (what lives there is copied into the iterator), so updating the
 * batch while the iterator stands on an entry leaves that entry readable.
 * Each move holds the transaction's (or batch's) lock, so the transaction
 * may be used from other threads meanwhile, one call at a time. Committing,
 * rolling back (to a save point too), clearing or closing the transaction
 * or batch ends the iterator: its entry stays readable until it moves, but
 * every later move throws {@link IllegalStateException}. Close it as usual.
 *
 * <h2>Errors</h2>
 * A move that fails (an I/O error, corruption, or the engine running out of
 * memory) leaves the iterator invalid; {@link #status()} throws the
 * failure. A failure the engine could not report as a status (it ran out of
 * memory, say) leaves the iterator invalid for good.
 */
public final class RocksIterator implements AutoCloseable {
    /** the buffer entries read ahead are copied into, as large as a range walk's ({@link RocksDB#scanRange}) */
    static final long DEFAULT_BATCH_BYTES = RangeWalkScratch.BUFFER_BYTES;
    /**
     * Entries up to this size are copied into the batch buffer; a larger one
     * ends the batch and is handed over in place. Around here a copy starts
     * to cost more than the crossing it saves.
     */
    static final long COPY_LIMIT = 2048;
    /**
     * A batch read ahead goes after the copies of the earlier ones while this
     * much of the buffer or more is left; below, the buffer starts over.
     */
    static final long REUSE_BELOW = DEFAULT_BATCH_BYTES / 4;
    static final long ENTRY = panrocks_iter_entry.sizeof();
    static final long KEY = panrocks_iter_entry.key$offset();
    static final long KEY_SIZE = panrocks_iter_entry.key_size$offset();
    static final long VALUE = panrocks_iter_entry.value$offset();
    static final long VALUE_SIZE = panrocks_iter_entry.value_size$offset();
    private static final long VALID = panrocks_iter_entry.valid$offset();
    private static final long FLAGS = panrocks_iter_entry.flags$offset();
    private static final int VALUE_STAYS = panrocks_h.PANROCKS_ENTRY_VALUE_STAYS();
    /** an entry as longs (see {@link #batch}), and where each field lies among them */
    private static final int LONGS = (int) (ENTRY / Long.BYTES);
    private static final int AT_KEY = (int) (KEY / Long.BYTES), AT_KEY_SIZE = (int) (KEY_SIZE / Long.BYTES),
            AT_VALUE = (int) (VALUE / Long.BYTES), AT_VALUE_SIZE = (int) (VALUE_SIZE / Long.BYTES),
            AT_FLAGS = (int) (FLAGS / Long.BYTES);
    /** the int flags within its long, in the platform's byte order */
    private static final int FLAGS_SHIFT = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN
            ? (int) (FLAGS % Long.BYTES) * 8
            : (int) (Long.BYTES - Integer.BYTES - FLAGS % Long.BYTES) * 8;
    /** reading ahead copies the batch's last entry too and steps past it (see {@link #fetch}) */
    private static final int PAST_LAST = panrocks_h.PANROCKS_WALK_PAST_LAST();
    /**
     * panrocks_iterator_next_batch by its handle, a constant, invoked where
     * the segment of the buffer's free part is made, so that C2 inlines the
     * call's adapter there and the segment is never allocated: through the
     * generated wrapper, compiled on its own, it escaped (40 B a batch).
     */
    private static final MethodHandle NEXT_BATCH = panrocks_h.panrocks_iterator_next_batch$handle();

    /**
     * Moves in a row before the iterator reads ahead: a seek followed by a
     * step or two stays at one crossing per step and copies nothing it will
     * not read.
     */
    static final int RUN_BEFORE_READING_AHEAD = 3;
    /** the first batch read ahead (and of a bulk walk); each next one is twice as large, up to {@link #MAX_BATCH} */
    static final int FIRST_BATCH = 16;
    /**
     * The most entries one crossing reads ahead, stepping or walking in bulk.
     * An entry read ahead costs the engine's whole step whether the caller
     * reads it or not (about 1,100 instructions at 16 B, against about 900
     * for a crossing: the downcall, the stub's own work, the batch's copy
     * into Java), so batches grow from {@link #FIRST_BATCH}, doubling, only
     * up to this: a scan that stops anywhere has read at most this many
     * entries for nothing. Counted under callgrind (docs/benchmarks.md, "Scans
     * that read no further than asked"): with batches up to 256 growing
     * fourfold, a scan of 1,000 16-byte entries from a random key stepped the
     * engine 1,107 times; up to 64, doubling, the same scan costs 5.4% fewer
     * instructions, and a walk to the end 0.4% more (four times the crossings).
     */
    static final int MAX_BATCH = 64;

    /** the status of a move on an iterator whose transaction or batch was reset */
    private static final int ENDED = panrocks_h.PANROCKS_ENDED();

    private final RocksDB owner;
    private final NativeDb db;
    private final MemorySegment handle;
    private final DbResource resource;
    /** the family it reads (null: the default one) */
    private final ColumnFamilyHandle family;
    /** over a transaction or indexed batch: its lock, held by every move; null over the DB alone */
    private final ReentrantLock guard;
    /** the transaction or batch it reads, kept reachable while the iterator is; null over the DB alone */
    @SuppressWarnings("unused")
    private final Object source;
    /** set when the native iterator was handed over to another owner (newIteratorWithBase) */
    private final AtomicBoolean surrendered = new AtomicBoolean();
    /**
     * The scope of views over the engine's memory (an entry the engine's
     * iterator stands on): renewed whenever the engine's iterator moves. Views
     * keep it, and so the native iterator, alive.
     */
    private final ViewScope scope;
    /**
     * The scope of views over entries copied into the batch buffer (read
     * ahead, or by a bulk walk): renewed only when the buffer starts over
     * ({@link #fetch}) or a bulk walk starts or ends; its arenas keep
     * {@link #scope} reachable, and it closes with it.
     */
    private final ViewScope copies;
    /**
     * The scope of views over values the engine keeps until the iterator is
     * destroyed (read ahead with pin_data): closes with the iterator, never
     * renewed.
     */
    private final ViewScope pinned;
    /**
     * Whether runs of next() or prev() may read ahead (see {@link #fetch});
     * turned off for good by the first {@link #columns()}, {@link #timestamp()}
     * or {@link #isTombstone()}.
     */
    private boolean readsAhead;
    /** the bulk walk's entries (the first one doubles as the position after a move) */
    private final MemorySegment entries;
    /**
     * A Java copy of the batch read ahead ({@link #LONGS} longs per entry,
     * as the engine filled {@link #entries}), from which a step reads its
     * entry without a native access's checks: the thread's array, taken at
     * the first batch and given back at the close; null until then.
     */
    private long[] batch;
    /** the creating thread's context, which lends {@link #batch} */
    private final CallContext home;
    /**
     * Bytes at the buffer's start that hold copies whose views are readable
     * (in the current arena of {@link #copies}); the next batch goes after them.
     */
    private long filled;
    /** the batch buffer's address and size (after {@link #entries}, in the same allocation) */
    private final long bufferAddress, bufferBytes;

    private boolean valid;
    /** true while a bulk walk runs: the visitor may not move the iterator */
    private boolean walking;
    /** a failure the engine reported from a move; status() throws it */
    private RocksDBException failure;
    /** a failure the engine could not recover from (an exception inside it): moves are refused */
    private boolean broken;
    private long keyAddress, keySize, valueAddress, valueSize;
    /** the current value stays until the iterator is destroyed (PANROCKS_ENTRY_VALUE_STAYS) */
    private boolean valueStays;

    // ---- reading ahead: a run of next() (or prev()) fetches entries in batches
    /**
     * How many entries of a batch read ahead the iterator stands among (0:
     * none; the engine's iterator stands where this one does). It stands on
     * entries[batchIndex]; the engine's iterator stands on the last one, or
     * past it when the batch met the end or a failure.
     */
    private int batchCount;
    private int batchIndex;
    /** the direction the batch was read in */
    private boolean batchForward;
    /** whether the batch's last entry was copied too (the engine's iterator went past it) */
    private boolean batchLastCopied;
    /** moves in a row in one direction, each crossing; from {@link #RUN_BEFORE_READING_AHEAD} on, moves read ahead */
    private int run;
    private boolean runForward;
    /** entries the next batch may hold: grows from {@link #FIRST_BATCH} to the batch size */
    private int nextBatch = FIRST_BATCH;

    RocksIterator(RocksDB owner, NativeDb db, CallContext c, MemorySegment handle, ColumnFamilyHandle family,
                  boolean readsAhead) {
        this(owner, db, c, handle, family, null, null, null, readsAhead);
    }

    /**
     * An iterator over a transaction or indexed batch: every move holds
     * {@code guard}; {@code afterRelease} runs once the native iterator is
     * gone (it ends a use of the family handle). {@code readsAhead}: whether
     * runs of moves may read ahead, which only an iterator that shows each
     * key once, as of a fixed state, may (not over a batch, which may change
     * under it; not tailing; not showing history).
     */
    RocksIterator(RocksDB owner, NativeDb db, CallContext c, MemorySegment handle, ColumnFamilyHandle family,
                  ReentrantLock guard, Object source, Runnable afterRelease, boolean readsAhead) {
        this.owner = owner;
        this.db = db;
        this.handle = handle;
        this.family = family;
        this.guard = guard;
        this.source = source;
        this.home = c;
        this.scope = new ViewScope();
        this.copies = scope.child();
        this.pinned = copies.child();
        this.readsAhead = readsAhead && guard == null;
        long entriesBytes = ENTRY * (MAX_BATCH + 1);
        MemorySegment memory;
        try {
            memory = NativeMemory.allocate(entriesBytes + DEFAULT_BATCH_BYTES);
        } catch (Throwable t) {
            panrocks_h.panrocks_iterator_destroy(handle);
            if (afterRelease != null) afterRelease.run();
            throw t;
        }
        this.entries = memory.asSlice(0, entriesBytes);
        this.bufferAddress = memory.address() + entriesBytes;
        this.bufferBytes = DEFAULT_BATCH_BYTES;
        AtomicBoolean taken = surrendered;
        this.resource = DbResource.confined(c, "RocksIterator", scope, true, () -> {
            try {
                // over a batch: the destroy detaches from the batch, which its
                // owner may be resetting on another thread, under the same lock
                if (guard != null) guard.lock();
                try {
                    if (!taken.get()) panrocks_h.panrocks_iterator_destroy(handle);
                } finally {
                    if (guard != null) guard.unlock();
                }
                NativeMemory.free(memory);
            } finally {
                if (afterRelease != null) afterRelease.run();
            }
        });
    }

    // ---- moves ---------------------------------------------------------------

    /** Moves to the first key (or the first at or after the lower bound). */
    public void seekToFirst() {
        CallContext c = enterMove();
        try {
            moved(c, panrocks_h.panrocks_iterator_seek_to_first(handle, entries, c.error));
        } finally {
            exit(c);
        }
    }

    /** Moves to the last key (or the last before the upper bound). */
    public void seekToLast() {
        CallContext c = enterMove();
        try {
            moved(c, panrocks_h.panrocks_iterator_seek_to_last(handle, entries, c.error));
        } finally {
            exit(c);
        }
    }

    /**
     * Moves to the first key at or after target.
     *
     * @param target the key to seek; not null
     */
    public void seek(byte[] target) {
        Bytes.key(target);
        CallContext c = enterMove();
        try {
            moved(c, panrocks_h.panrocks_iterator_seek(handle, Staging.key(c, target, 0, target.length), target.length,
                    entries, c.error));
        } finally {
            exit(c);
        }
    }

    /**
     * Moves to the first key at or after target (a native segment is read in place).
     *
     * @param target the key to seek; not null
     */
    public void seek(MemorySegment target) {
        seekSegment(target, false);
    }

    /**
     * Seeks to target[position, limit) and moves its position to the limit.
     *
     * @param target the key to seek, from its position to its limit; not null
     */
    public void seek(ByteBuffer target) {
        seekBuffer(target, false);
    }

    /**
     * Moves to the last key at or before target.
     *
     * @param target the key to seek; not null
     */
    public void seekForPrev(byte[] target) {
        Bytes.key(target);
        CallContext c = enterMove();
        try {
            moved(c, panrocks_h.panrocks_iterator_seek_for_prev(handle, Staging.key(c, target, 0, target.length),
                    target.length, entries, c.error));
        } finally {
            exit(c);
        }
    }

    /**
     * Moves to the last key at or before target (a native segment is read in place).
     *
     * @param target the key to seek; not null
     */
    public void seekForPrev(MemorySegment target) {
        seekSegment(target, true);
    }

    private void seekSegment(MemorySegment target, boolean forPrev) {
        Bytes.segment(target, "target");
        CallContext c = enterMove();
        try {
            MemorySegment t = Staging.key(c, target);
            int rc;
            try {
                rc = forPrev
                        ? panrocks_h.panrocks_iterator_seek_for_prev(handle, t, target.byteSize(), entries, c.error)
                        : panrocks_h.panrocks_iterator_seek(handle, t, target.byteSize(), entries, c.error);
            } catch (AssertionError e) {
                throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
            }
            moved(c, rc);
        } finally {
            exit(c);
        }
    }

    /**
     * Seeks for prev to target[position, limit) and moves its position to the limit.
     *
     * @param target the key to seek, from its position to its limit; not null
     */
    public void seekForPrev(ByteBuffer target) {
        seekBuffer(target, true);
    }

    /** A seek to a buffer's key, staged by copy like every buffer key (no segment of it beside the downcall). */
    private void seekBuffer(ByteBuffer target, boolean forPrev) {
        Bytes.input(target, "target");
        long length = target.remaining();
        CallContext c = enterMove();
        try {
            MemorySegment t = Staging.key(c, target);
            moved(c, forPrev
                    ? panrocks_h.panrocks_iterator_seek_for_prev(handle, t, length, entries, c.error)
                    : panrocks_h.panrocks_iterator_seek(handle, t, length, entries, c.error));
        } finally {
            exit(c);
        }
        target.position(target.limit());
    }

    /** Steps to the next entry; on an invalid iterator, does nothing. */
    public void next() {
        step(true);
    }

    /** Steps to the previous entry; on an invalid iterator, does nothing. */
    public void prev() {
        step(false);
    }

    /**
     * A step: within a batch read ahead, in Java alone; otherwise one
     * crossing, which reads ahead once the steps make a run.
     */
    private void step(boolean forward) {
        checkMovable();
        if (batchCount > 0) {
            int to = batchIndex + (forward == batchForward ? 1 : -1);
            if (to >= 0 && to < batchCount) {
                if (!db.isOpen()) throw db.closed(); // as a crossing would
                batchIndex = to;
                loadRead(to);
                return;
            }
        }
        cross(forward);
    }

    /** A step that crosses into the engine; kept out of {@link #step} so that a step within a batch inlines. */
    private void cross(boolean forward) {
        CallContext c = enter();
        try {
            // past the batch's far end the engine's iterator goes on from its last
            // entry, or already stands past it (it copied that one too), or past
            // the end it met; back over its near end it must first stand on the
            // entry this one stands on
            boolean enginePast = false;
            if (batchCount > 0) {
                if (forward == batchForward) {
                    enginePast = batchLastCopied;
                    leaveBatch();
                } else if (!engineOnEntry(c)) {
                    return;
                }
            }
            scope.renew(); // the engine's iterator moves: views of where it stood end
            run = run > 0 && runForward == forward ? run + 1 : 1;
            runForward = forward;
            if (enginePast) {
                fetch(c, forward, false); // it stands on the next entry already
            } else if (readsAhead && valid && run >= RUN_BEFORE_READING_AHEAD) {
                fetch(c, forward, true);
            } else {
                moved(c, forward ? panrocks_h.panrocks_iterator_next(handle, entries, c.error)
                        : panrocks_h.panrocks_iterator_prev(handle, entries, c.error));
            }
        } finally {
            exit(c);
        }
    }

    /**
     * Reads ahead: one crossing steps (if {@code step}) and collects a batch
     * of entries, small ones copied into the batch buffer, the last one too,
     * past which the engine's iterator then steps (one that no longer fits
     * waits, the engine's iterator on it, for the next batch); a large one
     * ends the batch where the engine holds it, the engine's iterator on it. So a run of small entries leaves no view in the
     * engine's memory: every view of the batch lives in {@link #copies}
     * (values the engine keeps for the iterator's life in {@link #pinned}).
     * Batches go into the buffer one after the other, after the copies still
     * readable ({@link #filled}); only when the rest is short does the buffer
     * start over, and only then do the views of the copies end (one arena for
     * many batches of small entries). The iterator stands on the first.
     */
    private void fetch(CallContext c, boolean forward, boolean step) {
        if (bufferBytes - filled < REUSE_BELOW) {
            copies.renew(); // the buffer is reused: views of the entries it held end first
            filled = 0;
        }
        int max = nextBatch;
        nextBatch = Math.min(max * 2, MAX_BATCH);
        // made the same way every time, and the call invoked here: a segment that is sometimes another
        // one (a phi of two objects) or that reaches a method compiled apart is allocated, 40 B a batch
        MemorySegment into = MemorySegment.ofAddress(bufferAddress + filled);
        int rc;
        try {
            rc = (int) NEXT_BATCH.invokeExact(handle,
                    (forward ? panrocks_h.PANROCKS_FORWARD() : panrocks_h.PANROCKS_BACKWARD()) | PAST_LAST,
                    step ? 1 : 0, (long) max, COPY_LIMIT, into, bufferBytes - filled, entries, c.size, c.error);
        } catch (Throwable t) {
            throw Errors.fromDowncall(t);
        }
        long n = c.size.get(ValueLayout.JAVA_LONG, 0);
        if (n == 0) {
            if (rc != 0) {
                moved(c, rc);
            } else {
                failure = null; // the end
                valid = false;
            }
            return;
        }
        if (rc != 0) {
            // a failure after n good entries: the engine's iterator stopped there,
            // invalid with the failure as its status; this one reaches it after them
            c.failure(rc); // clears the record
        }
        failure = null;
        batchCount = (int) n;
        batchIndex = 0;
        batchForward = forward;
        long[] b = copyBatch(c, (int) n);
        batchLastCopied = lastCopied(b, (int) n);
        filled = copiedEnd(b, (int) n);
        loadRead(0);
    }

    /**
     * The batch's n entries copied from {@link #entries} into {@link #batch}
     * (taken from the thread at the first batch), from which they are read
     * without a native access's checks per field.
     */
    private long[] copyBatch(CallContext c, int n) {
        long[] b = batch;
        if (b == null) batch = b = c.takeIteratorBatch((MAX_BATCH + 1) * LONGS);
        MemorySegment.copy(entries, ValueLayout.JAVA_LONG, 0, b, 0, n * LONGS);
        return b;
    }

    /**
     * Whether the last of the batch's n entries was copied: then the engine's
     * iterator went past it (PAST_LAST); one left in place, it stands on it.
     */
    private boolean lastCopied(long[] b, int n) {
        return copied(b[(n - 1) * LONGS + AT_KEY]);
    }

    /** The PANROCKS_ENTRY_VALUE_STAYS flag of the batch entry at {@code at} in {@code b}. */
    private static boolean valueStays(long[] b, int at) {
        return ((int) (b[at + AT_FLAGS] >>> FLAGS_SHIFT) & VALUE_STAYS) != 0;
    }

    /**
     * Where the copies of the batch in {@code b} (n entries) end in the
     * buffer, as an offset: after the last entry copied (the batch's last, or
     * the one before a last one left in place), whose copies come last.
     */
    private long copiedEnd(long[] b, int n) {
        for (int i = n - 1; i >= Math.max(0, n - 2); i--) {
            int at = i * LONGS;
            long k = b[at + AT_KEY];
            if (!copied(k)) continue;
            long end = k + b[at + AT_KEY_SIZE];
            long v = b[at + AT_VALUE];
            if (copied(v)) end = Math.max(end, v + b[at + AT_VALUE_SIZE]);
            return end - bufferAddress;
        }
        return filled; // nothing copied: a batch of one large entry
    }

    /** Whether address lies in the batch buffer (an entry read ahead), not in the engine's memory. */
    private boolean copied(long address) {
        // [start, end] inclusive: an empty key or value copied last may point at the end
        return Long.compareUnsigned(address - bufferAddress, bufferBytes) <= 0;
    }

    /** Forgets the batch read ahead; the views of its entries stay readable until the buffer starts over. */
    private void leaveBatch() {
        batchCount = 0;
    }

    /**
     * Brings the engine's iterator back to the entry this one stands on, ahead
     * of which it read, by seeking its key (in the batch buffer, which the
     * seek leaves alone): the iterator shows each key once, as of a fixed
     * state, so the key names the entry. Returns whether it stands there.
     */
    private boolean returnToEntry(CallContext c) {
        long k = keyAddress, ks = keySize;
        MemorySegment target = MemorySegment.ofAddress(k).reinterpret(ks);
        moved(c, panrocks_h.panrocks_iterator_seek(handle, target, ks, entries, c.error));
        if (!valid) return false; // it failed (I/O, corruption): its status tells
        if (keySize != ks || MemorySegment.mismatch(target, 0, ks, MemorySegment.ofAddress(keyAddress).reinterpret(ks),
                0, ks) != -1) {
            valid = false;
            throw new IllegalStateException("a RocksIterator could not return to the entry it read ahead of");
        }
        return true;
    }

    /**
     * For a call that reads the engine's iterator at this one's entry: brings
     * it back there if it read ahead (its views of the entry stay readable),
     * and leaves the batch. Inside a call. Returns whether the iterator stands
     * on an entry (a failed return leaves it invalid, its status telling why).
     */
    private boolean engineOnEntry(CallContext c) {
        if (batchCount == 0) return valid;
        boolean there = batchIndex == batchCount - 1 && !batchLastCopied; // on the last entry, in place
        leaveBatch();
        if (there) return true;
        scope.renew(); // it moves off the batch's last entry
        return returnToEntry(c);
    }

    /**
     * Whether the iterator stands on an entry (false past either end, or after an error: see {@link #status()}).
     *
     * @return {@code true} if there is a current entry
     */
    public boolean isValid() {
        checkOwner();
        return valid && !walking;
    }

    /**
     * Throws the error that stopped the iterator, if any: check it when
     * {@link #isValid()} turns false, to tell the end from a failure.
     *
     * @throws RocksDBException if the iterator hit an error (I/O, corruption, Incomplete ...)
     */
    public void status() throws RocksDBException {
        CallContext c = enter();
        try {
            if (failure != null) throw new RocksDBException(failure.getStatus());
            // on an entry read ahead all is well: a failure the reading met shows once it is reached
            if (batchCount > 0) return;
            int rc = panrocks_h.panrocks_iterator_status(handle, c.error);
            if (rc == ENDED) {
                c.failure(rc);
                throw ended();
            }
            if (rc != 0) throw c.failure(rc);
        } finally {
            exit(c);
        }
    }

    // ---- the current entry -------------------------------------------------------

    /**
     * The current key, zero-copy and read-only; valid at least until the
     * iterator moves (see the class comment for how much longer).
     *
     * @return the current key's bytes
     */
    public MemorySegment key() {
        checkValid();
        return view(keyAddress, keySize);
    }

    /**
     * The current value, zero-copy and read-only; valid at least until the
     * iterator moves (see the class comment for how much longer).
     *
     * @return the current value's bytes
     */
    public MemorySegment value() {
        checkValid();
        // valueView's expression written out: through the helper, one inlining level more, a step cost
        // 10 instructions more (callgrind, scanZeroCopy at 16 B)
        return (valueStays ? pinned : copied(valueAddress) ? copies : scope).whole().asSlice(valueAddress, valueSize)
                .asReadOnly();
    }

    /**
     * The current key, copied.
     *
     * @return a new array holding the current key
     */
    public byte[] keyBytes() {
        checkValid();
        return Bytes.copyOut(keyAddress, keySize);
    }

    /**
     * The current value, copied.
     *
     * @return a new array holding the current value
     * @throws IllegalStateException if it does not fit in a byte[] (2 GiB): read {@link #value()}
     */
    public byte[] valueBytes() {
        checkValid();
        return Bytes.copyOut(valueAddress, valueSize);
    }

    /**
     * RocksJava's {@code key(ByteBuffer)}: copies the key into
     * {@code buffer[position, limit)}, sets its limit to position +
     * min(size, remaining), and returns the full size.
     *
     * @param buffer receives the key from its position; writable
     * @return the key's full size in bytes
     */
    public int key(ByteBuffer buffer) {
        Bytes.output(buffer, "buffer");
        checkValid();
        return Bytes.copyOut(keyAddress, keySize, buffer);
    }

    /**
     * As {@link #key(ByteBuffer)}, for the value.
     *
     * @param buffer receives the value from its position; writable
     * @return the value's full size in bytes
     */
    public int value(ByteBuffer buffer) {
        Bytes.output(buffer, "buffer");
        checkValid();
        return Bytes.copyOut(valueAddress, valueSize, buffer);
    }

    /**
     * RocksJava's {@code key(byte[])}: copies at most {@code key.length}
     * bytes of the current key into {@code key}, and returns its full size.
     *
     * @param key receives the start of the key
     * @return the key's full size in bytes
     * @throws NullPointerException if key is null
     */
    public int key(byte[] key) {
        return key(key, 0, Objects.requireNonNull(key, "key").length);
    }

    /**
     * As {@link #key(byte[])}, into {@code key[offset, offset + len)}.
     *
     * @param key receives the start of the key
     * @param offset where the copy starts in key
     * @param len at most this many bytes are copied
     * @return the key's full size in bytes
     * @throws NullPointerException if key is null
     * @throws IndexOutOfBoundsException if the range lies outside key
     */
    public int key(byte[] key, int offset, int len) {
        Bytes.checkRange(key, offset, len, "key");
        checkValid();
        return copyInto(keyAddress, keySize, key, offset, len);
    }

    /**
     * RocksJava's {@code value(byte[])}: copies at most {@code value.length}
     * bytes of the current value into {@code value}, and returns its full size.
     *
     * @param value receives the start of the value
     * @return the value's full size in bytes (at most {@link Integer#MAX_VALUE})
     * @throws NullPointerException if value is null
     */
    public int value(byte[] value) {
        return value(value, 0, Objects.requireNonNull(value, "value").length);
    }

    /**
     * As {@link #value(byte[])}, into {@code value[offset, offset + len)}.
     *
     * @param value receives the start of the value
     * @param offset where the copy starts in value
     * @param len at most this many bytes are copied
     * @return the value's full size in bytes (at most {@link Integer#MAX_VALUE})
     * @throws NullPointerException if value is null
     * @throws IndexOutOfBoundsException if the range lies outside value
     */
    public int value(byte[] value, int offset, int len) {
        Bytes.checkRange(value, offset, len, "value");
        checkValid();
        return copyInto(valueAddress, valueSize, value, offset, len);
    }

    private static int copyInto(long address, long size, byte[] target, int offset, int len) {
        Bytes.copyFromAddress(address, target, offset, (int) Math.min(size, len));
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    // ---- wide columns -------------------------------------------------------

    /**
     * The current entry's wide columns, sorted by name, as zero-copy
     * read-only views valid until the iterator moves or closes (the same
     * rule as {@link #key()} and {@link #value()}). An entity comes back as
     * written; a plain value as one default column (empty name) holding it.
     * {@link #value()} of an entity is its default column (empty if it has
     * none). Over a transaction or an indexed batch, the columns of an entry
     * that lives in the batch are copied into the iterator at the move, as
     * its key and value are, so updating the batch leaves them readable.
     *
     * @return the columns (an unmodifiable list)
     * @throws IllegalStateException if the iterator is closed or not on an
     *         entry, or it reads a transaction or batch that was committed,
     *         rolled back, cleared or closed since it was created
     * @throws WrongThreadException if called from another thread than the iterator's
     * @throws RocksDBException {@link Status.Code#NotSupported} on an engine
     *         before RocksDB 8.0 or a {@link TtlDB}
     */
    public java.util.List<WideColumn> columns() throws RocksDBException {
        checkValid();
        CallContext c = enter();
        try {
            engineOnEntry(c);
            // one who reads columns or timestamps does so at every entry: reading
            // ahead would cost a crossing more per entry, to come back
            readsAhead = false;
            int rc = panrocks_h.panrocks_iterator_columns(handle, c.value, c.size, c.error);
            if (rc == ENDED) {
                c.failure(rc); // clears the record
                throw new IllegalStateException("this RocksIterator's transaction or batch was committed, rolled "
                        + "back, cleared or closed: its key and value stay readable until it moves, its columns not");
            }
            if (rc != 0) throw c.failure(rc);
            return Entities.views(scope, c.valueAddress(), c.size.get(ValueLayout.JAVA_LONG, 0));
        } finally {
            exit(c);
        }
    }

    /**
     * A view of a value: one the engine keeps for the iterator's life, a copy in
     * the batch buffer, or the engine's memory at the current position.
     */
    private MemorySegment valueView(long address, long size, boolean stays) {
        // one expression, one segment made, so that a view the caller only reads can be scalar-replaced
        return (stays ? pinned : copied(address) ? copies : scope).whole().asSlice(address, size).asReadOnly();
    }

    /** A view of the current entry: of the batch buffer's copy, or of the engine's memory. */
    private MemorySegment view(long address, long size) {
        // one call site, so that a view the caller only reads can be scalar-replaced; a
        // slice of the scope's whole-memory segment, one per arena, not a reinterpret per view
        return (copied(address) ? copies : scope).whole().asSlice(address, size).asReadOnly();
    }

    // ---- bulk walks ----------------------------------------------------------------

    /**
     * Receives one entry of a bulk walk. The segments are meant for the
     * call only; they throw at the latest when the walk returns (a large
     * entry's once the walk moves past it, a small one's copy when the walk
     * reuses the part of the iterator's buffer it lies in), and never read
     * freed memory or another entry's bytes.
     */
    @FunctionalInterface
    public interface EntryVisitor {
        /**
         * Called with one entry of the walk.
         *
         * @param key the entry's key, valid only during the call
         * @param value the entry's value, valid only during the call
         * @return false to stop the walk at this entry
         */
        boolean visit(MemorySegment key, MemorySegment value);
    }

    /**
     * Visits the current entry and every following one, in key order, until
     * the end (or the upper bound) or until the visitor returns false; then
     * the iterator stands on the entry where the visitor stopped (or is
     * invalid). Many entries cross per downcall. Returns how many were
     * visited. The visitor may close the iterator (the walk stops after that
     * visit) but not move it.
     *
     * @param visitor called with each entry; returns false to stop
     * @return the number of entries visited
     * @throws RocksDBException if the iterator fails (I/O error, corruption)
     */
    public long scanForward(EntryVisitor visitor) throws RocksDBException {
        return scan(visitor, true);
    }

    /**
     * As {@link #scanForward}, towards the first key.
     *
     * @param visitor called with each entry; returns false to stop
     * @return the number of entries visited
     * @throws RocksDBException as {@link #scanForward}
     */
    public long scanBackward(EntryVisitor visitor) throws RocksDBException {
        return scan(visitor, false);
    }

    private long scan(EntryVisitor visitor, boolean forward) throws RocksDBException {
        Objects.requireNonNull(visitor, "visitor");
        checkMovable();
        CallContext c = enter();
        try {
            engineOnEntry(c); // the walk starts where the engine's iterator stands
        } catch (RuntimeException | Error e) {
            exit(c);
            throw e;
        }
        scope.renew();
        copies.renew(); // the walk fills the batch buffer
        filled = 0;
        endRun();
        if (!resource.tryUse()) {
            exit(c);
            throw new IllegalStateException("RocksIterator is closed");
        }
        walking = true;
        boolean settled = false;
        try {
            if (!valid) {
                settled = true;
                return 0;
            }
            long visited = 0;
            boolean stepFirst = false;
            int max = FIRST_BATCH; // growing, so that a visitor that stops soon stops the engine soon
            int direction = (forward ? panrocks_h.PANROCKS_FORWARD() : panrocks_h.PANROCKS_BACKWARD()) | PAST_LAST;
            while (true) {
                // as reading ahead does: batches one after the other in the buffer, the views of
                // their copies in one arena, which ends only when the buffer starts over (or the walk
                // returns), not at every batch
                if (bufferBytes - filled < REUSE_BELOW) {
                    copies.renew();
                    filled = 0;
                }
                MemorySegment into = MemorySegment.ofAddress(bufferAddress + filled); // as fetch's
                int rc;
                try {
                    rc = (int) NEXT_BATCH.invokeExact(handle, direction, stepFirst ? 1 : 0, (long) max, COPY_LIMIT,
                            into, bufferBytes - filled, entries, c.size, c.error);
                } catch (Throwable t) {
                    throw Errors.fromDowncall(t);
                }
                max = Math.min(max * 2, MAX_BATCH);
                if (rc != 0) {
                    valid = false;
                    RocksDBException e = c.failure(rc);
                    if (rc == ENDED) throw ended();
                    if (rc >= panrocks_h.PANROCKS_OUT_OF_MEMORY()) broken = true;
                    throw e;
                }
                long n = c.size.get(ValueLayout.JAVA_LONG, 0);
                if (n == 0) {
                    valid = false;
                    settled = true;
                    return visited;
                }
                long[] b = copyBatch(c, (int) n);
                try {
                    for (int i = 0; i < n; i++) {
                        int at = i * LONGS;
                        long k = b[at + AT_KEY], ks = b[at + AT_KEY_SIZE], v = b[at + AT_VALUE], vs = b[at + AT_VALUE_SIZE];
                        visited++;
                        // the views a step makes: slices of a scope's whole-memory segment, no reinterpret
                        // (and its restricted-method check) per key and value
                        boolean more = visitor.visit(view(k, ks), valueView(v, vs, valueStays(b, at)));
                        if (resource.closePending()) return visited; // closed by the visitor: closes at the end
                        if (!more) {
                            stopAt(c, k, ks, forward);
                            settled = true;
                            return visited;
                        }
                    }
                } finally {
                    // an entry left in the engine's memory (a large one, last in its batch) is gone at
                    // the next crossing, and so are its views
                    scope.renew();
                }
                filled = copiedEnd(b, (int) n);
                stepFirst = !lastCopied(b, (int) n);
            }
        } finally {
            // a visitor that threw (or closed the iterator) left the walk mid-batch:
            // the position is unknown, and a stale one would point at freed memory
            if (!settled) valid = false;
            copies.renew(); // the visitor's views end with the walk
            filled = 0;
            walking = false;
            exit(c);
            resource.endUse(); // performs a close the visitor asked for
        }
    }

    /** Leaves the iterator on the entry whose key is at [k, k + ks). */
    private void stopAt(CallContext c, long k, long ks, boolean forward) {
        MemorySegment target = MemorySegment.ofAddress(k).reinterpret(ks);
        moved(c, forward ? panrocks_h.panrocks_iterator_seek(handle, target, ks, entries, c.error)
                : panrocks_h.panrocks_iterator_seek_for_prev(handle, target, ks, entries, c.error));
    }

    // ---- plumbing ----------------------------------------------------------------------

    private CallContext enter() {
        checkOwner();
        ReentrantLock g = guard;
        if (g != null) g.lock(); // before entering, as the transaction's own calls do
        CallContext c;
        try {
            c = db.enter();
        } catch (RuntimeException | Error e) {
            if (g != null) g.unlock();
            throw e;
        }
        if (resource.isReleased()) {
            exit(c);
            throw new IllegalStateException("RocksIterator is closed");
        }
        return c;
    }

    private void exit(CallContext c) {
        db.exit(c);
        if (guard != null) guard.unlock();
    }

    private static IllegalStateException ended() {
        return new IllegalStateException("this RocksIterator's transaction or batch was committed, rolled back, "
                + "cleared or closed since it was created; it cannot move any more");
    }

    /** Enters for a move: the current entry's views end here. */
    private CallContext enterMove() {
        checkMovable();
        CallContext c = enter();
        scope.renew();
        leaveBatch();
        endRun();
        return c;
    }

    /** A move other than a step: the next steps start a new run before reading ahead. */
    private void endRun() {
        run = 0;
        nextBatch = FIRST_BATCH;
    }

    /** Takes in the outcome of a move. */
    private void moved(CallContext c, int rc) {
        if (rc == 0 && !broken) {
            failure = null;
            load();
            return;
        }
        valid = false;
        if (rc == ENDED) {
            c.failure(rc); // clears the record
            throw ended();
        }
        if (rc != 0) {
            failure = c.failure(rc);
            if (rc >= panrocks_h.PANROCKS_OUT_OF_MEMORY()) broken = true;
        }
    }

    /** Its thread, open, and not inside its own scan's visitor (the walk owns the position). */
    private void checkMovable() {
        checkOwner();
        if (walking) {
            throw new IllegalStateException("a RocksIterator cannot be moved from inside its own scan's visitor");
        }
    }

    private void checkOwner() {
        resource.checkOwner();
        if (resource.isReleased()) throw new IllegalStateException("RocksIterator is closed");
    }

    private void checkValid() {
        checkOwner();
        if (walking) {
            throw new IllegalStateException("inside a scan, read the entry the visitor receives, not the iterator's");
        }
        if (!valid) throw new IllegalStateException("RocksIterator is not on an entry (check isValid())");
    }

    private void load() {
        load(0);
    }

    /**
     * Takes entry {@code index} of the batch read ahead as the position
     * (valid, by construction): the step within a batch, from its Java copy.
     */
    private void loadRead(int index) {
        int at = index * LONGS;
        long[] b = batch;
        valid = true;
        keyAddress = b[at + AT_KEY];
        keySize = b[at + AT_KEY_SIZE];
        valueAddress = b[at + AT_VALUE];
        valueSize = b[at + AT_VALUE_SIZE];
        valueStays = valueStays(b, at);
    }

    private void load(long index) {
        long at = index * ENTRY;
        valid = entries.get(ValueLayout.JAVA_INT, at + VALID) != 0;
        keyAddress = entries.get(ValueLayout.JAVA_LONG, at + KEY);
        keySize = entries.get(ValueLayout.JAVA_LONG, at + KEY_SIZE);
        valueAddress = entries.get(ValueLayout.JAVA_LONG, at + VALUE);
        valueSize = entries.get(ValueLayout.JAVA_LONG, at + VALUE_SIZE);
        valueStays = (entries.get(ValueLayout.JAVA_INT, at + FLAGS) & VALUE_STAYS) != 0;
    }

    /**
     * Takes {@code entry} (where the native iterator was left, by
     * {@link RocksDB#scanRange}) as the current position.
     */
    void standOn(MemorySegment entry) {
        leaveBatch();
        MemorySegment.copy(entry, 0, entries, 0, ENTRY);
        load();
    }

    /**
     * Releases the iterator; idempotent. Only its thread may close it while
     * it is open ({@link WrongThreadException} otherwise); from inside a
     * walk's visitor the close happens when the walk returns.
     */
    @Override
    public void close() {
        resource.close();
        long[] b = batch;
        if (b != null && resource.isReleased()) {
            batch = null;
            home.returnIteratorBatch(b); // only on its thread
        }
    }

    RocksDB db() {
        return owner;
    }

    NativeDb nativeDb() {
        return db;
    }

    /** The family it reads (null: the default one). */
    ColumnFamilyHandle family() {
        return family;
    }

    /** Whether it reads a transaction's or batch's updates (not the DB alone). */
    boolean isOverBatch() {
        return guard != null;
    }

    /**
     * Hands the native iterator over to another owner (inside a call on its
     * DB, on its thread): this one closes, its views end, and the native
     * iterator is left to the caller, who must destroy it if taking it over
     * fails.
     */
    MemorySegment surrender() {
        checkOwner();
        if (walking) throw new IllegalStateException("a RocksIterator cannot be taken over from inside its own scan");
        surrendered.set(true);
        resource.close();
        return handle;
    }

    // =========================================================================
    // Refresh: the iterator moved to the DB's latest state or to a snapshot
    // =========================================================================

    /**
     * RocksDB's {@code Iterator::Refresh}: the iterator reads the DB as it is
     * now, as if created anew with its read options. It stands on no entry
     * afterwards: seek before reading. The views of its earlier positions
     * die, as at any move. The engine decides about an iterator created with
     * a snapshot: RocksDB 8 and later refresh it to the latest state (as they
     * document); RocksDB 7 refuses with {@link Status.Code#NotSupported} and
     * the iterator keeps its snapshot.
     *
     * @throws IllegalStateException if closed, or called from inside this
     *         iterator's own scan
     * @throws WrongThreadException from another thread than its creator
     * @throws RocksDBException with RocksDB's status if the engine cannot
     *         refresh it (see above; a tailing iterator, say)
     */
    public void refresh() throws RocksDBException {
        refresh(null);
    }

    /**
     * As {@link #refresh()}, to the state of {@code snapshot} ({@code null}:
     * the latest state). RocksDB 8 or later; on RocksDB 7 a snapshot fails
     * with {@link Status.Code#NotSupported}. Closing the snapshot afterwards
     * does not change what the iterator reads.
     *
     * @param snapshot a snapshot of this iterator's DB, or null
     * @throws IllegalArgumentException if the snapshot belongs to another DB
     * @throws IllegalStateException if closed (the iterator or the snapshot),
     *         or called from inside this iterator's own scan
     * @throws WrongThreadException from another thread than its creator
     * @throws RocksDBException with RocksDB's status if the engine cannot refresh it
     */
    public void refresh(Snapshot snapshot) throws RocksDBException {
        CallContext c = enterMove();
        try {
            MemorySegment s = snapshot == null ? MemorySegment.NULL : snapshot.handle.nativeHandle(db, null);
            int rc = panrocks_h.panrocks_iterator_refresh(handle, s, entries, c.error);
            valid = false;
            if (rc == ENDED) {
                c.failure(rc); // clears the record
                throw ended();
            }
            if (rc != 0) {
                RocksDBException e = c.failure(rc);
                if (rc >= panrocks_h.PANROCKS_OUT_OF_MEMORY()) broken = true;
                throw e;
            }
            failure = null;
        } finally {
            exit(c);
        }
    }

    // ---- user-defined timestamps ---------------------------------------------------

    /**
     * The timestamp of the current entry, on a column family with
     * user-defined timestamps (read with {@link ReadOptions#setTimestamp(long)}).
     * {@link #key()} is the key alone, as always. With
     * {@link ReadOptions#setIterStartTs(long)} the iterator visits every
     * version, and this tells which one it stands on.
     *
     * @return the entry's timestamp
     * @throws IllegalStateException if the iterator is closed, not on an entry,
     *         its DB is closed, or its transaction or batch ended
     * @throws WrongThreadException if called from another thread than the iterator's
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if the family
     *         has no user-defined timestamps
     */
    public long timestamp() throws RocksDBException {
        return readTimestamp(false);
    }

    /**
     * Whether the current entry is a deletion: only an iterator showing
     * history ({@link ReadOptions#setIterStartTs(long)}) stands on
     * deletions, whose value is then empty; elsewhere false.
     *
     * @return true on a deletion
     * @throws IllegalStateException as {@link #timestamp()}
     * @throws WrongThreadException as {@link #timestamp()}
     * @throws RocksDBException as {@link #timestamp()}
     */
    public boolean isTombstone() throws RocksDBException {
        return readTimestamp(true) != 0;
    }

    /** The entry's timestamp, or (deletion) 1 if it is a tombstone, else 0. */
    private long readTimestamp(boolean deletion) throws RocksDBException {
        checkValid();
        CallContext c = enter();
        try {
            engineOnEntry(c);
            // one who reads columns or timestamps does so at every entry: reading
            // ahead would cost a crossing more per entry, to come back
            readsAhead = false;
            int rc = panrocks_h.panrocks_iterator_timestamp(handle, c.size, c.value, c.error);
            if (rc == ENDED) {
                c.failure(rc); // clears the record
                throw new IllegalStateException("this RocksIterator's transaction or batch was committed, rolled "
                        + "back, cleared or closed: its key and value stay readable until it moves, its timestamp not");
            }
            if (rc != 0) throw c.failure(rc);
            return deletion ? c.value.get(ValueLayout.JAVA_INT, 0) : c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            exit(c);
        }
    }
}
