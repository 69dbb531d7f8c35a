package io.panrocks.internal;

import io.panrocks.RocksDBException;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_value;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's scratch for calls into one DB, and that thread's side of the
 * DB's close guard.
 *
 * <p>Scratch: the error record, the out-parameters, a key buffer, a value
 * buffer and an idle pin, all allocated once, so a read allocates nothing
 * per call and no two threads ever share a cache line on the read path.
 *
 * <p>Guard: {@code calls} is odd while the thread is inside a call (an
 * RCU-style read-side section). Entering is one volatile store and one
 * volatile load of the DB's state; nothing is shared between readers, so
 * RocksDB's lock-free Get keeps scaling with cores. Whoever frees something
 * a call may be using (the DB at close, a snapshot at release) first
 * unpublishes it, then waits for a grace period: every context that was
 * inside a call has left it once ({@link NativeDb#awaitQuiescence()}).
 *
 * <p>Only the owning thread touches a context, except {@link NativeDb},
 * which reads {@code calls} and frees the scratch after the owner can no
 * longer be inside a call.
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

    final Thread owner;
    @SuppressWarnings("unused") // through CALLS
    private volatile long calls;
    private int depth;

    /** error record, then panrocks_value, then a uint64 out-parameter */
    private final MemorySegment block;
    public final MemorySegment error;
    public final MemorySegment value;
    public final MemorySegment size;
    /** a pin for reads that copy: reused, so its scratch memory is kept */
    public final MemorySegment scratchPin;
    private MemorySegment keyBuffer;
    private MemorySegment valueBuffer;
    private boolean freed;

    CallContext(Thread owner) {
        this.owner = owner;
        long errorSize = panrocks_error.sizeof();
        long valueSize = panrocks_value.sizeof();
        block = NativeMemory.allocate(errorSize + valueSize + 8);
        error = block.asSlice(0, errorSize);
        value = block.asSlice(errorSize, valueSize);
        size = block.asSlice(errorSize + valueSize, 8);
        keyBuffer = NativeMemory.allocate(INITIAL_KEY_CAPACITY);
        valueBuffer = NativeMemory.allocate(INITIAL_VALUE_CAPACITY);
        MemorySegment pinOut = block.asSlice(errorSize, 8); // value slot is idle now
        int rc = panrocks_h.panrocks_pin_create(pinOut, error);
        if (rc != 0) {
            NativeMemory.free(keyBuffer);
            NativeMemory.free(valueBuffer);
            NativeMemory.free(block);
            throw new OutOfMemoryError("panrocks: cannot create a pin: " + Errors.message(error));
        }
        scratchPin = pinOut.get(ValueLayout.ADDRESS, 0);
        pinOut.fill((byte) 0);
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

    long callsVolatile() {
        return (long) CALLS.getVolatile(this);
    }

    // ---- scratch -----------------------------------------------------------

    /** Copies key into the key buffer (grown if needed) and returns that buffer. */
    public MemorySegment stageKey(byte[] key, int offset, int length) {
        MemorySegment buf = keyBuffer;
        if (length > buf.byteSize()) buf = keyBuffer = grow(buf, length);
        MemorySegment.copy(key, offset, buf, ValueLayout.JAVA_BYTE, 0, length);
        return buf;
    }

    /** Copies a heap segment's bytes into the key buffer. */
    public MemorySegment stageKey(MemorySegment key) {
        MemorySegment buf = keyBuffer;
        long length = key.byteSize();
        if (length > buf.byteSize()) buf = keyBuffer = grow(buf, length);
        MemorySegment.copy(key, 0, buf, 0, length);
        return buf;
    }

    /** A scratch buffer of at least {@code capacity} bytes (grown when asked). */
    public MemorySegment valueBuffer(long capacity) {
        MemorySegment buf = valueBuffer;
        if (capacity > buf.byteSize()) buf = valueBuffer = grow(buf, capacity);
        return buf;
    }

    public MemorySegment valueBuffer() {
        return valueBuffer;
    }

    /** Largest scratch a thread keeps between calls; bigger ones are freed after use. */
    static final long RETAINED_CAPACITY = 1 << 20;

    /** Gives back scratch grown for one large key or value. */
    public void trimScratch() {
        if (valueBuffer.byteSize() > RETAINED_CAPACITY) {
            NativeMemory.free(valueBuffer);
            valueBuffer = NativeMemory.allocate(INITIAL_VALUE_CAPACITY);
        }
        if (keyBuffer.byteSize() > RETAINED_CAPACITY) {
            NativeMemory.free(keyBuffer);
            keyBuffer = NativeMemory.allocate(INITIAL_KEY_CAPACITY);
        }
    }

    private static MemorySegment grow(MemorySegment old, long needed) {
        long capacity = Math.max(needed, Math.min(old.byteSize() * 2, Long.MAX_VALUE / 2));
        MemorySegment fresh = NativeMemory.allocate(capacity);
        NativeMemory.free(old);
        return fresh;
    }

    // ---- per-thread native ReadOptions -------------------------------------

    private static final int READ_OPTIONS_SLOTS = 4;
    private final Object[] readOptionsKeys = new Object[READ_OPTIONS_SLOTS];
    private final int[] readOptionsVersions = new int[READ_OPTIONS_SLOTS];
    private final MemorySegment[] readOptionsHandles = new MemorySegment[READ_OPTIONS_SLOTS];
    private int readOptionsNext;

    /** The native ReadOptions built earlier on this thread for (key, version), or null. */
    public MemorySegment cachedReadOptions(Object key, int version) {
        for (int i = 0; i < READ_OPTIONS_SLOTS; i++) {
            if (readOptionsKeys[i] == key) {
                if (readOptionsVersions[i] == version) return readOptionsHandles[i];
                evict(i);
                return null;
            }
        }
        return null;
    }

    /** Keeps handle for (key, version), evicting the oldest entry when full. */
    public MemorySegment cacheReadOptions(Object key, int version, MemorySegment handle) {
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
        readOptionsHandles[slot] = handle;
        return handle;
    }

    /** Builds a native ReadOptions from spec (which lives in this context's scratch). */
    public MemorySegment createReadOptions(MemorySegment spec) {
        MemorySegment out = size; // idle between calls' results
        int rc = panrocks_h.panrocks_read_options_create(spec, out, error);
        if (rc != 0) throw new IllegalArgumentException("invalid read options: " + failure(rc).getMessage());
        return out.get(ValueLayout.ADDRESS, 0);
    }

    private void evict(int i) {
        if (readOptionsHandles[i] != null) panrocks_h.panrocks_read_options_destroy(readOptionsHandles[i]);
        readOptionsKeys[i] = null;
        readOptionsHandles[i] = null;
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
        return Errors.toException(rc, error);
    }

    /** Frees the scratch; only once the owner cannot be inside a call. */
    void free() {
        if (freed) return;
        freed = true;
        for (int i = 0; i < READ_OPTIONS_SLOTS; i++) evict(i);
        panrocks_h.panrocks_pin_destroy(scratchPin);
        NativeMemory.free(keyBuffer);
        NativeMemory.free(valueBuffer);
        NativeMemory.free(block);
    }
}
