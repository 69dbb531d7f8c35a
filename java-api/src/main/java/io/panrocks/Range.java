package io.panrocks;

import java.util.Objects;

/**
 * A key range [start, limit), as RocksJava's {@code Range}.
 *
 * @param start the first key of the range (inclusive)
 * @param limit the key the range stops before (exclusive)
 */
public record Range(byte[] start, byte[] limit) {
    /**
     * Checks that both bounds are given.
     *
     * @param start the first key of the range (inclusive); not null
     * @param limit the key the range stops before (exclusive); not null
     */
    public Range {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(limit, "limit");
        start = start.clone();
        limit = limit.clone();
    }

    /**
     * A range of two slices, as RocksJava's {@code Range(Slice, Slice)}: their bytes are copied.
     *
     * @param start the first key of the range (inclusive); not null
     * @param limit the key the range stops before (exclusive); not null
     */
    public Range(AbstractSlice<?> start, AbstractSlice<?> limit) {
        this(Objects.requireNonNull(start, "start").toBytes(), Objects.requireNonNull(limit, "limit").toBytes());
    }
}
