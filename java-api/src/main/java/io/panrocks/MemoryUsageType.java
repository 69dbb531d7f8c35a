package io.panrocks;

/**
 * The kinds of memory {@link MemoryUtil} reports (RocksDB's
 * {@code MemoryUtil::UsageType}, RocksJava's {@code MemoryUsageType}).
 */
public enum MemoryUsageType {
    /** The memory of every memtable, flushed but still held ones included. */
    kMemTableTotal((byte) 0),
    /** The memory of the memtables not flushed yet. */
    kMemTableUnFlushed((byte) 1),
    /** The memory of the table readers (index and filter blocks held outside the block cache). */
    kTableReadersTotal((byte) 2),
    /** The memory used by the caches. */
    kCacheTotal((byte) 3),
    /** The number of kinds; never reported. */
    kNumUsageTypes((byte) 4);

    private final byte value;

    MemoryUsageType(byte value) {
        this.value = value;
    }

    /**
     * RocksDB's number for the kind.
     *
     * @return the number
     */
    public byte getValue() {
        return value;
    }

    /**
     * The kind of a number.
     *
     * @param byteIdentifier RocksDB's number
     * @return the kind
     * @throws IllegalArgumentException if no kind has that number
     */
    public static MemoryUsageType getMemoryUsageType(byte byteIdentifier) {
        for (MemoryUsageType t : values()) {
            if (t.value == byteIdentifier) return t;
        }
        throw new IllegalArgumentException("no MemoryUsageType has the value " + byteIdentifier);
    }
}
