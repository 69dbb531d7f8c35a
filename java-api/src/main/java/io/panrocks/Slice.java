package io.panrocks;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * RocksJava's {@code Slice}: a byte range holding its own copy of the bytes
 * (see {@link AbstractSlice}).
 */
public final class Slice extends AbstractSlice<byte[]> {
    private byte[] bytes;
    private int start;

    /**
     * The UTF-8 bytes of {@code str}.
     *
     * @param str the text; not null
     * @throws NullPointerException if str is null
     */
    public Slice(String str) {
        this.bytes = Objects.requireNonNull(str, "str").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A copy of {@code data[offset, data.length)}.
     *
     * @param data the bytes; not null
     * @param offset where the slice starts in data
     * @throws NullPointerException if data is null
     * @throws IndexOutOfBoundsException if offset lies outside [0, data.length]
     */
    public Slice(byte[] data, int offset) {
        Objects.requireNonNull(data, "data");
        Objects.checkFromToIndex(offset, data.length, data.length);
        this.bytes = Arrays.copyOfRange(data, offset, data.length);
    }

    /**
     * A copy of {@code data}.
     *
     * @param data the bytes; not null
     * @throws NullPointerException if data is null
     */
    public Slice(byte[] data) {
        this(data, 0);
    }

    @Override
    byte byteAt(int index) {
        return bytes[start + index];
    }

    @Override
    byte[] toBytes() {
        return Arrays.copyOfRange(bytes, start, bytes.length);
    }

    /**
     * The slice's bytes.
     *
     * @return a new array holding them
     */
    @Override
    public byte[] data() {
        return toBytes();
    }

    @Override
    public int size() {
        return bytes.length - start;
    }

    @Override
    public void removePrefix(int n) {
        Objects.checkFromIndexSize(0, n, size());
        start += n;
    }

    @Override
    public void clear() {
        bytes = new byte[0];
        start = 0;
    }
}
