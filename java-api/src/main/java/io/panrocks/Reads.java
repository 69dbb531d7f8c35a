package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.TrackedPin;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * The read path behind {@link RocksDB}'s point reads: every variant is one
 * downcall (plus one to release a pin the caller kept), stages keys in the
 * thread's native scratch, and allocates nothing on the Java heap but the
 * result it returns.
 *
 * <p>Arguments arrive validated. {@code cf} is a column family handle or
 * NULL for the default family.
 */
final class Reads {
    static final int OK = 0;
    static final int NOT_FOUND = 1;
    static final int MULTIGET_COPY = 0;
    static final int MULTIGET_PIN = 1;

    private final NativeDb db;
    /** values up to this size are copied by the adaptive reads; larger ones are pinned */
    private final long adaptiveThreshold;

    Reads(NativeDb db, long adaptiveThreshold) {
        this.db = db;
        this.adaptiveThreshold = adaptiveThreshold;
    }

    long adaptiveThreshold() {
        return adaptiveThreshold;
    }

    // ---- into a new byte[] ---------------------------------------------------

    byte[] get(MemorySegment cf, ReadOptions ro, byte[] key, int offset, int length) throws RocksDBException {
        CallContext c = db.enter();
        try {
            MemorySegment ropts = ro.nativeHandle(c);
            MemorySegment k = c.stageKey(key, offset, length);
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            long capacity = buffer.byteSize();
            // small values arrive copied into the scratch buffer, large ones
            // pinned: one crossing either way, and one copy into the array
            int rc = panrocks_h.panrocks_get_adaptive(db.handle(), cf, ropts, f.pin, k, length,
                    buffer, capacity, capacity, c.value, c.error);
            if (rc != OK) {
                if (rc == NOT_FOUND) return null;
                throw c.failure(rc);
            }
            return c.valuePinned() ? copyPinned(c, f) : copyBuffered(c, buffer);
        } finally {
            db.exit(c);
        }
    }

    private static byte[] copyBuffered(CallContext c, MemorySegment buffer) {
        byte[] out = new byte[(int) c.valueSize()];
        MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, out, 0, out.length);
        return out;
    }

    private static byte[] copyPinned(CallContext c, CallContext.Frame f) {
        try {
            long size = c.valueSize();
            if (size > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a value of " + size
                        + " bytes does not fit in a byte[]; read it as a MemorySegment");
            }
            byte[] out = new byte[(int) size];
            Bytes.copyFromAddress(c.valueAddress(), out, 0, out.length);
            return out;
        } finally {
            panrocks_h.panrocks_pin_release(f.pin);
        }
    }

    // ---- into the caller's buffer ------------------------------------------

    /** Copies min(size, valueLength) bytes into value[valueOffset..]; returns the full size or -1. */
    long get(MemorySegment cf, ReadOptions ro, MemorySegment k, long keyLength,
             byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        CallContext c = db.enter();
        try {
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            long capacity = Math.min(buffer.byteSize(), valueLength);
            int rc = panrocks_h.panrocks_get_adaptive(db.handle(), cf, ro.nativeHandle(c), f.pin,
                    k, keyLength, buffer, capacity, capacity, c.value, c.error);
            if (rc != OK) {
                if (rc == NOT_FOUND) return RocksDB.NOT_FOUND;
                throw c.failure(rc);
            }
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
        } finally {
            db.exit(c);
        }
    }

    long get(MemorySegment cf, ReadOptions ro, byte[] key, int keyOffset, int keyLength,
             byte[] value, int valueOffset, int valueLength) throws RocksDBException {
        CallContext c = db.enter();
        try {
            return get(cf, ro, c.stageKey(key, keyOffset, keyLength), keyLength, value, valueOffset, valueLength);
        } finally {
            db.exit(c);
        }
    }

    /** Copies min(size, value.byteSize()) bytes into value; returns the full size or -1. */
    long get(MemorySegment cf, ReadOptions ro, MemorySegment key, MemorySegment value) throws RocksDBException {
        CallContext c = db.enter();
        try {
            MemorySegment k = key.isNative() ? key : c.stageKey(key);
            if (value.isNative()) {
                // the engine copies straight into the caller's memory
                CallContext.Frame f = c.frame();
                int rc = panrocks_h.panrocks_get_copy(db.handle(), cf, ro.nativeHandle(c), f.pin,
                        k, key.byteSize(), value, value.byteSize(), c.size, c.error);
                if (rc != OK) {
                    if (rc == NOT_FOUND) return RocksDB.NOT_FOUND;
                    throw c.failure(rc);
                }
                return c.size.get(ValueLayout.JAVA_LONG, 0);
            }
            Object array = value.heapBase().orElseThrow();
            if (array instanceof byte[] bytes) {
                long offset = value.address();
                return get(cf, ro, k, key.byteSize(), bytes, (int) offset, (int) value.byteSize());
            }
            throw new IllegalArgumentException("value segment must be native or backed by a byte[], not "
                    + array.getClass().getSimpleName());
        } finally {
            db.exit(c);
        }
    }

    /**
     * RocksJava's ByteBuffer get: reads key[position, limit), consumes it
     * (position = limit), copies into value from its position and sets its
     * limit to position + min(size, remaining). Returns the full size or -1.
     */
    int get(MemorySegment cf, ReadOptions ro, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        int position = value.position();
        int remaining = value.remaining();
        long size;
        CallContext c = db.enter();
        try {
            MemorySegment k = stageKey(c, key);
            int keyLength = key.remaining();
            if (value.isDirect()) {
                MemorySegment out = MemorySegment.ofBuffer(value);
                CallContext.Frame f = c.frame();
                int rc = panrocks_h.panrocks_get_copy(db.handle(), cf, ro.nativeHandle(c), f.pin,
                        k, keyLength, out, remaining, c.size, c.error);
                if (rc != OK && rc != NOT_FOUND) throw c.failure(rc);
                size = rc == NOT_FOUND ? RocksDB.NOT_FOUND : c.size.get(ValueLayout.JAVA_LONG, 0);
            } else {
                size = get(cf, ro, k, keyLength, value.array(), value.arrayOffset() + position, remaining);
            }
        } finally {
            db.exit(c);
        }
        key.position(key.limit());
        if (size != RocksDB.NOT_FOUND) value.limit(position + (int) Math.min(size, remaining));
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    static MemorySegment stageKey(CallContext c, ByteBuffer key) {
        if (key.isDirect()) return MemorySegment.ofBuffer(key);
        return c.stageKey(key.array(), key.arrayOffset() + key.position(), key.remaining());
    }

    // ---- zero-copy -----------------------------------------------------------

    /** Pins the value of k; null if absent. */
    PinnedValue getPinned(MemorySegment cf, ReadOptions ro, MemorySegment k, long keyLength) throws RocksDBException {
        CallContext c = db.enter();
        try {
            MemorySegment pin = c.takePin();
            int rc = panrocks_h.panrocks_get_pinned(db.handle(), cf, ro.nativeHandle(c), pin,
                    k, keyLength, c.value, c.error);
            if (rc != OK) {
                c.returnPin(pin);
                if (rc == NOT_FOUND) return null;
                throw c.failure(rc);
            }
            return lend(c, pin, c.valueAddress(), c.valueSize());
        } finally {
            db.exit(c);
        }
    }

    private static PinnedValue lend(CallContext c, MemorySegment pin, long address, long size) {
        Arena arena = Arena.ofConfined();
        MemorySegment bytes = MemorySegment.ofAddress(address).reinterpret(size, arena, null).asReadOnly();
        PinnedValue value = new PinnedValue(bytes, true);
        value.attach(TrackedPin.track(c, pin, arena, value));
        return value;
    }

    /**
     * The adaptive read returning its result: copies a value of at most the
     * threshold into buffer (a native segment the caller owns) and releases
     * the pin, or keeps a larger one pinned. One crossing either way.
     */
    PinnedValue getAdaptive(MemorySegment cf, ReadOptions ro, MemorySegment k, long keyLength,
                            MemorySegment buffer) throws RocksDBException {
        CallContext c = db.enter();
        try {
            MemorySegment pin = c.takePin();
            int rc = panrocks_h.panrocks_get_adaptive(db.handle(), cf, ro.nativeHandle(c), pin, k, keyLength,
                    buffer, buffer.byteSize(), adaptiveThreshold, c.value, c.error);
            if (rc != OK) {
                c.returnPin(pin);
                if (rc == NOT_FOUND) return null;
                throw c.failure(rc);
            }
            if (!c.valuePinned()) {
                c.returnPin(pin);
                return new PinnedValue(buffer.asSlice(0, c.valueSize()).asReadOnly(), false);
            }
            return lend(c, pin, c.valueAddress(), c.valueSize());
        } finally {
            db.exit(c);
        }
    }

    /**
     * The scoped zero-copy read: the reader sees the value as a read-only
     * segment that is valid only while it runs. Small values are copied into
     * the thread's scratch, large ones pinned; the reader cannot tell.
     * Returns the reader's result, or null without calling it if absent.
     */
    <T> T get(MemorySegment cf, ReadOptions ro, MemorySegment k, long keyLength,
              Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        CallContext c = db.enter();
        try {
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            int rc = panrocks_h.panrocks_get_adaptive(db.handle(), cf, ro.nativeHandle(c), f.pin, k, keyLength,
                    buffer, buffer.byteSize(), adaptiveThreshold, c.value, c.error);
            if (rc != OK) {
                if (rc == NOT_FOUND) return null;
                throw c.failure(rc);
            }
            boolean pinned = c.valuePinned();
            long address = pinned ? c.valueAddress() : buffer.address();
            long size = c.valueSize();
            // reads made from inside the reader use another frame
            c.lend();
            try (Arena scope = Arena.ofConfined()) {
                return reader.apply(MemorySegment.ofAddress(address).reinterpret(size, scope, null).asReadOnly());
            } finally {
                c.giveBack();
                if (pinned) panrocks_h.panrocks_pin_release(f.pin);
            }
        } finally {
            db.exit(c);
        }
    }

    <T> T get(MemorySegment cf, ReadOptions ro, byte[] key, int offset, int length,
              Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        CallContext c = db.enter();
        try {
            return get(cf, ro, c.stageKey(key, offset, length), length, reader);
        } finally {
            db.exit(c);
        }
    }

    // ---- batched ---------------------------------------------------------------

    /** RocksJava's multiGetAsList: one MultiGet over all keys, values pinned then copied to the heap. */
    java.util.List<byte[]> multiGetAsList(MemorySegment cf, ReadOptions ro, java.util.List<byte[]> keys)
            throws RocksDBException {
        CallContext c = db.enter();
        try {
            io.panrocks.internal.MultiGetScratch scratch = c.multiGetScratch();
            scratch.clear();
            for (byte[] key : keys) scratch.add(key, 0, key.length);
            int rc = scratch.execute(c, db.handle(), cf, ro.nativeHandle(c), MULTIGET_PIN, MemorySegment.NULL, 0);
            if (rc != OK) throw c.failure(rc);
            try {
                java.util.List<byte[]> values = new java.util.ArrayList<>(keys.size());
                for (int i = 0; i < keys.size(); i++) {
                    int status = scratch.status(i);
                    if (status == OK) {
                        byte[] v = new byte[(int) scratch.size(i)];
                        Bytes.copyFromAddress(scratch.dataAddress(i), v, 0, v.length);
                        values.add(v);
                    } else if (status == NOT_FOUND) {
                        values.add(null);
                    } else {
                        throw new RocksDBException(new Status(Status.Code.of(status),
                                Status.SubCode.of(scratch.subcode(i)), Status.Severity.NoError,
                                "MultiGet of key " + i));
                    }
                }
                return values;
            } finally {
                panrocks_h.panrocks_multiget_release(scratch.handle());
                scratch.clear();
            }
        } finally {
            db.exit(c);
        }
    }

    // ---- existence -----------------------------------------------------------

    /** A definite answer: reads the key, copies nothing. */
    boolean exists(MemorySegment cf, ReadOptions ro, MemorySegment k, long keyLength) throws RocksDBException {
        CallContext c = db.enter();
        try {
            CallContext.Frame f = c.frame();
            int rc = panrocks_h.panrocks_get_copy(db.handle(), cf, ro.nativeHandle(c), f.pin, k, keyLength,
                    MemorySegment.NULL, 0, c.size, c.error);
            if (rc == OK) return true;
            if (rc == NOT_FOUND) return false;
            throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** RocksDB's KeyMayExist (memory only, may say yes wrongly, never no wrongly). */
    boolean keyMayExist(MemorySegment cf, ReadOptions ro, MemorySegment k, long keyLength, Holder<byte[]> valueHolder)
            throws RocksDBException {
        CallContext c = db.enter();
        try {
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            MemorySegment flags = c.value; // two int32 out-params in the idle value slot
            int rc = panrocks_h.panrocks_key_may_exist(db.handle(), cf, ro.nativeHandle(c), k, keyLength,
                    valueHolder == null ? MemorySegment.NULL : buffer, buffer.byteSize(), c.size,
                    flags.asSlice(0, 4), flags.asSlice(4, 4), c.error);
            if (rc != OK) throw c.failure(rc);
            boolean may = flags.get(ValueLayout.JAVA_INT, 4) != 0;
            boolean found = flags.get(ValueLayout.JAVA_INT, 0) != 0;
            if (valueHolder != null) {
                byte[] v = null;
                if (found) {
                    long size = c.size.get(ValueLayout.JAVA_LONG, 0);
                    if (size <= buffer.byteSize()) {
                        v = buffer.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE);
                    } else {
                        v = get(cf, ro, k, keyLength, (Function<MemorySegment, byte[]>) s ->
                                s.toArray(ValueLayout.JAVA_BYTE));
                    }
                }
                valueHolder.setValue(v);
            }
            return may;
        } finally {
            db.exit(c);
        }
    }
}
