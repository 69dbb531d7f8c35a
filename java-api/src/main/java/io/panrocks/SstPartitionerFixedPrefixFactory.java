package io.panrocks;

/**
 * Starts a new SST file wherever the first {@code prefixLength} bytes of
 * the key change (RocksDB's {@code SstPartitionerFixedPrefixFactory}), so
 * that no file holds keys of two prefixes, as RocksJava's
 * {@code SstPartitionerFixedPrefixFactory}. A key shorter than the length
 * is its own prefix. A plain Java value: see {@link SstPartitionerFactory}.
 */
public final class SstPartitionerFixedPrefixFactory extends SstPartitionerFactory {
    private final long prefixLength;

    /**
     * A partitioner by the first {@code prefixLength} bytes of the key.
     *
     * @param prefixLength bytes, {@code >= 0} (0: every key has the same, empty prefix: no split)
     * @throws IllegalArgumentException if negative
     */
    public SstPartitionerFixedPrefixFactory(long prefixLength) {
        if (prefixLength < 0) throw new IllegalArgumentException("prefixLength must be >= 0, was " + prefixLength);
        this.prefixLength = prefixLength;
    }

    /**
     * The prefix length (panrocks' own getter: RocksJava's object has none).
     *
     * @return bytes
     */
    public long prefixLength() {
        return prefixLength;
    }

    @Override
    String optionValue() {
        return "{id=SstPartitionerFixedPrefixFactory;length=" + prefixLength + "}";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SstPartitionerFixedPrefixFactory other && other.prefixLength == prefixLength;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(prefixLength);
    }

    @Override
    public String toString() {
        return "SstPartitionerFixedPrefixFactory{prefixLength=" + prefixLength + "}";
    }
}
