package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.MultiGetScratch;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_compact_range_options;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The calls behind RocksJava's forms that panrocks did not have (compat):
 * flush and compaction with options, {@code multiGetByteBuffers}. Cold
 * paths or, for the MultiGet, the same machinery as {@code multiGetAsList}.
 */
final class CompatCalls {
    private CompatCalls() {
    }

    static void flush(RocksDB owner, FlushOptions options, List<ColumnFamilyHandle> families) throws RocksDBException {
        Objects.requireNonNull(options, "flushOptions");
        List<ColumnFamilyHandle> copy = new ArrayList<>(Objects.requireNonNull(families, "columnFamilies"));
        NativeDb db = owner.nativeDb();
        CallContext c = options.waitForFlush() ? db.enterToWaitForBackgroundWork("a flush") : db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment array = arena.allocate(ValueLayout.ADDRESS, Math.max(1, copy.size()));
            for (int i = 0; i < copy.size(); i++) array.setAtIndex(ValueLayout.ADDRESS, i, owner.familyOf(copy.get(i)));
            int rc = panrocks_h.panrocks_flush_families(db.handle(), array, copy.size(), options.waitForFlush() ? 1 : 0,
                    options.allowWriteStall() ? 1 : 0, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    static void compactRange(RocksDB owner, ColumnFamilyHandle family, byte[] begin, byte[] end,
                             CompactRangeOptions options) throws RocksDBException {
        Objects.requireNonNull(options, "compactRangeOptions");
        NativeDb db = owner.nativeDb();
        CallContext c = db.enterToWaitForBackgroundWork("a compaction");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_compact_range_options.allocate(arena);
            options.fill(o);
            int rc = panrocks_h.panrocks_compact_range_with(db.handle(), owner.familyOf(family), slice(arena, begin),
                    slice(arena, end), o, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** A slice over a copy of bytes, or an empty (NULL) slice for null: an open bound. */
    private static MemorySegment slice(Arena arena, byte[] bytes) {
        MemorySegment s = panrocks_slice.allocate(arena);
        if (bytes != null) {
            panrocks_slice.data(s, arena.allocate(Math.max(1, bytes.length)).copyFrom(MemorySegment.ofArray(bytes)));
            panrocks_slice.size(s, bytes.length);
        }
        return s;
    }

    /**
     * RocksJava's {@code multiGetByteBuffers}: one batched MultiGet per
     * column family; each found value is copied into its buffer from index 0
     * up to the buffer's capacity, and the buffer is flipped (position 0,
     * limit the bytes written), as RocksJava leaves it.
     */
    static List<ByteBufferGetStatus> multiGetByteBuffers(RocksDB owner, ReadOptions readOptions,
                                                         List<ColumnFamilyHandle> columnFamilies, List<ByteBuffer> keys,
                                                         List<ByteBuffer> values) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        List<ColumnFamilyHandle> families = new ArrayList<>(Objects.requireNonNull(columnFamilies, "columnFamilies"));
        List<ByteBuffer> keyList = new ArrayList<>(Objects.requireNonNull(keys, "keys"));
        List<ByteBuffer> valueList = new ArrayList<>(Objects.requireNonNull(values, "values"));
        int n = keyList.size();
        if (valueList.size() != n) {
            throw new IllegalArgumentException("For each key there must be a corresponding value: " + n + " keys, "
                    + valueList.size() + " values");
        }
        if (families.size() > 1 && families.size() != n) {
            throw new IllegalArgumentException("columnFamilies must name one family for all keys or one per key: "
                    + families.size() + " families, " + n + " keys");
        }
        MemorySegment[] keySegments = new MemorySegment[n];
        for (int i = 0; i < n; i++) {
            keySegments[i] = Bytes.keyBuffer(Objects.requireNonNull(keyList.get(i), "keys must not contain null"), "key");
            Bytes.output(Objects.requireNonNull(valueList.get(i), "values must not contain null"), "value");
        }
        if (n == 0) return new ArrayList<>();
        NativeDb db = owner.nativeDb();
        ByteBufferGetStatus[] results = new ByteBufferGetStatus[n];
        CallContext c = db.enter();
        try {
            MemorySegment[] handles = new MemorySegment[n];
            for (int i = 0; i < n; i++) {
                handles[i] = owner.familyOf(families.isEmpty() ? null : families.get(families.size() == 1 ? 0 : i));
            }
            MultiGetScratch scratch = c.multiGetScratch();
            MemorySegment ropts = readOptions.nativeHandle(c);
            boolean[] done = new boolean[n];
            for (int first = 0; first < n; first++) {
                if (done[first]) continue;
                MemorySegment cf = handles[first];
                int[] indexes = new int[n];
                int count = 0;
                scratch.clear();
                for (int i = first; i < n; i++) {
                    if (!done[i] && handles[i].equals(cf)) {
                        indexes[count++] = i;
                        scratch.add(keySegments[i]);
                        done[i] = true;
                    }
                }
                int rc = scratch.execute(c, db.handle(), cf, ropts, Reads.MULTIGET_PIN, MemorySegment.NULL, 0);
                if (rc != Reads.OK) throw c.failure(rc);
                try {
                    for (int j = 0; j < count; j++) {
                        int i = indexes[j];
                        int status = scratch.status(j);
                        if (status == Reads.OK) {
                            long size = scratch.size(j);
                            ByteBuffer value = valueList.get(i);
                            int n1 = (int) Math.min(size, value.capacity());
                            value.clear();
                            Bytes.copyFromAddress(scratch.dataAddress(j), MemorySegment.ofBuffer(value), 0, n1);
                            value.limit(n1);
                            results[i] = new ByteBufferGetStatus(ok(), (int) Math.min(size, Integer.MAX_VALUE), value);
                        } else {
                            results[i] = new ByteBufferGetStatus(new Status(Status.Code.of(status),
                                    Status.SubCode.of(scratch.subcode(j)), Status.Severity.NoError, null), 0, null);
                        }
                    }
                } finally {
                    panrocks_h.panrocks_multiget_release(scratch.handle());
                    scratch.clear();
                }
            }
        } finally {
            db.exit(c);
        }
        return new ArrayList<>(Arrays.asList(results));
    }

    private static Status ok() {
        return new Status(Status.Code.Ok, Status.SubCode.None, Status.Severity.NoError, null);
    }
}
