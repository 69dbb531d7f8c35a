package io.panrocks;

import java.util.Objects;

/**
 * The answer of {@link RocksDB#keyMayExist(ColumnFamilyHandle, ReadOptions, java.nio.ByteBuffer,
 * java.nio.ByteBuffer)}, as RocksJava's {@code KeyMayExist}: whether the key
 * may exist, and whether its value came back with the answer. A plain value.
 */
public final class KeyMayExist {
    /** The three answers of RocksDB's KeyMayExist. */
    public enum KeyMayExistEnum {
        /** The key is certainly absent. */
        kNotExist,
        /** The key may exist; its value was not in memory (nothing was copied). */
        kExistsWithoutValue,
        /** The key may exist and its value was found in memory and copied. */
        kExistsWithValue
    }

    /** The answer. */
    public final KeyMayExistEnum exists;

    /**
     * The value's full length in bytes when {@link #exists} is
     * {@link KeyMayExistEnum#kExistsWithValue} (it may exceed what the
     * buffer received), else 0.
     */
    public final int valueLength;

    /**
     * An answer.
     *
     * @param exists the answer; not null
     * @param valueLength the value's full length (0 unless {@code exists} is
     *         {@link KeyMayExistEnum#kExistsWithValue}); not negative
     * @throws IllegalArgumentException if valueLength is negative
     */
    public KeyMayExist(KeyMayExistEnum exists, int valueLength) {
        this.exists = Objects.requireNonNull(exists, "exists");
        if (valueLength < 0) throw new IllegalArgumentException("valueLength must not be negative: " + valueLength);
        this.valueLength = valueLength;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyMayExist that && exists == that.exists && valueLength == that.valueLength;
    }

    @Override
    public int hashCode() {
        return Objects.hash(exists, valueLength);
    }

    @Override
    public String toString() {
        return "KeyMayExist[" + exists + ", valueLength=" + valueLength + "]";
    }
}
