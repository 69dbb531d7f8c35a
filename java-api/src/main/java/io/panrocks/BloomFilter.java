package io.panrocks;

import io.panrocks.internal.options.OptionValues;

/**
 * A Bloom filter policy for block-based tables, as RocksJava's
 * {@code BloomFilter}: point reads of absent keys skip files whose filter
 * says no.
 *
 * @param bitsPerKey          filter bits per key (10 gives about 1% false positives)
 * @param useBlockBasedBuilder the legacy block-based filter (not recommended)
 */
public record BloomFilter(double bitsPerKey, boolean useBlockBasedBuilder) implements Filter {
    /**
     * Checks the bits per key.
     *
     * @param bitsPerKey filter bits per key (10 gives about 1% false positives)
     * @param useBlockBasedBuilder the legacy block-based filter (not recommended)
     * @throws IllegalArgumentException if bitsPerKey is not a normal number in (0, 100]
     */
    public BloomFilter {
        OptionValues.requireNormal(bitsPerKey, 100, "bitsPerKey");
    }

    /**
     * A full (not block-based) filter with the given bits per key.
     *
     * @param bitsPerKey filter bits per key (10 gives about 1% false positives)
     */
    public BloomFilter(double bitsPerKey) {
        this(bitsPerKey, false);
    }

    /** 10 bits per key, as RocksJava's default constructor. */
    public BloomFilter() {
        this(10);
    }

    String optionValue() {
        return "bloomfilter:" + bitsPerKey + ":" + useBlockBasedBuilder;
    }
}
