package io.panrocks;

/**
 * RocksJava's settings of a Java comparator's key buffers, kept as a plain
 * value so that RocksJava code compiles ({@code new BytewiseComparator(new
 * ComparatorOptions())}). They change nothing in panrocks: a comparator
 * reads the engine's keys in place (segments valid during the call), with
 * no copy into reused or direct buffers. No native memory; {@code close()}
 * does nothing.
 */
public final class ComparatorOptions implements AutoCloseable {
    private ReusedSynchronisationType reusedSynchronisationType = ReusedSynchronisationType.ADAPTIVE_MUTEX;
    private boolean useDirectBuffer = true;
    private int maxReusedBufferSize = 64;

    /** RocksJava's defaults: ADAPTIVE_MUTEX, direct buffers, 64-byte reused buffers. */
    public ComparatorOptions() {
    }

    /**
     * The synchronisation RocksJava would use for reused buffers.
     *
     * @return the value set (ADAPTIVE_MUTEX unless set)
     */
    public ReusedSynchronisationType reusedSynchronisationType() {
        return reusedSynchronisationType;
    }

    /**
     * Kept for RocksJava code; no effect in panrocks (no reused buffers).
     *
     * @param type the synchronisation type; not null
     * @return this
     * @throws IllegalArgumentException if type is null
     */
    public ComparatorOptions setReusedSynchronisationType(ReusedSynchronisationType type) {
        if (type == null) throw new IllegalArgumentException("reusedSynchronisationType must not be null");
        this.reusedSynchronisationType = type;
        return this;
    }

    /**
     * Whether RocksJava would hand keys over in direct buffers.
     *
     * @return the value set (true unless set)
     */
    public boolean useDirectBuffer() {
        return useDirectBuffer;
    }

    /**
     * Kept for RocksJava code; no effect in panrocks (keys are native segments).
     *
     * @param useDirectBuffer the value
     * @return this
     */
    public ComparatorOptions setUseDirectBuffer(boolean useDirectBuffer) {
        this.useDirectBuffer = useDirectBuffer;
        return this;
    }

    /**
     * The size up to which RocksJava would reuse key buffers.
     *
     * @return the value set (64 unless set; -1: no reuse)
     */
    public int maxReusedBufferSize() {
        return maxReusedBufferSize;
    }

    /**
     * Kept for RocksJava code; no effect in panrocks (no reused buffers).
     *
     * @param maxReusedBufferSize bytes, or -1 for no reuse
     * @return this
     * @throws IllegalArgumentException if below -1
     */
    public ComparatorOptions setMaxReusedBufferSize(int maxReusedBufferSize) {
        if (maxReusedBufferSize < -1) {
            throw new IllegalArgumentException("maxReusedBufferSize must be >= -1, was " + maxReusedBufferSize);
        }
        this.maxReusedBufferSize = maxReusedBufferSize;
        return this;
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
