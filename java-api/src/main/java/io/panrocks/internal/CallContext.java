package io.panrocks.internal;

import io.panrocks.RocksDBException;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_value;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * One thread's scratch for calls into one DB, and that thread's side of the
 * DB's close guard.
 *
 * <p><b>Scratch.</b> The error record, the out-parameters, a key buffer and
 * a stack of {@link Frame}s (value buffer + PinnableSlice), all allocated
 * once, so a read allocates nothing per call and no two threads ever share
 * a cache line on the read path. A read that hands its frame to user code
 * (a callback) {@linkplain #lend() lends} it: calls made from inside the
 * callback use the next frame, so they cannot overwrite bytes or release
 * the pin the callback is looking at.
 *
 * <p><b>Guard.</b> {@code calls} is odd while the thread is inside a call
 * (an RCU-style read-side section). Entering is one volatile store and one
 * volatile load of the DB's state; nothing is shared between readers, so
 * RocksDB's lock-free Get keeps scaling with cores. Whoever frees something
 * a call may be using (the DB at close, a snapshot at release) first
 * unpublishes it, then waits for a grace period: every context that was
 * inside a call has left it once ({@link NativeDb#awaitQuiescence()}).
 *
 * <p><b>Pins</b> handed out as {@code PinnedValue}s are {@link PinSlot}s
 * of this context's pool, lent and given back by the owner without a lock;
 * each slot is tracked in {@link #openResources} (guarded by this object's
 * monitor, which only the owner, the Cleaner and the DB's close ever take)
 * once, when it is made, so that closing the DB can account for every one
 * of them, lent or idle.
 */
public final class CallContext {
    private static final VarHandle CALLS;
    static {
        try {
            CALLS = MethodHandles.lookup().findVarHandle(CallContext.class, "calls", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static final long INITIAL_KEY_CAPACITY = 256;
    static final long INITIAL_VALUE_CAPACITY = 16 * 1024;
    /** Largest scratch a thread keeps between calls; bigger ones are freed after use. */
    static final long RETAINED_CAPACITY = 1 << 20;

    final NativeDb db;
    final Thread owner;
    @SuppressWarnings("unused") // through CALLS
    private volatile long calls;
    private int depth;
    /** > 0 while this thread waits out a grace period ({@link NativeDb#awaitGracePeriod()}); written by it only */
    volatile int graceWaits;
    private static final System.Logger LOG = System.getLogger("io.panrocks");

    /** error record, then panrocks_value, then a uint64 out-parameter */
    private final MemorySegment block;
    public final MemorySegment error;
    public final MemorySegment value;
    public final MemorySegment size;
    private MemorySegment keyBuffer;

    private final List<Frame> frames = new ArrayList<>();
    private int lent;

    // idle pin slots, lent out as PinnedValues; touched by the owner only
    private PinSlot[] idleSlots = new PinSlot[8];
    private int idleSlotCount;
    /** lends so far: every 4,096th sweeps for forgotten values */
    private int lends;
    private final List<ConfinedResource> openResources = new ArrayList<>();
    private MultiGetScratch multiGet;
    private RangeWalkScratch rangeWalk;
    /** an idle copy of an iterator's batch of entries ({@link #takeIteratorBatch}); owner only */
    private long[] iteratorBatch;
    private boolean freed;

    /** A value buffer and a PinnableSlice, used by one read at a time. */
    public static final class Frame {
        MemorySegment buffer;
        public final MemorySegment pin;

        Frame(MemorySegment pin) {
            this.pin = pin;
            this.buffer = NativeMemory.allocate(INITIAL_VALUE_CAPACITY);
        }

        public MemorySegment buffer() {
            return buffer;
        }

        /** This frame's buffer, grown to at least {@code capacity} bytes. */
        public MemorySegment buffer(long capacity) {
            if (capacity > buffer.byteSize()) buffer = grow(buffer, capacity);
            return buffer;
        }

        void trim() {
            if (buffer.byteSize() > RETAINED_CAPACITY) {
                NativeMemory.free(buffer);
                buffer = NativeMemory.allocate(INITIAL_VALUE_CAPACITY);
            }
        }

        void free() {
            panrocks_h.panrocks_pin_destroy(pin);
            NativeMemory.free(buffer);
        }
    }

    CallContext(NativeDb db, Thread owner) {
        this.db = db;
        this.owner = owner;
        long errorSize = panrocks_error.sizeof();
        long valueSize = panrocks_value.sizeof();
        block = NativeMemory.allocateZeroed(errorSize + valueSize + 8);
        error = block.asSlice(0, errorSize);
        value = block.asSlice(errorSize, valueSize);
        size = block.asSlice(errorSize + valueSize, 8);
        keyBuffer = NativeMemory.allocate(INITIAL_KEY_CAPACITY);
        frames.add(new Frame(createPin()));
    }

    private MemorySegment createPin() {
        int rc;
        try {
            rc = panrocks_h.panrocks_pin_create(size, error);
        } catch (AssertionError e) {
            throw Errors.fromBinding(e); // out of stack, deep in nested readers
        }
        if (rc != 0) throw new OutOfMemoryError("panrocks: cannot create a pin: " + Errors.message(error));
        return size.get(ValueLayout.ADDRESS, 0);
    }

    // ---- guard -------------------------------------------------------------

    /** Starts a call; nests. The volatile store orders it before the state check. */
    void enter() {
        if (depth++ == 0) {
            CALLS.setVolatile(this, (long) CALLS.get(this) + 1);
        }
    }

    void exit() {
        if (--depth == 0) {
            CALLS.setRelease(this, (long) CALLS.get(this) + 1);
        }
    }

    boolean insideCall() {
        return depth > 0;
    }

    boolean inGracePeriod() {
        return graceWaits > 0;
    }

    long callsVolatile() {
        return (long) CALLS.getVolatile(this);
    }

    // ---- scratch -----------------------------------------------------------

    /** The DB this context makes calls on. */
    public NativeDb db() {
        return db;
    }

    /** The frame free for the current read. */
    public Frame frame() {
        Frame f;
        if (lent < frames.size()) {
            f = frames.get(lent);
        } else {
            f = new Frame(createPin());
            frames.add(f);
        }
        return f;
    }

    /** Reserves the current frame while user code looks at its bytes. */
    public void lend() {
        lent++;
    }

    public void giveBack() {
        lent--;
    }

    /** Copies key into the key buffer (grown if needed) and returns that buffer. */
    public MemorySegment stageKey(byte[] key, int offset, int length) {
        MemorySegment buf = keyBuffer;
        if (length > buf.byteSize()) buf = keyBuffer = grow(buf, length);
        MemorySegment.copy(key, offset, buf, ValueLayout.JAVA_BYTE, 0, length);
        return buf;
    }

    /** Copies a heap or mapped segment's bytes into the key buffer. */
    public MemorySegment stageKey(MemorySegment key) {
        MemorySegment buf = keyBuffer;
        long length = key.byteSize();
        if (length > buf.byteSize()) buf = keyBuffer = grow(buf, length);
        CallerMemory.copy(key, 0, buf, 0, length);
        return buf;
    }

    /** The key buffer grown to capacity, for callers that stage several keys. */
    public MemorySegment keyBuffer(long capacity) {
        if (capacity > keyBuffer.byteSize()) keyBuffer = grow(keyBuffer, capacity);
        return keyBuffer;
    }

    private static MemorySegment grow(MemorySegment old, long needed) {
        long capacity = Math.max(needed, Math.min(old.byteSize() * 2, Long.MAX_VALUE / 2));
        MemorySegment fresh = NativeMemory.allocate(capacity);
        NativeMemory.free(old);
        return fresh;
    }

    /** Gives back scratch grown for one large key or value. */
    public void trimScratch() {
        if (lent == 0) frames.get(0).trim();
        if (keyBuffer.byteSize() > RETAINED_CAPACITY) {
            NativeMemory.free(keyBuffer);
            keyBuffer = NativeMemory.allocate(INITIAL_KEY_CAPACITY);
        }
    }

    /**
     * This thread's scratch for a one-crossing range walk; give it back with
     * {@link #returnRangeWalkScratch}. A walk inside another's visitor gets
     * scratch of its own.
     */
    public RangeWalkScratch takeRangeWalkScratch() {
        RangeWalkScratch w = rangeWalk;
        if (w == null) rangeWalk = w = new RangeWalkScratch();
        if (w.inUse) w = new RangeWalkScratch();
        w.inUse = true;
        return w;
    }

    /** Ends a walk's use of its scratch: its views die; nested scratch is freed. */
    public void returnRangeWalkScratch(RangeWalkScratch w) {
        w.views.renew();
        w.inUse = false;
        if (w != rangeWalk) w.free();
    }

    /**
     * An array for an iterator's batch of entries read ahead: this thread's
     * idle one if there is one (the last iterator closed gave it back), else a
     * new one. So a scan per iterator allocates none; an iterator keeps its
     * array until it closes, so two open at once have one each.
     */
    public long[] takeIteratorBatch(int length) {
        long[] a = iteratorBatch;
        if (a != null && a.length == length) {
            iteratorBatch = null;
            return a;
        }
        return new long[length];
    }

    /** Gives an iterator's batch array back, from its owner's thread, once the iterator is closed. */
    public void returnIteratorBatch(long[] a) {
        if (Thread.currentThread() == owner) iteratorBatch = a;
    }

    /** This thread's MultiGet scratch for one-shot batched reads (never lent out). */
    public MultiGetScratch multiGetScratch() {
        if (multiGet == null) multiGet = new MultiGetScratch(this);
        return multiGet;
    }

    // ---- per-thread native ReadOptions -------------------------------------

    private static final int READ_OPTIONS_SLOTS = 4;
    private final Object[] readOptionsKeys = new Object[READ_OPTIONS_SLOTS];
    private final int[] readOptionsVersions = new int[READ_OPTIONS_SLOTS];
    /** the snapshot each native copy was built with: a copy is reused only for that very snapshot */
    private final Object[] readOptionsSnapshots = new Object[READ_OPTIONS_SLOTS];
    private final MemorySegment[] readOptionsHandles = new MemorySegment[READ_OPTIONS_SLOTS];
    private int readOptionsNext;

    /**
     * The native ReadOptions built earlier on this thread for (key, version)
     * with {@code snapshot}, or null. The snapshot is compared too: a setter
     * racing a read may change the snapshot before it bumps the version, and
     * a copy built for a released snapshot must never be used again.
     */
    public MemorySegment cachedReadOptions(Object key, int version, Object snapshot) {
        for (int i = 0; i < READ_OPTIONS_SLOTS; i++) {
            if (readOptionsKeys[i] == key) {
                if (readOptionsVersions[i] == version && readOptionsSnapshots[i] == snapshot) return readOptionsHandles[i];
                evict(i);
                return null;
            }
        }
        return null;
    }

    /** Keeps handle for (key, version, snapshot), evicting the oldest entry when full. */
    public MemorySegment cacheReadOptions(Object key, int version, Object snapshot, MemorySegment handle) {
        int slot = -1;
        for (int i = 0; i < READ_OPTIONS_SLOTS && slot < 0; i++) {
            if (readOptionsKeys[i] == null) slot = i;
        }
        if (slot < 0) {
            slot = readOptionsNext;
            readOptionsNext = (readOptionsNext + 1) % READ_OPTIONS_SLOTS;
            evict(slot);
        }
        readOptionsKeys[slot] = key;
        readOptionsVersions[slot] = version;
        readOptionsSnapshots[slot] = snapshot;
        readOptionsHandles[slot] = handle;
        return handle;
    }

    /** Builds a native ReadOptions from spec. */
    public MemorySegment createReadOptions(MemorySegment spec) {
        int rc = panrocks_h.panrocks_read_options_create(spec, size, error);
        if (rc != 0) throw new IllegalArgumentException("invalid read options: " + failure(rc).getMessage());
        return size.get(ValueLayout.ADDRESS, 0);
    }

    private void evict(int i) {
        if (readOptionsHandles[i] != null) panrocks_h.panrocks_read_options_destroy(readOptionsHandles[i]);
        readOptionsKeys[i] = null;
        readOptionsSnapshots[i] = null;
        readOptionsHandles[i] = null;
    }

    // ---- pins lent out -------------------------------------------------------

    /**
     * Lends a pin slot for a value that outlives the call: an idle one of
     * this thread's pool, or a new one. No lock and nothing allocated once
     * the pool has warmed up; by the owner, inside a call.
     */
    public PinSlot lendSlot() {
        PinSlot s;
        if (idleSlotCount > 0) {
            s = idleSlots[--idleSlotCount];
            idleSlots[idleSlotCount] = null; // a lent slot is the value's alone: dropping the value frees it
        } else {
            s = new PinSlot(this, createPin());
        }
        s.lent();
        // the sweep for forgotten values also runs as new slots pile up (track)
        if ((++lends & 4095) == 0) sweepForgotten();
        return s;
    }

    /** idle slots a thread keeps; more (after many values were open at once) are destroyed */
    private static final int MAX_IDLE_SLOTS = 64;

    /** Takes back a slot that pins nothing; by the owner. */
    void returnSlot(PinSlot s) {
        if (idleSlotCount == MAX_IDLE_SLOTS) {
            s.resource.close(); // destroys its PinnableSlice and leaves the registry
            return;
        }
        if (idleSlotCount == idleSlots.length) idleSlots = java.util.Arrays.copyOf(idleSlots, idleSlotCount * 2);
        idleSlots[idleSlotCount++] = s;
    }

    // ---- wide-column entities lent out (see panrocks_entity.h) --------------

    // entities lent out as PinnedEntities, or for one copying read; guarded by this
    private long[] freeEntities = new long[4];
    private int freeEntityCount;

    /** Takes a native entity (a PinnableWideColumns) from the pool, or creates one. */
    public synchronized MemorySegment takeEntity() {
        if (freeEntityCount > 0) return MemorySegment.ofAddress(freeEntities[--freeEntityCount]);
        int rc;
        try {
            rc = panrocks_h.panrocks_entity_create(size, error);
        } catch (AssertionError e) {
            throw Errors.fromBinding(e);
        }
        if (rc != 0) throw new OutOfMemoryError("panrocks: cannot create an entity: " + Errors.message(error));
        return size.get(ValueLayout.ADDRESS, 0);
    }

    /** Returns an entity that holds nothing (released) to the pool. */
    public synchronized void returnEntity(MemorySegment entity) {
        if (freed) {
            panrocks_h.panrocks_entity_destroy(entity);
            return;
        }
        if (freeEntityCount == freeEntities.length) freeEntities = java.util.Arrays.copyOf(freeEntities, freeEntityCount * 2);
        freeEntities[freeEntityCount++] = entity.address();
    }

    // one batched entity read (panrocks_entities) kept for the thread's next multiGetEntity; guarded by this
    private long spareEntityBatch;
    /** a batch that read more keys than this is destroyed, not kept: its buffers grew with the keys */
    private static final int SPARE_ENTITY_BATCH_KEYS = 1024;

    /** Takes the spare batched entity read, or creates one. */
    public synchronized MemorySegment takeEntityBatch() {
        if (spareEntityBatch != 0) {
            MemorySegment spare = MemorySegment.ofAddress(spareEntityBatch);
            spareEntityBatch = 0;
            return spare;
        }
        int rc;
        try {
            rc = panrocks_h.panrocks_entities_create(size, error);
        } catch (AssertionError e) {
            throw Errors.fromBinding(e);
        }
        if (rc != 0) throw new OutOfMemoryError("panrocks: cannot create an entity batch: " + Errors.message(error));
        return size.get(ValueLayout.ADDRESS, 0);
    }

    /** Gives back a batched entity read that served {@code keys} keys: released here, kept if small, else destroyed. */
    public synchronized void returnEntityBatch(MemorySegment batch, int keys) {
        if (freed || spareEntityBatch != 0 || keys > SPARE_ENTITY_BATCH_KEYS) {
            panrocks_h.panrocks_entities_destroy(batch);
            return;
        }
        panrocks_h.panrocks_entities_release(batch);
        spareEntityBatch = batch.address();
    }

    /** open resources at which the next sweep for forgotten pins runs */
    private int sweepAt = 64;
    private int tracked;

    /** Registers a {@link ConfinedResource} of this thread; sweeps for forgotten pins as they pile up. */
    void track(ConfinedResource r) {
        boolean sweep;
        synchronized (this) {
            r.index = openResources.size();
            openResources.add(r);
            // sweep when open resources pile up, and now and then anyway
            sweep = openResources.size() >= sweepAt || (++tracked & 4095) == 0;
        }
        if (sweep) sweepForgotten();
    }

    synchronized void untrack(ConfinedResource r) {
        int i = r.index;
        if (i < 0) return;
        int last = openResources.size() - 1;
        ConfinedResource moved = openResources.get(last);
        openResources.set(i, moved);
        moved.index = i;
        openResources.remove(last);
        r.index = -1;
    }

    /** The {@link ConfinedResource}s this thread still holds open. */
    synchronized List<ConfinedResource> openResources() {
        return List.copyOf(openResources);
    }

    /**
     * Releases the resources whose views and holders were collected unclosed;
     * runs on the owner, less and less often. Holds no lock while releasing
     * (a release takes the resource's monitor, then this one).
     */
    private void sweepForgotten() {
        ConfinedResource first = null;
        int released = 0;
        for (ConfinedResource r : openResources()) {
            if (r.isUnobservable() && r.releaseForgottenQuietly()) {
                if (first == null) first = r;
                released++;
            }
        }
        if (first != null)
            Leaks.warnSentence(LOG, (released == 1 ? "a " + first.kind() + " was" : released + " "
                    + first.kind() + "s were") + " never closed; released as their thread read on.");
        synchronized (this) {
            sweepAt = Math.max(64, 2 * openResources.size());
        }
    }

    /**
     * For a dead owner: releases every resource (nobody can read views
     * confined to a dead thread); true if none is left.
     */
    boolean releaseUnobservable() {
        for (ConfinedResource r : openResources()) {
            if (r.isUnobservable()) r.releaseForgottenQuietly();
        }
        synchronized (this) {
            return openResources.isEmpty();
        }
    }

    // ---- results -----------------------------------------------------------

    public long valueSize() {
        return panrocks_value.size(value);
    }

    public long valueAddress() {
        return value.get(ValueLayout.JAVA_LONG, 0);
    }

    public boolean valuePinned() {
        return panrocks_value.pinned(value) != 0;
    }

    /** The engine's error as an exception, from the record the call filled. */
    public RocksDBException failure(int rc) {
        RocksDBException e = Errors.toException(rc, error);
        // a callback of this DB failed during the call (a merge operator threw): its exception is the cause
        Throwable cause = ThreadContexts.current().takePendingFailure(db);
        if (cause != null) {
            try {
                e.initCause(cause);
            } catch (IllegalStateException | IllegalArgumentException ignored) {
                e.addSuppressed(cause);
            }
        }
        return e;
    }

    /** Frees the scratch; only once no call can be using it and no pin is open. */
    synchronized void free() {
        if (freed) return;
        freed = true;
        for (int i = 0; i < READ_OPTIONS_SLOTS; i++) evict(i);
        for (Frame f : frames) f.free();
        if (multiGet != null) multiGet.free();
        if (rangeWalk != null) rangeWalk.free();
        for (int i = 0; i < freeEntityCount; i++) panrocks_h.panrocks_entity_destroy(MemorySegment.ofAddress(freeEntities[i]));
        freeEntityCount = 0;
        if (spareEntityBatch != 0) panrocks_h.panrocks_entities_destroy(MemorySegment.ofAddress(spareEntityBatch));
        spareEntityBatch = 0;
        NativeMemory.free(keyBuffer);
        NativeMemory.free(block);
    }
}
