package io.panrocks;

/**
 * A filter policy of block-based tables, as RocksJava's {@code Filter}:
 * {@link BloomFilter} is the one panrocks offers. A plain value: closing it
 * does nothing (it exists for RocksJava's try-with-resources code).
 */
public sealed interface Filter extends AutoCloseable permits BloomFilter {
    /** Nothing to release. */
    @Override
    default void close() {
    }
}
