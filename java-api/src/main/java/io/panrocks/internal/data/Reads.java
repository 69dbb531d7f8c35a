package io.panrocks.internal.data;

import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.CallerMemory;
import io.panrocks.internal.CriticalCalls;
import io.panrocks.internal.Errors;
import io.panrocks.internal.MultiGetScratch;
import io.panrocks.internal.PinSlot;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The read path behind {@code RocksDB}'s point reads: every variant is one
 * downcall (plus one to release a pin: the caller's, or the one a read into
 * a heap array copies a large value out of), stages keys in the
 * thread's native scratch, and allocates nothing on the Java heap but the
 * result it returns.
 *
 * <p>Arguments arrive validated, and every method runs inside a call the
 * caller entered ({@code c}), so the DB, the column family handle
 * {@code cf} (NULL for the default family) and the native read options
 * {@code ro} (resolved by the caller for this thread) stay alive throughout.
 * Results are what the engine gave (sizes, pinned slots, statuses); the
 * public type that shows them is made by the caller.
 */
public final class Reads {
    // the C ABI's statuses and MultiGet modes (panrocks.h)
    public static final int OK = panrocks_h.PANROCKS_OK();
    public static final int NOT_FOUND = panrocks_h.PANROCKS_NOT_FOUND();
    public static final int INCOMPLETE = panrocks_h.PANROCKS_INCOMPLETE();
    public static final int MULTIGET_COPY = panrocks_h.PANROCKS_MULTIGET_COPY();
    public static final int MULTIGET_PIN = panrocks_h.PANROCKS_MULTIGET_PIN();
    /**
     * panrocks_get_copy, invoked by handle where a segment of the caller's
     * buffer must reach nothing but the downcall (see BufferSegments); a constant,
     * so C2 inlines the call's adapter whatever it did with the wrapper.
     */
    private static final MethodHandle GET_COPY = panrocks_h.panrocks_get_copy$handle();
    /** What the reads into a caller's buffer return when the key is absent ({@code RocksDB.NOT_FOUND}). */
    public static final int ABSENT = -1;
    /** {@link #keyMayExist(CallContext, MemorySegment, MemorySegment, ByteBuffer, ByteBuffer)}: the key is surely absent. */
    public static final int MAY_NOT_EXIST = -2;
    /** {@link #keyMayExist(CallContext, MemorySegment, MemorySegment, ByteBuffer, ByteBuffer)}: it may exist, no value came back. */
    public static final int EXISTS_WITHOUT_VALUE = -1;

    /**
     * Reads into a heap array take values up to this size through the
     * thread's native scratch (engine to scratch in the downcall, scratch to
     * array after it) and pin larger ones, copying them once, straight from
     * the block, before a second downcall releases the pin. The extra copy
     * costs more than the extra downcall above a few hundred bytes: at 16 KiB
     * pinning measured 1.11-1.15x the throughput of copying through scratch
     * (docs/benchmarks.md, "Per-call cost budget").
     */
    public static final long HEAP_COPY_LIMIT = 512;

    /**
     * Checks the copied lists of a MultiGet by family, as RocksJava does:
     * one family per key, and no key null.
     *
     * @throws IllegalArgumentException if the lists differ in size
     * @throws NullPointerException if a key is null
     */
    public static void checkFamiliesAndKeys(List<?> families, List<byte[]> keys) {
        if (families.size() != keys.size()) {
            throw new IllegalArgumentException("columnFamilies and keys differ in size: " + families.size() + " and "
                    + keys.size());
        }
        for (byte[] k : keys) Objects.requireNonNull(k, "keys must not contain null");
    }

    /** The copy threshold of a read into a heap array through scratch of {@code capacity} bytes. */
    public static long heapCopyThreshold(long capacity) {
        return Math.min(capacity, HEAP_COPY_LIMIT);
    }

    private final MemorySegment db;
    /** values up to this size are copied by the adaptive reads; larger ones are pinned */
    private final long adaptiveThreshold;

    /**
     * @param db the DB's native handle
     * @param adaptiveThreshold values up to this size are copied by the adaptive reads, larger ones pinned
     */
    public Reads(MemorySegment db, long adaptiveThreshold) {
        this.db = db;
        this.adaptiveThreshold = adaptiveThreshold;
    }

    public long adaptiveThreshold() {
        return adaptiveThreshold;
    }

    // ---- into a new byte[] ---------------------------------------------------

    public byte[] get(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength)
            throws RocksDBException {
        CallContext.Frame f = c.frame();
        MemorySegment buffer = f.buffer();
        long capacity = buffer.byteSize();
        // small values arrive copied into the scratch buffer, larger ones
        // pinned: one crossing for the read, and one copy out of native memory
        if (!getAdaptive(c, f, cf, ro, k, keyLength, buffer, capacity, heapCopyThreshold(capacity))) return null;
        return c.valuePinned() ? copyPinned(c, f) : copyBuffered(c, buffer);
    }

    /**
     * The adaptive read every copying get makes: a value of at most
     * {@code threshold} bytes copied into {@code buffer} (up to capacity), a
     * larger one left pinned in the frame's pin ({@code c.valuePinned()});
     * its size in {@code c.valueSize()}.
     *
     * @return false if the key is absent
     */
    private boolean getAdaptive(CallContext c, CallContext.Frame f, MemorySegment cf, MemorySegment ro, MemorySegment k,
                                long keyLength, MemorySegment buffer, long capacity, long threshold)
            throws RocksDBException {
        int rc;
        try {
            rc = panrocks_h.panrocks_get_adaptive(db, cf, ro, f.pin, k, keyLength, buffer, capacity, threshold,
                    c.value, c.error);
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        if (rc == OK) return true;
        if (rc == NOT_FOUND) return false;
        throw c.failure(rc);
    }

    /**
     * The copying read into {@code value} (capacity bytes; NULL and 0 to
     * learn the size only); the full size in {@code c.size}.
     *
     * @return false if the key is absent
     */
    private boolean getCopy(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength,
                            MemorySegment value, long capacity) throws RocksDBException {
        int rc;
        try {
            rc = panrocks_h.panrocks_get_copy(db, cf, ro, c.frame().pin, k, keyLength, value, capacity, c.size,
                    c.error);
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        if (rc == OK) return true;
        if (rc == NOT_FOUND) return false;
        throw c.failure(rc);
    }

    private static byte[] copyBuffered(CallContext c, MemorySegment buffer) {
        byte[] out = new byte[(int) c.valueSize()];
        MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, out, 0, out.length);
        return out;
    }

    private static byte[] copyPinned(CallContext c, CallContext.Frame f) {
        try {
            return Bytes.copyOut(c.valueAddress(), c.valueSize());
        } finally {
            panrocks_h.panrocks_pin_release(f.pin);
        }
    }

    // ---- into the caller's buffer ------------------------------------------

    /**
     * The critical variant of a read into a caller's array: key and value
     * arrays go to the engine as they are, in a critical downcall that may
     * only read memory; returns Long.MIN_VALUE when the engine would need
     * I/O (the caller then takes the normal path).
     */
    public long getCritical(CallContext c, MemorySegment cf, MemorySegment ro, byte[] key, int keyOffset, int keyLength,
                            byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        int rc;
        try {
            rc = (int) CriticalCalls.GET_COPY.invokeExact(db, cf, ro, c.frame().pin,
                    MemorySegment.ofArray(key).asSlice(keyOffset, keyLength), (long) keyLength,
                    MemorySegment.ofArray(value).asSlice(valueOffset, valueLength), (long) valueLength, c.size,
                    c.error);
        } catch (Throwable t) {
            throw Errors.fromDowncall(t);
        }
        if (rc == OK) return c.size.get(ValueLayout.JAVA_LONG, 0);
        if (rc == NOT_FOUND) return ABSENT;
        if (rc == INCOMPLETE) return Long.MIN_VALUE;
        throw c.failure(rc);
    }

    /** Copies min(size, valueLength) bytes into value[valueOffset..]; returns the full size or -1. */
    public long get(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength,
                    byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        CallContext.Frame f = c.frame();
        MemorySegment buffer = f.buffer();
        long capacity = Math.min(buffer.byteSize(), valueLength);
        if (!getAdaptive(c, f, cf, ro, k, keyLength, buffer, capacity, heapCopyThreshold(capacity))) return ABSENT;
        long size = c.valueSize();
        int n = (int) Math.min(size, valueLength);
        if (c.valuePinned()) {
            try {
                Bytes.copyFromAddress(c.valueAddress(), value, valueOffset, n);
            } finally {
                panrocks_h.panrocks_pin_release(f.pin);
            }
        } else {
            MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, value, valueOffset, n);
        }
        return size;
    }

    /** Copies min(size, value.byteSize()) bytes into value; returns the full size or -1. */
    public long get(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength, MemorySegment value)
            throws RocksDBException {
        if (!value.isNative()) {
            Object array = value.heapBase().orElseThrow();
            if (!(array instanceof byte[] bytes)) {
                throw new IllegalArgumentException("value segment must be native or backed by a byte[], not "
                        + array.getClass().getSimpleName());
            }
            return get(c, cf, ro, k, keyLength, bytes, (int) value.address(), (int) value.byteSize());
        }
        if (value.isMapped()) {
            // the engine would write into the mapping, where a file truncated under it faults (SIGBUS):
            // through a byte[] and Java's copy instead (see CallerMemory)
            byte[] staged = new byte[(int) Math.min(value.byteSize(), Bytes.MAX_ARRAY)];
            long size = get(c, cf, ro, k, keyLength, staged, 0, staged.length);
            if (size > 0) CallerMemory.copy(MemorySegment.ofArray(staged), 0, value, 0, Math.min(size, staged.length));
            return size;
        }
        // the engine copies straight into the caller's memory
        if (!getCopy(c, cf, ro, k, keyLength, value, value.byteSize())) return ABSENT;
        return c.size.get(ValueLayout.JAVA_LONG, 0);
    }

    /**
     * RocksJava's ByteBuffer get: reads key[position, limit), consumes it
     * (position = limit), copies into value from its position and sets its
     * limit to position + min(size, remaining). Returns the full size or -1.
     * Allocates nothing, whatever C2 inlines: a heap value goes the byte[]
     * way (the key staged by copy), and a direct value's segment is made
     * where the downcall is made ({@link #getDirectIntoDirect}).
     */
    public int get(CallContext c, MemorySegment cf, MemorySegment ro, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        int position = value.position();
        int remaining = value.remaining();
        long keyLength = key.remaining();
        long size;
        if (!value.isDirect()) {
            size = get(c, cf, ro, Staging.key(c, key), keyLength, value.array(), value.arrayOffset() + position,
                    remaining);
        } else if (Staging.inPlace(value)) {
            // the engine copies straight into the buffer, and reads a direct key in place
            int rc = Staging.inPlace(key)
                    ? getDirectIntoDirect(c, cf, ro, key, value)
                    : getStagedIntoDirect(c, cf, ro, Staging.key(c, key), keyLength, value);
            if (rc == OK) {
                size = c.size.get(ValueLayout.JAVA_LONG, 0);
            } else if (rc == NOT_FOUND) {
                size = ABSENT;
            } else {
                throw c.failure(rc);
            }
        } else { // mapped from a file: through a byte[], as every mapped segment is
            size = get(c, cf, ro, Staging.key(c, key), keyLength, MemorySegment.ofBuffer(value));
        }
        key.position(key.limit());
        if (size != ABSENT) value.limit(position + (int) Math.min(size, remaining));
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    /**
     * A read of a direct key into a direct value buffer, each buffer's
     * segment made here, on every call, and given to the downcall handle
     * only (see BufferSegments; invokeExact of a constant handle is always
     * inlined, where a generated wrapper, compiled on its own, may not be).
     * Called straight from the public path, so the segments stay few calls
     * deep. Not for a mapped buffer ({@link Staging#inPlace(ByteBuffer)}).
     */
    private int getDirectIntoDirect(CallContext c, MemorySegment cf, MemorySegment ro, ByteBuffer key,
                                    ByteBuffer value) {
        MemorySegment k = MemorySegment.ofBuffer(key);
        MemorySegment v = MemorySegment.ofBuffer(value);
        try {
            return (int) GET_COPY.invokeExact(db, cf, ro, c.frame().pin, k, k.byteSize(), v, v.byteSize(), c.size,
                    c.error);
        } catch (Throwable t) {
            throw Errors.fromDowncall(t); // a buffer's arena closed since it was checked, or out of stack
        }
    }

    /** As {@link #getDirectIntoDirect}, the key staged (a heap or mapped key buffer). */
    private int getStagedIntoDirect(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k,
                                    long keyLength, ByteBuffer value) {
        MemorySegment v = MemorySegment.ofBuffer(value);
        try {
            return (int) GET_COPY.invokeExact(db, cf, ro, c.frame().pin, k, keyLength, v, v.byteSize(), c.size,
                    c.error);
        } catch (Throwable t) {
            throw Errors.fromDowncall(t); // the buffer's arena closed since it was checked, or out of stack
        }
    }

    // ---- zero-copy -----------------------------------------------------------

    /**
     * Pins the value of k: the slot (lent from the thread's pool) that pins
     * it, at {@code c.valueAddress()}, {@code c.valueSize()} bytes; null if absent.
     */
    public PinSlot getPinned(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength)
            throws RocksDBException {
        MemorySegment options = ro;
        PinSlot slot = c.lendSlot();
        int rc;
        try {
            rc = panrocks_h.panrocks_get_pinned(db, cf, options, slot.pin, k, keyLength, c.value, c.error);
        } catch (AssertionError e) {
            slot.unused();
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        return pinned(c, slot, rc);
    }

    /**
     * The slot a pinning read lent, once the read answered rc: the slot, or
     * null if the key is absent (the slot then back in the pool).
     *
     * @throws RocksDBException the read's failure (the slot back in the pool)
     */
    public static PinSlot pinned(CallContext c, PinSlot slot, int rc) throws RocksDBException {
        if (rc != OK) {
            slot.unused();
            if (rc == NOT_FOUND) return null;
            throw c.failure(rc);
        }
        return slot;
    }

    /**
     * The adaptive read returning its result: copies a value of at most the
     * threshold into buffer (a native segment the caller owns) and releases
     * the pin, or keeps a larger one pinned. One crossing either way.
     *
     * @return null if absent; else the slot lent for the read: when
     *         {@code c.valuePinned()} it pins the value (as {@link #getPinned}),
     *         otherwise it is back in the pool and the value is
     *         {@code buffer[0, c.valueSize())}
     */
    public PinSlot getAdaptive(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength,
                               MemorySegment buffer) throws RocksDBException {
        MemorySegment options = ro;
        PinSlot slot = c.lendSlot();
        int rc;
        try {
            rc = panrocks_h.panrocks_get_adaptive(db, cf, options, slot.pin, k, keyLength,
                    buffer, buffer.byteSize(), adaptiveThreshold, c.value, c.error);
        } catch (AssertionError e) {
            slot.unused();
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        if (pinned(c, slot, rc) == null) return null;
        if (!c.valuePinned()) slot.unused(); // the stub copied the value and released the pin
        return slot;
    }

    /**
     * The scoped zero-copy read: the reader sees the value as a read-only
     * segment that is valid only while it runs. Small values are copied into
     * the thread's scratch, large ones pinned; the reader cannot tell.
     * Returns the reader's result, or null without calling it if absent.
     */
    public <T> T get(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength,
                     Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        CallContext.Frame f = c.frame();
        MemorySegment buffer = f.buffer();
        if (!getAdaptive(c, f, cf, ro, k, keyLength, buffer, buffer.byteSize(), adaptiveThreshold)) return null;
        boolean pinned = c.valuePinned();
        long size = c.valueSize();
        if (pinned && size <= adaptiveThreshold) {
            // the policy says copy, but the scratch was too small: copy out of
            // the pin into grown scratch, so the threshold means what it says
            buffer = f.buffer(size);
            Bytes.copyFromAddress(c.valueAddress(), buffer, 0, size);
            panrocks_h.panrocks_pin_release(f.pin);
            pinned = false;
        }
        return show(c, f, pinned ? c.valueAddress() : buffer.address(), size, pinned, reader);
    }

    /**
     * Shows a value the read left at {@code address} (in the frame's
     * buffer, or pinned in its pin) to a scoped reader, as a read-only
     * segment valid only while it runs, then releases the pin. Reads made
     * from inside the reader use another frame of the thread.
     */
    public static <T> T show(CallContext c, CallContext.Frame f, long address, long size, boolean pinned,
                             Function<? super MemorySegment, ? extends T> reader) {
        c.lend();
        try (Arena scope = Arena.ofConfined()) {
            return reader.apply(MemorySegment.ofAddress(address).reinterpret(size, scope, null).asReadOnly());
        } finally {
            c.giveBack();
            if (pinned) {
                try {
                    panrocks_h.panrocks_pin_release(f.pin);
                } catch (AssertionError e) {
                    throw Bytes.linkerFailure(e); // out of stack, deep in nested readers
                }
            }
        }
    }

    // ---- batched ---------------------------------------------------------------

    /**
     * RocksJava's multiGetAsList: values pinned then copied to the heap.
     * {@code families.get(i)} is the family of {@code keys.get(i)} (NULL for
     * the default one).
     */
    public List<byte[]> multiGetAsList(CallContext c, List<MemorySegment> families, MemorySegment ro, List<byte[]> keys)
            throws RocksDBException {
        byte[][] values = new byte[keys.size()][];
        multiGetByFamily(c, families, ro,
                (scratch, i) -> scratch.add(keys.get(i), 0, keys.get(i).length),
                (scratch, i, slot) -> {
                    int status = scratch.status(slot);
                    if (status == OK) {
                        values[i] = Bytes.copyOut(scratch.dataAddress(slot), scratch.size(slot));
                    } else if (status != NOT_FOUND) {
                        throw new RocksDBException(new Status(Status.Code.of(status),
                                Status.SubCode.of(scratch.subcode(slot)), Status.Severity.NoError,
                                "MultiGet of key " + i));
                    }
                });
        return java.util.Arrays.asList(values);
    }

    /**
     * RocksJava's multiGetByteBuffers: each found value is copied into its
     * buffer from index 0 up to the buffer's capacity, and the buffer is
     * flipped (position 0, limit the bytes written), as RocksJava leaves it;
     * a failed key is a status, not an exception. {@code families.get(i)} is
     * the family of {@code keys[i]} (NULL for the default one). Key i's
     * outcome goes to {@code statuses[i]} (the C ABI's status: {@link #OK} or
     * RocksDB's code), {@code subcodes[i]} and {@code sizes[i]} (the value's
     * full size, saturated to an int; 0 unless found).
     */
    public void multiGetByteBuffers(CallContext c, List<MemorySegment> families, MemorySegment ro,
                                    MemorySegment[] keys, List<ByteBuffer> values, int[] statuses, int[] subcodes,
                                    int[] sizes) throws RocksDBException {
        multiGetByFamily(c, families, ro,
                (scratch, i) -> scratch.add(keys[i]),
                (scratch, i, slot) -> {
                    int status = scratch.status(slot);
                    statuses[i] = status;
                    if (status == OK) {
                        long size = scratch.size(slot);
                        ByteBuffer value = values.get(i);
                        int n = (int) Math.min(size, value.capacity());
                        value.clear();
                        Bytes.copyFromAddress(scratch.dataAddress(slot), value, n); // into [0, n): cleared above
                        value.limit(n);
                        sizes[i] = (int) Math.min(size, Integer.MAX_VALUE);
                    } else {
                        subcodes[i] = scratch.subcode(slot);
                    }
                });
    }

    /** Stages key {@code i} of a batched read in the scratch. */
    private interface BatchKey {
        void add(MultiGetScratch scratch, int i);
    }

    /** Takes key {@code i}'s outcome, found in the scratch at {@code slot}, while its value is pinned. */
    private interface BatchOutcome {
        void accept(MultiGetScratch scratch, int i, int slot) throws RocksDBException;
    }

    /**
     * The batched reads' engine: one pinned MultiGet per column family
     * (families in the order they first appear), each key's outcome handed
     * over before its pin is released. Cold next to the point reads: it
     * allocates its bookkeeping per call.
     */
    private void multiGetByFamily(CallContext c, List<MemorySegment> families, MemorySegment ro, BatchKey key,
                                  BatchOutcome outcome) throws RocksDBException {
        int n = families.size();
        boolean[] done = new boolean[n];
        int[] indexes = new int[n];
        MultiGetScratch scratch = c.multiGetScratch();
        MemorySegment ropts = ro;
        for (int first = 0; first < n; first++) {
            if (done[first]) continue;
            MemorySegment cf = families.get(first);
            int count = 0;
            scratch.clear();
            for (int i = first; i < n; i++) {
                if (!done[i] && families.get(i).equals(cf)) {
                    indexes[count++] = i;
                    key.add(scratch, i);
                    done[i] = true;
                }
            }
            int rc = scratch.execute(c, db, cf, ropts, MULTIGET_PIN, MemorySegment.NULL, 0);
            if (rc != OK) throw c.failure(rc);
            try {
                for (int j = 0; j < count; j++) outcome.accept(scratch, indexes[j], j);
            } finally {
                panrocks_h.panrocks_multiget_release(scratch.handle());
                scratch.clear();
            }
        }
    }

    // ---- existence -----------------------------------------------------------

    /** A definite answer: reads the key, copies nothing. */
    public boolean exists(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength)
            throws RocksDBException {
        return getCopy(c, cf, ro, k, keyLength, MemorySegment.NULL, 0);
    }

    /**
     * RocksDB's KeyMayExist (memory only, may say yes wrongly, never no
     * wrongly); a value found in memory goes to {@code valueHolder} (null:
     * not wanted), which is given null when none came back.
     */
    public boolean keyMayExist(CallContext c, MemorySegment cf, MemorySegment ro, MemorySegment k, long keyLength,
                               Consumer<byte[]> valueHolder) throws RocksDBException {
        CallContext.Frame f = c.frame();
        MemorySegment buffer = f.buffer();
        MemorySegment flags = c.value; // two int32 out-parameters in the idle value slot
        int rc;
        try {
            rc = panrocks_h.panrocks_key_may_exist(db, cf, ro, k, keyLength,
                    valueHolder == null ? MemorySegment.NULL : buffer, buffer.byteSize(), c.size,
                    flags.asSlice(0, 4), flags.asSlice(4, 4), c.error);
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        if (rc != OK) throw c.failure(rc);
        boolean may = flags.get(ValueLayout.JAVA_INT, 4) != 0;
        boolean found = flags.get(ValueLayout.JAVA_INT, 0) != 0;
        if (valueHolder != null) {
            byte[] v = null;
            if (found) {
                long size = c.size.get(ValueLayout.JAVA_LONG, 0);
                v = size <= buffer.byteSize()
                        ? buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE)
                        : get(c, cf, ro, k, keyLength);
            }
            valueHolder.accept(v);
        }
        return may;
    }

    /**
     * RocksJava's {@code keyMayExist(key, value)}: RocksDB's KeyMayExist for
     * {@code key[position, limit)} (its position moves to the limit), copying
     * a value found in memory into {@code value} from its position; the
     * value's limit becomes position + min(size, remaining) (position when no
     * value came back). One crossing; a heap value buffer is filled through
     * this thread's frame buffer, never grown for it: a found value larger
     * than both that buffer and the caller's space is read again into the
     * array (a second crossing, for large values only).
     *
     * @return {@link #MAY_NOT_EXIST}, {@link #EXISTS_WITHOUT_VALUE}, or the
     *         full size of the value found (RocksJava's
     *         {@code kExistsWithValue}), saturated to an int
     */
    public int keyMayExist(CallContext c, MemorySegment cf, MemorySegment ro, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        MemorySegment k = Staging.key(c, key);
        long keyLength = key.remaining();
        int position = value.position();
        int remaining = value.remaining();
        MemorySegment target = value.isDirect() ? MemorySegment.ofBuffer(value) : c.frame().buffer();
        long capacity = Math.min(target.byteSize(), remaining);
        MemorySegment flags = c.value; // two int32 out-parameters in the idle value slot
        int rc;
        try {
            rc = panrocks_h.panrocks_key_may_exist(db, cf, ro, k, keyLength, target, capacity,
                    c.size, flags.asSlice(0, 4), flags.asSlice(4, 4), c.error);
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
        if (rc != OK) throw c.failure(rc);
        key.position(key.limit());
        boolean may = flags.get(ValueLayout.JAVA_INT, 4) != 0;
        boolean found = flags.get(ValueLayout.JAVA_INT, 0) != 0;
        if (!may) {
            value.limit(position);
            return MAY_NOT_EXIST;
        }
        if (!found) {
            value.limit(position);
            return EXISTS_WITHOUT_VALUE;
        }
        long size = c.size.get(ValueLayout.JAVA_LONG, 0);
        int copied = (int) Math.min(size, remaining);
        if (!value.isDirect()) {
            if (copied > capacity) { // the frame buffer held only part of what the caller has room for
                size = get(c, cf, ro, k, keyLength, value.array(), value.arrayOffset() + position, remaining);
                if (size == ABSENT) { // deleted since: no value to give
                    value.limit(position);
                    return EXISTS_WITHOUT_VALUE;
                }
                copied = (int) Math.min(size, remaining);
            } else {
                MemorySegment.copy(target, ValueLayout.JAVA_BYTE, 0, value.array(), value.arrayOffset() + position, copied);
            }
        }
        value.limit(position + copied);
        return (int) Math.min(size, Integer.MAX_VALUE);
    }
}
