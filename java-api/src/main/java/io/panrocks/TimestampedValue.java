package io.panrocks;

import java.util.Arrays;

/**
 * A value read with {@link RocksDB#getWithTimestamp} from a column family
 * with user-defined timestamps: the newest version of the key at or below
 * the read timestamp, and the timestamp it was written at.
 *
 * @param value the value; the array is the reader's own copy
 * @param timestamp the timestamp of that version (unsigned 64 bits in the
 *        engine; written through panrocks it is never negative)
 */
public record TimestampedValue(byte[] value, long timestamp) {
    /**
     * A value and its version's timestamp.
     *
     * @param value the value; not null
     * @param timestamp the timestamp of the version
     * @throws NullPointerException if value is null
     */
    public TimestampedValue {
        java.util.Objects.requireNonNull(value, "value");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimestampedValue t && timestamp == t.timestamp && Arrays.equals(value, t.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(value) * 31 + Long.hashCode(timestamp);
    }

    @Override
    public String toString() {
        return "TimestampedValue{" + value.length + " bytes @ " + timestamp + "}";
    }
}
