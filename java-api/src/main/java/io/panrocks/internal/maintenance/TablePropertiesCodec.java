package io.panrocks.internal.maintenance;

import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads table properties in the C ABI's encoding (panrocks_tables.h): the
 * library encodes them into one byte string, copied to the heap here at
 * once, so no view of native memory outlives the call that made it. The
 * caller's {@link Maker} (the public {@code TableProperties}' constructor)
 * makes each record's object.
 */
public final class TablePropertiesCodec {
    private static final int NAMES = 6;

    private final MemorySegment bytes;
    private long at;

    private TablePropertiesCodec(MemorySegment bytes) {
        this.bytes = bytes;
    }

    /**
     * Makes the object of one record: its numbers (in the C ABI's order,
     * {@code PANROCKS_TABLE_PROPERTIES_NUMBERS} of them), the column family's
     * name, the names (comparator, merge operator, ...; null for none), the
     * user-collected and the readable properties.
     *
     * @param <T> what it makes
     */
    public interface Maker<T> {
        T make(long[] numbers, byte[] columnFamilyName, String[] names, Map<String, String> userCollected,
               Map<String, String> readable);
    }

    /** The properties in {@code bytes} (one record, as a filter or an event gets them). */
    public static <T> T properties(MemorySegment bytes, Maker<T> maker) {
        return new TablePropertiesCodec(bytes).properties(maker);
    }

    /** The collection (file name to properties) in a blob the library made; destroys the blob. */
    public static <T> Map<String, T> collection(MemorySegment blob, Maker<T> maker) {
        try {
            return collectionOf(copy(blob), maker);
        } finally {
            panrocks_h.panrocks_blob_destroy(blob);
        }
    }

    /** The collection (file name to properties) in {@code bytes}; none when they are empty. */
    public static <T> Map<String, T> collectionOf(MemorySegment bytes, Maker<T> maker) {
        Map<String, T> result = new HashMap<>();
        if (bytes.byteSize() == 0) return result;
        TablePropertiesCodec reader = new TablePropertiesCodec(bytes);
        long count = reader.count();
        for (long i = 0; i < count; i++) result.put(reader.string(), reader.properties(maker));
        return result;
    }

    /** The one record in a blob the library made; destroys the blob. */
    public static <T> T single(MemorySegment blob, Maker<T> maker) {
        try {
            return properties(copy(blob), maker);
        } finally {
            panrocks_h.panrocks_blob_destroy(blob);
        }
    }

    private static MemorySegment copy(MemorySegment blob) {
        long size = panrocks_h.panrocks_blob_size(blob);
        if (size == 0) return MemorySegment.ofArray(new byte[0]);
        MemorySegment data = panrocks_h.panrocks_blob_data(blob).reinterpret(size);
        return MemorySegment.ofArray(data.toArray(ValueLayout.JAVA_BYTE));
    }

    private <T> T properties(Maker<T> maker) {
        long numberCount = count();
        long[] numbers = new long[panrocks_h.PANROCKS_TABLE_PROPERTIES_NUMBERS()];
        for (long i = 0; i < numberCount; i++) {
            long n = number();
            if (i < numbers.length) numbers[(int) i] = n; // a newer library may write more
        }
        byte[] columnFamilyName = bytes();
        String[] names = new String[NAMES];
        for (int i = 0; i < NAMES; i++) {
            String s = string();
            names[i] = s.isEmpty() ? null : s; // as RocksJava: an empty name is none
        }
        Map<String, String> userCollected = map();
        return maker.make(numbers, columnFamilyName, names, userCollected, map());
    }

    private Map<String, String> map() {
        long count = count();
        Map<String, String> map = new LinkedHashMap<>();
        for (long i = 0; i < count; i++) map.put(string(), string());
        return map;
    }

    private long number() {
        if (at + Long.BYTES > bytes.byteSize()) throw malformed();
        long n = bytes.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
        at += Long.BYTES;
        return n;
    }

    /** A count or length: never more than the bytes left could hold. */
    private long count() {
        long n = number();
        if (n < 0 || n > bytes.byteSize() - at) throw malformed();
        return n;
    }

    private byte[] bytes() {
        long length = count();
        byte[] b = bytes.asSlice(at, length).toArray(ValueLayout.JAVA_BYTE);
        at += length;
        return b;
    }

    private String string() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    private static IllegalStateException malformed() {
        return new IllegalStateException("panrocks: malformed table properties from the native library");
    }
}
