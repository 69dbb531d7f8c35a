package io.panrocks;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One column of a wide-column entity: a name and a value, both bytes
 * (RocksDB's {@code WideColumn}). An entity is a list of columns with
 * distinct names stored under one key ({@link RocksDB#putEntity}); RocksDB
 * keeps them sorted by name, bytewise.
 *
 * <p>The column with the empty name ({@link #DEFAULT_NAME}) is the <i>default
 * column</i>: it is what a plain {@code get} of the entity's key returns, and
 * a plain value reads as an entity with only that column.
 *
 * <p>Name and value are {@link MemorySegment}s. Columns you build with
 * {@link #of(byte[], byte[])} wrap your arrays (no copy: do not change them
 * until the write returns). Columns panrocks returns are either copies on the
 * heap ({@link RocksDB#getEntityColumns}) or read-only views of RocksDB's
 * memory ({@link PinnedEntity#columns()}, {@link RocksIterator#columns()}),
 * valid as long as their owner says; {@link #nameBytes()} and
 * {@link #valueBytes()} copy either kind.
 *
 * <p>Two columns are equal when their names and values hold the same bytes
 * (comparing a view after its owner moved or closed throws
 * {@link IllegalStateException}, as any access does).
 *
 * @param name the column's name (may be empty: the default column)
 * @param value the column's value (may be empty)
 */
public record WideColumn(MemorySegment name, MemorySegment value) {
    /** The name of the default column: no bytes. */
    public static final byte[] DEFAULT_NAME = new byte[0];

    /**
     * A column over the given segments (heap or native; not copied until a
     * write).
     *
     * @throws NullPointerException if name or value is null
     */
    public WideColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    /**
     * A column over two arrays (wrapped, not copied).
     *
     * @param name the column's name; {@link #DEFAULT_NAME} (or any empty array) for the default column
     * @param value the column's value
     * @return the column
     * @throws NullPointerException if name or value is null
     */
    public static WideColumn of(byte[] name, byte[] value) {
        return new WideColumn(MemorySegment.ofArray(Objects.requireNonNull(name, "name")),
                MemorySegment.ofArray(Objects.requireNonNull(value, "value")));
    }

    /**
     * A column whose name is {@code name} in UTF-8 (a convenience for the
     * common case of text names).
     *
     * @param name the column's name, encoded as UTF-8; "" for the default column
     * @param value the column's value
     * @return the column
     * @throws NullPointerException if name or value is null
     */
    public static WideColumn of(String name, byte[] value) {
        return of(Objects.requireNonNull(name, "name").getBytes(StandardCharsets.UTF_8), value);
    }

    /**
     * The default column holding {@code value}.
     *
     * @param value the value a plain {@code get} of the key will return
     * @return the column
     * @throws NullPointerException if value is null
     */
    public static WideColumn defaultColumn(byte[] value) {
        return of(DEFAULT_NAME, value);
    }

    /**

     * A copy of the name.

     *

     * @return a copy of the name

     */
    public byte[] nameBytes() {
        return copy(name);
    }

    /**
     * A copy of the value.
     *
     * @return the copy
     * @throws IllegalStateException if it does not fit in a byte[] (2 GiB), or a view's owner moved or closed
     */
    public byte[] valueBytes() {
        return copy(value);
    }

    /**

     * Whether this is the default column (its name is empty).

     *

     * @return whether this is the default column (its name is empty)

     */
    public boolean isDefault() {
        return name.byteSize() == 0;
    }

    private static byte[] copy(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE); // IllegalStateException past a byte[]'s size
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WideColumn c && name.mismatch(c.name) < 0 && value.mismatch(c.value) < 0;
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (long i = 0; i < name.byteSize(); i++) h = 31 * h + name.get(ValueLayout.JAVA_BYTE, i);
        h = 31 * h + Long.hashCode(value.byteSize());
        for (long i = 0, n = Math.min(value.byteSize(), 64); i < n; i++) h = 31 * h + value.get(ValueLayout.JAVA_BYTE, i);
        return h;
    }

    @Override
    public String toString() {
        return "WideColumn{" + (isDefault() ? "(default)" : printable(name)) + " = " + value.byteSize() + " bytes}";
    }

    private static String printable(MemorySegment s) {
        if (s.byteSize() > 64) return s.byteSize() + "-byte name";
        byte[] b = s.toArray(ValueLayout.JAVA_BYTE);
        for (byte x : b) {
            if (x < 0x20 || x == 0x7f) return java.util.HexFormat.of().formatHex(b);
        }
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
