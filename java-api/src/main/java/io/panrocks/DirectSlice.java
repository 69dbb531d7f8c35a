package io.panrocks;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * RocksJava's {@code DirectSlice}: a byte range shown from a direct
 * {@code ByteBuffer}, from the buffer's index 0 as RocksJava reads it (its
 * position is ignored), without a copy; see {@link AbstractSlice}. The
 * slice keeps the buffer reachable, so the memory it shows lives as long as
 * it does. Bytes written into the buffer later show through; panrocks
 * copies the slice's bytes where it takes one.
 */
public final class DirectSlice extends AbstractSlice<ByteBuffer> {
    /** An empty slice (RocksJava's {@code DirectSlice.NONE}); it cannot be lengthened. */
    public static final DirectSlice NONE = new DirectSlice(ByteBuffer.allocateDirect(0), 0);

    private final ByteBuffer buffer;
    private int start;
    private int length;

    /**
     * The UTF-8 bytes of {@code str}, in a direct buffer of the slice's own.
     *
     * @param str the text; not null
     * @throws NullPointerException if str is null
     */
    public DirectSlice(String str) {
        byte[] bytes = Objects.requireNonNull(str, "str").getBytes(StandardCharsets.UTF_8);
        this.buffer = ByteBuffer.allocateDirect(bytes.length).put(bytes).clear();
        this.length = bytes.length;
    }

    /**
     * The first {@code length} bytes of {@code data}.
     *
     * @param data a direct buffer; not null
     * @param length the slice's length, in [0, data.capacity()]
     * @throws NullPointerException if data is null
     * @throws IllegalArgumentException if data is not direct
     * @throws IndexOutOfBoundsException if length lies outside [0, data.capacity()]
     *         (RocksJava would read past the buffer)
     */
    public DirectSlice(ByteBuffer data, int length) {
        this.buffer = direct(data);
        Objects.checkFromIndexSize(0, length, data.capacity());
        this.length = length;
    }

    /**
     * The bytes of {@code data} up to its first zero byte, as RocksJava reads
     * a buffer without a length (a C string); all of it if it holds none.
     *
     * @param data a direct buffer; not null
     * @throws NullPointerException if data is null
     * @throws IllegalArgumentException if data is not direct
     */
    public DirectSlice(ByteBuffer data) {
        this.buffer = direct(data);
        int n = 0;
        while (n < data.capacity() && data.get(n) != 0) n++;
        this.length = n;
    }

    private static ByteBuffer direct(ByteBuffer data) {
        Objects.requireNonNull(data, "data");
        if (!data.isDirect()) throw new IllegalArgumentException("The ByteBuffer must be direct");
        return data.duplicate().clear();
    }

    @Override
    byte byteAt(int index) {
        return buffer.get(start + index);
    }

    @Override
    byte[] toBytes() {
        byte[] out = new byte[length];
        buffer.get(start, out);
        return out;
    }

    /**
     * The byte at {@code offset} from the slice's first byte. As in
     * RocksJava (which checks nothing), an offset past the slice's length
     * reads on in the buffer (the bytes {@link #setLength} could include);
     * unlike RocksJava, one outside the buffer is refused, never read.
     *
     * @param offset the index, from the slice's first byte
     * @return the byte
     * @throws IndexOutOfBoundsException if the index lies outside the buffer
     */
    public byte get(int offset) {
        Objects.checkIndex(offset, buffer.capacity() - start);
        return byteAt(offset);
    }

    /**
     * A view of the slice's range of the buffer (its position 0 is the
     * slice's first byte), sharing its memory; read-only if the buffer is.
     *
     * @return the view
     */
    @Override
    public ByteBuffer data() {
        return buffer.slice(start, length);
    }

    @Override
    public int size() {
        return length;
    }

    @Override
    public void removePrefix(int n) {
        Objects.checkFromIndexSize(0, n, length);
        start += n;
        length -= n;
    }

    /**
     * Sets the slice's length (it may grow up to the end of the buffer).
     *
     * @param n the length, in [0, capacity - first byte's index]
     * @throws IndexOutOfBoundsException if n lies outside that range
     */
    public void setLength(int n) {
        Objects.checkFromIndexSize(start, n, buffer.capacity());
        length = n;
    }

    @Override
    public void clear() {
        length = 0;
    }
}
