package io.panrocks;

import java.nio.charset.StandardCharsets;

/**
 * A byte range, as RocksJava's {@code AbstractSlice}: what RocksJava's API
 * takes where RocksDB takes a {@code Slice} ({@link ReadOptions} bounds,
 * {@link SstFileWriter} updates). {@link Slice} holds its own copy of the
 * bytes; {@link DirectSlice} shows a direct {@code ByteBuffer}'s.
 * <p>
 * Plain Java values (RocksJava's are native objects): {@link #close()}
 * releases nothing and the slice stays usable; what it shows lives as long
 * as the slice. Not thread-safe: {@link #removePrefix} and {@link #clear}
 * change it. Where panrocks takes a slice, it copies the bytes at the call.
 *
 * @param <T> what {@link #data()} returns
 */
public abstract sealed class AbstractSlice<T> implements AutoCloseable permits Slice, DirectSlice {
    AbstractSlice() {
    }

    /** The byte at {@code index} of the slice, in [0, size()). */
    abstract byte byteAt(int index);

    /** A new array holding the slice's bytes. */
    abstract byte[] toBytes();

    /**
     * The slice's bytes: a new array ({@link Slice}) or a view of the
     * buffer's range ({@link DirectSlice}).
     *
     * @return the bytes
     */
    public abstract T data();

    /**
     * Drops the first {@code n} bytes from the slice (the bytes themselves stay).
     *
     * @param n how many bytes
     * @throws IndexOutOfBoundsException if n is negative or over {@link #size()}
     */
    public abstract void removePrefix(int n);

    /** Makes the slice empty. */
    public abstract void clear();

    /**
     * The slice's length in bytes.
     *
     * @return the length
     */
    public abstract int size();

    /**
     * Whether the slice is empty.
     *
     * @return whether {@link #size()} is 0
     */
    public boolean empty() {
        return size() == 0;
    }

    /**
     * The bytes as text: UTF-8, or with {@code hex} two upper-case hex digits
     * per byte (RocksDB's {@code Slice::ToString(true)}).
     *
     * @param hex whether to write hex digits
     * @return the text
     */
    public String toString(boolean hex) {
        if (!hex) return new String(toBytes(), StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(size() * 2);
        for (int i = 0; i < size(); i++) {
            int b = byteAt(i) & 0xff;
            out.append(Character.toUpperCase(Character.forDigit(b >>> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
        }
        return out.toString();
    }

    /**
     * The bytes as UTF-8 text.
     *
     * @return the text
     */
    @Override
    public String toString() {
        return toString(false);
    }

    /**
     * Compares bytewise, unsigned, as RocksDB's {@code Slice::compare}: a
     * prefix sorts first.
     *
     * @param other the other slice; not null
     * @return negative, zero or positive as this slice sorts before, with or after other
     * @throws NullPointerException if other is null
     */
    public int compare(AbstractSlice<?> other) {
        int n = Math.min(size(), other.size());
        for (int i = 0; i < n; i++) {
            int c = Integer.compare(byteAt(i) & 0xff, other.byteAt(i) & 0xff);
            if (c != 0) return c;
        }
        return Integer.compare(size(), other.size());
    }

    /**
     * Whether the slice begins with {@code prefix}'s bytes.
     *
     * @param prefix the prefix, or null (false)
     * @return whether it does
     */
    public boolean startsWith(AbstractSlice<?> prefix) {
        if (prefix == null || prefix.size() > size()) return false;
        for (int i = 0; i < prefix.size(); i++) {
            if (byteAt(i) != prefix.byteAt(i)) return false;
        }
        return true;
    }

    /**
     * Equal bytes, whatever the kind of slice.
     *
     * @param other the other object
     * @return whether other is a slice with the same bytes
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof AbstractSlice<?> s && compare(s) == 0;
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (int i = 0; i < size(); i++) h = 31 * h + byteAt(i);
        return h;
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }
}
