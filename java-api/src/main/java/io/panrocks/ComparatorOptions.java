package io.panrocks;

/**
 * RocksJava's settings of a Java comparator's key buffers, kept as a plain
 * value so that RocksJava code compiles ({@code new BytewiseComparator(new
 * ComparatorOptions())}). They change nothing in panrocks: a comparator
 * reads the engine's keys in place (segments valid during the call), with
 * no copy into reused or direct buffers. No native memory; {@code close()}
 * does nothing.
 */
public final class ComparatorOptions extends ComparatorOptionsFields implements AutoCloseable {
    /** RocksJava's defaults: ADAPTIVE_MUTEX, direct buffers, 64-byte reused buffers. */
    public ComparatorOptions() {
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "ComparatorOptions{" + reusedSynchronisationType + ", direct=" + useDirectBuffer + ", maxReused="
                + maxReusedBufferSize + "}";
    }
}
