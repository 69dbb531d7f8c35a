package io.panrocks;

/** When universal compaction stops adding files to a run, as RocksJava's {@code CompactionStopStyle}. */
public enum CompactionStopStyle {
    /** Stop at a file of a size not similar to the run's (RocksDB's default). */
    CompactionStopStyleSimilarSize((byte) 0x0, "kCompactionStopStyleSimilarSize"),
    /** Stop when the run's total size is reached. */
    CompactionStopStyleTotalSize((byte) 0x1, "kCompactionStopStyleTotalSize");

    private final byte value;
    private final String rocksName;

    CompactionStopStyle(byte value, String rocksName) {
        this.value = value;
        this.rocksName = rocksName;
    }

    /**
     * RocksDB's number for the stop style, as RocksJava's.
     *
     * @return the number
     */
    public byte getValue() {
        return value;
    }

    /**
     * The stop style of a number {@link #getValue()} returns, as RocksJava's.
     *
     * @param value the number
     * @return its stop style
     * @throws IllegalArgumentException if none has that number
     */
    public static CompactionStopStyle getCompactionStopStyle(byte value) {
        for (CompactionStopStyle v : values()) {
            if (v.value == value) return v;
        }
        throw new IllegalArgumentException("no CompactionStopStyle has the value " + value);
    }

    String rocksName() {
        return rocksName;
    }

    static CompactionStopStyle fromRocksName(String rocksName) {
        for (CompactionStopStyle s : values()) if (s.rocksName.equals(rocksName)) return s;
        throw new IllegalStateException("the engine reports stop style " + rocksName + ", which panrocks does not know");
    }
}
