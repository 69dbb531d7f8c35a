package io.panrocks.internal.data;

import io.panrocks.RocksDBException;
import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The user-defined-timestamp paths behind {@code RocksDB} (writes at a
 * timestamp, {@code getWithTimestamp}, the full-history bound), one downcall
 * each. A timestamp crosses as a plain 64-bit integer; the stub encodes it as
 * RocksDB's U64Ts (8 bytes, little-endian). Like {@link Writes}, every method
 * takes the DB's native handle and runs inside a call the caller entered.
 */
public final class Timestamps {
    private static final int OK = panrocks_h.PANROCKS_OK();
    private static final int NOT_FOUND = panrocks_h.PANROCKS_NOT_FOUND();

    private Timestamps() {
    }

    /**
     * A timestamp as the API takes it: RocksDB's U64Ts is unsigned, and a
     * negative long would read as a time after every positive one.
     */
    public static long check(long timestamp, String what) {
        if (timestamp < 0) {
            throw new IllegalArgumentException(what + " must not be negative (timestamps are 0 to Long.MAX_VALUE), was "
                    + timestamp);
        }
        return timestamp;
    }

    public static void write(MemorySegment db, CallContext c, Writes.Op op, MemorySegment cf, int flags, byte[] key, long timestamp, byte[] value)
            throws RocksDBException {
        MemorySegment k = Staging.key(c, key, 0, key.length);
        MemorySegment v = op.hasValue() ? Staging.value(c, value, 0, value.length) : MemorySegment.NULL;
        int rc = switch (op) {
            case PUT -> panrocks_h.panrocks_put_at(db, cf, flags, k, key.length, timestamp, v, value.length, c.error);
            case MERGE -> panrocks_h.panrocks_merge_at(db, cf, flags, k, key.length, timestamp, v, value.length, c.error);
            case DELETE -> panrocks_h.panrocks_delete_at(db, cf, flags, k, key.length, timestamp, c.error);
            case SINGLE_DELETE -> panrocks_h.panrocks_single_delete_at(db, cf, flags, k, key.length, timestamp, c.error);
        };
        c.trimScratch();
        if (rc != OK) throw c.failure(rc);
    }

    public static void deleteRange(MemorySegment db, CallContext c, MemorySegment cf, int flags, byte[] begin, byte[] end, long timestamp)
            throws RocksDBException {
        // both bounds in the key buffer, back to back
        MemorySegment keys = c.keyBuffer((long) begin.length + end.length);
        MemorySegment.copy(begin, 0, keys, ValueLayout.JAVA_BYTE, 0, begin.length);
        MemorySegment.copy(end, 0, keys, ValueLayout.JAVA_BYTE, begin.length, end.length);
        int rc = panrocks_h.panrocks_delete_range_at(db, cf, flags, keys, begin.length,
                keys.asSlice(begin.length), end.length, timestamp, c.error);
        c.trimScratch();
        if (rc != OK) throw c.failure(rc);
    }

    /**
     * The value of key as of the read timestamp of {@code options} (native
     * read options); null if absent. Its timestamp is then
     * {@link #timestampRead(CallContext)}.
     */
    public static byte[] get(MemorySegment db, CallContext c, MemorySegment cf, MemorySegment options, byte[] key)
            throws RocksDBException {
        MemorySegment k = Staging.key(c, key, 0, key.length);
        CallContext.Frame f = c.frame();
        MemorySegment buffer = f.buffer();
        try {
            while (true) {
                int rc = panrocks_h.panrocks_get_with_timestamp(db, cf, options, f.pin, k, key.length,
                        buffer, buffer.byteSize(), c.size, c.value, c.error);
                if (rc == NOT_FOUND) return null;
                if (rc != OK) throw c.failure(rc);
                long size = c.size.get(ValueLayout.JAVA_LONG, 0);
                if (size <= buffer.byteSize()) {
                    // value and timestamp come from the same read
                    byte[] value = new byte[Bytes.checkFitsArray(size)];
                    MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, value, 0, value.length);
                    return value;
                }
                // larger than the scratch: read again into a buffer that fits (a version
                // written meanwhile at or below the read timestamp may differ: read again then)
                Bytes.checkFitsArray(size);
                buffer = f.buffer(size);
            }
        } finally {
            c.trimScratch();
        }
    }

    /** The timestamp of the value the last {@link #get} on this thread returned. */
    public static long timestampRead(CallContext c) {
        return c.value.get(ValueLayout.JAVA_LONG, 0);
    }

    public static void increaseFullHistoryTsLow(MemorySegment db, CallContext c, MemorySegment cf, long timestamp) throws RocksDBException {
        int rc = panrocks_h.panrocks_increase_full_history_ts_low(db, cf, timestamp, c.error);
        if (rc != OK) throw c.failure(rc);
    }

    public static long getFullHistoryTsLow(MemorySegment db, CallContext c, MemorySegment cf) throws RocksDBException {
        int rc = panrocks_h.panrocks_get_full_history_ts_low(db, cf, c.size, c.value, c.error);
        if (rc != OK) throw c.failure(rc);
        return c.size.get(ValueLayout.JAVA_LONG, 0);
    }
}
